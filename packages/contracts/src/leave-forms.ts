import { z } from 'zod';
import { dmyFilterSchema, envelope, historyEntrySchema, idListSchema, idParamSchema, idSchema, safeText } from './schemas.ts';
import { LEAVE_FORM_MESSAGES } from './leave-forms-constants.ts';
// The area's paths, roles, limits and texts are in leave-forms-constants.ts, without zod (the web's first load imports
// them from there); this file adds the schemas and re-exports them.
export * from './leave-forms-constants.ts';

/** The apply and expire date range filters of the leave lists (DD/MM/YYYY, inclusive). */
export const dateRangeFilterShape = {
  applyFromDate: dmyFilterSchema,
  applyToDate: dmyFilterSchema,
  expireFromDate: dmyFilterSchema,
  expireToDate: dmyFilterSchema,
};

const F = LEAVE_FORM_MESSAGES;
/** The date texts of every leave form, for a tab's message map to spread. */
export const DATE_FIELD_MESSAGES = {
  applyDateRequired: F.applyDateRequired,
  expireDateRequired: F.expireDateRequired,
  invalidDate: F.invalidDate,
  applyAfterExpire: F.applyAfterExpire,
  applyDateLocked: F.applyDateLocked,
  expireBeforeToday: F.expireBeforeToday,
} as const;
/** The Note / Description texts. */
export const DESCRIPTION_MESSAGES = { descriptionTooLong: F.descriptionTooLong, descriptionInvalid: F.descriptionInvalid } as const;
/** The texts of an edit or removal's `id` and `version`. */
export const RECORD_KEY_MESSAGES = { versionRequired: F.versionRequired, idRequired: F.idRequired } as const;
/** The import's file-level texts (RULES.md §1). */
export const IMPORT_MESSAGES = { importMissingColumn: F.importMissingColumn, importNoRows: F.importNoRows } as const;

/** The apply and expire date fields of a form as sent (DD/MM/YYYY text; the rule check reads them). */
export const dateFieldsShape = {
  applyDate: safeText(F.invalidDate).nullish(),
  expireDate: safeText(F.invalidDate).nullish(),
};

/** The filters of the grant lists (spec 000 §7): staff, division, department, apply and expire date ranges. */
export const grantListFilterShape = {
  employee: idListSchema,
  division: idListSchema,
  department: idListSchema,
  ...dateRangeFilterShape,
};

/** Who created or last changed a record, with their department. */
export const personRefSchema = z.object({ name: z.string(), departmentName: z.string().nullable() });

/** The audit fields of every listed leave record. */
export const auditShape = {
  createdBy: personRefSchema.nullable(),
  modifiedBy: personRefSchema.nullable(),
  /** ISO instants. */
  createdDate: z.string(),
  modifiedDate: z.string(),
  version: z.number().int(),
};

/** `id` and `version` of an edit body (RULES.md §1: a stale version answers 409). */
export const editKeyShape = {
  id: idSchema(LEAVE_FORM_MESSAGES.idRequired),
  version: idSchema(LEAVE_FORM_MESSAGES.versionRequired),
};

/** The remove (`delete/:id?version=`) and history (`history?id=`) calls every leave tab has, and import's answer. */
export const recordDeleteParamsSchema = z.object({ id: idParamSchema(LEAVE_FORM_MESSAGES.idRequired) });
export const recordDeleteQuerySchema = z.object({ version: idParamSchema(LEAVE_FORM_MESSAGES.versionRequired).optional() });
export const recordDeleteResponseSchema = envelope(z.object({ id: z.number().int() }));
export const recordHistoryQuerySchema = z.object({ id: idParamSchema(LEAVE_FORM_MESSAGES.idRequired) });
export const recordHistoryResponseSchema = envelope(z.array(historyEntrySchema));
export const importCountResponseSchema = envelope(z.object({ count: z.number().int() }));

/** Empty: null, undefined or only spaces. */
export const isBlank = (value: unknown): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** A number field as sent: a number, or its plain decimal text; anything else is NaN. */
export function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value.trim()) ? Number(value) : NaN;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; messages: string[] };

/** User names as given (one or more lists): trimmed, blanks dropped, the same name in any case once (user names are unique that way). */
export function normalizeUsernames(...lists: (readonly (string | null | undefined)[] | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of lists.flatMap((l) => l ?? [])) {
    const name = raw?.trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      out.push(name);
    }
  }
  return out;
}

/** Staff rules: at least one, each known (`known` holds lower-cased user names). */
export function checkStaffList(usernames: readonly string[], known: ReadonlySet<string>): string[] {
  if (usernames.length === 0) return [LEAVE_FORM_MESSAGES.staffRequired];
  return usernames.filter((u) => !known.has(u.toLowerCase())).map(LEAVE_FORM_MESSAGES.staffNotFound);
}

/**
 * A DD/MM/YYYY form date → YYYY-MM-DD, or the message of the first failing rule: required, then a real date.
 * `parse` is the caller's DD/MM/YYYY reader (the server's, so every server check reads dates one way).
 */
export function checkDateField(
  value: unknown,
  requiredMessage: string,
  parse: (text: string) => string | undefined,
): { iso: string } | { message: string } {
  if (isBlank(value)) return { message: requiredMessage };
  const iso = typeof value === 'string' ? parse(value.trim()) : undefined;
  return iso ? { iso } : { message: LEAVE_FORM_MESSAGES.invalidDate };
}

/** The texts of the grant date rules; each form names its own (their words differ for the locked apply date). */
export type GrantDateMessages = {
  applyDateRequired: string;
  expireDateRequired: string;
  applyAfterExpire: string;
  /** Editing a row applied on or before the lock date changed its apply date. */
  lockedApplyDate: string;
  applyDateLocked: (lockDateDmy: string) => string;
  expireBeforeToday: string;
};

/**
 * The apply and expire dates of a grant form (spec 000 §5, RULES.md §4), every failing rule in the form's order:
 * each required and a real date; apply not after expiry; a row whose apply date is kept (`keptApplyDate`, applied on
 * or before the lock date) keeps it, and `lockedExtra` adds the form's other rules of such a row right after; any other
 * apply date after the lock date; expiry not before today. `parse` reads DD/MM/YYYY, `formatDate` writes it.
 */
export function checkGrantDates(
  fields: { applyDate?: unknown; expireDate?: unknown },
  ctx: { today: string; lockDate: string | null; keptApplyDate: string | null; parse: (text: string) => string | undefined; formatDate: (iso: string) => string },
  messages: GrantDateMessages,
  lockedExtra: () => string[] = () => [],
): { applyDate?: string; expireDate?: string; messages: string[] } {
  const out: string[] = [];
  const apply = checkDateField(fields.applyDate, messages.applyDateRequired, ctx.parse);
  const expire = checkDateField(fields.expireDate, messages.expireDateRequired, ctx.parse);
  if ('message' in apply) out.push(apply.message);
  if ('message' in expire) out.push(expire.message);
  const applyDate = 'iso' in apply ? apply.iso : undefined;
  const expireDate = 'iso' in expire ? expire.iso : undefined;
  if (applyDate !== undefined && expireDate !== undefined && applyDate > expireDate) out.push(messages.applyAfterExpire);
  if (ctx.keptApplyDate !== null) {
    if (applyDate !== undefined && applyDate !== ctx.keptApplyDate) out.push(messages.lockedApplyDate);
    out.push(...lockedExtra());
  } else if (applyDate !== undefined && ctx.lockDate !== null && applyDate <= ctx.lockDate) {
    out.push(messages.applyDateLocked(ctx.formatDate(ctx.lockDate)));
  }
  if (expireDate !== undefined && expireDate < ctx.today) out.push(messages.expireBeforeToday);
  return { applyDate, expireDate, messages: out };
}

/**
 * A Note / Description field: the text as sent (a non-text value as its text), at most `max` characters. `stored`
 * is what is kept: null when blank.
 */
export function checkDescription(value: unknown, max: number): { stored: string | null; message: string | null } {
  const text = typeof value === 'string' ? value : value == null ? null : String(value);
  if (text !== null && text.length > max) return { stored: null, message: LEAVE_FORM_MESSAGES.descriptionTooLong };
  return { stored: text?.trim() ? text : null, message: null };
}
