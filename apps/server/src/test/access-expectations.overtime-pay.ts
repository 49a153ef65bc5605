import { ALL_BUT_GUEST_USERS, LEAD_AND_PRIVILEGED_USERS, PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

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
  // Issue 27 §2 overtime limits: the form's headroom (who files overtime; staff in their scope), the listed-sector
  // departments (Payroll Configuration), the compliance report (RULES.md §2 /report).
  'GET /api/tms/overtime-limits/usage': ALL_BUT_GUEST_USERS,
  'GET /api/payroll/config-table/listed-sector-departments': PRIVILEGED_USERS,
  'PUT /api/payroll/config-table/listed-sector-departments': PRIVILEGED_USERS,
  'GET /api/tms/report/overtime-compliance': LEAD_AND_PRIVILEGED_USERS,
  'GET /api/tms/report/overtime-compliance/departments': LEAD_AND_PRIVILEGED_USERS,
  'GET /api/tms/excel/report-overtime-compliance': LEAD_AND_PRIVILEGED_USERS,
};
