import { z } from 'zod';
import { envelope, idListSchema as idList, idParamSchema, pagedEnvelope, pagingShape, textListSchema } from './schemas.ts';
import type { Role } from './roles.ts';
import type { Twin } from './file-headers.ts';

/**
 * Annual Leave Overview (spec 000 §2 "Annual Leave Overview", §3 "Annual leave overview row", §7 "Annual leave
 * overview"; RULES.md §7): every employee's annual leave position per payroll period, its Explain view (the ledger
 * lines behind a figure) and its export. Every figure is a sum of ledger entries; docs/leave-overview.md defines them.
 */
export const LEAVE_OVERVIEW_PATH = '/tms/leaves-management';
export const LEAVE_OVERVIEW_EXPLAIN_PATH = '/tms/leaves-management/explain';
export const LEAVE_FUND_EXPORT_PATH = '/tms/excel/export-leave-fund';
/** Spec 000 §7: "default file name LeaveFund.xlsx". */
export const LEAVE_FUND_EXPORT_FILE = 'LeaveFund.xlsx';

/** Who sees the tab and calls its three routes (spec 000 §2 tab table); leads within their data scope (RULES.md §3). */
export const LEAVE_OVERVIEW_READERS = ['HR', 'HRM', 'ADMIN', 'DULEAD', 'GROUP_LEAD'] as const satisfies readonly Role[];

/** The annual funds of the overview, in the spec's order (spec 000 §3); project leave (days) is not part of it. */
export const OVERVIEW_FUND_TYPES = ['default_leave', 'seniority_leave', 'prioritize_leave', 'reserve_leave', 'reserve_probationary_leave'] as const;
export type OverviewFundType = (typeof OVERVIEW_FUND_TYPES)[number];
/** The sum over the five funds. */
export const TOTAL_FUND = 'total_leave_detail';
export const EXPLAIN_FUND_TYPES = [...OVERVIEW_FUND_TYPES, TOTAL_FUND] as const;
export type ExplainFundType = (typeof EXPLAIN_FUND_TYPES)[number];

/** The six figures of a fund for a payroll period, in the spec's order (spec 000 §3, RULES.md §7). */
export const OVERVIEW_FIGURES = [
  'availability_begin_period',
  'addition_leave',
  'used_in_period',
  'expired',
  'current_leave_fund_availability',
  'leave_fund_availability_end_of_period',
] as const;
export type OverviewFigure = (typeof OVERVIEW_FIGURES)[number];

/** Column titles of the figures (table, modal, export). */
export const FIGURE_LABELS: Record<OverviewFigure, string> = {
  availability_begin_period: 'Availability begin period',
  addition_leave: 'Addition leave',
  used_in_period: 'Used in period',
  expired: 'Expired',
  current_leave_fund_availability: 'Current leave fund availability',
  leave_fund_availability_end_of_period: 'Leave fund availability end of period',
};
export const FUND_LABELS: Record<ExplainFundType, string> = {
  default_leave: 'Default leave',
  seniority_leave: 'Seniority leave',
  prioritize_leave: 'Bonus leave',
  reserve_leave: 'Carryover leave',
  reserve_probationary_leave: 'Probationary reserve leave',
  total_leave_detail: 'Total',
};

/** Every text the server answers and the web shows for the overview, kept once. */
export const LEAVE_OVERVIEW_MESSAGES = {
  title: 'Annual Leave Overview',
  detailTitle: 'Annual leave detail',
  explainTitle: 'Explain',
  exportButton: 'Export to Excel',
  /** Spec 000 §3: "months with zero total leave are displayed as not allowed". */
  notAllowed: 'Not allowed',
  periodRequired: 'Payroll period is required',
  periodNotFound: 'Payroll period not found',
  employeeRequired: 'Staff is required',
  employeeNotFound: 'Staff not found',
  figureInvalid: `Figure must be one of ${OVERVIEW_FIGURES.join(', ')}`,
  fundTypeInvalid: `Fund type must be one of ${EXPLAIN_FUND_TYPES.join(', ')}`,
  roleInvalid: 'Invalid role',
  noLines: 'No ledger entries make up this figure',
} as const;
const M = LEAVE_OVERVIEW_MESSAGES;

/** The filters of the list and the export (spec 000 §2 filter bar, §7). Ids comma-joined; `role` short names. */
const filterShape = {
  /** Payroll period id; default the period containing the company's today. */
  timesheetId: idParamSchema(M.periodNotFound).optional(),
  employee: idList,
  division: idList,
  department: idList,
  role: textListSchema,
};

// GET /api/tms/leaves-management
export const leaveOverviewQuerySchema = z.object({ ...pagingShape(), ...filterShape });
export type LeaveOverviewQuery = z.infer<typeof leaveOverviewQuerySchema>;

// GET /api/tms/excel/export-leave-fund: same filters, every matching employee.
export const leaveFundExportQuerySchema = z.object(filterShape);
export type LeaveFundExportQuery = z.infer<typeof leaveFundExportQuerySchema>;

/** Hours with 2 decimals. */
const hours = z.number();
export const fundFiguresSchema = z.object({
  availability_begin_period: hours,
  addition_leave: hours,
  used_in_period: hours,
  expired: hours,
  current_leave_fund_availability: hours,
  leave_fund_availability_end_of_period: hours,
});
export type FundFigures = z.infer<typeof fundFiguresSchema>;

export const monthLeaveSchema = z.object({
  /** 'MM/YYYY' of a payroll month of the period's financial year. */
  month: z.string(),
  /** Hours accrued for that month (default, seniority and probationary accrual rows keyed for it). */
  totalLeave: hours,
});
export type MonthLeave = z.infer<typeof monthLeaveSchema>;

export const leaveOverviewRowSchema = fundFiguresSchema.extend({
  employeeId: z.number().int(),
  employee: z.object({ id: z.number().int(), name: z.string(), user_name: z.string() }),
  fullName: z.string(),
  /** The employee's roles, short names joined with ', '. */
  role: z.string(),
  department_name: z.string(),
  division_name: z.string(),
  /** DD/MM/YYYY, or null when the employee has none. */
  seniorityDate: z.string().nullable(),
  /** Seniority on the period's last day as Y years, M months, D days (docs/leave-overview.md); null without a date. */
  years_seniority: z.number().int().nullable(),
  months_seniority: z.number().int().nullable(),
  days_seniority: z.number().int().nullable(),
  /** DD/MM/YYYY, the first working day. */
  hired_date: z.string(),
  /** 'DD/MM/YYYY - DD/MM/YYYY' */
  rangeTimesheet: z.string(),
  timesheetId: z.number().int(),
  timesheet_detail: z.object({ from_date: z.string(), to_date: z.string() }),
  annual_leave: z.object({
    default_leave: fundFiguresSchema,
    seniority_leave: fundFiguresSchema,
    prioritize_leave: fundFiguresSchema,
    reserve_leave: fundFiguresSchema,
    reserve_probationary_leave: fundFiguresSchema,
  }),
  total_leave_detail: fundFiguresSchema,
  month_leave_list: z.array(monthLeaveSchema),
});
export type LeaveOverviewRow = z.infer<typeof leaveOverviewRowSchema>;
export const leaveOverviewResponseSchema = pagedEnvelope(leaveOverviewRowSchema);

// GET /api/tms/leaves-management/explain?employeeId=&timesheetId=&figure=&fundType=
export const leaveExplainQuerySchema = z.object({
  employeeId: idParamSchema(M.employeeRequired),
  timesheetId: idParamSchema(M.periodNotFound).optional(),
  figure: z.enum(OVERVIEW_FIGURES, { error: M.figureInvalid }),
  fundType: z.enum(EXPLAIN_FUND_TYPES, { error: M.fundTypeInvalid }).default(TOTAL_FUND),
});
export type LeaveExplainQuery = z.infer<typeof leaveExplainQuerySchema>;

export const explainLineSchema = z.object({
  /** The ledger entry's id; 0 for a scheduled expiry (not written yet). */
  id: z.number().int(),
  /** DD/MM/YYYY dates. */
  entryDate: z.string(),
  fundRowId: z.number().int(),
  fundType: z.enum(OVERVIEW_FUND_TYPES),
  applyDate: z.string(),
  expireDate: z.string(),
  /** The ledger amount as written (± hours, up to 3 decimals). */
  amount: z.number(),
  /** What the entry adds to the figure: `sign × amount` (so Σ hours = total). */
  hours: z.number(),
  cause: z.string(),
  causeRef: z.string().nullable(),
  /**
   * Issue 26 §11: the request a USE or RETURN line came from (`causeRef` `request:<id>`), named as people know it —
   * its reason type in the reader's language and its first day (DD/MM/YYYY); null for other lines or a request gone.
   */
  request: z.object({ id: z.number().int(), reasonName: z.string().nullable(), startDate: z.string() }).nullable(),
  /**
   * An expiry the ledger will write on the row's expire date (what the row holds then), counted in the period's end
   * figure before the expiry job writes it (RULES.md §7 "expiries scheduled inside the period").
   */
  scheduled: z.boolean(),
  createdBy: z.object({ username: z.string().nullable(), name: z.string().nullable() }).nullable(),
  /** ISO instant; null for a scheduled expiry. */
  createdDate: z.string().nullable(),
});
export type ExplainLine = z.infer<typeof explainLineSchema>;

export const leaveExplainSchema = z.object({
  figure: z.enum(OVERVIEW_FIGURES),
  fundType: z.enum(EXPLAIN_FUND_TYPES),
  employeeId: z.number().int(),
  timesheetId: z.number().int(),
  rangeTimesheet: z.string(),
  /**
   * How a ledger amount counts in this figure: +1 (begin, addition, current, end) or −1 (used, expired: a USE of −4 h
   * is 4 used hours). Every line's `hours` is already `sign × amount`.
   */
  sign: z.union([z.literal(1), z.literal(-1)]),
  /** Σ lines' hours, 2 decimals: the figure shown in the overview. */
  total: hours,
  lines: z.array(explainLineSchema),
});
export type LeaveExplain = z.infer<typeof leaveExplainSchema>;
export const leaveExplainResponseSchema = envelope(leaveExplainSchema);

/** Export columns after the employee's own: the six totals, then the six figures of each fund. */
export const LEAVE_FUND_EXPORT_COLUMNS = {
  no: 'No.',
  username: 'Username',
  fullName: 'Full name',
  role: 'Role',
  division: 'Division',
  department: 'Department',
  seniorityDate: 'Seniority date',
  seniority: 'Seniority (Y-M-D)',
  hiredDate: 'Hired date',
  rangeTimesheet: 'Range timesheet',
} as const;
export const LEAVE_FUND_EXPORT_COLUMNS_VI = {
  no: 'STT',
  username: 'Tên đăng nhập',
  fullName: 'Họ và tên',
  role: 'Vai trò',
  division: 'Khối',
  department: 'Phòng ban',
  seniorityDate: 'Ngày tính thâm niên',
  seniority: 'Thâm niên (năm-tháng-ngày)',
  hiredDate: 'Ngày vào làm',
  rangeTimesheet: 'Kỳ bảng công',
} as const satisfies Twin<typeof LEAVE_FUND_EXPORT_COLUMNS>;
export const figureColumnTitle = (fund: ExplainFundType, figure: OverviewFigure) =>
  fund === TOTAL_FUND ? FIGURE_LABELS[figure] : `${FUND_LABELS[fund]} - ${FIGURE_LABELS[figure]}`;
/** The Vietnamese titles of the figure columns of the export (the table's and the modal's stay with the web). */
export const FIGURE_LABELS_VI = {
  availability_begin_period: 'Số dư đầu kỳ',
  addition_leave: 'Phép cộng thêm',
  used_in_period: 'Đã dùng trong kỳ',
  expired: 'Hết hạn',
  current_leave_fund_availability: 'Quỹ phép còn lại hiện tại',
  leave_fund_availability_end_of_period: 'Quỹ phép còn lại cuối kỳ',
} as const satisfies Twin<typeof FIGURE_LABELS>;
export const FUND_LABELS_VI = {
  default_leave: 'Phép năm',
  seniority_leave: 'Phép thâm niên',
  prioritize_leave: 'Phép thưởng',
  reserve_leave: 'Phép tồn',
  reserve_probationary_leave: 'Phép thời gian thử việc',
  total_leave_detail: 'Tổng',
} as const satisfies Twin<typeof FUND_LABELS>;
export const figureColumnTitleVi = (fund: ExplainFundType, figure: OverviewFigure) =>
  fund === TOTAL_FUND ? FIGURE_LABELS_VI[figure] : `${FUND_LABELS_VI[fund]} - ${FIGURE_LABELS_VI[figure]}`;

/** 'YYYY-MM' → 'MM/YYYY' (month_leave_list). */
export const monthLabel = (yearMonth: string) => `${yearMonth.slice(5, 7)}/${yearMonth.slice(0, 4)}`;
