import { PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/** My Work (issue 26 §2): every signed-in user reads their own blocks; the period state is HR, HRM and Admin's. */
export const MY_WORK_ACCESS: Record<string, ExpectedAccess> = {
  'GET /api/tms/my-work/waiting': 'signed-in',
  'GET /api/tms/my-work/waiting-count': 'signed-in',
  'GET /api/tms/my-work/balances': 'signed-in',
  'GET /api/tms/my-work/today': 'signed-in',
  'GET /api/tms/my-work/my-requests': 'signed-in',
  'GET /api/tms/my-work/to-do': 'signed-in',
  'GET /api/tms/my-work/period-state': PRIVILEGED_USERS,
};
