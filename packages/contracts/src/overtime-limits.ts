import { z } from 'zod';
import { idListSchema, idParamSchema, envelope, flagSchema, pagedEnvelope, pagingShape, safeText, successMessageKey } from './schemas.ts';
import type { Twin } from './file-headers.ts';

/**
 * Overtime limits (issue 27 §2; Labour Code 2019 Art. 107, Decree 145/2020 Art. 60–62): the payroll configuration table
 * that holds them, the hours an employee has of overtime in a day, month and year, the warning at creation, the refusal
 * at approval and its HR override, and the Overtime compliance report. docs/overtime-limits.md explains the rules.
 */

/** The payroll configuration table of the limits (hours, integers). */
export const PAYROLL_TABLE_OT_LIMITS = 'overtime_limits';
export const OT_LIMIT_KEYS = { month: 'month_hours', year: 'year_hours', yearListed: 'year_hours_listed_sector', day: 'day_hours' } as const;
/** Decree 145/2020 Art. 60–62 defaults. */
export const OT_LIMIT_DEFAULTS = { month: 40, year: 200, yearListed: 300, day: 12 } as const;
export const OT_LIMIT_FIELDS = [
  { key: OT_LIMIT_KEYS.month, label: 'Overtime hours per calendar month' },
  { key: OT_LIMIT_KEYS.year, label: 'Overtime hours per year' },
  { key: OT_LIMIT_KEYS.yearListed, label: 'Overtime hours per year, listed sectors' },
  { key: OT_LIMIT_KEYS.day, label: 'Normal and overtime hours per day' },
] as const;
/**
 * The normal hours of a day the daily limit adds the overtime to (Labour Code Art. 105: at most 8 normal hours a day):
 * 8 on a workday, none on a weekly day off or a holiday. Ours: the schedule of a future day is not stored.
 */
export const OT_NORMAL_DAY_HOURS = { WORKDAY: 8, DAY_OFF: 0, HOLIDAY: 0 } as const;
/** A row at or above this share of a limit is "near" it in the compliance report. */
export const OT_NEAR_SHARE = 0.9;
/** Who may approve over a limit with a reason. */
export const OT_LIMIT_OVERRIDERS = ['HR', 'HRM'] as const;
export const OT_OVERRIDE_REASON_MAX = 1000;

export type OtLimits = { month: number; year: number; yearListed: number; day: number };
export type OtLimitKind = 'month' | 'year' | 'day';

/** Hours to 2 decimals, shown without trailing zeros (38.5, 40). */
export const otHoursText = (h: number) => String(Math.round(h * 100) / 100);

export const OT_LIMIT_MESSAGES = {
  monthExceeded: (used: string, limit: string) => `Overtime limit exceeded: ${used} of ${limit} hours this month already approved`,
  yearExceeded: (used: string, limit: string) => `Overtime limit exceeded: ${used} of ${limit} hours this year already approved`,
  dayExceeded: (used: string, limit: string) => `Overtime limit exceeded: ${used} of ${limit} hours of normal and overtime work that day`,
  overrideNotAllowed: 'Only HR or HR managers may approve over an overtime limit',
  overrideReasonTooLong: `The override reason is at most ${OT_OVERRIDE_REASON_MAX} characters`,
  dayLimitRange: 'The daily limit of normal and overtime hours is between 8 and 24',
  monthAboveYear: 'The monthly overtime limit cannot be above the yearly limit',
  listedBelowYear: 'The yearly limit of listed sectors cannot be below the yearly limit',
  overLimitWarning: 'Saved. Some staff would go over an overtime limit: the approval will be refused unless HR overrides it',
  listedSaved: 'Listed-sector departments saved',
  departmentNotFound: 'Department not found',
  monthsInvalid: 'Months are written YYYY-MM',
  monthsOrder: 'From month must be on or before to month',
  monthsTooMany: 'The report covers at most 12 months',
  dateRequired: 'Date is required',
  success: 'Success',
} as const;

/** The limit a total breaks, with its message (null = within every limit). */
export function limitMessage(kind: OtLimitKind, used: number, limit: number): string {
  const M = OT_LIMIT_MESSAGES;
  const f = kind === 'month' ? M.monthExceeded : kind === 'year' ? M.yearExceeded : M.dayExceeded;
  return f(otHoursText(used), otHoursText(limit));
}

/** The configured limits from the table's entries (a missing key takes its default). */
export function limitsOf(entries: readonly { key: string; value: number }[]): OtLimits {
  const get = (key: string, d: number) => entries.find((e) => e.key === key)?.value ?? d;
  const K = OT_LIMIT_KEYS;
  const D = OT_LIMIT_DEFAULTS;
  return { month: get(K.month, D.month), year: get(K.year, D.year), yearListed: get(K.yearListed, D.yearListed), day: get(K.day, D.day) };
}

/** What the limits table may hold beyond 0 … 1000 (first problem, or null). */
export function limitsProblem(l: OtLimits): string | null {
  if (l.day < 8 || l.day > 24) return OT_LIMIT_MESSAGES.dayLimitRange;
  if (l.month > l.year) return OT_LIMIT_MESSAGES.monthAboveYear;
  if (l.yearListed < l.year) return OT_LIMIT_MESSAGES.listedBelowYear;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Usage: the hours of an employee (approved, planned) and what a request brings them to

const figure = z.object({
  approved: z.number(),
  planned: z.number(),
  /** The request's own hours. */
  request: z.number(),
  /** approved + planned + request. */
  after: z.number(),
  limit: z.number(),
});
export type OtFigure = z.infer<typeof figure>;

export const otUsageSchema = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  user_name: z.string(),
  /** YYYY-MM of the OT date and its year. */
  month_key: z.string(),
  year: z.number().int(),
  listed_sector: z.boolean(),
  month: figure,
  year_total: figure,
  /** Normal hours of the day plus every OT of the day. */
  day: figure,
  /** The limits the request would go over, with their messages. */
  over: z.array(z.object({ limit: z.enum(['month', 'year', 'day']), message: z.string(), ...successMessageKey })),
});
export type OtUsage = z.infer<typeof otUsageSchema>;

export const OT_LIMITS_USAGE_PATH = '/tms/overtime-limits/usage';
export const OT_LIMITS_LISTED_PATH = '/payroll/config-table/listed-sector-departments';

const timeText = safeText().trim().regex(/^\d{2}:\d{2}$/).optional();
/** The form's call: staff, date and window (HH:mm; an end at or before the start is the next day). */
export const otUsageQuerySchema = z.object({
  employeeIds: idListSchema,
  date: safeText().trim().max(20),
  startTime: timeText,
  endTime: timeText,
  kind: z.enum(['FIXED', 'FLEXIBLE']).default('FIXED'),
  /** The request being edited: its own hours are not counted twice. */
  requestId: idParamSchema().optional(),
});
export const otUsageResponseSchema = envelope(z.array(otUsageSchema));

export const otListedDepartmentsSchema = z.object({ departmentIds: z.array(idParamSchema()).max(2000) });
export const otListedDepartmentsResponseSchema = envelope(z.object({ departmentIds: z.array(z.number().int()) }));

/** The remaining hours before the tightest of month and year (never below 0), for the form. */
export const headroomOf = (u: Pick<OtUsage, 'month' | 'year_total'>) =>
  Math.max(0, Math.min(u.month.limit - u.month.after, u.year_total.limit - u.year_total.after));

// ---------------------------------------------------------------------------------------------------------------
// The Overtime compliance report (Report → TMS Report)

export const OT_COMPLIANCE_PATH = '/tms/report/overtime-compliance';
export const OT_COMPLIANCE_CHART_PATH = '/tms/report/overtime-compliance/departments';
export const OT_COMPLIANCE_EXPORT_PATH = '/tms/excel/report-overtime-compliance';
export const otComplianceFileName = (from: string, to: string) => `Overtime_Compliance_${from}-${to}.xlsx`;
export const OT_COMPLIANCE_MAX_MONTHS = 12;

const monthText = safeText().trim().max(7).optional();
export const otComplianceQuerySchema = z.object({
  ...pagingShape(),
  fromMonth: monthText,
  toMonth: monthText,
  divisions: idListSchema,
  departments: idListSchema,
  users: idListSchema,
  /** Only rows over or near (≥ 90 %) a limit. */
  onlyAtRisk: flagSchema.optional(),
});
export type OtComplianceQuery = z.infer<typeof otComplianceQuerySchema>;

export const OT_COMPLIANCE_STATES = ['OVER', 'NEAR', 'OK'] as const;
export const otComplianceRowSchema = z.object({
  key: z.string(),
  employee_id: z.number().int(),
  staff: z.string(),
  user_name: z.string(),
  division: z.string().nullable(),
  department: z.string().nullable(),
  /** YYYY-MM. */
  month: z.string(),
  month_hours: z.number(),
  month_limit: z.number(),
  ytd_hours: z.number(),
  year_limit: z.number(),
  days_over: z.number().int(),
  overrides: z.number().int(),
  state: z.enum(OT_COMPLIANCE_STATES),
});
export type OtComplianceRow = z.infer<typeof otComplianceRowSchema>;
export const otComplianceResponseSchema = pagedEnvelope(otComplianceRowSchema);

export const otComplianceDepartmentSchema = z.object({ department: z.string(), hours: z.number(), limit: z.number(), share: z.number() });
export type OtComplianceDepartment = z.infer<typeof otComplianceDepartmentSchema>;
export const otComplianceChartResponseSchema = envelope(z.array(otComplianceDepartmentSchema));

export const OT_COMPLIANCE_COLUMNS = {
  staff: 'Staff',
  user_name: 'User Name',
  division: 'Division',
  department: 'Department',
  month: 'Month',
  month_hours: 'OT hours (month)',
  month_limit: 'Monthly limit',
  ytd_hours: 'OT hours (year to date)',
  year_limit: 'Yearly limit',
  days_over: 'Days over 12 hours',
  overrides: 'Overrides',
  state: 'State',
} as const;
export const OT_COMPLIANCE_COLUMNS_VI = {
  staff: 'Nhân viên',
  user_name: 'Tên đăng nhập',
  division: 'Khối',
  department: 'Phòng ban',
  month: 'Tháng',
  month_hours: 'Giờ làm thêm (tháng)',
  month_limit: 'Giới hạn tháng',
  ytd_hours: 'Giờ làm thêm (từ đầu năm)',
  year_limit: 'Giới hạn năm',
  days_over: 'Số ngày quá 12 giờ',
  overrides: 'Số lần vượt giới hạn được duyệt',
  state: 'Trạng thái',
} as const satisfies Twin<typeof OT_COMPLIANCE_COLUMNS>;
export const OT_COMPLIANCE_STATE_LABELS = { OVER: 'Over a limit', NEAR: 'Near a limit', OK: 'Within limits' } as const;
export const OT_COMPLIANCE_STATE_LABELS_VI = { OVER: 'Vượt giới hạn', NEAR: 'Gần giới hạn', OK: 'Trong giới hạn' } as const;

/** YYYY-MM months [from, to] (inclusive), or the problem. */
export function complianceMonths(from: string | undefined, to: string | undefined): { months: string[] } | { problem: string } {
  const M = OT_LIMIT_MESSAGES;
  const ok = (m: string | undefined) => m !== undefined && /^\d{4}-(0[1-9]|1[0-2])$/.test(m);
  if (!ok(from) || !ok(to)) return { problem: M.monthsInvalid };
  if (from! > to!) return { problem: M.monthsOrder };
  const months: string[] = [];
  let [y, m] = from!.split('-').map(Number) as [number, number];
  while (`${y}-${String(m).padStart(2, '0')}` <= to!) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    if (months.length > OT_COMPLIANCE_MAX_MONTHS) return { problem: M.monthsTooMany };
    m += 1;
    if (m === 13) [y, m] = [y + 1, 1];
  }
  return { months };
}

/** OVER when a limit is passed, NEAR at 90 % of one, else OK. */
export function complianceState(r: Pick<OtComplianceRow, 'month_hours' | 'month_limit' | 'ytd_hours' | 'year_limit' | 'days_over'>): (typeof OT_COMPLIANCE_STATES)[number] {
  if (r.month_hours > r.month_limit || r.ytd_hours > r.year_limit || r.days_over > 0) return 'OVER';
  if (r.month_hours >= r.month_limit * OT_NEAR_SHARE || r.ytd_hours >= r.year_limit * OT_NEAR_SHARE) return 'NEAR';
  return 'OK';
}
