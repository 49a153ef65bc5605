import { LEAVE_CARRYOVER_MESSAGES as M, checkCarryoverHours } from '@tms/contracts/leave-carryover';
import { formatHours } from '../../../../lib/numbers.ts';

/**
 * The carryover form's own rules (spec 000 §5), mirroring the server's check (leave-carryover.validation.ts) with the
 * same texts from contracts. The date rules are the bonus leave form's (same texts, same lock date and today).
 */

/** Set when editing: the hours used, and whether the server keeps the row's apply date and hours. */
export type EditedCarryover = { usedHours: number; leaveHours: number; applyDateLocked: boolean; leaveHoursLocked: boolean };

export function staffError(username: unknown): string | null {
  return typeof username === 'string' && username.trim() ? null : M.staffRequired;
}

export function financialYearError(value: unknown): string | null {
  return typeof value === 'number' ? null : M.financialYearRequired;
}

/**
 * Required; a number; above 0 and at most the remaining hours; steps of 0.5; when editing, not below the hours used.
 * `remaining` is undefined until known (the input is disabled then); an edited row's own hours are always allowed.
 */
export function leaveHoursError(value: unknown, remaining: number | undefined, edited?: EditedCarryover): string | null {
  const cap = remaining === undefined ? null : edited ? Math.max(remaining, edited.leaveHours) : remaining;
  const hours = checkCarryoverHours(value, cap);
  if (typeof hours === 'string') return hours;
  if (edited && hours < edited.usedHours) return M.leaveHoursBelowUsed(formatHours(edited.usedHours));
  return null;
}
