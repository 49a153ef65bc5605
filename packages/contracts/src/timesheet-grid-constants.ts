import type { Role } from './roles.ts';

/**
 * The zod-free part of `timesheet-grid.ts` (paths, roles, limits, texts): the web's first load imports it from here and
 * does not fetch zod. `timesheet-grid.ts` re-exports all of it.
 */

/**
 * The Timesheet page's read calls (spec 001 §2.1 HR grid, §2.2 My Timesheet, §3 entities, §7.1): the paged HR grid,
 * its statistic and day totals, one employee's period, the notes and the integration-rule values.
 */
export const TIMESHEET_GRID_PATHS = {
  list: '/tms/timesheets',
  statistic: (id: number | string) => `/tms/timesheets/${id}/statistic`,
  total: (date: string) => `/tms/timesheets/total/${date}`,
  employee: (id: number | string, employmentId: number | string) => `/tms/timesheets/${id}/employee/${employmentId}`,
  flexibleEmployee: (id: number | string, employmentId: number | string) => `/tms/timesheets/flexible/${id}/employee/${employmentId}`,
  calculateMyTimesheet: '/tms/timesheets/get-calculate-my-timesheet',
  notes: '/tms/settings/notes',
  ruleIntegrationValues: '/tms/rule-integration/value',
} as const;

/** Spec 001 §6: the Timesheet List tab (and every call behind it) is ADMIN, HR, HRM. */
export const TIMESHEET_LIST_READERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];
/** My Timesheet: every role but GUEST (RULES.md §2 pages); the employee must be in the caller's scope (RULES.md §3). */
export const MY_TIMESHEET_READERS = ['STAFF', 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];

/** Spec 001 §9: the timesheet list defaults to page 1, size 20, sorted by name ascending. */
export const TIMESHEET_LIST_DEFAULT_SIZE = 20;

export const TIMESHEET_GRID_MESSAGES = {
  timesheetRequired: 'Timesheet is required',
  invalidId: 'Invalid id',
  invalidDate: 'Invalid Date!',
  timesheetNotFound: 'Timesheet not found',
  employeeNotFound: 'Employee not found',
  dateOutsideTimesheet: 'The date is not in any timesheet period',
  // spec 001 §8 load failures (the web shows these when a call fails without a message).
  loadFailed: 'Fail to get Timesheet Data',
  loadUserFailed: 'Fail to get User Timesheet Data',
  loadWorkingFailed: 'Fail to get User Working Data',
} as const;
