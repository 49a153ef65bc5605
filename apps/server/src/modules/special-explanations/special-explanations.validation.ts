import {
  SPECIAL_EXPLANATION_DESCRIPTION_MAX,
  SPECIAL_EXPLANATION_MESSAGES as M,
  checkSpecialTime,
} from '@tms/contracts/special-explanation';
import { isWeekendIso } from '@tms/contracts/api';
import { parseDmy, toDmy } from '../../lib/dates.ts';

/** The special explanation form's rules (spec 001 §5.3) and the lock date (RULES.md §4), for create, edit and import. */

export type SpecialFields = {
  requestReason?: unknown;
  type?: unknown;
  description?: unknown;
  date?: unknown;
  time?: unknown;
};

export type SpecialValue = { requestType: string; type: string; date: string; timeHours: number; description: string | null };

export type SpecialContext = {
  /** YYYY-MM-DD end of the latest approved timesheet, or null. */
  lockDate: string | null;
  /** reason code → its request type (active reasons). */
  reasons: ReadonlyMap<string, string>;
};

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A date as DD/MM/YYYY (the form) or YYYY-MM-DD; undefined when it is not a calendar date. */
export function parseFormDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return parseDmy(`${text.slice(8, 10)}/${text.slice(5, 7)}/${text.slice(0, 4)}`);
  return parseDmy(text);
}

/** Every rule in the form's order; the first message is the one shown. */
export function checkSpecial(fields: SpecialFields, ctx: SpecialContext): { ok: true; value: SpecialValue } | { ok: false; messages: string[] } {
  const messages: string[] = [];
  const requestType = blank(fields.requestReason) ? null : String(fields.requestReason).trim();
  if (requestType === null) messages.push(M.requestRequired);
  const type = blank(fields.type) ? null : String(fields.type).trim();
  if (type === null) messages.push(M.reasonRequired);
  else {
    const of = ctx.reasons.get(type);
    if (of === undefined || (requestType !== null && of !== requestType)) messages.push(M.reasonRequired);
  }

  let date: string | undefined;
  if (blank(fields.date)) messages.push(M.dateRequired);
  else {
    date = parseFormDate(fields.date);
    if (date === undefined) messages.push(M.invalidDate);
    else if (isWeekendIso(date)) messages.push(M.weekend);
    else if (ctx.lockDate !== null && date <= ctx.lockDate) messages.push(M.dateLocked(toDmy(ctx.lockDate)!));
  }

  const time = checkSpecialTime(fields.time);
  if (typeof time === 'string') messages.push(time);

  let description: string | null = null;
  if (!blank(fields.description)) {
    const text = String(fields.description);
    if (text.length > SPECIAL_EXPLANATION_DESCRIPTION_MAX) messages.push(M.descriptionTooLong);
    else description = text.trim();
  }

  if (messages.length > 0 || requestType === null || type === null || date === undefined || typeof time === 'string') {
    return { ok: false, messages: [...new Set(messages)] };
  }
  return { ok: true, value: { requestType, type, date, timeHours: time, description } };
}
