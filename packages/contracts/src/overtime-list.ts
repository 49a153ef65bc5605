import { z } from 'zod';
import { envelope, idListSchema, pagedEnvelope, pagingShape, safeText } from './schemas.ts';
import type { Twin } from './file-headers.ts';

/**
 * The overtime list page (spec 001 §2.4, §6, §7.3, §7.10): both lists, the list export, Import Overtime and the
 * overtime lookups. Paths are the spec's (without `/api`).
 */
export const OVERTIME_LIST_PATH = '/tms/overtime-request';
export const OVERTIME_FLEXIBLE_LIST_PATH = '/tms/overtime-request/get-list-request-ot-flexible';
export const OVERTIME_EXPORT_PATH = '/tms/excel/request-ot';
/** Built by the pay part (Export Overtime Report); the page calls it with the same dates. */
export const OVERTIME_REPORT_PATH = '/tms/excel/report-ot';
export const OVERTIME_IMPORT_PATH = '/tms/overtime-management/v2/import-gdc-over-time-sheet-sync';
/** Ours (the spec names no template call). */
export const OVERTIME_IMPORT_TEMPLATE_PATH = '/tms/overtime-management/v2/import-template';
export const OVERTIME_LOOKUP_PATHS = {
  otType: '/tms/filters/ot-type',
  otTypeFlexible: '/tms/filters/ot-type-flexible',
  statusTypeFlexible: '/tms/filters/status-type-flexible',
  employeeOt: '/tms/filters/employee-ot',
} as const;

/** spec 001 §7.3 file names; `from`/`to` as sent (YYYY-MM-DD). */
export const overtimeListFileName = (from: string, to: string) => `Overtime_List_${from}-${to}.xlsx`;
export const overtimeReportFileName = (from: string, to: string) => `Report_OT_${from}-${to}.xlsx`;
export const OVERTIME_IMPORT_TEMPLATE_FILE = 'Import_Overtime_Template.xlsx';
export const OVERTIME_IMPORT_RESULT_FILE = 'Import_Overtime_Result.xlsx';
export const OVERTIME_IMPORT_MAX_ROWS = 5000;

/** Import columns (ours, spec 001 §7.3 names only the call): one row = approved fixed OT one staff member worked. */
export const OVERTIME_IMPORT_COLUMNS = {
  username: 'Username',
  projectCode: 'Project Code',
  otDate: 'OT Date',
  start: 'Start',
  end: 'End',
  otType: 'OT Type',
  title: 'Title',
  description: 'Description',
} as const;
export const OVERTIME_IMPORT_COLUMNS_VI = {
  username: 'Tên đăng nhập',
  projectCode: 'Mã dự án',
  otDate: 'Ngày làm thêm giờ',
  start: 'Bắt đầu',
  end: 'Kết thúc',
  otType: 'Loại làm thêm giờ',
  title: 'Tiêu đề',
  description: 'Mô tả',
} as const satisfies Twin<typeof OVERTIME_IMPORT_COLUMNS>;

export const OVERTIME_LIST_MESSAGES = {
  success: 'Success',
  exportDatesRequired: 'From date and to date are required',
  exportDatesInvalid: 'From date must be on or before to date',
  employeeNotFound: 'Employee not found',
  // Import (ours):
  importMissingColumn: (h: string) => `Missing column ${h}`,
  importNoRows: 'The file has no rows',
  importUsernameRequired: 'Username is required',
  importUsernameUnknown: (u: string) => `Username ${u} does not exist`,
  importProjectRequired: 'Project Code is required',
  importProjectUnknown: (c: string) => `Project Code ${c} does not exist`,
  importDateRequired: 'OT Date is required',
  importDateInvalid: 'OT Date must be DD/MM/YYYY',
  importTimeInvalid: (h: string) => `${h} must be HH:mm`,
  importTypeInvalid: `OT Type must be one of OT_AT_OFFICE, OT_FROM_HOME, WORK_OUTSIDE`,
  importOverlapsFile: 'The OT time overlaps another row of this file for the same staff',
  importOverlapsForm: 'The OT time overlaps an overtime request of this staff filed in the app',
  importOverlapsImport: 'The OT time overlaps imported overtime of this staff (import with type=overwrite to replace it)',
} as const;

/** Fixed staff-row and flexible-index colours of the status tag (antd tag colours). */
export const FIXED_STATUS_COLORS: Record<number, string> = { 1: 'gold', 3: 'green', 4: 'red', 5: 'default', 6: 'default', 10: 'orange' };
export const FLEXIBLE_STATUS_COLORS: Record<number, string> = { 0: 'gold', 1: 'cyan', 2: 'red', 3: 'blue', 4: 'red', 5: 'green', 6: 'default', 7: 'orange' };
export const FIXED_TAG_COLORS: Record<string, string> = { CANCELLED: 'default', PENDING: 'gold', EXPIRED: 'orange', DONE: 'green' };

const isoDate = safeText().max(20).optional();

/** Filters of both lists and the export (query parameters). */
export const overtimeListQuerySchema = z.object({
  ...pagingShape(),
  keyword: safeText().max(250).optional(),
  projectId: idListSchema,
  /** FIXED: staff-row shown statuses (1, 3, 4, 5, 6, 10); FLEXIBLE: shown indexes (0–7). */
  status: idListSchema,
  /** YYYY-MM-DD bounds on the OT date. */
  fromDate: isoDate,
  toDate: isoDate,
  /** Employee ids of the staff. */
  staff: idListSchema,
  otType: safeText().max(40).optional(),
});
export type OvertimeListQuery = z.infer<typeof overtimeListQuerySchema>;

export const overtimeExportQuerySchema = overtimeListQuerySchema.extend({
  /** Which list: FIXED (default) or FLEXIBLE. */
  kind: z.enum(['FIXED', 'FLEXIBLE']).optional(),
});
export type OvertimeExportQuery = z.infer<typeof overtimeExportQuerySchema>;

const person = z.object({ id: z.number().int(), name: z.string(), user_name: z.string() }).nullable();
const project = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

export const fixedListStaffSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  user_name: z.string(),
  /** The shown status (a pending row on or before the lock date reads 10 EXPIRED). */
  status: z.number().int(),
  statusText: z.string(),
});
export const fixedListRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  project,
  ot_date: z.string(),
  /** Company-local 'YYYY-MM-DD HH:mm:ss' (spec 001 §3). */
  start_time: z.string(),
  end_time: z.string(),
  ot_type: z.string(),
  approver: person,
  createdBy: person,
  tag: z.object({ kind: z.enum(['CANCELLED', 'PENDING', 'EXPIRED', 'DONE']), text: z.string() }),
  staff: z.array(fixedListStaffSchema),
  is_ot_paid_by_offset_day: z.boolean(),
  source: z.string(),
  version: z.number().int(),
});
export type FixedListRow = z.infer<typeof fixedListRowSchema>;

export const flexibleListRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  staff: person,
  project,
  /** DD/MM/YYYY as the flexible payloads (spec 001 §3). */
  overtimeDate: z.string(),
  dateType: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  requestType: z.string(),
  totalTimeActual: z.number().nullable(),
  totalTimeConfirm: z.number().nullable(),
  projectManager: person,
  manager: person,
  /** The shown index (0, 1, 3 on or before the lock date read 7). */
  status: z.number().int(),
  statusText: z.string(),
  version: z.number().int(),
  /** Issue 29: the manager stage's step while confirmed in an approval flow. */
  approval_step: z.object({ step: z.number().int(), count: z.number().int(), flow_name: z.string() }).nullable(),
});
export type FlexibleListRow = z.infer<typeof flexibleListRowSchema>;

export const fixedListResponseSchema = pagedEnvelope(fixedListRowSchema);
export const flexibleListResponseSchema = pagedEnvelope(flexibleListRowSchema);

const option = z.object({ value: z.string(), label: z.string() });
export const otTypeLookupResponseSchema = envelope(z.array(option));
export const flexibleStatusLookupResponseSchema = envelope(z.array(z.object({ value: z.number().int(), label: z.string() })));

export const employeeOtQuerySchema = z.object({ username: safeText().max(100).optional() });
export const employeeOtSchema = z.object({
  username: z.string(),
  employeeId: z.number().int().nullable(),
  /** The staff policy's `ot_type` in force today (null: none, read as fixed). */
  overtimeType: z.string().nullable(),
  isFlexible: z.boolean(),
  /** A policy with a work schedule is in force today (spec 001 §2.4, §6: flexible Add New needs one). */
  hasWorkSchedule: z.boolean(),
  /** Add New is allowed: fixed types always, flexible types with a work schedule. */
  canAddNew: z.boolean(),
  /** spec 001 §6 Other rules: fixed types list all projects, configured or flexible types their own. */
  listsAllProjects: z.boolean(),
  projects: z.array(project),
});
export type EmployeeOt = z.infer<typeof employeeOtSchema>;
export const employeeOtResponseSchema = envelope(employeeOtSchema);
export const overtimeImportResponseSchema = envelope(z.object({ count: z.number().int() }));

/** Export columns of Overtime_List (fixed and flexible). */
export const FIXED_EXPORT_COLUMNS = [
  { header: 'Title', key: 'title', width: 40 },
  { header: 'Project', key: 'project', width: 30 },
  { header: 'OT Date', key: 'otDate', width: 12 },
  { header: 'OT Time', key: 'otTime', width: 14 },
  { header: 'OT Type', key: 'otType', width: 14 },
  { header: 'Approver', key: 'approver', width: 25 },
  { header: 'Created By', key: 'createdBy', width: 25 },
  { header: 'Status', key: 'status', width: 14 },
  { header: 'Staff', key: 'staff', width: 60 },
] as const;
export const FLEXIBLE_EXPORT_COLUMNS = [
  { header: 'Title', key: 'title', width: 40 },
  { header: 'Staff', key: 'staff', width: 25 },
  { header: 'Project', key: 'project', width: 30 },
  { header: 'OT Date', key: 'otDate', width: 12 },
  { header: 'Day Type', key: 'dateType', width: 10 },
  { header: 'OT Time', key: 'otTime', width: 14 },
  { header: 'Request Type', key: 'requestType', width: 14 },
  { header: 'OTpay Hours', key: 'actual', width: 12 },
  { header: 'OTpay Confirmation', key: 'confirm', width: 18 },
  { header: 'Project Manager', key: 'pm', width: 25 },
  { header: 'Manager', key: 'manager', width: 25 },
  { header: 'Status', key: 'status', width: 20 },
] as const;
/** The export's headers in Vietnamese, by column key (both kinds). */
export const OVERTIME_EXPORT_HEADERS_VI = {
  title: 'Tiêu đề',
  project: 'Dự án',
  otDate: 'Ngày làm thêm giờ',
  otTime: 'Thời gian làm thêm giờ',
  otType: 'Loại làm thêm giờ',
  approver: 'Người phê duyệt',
  createdBy: 'Người tạo',
  status: 'Trạng thái',
  staff: 'Nhân viên',
  dateType: 'Loại ngày',
  requestType: 'Loại yêu cầu',
  actual: 'Giờ làm thêm tính lương',
  confirm: 'Xác nhận giờ làm thêm tính lương',
  pm: 'Quản lý dự án (PM)',
  manager: 'Quản lý',
} as const satisfies Record<(typeof FIXED_EXPORT_COLUMNS)[number]['key'] | (typeof FLEXIBLE_EXPORT_COLUMNS)[number]['key'], string>;
