import { z } from 'zod';
import { isIsoDateText, lastDayWithinMonths, MESSAGES_COMMON } from './api.ts';
import { envelope, pagedEnvelope, pagingShape, safeText, textListSchema } from './schemas.ts';
import type { Role } from './roles.ts';

/**
 * The Check In-Out Time calendar (spec 001 §2.8, §5.8, §6, §7.7, §8): the weekly calendar of an employee's stored
 * timesheet days, the day drawer with the day's punches, "Update Employee Check Time" (a recalculation job) and the
 * manual-job search. Paths are the spec's (without `/api`).
 */
export const CHECK_IN_OUT_CALENDAR_PATHS = {
  detail: '/tms/check-in-out/timesheet-detail',
  /** GET with `:day` (YYYY-MM-DD). */
  day: '/tms/check-in-out/:day',
  dayOf: (day: string) => `/tms/check-in-out/${encodeURIComponent(day)}`,
  /** PUT queues the update, GET searches the manual jobs. */
  manual: '/tms/check-in-out/manual',
} as const;

/**
 * Spec 001 §6 gives ADMIN and HR the full filter; HRM sees everyone too (RULES.md §3) and may run the timesheet
 * calculation (spec 001 §6 "Timesheet import and calculate"), so the update and its search are open to all three.
 */
export const CHECK_TIME_UPDATERS = ['ADMIN', 'HR', 'HRM'] as const satisfies readonly Role[];
/** spec 001 §6: "Check-in/out filter: ADMIN, HR full; others by-staff". */
export const CHECK_IN_OUT_FULL_FILTER = ['ADMIN', 'HR'] as const satisfies readonly Role[];

/** spec 001 §5.8, §9: a range over one month is cut to one month. */
export const CHECK_IN_OUT_MAX_MONTHS = 1;

export const CHECK_IN_OUT_MESSAGES = {
  success: 'Success',
  invalidDate: MESSAGES_COMMON.invalidDate,
  /** spec 001 §5.3 "Update check time: staff required". */
  staffRequired: 'Please choose staff !',
  /** spec 001 §7.7, §8. */
  updated: 'Update Successfully',
  employeeNotFound: 'Employee not found',
  departmentNotFound: 'Department not found',
  /** Ours: from after to. */
  rangeOrder: 'From date must be on or before to date',
  /** Ours: the update modal's range is required. */
  rangeRequired: 'Please choose date range !',
  /** Ours: the whole range is on or before the lock date (RULES.md §4). */
  locked: (lockDmy: string) => `Dates on or before ${lockDmy} are locked and are not recomputed`,
  /** Ours: the whole range is in the future. */
  future: 'Dates in the future cannot be recomputed',
  /** Ours, shown by the page when it cuts a range (spec 001 §5.8). */
  rangeCut: (toDmy: string) => `The date range is limited to one month: it was cut to end on ${toDmy}`,
} as const;
const M = CHECK_IN_OUT_MESSAGES;

/**
 * The last day of a range that starts on `from` and lasts at most one month (spec 001 §5.8): the day before the same
 * day of the next month, clamped to that month's last day as dayjs adds months (2026-03-10 → 2026-04-09,
 * 2026-01-31 → 2026-02-27). Both YYYY-MM-DD.
 */
export function oneMonthEnd(from: string): string {
  return lastDayWithinMonths(from, CHECK_IN_OUT_MAX_MONTHS);
}

/** `to` cut to one month from `from` (spec 001 §5.8); `cut` says whether it was. */
export function cutToOneMonth(from: string, to: string): { from: string; to: string; cut: boolean } {
  const max = oneMonthEnd(from);
  return to > max ? { from, to: max, cut: true } : { from, to, cut: false };
}

const isoDate = safeText(M.invalidDate)
  .trim()
  .refine((s) => isIsoDateText(s), M.invalidDate);
const optionalIsoDate = safeText(M.invalidDate)
  .transform((s) => s.trim() || undefined)
  .refine((s) => s === undefined || isIsoDateText(s), M.invalidDate)
  .optional();
/** A username or an employee id (the caller when absent). */
const employeeRef = safeText(M.employeeNotFound).trim().max(100, M.employeeNotFound).optional();

// GET /tms/check-in-out/timesheet-detail?employee&fromDate&toDate
export const calendarQuerySchema = z.object({ employee: employeeRef, fromDate: isoDate, toDate: isoDate });
export const calendarDaySchema = z.object({
  date_of_issue: z.string(),
  check_in_time: z.string().nullable(),
  check_out_time: z.string().nullable(),
  is_early_leaving: z.boolean(),
  is_late_coming: z.boolean(),
  is_holiday: z.boolean(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;
export const calendarDataSchema = z.object({
  start_working_day: z.string(),
  /** The employee shown and the range served after the one-month cut (ours). */
  employee_id: z.number().int(),
  user_name: z.string(),
  name: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  range_cut: z.boolean(),
  timesheets: z.array(calendarDaySchema),
});
export type CalendarData = z.infer<typeof calendarDataSchema>;
export const calendarResponseSchema = envelope(calendarDataSchema);

// GET /tms/check-in-out/:day?employee
export const dayParamsSchema = z.object({ day: isoDate });
export const dayQuerySchema = z.object({ employee: employeeRef });
export const dayPunchSchema = z.object({
  /** Local HH:mm:ss in the company time zone, and the instant (ISO). */
  time: z.string(),
  date: z.string(),
  punched_at: z.string(),
  system: z.string(),
  /** device | iclock | import | web | kiosk (issue 28). */
  source: z.string(),
  /** Issue 28, for web and kiosk punches: the place and the distance from its centre (m), null otherwise. */
  place_name: z.string().nullable(),
  distance_m: z.number().int().nullable(),
  /** Sent from a phone that was offline, after the punch was taken. */
  sent_late: z.boolean(),
  /** An online self punch: taken at the server's clock, not the phone's. */
  taken_at_server: z.boolean(),
});
export type DayPunch = z.infer<typeof dayPunchSchema>;
export const dayDataSchema = z.object({
  staff: z.object({
    employee_id: z.number().int(),
    name: z.string(),
    user_name: z.string(),
    staff_id: z.string().nullable(),
    position_title: z.string().nullable(),
    department: z.string().nullable(),
  }),
  date: z.string(),
  check_in_time: z.string().nullable(),
  check_out_time: z.string().nullable(),
  check_times: z.array(dayPunchSchema),
});
export type DayData = z.infer<typeof dayDataSchema>;
export const dayResponseSchema = envelope(dayDataSchema);

// PUT /tms/check-in-out/manual
const employeeList = z
  .union([safeText(M.staffRequired), z.number(), z.array(z.union([safeText(M.staffRequired), z.number()]))], { error: M.staffRequired })
  .transform((v) => (Array.isArray(v) ? v : [v]).map((x) => String(x).trim()).filter(Boolean))
  .refine((list) => list.length > 0, M.staffRequired)
  .refine((list) => list.length <= 500 && list.every((x) => x.length <= 100), M.employeeNotFound);
export const manualUpdateBodySchema = z.object({
  department_code: safeText().trim().max(100).optional().nullable(),
  employee: employeeList.optional().refine((v) => v !== undefined, M.staffRequired),
  start_date: isoDate,
  end_date: isoDate,
});
export type ManualUpdateBody = z.input<typeof manualUpdateBodySchema>;
export const manualJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  start_date: z.string(),
  end_date: z.string(),
  /** The range actually recomputed after the month cut, the lock date and today. */
  effective_start_date: z.string(),
  effective_end_date: z.string(),
  department_code: z.string().nullable(),
  employees: z.array(z.object({ employee_id: z.number().int(), user_name: z.string(), name: z.string() })),
  created_by: z.string().nullable(),
  /** Who queued it by name (the username without an employee record); `created_by` stays the username. */
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type ManualJob = z.infer<typeof manualJobSchema>;
export const manualUpdateResponseSchema = envelope(manualJobSchema);

// GET /tms/check-in-out/manual?start_date&end_date&employee&department_code
export const manualSearchQuerySchema = z.object({
  start_date: optionalIsoDate,
  end_date: optionalIsoDate,
  employee: textListSchema,
  /** One code, or several comma-separated (the page's department multi-select). */
  department_code: textListSchema,
  ...pagingShape(),
});
export const manualSearchResponseSchema = pagedEnvelope(manualJobSchema);
