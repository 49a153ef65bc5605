import { LEAD_AND_PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the Check in - Check out report (merged into EXPECTED_ACCESS). */
export const CHECK_TIME_REPORT_ACCESS: Record<string, ExpectedAccess> = {
  // RULES.md §2: /report and its pages for HR, HRM, ADMIN, DULEAD, GROUP_LEAD (rows by data scope, RULES.md §3).
  'GET /api/tms/report/check-time': LEAD_AND_PRIVILEGED_USERS,
  'GET /api/tms/report/check-time/late-by-weekday': LEAD_AND_PRIVILEGED_USERS,
  'GET /api/tms/excel/report-check-time': LEAD_AND_PRIVILEGED_USERS,
};
