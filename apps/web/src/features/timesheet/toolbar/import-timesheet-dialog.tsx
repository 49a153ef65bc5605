import { TIMESHEET_EXPORT_PATHS, TIMESHEET_IMPORT_RESULT_NAME, TIMESHEET_IMPORT_TEMPLATE_NAME } from '@tms/contracts/timesheet-export';
import { ImportDialog } from '../../../components/import-dialog.tsx';
import { timesheetTexts } from '../i18n/index.ts';

/** Spec 001 §5.1: "Import accepts .xls or .xlsx only". */
export const TIMESHEET_IMPORT_ACCEPT: readonly string[] = ['.xls', '.xlsx'];
const UPLOAD_QUERY = { type: 'overwrite' } as const;

/**
 * 'Import Timesheet' (spec 001 §7.1): multipart field `file` to …/import-gdc-time-sheet-sync?type=overwrite. Header
 * code 200 → the server's message ('Timesheet is imported successfully!'), the dialog closes and the grid reloads;
 * otherwise the kit saves the returned file as the error report (RULES.md §1, all or nothing).
 */
export function ImportTimesheetDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = timesheetTexts.useT();
  return (
    <ImportDialog
      open
      title={t('toolbar.import.title')}
      accept={TIMESHEET_IMPORT_ACCEPT}
      uploadUrl={TIMESHEET_EXPORT_PATHS.import}
      uploadQuery={UPLOAD_QUERY}
      fieldName="file"
      templateUrl={TIMESHEET_EXPORT_PATHS.importTemplate}
      templateFileName={TIMESHEET_IMPORT_TEMPLATE_NAME}
      resultFileName={TIMESHEET_IMPORT_RESULT_NAME}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
