import { z } from 'zod';
import { MESSAGES_COMMON } from './api.ts';
import {
  dmyFilterSchema as dmyFilter,
  envelope,
  historyEntrySchema,
  idListSchema as idList,
  idParamSchema,
  idSchema,
  pagedEnvelope,
  pagingShape,
  safeText,
} from './schemas.ts';
import type { Role } from './roles.ts';

/** Bonus leave, also called priority leave (spec 000 §2, §3, §5, §7): the `prioritize_leave` fund rows. */
export const BONUS_LEAVE_PATH = '/tms/leaves-management/annual-leaves/priority-leave';

/** Who sees the Bonus Leave tab and its rows (spec 000 §2), and who may add, edit, remove, import (spec 000 §6). */
export const BONUS_LEAVE_READERS = ['HR', 'HRM', 'ADMIN', 'DULEAD', 'GROUP_LEAD'] as const satisfies readonly Role[];
export const BONUS_LEAVE_WRITERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];

/** Limits (spec 000 §5 Bonus leave form, §9). */
export const BONUS_LEAVE_MAX_HOURS = 200;
export const BONUS_LEAVE_HOUR_DECIMALS = 2;
/** The carryover note limit (spec 000 §5); the bonus leave form has the same description field. */
export const BONUS_LEAVE_DESCRIPTION_MAX = 1000;
export const BONUS_LEAVE_IMPORT_MAX_ROWS = 5000;
export const BONUS_LEAVE_IMPORT_EXTENSIONS = ['.xls', '.xlsx'] as const;
export const BONUS_LEAVE_TEMPLATE_FILE = 'BonusLeaveTemplate.xlsx';
export const BONUS_LEAVE_RESULT_FILE = 'BonusLeaveResult.xlsx';

/** Import template columns, in order; the import reads cells by these header texts. */
export const BONUS_LEAVE_IMPORT_COLUMNS = {
  username: 'Username',
  leaveHour: 'Leave Hour',
  description: 'Description',
  applyDate: 'Apply Date (DD/MM/YYYY)',
  expireDate: 'Expire Date (DD/MM/YYYY)',
} as const;

/** Every text the server answers and the web shows for bonus leave, kept once. Spec texts are verbatim. */
export const BONUS_LEAVE_MESSAGES = {
  staffRequired: 'Staff is required',
  staffNotFound: (username: string) => `Staff not found: ${username}`,
  leaveHourRequired: 'Leave Hour is required',
  leaveHourInvalid: 'Leave hour is invalid',
  leaveHourRange: 'Leave hour in range 0-200',
  leaveHourDecimals: 'Invalid duration (ex: 0.50, 1.00 , 1.50, 2.10, ...) ',
  // The bonus leave form names no text for these two: the carryover form's texts (spec 000 §5).
  applyDateRequired: 'Apply Date is required',
  expireDateRequired: 'Expired Date is required',
  invalidDate: MESSAGES_COMMON.invalidDate,
  applyAfterExpire: 'Apply date must be less than Expired date',
  applyDateLocked: (lockDateDmy: string) => `Apply date must be after the most recent approved timesheet (${lockDateDmy})`,
  expireBeforeToday: 'Expired date must not be before today',
  descriptionTooLong: 'You`ve exceeded the limit by 1000 characters',
  descriptionInvalid: 'Description must be text',
  leaveHourBelowUsed: (usedHours: string) => `Leave hour must not be less than the used hours (${usedHours})`,
  lockedApplyDate: 'Apply date is in an approved timesheet period and cannot be changed',
  lockedLeaveHour: 'Leave hour of a bonus leave applied in an approved timesheet period cannot be changed',
  versionRequired: 'Version is required',
  idRequired: 'Id is required',
  invalidIds: MESSAGES_COMMON.invalidIds,
  notFound: 'Bonus leave not found',
  expired: 'Bonus leave has expired and can no longer be edited',
  notRemovable: 'Bonus leave has been used or expired and cannot be removed',
  lockedRemove: 'Bonus leave applied in an approved timesheet period cannot be removed',
  importMissingColumn: (header: string) => `Missing column: ${header}`,
  importNoRows: 'The file has no data rows',
  created: 'Create bonus leave successfully',
  updated: 'Update bonus leave successfully',
  deleted: 'Delete bonus leave successfully',
  imported: 'Import bonus leave successfully',
} as const;
const M = BONUS_LEAVE_MESSAGES;

/**
 * The Leave Hour rules of the bonus leave form in the spec's order (spec 000 §5): required, a number, above 0 and
 * at most 200, at most 2 decimals. Returns the hours, or the message of the first failing rule. Server and web
 * both call this, so the user reads the same text whichever side finds the problem.
 */
export function checkLeaveHour(value: unknown): number | string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return M.leaveHourRequired;
  const hours =
    typeof value === 'number' ? value : typeof value === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(hours)) return M.leaveHourInvalid;
  if (hours <= 0 || hours > BONUS_LEAVE_MAX_HOURS) return M.leaveHourRange;
  if (Number(hours.toFixed(BONUS_LEAVE_HOUR_DECIMALS)) !== hours) return M.leaveHourDecimals;
  return hours;
}

export const BONUS_LEAVE_SORTS = ['createdDate', 'applyDate', 'expireDate', 'leaveHour', 'name'] as const;
export type BonusLeaveSort = (typeof BONUS_LEAVE_SORTS)[number];

// GET /api/tms/leaves-management/annual-leaves/priority-leave
export const bonusLeaveListQuerySchema = z.object({
  ...pagingShape(),
  employee: idList,
  division: idList,
  department: idList,
  applyFromDate: dmyFilter,
  applyToDate: dmyFilter,
  expireFromDate: dmyFilter,
  expireToDate: dmyFilter,
  sort: z.enum(BONUS_LEAVE_SORTS).default('createdDate'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type BonusLeaveListQuery = z.infer<typeof bonusLeaveListQuerySchema>;

const personRefSchema = z.object({ name: z.string(), departmentName: z.string().nullable() });

export const bonusLeaveRowSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employee: z.object({
    name: z.string(),
    user_name: z.string(),
    /** The employee's roles, short names joined with ', '. */
    role: z.string(),
    department_name: z.object({ name: z.string() }),
    division_name: z.object({ name: z.string() }),
  }),
  /** Hours, 2 decimals. */
  leaveHour: z.number(),
  usedHours: z.number(),
  remainHours: z.number(),
  expiredHours: z.number(),
  description: z.string().nullable(),
  /** DD/MM/YYYY */
  applyDate: z.string(),
  expireDate: z.string(),
  createdBy: personRefSchema.nullable(),
  modifiedBy: personRefSchema.nullable(),
  /** ISO instants. */
  createdDate: z.string(),
  modifiedDate: z.string(),
  version: z.number().int(),
  /** The caller may edit (HR, HRM, Admin; not expired) or remove (also unused and not in a locked period) this row. */
  canEdit: z.boolean(),
  canRemove: z.boolean(),
});
export type BonusLeaveRow = z.infer<typeof bonusLeaveRowSchema>;
export const bonusLeaveListResponseSchema = pagedEnvelope(bonusLeaveRowSchema);

/**
 * Form fields as sent. Types are loose on purpose: the server's rule check reports the spec's texts in the form's
 * order (spec 000 §5), which a type error here would pre-empt. Unknown fields (createBy, modifiedBy, ...) are dropped:
 * creator ids sent by a client are never stored (RULES.md §3).
 */
const grantFields = {
  leaveHour: z.union([z.number(), safeText()], { error: M.leaveHourInvalid }).nullish(),
  description: safeText(M.descriptionInvalid).nullish(),
  applyDate: safeText(M.invalidDate).nullish(),
  expireDate: safeText(M.invalidDate).nullish(),
};

// POST …/priority-leave/create
export const bonusLeaveCreateSchema = z.object({
  usernames: z.array(safeText(M.staffRequired), { error: M.staffRequired }).nullish(),
  ...grantFields,
});
export type BonusLeaveCreate = z.infer<typeof bonusLeaveCreateSchema>;
export const bonusLeaveCreateResponseSchema = envelope(z.array(z.number().int()));

// PUT …/priority-leave/update: the staff of a row never changes, so username and employeeId are ignored.
export const bonusLeaveUpdateSchema = z.object({
  id: idSchema(M.idRequired),
  version: idSchema(M.versionRequired),
  ...grantFields,
});
export type BonusLeaveUpdate = z.infer<typeof bonusLeaveUpdateSchema>;
export const bonusLeaveVersionSchema = z.object({ id: z.number().int(), version: z.number().int() });
export const bonusLeaveUpdateResponseSchema = envelope(bonusLeaveVersionSchema);

// DELETE …/priority-leave/delete/:id?version=
export const bonusLeaveDeleteParamsSchema = z.object({ id: idParamSchema(M.idRequired) });
export const bonusLeaveDeleteQuerySchema = z.object({ version: idParamSchema(M.versionRequired).optional() });
export const bonusLeaveDeleteResponseSchema = envelope(z.object({ id: z.number().int() }));

// GET …/priority-leave/history?id=
export const bonusLeaveHistoryQuerySchema = z.object({ id: idParamSchema(M.idRequired) });
export const bonusLeaveHistoryResponseSchema = envelope(z.array(historyEntrySchema));

// POST …/priority-leave/import (multipart `file`): header `code: 200` + `{ data: { count } }`, or an xlsx error report.
export const bonusLeaveImportResponseSchema = envelope(z.object({ count: z.number().int() }));
