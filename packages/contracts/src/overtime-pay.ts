import { z } from 'zod';
import { envelope } from './schemas.ts';
import type { Twin } from './file-headers.ts';
import { OT_LIMIT_FIELDS, PAYROLL_TABLE_OT_LIMITS } from './overtime-limits.ts';

/**
 * The OT pay part of overtime (RULES.md §6, spec 001 §5.6, spec 002 "Payroll Configuration"): the shift keys the pay
 * engine splits hours into, the payroll configuration tables and their page, Recalculate Salary, the date-type and
 * overtime-shift lookups and the OT report. docs/overtime-pay.md explains the rules.
 */

// ---------------------------------------------------------------------------------------------------------------
// Shifts (the coefficient keys)

export const OT_SHIFT_KEYS = [
  'workday',
  'night_workday',
  'night_workday_has_day_time',
  'day_off',
  'night_day_off',
  'holiday',
  'night_holiday',
] as const;
export type OtShiftKey = (typeof OT_SHIFT_KEYS)[number];

export const OT_SHIFT_LABELS: Record<OtShiftKey, string> = {
  workday: 'Workday',
  night_workday: 'Night workday',
  night_workday_has_day_time: 'Night workday after daytime OT',
  day_off: 'Day off',
  night_day_off: 'Night day off',
  holiday: 'Holiday',
  night_holiday: 'Night holiday',
};
/** The shift names in Vietnamese (the OT report's shift columns). */
export const OT_SHIFT_LABELS_VI = {
  workday: 'Ngày thường',
  night_workday: 'Ban đêm ngày thường',
  night_workday_has_day_time: 'Ban đêm ngày thường sau làm thêm ban ngày',
  day_off: 'Ngày nghỉ hằng tuần',
  night_day_off: 'Ban đêm ngày nghỉ hằng tuần',
  holiday: 'Ngày lễ',
  night_holiday: 'Ban đêm ngày lễ',
} as const satisfies Record<OtShiftKey, string>;

/** The coefficient key of a shift (`coefficient_workday`, …). */
export const coefficientKey = (shift: OtShiftKey) => `coefficient_${shift}`;
/** The taxable-part key of a shift: the night-after-daytime shift shares `tax_coefficient_night_workday` (six tax keys). */
export const taxCoefficientKey = (shift: OtShiftKey) => `tax_coefficient_${shift === 'night_workday_has_day_time' ? 'night_workday' : shift}`;

/** Night is 22:00–06:00 local (RULES.md §6), minutes of the local day. */
export const OT_NIGHT = { startMinute: 22 * 60, endMinute: 6 * 60 } as const;

// ---------------------------------------------------------------------------------------------------------------
// Payroll configuration (spec 002 §3 Payroll config table, §5, §7)

export const PAYROLL_CONFIG_ALL_PATH = '/payroll/config-table/all';
export const PAYROLL_CONFIG_UPDATE_PATH = '/payroll/config-table/update';
/** Ours: Recalculate Salary (spec 002: "its action is not shown"). */
export const PAYROLL_RECALCULATE_SALARY_PATH = '/payroll/config-table/recalculate-salary';
export const RECALCULATE_SALARY_JOB = 'overtime-pay.recalculate-salary';

/** spec 002 §7: "success when code is 0" (the HTTP status stays 200). */
export const PAYROLL_CONFIG_SUCCESS_CODE = 0;

export const PAYROLL_TABLE_OVERTIME = 'payroll_overtime';
export const PAYROLL_TABLE_BONUS = 'bonus';
export const PAYROLL_TABLE_CODES = [PAYROLL_TABLE_OVERTIME, PAYROLL_TABLE_BONUS, PAYROLL_TABLE_OT_LIMITS] as const;
export type PayrollTableCode = (typeof PAYROLL_TABLE_CODES)[number];

export const PAYROLL_COEFFICIENT_KEYS = OT_SHIFT_KEYS.map(coefficientKey);
export const PAYROLL_TAX_KEYS = ['workday', 'night_workday', 'day_off', 'night_day_off', 'holiday', 'night_holiday'].map((s) => `tax_coefficient_${s}`);

/** The keys of each table in the page's order, with readable labels. */
export const PAYROLL_TABLE_FIELDS: Record<PayrollTableCode, { key: string; label: string }[]> = {
  payroll_overtime: [
    ...OT_SHIFT_KEYS.map((s) => ({ key: coefficientKey(s), label: `${OT_SHIFT_LABELS[s]} (%)` })),
    ...(['workday', 'night_workday', 'day_off', 'night_day_off', 'holiday', 'night_holiday'] as const).map((s) => ({
      key: `tax_coefficient_${s}`,
      label: `Taxable part, ${OT_SHIFT_LABELS[s].toLowerCase()} (%)`,
    })),
  ],
  // spec 002 "Payroll Configuration": the Bonus In Month form's keys are written `Staff` and `Management`.
  bonus: [
    { key: 'Staff', label: 'Staff' },
    { key: 'Management', label: 'Management' },
  ],
  // Issue 27 §2: the overtime limits (hours; docs/overtime-limits.md).
  overtime_limits: OT_LIMIT_FIELDS.map((f) => ({ key: f.key, label: f.label })),
};

/**
 * Keys stored or sent before issue 26 (migration 0015 wrote the bonus keys in lower case): read and accepted as the
 * spec's key, written only as the spec's key.
 */
const LEGACY_PAYROLL_KEYS: Record<string, string> = { staff: 'Staff', management: 'Management' };
export const payrollKeyOf = (key: string): string => LEGACY_PAYROLL_KEYS[key] ?? key;

/** Values are integers 0 … 1000 (percent for the overtime table). */
export const PAYROLL_VALUE_MAX = 1000;

export const PAYROLL_CONFIG_MESSAGES = {
  updateFail: 'Update Fail',
  notANumber: 'Value is not a number',
  // ours (the spec is silent):
  updated: 'Update successfully',
  notInteger: 'Value must be a whole number',
  outOfRange: `Value must be between 0 and ${PAYROLL_VALUE_MAX}`,
  unknownKey: (key: string) => `Unknown configuration key: ${key}`,
  unknownTable: (code: string) => `Unknown configuration table: ${code}`,
  stale: 'The configuration was changed by someone else. Reload and try again.',
  recalculateQueued: 'Recalculate Salary has started',
  recalculateConfirm: 'Recalculate the overtime pay of every request after the lock date with the current coefficients?',
  recalculateDone: 'Recalculate Salary finished',
  recalculateFailed: 'Recalculate Salary failed',
  recalculateRunning: 'Recalculating…',
} as const;

export const PAYROLL_CONFIG_TEXTS = {
  tab: 'Configuration',
  recalculate: 'Recalculate Salary',
  overtime: 'Overtime',
  coefficients: 'Coefficients',
  taxCoefficients: 'Tax-exempt coefficients (taxable part)',
  bonus: 'Bonus In Month',
  save: 'Save',
} as const;

export type PayrollConfigEntry = { key: string; value: number };
export type PayrollConfigTable = { id: number; table_code: string; table_config: PayrollConfigEntry[]; version: number };

export const payrollConfigEntrySchema = z.object({ key: z.string().min(1).max(80), value: z.unknown() });
export const payrollConfigTableSchema = z.object({
  id: z.number().int(),
  table_code: z.string(),
  table_config: z.array(z.object({ key: z.string(), value: z.number() })),
  version: z.number().int(),
});
export const payrollConfigAllResponseSchema = envelope(z.array(payrollConfigTableSchema));

/** One changed table: its id or code, its entries (a value may arrive as text: it is checked as a number), its version. */
export const payrollConfigUpdateItemSchema = z.object({
  id: z.number().int().optional(),
  table_code: z.string().max(40).optional(),
  table_config: z.array(payrollConfigEntrySchema).max(50),
  version: z.number().int().optional(),
});
export const payrollConfigUpdateBodySchema = z.array(payrollConfigUpdateItemSchema).max(10);
export type PayrollConfigUpdateItem = z.infer<typeof payrollConfigUpdateItemSchema>;
export const payrollConfigUpdateResponseSchema = envelope(z.array(payrollConfigTableSchema));

export const recalculateSalaryResponseSchema = envelope(z.object({ jobId: z.number().int() }));

/**
 * The page's value check (spec 002 §5): empty → 0; not a number → 'Value is not a number'; a fraction or out of range
 * → our texts. Answers the integer or the message.
 */
export function parsePayrollValue(raw: unknown): { ok: true; value: number } | { ok: false; message: string } {
  if (raw === null || raw === undefined) return { ok: true, value: 0 };
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null) return { ok: false, message: PAYROLL_CONFIG_MESSAGES.notANumber };
  if (text === '') return { ok: true, value: 0 };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { ok: false, message: PAYROLL_CONFIG_MESSAGES.notANumber };
  const n = Number(text);
  if (!Number.isFinite(n)) return { ok: false, message: PAYROLL_CONFIG_MESSAGES.notANumber };
  if (!Number.isInteger(n)) return { ok: false, message: PAYROLL_CONFIG_MESSAGES.notInteger };
  if (n < 0 || n > PAYROLL_VALUE_MAX) return { ok: false, message: PAYROLL_CONFIG_MESSAGES.outOfRange };
  return { ok: true, value: n };
}

// ---------------------------------------------------------------------------------------------------------------
// Lookups and the OT report (spec 001 §7.3)

export const DATE_TYPE_PATH = '/tms/filters/date-type';
export const OVERTIME_SHIFT_PATH = '/tms/filters/overtime-shift';
export const REPORT_OT_PATH = '/tms/excel/report-ot';
export const reportOtFileName = (from: string, to: string) => `Report_OT_${from}-${to}.xlsx`;

export const dateTypeQuerySchema = z.object({
  date: z.string().max(20).optional(),
  employeeId: z.coerce.number().int().positive().optional(),
});
export const dateTypeResponseSchema = envelope(z.object({ name: z.enum(['WORKDAY', 'DAY_OFF', 'HOLIDAY']), date: z.string(), employeeId: z.number().int() }));

export const overtimeShiftQuerySchema = z.object({ shiftName: z.string().max(100).optional() });
export const overtimeShiftResponseSchema = envelope(z.array(z.object({ key: z.string(), name: z.string() })));

export const reportOtQuerySchema = z.object({ fromDate: z.string().max(20).optional(), toDate: z.string().max(20).optional() });

export const OT_REPORT_MESSAGES = {
  dateRequired: 'From date and to date are required',
  invalidDate: 'Invalid date',
  fromAfterTo: 'From date must be on or before to date',
  rangeTooLong: 'The report covers at most 366 days',
  dateTypeDateRequired: 'Date is required',
  employeeNotFound: 'Employee not found',
} as const;

/** The report's columns (one row per approved request × staff). */
export const OT_REPORT_COLUMNS = {
  staffId: 'Staff ID',
  name: 'Name',
  department: 'Department',
  project: 'Project',
  kind: 'Kind',
  type: 'OT Type',
  otDate: 'OT Date',
  dateType: 'Date Type',
  start: 'Start',
  end: 'End',
  checkIn: 'Check In',
  checkOut: 'Check Out',
  originalTotal: 'Original Total (h)',
  finalTotal: 'Final Total (h)',
  payHours: 'OT Pay Hours',
  nonTaxHours: 'OT Without Tax (h)',
  offset: 'Paid By Offset Day',
} as const;
export const otReportShiftHeader = (shift: OtShiftKey) => `${OT_SHIFT_LABELS[shift]} (h)`;
export const OT_REPORT_COLUMNS_VI = {
  staffId: 'Mã nhân viên',
  name: 'Họ và tên',
  department: 'Phòng ban',
  project: 'Dự án',
  kind: 'Hình thức',
  type: 'Loại làm thêm giờ',
  otDate: 'Ngày làm thêm giờ',
  dateType: 'Loại ngày',
  start: 'Bắt đầu',
  end: 'Kết thúc',
  checkIn: 'Chấm công vào',
  checkOut: 'Chấm công ra',
  originalTotal: 'Tổng ban đầu (giờ)',
  finalTotal: 'Tổng cuối cùng (giờ)',
  payHours: 'Giờ làm thêm tính lương',
  nonTaxHours: 'Giờ làm thêm không chịu thuế (giờ)',
  offset: 'Trả bằng ngày nghỉ bù',
} as const satisfies Twin<typeof OT_REPORT_COLUMNS>;
export const otReportShiftHeaderVi = (shift: OtShiftKey) => `${OT_SHIFT_LABELS_VI[shift]} (giờ)`;
