import { z } from 'zod';
import { isIsoDateText, MESSAGES_COMMON } from './api.ts';
import type { Actor } from './roles.ts';
import { historyEntrySchema, idListSchema, idParamSchema, pagedEnvelope, pagingShape, safeText, textListSchema, envelope } from './schemas.ts';
import { REQUEST_BASE, REQUEST_IMPORTERS, REQUEST_STATUS, REQUEST_TYPES } from './requests.ts';
import type { Twin } from './file-headers.ts';

/**
 * Request Management, read side (spec 001 §2.3, §7.2; RULES.md §3, §5): the list and its filters, the onsite history,
 * the export, the attachments under `{folder}` and the two time-off imports. The record itself is `RequestRecord`
 * of requests.ts.
 */
export const REQUEST_LIST_PATH = REQUEST_BASE;
export const REQUEST_ONSITE_HISTORY_PATH = `${REQUEST_BASE}/on-site-history`;
export const REQUEST_EXPORT_PATH = '/tms/excel/request-list';
export const REQUEST_EXPORT_FILE = 'Request_List.xlsx';
export const REQUEST_IMPORT_TIME_OFF_PATH = `${REQUEST_BASE}/import-gdc-request-time-off-sync`;
export const REQUEST_IMPORT_REVOKE_PATH = `${REQUEST_BASE}/import-gdc-request-time-off-revoke-sync`;
export const REQUEST_IMPORT_TIME_OFF_TEMPLATE_FILE = 'Request_TimeOff_Template.xlsx';
export const REQUEST_IMPORT_REVOKE_TEMPLATE_FILE = 'Request_TimeOff_Revoke_Template.xlsx';
export const REQUEST_IMPORT_TIME_OFF_RESULT_FILE = 'Request_TimeOff_Result.xlsx';
export const REQUEST_IMPORT_REVOKE_RESULT_FILE = 'Request_TimeOff_Revoke_Result.xlsx';
export const REQUEST_IMPORT_MAX_ROWS = 5000;

/** Everyone signed in reads the list (RULES.md §2: /timesheet/request-management is for every role); scope is SQL. */
export const REQUEST_LIST_READERS = ['STAFF', 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN', 'GUEST', 'PM'] as const satisfies readonly Actor[];
export { REQUEST_IMPORTERS };

/** Status filter values (spec 000 §4: the list removes 0); 10 = pending with a locked date. Default Pending. */
export const REQUEST_FILTER_STATUSES = [REQUEST_STATUS.pending, REQUEST_STATUS.approved, REQUEST_STATUS.rejected, REQUEST_STATUS.withdrawn, REQUEST_STATUS.expired] as const;
export const REQUEST_DEFAULT_STATUS = REQUEST_STATUS.pending;

export const REQUEST_SORTS = ['created_date', 'start_date', 'end_date', 'name', 'status', 'request_type', 'reason_type'] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];

/** request_type → request_type_name of the record and the export. */
/** The one table of request type names (requests.ts), re-exported for the list's readers. */
export { REQUEST_TYPE_NAMES } from './requests.ts';

const isoDateFilter = z
  .string()
  .transform((s) => s.trim() || undefined)
  .refine((s) => s === undefined || isIsoDateText(s), MESSAGES_COMMON.invalidDate)
  .optional();

/**
 * GET /tms/request-management and GET /tms/excel/request-list. Lists are comma-separated or repeated. Dates
 * YYYY-MM-DD: `from_date`/`to_date` select requests overlapping that range, `created_from`/`created_to` the creation
 * day (company time). `status` absent → Pending (1); 1 means pending and not expired, 10 pending with a locked date.
 */
export const requestListQuerySchema = z.object({
  ...pagingShape(),
  employee: idListSchema,
  usernames: textListSchema,
  departments: idListSchema,
  divisions: idListSchema,
  request_type: textListSchema,
  reason_type: textListSchema,
  status: idListSchema.refine((v) => v === undefined || v.every((s) => (REQUEST_FILTER_STATUSES as readonly number[]).includes(s)), 'Invalid status'),
  from_date: isoDateFilter,
  to_date: isoDateFilter,
  created_from: isoDateFilter,
  created_to: isoDateFilter,
  sort: z.enum(REQUEST_SORTS).default('created_date'),
  /** 1 ascending, -1 descending (spec 001 §9 directions). */
  direction: z.coerce.number().int().refine((d) => d === 1 || d === -1, 'Invalid direction').default(-1),
});
export type RequestListQuery = z.infer<typeof requestListQuerySchema>;
/** The filters without paging, as the export reads them. */
export type RequestListFilter = Omit<RequestListQuery, 'page' | 'size'>;

const person = z.object({ id: z.number().int(), name: z.string(), user_name: z.string(), department_name: z.string().nullable() });

/** zod form of `RequestRecord` (requests.ts) for the response schema. */
export const requestRecordSchema = z.object({
  id: z.number().int(),
  request_type: z.enum(REQUEST_TYPES),
  request_type_name: z.string(),
  reason_type: z.string(),
  reason_type_name: z.string(),
  reason_type_name_vi: z.string(),
  employee: person,
  approver: z.object({ id: z.number().int().nullable(), user_name: z.string().nullable(), name: z.string().nullable() }),
  start_date: z.string(),
  end_date: z.string(),
  start_shift: z.enum(['MORNING', 'AFTERNOON', 'FULL_DAY']).nullable(),
  end_shift: z.enum(['MORNING', 'AFTERNOON', 'FULL_DAY']).nullable(),
  quantity_in_hours: z.number(),
  quantity_in_minutes: z.number().int(),
  status: z.number().int(),
  status_type: z.string(),
  is_expired: z.boolean(),
  is_explanation: z.boolean(),
  is_flexible: z.boolean(),
  created_by_role: z.string().nullable(),
  description: z.string().nullable(),
  mail: z.array(person),
  mail_cc: z.array(z.number().int()),
  reasons_for_rejection: z.string().nullable(),
  check_in: z.string().nullable(),
  check_out: z.string().nullable(),
  absent_time: z.number().nullable(),
  leaving_type: z.string().nullable(),
  request_dates: z.array(
    z.object({
      request_date: z.string(),
      request_minutes: z.number().int().nullable().optional(),
      duration: z.enum(['MORNING', 'AFTERNOON', 'FULL_DAY']).nullable().optional(),
    }),
  ),
  abnormal_case_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
  onsite_request_id: z.number().int().nullable(),
  /** Issue 29: the step now deciding of a request that follows an approval flow (null for the single step). */
  approval_step: z.object({ step: z.number().int(), count: z.number().int(), flow_name: z.string() }).nullable(),
  created_by: z.object({ user_name: z.string().nullable(), name: z.string().nullable() }),
  created_date: z.string(),
  last_modified_date: z.string(),
  version: z.number().int(),
  actions: z.object({ approve: z.boolean(), reject: z.boolean(), withdraw: z.boolean(), edit: z.boolean(), delegate: z.boolean() }),
});
export const requestListResponseSchema = pagedEnvelope(requestRecordSchema);

export const onsiteHistoryQuerySchema = z.object({ id: idParamSchema() });
export const onsiteHistoryResponseSchema = envelope(z.array(historyEntrySchema));

/** Attachments (spec 001 §7.2 Files): `{folder}` is a short token the server checks. */
export const ATTACHMENT_FOLDER_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
export const REQUEST_FILE_MESSAGES = {
  invalidFolder: 'Invalid folder',
  fileNotFound: 'File not found',
  notOwnerOrNotPending: 'Only the owner can change the files of a pending request',
} as const;
export const folderParamSchema = safeText().refine((s) => ATTACHMENT_FOLDER_PATTERN.test(s), REQUEST_FILE_MESSAGES.invalidFolder);
export const requestFileParamsSchema = z.object({ folder: folderParamSchema, id: idParamSchema() });
export const requestFolderParamsSchema = z.object({ folder: folderParamSchema });
export const requestFileListQuerySchema = z.object({ id: idParamSchema() });
export const requestFileNameQuerySchema = z.object({ name: safeText(REQUEST_FILE_MESSAGES.fileNotFound).min(1, REQUEST_FILE_MESSAGES.fileNotFound).max(200) });
export const requestFileSchema = z.object({ name: z.string(), original_name: z.string(), size: z.number().int(), content_type: z.string(), created_date: z.string() });
export type RequestFile = z.infer<typeof requestFileSchema>;
export const requestFileListResponseSchema = envelope(z.array(requestFileSchema));
export const requestFileUploadResponseSchema = envelope(requestFileSchema);
export const requestFileDeleteResponseSchema = envelope(z.object({ name: z.string() }));

/** Import columns (RULES.md §1 templates; the form's fields, spec 001 §3 Request payload). */
export const TIME_OFF_IMPORT_COLUMNS = {
  username: 'Username',
  reasonCode: 'Reason Code',
  date: 'Date',
  duration: 'Duration',
  hours: 'Hours',
  description: 'Description',
} as const;
export const REVOKE_IMPORT_COLUMNS = { username: 'Username', date: 'Date', reasonCode: 'Reason Code' } as const;
export const TIME_OFF_IMPORT_COLUMNS_VI = {
  username: 'Tên đăng nhập',
  reasonCode: 'Mã lý do',
  date: 'Ngày',
  duration: 'Thời lượng',
  hours: 'Số giờ',
  description: 'Mô tả',
} as const satisfies Twin<typeof TIME_OFF_IMPORT_COLUMNS>;
export const REVOKE_IMPORT_COLUMNS_VI = { username: 'Tên đăng nhập', date: 'Ngày', reasonCode: 'Mã lý do' } as const satisfies Twin<typeof REVOKE_IMPORT_COLUMNS>;

/** Columns of the request list export (Request_List.xlsx), in order, by key; the Vietnamese twin below. */
export const REQUEST_EXPORT_COLUMNS = {
  id: 'ID',
  employee: 'Employee',
  user_name: 'Username',
  department: 'Department',
  request_type: 'Request Type',
  reason: 'Reason',
  start_date: 'Start Date',
  end_date: 'End Date',
  start_shift: 'Start Shift',
  end_shift: 'End Shift',
  hours: 'Quantity (hours)',
  status: 'Status',
  approver: 'Approver',
  description: 'Description',
  rejection: 'Reasons For Rejection',
  created_by: 'Created By',
  created_date: 'Created Date',
} as const;
export const REQUEST_EXPORT_COLUMNS_VI = {
  id: 'ID',
  employee: 'Nhân viên',
  user_name: 'Tên đăng nhập',
  department: 'Phòng ban',
  request_type: 'Loại yêu cầu',
  reason: 'Lý do',
  start_date: 'Ngày bắt đầu',
  end_date: 'Ngày kết thúc',
  start_shift: 'Ca bắt đầu',
  end_shift: 'Ca kết thúc',
  hours: 'Số lượng (giờ)',
  status: 'Trạng thái',
  approver: 'Người phê duyệt',
  description: 'Mô tả',
  rejection: 'Lý do từ chối',
  created_by: 'Người tạo',
  created_date: 'Ngày tạo',
} as const satisfies Twin<typeof REQUEST_EXPORT_COLUMNS>;
export const REQUEST_IMPORT_MESSAGES = {
  missingColumn: (header: string) => `Column ${header} is missing`,
  noRows: 'The file has no data rows',
  usernameRequired: 'Username is required',
  usernameUnknown: 'Username does not exist',
  reasonRequired: 'Reason Code is required',
  reasonUnknown: 'Reason Code does not exist',
  reasonNotTimeOff: 'Reason Code is not a time-off reason',
  dateRequired: 'Date is required',
  dateInvalid: 'Date is invalid (DD/MM/YYYY)',
  durationOrHours: 'Either Duration (FULL_DAY, MORNING, AFTERNOON) or Hours is required',
  durationInvalid: 'Duration must be FULL_DAY, MORNING or AFTERNOON',
  hoursInvalid: 'Hours must be a positive number',
  duplicateRow: 'The same request appears twice in the file',
  noApprovedRequest: 'No approved request of this reason on this date',
} as const;
export const requestImportResponseSchema = envelope(z.object({ count: z.number().int() }));
