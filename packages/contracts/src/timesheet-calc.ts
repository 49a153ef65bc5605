import { z } from 'zod';
import { envelope, idSchema, safeText } from './schemas.ts';
import type { Role } from './roles.ts';

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
const M = TIMESHEET_CALC_MESSAGES;

/** The page the calculation-finished notification opens. */
export const TIMESHEET_CALC_LINK = '/timesheet';

// ?date=YYYY-MM-DD — checked in order by the server (required, real date, in a period, not future, not weekend,
// not locked), so only its presence as text is a schema matter.
export const calculateQuerySchema = z.object({
  date: safeText(M.dateRequired).trim().optional(),
});
export type CalculateQuery = z.infer<typeof calculateQuerySchema>;

const employeeId = idSchema(M.employeeRequired);

// Body of calculate-working-day: employee_id, one id or a list (the modal's staff multi-select).
export const calculateBodySchema = z
  .object({ employee_id: z.union([employeeId, z.array(employeeId, { error: M.employeeRequired })], { error: M.employeeRequired }).optional() })
  .nullish();
export type CalculateBody = z.infer<typeof calculateBodySchema>;

export const calculateResultSchema = z.object({ jobId: z.number().int() });
export type CalculateResult = z.infer<typeof calculateResultSchema>;
export const calculateResponseSchema = envelope(calculateResultSchema);
