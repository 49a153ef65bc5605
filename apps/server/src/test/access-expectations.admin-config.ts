import { PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the attendance-check config, settings and logs (merged into EXPECTED_ACCESS). */
export const ADMIN_CONFIG_ACCESS: Record<string, ExpectedAccess> = {
  // RULES.md §2: /employee/*, /settings/*, /logs are for HR, HRM, ADMIN.
  'GET /api/tms/employee-attendance-check-system-config': PRIVILEGED_USERS,
  'POST /api/tms/employee-attendance-check-system-config': PRIVILEGED_USERS,
  'PUT /api/tms/employee-attendance-check-system-config': PRIVILEGED_USERS,
  'DELETE /api/tms/employee-attendance-check-system-config/:id': PRIVILEGED_USERS,
  'GET /api/tms/settings/get-work-types': PRIVILEGED_USERS,
  'GET /api/tms/settings/work-periods': PRIVILEGED_USERS,
  'POST /api/tms/settings/create': PRIVILEGED_USERS,
  'PUT /api/tms/settings/work-periods/:id/lock': PRIVILEGED_USERS,
  'GET /api/tms/logs/log-lists': PRIVILEGED_USERS,
  'GET /api/tms/logs/connection-histories': PRIVILEGED_USERS,
  // RULES.md §8: the mail outbox is read by admins.
  'GET /api/tms/logs/mail-outbox': ['admin'],
};
