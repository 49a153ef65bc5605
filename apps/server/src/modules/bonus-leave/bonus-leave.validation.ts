import { BONUS_LEAVE_DESCRIPTION_MAX, BONUS_LEAVE_MESSAGES as M, checkLeaveHour } from '@tms/contracts/bonus-leave';
import { parseDmy, toDmy } from '../../lib/dates.ts';
import type { FundRowBalance } from '../leave/allocation.ts';

/** The bonus leave form's rules (spec 000 §5) and the lock date (RULES.md §4), shared by create, edit and import. */

export type GrantFields = { leaveHour?: unknown; applyDate?: unknown; expireDate?: unknown; description?: unknown };

export type GrantContext = {
  /** YYYY-MM-DD in the company time zone. */
  today: string;
  /** YYYY-MM-DD end of the most recent approved timesheet, or null. */
  lockDate: string | null;
  /** Set when editing an existing row. */
  current?: { applyDate: string; leaveHour: number; usedHours: number };
};

export type Grant = { leaveHour: number; applyDate: string; expireDate: string; description: string | null };

export type Checked<T> = { ok: true; value: T } | { ok: false; messages: string[] };

/** Trimmed, blanks dropped, duplicates collapsed case-insensitively (user names are unique that way). */
export function normalizeUsernames(usernames: readonly string[] | null | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of usernames ?? []) {
    const name = raw.trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      out.push(name);
    }
  }
  return out;
}

/** Staff rules: at least one, each known (`known` holds lower-cased user names). */
export function checkStaff(usernames: readonly string[], known: ReadonlySet<string>): string[] {
  if (usernames.length === 0) return [M.staffRequired];
  return usernames.filter((u) => !known.has(u.toLowerCase())).map(M.staffNotFound);
}

/** YYYY-MM-DD, or the message of the first failing rule. */
function checkDate(value: unknown, requiredMessage: string): { iso: string } | { message: string } {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return { message: requiredMessage };
  const iso = typeof value === 'string' ? parseDmy(value.trim()) : undefined;
  return iso ? { iso } : { message: M.invalidDate };
}

/**
 * Every rule of the form in the spec's order; `messages` holds each failing rule once, the first is the one shown.
 * Editing adds: hours not below those used, and for a row applied on or before the lock date neither the apply date
 * nor the hours may change (RULES.md §4: nothing dated on or before the lock date changes).
 */
export function checkGrant(fields: GrantFields, ctx: GrantContext): Checked<Grant> {
  const messages: string[] = [];
  const hours = checkLeaveHour(fields.leaveHour);
  if (typeof hours === 'string') messages.push(hours);
  else if (ctx.current && hours < ctx.current.usedHours) messages.push(M.leaveHourBelowUsed(ctx.current.usedHours.toFixed(2)));

  const apply = checkDate(fields.applyDate, M.applyDateRequired);
  const expire = checkDate(fields.expireDate, M.expireDateRequired);
  if ('message' in apply) messages.push(apply.message);
  if ('message' in expire) messages.push(expire.message);

  const lockedRow = ctx.current !== undefined && ctx.lockDate !== null && ctx.current.applyDate <= ctx.lockDate;
  if ('iso' in apply && 'iso' in expire && apply.iso > expire.iso) messages.push(M.applyAfterExpire);
  if (lockedRow) {
    if ('iso' in apply && apply.iso !== ctx.current!.applyDate) messages.push(M.lockedApplyDate);
    if (typeof hours === 'number' && hours !== ctx.current!.leaveHour) messages.push(M.lockedLeaveHour);
  } else if ('iso' in apply && ctx.lockDate !== null && apply.iso <= ctx.lockDate) {
    messages.push(M.applyDateLocked(toDmy(ctx.lockDate)!));
  }
  if ('iso' in expire && expire.iso < ctx.today) messages.push(M.expireBeforeToday);

  const description = typeof fields.description === 'string' ? fields.description : fields.description == null ? null : String(fields.description);
  if (description !== null && description.length > BONUS_LEAVE_DESCRIPTION_MAX) messages.push(M.descriptionTooLong);

  if (messages.length > 0 || typeof hours === 'string' || !('iso' in apply) || !('iso' in expire)) {
    return { ok: false, messages: [...new Set(messages)] };
  }
  return { ok: true, value: { leaveHour: hours, applyDate: apply.iso, expireDate: expire.iso, description: description?.trim() ? description : null } };
}

/** A row's used, remaining and expired hours, from the leave core (RULES.md §7). */
export type Balance = FundRowBalance;

/**
 * Row actions (spec 000 §4): only HR, HRM, Admin act on rows; edit while not expired; remove while unused and not
 * expired, and not when applied on or before the lock date (RULES.md §4: a grant dated there no longer changes).
 */
export function rowActions(
  row: { balance: Balance; applyDate: string },
  ctx: { lockDate: string | null; mayWrite: boolean },
): { canEdit: boolean; canRemove: boolean } {
  const canEdit = ctx.mayWrite && !row.balance.isExpired;
  const locked = ctx.lockDate !== null && row.applyDate <= ctx.lockDate;
  return { canEdit, canRemove: canEdit && row.balance.usedHours === 0 && !locked };
}
