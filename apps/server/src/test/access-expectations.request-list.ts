import { ALL_BUT_GUEST_USERS, MATRIX_USERS, PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the request list, detail, on-site history, export, imports, attachments (merged into EXPECTED_ACCESS). */
export const REQUEST_LIST_ACCESS: Record<string, ExpectedAccess> = {
  // RULES.md §2: Request Management is for every role (a GUEST sees only what is assigned to them, in SQL).
  'GET /api/tms/request-management': MATRIX_USERS,
  'GET /api/tms/request-management/on-site-history': MATRIX_USERS,
  'GET /api/tms/excel/request-list': MATRIX_USERS,
  'GET /api/tms/request-management/:folder/get-all-file-list': MATRIX_USERS,
  'GET /api/tms/request-management/:folder/:id/download': MATRIX_USERS,
  // RULES.md §3: a GUEST writes nothing but approvals.
  'POST /api/tms/request-management/:folder/:id/upload': ALL_BUT_GUEST_USERS,
  'GET /api/tms/request-management/:folder/:id/delete-file': ALL_BUT_GUEST_USERS,
  // spec 001 §2.3: Import Request TimeOff (and Revoke) for ADMIN, HRM, HR.
  'POST /api/tms/request-management/import-gdc-request-time-off-sync': PRIVILEGED_USERS,
  'POST /api/tms/request-management/import-gdc-request-time-off-revoke-sync': PRIVILEGED_USERS,
  'GET /api/tms/request-management/import-gdc-request-time-off-sync/template': PRIVILEGED_USERS,
  'GET /api/tms/request-management/import-gdc-request-time-off-revoke-sync/template': PRIVILEGED_USERS,
};
