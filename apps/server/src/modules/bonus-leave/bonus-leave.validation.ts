import { BONUS_LEAVE_DESCRIPTION_MAX, BONUS_LEAVE_MESSAGES as M, checkLeaveHour } from '@tms/contracts/bonus-leave';
import { type Checked, checkDescription, checkGrantDates, checkStaffList } from '@tms/contracts/leave-forms';
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

export type { Checked } from '@tms/contracts/leave-forms';

/** The staff user names of a form (one owner: contracts/leave-forms.ts). */
export { normalizeUsernames } from '@tms/contracts/leave-forms';

/** Staff rules: at least one, each known (`known` holds lower-cased user names). */
export const checkStaff = checkStaffList;

/** DD/MM/YYYY of a YYYY-MM-DD date, for the lock date message. */
const formatDate = (iso: string) => toDmy(iso)!;

/**
 * Every rule of the form in the spec's order; `messages` holds each failing rule once, the first is the one shown.
 * Editing adds: hours not below those used, and for a row applied on or before the lock date neither the apply date
 * nor the hours may change (RULES.md §4: nothing dated on or before the lock date changes).
 */
export function checkGrant(fields: GrantFields, ctx: GrantContext): Checked<Grant> {
  const messages: string[] = [];
  const hours = checkLeaveHour(fields.leaveHour);
  if (typeof hours !== 'number') messages.push(hours.text);
  else if (ctx.current && hours < ctx.current.usedHours) messages.push(M.leaveHourBelowUsed(ctx.current.usedHours.toFixed(2)));

  const { current } = ctx;
  const lockedRow = current !== undefined && ctx.lockDate !== null && current.applyDate <= ctx.lockDate;
  const { applyDate, expireDate, ...dates } = checkGrantDates(fields, { ...ctx, keptApplyDate: lockedRow ? current.applyDate : null, parse: parseDmy, formatDate }, M, () =>
    typeof hours === 'number' && hours !== current!.leaveHour ? [M.lockedLeaveHour] : [],
  );
  messages.push(...dates.messages);

  const description = checkDescription(fields.description, BONUS_LEAVE_DESCRIPTION_MAX);
  if (description.message) messages.push(description.message);

  if (messages.length > 0 || typeof hours !== 'number' || applyDate === undefined || expireDate === undefined) {
    return { ok: false, messages: [...new Set(messages)] };
  }
  return { ok: true, value: { leaveHour: hours, applyDate, expireDate, description: description.stored } };
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
