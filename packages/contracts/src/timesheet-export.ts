import { z } from 'zod';
import { envelope, flagSchema, idListSchema, idParamSchema, textListSchema } from './schemas.ts';
import type { Twin } from './file-headers.ts';
import { TIMESHEET_EXPORT_MESSAGES } from './timesheet-export-constants.ts';
// The area's paths, roles, limits and texts are in timesheet-export-constants.ts, without zod (the web's first load imports
// them from there); this file adds the schemas and re-exports them.
export * from './timesheet-export-constants.ts';

/** Body of tms/excel/{id}/rule and rule2 (spec 001 §7.1); `employee_id` narrows to chosen employees. */
export const exportBodySchema = z
  .object({
    location: textListSchema,
    departmentsFilter: idListSchema,
    role: textListSchema,
    employee: idListSchema,
    divisions: idListSchema,
    workScheduleTypes: textListSchema,
    reason_type: textListSchema,
    actionAbnormalCase: flagSchema,
    employee_id: idListSchema,
  })
  .nullish();
export type ExportBody = z.infer<typeof exportBodySchema>;

/** Body of tms/excel/zip: { employeeId: [ids], timesheetId }. */
export const zipBodySchema = z.object({
  employeeId: z.array(idParamSchema(TIMESHEET_EXPORT_MESSAGES.employeeRequired), { error: TIMESHEET_EXPORT_MESSAGES.employeeRequired }).min(1, TIMESHEET_EXPORT_MESSAGES.employeeRequired).max(500),
  timesheetId: idParamSchema(TIMESHEET_EXPORT_MESSAGES.timesheetNotFound),
});
export type ZipBody = z.infer<typeof zipBodySchema>;

/**
 * Body of send-email (spec 001 §7.1): location, employee, department, reason_type, action_abnormal_case, employee_id,
 * except_employee. `employee_id` (the chosen rows) wins when given; otherwise the filter picks the employees, less
 * `except_employee`.
 */
export const sendEmailBodySchema = z
  .object({
    location: textListSchema,
    employee: idListSchema,
    department: idListSchema,
    /** As on screen (the spec's body lacks them; without them a division/role/schedule-type filter would mail everyone). */
    divisions: idListSchema,
    role: textListSchema,
    workScheduleTypes: textListSchema,
    reason_type: textListSchema,
    action_abnormal_case: flagSchema,
    employee_id: idListSchema,
    except_employee: idListSchema,
  })
  .nullish();
export type SendEmailBody = z.infer<typeof sendEmailBodySchema>;
export const sendEmailResultSchema = z.object({ recipients: z.number().int(), jobId: z.number().int().nullable() });
export const sendEmailResponseSchema = envelope(sendEmailResultSchema);

/** Query of the import: type=overwrite replaces the file's employee-days' imported punches (spec 001 §7.1). */
export const importQuerySchema = z.object({ type: z.enum(['overwrite', 'append']).catch('overwrite').default('overwrite') });

/** Timesheet import template columns, in order. Date DD/MM/YYYY; times HH:mm (a time after midnight may be 24:00–27:59 or the next day's early hours). */
export const TIMESHEET_IMPORT_COLUMNS = ['Attendance Check System', 'Attendance Check ID', 'Date', 'Check In', 'Check Out'] as const;
export const TIMESHEET_IMPORT_COLUMNS_VI = ['Hệ thống chấm công', 'Mã chấm công', 'Ngày', 'Chấm công vào', 'Chấm công ra'] as const satisfies Twin<typeof TIMESHEET_IMPORT_COLUMNS>;
export const TIMESHEET_IMPORT_TEMPLATE_NAME = 'Timesheet_Import_Template.xlsx';
export const TIMESHEET_IMPORT_RESULT_NAME = 'Timesheet_Import_Result.xlsx';

// ---------------------------------------------------------------------------------------------------------------
// Sheet layouts (spec 001 §7.1 names the files, not their columns; these are ours).

/** tms/excel/{id}/rule: one row per employee; a day column per date of the period between the fixed ones. */
export const TIMESHEET_LIST_SHEET = 'Timesheet List';
export const TIMESHEET_LIST_LEADING_HEADERS = ['No', 'Staff ID', 'Name', 'Department', 'Role'] as const;
export const TIMESHEET_LIST_TRAILING_HEADERS = ['Total', 'Violation'] as const;
export const TIMESHEET_LIST_LEADING_HEADERS_VI = ['STT', 'Mã nhân viên', 'Họ và tên', 'Phòng ban', 'Vai trò'] as const satisfies Twin<typeof TIMESHEET_LIST_LEADING_HEADERS>;
export const TIMESHEET_LIST_TRAILING_HEADERS_VI = ['Tổng', 'Vi phạm'] as const satisfies Twin<typeof TIMESHEET_LIST_TRAILING_HEADERS>;
/** Header row 1 of a day column is 'DD/MM'; row 2 holds its weekday (`WEEKDAY_SHORT`, Sunday first). */
export const TIMESHEET_LIST_HEADER_ROWS = 2;
export const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const WEEKDAY_SHORT_VI = ['CN', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7'] as const satisfies Twin<typeof WEEKDAY_SHORT>;

/** tms/excel/{id}/rule2 and each file of the zip: one row per employee-day. */
export const TIMESHEET_DETAIL_SHEET = 'Timesheet Detail';
export const TIMESHEET_DETAIL_HEADERS = [
  'Staff ID',
  'Name',
  'Department',
  'Date',
  'Day type',
  'Check In',
  'Check Out',
  'Value',
  /** RULES.md §4: H, P, P/2, KL… (the notation table). */
  'Notation',
  'Late (min)',
  'Early (min)',
  'Absent (min)',
  'Abnormal reason',
] as const;
export const TIMESHEET_DETAIL_HEADERS_VI = [
  'Mã nhân viên',
  'Họ và tên',
  'Phòng ban',
  'Ngày',
  'Loại ngày',
  'Chấm công vào',
  'Chấm công ra',
  'Công',
  'Ký hiệu',
  'Đi muộn (phút)',
  'Về sớm (phút)',
  'Vắng mặt (phút)',
  'Lý do bất thường',
] as const satisfies Twin<typeof TIMESHEET_DETAIL_HEADERS>;

/** Abnormal reason codes (RULES.md §4, spec 001 §9) as the detail sheets write them. */
export const ABNORMAL_REASON_TEXT: Readonly<Record<string, string>> = {
  '1': 'Early leaving',
  '2': 'Late coming',
  '3': 'Part-day leave',
  '4': 'No check-in',
  '5': 'No check-out',
  '6': 'No check-in and check-out',
  FLEXIBLE_ABSENT: 'Not enough working time',
};
export const DAY_TYPE_TEXT: Readonly<Record<string, string>> = {
  WORKING: 'Working day',
  WEEKEND: 'Weekend',
  NON_WORKING: 'Non-working day',
  HOLIDAY: 'Public holiday',
};

/**
 * The summary block at the top of each employee file in the zip: label in column A, value in column B, one row each,
 * then an empty row, then the detail table (TIMESHEET_DETAIL_HEADERS) from row `EMPLOYEE_DETAIL_TABLE_ROW`.
 */
export const EMPLOYEE_DETAIL_SUMMARY_LABELS = [
  'Staff ID',
  'Name',
  'Department',
  'Timesheet',
  'Total workday',
  'Working days',
  'Abnormal days',
  'Late coming days',
  'Early leaving days',
] as const;
export const EMPLOYEE_DETAIL_SUMMARY_LABELS_VI = [
  'Mã nhân viên',
  'Họ và tên',
  'Phòng ban',
  'Bảng công',
  'Tổng ngày công',
  'Ngày làm việc',
  'Ngày bất thường',
  'Số ngày đi muộn',
  'Số ngày về sớm',
] as const satisfies Twin<typeof EMPLOYEE_DETAIL_SUMMARY_LABELS>;
export const EMPLOYEE_DETAIL_TABLE_ROW = EMPLOYEE_DETAIL_SUMMARY_LABELS.length + 2;

/** Up to this many recipients the mails go out inside the request; more are sent by a background job. */
export const SEND_EMAIL_SYNC_MAX = 20;

/** Spec 001 §5.1 "Import accepts .xls or .xlsx only". */
export const TIMESHEET_IMPORT_EXTENSIONS = ['.xls', '.xlsx'] as const;
/** Rows of one import file: a month of about 2,000 accounts; the 5 MB upload limit bounds it too. */
export const TIMESHEET_IMPORT_MAX_ROWS = 50_000;

/**
 * Texts of the timesheet import (spec 001 §7.1, §8). `imported` is the spec's; the spec gives none for the row
 * checks, so these name the column and the rule. Each failing rule of a row goes into its Error cell.
 */
export const TIMESHEET_IMPORT_MESSAGES = {
  imported: TIMESHEET_EXPORT_MESSAGES.imported,
  missingColumn: (header: string) => `Missing column: ${header}`,
  noRows: 'The file has no data rows',
  systemRequired: 'Attendance Check System is required',
  systemInvalid: (systems: readonly string[]) => `Attendance Check System must be one of ${systems.join(', ')}`,
  idRequired: 'Attendance Check ID is required',
  idInvalid: 'Attendance Check ID must be text or a whole number',
  idTooLong: (max: number) => `Attendance Check ID must be at most ${max} characters`,
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a date in DD/MM/YYYY format',
  dateLocked: (lockDate: string) => `Date must be after ${lockDate}, the end of the last approved timesheet`,
  dateInFuture: 'Date cannot be in the future',
  checkTimeRequired: 'Check In or Check Out is required',
  checkInInvalid: 'Check In must be a time in HH:mm format, from 00:00 to 23:59',
  checkOutInvalid: 'Check Out must be a time in HH:mm format, from 00:00 to 23:59 (or 24:00 to 27:59 for the next morning)',
  checkOutSameAsCheckIn: 'Check Out must be different from Check In',
  checkInInFuture: 'Check In cannot be in the future',
  checkOutInFuture: 'Check Out cannot be in the future',
  accountNotAssigned: (system: string, id: string, date: string) => `Attendance Check ID ${id} of ${system} is not assigned to any employee on ${date}`,
  duplicateRow: (firstRow: number) => `Duplicate of row ${firstRow}: the same Attendance Check System, Attendance Check ID and Date`,
} as const;
