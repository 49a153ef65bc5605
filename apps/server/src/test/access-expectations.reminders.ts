import { PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/** Reminder settings (issue 30 §4, docs/reminders.md): HR, HRM and Admin read and change them. */
export const REMINDERS_ACCESS: Record<string, ExpectedAccess> = {
  'GET /api/tms/reminders/settings': PRIVILEGED_USERS,
  'PUT /api/tms/reminders/settings': PRIVILEGED_USERS,
  'GET /api/tms/reminders/settings/history': PRIVILEGED_USERS,
};
