import { useQueryClient } from '@tanstack/react-query';
import {
  LEAVE_CARRYOVER_IMPORT_EXTENSIONS,
  LEAVE_CARRYOVER_PATH,
  LEAVE_CARRYOVER_RESULT_FILE,
  LEAVE_CARRYOVER_TEMPLATE_FILE,
} from '@tms/contracts/leave-carryover';
import { ImportDialog } from '../../../../components/import-dialog.tsx';
import { carryoverKeys } from '../../api/carryover-keys.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';

/**
 * 'Import File: Leave Carryover' (spec 000 §2, §5, §7, §8): one .xls/.xlsx file in field `files`. All or nothing
 * (RULES.md §1): a bad row downloads the error report and changes nothing; a good file reloads the list.
 */
export function CarryoverImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const { t } = leaveManagementTexts.useT();
  return (
    <ImportDialog
      open
      title={t('carryover.importTitle')}
      accept={LEAVE_CARRYOVER_IMPORT_EXTENSIONS}
      uploadUrl={`${LEAVE_CARRYOVER_PATH}/import`}
      fieldName="files"
      templateUrl={`${LEAVE_CARRYOVER_PATH}/template`}
      templateFileName={LEAVE_CARRYOVER_TEMPLATE_FILE}
      resultFileName={LEAVE_CARRYOVER_RESULT_FILE}
      onClose={onClose}
      onImported={() => void queryClient.invalidateQueries({ queryKey: carryoverKeys.all })}
    />
  );
}
