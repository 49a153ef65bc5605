import { z } from 'zod';
import { isIsoDateText } from './api.ts';
import { envelope, flagSchema, idListSchema, idParamSchema, pageInfoSchema, pagingShape, textListSchema, textSchema } from './schemas.ts';
import { timesheetInfoSchema } from './timesheet-review.ts';
import { TIMESHEET_LIST_DEFAULT_SIZE, TIMESHEET_GRID_MESSAGES } from './timesheet-grid-constants.ts';
// The area's paths, roles, limits and texts are in timesheet-grid-constants.ts, without zod (the web's first load imports
// them from there); this file adds the schemas and re-exports them.
export * from './timesheet-grid-constants.ts';

const M = TIMESHEET_GRID_MESSAGES;

/**
 * The filter of the HR grid, shared by the list, statistic, day totals, Modify Column, exports and send email
 * (spec 001 §7.1 names). Each part narrows the set of employees shown for the period; absent parts do not.
 * - location: employees.location; divisions / departmentsFilter: org unit ids; role: TMS role short names
 *   (STAFF, HR, ...) of the employee's user; employee: employee ids; workScheduleTypes: employees.work_schedule_type;
 * - actionAbnormalCase: only employees with at least one abnormal case in the period;
 * - reason_type: only employees with a request of that reason type in the period (pending, approved or rejected, dated in the period).
 */
export const gridFilterShape = {
  location: textListSchema,
  divisions: idListSchema,
  departmentsFilter: idListSchema,
  role: textListSchema,
  employee: idListSchema,
  workScheduleTypes: textListSchema,
  actionAbnormalCase: flagSchema,
  reason_type: textListSchema,
};
export const gridFilterSchema = z.object(gridFilterShape);
export type GridFilter = z.infer<typeof gridFilterSchema>;

// GET /api/tms/timesheets?timesheetId=&page=&size=&sort=name&direction=1|-1&<filter>
export const GRID_SORTS = ['name', 'user_name', 'department', 'total_workday', 'violation'] as const;
export const gridListQuerySchema = z.object({
  timesheetId: idParamSchema(M.timesheetRequired),
  ...pagingShape(TIMESHEET_LIST_DEFAULT_SIZE),
  sort: z.enum(GRID_SORTS).catch('name').default('name'),
  /** 1 ascending (default), -1 descending; 'asc'/'desc' also read. */
  direction: z
    .union([textSchema, z.number()])
    .transform((v) => (v === -1 || v === '-1' || v === 'desc' ? -1 : 1))
    .default(1),
  ...gridFilterShape,
});
export type GridListQuery = z.infer<typeof gridListQuerySchema>;

/** One HR edit of a cell (spec 001 §3 history entry); newest first. */
export const cellEditSchema = z.object({
  old_value: z.number().nullable(),
  new_value: z.number().nullable(),
  /** ISO instant. */
  modified_date: z.string(),
  modifier: z.object({ name: z.string(), user_name: z.string(), department: z.string().nullable() }),
  comments: z.string().nullable(),
});
export type CellEdit = z.infer<typeof cellEditSchema>;

/** A request shown on a day (spec 001 §3): pending, approved or rejected. */
export const dayRequestSchema = z.object({
  /**
   * The request type's code (LEAVE_REQUEST, EXPLANATION_REQUEST, WORK_OUTSIDE, ONSITE; requests.ts REQUEST_TYPES), beside
   * the spec's English name: the web names the type in the reader's language by it (issue 25).
   */
  request_type: z.string(),
  request_type_name_en: z.string(),
  reason_type_name_vi: z.string(),
  request_status: z.string(),
  quantity_in_hours: z.number().nullable(),
});

const selfEvidenceSchema = z.object({
  source: z.string(),
  place_name: z.string().nullable(),
  distance_m: z.number().nullable(),
  sent_late: z.boolean(),
  taken_at_server: z.boolean(),
});

/** Daily timesheet entry (spec 001 §3) with what the hover card and My Timesheet show. */
export const dayEntrySchema = z.object({
  date_of_issue: z.string(),
  /** WORKING | WEEKEND | NON_WORKING | HOLIDAY. */
  day_type: z.string(),
  /** The shown value (HR override when there is one); null on days without a value (weekends). */
  value: z.number().nullable(),
  computed_value: z.number().nullable(),
  overridden: z.boolean(),
  /**
   * RULES.md §4: the holiday notation ('H'), or the notation of the leave covering a shift ('P', 'P/2', 'KL'), or
   * null. A cell shows it instead of the value, which still counts in every total.
   */
  notation: z.string().nullable(),
  /** 'HH:mm' local, or null. */
  check_in_time: z.string().nullable(),
  check_out_time: z.string().nullable(),
  /**
   * Issue 28, the hover card: present when the check-in (check-out) punch is a self punch — its source (web, kiosk), place,
   * distance from the place's centre (m), sent late (offline), taken at the server's time (online). Absent for device punches.
   */
  check_in_self: selfEvidenceSchema.optional(),
  check_out_self: selfEvidenceSchema.optional(),
  /** RULES.md §4: any late / early minute not covered by a request (stored once; shown in red everywhere). */
  is_late_coming: z.boolean(),
  is_early_leaving: z.boolean(),
  late_minutes: z.number().int(),
  early_minutes: z.number().int(),
  /** Minutes (hour-based staff). */
  absent_time: z.number().int(),
  /** Minutes between check-in and check-out counted as work (the hover card's active time). */
  active_time: z.number().int(),
  /** 1–6 or 'FLEXIBLE_ABSENT' (RULES.md §4), null when the day is normal. */
  abnormal_reason: z.string().nullable(),
  /** ATTENDANCE | REQUEST | HOLIDAY | UNPAID (unpaid or social-insurance leave: covered, worth 0) | null. */
  morning_credit: z.string().nullable(),
  afternoon_credit: z.string().nullable(),
  requests: z.array(dayRequestSchema),
  /** HR edits of this cell, newest first (spec 001 §2.1 hover card: latest edit, editor, comment, count). */
  history: z.array(cellEditSchema),
  edit_count: z.number().int(),
});
export type DayEntry = z.infer<typeof dayEntrySchema>;

/** Who a grid row or a staff card is about (spec 001 §3 Timesheet row per employee). */
const employeeIdentityShape = {
  id: z.number().int(),
  name: z.string(),
  user_name: z.string(),
  /** The path key of the employee endpoints: the employee id as text. */
  employmentID: z.string(),
  sf4c_id: z.string().nullable(),
  role: z.string().nullable(),
  department: z.string().nullable(),
  /** DAY or HOUR for the period's last day. */
  rule_type: z.string().nullable(),
};

/** Timesheet row per employee (spec 001 §3) plus the Total column. */
export const gridRowSchema = z.object({
  ...employeeIdentityShape,
  /** Sum of the period's day values (spec 001 §2.1 Total column). */
  total_workday: z.number(),
  violationWorkingTime: z.object({ countDaysNotEnoughWorkingTime: z.number().int() }),
  timesheets: z.array(dayEntrySchema),
});
export type GridRow = z.infer<typeof gridRowSchema>;
export const gridListResponseSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.array(gridRowSchema),
  page: pageInfoSchema,
});

// GET /api/tms/timesheets/{id}/statistic?<filter> — the figures above the grid.
export const gridStatisticSchema = z.object({
  total_employee: z.number().int(),
  /** Employees with at least one abnormal day in the period. */
  total_violation_employee: z.number().int(),
  total_abnormal_days: z.number().int(),
  total_late_coming: z.number().int(),
  total_early_leaving: z.number().int(),
  /** Days with no check-in, no check-out or neither (reasons 4–6). */
  total_missing_punch: z.number().int(),
  /** Cells whose value is an HR override. */
  total_edited_cells: z.number().int(),
  total_workday: z.number(),
});
export type GridStatistic = z.infer<typeof gridStatisticSchema>;
export const gridStatisticResponseSchema = envelope(gridStatisticSchema);
export const timesheetIdPathSchema = z.object({ id: idParamSchema(M.invalidId) });

// GET /api/tms/timesheets/total/{date}?<filter> (spec 001 §7.1): counts of employees that day.
// total_normal: value 1 without request cover; total_authorized: a shift covered by an approved request;
// total_halfday_unauthorized: value 0.5 with the other half uncovered and no request.
export const dayTotalParamsSchema = z.object({ date: textSchema.refine(isIsoDateText, M.invalidDate) });
export const dayTotalSchema = z.object({
  total_normal: z.number().int(),
  total_authorized: z.number().int(),
  total_halfday_unauthorized: z.number().int(),
});
export type DayTotal = z.infer<typeof dayTotalSchema>;
export const dayTotalResponseSchema = envelope(dayTotalSchema);

// GET /api/tms/timesheets/{id}/employee/{employmentID} and …/flexible/{id}/employee/{employmentID}: My Timesheet.
export const employeePathSchema = z.object({ id: idParamSchema(M.invalidId), employmentID: idParamSchema(M.invalidId) });

/** The staff card and schedule facts of My Timesheet (spec 001 §2.2, §3 jobInfoHistoryNestedDTO). */
export const staffCardSchema = z.object({
  ...employeeIdentityShape,
  work_schedule_code: z.string().nullable(),
  work_schedule_name: z.string().nullable(),
  work_start_time: z.string().nullable(),
  work_end_time: z.string().nullable(),
  url_policy: z.string().nullable(),
});
export type StaffCard = z.infer<typeof staffCardSchema>;

/**
 * Staff summary (spec 001 §3 Staff summary fields) — the ones that can be computed from days, holidays and the leave
 * ledger today; request-based figures are 0 until requests exist.
 */
export const staffSummarySchema = z.object({
  total_working_days: z.number(),
  total_paid_leave_days: z.number(),
  total_public_holidays: z.number(),
  total_unpaid_leave_days: z.number(),
  total_onsite_days: z.number(),
  /** Approved request days by reason effect (RULES.md §5): birthday, offset, social-insurance-covered, annual leave used. */
  birthday_leave: z.number(),
  total_offset_leave_days: z.number(),
  total_days_off_social_insurance_covers: z.number(),
  annual_leave_days_used_in_period: z.number(),
  total_paid_days: z.number(),
  countDaysNotEnoughWorkingTime: z.number().int(),
  total_annual_leave: z.number(),
  remaining_paid_leave_days_of_year: z.number(),
  approved_late_coming_and_early_leaving: z.number().int(),
  unapproved_late_coming_and_early_leaving: z.number().int(),
  days_forget_taking_attendance_counted_as_working_day: z.number().int(),
  days_forget_taking_attendance_counted_as_half_working_day: z.number().int(),
  /** Minutes of absence (hour-based staff). */
  total_absent_time: z.number().int(),
  /** Explanation-fund uses in the period (hour-based staff). */
  explanation_used: z.number().int(),
  /**
   * Regular (not overtime) hours worked between 22:00 and 06:00 in the period, 2 decimals (Labour Code 2019 Art. 98.2:
   * a 30 % premium); Σ of the days' night minutes / 60 (docs/timesheet-engine.md "Night minutes").
   */
  night_working_hours: z.number(),
  explanation_number: z.number().int(),
});
export type StaffSummary = z.infer<typeof staffSummarySchema>;

/** One day of My Timesheet: the grid entry plus the schedule of that day. */
export const myDaySchema = dayEntrySchema.extend({
  /** 'HH:mm–HH:mm' of the day's schedule, null on days off. */
  shift: z.string().nullable(),
  work_schedule_name: z.string().nullable(),
});
export type MyDay = z.infer<typeof myDaySchema>;

export const myTimesheetSchema = z.object({
  timesheet: timesheetInfoSchema.pick({ timesheet_id: true, name: true, from_date: true, to_date: true, status: true, working_days: true }),
  staff: staffCardSchema,
  days: z.array(myDaySchema),
  summary: staffSummarySchema,
});
export type MyTimesheet = z.infer<typeof myTimesheetSchema>;
export const myTimesheetResponseSchema = envelope(myTimesheetSchema);

// GET /api/tms/timesheets/get-calculate-my-timesheet?id=&employmentID= → the summary alone.
export const calculateMyTimesheetQuerySchema = z.object({ id: idParamSchema(M.invalidId), employmentID: idParamSchema(M.invalidId) });
export const staffSummaryResponseSchema = envelope(staffSummarySchema);

// GET /api/tms/settings/notes → the Note drawer (notation and definition of the day values).
export const noteSchema = z.object({ notation: z.string(), definition: z.string(), value: z.string().nullable() });
export const notesResponseSchema = envelope(z.array(noteSchema));

// GET /api/tms/rule-integration/value → the Modify modal's Value options (numeric notations between 0 and 1).
export const ruleValueSchema = z.object({ value: z.number(), notation: z.string(), label: z.string() });
export type RuleValue = z.infer<typeof ruleValueSchema>;
export const ruleValuesResponseSchema = envelope(z.array(ruleValueSchema));
