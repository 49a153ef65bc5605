import { useQueryClient } from '@tanstack/react-query';
import { PROJECT_LEAVE_IMPORT_EXTENSIONS, PROJECT_LEAVE_PATH, PROJECT_LEAVE_RESULT_FILE, PROJECT_LEAVE_TEMPLATE_FILE } from '@tms/contracts/project-leave';
import { ImportDialog } from '../../../components/import-dialog.tsx';
import { projectLeaveKeys } from '../api/project-leave-keys.ts';
import { projectLeaveTexts } from '../i18n/index.ts';

/**
 * 'Import File: Project Leave' (spec 000 §2, §5, §8): one .xls/.xlsx file in field `file`. All or nothing
 * (RULES.md §1): a bad row downloads the error report and changes nothing; a good file reloads the data.
 */
export function ProjectLeaveImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const { t } = projectLeaveTexts.useT();
  return (
    <ImportDialog
      open
      title={t('importTitle')}
      accept={PROJECT_LEAVE_IMPORT_EXTENSIONS}
      uploadUrl={`${PROJECT_LEAVE_PATH}/import`}
      fieldName="file"
      templateUrl={`${PROJECT_LEAVE_PATH}/template`}
      templateFileName={PROJECT_LEAVE_TEMPLATE_FILE}
      resultFileName={PROJECT_LEAVE_RESULT_FILE}
      onClose={onClose}
      onImported={() => void queryClient.invalidateQueries({ queryKey: projectLeaveKeys.all })}
    />
  );
}
