import { z } from 'zod';
import type { CheckFailure } from './message-format.ts';
import { envelope, pagedEnvelope, pagingShape, safeText } from './schemas.ts';
import {
  DATE_FIELD_MESSAGES,
  DATED_IMPORT_COLUMNS,
  DATED_IMPORT_COLUMNS_VI,
  DESCRIPTION_MESSAGES,
  IMPORT_MESSAGES,
  LEAVE_DESCRIPTION_MAX,
  LEAVE_FORM_MESSAGES as FORM,
  LEAVE_GRANT_READERS,
  LEAVE_IMPORT_EXTENSIONS,
  LEAVE_IMPORT_MAX_ROWS,
  LEAVE_WRITERS,
  RECORD_KEY_MESSAGES,
  auditShape,
  dateFieldsShape,
  editKeyShape,
  grantListFilterShape,
  isBlank,
  numberOf,
} from './leave-forms.ts';
import type { Twin } from './file-headers.ts';

/** Bonus leave, also called priority leave (spec 000 §2, §3, §5, §7): the `prioritize_leave` fund rows. */
export const BONUS_LEAVE_PATH = '/tms/leaves-management/annual-leaves/priority-leave';

/** Who sees the Bonus Leave tab and its rows (spec 000 §2), and who may add, edit, remove, import (spec 000 §6). */
export const BONUS_LEAVE_READERS = LEAVE_GRANT_READERS;
export const BONUS_LEAVE_WRITERS = LEAVE_WRITERS;

/** Limits (spec 000 §5 Bonus leave form, §9). */
export const BONUS_LEAVE_MAX_HOURS = 200;
export const BONUS_LEAVE_HOUR_DECIMALS = 2;
/** The carryover note limit (spec 000 §5); the bonus leave form has the same description field. */
export const BONUS_LEAVE_DESCRIPTION_MAX = LEAVE_DESCRIPTION_MAX;
export const BONUS_LEAVE_IMPORT_MAX_ROWS = LEAVE_IMPORT_MAX_ROWS;
export const BONUS_LEAVE_IMPORT_EXTENSIONS = LEAVE_IMPORT_EXTENSIONS;
export const BONUS_LEAVE_TEMPLATE_FILE = 'BonusLeaveTemplate.xlsx';
export const BONUS_LEAVE_RESULT_FILE = 'BonusLeaveResult.xlsx';

/** Import template columns, in order; the import reads cells by these header texts. */
export const BONUS_LEAVE_IMPORT_COLUMNS = {
  username: 'Username',
  leaveHour: 'Leave Hour',
  description: 'Description',
  ...DATED_IMPORT_COLUMNS,
} as const;
export const BONUS_LEAVE_IMPORT_COLUMNS_VI = {
  username: 'Tên đăng nhập',
  leaveHour: 'Số giờ phép',
  description: 'Mô tả',
  ...DATED_IMPORT_COLUMNS_VI,
} as const satisfies Twin<typeof BONUS_LEAVE_IMPORT_COLUMNS>;

/** Every text the server answers and the web shows for bonus leave, kept once. Spec texts are verbatim. */
export const BONUS_LEAVE_MESSAGES = {
  staffRequired: FORM.staffRequired,
  staffNotFound: FORM.staffNotFound,
  leaveHourRequired: 'Leave Hour is required',
  leaveHourInvalid: 'Leave hour is invalid',
  leaveHourRange: 'Leave hour in range 0-200',
  leaveHourDecimals: 'Invalid duration (ex: 0.50, 1.00 , 1.50, 2.10, ...) ',
  // The bonus leave form names no text for these two: the carryover form's texts (spec 000 §5).
  ...DATE_FIELD_MESSAGES,
  ...DESCRIPTION_MESSAGES,
  leaveHourBelowUsed: (usedHours: string) => `Leave hour must not be less than the used hours (${usedHours})`,
  lockedApplyDate: 'Apply date is in an approved timesheet period and cannot be changed',
  lockedLeaveHour: 'Leave hour of a bonus leave applied in an approved timesheet period cannot be changed',
  ...RECORD_KEY_MESSAGES,
  invalidIds: FORM.invalidIds,
  notFound: 'Bonus leave not found',
  expired: 'Bonus leave has expired and can no longer be edited',
  notRemovable: 'Bonus leave has been used or expired and cannot be removed',
  lockedRemove: 'Bonus leave applied in an approved timesheet period cannot be removed',
  ...IMPORT_MESSAGES,
  created: 'Create bonus leave successfully',
  updated: 'Update bonus leave successfully',
  deleted: 'Delete bonus leave successfully',
  imported: 'Import bonus leave successfully',
} as const;
const M = BONUS_LEAVE_MESSAGES;

/** The messages the Leave Hour check may answer, by their keys (docs/i18n-server-messages.md). */
export type LeaveHourFailure = CheckFailure<'bonusLeave.leaveHourRequired' | 'bonusLeave.leaveHourInvalid' | 'bonusLeave.leaveHourRange' | 'bonusLeave.leaveHourDecimals'>;

/** A rule of `checkLeaveHour` failed: its message has no parameters. */
const failed = <Name extends 'leaveHourRequired' | 'leaveHourInvalid' | 'leaveHourRange' | 'leaveHourDecimals'>(name: Name) =>
  ({ key: `bonusLeave.${name}`, params: {}, text: M[name] }) as const;

/**
 * The Leave Hour rules of the bonus leave form in the spec's order (spec 000 §5): required, a number, above 0 and
 * at most 200, at most 2 decimals. Returns the hours, or the first failing rule's message (key, parameters, English
 * text). Server and web both call this, so the user reads the same message whichever side finds the problem.
 */
export function checkLeaveHour(value: unknown): number | LeaveHourFailure {
  if (isBlank(value)) return failed('leaveHourRequired');
  const hours = numberOf(value);
  if (!Number.isFinite(hours)) return failed('leaveHourInvalid');
  if (hours <= 0 || hours > BONUS_LEAVE_MAX_HOURS) return failed('leaveHourRange');
  if (Number(hours.toFixed(BONUS_LEAVE_HOUR_DECIMALS)) !== hours) return failed('leaveHourDecimals');
  return hours;
}

export const BONUS_LEAVE_SORTS = ['createdDate', 'applyDate', 'expireDate', 'leaveHour', 'name'] as const;
export type BonusLeaveSort = (typeof BONUS_LEAVE_SORTS)[number];

// GET /api/tms/leaves-management/annual-leaves/priority-leave
export const bonusLeaveListQuerySchema = z.object({
  ...pagingShape(),
  ...grantListFilterShape,
  sort: z.enum(BONUS_LEAVE_SORTS).default('createdDate'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type BonusLeaveListQuery = z.infer<typeof bonusLeaveListQuerySchema>;

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
  ...auditShape,
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
  ...dateFieldsShape,
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
  ...editKeyShape,
  ...grantFields,
});
export type BonusLeaveUpdate = z.infer<typeof bonusLeaveUpdateSchema>;
export const bonusLeaveVersionSchema = z.object({ id: z.number().int(), version: z.number().int() });
export const bonusLeaveUpdateResponseSchema = envelope(bonusLeaveVersionSchema);

// DELETE …/priority-leave/delete/:id?version=

// GET …/priority-leave/history?id=

// POST …/priority-leave/import (multipart `file`): header `code: 200` + `{ data: { count } }`, or an xlsx error report.
