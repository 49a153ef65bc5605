import {
  LEAVE_CARRYOVER_DESCRIPTION_MAX,
  LEAVE_CARRYOVER_MESSAGES as M,
  checkCarryoverHours,
  checkFinancialYear,
} from '@tms/contracts/leave-carryover';
import { type Checked, checkDescription, checkGrantDates, checkStaffList } from '@tms/contracts/leave-forms';
import { parseDmy, toDmy } from '../../lib/dates.ts';
import type { FundRowBalance } from '../leave/allocation.ts';

/**
 * The leave carryover form's rules (spec 000 §5), the row rules of spec 000 §4 and the lock date (RULES.md §4),
 * shared by create, edit and import. Pure: the caller reads the cap, the lock date and today.
 */

export type CarryoverFields = { financialYear?: unknown; leaveHours?: unknown; applyDate?: unknown; expireDate?: unknown; description?: unknown };

export type CarryoverContext = {
  /** YYYY-MM-DD in the company time zone. */
  today: string;
  /** YYYY-MM-DD end of the most recent approved timesheet, or null. */
  lockDate: string | null;
  /** The financial year the form must carry: the preset year, or the edited row's own. */
  financialYear: number;
  /** The most hours this staff may carry from that year (remain-financial-leave; an edited row's own hours included); null for an unknown staff. */
  cap: number | null;
  /** Set when editing an existing row. */
  current?: { applyDate: string; leaveHours: number; usedHours: number; applyDateLocked: boolean; leaveHoursLocked: boolean };
};

export type Carryover = { financialYear: number; leaveHours: number; applyDate: string; expireDate: string; description: string | null };

export type { Checked } from '@tms/contracts/leave-forms';

/** The staff user names of a form (one owner: contracts/leave-forms.ts). */
export { normalizeUsernames } from '@tms/contracts/leave-forms';

/** Staff rules: at least one, each known (`known` holds lower-cased user names). */
export const checkStaff = checkStaffList;

/** DD/MM/YYYY of a YYYY-MM-DD date, for the lock date message. */
const formatDate = (iso: string) => toDmy(iso)!;

const usedText = (hours: number) => hours.toFixed(2);

/**
 * Every rule of the form in the spec's order; `messages` holds each failing rule once, the first is the one shown.
 * Hours: required, a number, above 0 and at most the cap, steps of 0.5; editing adds not below the hours used and,
 * for a row applied in an approved period, unchanged. Apply date: after the lock date (unless the row's apply date
 * is locked, then unchanged), not after expiry. Expiry: not before today. Note: at most 1000 characters.
 */
export function checkCarryover(fields: CarryoverFields, ctx: CarryoverContext): Checked<Carryover> {
  const messages: string[] = [];
  const { current } = ctx;
  const year = checkFinancialYear(fields.financialYear, ctx.financialYear);
  if (typeof year === 'string') messages.push(year);

  // The edited row's own hours stay allowed even if the year's cap has shrunk since (only a raise is capped).
  const cap = current && ctx.cap !== null ? Math.max(ctx.cap, current.leaveHours) : ctx.cap;
  const hours = checkCarryoverHours(fields.leaveHours, cap);
  if (typeof hours !== 'number') messages.push(hours.text);
  else if (current && current.leaveHoursLocked && hours !== current.leaveHours) messages.push(M.lockedLeaveHours);
  else if (current && hours < current.usedHours) messages.push(M.leaveHoursBelowUsed(usedText(current.usedHours)));

  const keptApplyDate = current?.applyDateLocked ? current.applyDate : null;
  const { applyDate, expireDate, ...dates } = checkGrantDates(fields, { ...ctx, keptApplyDate, parse: parseDmy, formatDate }, M);
  messages.push(...dates.messages);

  const description = checkDescription(fields.description, LEAVE_CARRYOVER_DESCRIPTION_MAX);
  if (description.message) messages.push(description.message);

  if (messages.length > 0 || typeof year === 'string' || typeof hours !== 'number' || applyDate === undefined || expireDate === undefined) {
    return { ok: false, messages: [...new Set(messages)] };
  }
  return { ok: true, value: { financialYear: year, leaveHours: hours, applyDate, expireDate, description: description.stored } };
}

/**
 * Row flags (spec 000 §4; row actions only for HR, HRM and Admin): edit while the expire date is today or later;
 * remove while nothing is used and not expired, and not when applied in an approved period (RULES.md §4). On edit
 * the apply date is locked when it is today or earlier and hours were used (spec 000 §4) or when it is in an approved
 * period; the hours are locked in an approved period (RULES.md §4: a grant dated there no longer changes).
 */
export function rowFlags(
  row: { balance: FundRowBalance; applyDate: string },
  ctx: { today: string; lockDate: string | null; mayWrite: boolean },
): { canEdit: boolean; canRemove: boolean; applyDateLocked: boolean; leaveHoursLocked: boolean } {
  const inLockedPeriod = ctx.lockDate !== null && row.applyDate <= ctx.lockDate;
  const canEdit = ctx.mayWrite && !row.balance.isExpired;
  return {
    canEdit,
    canRemove: canEdit && row.balance.usedHours === 0 && !inLockedPeriod,
    applyDateLocked: (row.applyDate <= ctx.today && row.balance.usedHours > 0) || inLockedPeriod,
    leaveHoursLocked: inLockedPeriod,
  };
}
