import { LEAD_AND_PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/**
 * Who may call each Timesheets Summary / Details route (merged into EXPECTED_ACCESS): the report pages' roles,
 * HR, HRM, ADMIN, DULEAD, GROUP_LEAD (RULES.md §2); rows by scope.
 */
export const TIMESHEET_REPORT_ACCESS: Record<string, ExpectedAccess> = {
  'GET /api/tms/report/summary': LEAD_AND_PRIVILEGED_USERS,
  'GET /api/tms/report/detail': LEAD_AND_PRIVILEGED_USERS,
  'GET /api/tms/report/summary-chart': LEAD_AND_PRIVILEGED_USERS,
  'GET /api/tms/excel/download': LEAD_AND_PRIVILEGED_USERS,
  'GET /api/tms/excel/download-summary': LEAD_AND_PRIVILEGED_USERS,
};
