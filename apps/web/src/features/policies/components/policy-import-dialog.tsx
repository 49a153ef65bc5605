import { useQueryClient } from '@tanstack/react-query';
import {
  DEPARTMENT_POLICY_IMPORT_PATH,
  DEPARTMENT_POLICY_RESULT_FILE,
  DEPARTMENT_POLICY_TEMPLATE_FILE,
  DEPARTMENT_POLICY_TEMPLATE_PATH,
  POLICY_IMPORT_EXTENSIONS,
  POLICY_IMPORT_PATH,
  POLICY_TEMPLATE_PATH,
  STAFF_POLICY_RESULT_FILE,
  STAFF_POLICY_TEMPLATE_FILE,
} from '@tms/contracts/policies';
import { ImportDialog } from '../../../components/import-dialog.tsx';
import { policyKeys, type PolicyKind } from '../api/policies-api.ts';
import { policiesTexts } from '../i18n/index.ts';

const IMPORTS = {
  staff: { uploadUrl: POLICY_IMPORT_PATH, templateUrl: POLICY_TEMPLATE_PATH, templateFileName: STAFF_POLICY_TEMPLATE_FILE, resultFileName: STAFF_POLICY_RESULT_FILE },
  department: {
    uploadUrl: DEPARTMENT_POLICY_IMPORT_PATH,
    templateUrl: DEPARTMENT_POLICY_TEMPLATE_PATH,
    templateFileName: DEPARTMENT_POLICY_TEMPLATE_FILE,
    resultFileName: DEPARTMENT_POLICY_RESULT_FILE,
  },
} as const;

/** Import of staff or department policies (spec 002 §2): the shared import dialog; every policy list reloads after. */
export function PolicyImportDialog({ kind, onClose }: { kind: PolicyKind; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { t } = policiesTexts.useT();
  return (
    <ImportDialog
      open
      title={kind === 'staff' ? t('importStaff') : t('importDepartment')}
      {...IMPORTS[kind]}
      accept={POLICY_IMPORT_EXTENSIONS}
      onClose={onClose}
      onImported={() => void queryClient.invalidateQueries({ queryKey: policyKeys.all })}
    />
  );
}
