import { z } from 'zod';
import type { CheckFailure } from './message-format.ts';
import { envelope, pagedEnvelope, pagingShape, safeText } from './schemas.ts';
import {
  DATE_FIELD_MESSAGES,
  LEAVE_WRITERS,
  RECORD_KEY_MESSAGES,
  auditShape,
  dateFieldsShape,
  dateRangeFilterShape,
  editKeyShape,
  isBlank,
  numberOf,
} from './leave-forms.ts';

/**
 * General configuration of annual leave (spec 000 §2, §3, §4, §5, §7; RULES.md §7): the accrual rules in force from
 * the apply date to the expire date (table leave_general_configs, read by the leave accrual engine).
 */
export const GENERAL_CONFIG_PATH = '/tms/leaves-management/annual-leaves/general-config';

/** The tab and every call: HR, HRM, Admin (spec 000 §2 tab visibility, §6). */
export const GENERAL_CONFIG_ROLES = LEAVE_WRITERS;

/** The numeric fields of the form, in the form's order. */
export const GENERAL_CONFIG_NUMBER_FIELDS = ['seniorityLeaveHour', 'seniorityLeaveYear', 'conditionalMonth', 'leaveHourInMonth', 'advanceLeave'] as const;
export type GeneralConfigNumberField = (typeof GENERAL_CONFIG_NUMBER_FIELDS)[number];

/**
 * The form's labels (spec 000 §5: the '{field} is required' texts name them), the `{field}` of the range, integer
 * and decimals messages.
 */
export const GENERAL_CONFIG_LABELS = {
  seniorityLeaveHour: 'Seniority day',
  seniorityLeaveYear: 'Seniority year',
  conditionalMonth: 'Condition/Month',
  leaveHourInMonth: 'Annual hour(s)/month',
  advanceLeave: 'Advance payment leave',
  applyDate: 'Date Applied',
  expireDate: 'Date Expired',
} as const satisfies Record<GeneralConfigNumberField | 'applyDate' | 'expireDate', string>;

/** Column titles of the list (spec 000 §3: seniorityLeaveYear is shown as 'extra-for-loyalty (years)'). */
export const GENERAL_CONFIG_COLUMNS = {
  seniorityLeaveHour: 'Seniority hours',
  seniorityLeaveYear: 'extra-for-loyalty (years)',
  conditionalMonth: 'Condition/Month',
  leaveHourInMonth: 'Annual hour(s)/month',
  advanceLeave: 'Advance payment leave',
  applyDate: 'Date applied',
  expireDate: 'Date expired',
} as const;

/** Limits (spec 000 §5 General configuration form, §9): inclusive range and decimals (0 = integer). */
export const GENERAL_CONFIG_LIMITS = {
  seniorityLeaveHour: { min: 0, max: 100, decimals: 2 },
  seniorityLeaveYear: { min: 0, max: 100, decimals: 2 },
  conditionalMonth: { min: 0, max: 100, decimals: 0 },
  leaveHourInMonth: { min: 0, max: 99, decimals: 2 },
  advanceLeave: { min: 0, max: 12, decimals: 0 },
} as const satisfies Record<GeneralConfigNumberField, { min: number; max: number; decimals: number }>;

/** `object_type` is stored as sent (a varchar(40) column); the spec names the field without its values. */
export const GENERAL_CONFIG_OBJECT_TYPE_MAX = 40;

/** The modals (spec 000 §2). */
export const GENERAL_CONFIG_TITLES = {
  add: 'Add General Configuration',
  edit: 'Edit General Configuration',
  history: 'General Configuration History',
  confirm: 'Please Confirm',
} as const;

/** The tag of the row the accrual engine uses today (latest apply date wins on overlap). */
export const GENERAL_CONFIG_IN_FORCE_TAG = 'In force today';

/** Every text the server answers and the web shows for general configuration. Spec texts are verbatim. */
export const GENERAL_CONFIG_MESSAGES = {
  required: {
    seniorityLeaveHour: 'Seniority day is required',
    seniorityLeaveYear: 'Seniority year is required',
    conditionalMonth: 'Condition/Month is required',
    leaveHourInMonth: 'Annual hour(s)/month is required',
    advanceLeave: 'Advance payment leave is required',
  } satisfies Record<GeneralConfigNumberField, string>,
  /** Spec 000 §5 message patterns. */
  range: (field: string, from: number, to: number) => `${field} in range ${from}-${to}`,
  integer: (field: string) => `${field} is integer`,
  decimals: (field: string) => `${field} must have at most 2 decimals`,
  invalidNumber: (field: string) => `${field} is invalid`,
  // The form names no text for these two: the carryover form's texts (spec 000 §5), as bonus leave does.
  ...DATE_FIELD_MESSAGES,
  applyNotAfterToday: 'Apply date must be after today',
  objectTypeTooLong: `Object type must be at most ${GENERAL_CONFIG_OBJECT_TYPE_MAX} characters`,
  objectTypeInvalid: 'Object type must be text',
  fieldsLocked: 'The configuration applies in an approved timesheet period: only Date Expired can change',
  ...RECORD_KEY_MESSAGES,
  notFound: 'General configuration not found',
  expired: 'General configuration has expired and can no longer be edited',
  notRemovable: 'General configuration already applied cannot be removed',
  lockedRemove: 'General configuration applied in an approved timesheet period cannot be removed',
  created: 'Create general configuration successfully',
  updated: 'Update general configuration successfully',
  deleted: 'Delete general configuration successfully',
  confirmDelete: 'Do you want to delete this general configuration?',
} as const;
const M = GENERAL_CONFIG_MESSAGES;

/** The messages a numeric field's check may answer, by their keys (docs/i18n-server-messages.md). */
export type GeneralConfigNumberFailure = CheckFailure<
  `generalConfig.required.${GeneralConfigNumberField}` | 'generalConfig.invalidNumber' | 'generalConfig.range' | 'generalConfig.integer' | 'generalConfig.decimals'
>;

/**
 * One numeric field's rules in the spec's order (spec 000 §5): required, a number, in range, integer or at most
 * 2 decimals. Returns the number, or the first failing rule's message (key, parameters, English text). Server and web
 * both call it, so the user reads the same message whichever side finds the problem.
 */
export function checkGeneralConfigNumber(field: GeneralConfigNumberField, value: unknown): number | GeneralConfigNumberFailure {
  const label = GENERAL_CONFIG_LABELS[field];
  const { min, max, decimals } = GENERAL_CONFIG_LIMITS[field];
  if (isBlank(value)) return { key: `generalConfig.required.${field}`, params: {}, text: M.required[field] };
  const n = numberOf(value);
  if (!Number.isFinite(n)) return { key: 'generalConfig.invalidNumber', params: { field: label }, text: M.invalidNumber(label) };
  if (n < min || n > max) return { key: 'generalConfig.range', params: { field: label, min: String(min), max: String(max) }, text: M.range(label, min, max) };
  if (decimals === 0 && !Number.isInteger(n)) return { key: 'generalConfig.integer', params: { field: label }, text: M.integer(label) };
  if (Number(n.toFixed(decimals)) !== n) return { key: 'generalConfig.decimals', params: { field: label }, text: M.decimals(label) };
  return n;
}

/** A failing date rule of the general configuration, with the field it belongs to. */
export type GeneralConfigDateFailure = { field: 'applyDate' | 'expireDate' } & CheckFailure<
  'generalConfig.applyNotAfterToday' | 'generalConfig.applyDateLocked' | 'generalConfig.applyAfterExpire' | 'generalConfig.expireBeforeToday'
>;

/**
 * The date rules (spec 000 §5) on YYYY-MM-DD texts: each failing rule with the field it belongs to, in the form's
 * order. `applyChanged` is false when an edit keeps the stored apply date: an apply date already passed stays valid
 * (it is the configuration's history). The lock date rule (RULES.md §4) only bites when the lock date is today or later.
 */
export function checkGeneralConfigDates(
  dates: { apply: string; expire: string; applyChanged: boolean },
  limits: { today: string; lockDate: string | null; formatDate: (iso: string) => string },
): GeneralConfigDateFailure[] {
  const failures: GeneralConfigDateFailure[] = [];
  if (dates.applyChanged) {
    if (dates.apply <= limits.today) failures.push({ field: 'applyDate', key: 'generalConfig.applyNotAfterToday', params: {}, text: M.applyNotAfterToday });
    else if (limits.lockDate !== null && dates.apply <= limits.lockDate) {
      const lockDate = limits.formatDate(limits.lockDate);
      failures.push({ field: 'applyDate', key: 'generalConfig.applyDateLocked', params: { lockDate }, text: M.applyDateLocked(lockDate) });
    }
  }
  if (dates.apply > dates.expire) failures.push({ field: 'applyDate', key: 'generalConfig.applyAfterExpire', params: {}, text: M.applyAfterExpire });
  if (dates.expire < limits.today) failures.push({ field: 'expireDate', key: 'generalConfig.expireBeforeToday', params: {}, text: M.expireBeforeToday });
  return failures;
}

/** Row flags (spec 000 §4), YYYY-MM-DD texts; the server computes them and the web shows the actions by them. */
export function generalConfigFlags(row: { applyDate: string; expireDate: string }, ctx: { today: string; lockDate: string | null }) {
  const fieldsLocked = ctx.lockDate !== null && row.applyDate <= ctx.lockDate;
  return {
    /** Edit only while the expire date is today or later. */
    canEdit: row.expireDate >= ctx.today,
    /** Remove only while the apply date is not before today (and, RULES.md §4, not in an approved period). */
    canRemove: row.applyDate >= ctx.today && !fieldsLocked,
    /** Applied on or before the most recent approved timesheet date: only the expire date may change. */
    fieldsLocked,
  };
}

// GET …/general-config
export const generalConfigListQuerySchema = z.object({
  ...pagingShape(),
  ...dateRangeFilterShape,
});
export type GeneralConfigListQuery = z.infer<typeof generalConfigListQuerySchema>;

export const generalConfigRowSchema = z.object({
  id: z.number().int(),
  /** Hours, 2 decimals. */
  seniorityLeaveHour: z.number(),
  seniorityLeaveYear: z.number(),
  /** Percent of a period's working days. */
  conditionalMonth: z.number().int(),
  leaveHourInMonth: z.number(),
  /** Payroll periods. */
  advanceLeave: z.number().int(),
  /** DD/MM/YYYY */
  applyDate: z.string(),
  expireDate: z.string(),
  object_type: z.string().nullable(),
  ...auditShape,
  canEdit: z.boolean(),
  canRemove: z.boolean(),
  fieldsLocked: z.boolean(),
  /** The configuration the accrual engine uses today (spec 000 §3, RULES.md §7: on overlap the latest apply date wins). */
  inForceToday: z.boolean(),
});
export type GeneralConfigRow = z.infer<typeof generalConfigRowSchema>;
export const generalConfigListResponseSchema = pagedEnvelope(generalConfigRowSchema);

/**
 * Form fields as sent. Types are loose on purpose: the rule check reports the spec's texts in the form's order, which
 * a type error here would pre-empt. Unknown fields (createdBy, ...) are dropped (RULES.md §3).
 */
const numberField = (field: GeneralConfigNumberField) =>
  z.union([z.number(), safeText()], { error: M.invalidNumber(GENERAL_CONFIG_LABELS[field]) }).nullish();
const configFields = {
  seniorityLeaveHour: numberField('seniorityLeaveHour'),
  seniorityLeaveYear: numberField('seniorityLeaveYear'),
  conditionalMonth: numberField('conditionalMonth'),
  leaveHourInMonth: numberField('leaveHourInMonth'),
  advanceLeave: numberField('advanceLeave'),
  ...dateFieldsShape,
  object_type: safeText(M.objectTypeInvalid).nullish(),
};

// POST …/general-config/create
export const generalConfigCreateSchema = z.object(configFields);
export type GeneralConfigCreate = z.infer<typeof generalConfigCreateSchema>;
export const generalConfigCreateResponseSchema = envelope(z.object({ id: z.number().int(), version: z.number().int() }));

// PUT …/general-config/update
export const generalConfigUpdateSchema = z.object({ ...editKeyShape, ...configFields });
export type GeneralConfigUpdate = z.infer<typeof generalConfigUpdateSchema>;
export const generalConfigUpdateResponseSchema = generalConfigCreateResponseSchema;

// DELETE …/general-config/delete/:id?version=

// GET …/general-config/history?id=
