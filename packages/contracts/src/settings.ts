import { z } from 'zod';
import { isIsoDateText } from './api.ts';
import { envelope, idParamSchema, idSchema, pagedEnvelope, pagingShape, safeText } from './schemas.ts';
import type { Actor } from './roles.ts';

/**
 * Settings (spec 002 §2 Settings, §3 Working type / Payroll period, §7 Settings; RULES.md §4): the working types and
 * the payroll periods of the caller's company, a "Create payroll period" form and the lock checkbox.
 */
export const SETTINGS_WORK_TYPES_PATH = '/tms/settings/get-work-types';
export const SETTINGS_WORK_PERIODS_PATH = '/tms/settings/work-periods';
export const SETTINGS_CREATE_PATH = '/tms/settings/create';
export const settingsLockPath = (id: number | string) => `${SETTINGS_WORK_PERIODS_PATH}/${id}/lock`;
export const SETTINGS_PAGE = '/settings/settings-config';
/** HR, HRM, ADMIN (RULES.md §2: /settings/*). */
export const SETTINGS_ACCESS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];
export const WORKING_DAYS_MAX = 31;

export const SETTINGS_MESSAGES = {
  fromRequired: 'Please choose From Date!',
  toRequired: 'Please choose To Date!',
  invalidDate: 'Invalid Date!',
  toBeforeFrom: 'To date must higher than from date',
  workingDaysInvalid: `Standard working days must be a whole number from 0 to ${WORKING_DAYS_MAX}`,
  tooLong: 'A payroll period is at most 62 days long',
  overlap: (name: string, from: string, to: string) => `The payroll period overlaps ${name} (${from} - ${to}) of the company`,
  noCompany: 'No company found for the payroll period',
  notFound: 'Payroll period not found',
  lockRequired: 'Please choose lock or unlock',
  created: 'Create payroll period successfully!',
  locked: 'Lock payroll period successfully!',
  unlocked: 'Unlock payroll period successfully!',
  lockConfirm: (name: string) => `Lock payroll period ${name}? Nothing dated in it can change any more (requests, overtime, explanations, leave, timesheet edits).`,
  unlockConfirm: (name: string) => `Unlock payroll period ${name}? Its dates can change again unless its timesheet is approved.`,
  createTitle: 'Create payroll period',
} as const;
const M = SETTINGS_MESSAGES;
/** A period longer than this is surely a typing error (a payroll period is about a month, RULES.md §4). */
export const PERIOD_MAX_DAYS = 62;

/** The payroll period fields as checked on both sides: dates YYYY-MM-DD, working days optional. */
export function checkPeriodForm(body: { from_date?: unknown; to_date?: unknown; working_days?: unknown }):
  | { ok: true; value: { fromDate: string; toDate: string; workingDays: number | null } }
  | { ok: false; messages: string[] } {
  const messages: string[] = [];
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const from = text(body.from_date);
  const to = text(body.to_date);
  if (!from) messages.push(M.fromRequired);
  else if (!isIsoDateText(from)) messages.push(M.invalidDate);
  if (!to) messages.push(M.toRequired);
  else if (!isIsoDateText(to)) messages.push(M.invalidDate);
  if (isIsoDateText(from) && isIsoDateText(to)) {
    if (to < from) messages.push(M.toBeforeFrom);
    else if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1 > PERIOD_MAX_DAYS) messages.push(M.tooLong);
  }
  let workingDays: number | null = null;
  const wd = body.working_days;
  if (!(wd === null || wd === undefined || (typeof wd === 'string' && wd.trim() === ''))) {
    const n = typeof wd === 'number' ? wd : typeof wd === 'string' && /^\d+$/.test(wd.trim()) ? Number(wd) : NaN;
    if (!Number.isInteger(n) || n < 0 || n > WORKING_DAYS_MAX) messages.push(M.workingDaysInvalid);
    else workingDays = n;
  }
  if (messages.length > 0) return { ok: false, messages };
  return { ok: true, value: { fromDate: from, toDate: to, workingDays } };
}

/** The payroll period's name (RULES.md §4: named for the month of its end, `T11-2026`). */
export const periodNameOf = (toDate: string) => `T${toDate.slice(5, 7)}-${toDate.slice(0, 4)}`;

export const workTypeRowSchema = z.object({
  id: z.number().int(),
  hr_registration_type: z.string(),
  definition: z.string(),
  hr_notation: z.string(),
  payroll_notation: z.string(),
});
export type WorkTypeRow = z.infer<typeof workTypeRowSchema>;
export const workTypesQuerySchema = z.object({ ...pagingShape() });
export const workTypesResponseSchema = pagedEnvelope(workTypeRowSchema);

export const workPeriodRowSchema = z.object({
  id: z.number().int(),
  /** The payroll (spec 002 §2 Payroll column): the period's name, `T11-2026`. */
  name: z.string(),
  /** YYYY-MM-DD. */
  from_date: z.string(),
  to_date: z.string(),
  working_days: z.number().int(),
  /** 0 Draft, 1 Rejected, 2 Pending update, 3 Pending approval, 4 Approved (RULES.md §4). */
  status: z.number().int(),
  is_lock: z.boolean(),
  company_id: z.number().int(),
  company_name: z.string(),
  version: z.number().int(),
});
export type WorkPeriodRow = z.infer<typeof workPeriodRowSchema>;
export const workPeriodsQuerySchema = z.object({ ...pagingShape() });
export const workPeriodsResponseSchema = pagedEnvelope(workPeriodRowSchema);

/** Loose on purpose: `checkPeriodForm` gives each rule its message. */
export const periodCreateSchema = z.object({
  from_date: safeText(M.fromRequired).nullish(),
  to_date: safeText(M.toRequired).nullish(),
  working_days: z.union([z.number(), safeText(M.workingDaysInvalid)]).nullish(),
  /** Another company than the caller's (an admin of several); default the caller's company. */
  company_id: idSchema().nullish(),
});
export type PeriodCreate = z.infer<typeof periodCreateSchema>;
export const periodCreateResponseSchema = envelope(workPeriodRowSchema);

export const periodLockParamsSchema = z.object({ id: idParamSchema() });
export const periodLockSchema = z.object({
  is_lock: z.boolean({ error: M.lockRequired }),
  version: idSchema('Version is required'),
});
export type PeriodLock = z.infer<typeof periodLockSchema>;
export const periodLockResponseSchema = envelope(workPeriodRowSchema);
