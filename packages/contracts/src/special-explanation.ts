import { z } from 'zod';
import { envelope, idListSchema, idParamSchema, idSchema, pagedEnvelope, pagingShape, safeText, dmyFilterSchema } from './schemas.ts';
import type { Actor } from './roles.ts';
import type { Twin } from './file-headers.ts';

/**
 * Special explanations (spec 001 §2.7, §3, §5.3, §7.6): HR or HRM records time (in hours, ≤ 24, 2 decimals) of a
 * reason for one or several staff on a date; the day engine covers that many minutes of the day.
 */
export const SPECIAL_EXPLANATION_PATH = '/tms/explanations-special';
export const SPECIAL_EXPLANATION_IMPORT_PATH = `${SPECIAL_EXPLANATION_PATH}/import-excel`;
export const SPECIAL_EXPLANATION_TEMPLATE_PATH = `${SPECIAL_EXPLANATION_PATH}/download-template`;
export const SPECIAL_EXPLANATION_PAGE = '/timesheet/special-explanation';
/** The reasons lookup (spec 001 §7.10 GET /tms/filters/reason-types): reason_types rows. */
export const REASON_TYPES_LOOKUP_PATH = '/tms/filters/reason-types';

/** Who reads the list (ADMIN reads) and who creates, edits and imports (spec 001 §6: HR, HRM). */
export const SPECIAL_EXPLANATION_READERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];
export const SPECIAL_EXPLANATION_WRITERS = ['HR', 'HRM'] as const satisfies readonly Actor[];

/** Limits (spec 001 §5.3, §9). */
export const SPECIAL_EXPLANATION_TIME_MAX = 24;
export const SPECIAL_EXPLANATION_TIME_STEP = 0.01;
export const SPECIAL_EXPLANATION_TIME_DECIMALS = 2;
export const SPECIAL_EXPLANATION_DESCRIPTION_MAX = 1000;
export const SPECIAL_EXPLANATION_STAFF_MAX_TAGS = 3;
export const SPECIAL_EXPLANATION_IMPORT_EXTENSIONS = ['.csv', '.xls', '.xlsx'] as const;
export const SPECIAL_EXPLANATION_IMPORT_MAX_ROWS = 5000;
export const SPECIAL_EXPLANATION_TEMPLATE_FILE = 'SpecialExplanation.xlsx';
export const SPECIAL_EXPLANATION_RESULT_FILE = 'SpecialExplanationResult.xlsx';
/** The request types a special explanation may name (the "Request" select). */
export const SPECIAL_EXPLANATION_REQUEST_TYPES = ['EXPLANATION_REQUEST', 'LEAVE_REQUEST'] as const;

/** Texts (spec 001 §5.3 verbatim where the spec gives one). */
export const SPECIAL_EXPLANATION_MESSAGES = {
  requestRequired: 'Please choose request !',
  reasonRequired: 'Please choose reason !',
  staffRequired: 'Please choose staff!',
  dateRequired: 'Date is required',
  timeRequired: 'Time is required',
  fileRequired: 'File is required',
  noPermission: 'You do not have permission to create',
  timeRange: 'Time must be greater than 0 and at most 24 hours',
  timeDecimals: 'Time has at most 2 decimals',
  invalidDate: 'Invalid Date!',
  weekend: 'Weekends cannot be chosen',
  dateLocked: (lockDateDmy: string) => `Date must be after the most recent approved timesheet (${lockDateDmy})`,
  rowLocked: 'This special explanation is in an approved timesheet and can no longer be edited',
  descriptionTooLong: 'You`ve exceeded the limit by 1000 characters',
  staffNotFound: (who: string) => `Staff not found: ${who}`,
  ccNotFound: (who: string) => `CC not found: ${who}`,
  notFound: 'Special explanation not found',
  created: 'Create special explanation successfully!',
  updated: 'Update special explanation successfully!',
  imported: 'File Special Explanation is imported successfully!',
  importMissingColumn: (header: string) => `Missing column: ${header}`,
  importNoRows: 'The file has no data rows',
  versionRequired: 'Version is required',
  idRequired: 'Id is required',
  createTitle: 'Create special explanation',
  editTitle: 'Edit special explanation',
  importTitle: 'Import Special Explanation',
} as const;
const M = SPECIAL_EXPLANATION_MESSAGES;

/** Import template columns, in order; the import reads cells by these header texts. */
export const SPECIAL_EXPLANATION_IMPORT_COLUMNS = {
  username: 'Username',
  date: 'Date (DD/MM/YYYY)',
  requestReason: 'Request Type',
  type: 'Reason Type',
  time: 'Time (hours)',
  description: 'Description',
  ccMail: 'CC (usernames, comma separated)',
} as const;
export const SPECIAL_EXPLANATION_IMPORT_COLUMNS_VI = {
  username: 'Tên đăng nhập',
  date: 'Ngày (DD/MM/YYYY)',
  requestReason: 'Loại yêu cầu',
  type: 'Loại lý do',
  time: 'Thời gian (giờ)',
  description: 'Mô tả',
  ccMail: 'CC (tên đăng nhập, cách nhau bằng dấu phẩy)',
} as const satisfies Twin<typeof SPECIAL_EXPLANATION_IMPORT_COLUMNS>;

/** Is `text` a plain decimal with at most 2 decimals, in (0, 24]? Returns the message of the first broken rule, or the number. */
export function checkSpecialTime(value: unknown): number | string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return M.timeRequired;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n) || n <= 0 || n > SPECIAL_EXPLANATION_TIME_MAX) return M.timeRange;
  if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return M.timeDecimals;
  return Math.round(n * 100) / 100;
}

/** The list filters (spec 001 §2.7): staff, date range (DD/MM/YYYY, inclusive). */
export const specialExplanationListQuerySchema = z.object({
  ...pagingShape(),
  employee: idListSchema,
  fromDate: dmyFilterSchema,
  toDate: dmyFilterSchema,
});
export type SpecialExplanationListQuery = z.infer<typeof specialExplanationListQuerySchema>;

/** Loose on purpose: every rule of §5.3 is checked by the service so each message comes out verbatim. */
const formShape = {
  requestReason: safeText(M.requestRequired).nullish(),
  type: safeText(M.reasonRequired).nullish(),
  description: safeText().nullish(),
  date: safeText(M.dateRequired).nullish(),
  ccMail: z.array(idSchema()).max(500).nullish(),
  time: z.union([z.number(), safeText(M.timeRequired)]).nullish(),
  createDate: safeText().nullish(),
};

export const specialExplanationCreateSchema = z.object({ ...formShape, listEmployee: z.array(idSchema()).max(500).nullish() });
export type SpecialExplanationCreate = z.infer<typeof specialExplanationCreateSchema>;
export const specialExplanationUpdateSchema = z.object({
  ...formShape,
  id: idSchema(M.idRequired),
  version: idSchema(M.versionRequired),
});
export type SpecialExplanationUpdate = z.infer<typeof specialExplanationUpdateSchema>;

export const specialExplanationRowSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  userName: z.string(),
  departmentEmployee: z.string().nullable(),
  /** DD/MM/YYYY. */
  date: z.string(),
  /** Hours, 2 decimals. */
  time: z.number(),
  /** Reason code and its names. */
  type: z.string(),
  typeName: z.string(),
  typeNameVi: z.string(),
  requestReason: z.string(),
  description: z.string().nullable(),
  /** The creator's username (the spec's field) and, beside it, their name as the screens show it. */
  createBy: z.string().nullable(),
  createByName: z.string().nullable(),
  departmentCreator: z.string().nullable(),
  ccMailInfor: z.array(z.object({ employeeId: z.number().int(), username: z.string() })),
  is_from_sf4c: z.boolean(),
  version: z.number().int(),
  /** False once the date is on or before the lock date (spec 001 §5.3). */
  canEdit: z.boolean(),
});
export type SpecialExplanationRow = z.infer<typeof specialExplanationRowSchema>;
export const specialExplanationListResponseSchema = pagedEnvelope(specialExplanationRowSchema);
export const specialExplanationCreateResponseSchema = envelope(z.object({ ids: z.array(z.number().int()) }));
export const specialExplanationUpdateResponseSchema = envelope(z.object({ id: z.number().int(), version: z.number().int() }));

/** GET /tms/filters/reason-types: the reasons lookup (spec 001 §3 Lookups). */
export const reasonTypesQuerySchema = z.object({ requestType: safeText().optional() });
export const reasonTypeOptionSchema = z.object({
  reason_type_code: z.string(),
  reason_type: z.string(),
  reasons: z.string(),
  request_type: z.string(),
  request_code: z.string(),
});
export type ReasonTypeOption = z.infer<typeof reasonTypeOptionSchema>;
export const reasonTypesResponseSchema = envelope(z.array(reasonTypeOptionSchema));
export const specialExplanationIdParamSchema = z.object({ id: idParamSchema(M.idRequired) });
