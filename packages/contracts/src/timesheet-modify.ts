import { z } from 'zod';
import { envelope, flagSchema, idListSchema, idParamSchema, safeText, textListSchema } from './schemas.ts';
import { isIsoDateText, MESSAGES_COMMON } from './api.ts';
import { commentContentSchema } from './timesheet-review.ts';
import { MODIFY_TYPES, TIMESHEET_MODIFY_MESSAGES } from './timesheet-modify-constants.ts';
// The area's paths, roles, limits and texts are in timesheet-modify-constants.ts, without zod (the web's first load imports
// them from there); this file adds the schemas and re-exports them.
export * from './timesheet-modify-constants.ts';
const M = TIMESHEET_MODIFY_MESSAGES;

const isoDate = (message: string) =>
  safeText(message)
    .trim()
    .min(1, message)
    .refine(isIsoDateText, MESSAGES_COMMON.invalidDate);

/**
 * Column filter (spec 001 §7.1: location, department, role, list_employee, abnormal, request_type), the same meaning
 * as the grid filter (`department` = departmentsFilter, `list_employee` = employee, `abnormal` = actionAbnormalCase);
 * divisions and workScheduleTypes as on screen.
 */
export const modifyFilterSchema = z
  .object({
    location: textListSchema,
    department: idListSchema,
    divisions: idListSchema,
    role: textListSchema,
    list_employee: idListSchema,
    workScheduleTypes: textListSchema,
    abnormal: flagSchema,
    request_type: textListSchema,
  })
  .nullish();
export type ModifyFilter = z.infer<typeof modifyFilterSchema>;

// PUT /api/tms/timesheets. Cell: employee + from_date = to_date. Row: employee + from/to. Column: no employee,
// from_date = to_date, the filter chooses the employees. abnormal_only (row, column): only days with an abnormal case.
export const modifyBodySchema = z
  .object(
    {
      type: z.enum(MODIFY_TYPES, { error: M.typeRequired }),
      employee: idParamSchema(M.employeeRequired).nullish(),
      abnormal_only: flagSchema.nullable(),
      from_date: isoDate(M.dateRequired),
      to_date: isoDate(M.dateRequired).nullish(),
      value: z.preprocess(
        (v) => (v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
        z.number({ error: M.valueRequired }).min(0, M.valueRange).max(1, M.valueRange),
      ),
      comment: commentContentSchema,
      filter: modifyFilterSchema,
    },
    { error: M.typeRequired },
  )
  .superRefine((b, ctx) => {
    if (b.type !== 'column' && (b.employee === undefined || b.employee === null)) ctx.addIssue({ code: 'custom', path: ['employee'], message: M.employeeRequired });
    const to = b.to_date ?? b.from_date;
    if (to < b.from_date) ctx.addIssue({ code: 'custom', path: ['to_date'], message: M.dateOrder });
  });
export type ModifyBody = z.infer<typeof modifyBodySchema>;
export const modifyResultSchema = z.object({ updated: z.number().int() });
export const modifyResponseSchema = envelope(modifyResultSchema);

// PUT /api/tms/timesheets/update-job-history?userId={employee id}. Body { work_schedule_code, apply_date }: from
// apply_date the employee works to that schedule (their staff policy is split there); the days from apply_date to
// the end of the open periods are recalculated.
export const updateJobHistoryQuerySchema = z.object({
  userId: idParamSchema(M.employeeRequired),
});
export const updateJobHistoryBodySchema = z.object(
  {
    work_schedule_code: safeText(M.scheduleRequired).trim().min(1, M.scheduleRequired).max(200, M.scheduleNotFound),
    apply_date: isoDate(M.applyDateRequired),
  },
  { error: M.scheduleRequired },
);
export type UpdateJobHistoryBody = z.infer<typeof updateJobHistoryBodySchema>;
export const updateJobHistoryResultSchema = z.object({ policyId: z.number().int(), recalculatedDays: z.number().int() });
export const updateJobHistoryResponseSchema = envelope(updateJobHistoryResultSchema);

// GET /api/tms/employee/get-all-work-schedule (spec 001 §7.10) → the schedules the modal offers.
export const WORK_SCHEDULE_LIST_PATH = '/tms/employee/get-all-work-schedule';
export const workScheduleOptionSchema = z.object({
  work_schedule_code: z.string(),
  work_schedule_name: z.string(),
  work_schedule_type: z.string(),
  work_start_time: z.string(),
  work_end_time: z.string(),
});
export const workScheduleListResponseSchema = envelope(z.array(workScheduleOptionSchema));
