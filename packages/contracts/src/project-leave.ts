import { z } from 'zod';
import { ATTACHMENT_EXTENSIONS, MAX_UPLOAD_BYTES, MESSAGES_COMMON } from './api.ts';
import { envelope, idListSchema as idList, idParamSchema, idSchema, pagedEnvelope, pagingShape, safeText, successMessageKey } from './schemas.ts';
import {
  DATE_FIELD_MESSAGES,
  IMPORT_MESSAGES,
  LEAVE_FORM_MESSAGES as FORM,
  LEAVE_IMPORT_EXTENSIONS,
  LEAVE_IMPORT_MAX_ROWS,
  LEAVE_WRITERS,
  RECORD_KEY_MESSAGES,
  dateFieldsShape,
  isBlank,
  numberOf,
} from './leave-forms.ts';
import type { Actor } from './roles.ts';
import type { Twin } from './file-headers.ts';

/**
 * Project leave (spec 000 §2, §3, §5, §7): `project_leave` fund rows, counted in DAYS (3 decimals), one per staff and
 * project, with attachments. Paths under /tms/leaves-management.
 */
export const PROJECT_LEAVE_BASE = '/tms/leaves-management';
/** GET: employees with their project leave totals (the list page). */
export const PROJECT_LEAVE_LIST_PATH = `${PROJECT_LEAVE_BASE}/project-leave-v2`;
/** Detail, create, edit, remove, download, history, import, template live under this path. */
export const PROJECT_LEAVE_PATH = `${PROJECT_LEAVE_BASE}/project-leave`;
/** The web routes (spec 000 §2). */
export const PROJECT_LEAVE_PAGE = '/leave-management/project-leave';
export const projectLeaveDetailPage = (employeeId: number) => `${PROJECT_LEAVE_PAGE}/${employeeId}`;

/** Who opens the pages (RULES.md §2 pages table) and who adds, imports, edits, removes and reads history (spec 000 §6). */
export const PROJECT_LEAVE_READERS = ['HR', 'HRM', 'ADMIN', 'DULEAD', 'GROUP_LEAD', 'PM'] as const satisfies readonly Actor[];
export const PROJECT_LEAVE_WRITERS = LEAVE_WRITERS;

/** Limits (spec 000 §5 Project leave form, §9): above 0 up to 31 days, 3 decimals. */
export const PROJECT_LEAVE_MAX_DAYS = 31;
export const PROJECT_LEAVE_DAY_DECIMALS = 3;
export const PROJECT_LEAVE_IMPORT_MAX_ROWS = LEAVE_IMPORT_MAX_ROWS;
export const PROJECT_LEAVE_IMPORT_EXTENSIONS = LEAVE_IMPORT_EXTENSIONS;
export const PROJECT_LEAVE_TEMPLATE_FILE = 'ProjectLeave.xlsx';
export const PROJECT_LEAVE_RESULT_FILE = 'ProjectLeaveResult.xlsx';
/** Server-side folder of the attachments (spec 000 §7). */
export const PROJECT_LEAVE_FOLDER = 'ProjectLeave';
/** Multipart names of the create and edit calls (spec 000 §7). */
export const PROJECT_LEAVE_REQUEST_PART = 'projectLeaveRequest';
export const PROJECT_LEAVE_FILES_FIELD = 'files';
export const PROJECT_LEAVE_ATTACHMENT_EXTENSIONS = ATTACHMENT_EXTENSIONS;
export const PROJECT_LEAVE_MAX_FILE_BYTES = MAX_UPLOAD_BYTES;
/**
 * Files per save: the server's multipart limit is 10 file parts, and the JSON part `projectLeaveRequest` sent as a
 * Blob is one of them.
 */
export const PROJECT_LEAVE_MAX_FILES = 9;

/** Import template columns, in order (issue 8 brief); the import reads cells by these header texts. */
export const PROJECT_LEAVE_IMPORT_COLUMNS = {
  username: 'Username',
  projectCode: 'Project Code',
  leaveDay: 'Leave Day',
  applyDate: 'Apply Date',
  expireDate: 'Expire Date',
} as const;
export const PROJECT_LEAVE_IMPORT_COLUMNS_VI = {
  username: 'Tên đăng nhập',
  projectCode: 'Mã dự án',
  leaveDay: 'Số ngày phép',
  applyDate: 'Ngày áp dụng',
  expireDate: 'Ngày hết hạn',
} as const satisfies Twin<typeof PROJECT_LEAVE_IMPORT_COLUMNS>;

/** Every text the server answers and the web shows for project leave. Spec texts (§5, §8) are verbatim. */
export const PROJECT_LEAVE_MESSAGES = {
  projectRequired: 'Project is required',
  staffRequired: FORM.staffRequired,
  leaveDayRequired: 'Leave Day is required',
  leaveDayInvalid: 'Leave day(s) is invalid',
  leaveDayRange: 'Leave day(s) must be between 0 and 31',
  leaveDayDecimals: 'Leave day(s) is invalid (example: 1.135, ...)',
  // The project leave form names the date rules but not their texts: the bonus leave form's (spec 000 §5).
  ...DATE_FIELD_MESSAGES,
  attachWrongFormat: MESSAGES_COMMON.attachWrongFormat,
  attachTooLarge: MESSAGES_COMMON.fileTooLarge,
  tooManyFiles: `At most ${PROJECT_LEAVE_MAX_FILES} files can be attached at once`,
  deleteConfirm: 'Do you want to delete this project leave?',
  projectNotFound: 'Project not found',
  projectNotFoundCode: (code: string) => `Project not found: ${code}`,
  projectChanged: 'The project of a project leave cannot be changed',
  staffNotFound: FORM.staffNotFound,
  notMember: (username: string, projectCode: string) => `Staff ${username} is not a member of project ${projectCode}`,
  leaveDayBelowUsed: (usedDays: string) => `Leave day(s) must not be less than the used days (${usedDays})`,
  lockedApplyDate: 'Apply date is in an approved timesheet period and cannot be changed',
  lockedLeaveDay: 'Leave day(s) of a project leave applied in an approved timesheet period cannot be changed',
  requestRequired: 'Project leave request is required',
  requestInvalid: 'Project leave request is invalid',
  ...RECORD_KEY_MESSAGES,
  employeeRequired: 'Employee is required',
  fileRequired: 'File path or id is required',
  notFound: 'Project leave not found',
  employeeNotFound: 'Employee not found',
  fileNotFound: 'Attach file not found',
  expired: 'Project leave has expired and can no longer be edited',
  notRemovable: 'Project leave has been used or expired and cannot be removed',
  lockedRemove: 'Project leave applied in an approved timesheet period cannot be removed',
  ...IMPORT_MESSAGES,
  created: (username: string) => `Create project leave successfully for ${username}`,
  updated: 'Update project leave successfully',
  deleted: 'Delete project leave successfully',
  imported: 'Import project leave successfully',
} as const;
const M = PROJECT_LEAVE_MESSAGES;

/**
 * The Leave Day rules in the spec's order (spec 000 §5): required, a number, above 0 and at most 31, at most 3
 * decimals. Returns the days, or the message of the first failing rule; server and web both call it.
 */
export function checkLeaveDay(value: unknown): number | string {
  if (isBlank(value)) return M.leaveDayRequired;
  const days = numberOf(value);
  if (!Number.isFinite(days)) return M.leaveDayInvalid;
  if (days <= 0 || days > PROJECT_LEAVE_MAX_DAYS) return M.leaveDayRange;
  if (Number(days.toFixed(PROJECT_LEAVE_DAY_DECIMALS)) !== days) return M.leaveDayDecimals;
  return days;
}

/** Lower-case extension without the dot, '' when none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).trim().toLowerCase() : '';
}

/** The attachment rules a client can check before sending (spec 000 §5 Attachments): extension, then size. */
export function checkAttachment(file: { name: string; size: number }): string | null {
  if (!(PROJECT_LEAVE_ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return M.attachWrongFormat;
  if (file.size > PROJECT_LEAVE_MAX_FILE_BYTES) return M.attachTooLarge;
  return null;
}

// GET /api/tms/leaves-management/project-leave-v2?employee=&division=&department=&page=&size=
export const projectLeaveListQuerySchema = z.object({
  ...pagingShape(),
  employee: idList,
  division: idList,
  department: idList,
});
export type ProjectLeaveListQuery = z.infer<typeof projectLeaveListQuerySchema>;

/** Employee summary (spec 000 §3): days, 3 decimals; 0 when nothing. */
export const projectLeaveSummarySchema = z.object({
  employeeId: z.number().int(),
  fullNameStaff: z.string(),
  userName: z.string(),
  division: z.string(),
  department: z.string(),
  totalLeaveDay: z.number(),
  totalUsed: z.number(),
  totalExpired: z.number(),
  totalRemain: z.number(),
});
export type ProjectLeaveSummary = z.infer<typeof projectLeaveSummarySchema>;
export const projectLeaveListResponseSchema = pagedEnvelope(projectLeaveSummarySchema);

// GET …/project-leave/employees?employeeId=
export const projectLeaveEmployeeQuerySchema = z.object({ employeeId: idParamSchema(M.employeeRequired) });

export const projectLeaveFileSchema = z.object({
  /** The stored file's id (download by `?id=`). */
  id: z.number().int(),
  fileName: z.string(),
  /** `ProjectLeave/<server-made name>` (download by `?filePath=`; retained on edit). */
  filePath: z.string(),
});
export type ProjectLeaveFile = z.infer<typeof projectLeaveFileSchema>;

export const projectLeaveRowSchema = z.object({
  id: z.number().int(),
  employee: z.object({ id: z.number().int(), name: z.string(), user_name: z.string() }),
  project: z.object({ projectId: z.number().int(), projectCode: z.string(), projectName: z.string() }),
  /** Days, 3 decimals. */
  leaveDay: z.number(),
  used: z.number(),
  expired: z.number(),
  remaining: z.number(),
  /** DD/MM/YYYY */
  applyDate: z.string(),
  expireDate: z.string(),
  attachFilePaths: z.array(projectLeaveFileSchema),
  version: z.number().int(),
  /** HR, HRM, Admin: edit while the expire date is today or later; remove while unused, unexpired, unlocked (spec 000 §4). */
  canEdit: z.boolean(),
  canRemove: z.boolean(),
});
export type ProjectLeaveRow = z.infer<typeof projectLeaveRowSchema>;
export const projectLeaveDetailSchema = projectLeaveSummarySchema.extend({ projectLeaves: z.array(projectLeaveRowSchema) });
export type ProjectLeaveDetail = z.infer<typeof projectLeaveDetailSchema>;
export const projectLeaveDetailResponseSchema = envelope(projectLeaveDetailSchema);

/**
 * The JSON part `projectLeaveRequest` of create and edit (spec 000 §7). Types are loose on purpose: the rule check
 * reports the spec's texts in the form's order, which a type error here would pre-empt. Unknown fields are dropped.
 */
const grantFields = {
  projectId: z.union([z.number(), safeText()], { error: M.projectNotFound }).nullish(),
  leaveDay: z.union([z.number(), safeText()], { error: M.leaveDayInvalid }).nullish(),
  ...dateFieldsShape,
};
export const projectLeaveCreateSchema = z.object({
  usernames: z.array(safeText(M.staffRequired), { error: M.staffRequired }).nullish(),
  ...grantFields,
});
export type ProjectLeaveCreate = z.infer<typeof projectLeaveCreateSchema>;

/** A retained attachment: its `filePath` as listed, or the listed object itself. */
const retainedFileSchema = z.union([safeText(), z.object({ filePath: safeText(), fileName: safeText().nullish() })], { error: M.requestInvalid });
export const projectLeaveEditSchema = z.object({
  id: idParamSchema(M.idRequired),
  version: idParamSchema(M.versionRequired),
  attachFilePaths: z.array(retainedFileSchema, { error: M.requestInvalid }).nullish(),
  ...grantFields,
});
export type ProjectLeaveEdit = z.infer<typeof projectLeaveEditSchema>;

/** Create answers one entry per staff, each shown as a toast (spec 000 §8 Project leave save). */
export const projectLeaveResultItemSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  ...successMessageKey,
  id: z.number().int().optional(),
  version: z.number().int().optional(),
});
export type ProjectLeaveResultItem = z.infer<typeof projectLeaveResultItemSchema>;
export const projectLeaveCreateResponseSchema = envelope(z.array(projectLeaveResultItemSchema));
export const projectLeaveEditResponseSchema = envelope(z.array(projectLeaveResultItemSchema));

// PUT …/project-leave/update-status: remove; JSON `{ id, version? }` (spec 000 §7: "payload is the id only").
export const projectLeaveStatusSchema = z.object({
  id: idSchema(M.idRequired),
  version: idSchema(M.versionRequired).optional(),
});
export const projectLeaveStatusResponseSchema = envelope(z.object({ id: z.number().int() }));

// GET …/project-leave/download-attach-file?filePath= | ?id=
export const projectLeaveDownloadQuerySchema = z.object({
  filePath: safeText().max(300).optional(),
  id: idParamSchema().optional(),
});

// GET …/project-leave/history?id=

// POST …/project-leave/import (multipart `file`): header `code: 200` + `{ data: { count } }`, or an xlsx error report.

/** Days as the screens show them: up to 3 decimals, trailing zeros dropped (1.135, 2.5, 3). */
export function formatDays(days: number): string {
  return String(Math.round(days * 1000) / 1000);
}
