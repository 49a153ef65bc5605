import { z } from 'zod';
import { envelope, idSchema, safeText } from './schemas.ts';
import { TIMESHEET_CALC_MESSAGES } from './timesheet-calc-constants.ts';
// The area's paths, roles, limits and texts are in timesheet-calc-constants.ts, without zod (the web's first load imports
// them from there); this file adds the schemas and re-exports them.
export * from './timesheet-calc-constants.ts';

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
