/**
 * Who may call each API route, written by hand (RULES.md §2: every API route declares who may call it), so that
 * widening or narrowing a route's `config.access` fails the access-matrix test until this table agrees.
 *
 * Key: `METHOD /full/path` exactly as registered (with `:param` placeholders). Value: 'public' (no session needed),
 * 'signed-in' (any session), 'device-key' (no session; without a device key every caller gets 401, whatever the
 * body), or the fixture users allowed; every other fixture user must get 403.
 * Fixture users (test/fixture.ts): admin ADMIN · hr HR · hrm HRM · dl DULEAD+STAFF · gl GROUP_LEAD+STAFF ·
 * pm STAFF and manager of project P1 (PM) · staff STAFF · guest GUEST.
 * Add a row for each route your module registers; keep rows grouped by module.
 */
export { MATRIX_USERS, PRIVILEGED_USERS, LEAD_AND_PRIVILEGED_USERS, LEAD_PM_AND_PRIVILEGED_USERS, ALL_BUT_GUEST_USERS } from './access-groups.ts';
export type { MatrixUser, ExpectedAccess } from './access-groups.ts';
import { ALL_BUT_GUEST_USERS, LEAD_AND_PRIVILEGED_USERS, LEAD_PM_AND_PRIVILEGED_USERS, PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';
import { REQUEST_WRITE_ACCESS } from './access-expectations.request-write.ts';
import { REQUEST_LIST_ACCESS } from './access-expectations.request-list.ts';
import { EXPLANATION_ACCESS } from './access-expectations.explanations.ts';
import { SPECIAL_EXPLANATION_ACCESS } from './access-expectations.special-explanations.ts';
import { NOTIFICATION_ACCESS } from './access-expectations.notifications.ts';
import { EMPLOYEE_ACCESS } from './access-expectations.employees.ts';
import { ADMIN_CONFIG_ACCESS } from './access-expectations.admin-config.ts';
import { POLICY_ACCESS } from './access-expectations.policies.ts';
import { WORK_SCHEDULE_CONFIG_ACCESS } from './access-expectations.work-schedules.ts';
import { ONSITE_ACCESS } from './access-expectations.onsite.ts';
import { OVERTIME_FIXED_ACCESS } from './access-expectations.overtime-fixed.ts';
import { OVERTIME_FLEXIBLE_ACCESS } from './access-expectations.overtime-flexible.ts';
import { OVERTIME_LIST_ACCESS } from './access-expectations.overtime-list.ts';
import { OVERTIME_PAY_ACCESS } from './access-expectations.overtime-pay.ts';
import { TIMESHEET_REPORT_ACCESS } from './access-expectations.reports.ts';
import { CHECK_TIME_REPORT_ACCESS } from './access-expectations.check-time-report.ts';
import { CHECKIN_CALENDAR_ACCESS } from './access-expectations.checkin-calendar.ts';
import { ATTENDANCE_DEVICES_ACCESS } from './access-expectations.attendance-devices.ts';
import { SELF_CHECK_IN_ACCESS } from './access-expectations.self-check-in.ts';
import { BACKUPS_ACCESS } from './access-expectations.backups.ts';
import { APPROVAL_FLOWS_ACCESS } from './access-expectations.approval-flows.ts';
import { DELEGATION_ACCESS } from './access-expectations.delegation.ts';
import { MY_WORK_ACCESS } from './access-expectations.my-work.ts';
import { HOLIDAYS_ACCESS } from './access-expectations.holidays.ts';
import { WEBHOOKS_ACCESS } from './access-expectations.webhooks.ts';
import { TEAM_CALENDAR_ACCESS } from './access-expectations.team-calendar.ts';
import { CALENDAR_FEEDS_ACCESS } from './access-expectations.calendar-feeds.ts';
import { REMINDERS_ACCESS } from './access-expectations.reminders.ts';

export const EXPECTED_ACCESS: Record<string, ExpectedAccess> = {
  // health
  'GET /api/health': 'public',

  // auth
  'GET /api/auth/public-key': 'public',
  'POST /api/login': 'public',
  'POST /api/auth/logout': 'signed-in',
  'POST /api/auth/change-password': 'signed-in',
  'PUT /api/auth/language': 'signed-in',
  'GET /api/tms/user/detail': 'signed-in',

  // lookups
  'GET /api/tms/filters/get-all-divisions-departments': 'signed-in',
  'GET /api/tms/filters/v2/roles': 'signed-in',
  'GET /api/tms/filters/location': 'signed-in',
  'GET /api/tms/filters/get-all-work-schedule-types': 'signed-in',
  'GET /api/tms/filters/employee': 'signed-in',
  'GET /api/tms/filters/get-all-projects': 'signed-in',
  'GET /api/tms/filters/projects': 'signed-in',
  'GET /api/tms/filters/employee-projects': 'signed-in',
  'GET /api/tms/filters/get-all-employee-by-project': 'signed-in',
  'GET /api/tms/filters/periods': 'signed-in',
  'GET /api/tms/filters/get-time': 'signed-in',
  'GET /api/tms/advance/most-recent-timesheet-approved': 'signed-in',

  // bonus leave (spec 000 §2 tab visibility, §6 privileged actions)
  'GET /api/tms/leaves-management/annual-leaves/priority-leave': LEAD_AND_PRIVILEGED_USERS,
  'POST /api/tms/leaves-management/annual-leaves/priority-leave/create': PRIVILEGED_USERS,
  'PUT /api/tms/leaves-management/annual-leaves/priority-leave/update': PRIVILEGED_USERS,
  'DELETE /api/tms/leaves-management/annual-leaves/priority-leave/delete/:id': PRIVILEGED_USERS,
  'GET /api/tms/leaves-management/annual-leaves/priority-leave/history': PRIVILEGED_USERS,
  'GET /api/tms/leaves-management/annual-leaves/priority-leave/template': PRIVILEGED_USERS,
  'POST /api/tms/leaves-management/annual-leaves/priority-leave/import': PRIVILEGED_USERS,

  // jobs: the caller's own background jobs (progress bars)
  'GET /api/tms/jobs/:id': 'signed-in',

  // general configuration (spec 000 §2: tab for HR, HRM, Admin only)
  'GET /api/tms/leaves-management/annual-leaves/general-config': PRIVILEGED_USERS,
  'POST /api/tms/leaves-management/annual-leaves/general-config/create': PRIVILEGED_USERS,
  'PUT /api/tms/leaves-management/annual-leaves/general-config/update': PRIVILEGED_USERS,
  'DELETE /api/tms/leaves-management/annual-leaves/general-config/delete/:id': PRIVILEGED_USERS,
  'GET /api/tms/leaves-management/annual-leaves/general-config/history': PRIVILEGED_USERS,

  // leave carryover (spec 000 §2 tab visibility, §6 privileged actions)
  'GET /api/tms/leaves-management/annual-leaves/reserve-leave': LEAD_AND_PRIVILEGED_USERS,
  'POST /api/tms/leaves-management/annual-leaves/reserve-leave/create': PRIVILEGED_USERS,
  'PUT /api/tms/leaves-management/annual-leaves/reserve-leave/update': PRIVILEGED_USERS,
  'DELETE /api/tms/leaves-management/annual-leaves/reserve-leave/delete/:id': PRIVILEGED_USERS,
  'GET /api/tms/leaves-management/annual-leaves/reserve-leave/history': PRIVILEGED_USERS,
  'POST /api/tms/leaves-management/annual-leaves/reserve-leave/import': PRIVILEGED_USERS,
  'GET /api/tms/leaves-management/annual-leaves/reserve-leave/template': PRIVILEGED_USERS,
  'GET /api/tms/advance/get-before-financial-year': 'signed-in',
  'GET /api/tms/filters/remain-financial-leave': PRIVILEGED_USERS,

  // project leave (RULES.md §2: page for leads, privileged users and PMs; spec 000 §6 privileged actions)
  'GET /api/tms/leaves-management/project-leave-v2': LEAD_PM_AND_PRIVILEGED_USERS,
  'GET /api/tms/leaves-management/project-leave/employees': LEAD_PM_AND_PRIVILEGED_USERS,
  'GET /api/tms/leaves-management/project-leave/download-attach-file': LEAD_PM_AND_PRIVILEGED_USERS,
  'POST /api/tms/leaves-management/project-leave/create': PRIVILEGED_USERS,
  'POST /api/tms/leaves-management/project-leave/create-v2': PRIVILEGED_USERS,
  'POST /api/tms/leaves-management/project-leave/batch-create': PRIVILEGED_USERS,
  'PUT /api/tms/leaves-management/project-leave/edit': PRIVILEGED_USERS,
  'PUT /api/tms/leaves-management/project-leave/edit-v2': PRIVILEGED_USERS,
  'PUT /api/tms/leaves-management/project-leave/update-status': PRIVILEGED_USERS,
  'GET /api/tms/leaves-management/project-leave/history': PRIVILEGED_USERS,
  'POST /api/tms/leaves-management/project-leave/import': PRIVILEGED_USERS,
  'GET /api/tms/leaves-management/project-leave/template': PRIVILEGED_USERS,

  // annual leave overview (spec 000 §2 tab visibility)
  'GET /api/tms/leaves-management': LEAD_AND_PRIVILEGED_USERS,
  'GET /api/tms/leaves-management/explain': LEAD_AND_PRIVILEGED_USERS,
  'GET /api/tms/excel/export-leave-fund': LEAD_AND_PRIVILEGED_USERS,

  // balances of the request form (spec 001 §7.10): own figures, or within scope
  'GET /api/tms/filters/get-balance': 'signed-in',

  // Update Leave (RULES.md §2: HR and Admin)
  'POST /api/tms/leaves-management/update-leave': ['admin', 'hr'],

  // punch intake (RULES.md §4: device keys managed by Admin; devices have no session and send a device key instead)
  'GET /api/tms/check-in-out/device-keys': ['admin'],
  'POST /api/tms/check-in-out/device-keys': ['admin'],
  'DELETE /api/tms/check-in-out/device-keys/:id': ['admin'],
  'POST /api/tms/check-in-out/punches': 'device-key',

  // timesheet review, lock date, comments (RULES.md §4: request-review HR/HRM/Admin; spec 001 §6: approve and
  // reject HR, comments HR and ADMIN; the lock-date calls feed date pickers for everyone)
  'GET /api/tms/timesheets/get-end-date-of-last-approved-timesheet': 'signed-in',
  'GET /api/tms/timesheets/get-end-date-of-last-timesheet': 'signed-in',
  'GET /api/tms/timesheets/is-date-from-approved-timesheet': 'signed-in',
  'GET /api/tms/timesheets/:id': ALL_BUT_GUEST_USERS,
  'PUT /api/tms/timesheets/:timesheetId/request-review': PRIVILEGED_USERS,
  'PUT /api/tms/timesheets/:timesheetId/review': ['hr'],
  'GET /api/tms/timesheets/:timesheetId/comments': ['admin', 'hr'],
  'POST /api/tms/timesheets/:timesheetId/comments': ['admin', 'hr'],
  'PUT /api/tms/timesheets/:timesheetId/comments': ['admin', 'hr'],
  'DELETE /api/tms/timesheets/:timesheetId/comments/:comment_id': ['admin', 'hr'],

  // calculate working day (spec 001 §6: import and calculate timesheet ADMIN, HR, HRM)
  'PUT /api/tms/timesheets/calculate-working-day': PRIVILEGED_USERS,
  'PUT /api/tms/timesheets/calculate-working-day-all-employees': PRIVILEGED_USERS,

  // HR grid and My Timesheet reads (spec 001 §6: the list tab is ADMIN, HR, HRM; My Timesheet every role but GUEST,
  // scoped by RULES.md §3)
  'GET /api/tms/timesheets': PRIVILEGED_USERS,
  'GET /api/tms/timesheets/:id/statistic': PRIVILEGED_USERS,
  'GET /api/tms/timesheets/total/:date': PRIVILEGED_USERS,
  'GET /api/tms/timesheets/:id/employee/:employmentID': ALL_BUT_GUEST_USERS,
  'GET /api/tms/timesheets/flexible/:id/employee/:employmentID': ALL_BUT_GUEST_USERS,
  'GET /api/tms/timesheets/get-calculate-my-timesheet': ALL_BUT_GUEST_USERS,
  'GET /api/tms/settings/notes': ALL_BUT_GUEST_USERS,
  'GET /api/tms/rule-integration/value': PRIVILEGED_USERS,

  // cell/row/column edits (spec 001 §1: HR, HRM, ADMIN) and update employee work schedule (spec 001 §6: HR, ADMIN)
  'PUT /api/tms/timesheets': PRIVILEGED_USERS,
  'PUT /api/tms/timesheets/update-job-history': ['admin', 'hr'],
  'GET /api/tms/employee/get-all-work-schedule': PRIVILEGED_USERS,

  // exports and send email (spec 001 §2.2: as listed under roles — the list tab's ADMIN, HR, HRM)
  'POST /api/tms/excel/:timesheetId/rule': PRIVILEGED_USERS,
  'POST /api/tms/excel/:timesheetId/rule2': PRIVILEGED_USERS,
  'POST /api/tms/excel/zip': PRIVILEGED_USERS,
  'POST /api/tms/timesheets/:timesheetId/send-email': PRIVILEGED_USERS,

  // timesheet import (spec 001 §6: import — ADMIN, HR, HRM)
  'POST /api/tms/check-in-out/import-gdc-time-sheet-sync': PRIVILEGED_USERS,
  'GET /api/tms/check-in-out/timesheet/import-file/template': PRIVILEGED_USERS,

  ...REQUEST_WRITE_ACCESS,
  ...REQUEST_LIST_ACCESS,
  ...EXPLANATION_ACCESS,
  ...SPECIAL_EXPLANATION_ACCESS,
  ...NOTIFICATION_ACCESS,
  ...EMPLOYEE_ACCESS,
  ...ADMIN_CONFIG_ACCESS,
  ...POLICY_ACCESS,
  ...WORK_SCHEDULE_CONFIG_ACCESS,
  ...ONSITE_ACCESS,
  ...OVERTIME_LIST_ACCESS,
  ...OVERTIME_FIXED_ACCESS,
  ...OVERTIME_FLEXIBLE_ACCESS,
  ...OVERTIME_PAY_ACCESS,
  ...TIMESHEET_REPORT_ACCESS,
  ...CHECK_TIME_REPORT_ACCESS,
  ...CHECKIN_CALENDAR_ACCESS,
  ...ATTENDANCE_DEVICES_ACCESS,
  ...SELF_CHECK_IN_ACCESS,
  ...BACKUPS_ACCESS,
  ...APPROVAL_FLOWS_ACCESS,
  ...DELEGATION_ACCESS,
  ...MY_WORK_ACCESS,
  ...HOLIDAYS_ACCESS,
  ...WEBHOOKS_ACCESS,
  ...TEAM_CALENDAR_ACCESS,
  ...CALENDAR_FEEDS_ACCESS,
  ...REMINDERS_ACCESS,
};
