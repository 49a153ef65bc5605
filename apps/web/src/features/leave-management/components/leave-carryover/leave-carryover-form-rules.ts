import { checkCarryoverHours, formatCapHours } from '@tms/contracts/leave-carryover';
import { formatHours, localizeNumberText } from '../../../../lib/numbers.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';

/**
 * The carryover form's own rules (spec 000 §5), mirroring the server's check (leave-carryover.validation.ts) with the
 * same texts from contracts, in the language read when the rule runs. The date rules are the bonus leave form's (same
 * texts, same lock date and today).
 */

const { t } = leaveManagementTexts;

/** The staff's cap as the form writes it (16, 12.5), in the reader's language (12,5). */
export const capHoursText = (hours: number) => localizeNumberText(formatCapHours(hours));

/** Set when editing: the hours used, and whether the server keeps the row's apply date and hours. */
export type EditedCarryover = { usedHours: number; leaveHours: number; applyDateLocked: boolean; leaveHoursLocked: boolean };

export function staffError(username: unknown): string | null {
  return typeof username === 'string' && username.trim() ? null : t('carryover.rules.staffRequired');
}

export function financialYearError(value: unknown): string | null {
  return typeof value === 'number' ? null : t('carryover.rules.financialYearRequired');
}

/**
 * Required; a number; above 0 and at most the remaining hours; steps of 0.5; when editing, not below the hours used.
 * `remaining` is undefined until known (the input is disabled then); an edited row's own hours are always allowed.
 */
export function leaveHoursError(value: unknown, remaining: number | undefined, edited?: EditedCarryover): string | null {
  const cap = remaining === undefined ? null : edited ? Math.max(remaining, edited.leaveHours) : remaining;
  const hours = checkCarryoverHours(value, cap);
  if (typeof hours !== 'number') {
    switch (hours.key) {
      case 'leaveCarryover.leaveHoursRange':
        return t('carryover.rules.leaveHoursRange', { hours: localizeNumberText(hours.params.hours ?? '') });
      case 'leaveCarryover.leaveHoursRequired':
        return t('carryover.rules.leaveHoursRequired');
      case 'leaveCarryover.leaveHoursInvalid':
        return t('carryover.rules.leaveHoursInvalid');
      case 'leaveCarryover.leaveHoursStep':
        return t('carryover.rules.leaveHoursStep');
    }
  }
  if (edited && hours < edited.usedHours) return t('carryover.rules.leaveHoursBelowUsed', { hours: formatHours(edited.usedHours) });
  return null;
}
