import { ALL_BUT_GUEST_USERS, PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/**
 * Who may call each Check In-Out Time route (merged into EXPECTED_ACCESS): the calendar and its day drawer every role
 * but GUEST (RULES.md §2; rows by scope, RULES.md §3); Update Employee Check Time and its job search HR, HRM, ADMIN
 * (contracts CHECK_TIME_UPDATERS).
 */
const B = '/api/tms/check-in-out';
export const CHECKIN_CALENDAR_ACCESS: Record<string, ExpectedAccess> = {
  [`GET ${B}/timesheet-detail`]: ALL_BUT_GUEST_USERS,
  [`GET ${B}/:day`]: ALL_BUT_GUEST_USERS,
  [`PUT ${B}/manual`]: PRIVILEGED_USERS,
  [`GET ${B}/manual`]: PRIVILEGED_USERS,
};
