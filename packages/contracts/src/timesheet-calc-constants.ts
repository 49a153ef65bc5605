import type { Role } from './roles.ts';

/**
 * The zod-free part of `timesheet-calc.ts` (paths, roles, limits, texts): the web's first load imports it from here and
 * does not fetch zod. `timesheet-calc.ts` re-exports all of it.
 */

/**
 * Calculate working day (spec 001 §2.1 calculate modals, §5.1 date rules, §7.1 calls; RULES.md §4: recomputes one
 * date for one or all employees as a background job and notifies the caller when done).
 */
export const CALCULATE_WORKING_DAY_PATH = '/tms/timesheets/calculate-working-day';
export const CALCULATE_WORKING_DAY_ALL_PATH = '/tms/timesheets/calculate-working-day-all-employees';

/** Spec 001 §6: "Import and calculate timesheet: ADMIN, HR, HRM". */
export const TIMESHEET_CALCULATORS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];

/** Texts of spec 001 §5.1 and §8 verbatim; the spec gives none for a weekend, a future date or a locked date. */
export const TIMESHEET_CALC_MESSAGES = {
  dateRequired: 'Please choose a Calculate Date in the chosen Timesheet Period!',
  futureTimesheet: 'Can not calculate work hours for future Timesheet.',
  futureDate: 'Can not calculate work hours for a future date.',
  weekend: 'Can not calculate work hours on a weekend.',
  locked: (dateDmy: string) => `The date ${dateDmy} is in an approved timesheet and can no longer be calculated.`,
  employeeRequired: 'Please choose at least 1 employee to calculate the timesheet !',
  employeeNotFound: 'Employee not found',
  queued: 'You will receive a notification email when the calculation is finished!',
  finishedTitle: 'Calculate working day finished',
} as const;
