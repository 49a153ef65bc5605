import { LEAD_AND_PRIVILEGED_USERS, PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the work schedule config and the work schedule report (merged into EXPECTED_ACCESS). */
export const WORK_SCHEDULE_CONFIG_ACCESS: Record<string, ExpectedAccess> = {
  // spec 002 §6: the work schedule config tab is for HR, HRM and Admin.
  'GET /api/tms/work-schedule-manager/find-all': PRIVILEGED_USERS,
  'GET /api/tms/work-schedule-manager/:id': PRIVILEGED_USERS,
  'GET /api/tms/work-schedule-manager/history/:id': PRIVILEGED_USERS,
  'POST /api/tms/work-schedule-manager/create': PRIVILEGED_USERS,
  'PUT /api/tms/work-schedule-manager/update': PRIVILEGED_USERS,
  'PUT /api/tms/work-schedule-manager/:id/active': PRIVILEGED_USERS,
  'DELETE /api/tms/work-schedule-manager/:id': PRIVILEGED_USERS,
  // RULES.md §2: /report and its pages for HR, HRM, ADMIN, DULEAD, GROUP_LEAD (rows by data scope, RULES.md §3).
  'GET /api/tms/report/work-schedule': LEAD_AND_PRIVILEGED_USERS,
  'GET /api/tms/excel/job-info-mapping': LEAD_AND_PRIVILEGED_USERS,
};
