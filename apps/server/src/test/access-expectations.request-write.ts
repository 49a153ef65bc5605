import { ALL_BUT_GUEST_USERS, LEAD_AND_PRIVILEGED_USERS, PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the requests write side: create, edit, batch, status, assignee, lookups of the form (merged into EXPECTED_ACCESS). */
export const REQUEST_WRITE_ACCESS: Record<string, ExpectedAccess> = {
  'POST /api/tms/request-management/create-request/': ALL_BUT_GUEST_USERS,
  'POST /api/tms/request-management/create-request-flexible/': ALL_BUT_GUEST_USERS,
  'POST /api/tms/request-management/batch-create-request/': ['hr'],
  'POST /api/tms/request-management/create-common-request': PRIVILEGED_USERS,
  'POST /api/tms/request-management/time-and-duration': ALL_BUT_GUEST_USERS,
  'PUT /api/tms/request-management/edit-request': ALL_BUT_GUEST_USERS,
  'PUT /api/tms/request-management/edit-request-flexible': ALL_BUT_GUEST_USERS,
  'PUT /api/tms/request-management/edit-common-request': PRIVILEGED_USERS,
  'PUT /api/tms/request-management/update-status': 'signed-in',
  'PUT /api/tms/request-management/update-assignee': LEAD_AND_PRIVILEGED_USERS,
  'GET /api/tms/request-management/create-request-selections': 'signed-in',
  'GET /api/tms/request-management/create-request-selections-v2': 'signed-in',
  'GET /api/tms/request-management/get-reason-selections': 'signed-in',
  'GET /api/tms/filters/get-approver-for-user': ALL_BUT_GUEST_USERS,
  'GET /api/tms/employee/work-schedule': ALL_BUT_GUEST_USERS,
  'GET /api/tms/employee/work-schedule-type': ALL_BUT_GUEST_USERS,
  'GET /api/tms/employee/check-working-type': ALL_BUT_GUEST_USERS,
  'GET /api/tms/request-management/:userId/explanation-info/:date': ALL_BUT_GUEST_USERS,
};
