import { ALL_BUT_GUEST_USERS, MATRIX_USERS, PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/**
 * Who may call each route of the abnormal cases, explanation requests, explanation management (merged into
 * EXPECTED_ACCESS). RULES.md §2: the abnormal-case and explanation-management pages are for every role but GUEST;
 * RULES.md §3, §5: a GUEST only approves or rejects as the assignee (checked per item); rerun is HR, HRM, ADMIN.
 */
export const EXPLANATION_ACCESS: Record<string, ExpectedAccess> = {
  'GET /api/tms/abnormal-case': ALL_BUT_GUEST_USERS,
  'GET /api/tms/abnormal-case/': ALL_BUT_GUEST_USERS,
  'GET /api/tms/abnormal-case/actual': ALL_BUT_GUEST_USERS,
  'GET /api/tms/abnormal-case/get-actual-fixed-schedule': ALL_BUT_GUEST_USERS,
  'GET /api/tms/excel/abnormal-case': ALL_BUT_GUEST_USERS,
  'DELETE /api/tms/abnormal-case/rerun-abnormal-case': PRIVILEGED_USERS,
  'POST /api/tms/request-management/create-explanation/:id': ALL_BUT_GUEST_USERS,
  'POST /api/tms/request-management/create-explanation': ALL_BUT_GUEST_USERS,
  'POST /api/tms/request-management/create-explanation-request': ALL_BUT_GUEST_USERS,
  'PUT /api/tms/request-management/edit-explanation/:id': ALL_BUT_GUEST_USERS,
  'PUT /api/tms/request-management/edit-explanation-request': ALL_BUT_GUEST_USERS,
  'PUT /api/tms/request-management/update-status-explanation/:id': MATRIX_USERS,
  'PUT /api/tms/request-management/update-status-explanation-request': MATRIX_USERS,
  'GET /api/tms/explanation-management': ALL_BUT_GUEST_USERS,
  'PUT /api/tms/explanation-management/update-explanation': ALL_BUT_GUEST_USERS,
  'PUT /api/tms/explanation-management/status': ALL_BUT_GUEST_USERS,
  'GET /api/tms/delegate/choose-delegator-to-delegate': ALL_BUT_GUEST_USERS,
};
