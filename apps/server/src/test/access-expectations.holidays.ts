import { PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/** Holiday calendars (issue 27 §1): every signed-in user reads them; HR, HRM and Admin change them. */
export const HOLIDAYS_ACCESS: Record<string, ExpectedAccess> = {
  'GET /api/tms/holidays/calendars': 'signed-in',
  'POST /api/tms/holidays/calendars': PRIVILEGED_USERS,
  'GET /api/tms/holidays': 'signed-in',
  'GET /api/tms/holidays/generate-public-holidays': 'signed-in',
  'POST /api/tms/holidays': PRIVILEGED_USERS,
  'PUT /api/tms/holidays/public-holidays': PRIVILEGED_USERS,
  'POST /api/tms/holidays/copy-company-days': PRIVILEGED_USERS,
  'PUT /api/tms/holidays/:id': PRIVILEGED_USERS,
  'DELETE /api/tms/holidays/:id': PRIVILEGED_USERS,
  'GET /api/tms/holidays/:id/history': PRIVILEGED_USERS,
  'GET /api/tms/holidays/template': PRIVILEGED_USERS,
  'POST /api/tms/holidays/import': PRIVILEGED_USERS,
};
