import { PROJECT_LEAVE_MESSAGES as M, checkLeaveDay } from '@tms/contracts/project-leave';
import { type Checked, checkGrantDates } from '@tms/contracts/leave-forms';
import { parseDmy, toDmy } from '../../lib/dates.ts';
import { fromMilli, toMilli } from '../leave/allocation.ts';

/** The project leave form's rules (spec 000 §5) and the lock date (RULES.md §4), shared by create, edit and import. */

export type GrantFields = { leaveDay?: unknown; applyDate?: unknown; expireDate?: unknown };

export type GrantContext = {
  /** YYYY-MM-DD in the company time zone. */
  today: string;
  /** YYYY-MM-DD end of the most recent approved timesheet, or null. */
  lockDate: string | null;
  /** Set when editing an existing row. */
  current?: { applyDate: string; leaveDay: number; usedDays: number };
};

export type Grant = { leaveDay: number; applyDate: string; expireDate: string };

export type { Checked } from '@tms/contracts/leave-forms';

/** The staff user names of a form (one owner: contracts/leave-forms.ts). */
export { normalizeUsernames } from '@tms/contracts/leave-forms';

/** A project id from the form (a number, or its text); null when missing, NaN when not an id. */
export function projectIdOf(value: unknown): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : NaN;
}

/** DD/MM/YYYY of a YYYY-MM-DD date, for the lock date message. */
const formatDate = (iso: string) => toDmy(iso)!;

/**
 * The leave day and date rules of the form in the spec's order; `messages` holds each failing rule once. Project
 * and staff come first in the form and need the database: the service checks them and puts their messages first.
 * Editing adds: days not below those used, and for a row applied on or before the lock date neither the apply date
 * nor the days change.
 */
export function checkGrant(fields: GrantFields, ctx: GrantContext): Checked<Grant> {
  const messages: string[] = [];
  const days = checkLeaveDay(fields.leaveDay);
  if (typeof days === 'string') messages.push(days);
  else if (ctx.current && toMilli(days) < toMilli(ctx.current.usedDays)) messages.push(M.leaveDayBelowUsed(String(ctx.current.usedDays)));

  const { current } = ctx;
  const lockedRow = current !== undefined && ctx.lockDate !== null && current.applyDate <= ctx.lockDate;
  const { applyDate, expireDate, ...dates } = checkGrantDates(fields, { ...ctx, keptApplyDate: lockedRow ? current.applyDate : null, parse: parseDmy, formatDate }, M, () =>
    typeof days === 'number' && toMilli(days) !== toMilli(current!.leaveDay) ? [M.lockedLeaveDay] : [],
  );
  messages.push(...dates.messages);

  if (messages.length > 0 || typeof days === 'string' || applyDate === undefined || expireDate === undefined) {
    return { ok: false, messages: [...new Set(messages)] };
  }
  return { ok: true, value: { leaveDay: days, applyDate, expireDate } };
}

export type RowFigures = { used: number; remaining: number; expired: number; isExpired: boolean };

/**
 * A row's figures in days with 3 decimals (the leave core's `fundRowBalance` rule, which rounds hours to 2):
 * remaining = granted − used while the expire date is today or later, else 0; expired = granted − used once it has
 * passed, else 0.
 */
export function rowFigures(totals: { granted: number; used: number; expireDate: string }, today: string): RowFigures {
  const isExpired = totals.expireDate < today;
  const left = fromMilli(toMilli(totals.granted) - toMilli(totals.used));
  const used = fromMilli(toMilli(totals.used));
  return { used, remaining: isExpired ? 0 : left, expired: isExpired ? left : 0, isExpired };
}

/** Days as exact thousandths from numeric text. */
export const daysOf = (numeric: string | number) => fromMilli(toMilli(Number(numeric)));

/**
 * Row actions (spec 000 §4, project leave detail): only HR, HRM, Admin; edit while the expire date is today or later;
 * remove while nothing is used and not expired, and not when applied on or before the lock date (RULES.md §4).
 */
export function rowActions(row: { figures: RowFigures; applyDate: string }, ctx: { lockDate: string | null; mayWrite: boolean }): { canEdit: boolean; canRemove: boolean } {
  const canEdit = ctx.mayWrite && !row.figures.isExpired;
  const locked = ctx.lockDate !== null && row.applyDate <= ctx.lockDate;
  return { canEdit, canRemove: canEdit && row.figures.used === 0 && !locked };
}
