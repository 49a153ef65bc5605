import { z } from 'zod';
import { isIsoDateText, lastDayWithinMonths } from './api.ts';
import { envelope, idParamSchema, pagedEnvelope, pagingShape, safeText, textListSchema, idListSchema } from './schemas.ts';
import type { Twin } from './file-headers.ts';

/**
 * The Check in - Check out report (spec 001 §2.10, §5.8, §7.9): one row per employee-day of the stored timesheet
 * days, its export and (beyond the spec) the late arrivals by weekday chart. Paths are the spec's (without `/api`).
 */
export const CHECK_TIME_REPORT_PATH = '/tms/report/check-time';
export const CHECK_TIME_REPORT_EXPORT_PATH = '/tms/excel/report-check-time';
/** Ours (the chart is beyond the spec). */
export const CHECK_TIME_LATE_BY_WEEKDAY_PATH = '/tms/report/check-time/late-by-weekday';

/** Ours (spec 001 §7.9 names the call, not the file); `from`/`to` as sent (YYYY-MM-DD). */
export const checkTimeReportFileName = (from: string, to: string) => `Check_In_Out_${from}-${to}.xlsx`;

/** spec 001 §5.8 / §9: the report's range is limited to 3 months. */
export const CHECK_TIME_MAX_MONTHS = 3;
/** spec 001 §2.10: scroll height of the report's table. */
export const CHECK_TIME_TABLE_SCROLL_Y = 550;

export const CHECK_TIME_REPORT_MESSAGES = {
  success: 'Success',
  /** spec 001 §5.8, verbatim. */
  rangeTooLong: 'Data Range must not exceed 3 months!',
  // Ours (the UI disables Search in these cases, spec 001 §5.8; the server says why):
  rangeRequired: 'Please select a date range (fromDate and toDate)',
  dateInvalid: 'fromDate and toDate must be dates written YYYY-MM-DD',
  fromAfterTo: 'From date must be on or before to date',
  filterRequired: 'Please choose a project, departments or users',
  exported: 'Report was exported successfully!',
  noData: 'No data',
  chooseFilter: 'Choose a date range and a project, departments or users, then Search',
} as const;

/** Column titles of the table and the export, in order (spec 001 §2.10 check-in/out rows). */
export const CHECK_TIME_COLUMNS = {
  staff: 'Staff',
  user_name: 'User Name',
  department: 'Department',
  date_of_issue: 'Date',
  checkin: 'Check In',
  checkout: 'Check Out',
  late_time: 'Late Time (minutes)',
  early_leave: 'Early Leave (minutes)',
  absent: 'Absent (minutes)',
  working_day: 'Working Day',
} as const;
export const CHECK_TIME_COLUMNS_VI = {
  staff: 'Nhân viên',
  user_name: 'Tên đăng nhập',
  department: 'Phòng ban',
  date_of_issue: 'Ngày',
  checkin: 'Chấm công vào',
  checkout: 'Chấm công ra',
  late_time: 'Đi muộn (phút)',
  early_leave: 'Về sớm (phút)',
  absent: 'Vắng mặt (phút)',
  working_day: 'Ngày công',
} as const satisfies Twin<typeof CHECK_TIME_COLUMNS>;

/** ISO weekday (1 Monday … 5 Friday) labels of the chart. */
export const WEEKDAY_LABELS: Record<number, string> = { 1: 'Mon', 2: 'Tue', 3: 'Wed', 4: 'Thu', 5: 'Fri' };

/**
 * spec 001 §5.8 'Data Range must not exceed 3 months!': the range [from, to] (inclusive) must end before the same day
 * three months after `from` — 01/01 → 31/03 is allowed, 01/01 → 01/04 is not. Both dates YYYY-MM-DD.
 */
export function rangeExceedsLimit(from: string, to: string): boolean {
  return to > lastDayWithinMonths(from, CHECK_TIME_MAX_MONTHS);
}

/** What the report's filter holds, in the form both sides read it (dates YYYY-MM-DD). */
export type CheckTimeCriteria = {
  fromDate?: string;
  toDate?: string;
  project?: number | string | null;
  departments?: readonly unknown[];
  users?: readonly unknown[];
};

/**
 * Every rule the criteria break, in order (the first is the answer's `message`, RULES.md §1). spec 001 §5.8: a date
 * range and at least one of project, departments or users; the range at most 3 months. Empty when a search may run.
 */
export function checkTimeCriteriaProblems(c: CheckTimeCriteria): string[] {
  const M = CHECK_TIME_REPORT_MESSAGES;
  const problems: string[] = [];
  if (!c.fromDate || !c.toDate) problems.push(M.rangeRequired);
  else if (!isIsoDateText(c.fromDate) || !isIsoDateText(c.toDate)) problems.push(M.dateInvalid);
  else if (c.fromDate > c.toDate) problems.push(M.fromAfterTo);
  else if (rangeExceedsLimit(c.fromDate, c.toDate)) problems.push(M.rangeTooLong);
  const hasProject = c.project !== undefined && c.project !== null && c.project !== '';
  if (!hasProject && !c.departments?.length && !c.users?.length) problems.push(M.filterRequired);
  return problems;
}

/** spec 001 §5.8: Search is enabled only when the criteria break no rule. */
export const isCheckTimeSearchEnabled = (c: CheckTimeCriteria) => checkTimeCriteriaProblems(c).length === 0;

const isoDate = safeText().trim().max(20).optional();

/**
 * The report's query (list, export and chart alike): fromDate, toDate (YYYY-MM-DD), project (a project id: its
 * members), departments (ids), users (user names or employee ids), page, size.
 */
export const checkTimeReportQuerySchema = z.object({
  ...pagingShape(),
  fromDate: isoDate,
  toDate: isoDate,
  project: z.preprocess((v) => (v === '' ? undefined : v), idParamSchema().optional()),
  departments: idListSchema,
  users: textListSchema.refine((v) => !v || v.every((u) => u.length <= 100), 'A user name has at most 100 characters'),
});
export type CheckTimeReportQuery = z.infer<typeof checkTimeReportQuerySchema>;

/**
 * One employee-day. date_of_issue YYYY-MM-DD; checkin/checkout HH:mm in the company zone (null without a punch);
 * late_time, early_leave and absent whole minutes (absent: hour-based staff); working_day the day's final value (0–1, two decimals; null when the
 * day has none, e.g. a weekend worked).
 */
export const checkTimeRowSchema = z.object({
  key: z.string(),
  employee_id: z.number().int(),
  staff: z.string(),
  user_name: z.string(),
  department: z.string().nullable(),
  date_of_issue: z.string(),
  checkin: z.string().nullable(),
  checkout: z.string().nullable(),
  late_time: z.number().int(),
  early_leave: z.number().int(),
  absent: z.number().int(),
  working_day: z.number().nullable(),
});
export type CheckTimeRow = z.infer<typeof checkTimeRowSchema>;
export const checkTimeReportResponseSchema = pagedEnvelope(checkTimeRowSchema);

/** One bar of the chart: a weekday (1 Monday … 5 Friday), its late days and their late minutes. */
export const lateByWeekdaySchema = z.object({
  weekday: z.number().int(),
  label: z.string(),
  late_days: z.number().int(),
  late_minutes: z.number().int(),
});
export type LateByWeekday = z.infer<typeof lateByWeekdaySchema>;
export const lateByWeekdayResponseSchema = envelope(z.array(lateByWeekdaySchema));
