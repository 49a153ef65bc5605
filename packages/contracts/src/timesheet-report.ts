import { z } from 'zod';
import { idListSchema, idParamSchema, pagedEnvelope, pagingShape, safeText, envelope } from './schemas.ts';
import { TIMESHEET_GRID_MESSAGES } from './timesheet-grid.ts';

/**
 * Timesheets Summary and Timesheets Details reports (spec 001 §2.10, §3 Staff summary fields, §7.9): one row per
 * employee of a payroll period with the period's day, leave, OT and late/early figures; the details add one column per
 * date. Paths are the spec's (without `/api`); the chart is ours.
 */
export const TIMESHEET_REPORT_PATHS = {
  summary: '/tms/report/summary',
  detail: '/tms/report/detail',
  summaryChart: '/tms/report/summary-chart',
  exportDetail: '/tms/excel/download',
  exportSummary: '/tms/excel/download-summary',
} as const;

export const TIMESHEET_REPORT_MESSAGES = {
  success: 'Success',
  timesheetRequired: TIMESHEET_GRID_MESSAGES.timesheetRequired,
  timesheetNotFound: TIMESHEET_GRID_MESSAGES.timesheetNotFound,
  // spec 001 §8 (timesheet exports).
  noDataExport: 'No data export',
  exportSuccess: 'Timesheet is exported successfully!',
  exportDetailSuccess: 'Timesheet detail is exported successfully!',
  exportTimeout: 'Server Time Out!',
  loadFailed: TIMESHEET_GRID_MESSAGES.loadFailed,
} as const;

/** Export file names (ours; the spec names only the calls): the period's name, e.g. Timesheets_Summary_T11-2026.xlsx. */
export const timesheetSummaryFileName = (periodName: string) => `Timesheets_Summary_${periodName}.xlsx`;
export const timesheetDetailFileName = (periodName: string) => `Timesheets_Details_${periodName}.xlsx`;

/** Spec 001 §2.10: the details table scrolls to 6000 px. */
export const TIMESHEET_DETAIL_SCROLL_X = 6000;

/**
 * Filters of both reports, their exports and the chart (query parameters): the payroll period (required), departments,
 * divisions, employees by id, and a keyword matched on name or user name with and without Vietnamese diacritics.
 */
export const timesheetReportFilterShape = {
  timesheetId: idParamSchema(TIMESHEET_REPORT_MESSAGES.timesheetRequired),
  departments: idListSchema,
  divisions: idListSchema,
  employee: idListSchema,
  keyword: safeText().trim().max(250).optional(),
};
export const timesheetReportFilterSchema = z.object(timesheetReportFilterShape);
export type TimesheetReportFilter = z.infer<typeof timesheetReportFilterSchema>;
export const timesheetReportQuerySchema = z.object({ ...pagingShape(), ...timesheetReportFilterShape });
export type TimesheetReportQuery = z.infer<typeof timesheetReportQuerySchema>;

/**
 * One employee's figures for the period. Day figures are those of My Timesheet's summary (spec 001 §3 names);
 * OT figures are hours from the OT pay engine's stored lines of approved OT in the period; late/early from the days.
 */
export const timesheetSummaryRowSchema = z.object({
  employee_id: z.number().int(),
  staff: z.string(),
  user_name: z.string(),
  department: z.string().nullable(),
  division: z.string().nullable(),
  onboard_date: z.string(),
  contract_type: z.string().nullable(),
  contract_start_date: z.string().nullable(),
  contract_end_date: z.string().nullable(),
  standard_working_days: z.number(),
  total_working_days: z.number(),
  total_onsite_days: z.number(),
  total_paid_leave_days: z.number(),
  total_public_holidays: z.number(),
  total_offset_leave_days: z.number(),
  total_days_off_social_insurance_covers: z.number(),
  total_unpaid_leave_days: z.number(),
  total_paid_days: z.number(),
  /** Regular (not overtime) hours between 22:00 and 06:00, Labour Code 2019 Art. 98.2 (issue 27 §3). */
  night_working_hours: z.number(),
  ot_weekday_day_hours: z.number(),
  ot_weekday_night_hours: z.number(),
  ot_weekend_day_hours: z.number(),
  ot_weekend_night_hours: z.number(),
  ot_holiday_day_hours: z.number(),
  ot_holiday_night_hours: z.number(),
  original_total_ot_hours: z.number(),
  final_total_ot_hours: z.number(),
  ot_pay_hours: z.number(),
  ot_without_tax: z.number(),
  late_coming_hours: z.number(),
  late_coming_count: z.number().int(),
  early_leaving_hours: z.number(),
  early_leaving_count: z.number().int(),
});
export type TimesheetSummaryRow = z.infer<typeof timesheetSummaryRowSchema>;

/** A date of the details: the value the grid shows, its notation and the late/early marks. */
export const reportDaySchema = z.object({
  date: z.string(),
  value: z.number().nullable(),
  notation: z.string().nullable(),
  late: z.boolean(),
  early: z.boolean(),
});
export type ReportDay = z.infer<typeof reportDaySchema>;

export const timesheetDetailRowSchema = timesheetSummaryRowSchema.extend({ days: z.array(reportDaySchema) });
export type TimesheetDetailRow = z.infer<typeof timesheetDetailRowSchema>;

export const timesheetSummaryResponseSchema = pagedEnvelope(timesheetSummaryRowSchema);
export const timesheetDetailResponseSchema = pagedEnvelope(timesheetDetailRowSchema);

/** The summary chart (ours): per department of the filtered employees, paid, leave, unpaid days and OT hours. */
export const summaryChartRowSchema = z.object({
  department: z.string(),
  employees: z.number().int(),
  paid_days: z.number(),
  leave_days: z.number(),
  unpaid_days: z.number(),
  ot_hours: z.number(),
});
export type SummaryChartRow = z.infer<typeof summaryChartRowSchema>;
export const summaryChartResponseSchema = envelope(z.array(summaryChartRowSchema));

/** Numeric columns of the summary, in display order, with their headers (table, exports and totals row). */
export const SUMMARY_NUMBER_COLUMNS = [
  ['standard_working_days', 'Standard Working Days'],
  ['total_working_days', 'Total Working Days'],
  ['total_onsite_days', 'Onsite Days'],
  ['total_paid_leave_days', 'Paid Leave Days'],
  ['total_public_holidays', 'Public Holidays'],
  ['total_offset_leave_days', 'Offset Leave Days'],
  ['total_days_off_social_insurance_covers', 'Social Insurance Days'],
  ['total_unpaid_leave_days', 'Unpaid Leave Days'],
  ['total_paid_days', 'Total Paid Days'],
  ['night_working_hours', 'Night working hours'],
  ['ot_weekday_day_hours', 'OT Weekday Day (h)'],
  ['ot_weekday_night_hours', 'OT Weekday Night (h)'],
  ['ot_weekend_day_hours', 'OT Weekend Day (h)'],
  ['ot_weekend_night_hours', 'OT Weekend Night (h)'],
  ['ot_holiday_day_hours', 'OT Holiday Day (h)'],
  ['ot_holiday_night_hours', 'OT Holiday Night (h)'],
  ['original_total_ot_hours', 'Original Total OT (h)'],
  ['final_total_ot_hours', 'Final Total OT (h)'],
  ['ot_pay_hours', 'OT Pay Hours'],
  ['ot_without_tax', 'OT Without Tax (h)'],
  ['late_coming_hours', 'Late Coming (h)'],
  ['late_coming_count', 'Late Coming (times)'],
  ['early_leaving_hours', 'Early Leaving (h)'],
  ['early_leaving_count', 'Early Leaving (times)'],
] as const satisfies readonly (readonly [keyof TimesheetSummaryRow, string])[];
export type SummaryNumberKey = (typeof SUMMARY_NUMBER_COLUMNS)[number][0];
export const SUMMARY_NUMBER_HEADERS_VI = {
  standard_working_days: 'Ngày công chuẩn',
  total_working_days: 'Tổng ngày công',
  total_onsite_days: 'Ngày công tác (onsite)',
  total_paid_leave_days: 'Ngày nghỉ có lương',
  total_public_holidays: 'Ngày lễ, Tết',
  total_offset_leave_days: 'Ngày nghỉ bù',
  total_days_off_social_insurance_covers: 'Ngày nghỉ hưởng BHXH',
  total_unpaid_leave_days: 'Ngày nghỉ không lương',
  total_paid_days: 'Tổng ngày công hưởng lương',
  night_working_hours: 'Giờ làm việc ban đêm',
  ot_weekday_day_hours: 'Làm thêm ngày thường, ban ngày (giờ)',
  ot_weekday_night_hours: 'Làm thêm ngày thường, ban đêm (giờ)',
  ot_weekend_day_hours: 'Làm thêm ngày nghỉ, ban ngày (giờ)',
  ot_weekend_night_hours: 'Làm thêm ngày nghỉ, ban đêm (giờ)',
  ot_holiday_day_hours: 'Làm thêm ngày lễ, ban ngày (giờ)',
  ot_holiday_night_hours: 'Làm thêm ngày lễ, ban đêm (giờ)',
  original_total_ot_hours: 'Tổng giờ làm thêm ban đầu (giờ)',
  final_total_ot_hours: 'Tổng giờ làm thêm cuối cùng (giờ)',
  ot_pay_hours: 'Giờ làm thêm tính lương',
  ot_without_tax: 'Giờ làm thêm không chịu thuế (giờ)',
  late_coming_hours: 'Đi muộn (giờ)',
  late_coming_count: 'Đi muộn (lần)',
  early_leaving_hours: 'Về sớm (giờ)',
  early_leaving_count: 'Về sớm (lần)',
} as const satisfies Record<SummaryNumberKey, string>;

/** Staff columns, in display order, with their headers. */
export const SUMMARY_STAFF_COLUMNS = [
  ['staff', 'Staff'],
  ['user_name', 'User Name'],
  ['department', 'Department'],
  ['onboard_date', 'Onboard Date'],
  ['contract_type', 'Contract Type'],
  ['contract_start_date', 'Contract Start Date'],
  ['contract_end_date', 'Contract End Date'],
] as const satisfies readonly (readonly [keyof TimesheetSummaryRow, string])[];
export const SUMMARY_STAFF_HEADERS_VI = {
  staff: 'Nhân viên',
  user_name: 'Tên đăng nhập',
  department: 'Phòng ban',
  onboard_date: 'Ngày vào làm',
  contract_type: 'Loại hợp đồng',
  contract_start_date: 'Ngày bắt đầu hợp đồng',
  contract_end_date: 'Ngày kết thúc hợp đồng',
} as const satisfies Record<(typeof SUMMARY_STAFF_COLUMNS)[number][0], string>;

/** The label of the totals row of the exports (and the table's summary row). */
export const TOTAL_LABEL = 'Total';
export const TOTAL_LABEL_VI = 'Tổng';

/** Σ of each numeric column over rows, in thousandths (leave days carry 3 decimals, hours 2): the totals row. */
export function reportTotals(rows: readonly Pick<TimesheetSummaryRow, SummaryNumberKey>[]): Record<SummaryNumberKey, number> {
  const out = {} as Record<SummaryNumberKey, number>;
  for (const [key] of SUMMARY_NUMBER_COLUMNS) {
    let thousandths = 0;
    for (const r of rows) thousandths += Math.round(r[key] * 1000);
    out[key] = thousandths / 1000;
  }
  return out;
}
