import { z } from 'zod';
import type { CheckFailure } from './message-format.ts';
import { envelope, idParamSchema, pagedEnvelope, pagingShape, safeText } from './schemas.ts';
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

/**
 * Leave carryover, also called reserve leave (spec 000 §2, §3, §4, §5, §7; RULES.md §7): the `reserve_leave` fund
 * rows HR grants from a financial year's unused default and seniority hours.
 */
export const LEAVE_CARRYOVER_PATH = '/tms/leaves-management/annual-leaves/reserve-leave';
/** The financial year HR carries over from (spec 000 §7 supporting calls): the year before the server's today. */
export const BEFORE_FINANCIAL_YEAR_PATH = '/tms/advance/get-before-financial-year';
/** What HR may still carry over for one staff and financial year (spec 000 §7 supporting calls). */
export const REMAIN_FINANCIAL_LEAVE_PATH = '/tms/filters/remain-financial-leave';

/** Who sees the Leave Carryover tab and its rows (spec 000 §2), and who may add, edit, remove, import (spec 000 §6). */
export const LEAVE_CARRYOVER_READERS = LEAVE_GRANT_READERS;
export const LEAVE_CARRYOVER_WRITERS = LEAVE_WRITERS;

/** Limits (spec 000 §5 Leave carryover form, §9): steps of 0.5 hours, a note of at most 1000 characters. */
export const LEAVE_CARRYOVER_HOUR_STEP = 0.5;
export const LEAVE_CARRYOVER_DESCRIPTION_MAX = LEAVE_DESCRIPTION_MAX;
export const LEAVE_CARRYOVER_IMPORT_MAX_ROWS = LEAVE_IMPORT_MAX_ROWS;
export const LEAVE_CARRYOVER_IMPORT_EXTENSIONS = LEAVE_IMPORT_EXTENSIONS;
/** Spec 000 §7: the template downloads as LeaveCarryover.xlsx. */
export const LEAVE_CARRYOVER_TEMPLATE_FILE = 'LeaveCarryover.xlsx';
/** The import's error report (RULES.md §1); the spec names none for carryover, so it follows BonusLeaveResult.xlsx. */
export const LEAVE_CARRYOVER_RESULT_FILE = 'LeaveCarryoverResult.xlsx';

/** Import template columns, in order; the import reads cells by these header texts. */
export const LEAVE_CARRYOVER_IMPORT_COLUMNS = {
  username: 'Username',
  financialYear: 'Financial Year',
  leaveHours: 'Leave Hours',
  description: 'Description',
  ...DATED_IMPORT_COLUMNS,
} as const;
export const LEAVE_CARRYOVER_IMPORT_COLUMNS_VI = {
  username: 'Tên đăng nhập',
  financialYear: 'Năm tài chính',
  leaveHours: 'Số giờ phép',
  description: 'Mô tả',
  ...DATED_IMPORT_COLUMNS_VI,
} as const satisfies Twin<typeof LEAVE_CARRYOVER_IMPORT_COLUMNS>;

/** Hours as the form shows the cap: up to 2 decimals, no trailing zeros (16, 12.5, 7.33). */
export function formatCapHours(hours: number): string {
  return String(Math.round((hours + Number.EPSILON) * 100) / 100);
}

/** Every text the server answers and the web shows for leave carryover, kept once. Spec texts are verbatim. */
export const LEAVE_CARRYOVER_MESSAGES = {
  staffRequired: FORM.staffRequired,
  staffNotFound: FORM.staffNotFound,
  financialYearRequired: 'Financial Year is required',
  // The spec presets the year read-only and names no text for another one.
  financialYearMismatch: (financialYear: number) => `Financial Year must be ${financialYear}`,
  financialYearInvalid: 'Financial Year is invalid',
  leaveHoursRequired: 'Leave Day is required',
  leaveHoursRange: (hours: string) => `Leave hour(s) must be between 0 and ${hours}`,
  leaveHoursStep: 'Invalid duration (ex: 0.5, 1 , 1.5, 2, 2.5, ...) ',
  leaveHoursInvalid: 'Leave hour(s) is invalid',
  leaveHoursBelowUsed: (usedHours: string) => `Leave hour(s) must not be less than the used hours (${usedHours})`,
  ...DESCRIPTION_MESSAGES,
  ...DATE_FIELD_MESSAGES,
  lockedApplyDate: 'Apply date of a leave carryover already in use cannot be changed',
  lockedLeaveHours: 'Leave hour(s) of a leave carryover applied in an approved timesheet period cannot be changed',
  ...RECORD_KEY_MESSAGES,
  invalidIds: FORM.invalidIds,
  notFound: 'Leave carryover not found',
  expired: 'Leave carryover has expired and can no longer be edited',
  notRemovable: 'Leave carryover has been used or expired and cannot be removed',
  lockedRemove: 'Leave carryover applied in an approved timesheet period cannot be removed',
  ...IMPORT_MESSAGES,
  created: 'Create leave carryover successfully',
  updated: 'Update leave carryover successfully',
  deleted: 'Delete leave carryover successfully',
  imported: 'Import leave carryover successfully',
  /** The form's hint under Leave Hours once the cap is known. */
  remaining: (hours: number) => `Remaining: ${formatCapHours(hours)} hours`,
} as const;
const M = LEAVE_CARRYOVER_MESSAGES;

/** The messages the Leave Hour check may answer, by their keys (docs/i18n-server-messages.md). */
export type CarryoverHoursFailure = CheckFailure<
  'leaveCarryover.leaveHoursRequired' | 'leaveCarryover.leaveHoursInvalid' | 'leaveCarryover.leaveHoursRange' | 'leaveCarryover.leaveHoursStep'
>;

const INVALID_HOURS: CarryoverHoursFailure = { key: 'leaveCarryover.leaveHoursInvalid', params: {}, text: M.leaveHoursInvalid };

/**
 * The Leave Hour rules of the carryover form in the spec's order (spec 000 §5): required; a number (else 'is
 * invalid'); above 0 and at most `remaining` (the staff's cap for the year, null while unknown); in steps of 0.5. Returns the hours, or
 * the first failing rule's message (key, parameters, English text). Server and web both call this, so the user reads
 * the same message.
 */
export function checkCarryoverHours(value: unknown, remaining: number | null): number | CarryoverHoursFailure {
  if (isBlank(value)) return { key: 'leaveCarryover.leaveHoursRequired', params: {}, text: M.leaveHoursRequired };
  const hours = numberOf(value);
  if (!Number.isFinite(hours)) return INVALID_HOURS;
  // No cap without a known staff (the staff's own message comes first): only "above 0" is checked then.
  if (remaining === null) {
    if (hours <= 0) return INVALID_HOURS;
  } else if (hours <= 0 || Math.round(hours * 1000) > Math.round(remaining * 1000)) {
    // Compared in thousandths of an hour, as the ledger counts them.
    const cap = formatCapHours(remaining);
    return { key: 'leaveCarryover.leaveHoursRange', params: { hours: cap }, text: M.leaveHoursRange(cap) };
  }
  if (!Number.isInteger(hours / LEAVE_CARRYOVER_HOUR_STEP)) return { key: 'leaveCarryover.leaveHoursStep', params: {}, text: M.leaveHoursStep };
  return hours;
}

/** Financial Year: required, and the preset one (spec 000 §5: preset and read-only). */
export function checkFinancialYear(value: unknown, expected: number): number | string {
  if (isBlank(value)) return M.financialYearRequired;
  const year = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,4}$/.test(value.trim()) ? Number(value) : NaN;
  return year === expected ? year : M.financialYearMismatch(expected);
}

export const LEAVE_CARRYOVER_SORTS = ['createdDate', 'applyDate', 'expireDate', 'leaveHours', 'financialYear', 'name'] as const;
export type LeaveCarryoverSort = (typeof LEAVE_CARRYOVER_SORTS)[number];

/** Spec 000 §7 "sort direction -1": -1 newest first (the default), 1 oldest first; asc/desc also accepted. */
const directionSchema = z
  .enum(['-1', '1', 'asc', 'desc'])
  .default('-1')
  .transform((d) => (d === '1' || d === 'asc' ? ('asc' as const) : ('desc' as const)));

// GET /api/tms/leaves-management/annual-leaves/reserve-leave
export const leaveCarryoverListQuerySchema = z.object({
  ...pagingShape(),
  ...grantListFilterShape,
  sort: z.enum(LEAVE_CARRYOVER_SORTS).default('createdDate'),
  direction: directionSchema,
});
export type LeaveCarryoverListQuery = z.infer<typeof leaveCarryoverListQuerySchema>;

export const leaveCarryoverRowSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  division: z.string(),
  department: z.string(),
  financialYear: z.number().int(),
  /** Hours, 2 decimals. */
  leaveHours: z.number(),
  usedHours: z.number(),
  remainHours: z.number(),
  expiredHours: z.number(),
  description: z.string().nullable(),
  /** DD/MM/YYYY, with the same display forms. */
  applyDate: z.string(),
  expireDate: z.string(),
  applyDateFormat: z.string(),
  expireDateFormat: z.string(),
  ...auditShape,
  /** HR, HRM, Admin only (spec 000 §4): edit while the expire date is today or later. */
  canEdit: z.boolean(),
  /** Also nothing used and not applied in an approved timesheet period. */
  canRemove: z.boolean(),
  /** Editing keeps the apply date: applied today or earlier with hours used (spec 000 §4), or in a locked period. */
  applyDateLocked: z.boolean(),
  /** Editing keeps the hours: applied in an approved timesheet period (RULES.md §4). */
  leaveHoursLocked: z.boolean(),
});
export type LeaveCarryoverRow = z.infer<typeof leaveCarryoverRowSchema>;
export const leaveCarryoverListResponseSchema = pagedEnvelope(leaveCarryoverRowSchema);

/**
 * Form fields as sent. Types are loose on purpose: the server's rule check reports the spec's texts in the form's
 * order (spec 000 §5), which a type error here would pre-empt. Unknown fields are dropped (RULES.md §3).
 */
const carryoverFields = {
  financialYear: z.union([z.number(), safeText()], { error: M.financialYearInvalid }).nullish(),
  leaveHours: z.union([z.number(), safeText()], { error: M.leaveHoursInvalid }).nullish(),
  description: safeText(M.descriptionInvalid).nullish(),
  ...dateFieldsShape,
};

// POST …/reserve-leave/create: `username` or `usernames` (spec 000 §7), one row each.
export const leaveCarryoverCreateSchema = z.object({
  username: safeText(M.staffRequired).nullish(),
  usernames: z.array(safeText(M.staffRequired), { error: M.staffRequired }).nullish(),
  ...carryoverFields,
});
export type LeaveCarryoverCreate = z.infer<typeof leaveCarryoverCreateSchema>;
export const leaveCarryoverCreateResponseSchema = envelope(z.array(z.number().int()));

// PUT …/reserve-leave/update: the staff and financial year of a row never change; `username` is accepted and ignored.
export const leaveCarryoverUpdateSchema = z.object({
  ...editKeyShape,
  username: safeText().nullish(),
  ...carryoverFields,
});
export type LeaveCarryoverUpdate = z.infer<typeof leaveCarryoverUpdateSchema>;
export const leaveCarryoverUpdateResponseSchema = envelope(z.object({ id: z.number().int(), version: z.number().int() }));

// DELETE …/reserve-leave/delete/:id?version=

// GET …/reserve-leave/history?id=

// POST …/reserve-leave/import (multipart `files`): header `code: 200` + `{ data: { count } }`, or an xlsx error report.

// GET /tms/advance/get-before-financial-year → data: the year (e.g. 2026 when today is in 2027).
export const beforeFinancialYearResponseSchema = envelope(z.number().int());

// GET /tms/filters/remain-financial-leave?username=&financialYear=[&id=] → data: the hours HR may still carry.
export const remainFinancialLeaveQuerySchema = z.object({
  username: safeText(M.staffRequired).trim().min(1, M.staffRequired),
  financialYear: z.coerce.number({ error: M.financialYearRequired }).int(M.financialYearRequired).min(1, M.financialYearRequired).max(9999, M.financialYearRequired),
  id: idParamSchema().optional(),
});
export type RemainFinancialLeaveQuery = z.infer<typeof remainFinancialLeaveQuerySchema>;
export const remainFinancialLeaveResponseSchema = envelope(z.number());
