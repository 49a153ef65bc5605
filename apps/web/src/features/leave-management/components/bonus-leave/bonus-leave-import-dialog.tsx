import { useQueryClient } from '@tanstack/react-query';
import {
  BONUS_LEAVE_IMPORT_EXTENSIONS,
  BONUS_LEAVE_PATH,
  BONUS_LEAVE_RESULT_FILE,
  BONUS_LEAVE_TEMPLATE_FILE,
} from '@tms/contracts/bonus-leave';
import { ImportDialog } from '../../../../components/import-dialog.tsx';
import { bonusLeaveKeys } from '../../api/bonus-leave-keys.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';

/**
 * 'Import File: Bonus Leave' (spec 000 §2, §5, §8): one .xls/.xlsx file in field `file`. All or nothing (RULES.md §1):
 * a bad row downloads the error report BonusLeaveResult.xlsx and changes nothing; a good file reloads the list.
 */
export function BonusLeaveImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const { t } = leaveManagementTexts.useT();
  return (
    <ImportDialog
      open
      title={t('bonus.importTitle')}
      accept={BONUS_LEAVE_IMPORT_EXTENSIONS}
      uploadUrl={`${BONUS_LEAVE_PATH}/import`}
      fieldName="file"
      templateUrl={`${BONUS_LEAVE_PATH}/template`}
      templateFileName={BONUS_LEAVE_TEMPLATE_FILE}
      resultFileName={BONUS_LEAVE_RESULT_FILE}
      onClose={onClose}
      onImported={() => void queryClient.invalidateQueries({ queryKey: bonusLeaveKeys.lists() })}
    />
  );
}
