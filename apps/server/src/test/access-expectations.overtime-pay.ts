import { PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/**
 * Who may call each route of the OT pay part (merged into EXPECTED_ACCESS): Payroll Configuration is HR, HRM, ADMIN
 * (RULES.md §2 /configuration); the OT report HR and ADMIN (spec 001 §6 Export Overtime Report); the lookups anyone
 * signed in (the date type answers only employees in the caller's scope).
 */
export const OVERTIME_PAY_ACCESS: Record<string, ExpectedAccess> = {
  'GET /api/payroll/config-table/all': PRIVILEGED_USERS,
  'POST /api/payroll/config-table/update': PRIVILEGED_USERS,
  'POST /api/payroll/config-table/recalculate-salary': PRIVILEGED_USERS,
  'GET /api/tms/filters/date-type': 'signed-in',
  'GET /api/tms/filters/overtime-shift': 'signed-in',
  'GET /api/tms/excel/report-ot': ['admin', 'hr'],
};
