import {
  REQUEST_IMPORT_REVOKE_RESULT_FILE,
  REQUEST_IMPORT_REVOKE_TEMPLATE_FILE,
  REQUEST_IMPORT_TIME_OFF_RESULT_FILE,
  REQUEST_IMPORT_TIME_OFF_TEMPLATE_FILE,
} from '@tms/contracts/request-list';
import { ImportDialog } from '../../../components/import-dialog.tsx';
import { REQUEST_PATHS } from '../api/request-api.ts';
import { requestsTexts } from '../i18n/index.ts';

/** Import Request TimeOff and its Revoke variant (spec 001 §2.3, §7.2): all-or-nothing with an error report. */
export function RequestImportDialog({ kind, onClose, onImported }: { kind: 'timeoff' | 'revoke'; onClose: () => void; onImported: () => void }) {
  const { t } = requestsTexts.useT();
  const revoke = kind === 'revoke';
  return (
    <ImportDialog
      open
      title={revoke ? t('toolbar.importRevoke') : t('toolbar.importTimeOff')}
      uploadUrl={revoke ? REQUEST_PATHS.importRevoke : REQUEST_PATHS.importTimeOff}
      templateUrl={revoke ? REQUEST_PATHS.importRevokeTemplate : REQUEST_PATHS.importTemplate}
      templateFileName={revoke ? REQUEST_IMPORT_REVOKE_TEMPLATE_FILE : REQUEST_IMPORT_TIME_OFF_TEMPLATE_FILE}
      resultFileName={revoke ? REQUEST_IMPORT_REVOKE_RESULT_FILE : REQUEST_IMPORT_TIME_OFF_RESULT_FILE}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
