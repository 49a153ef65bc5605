import { checkLeaveHour } from '@tms/contracts/bonus-leave';
import { formatHours } from '../../../../lib/numbers.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';

/**
 * The bonus leave form's rules (spec 000 §5), mirroring the server's check (bonus-leave.validation.ts) with the same
 * texts from contracts so the user reads the same message whichever side finds the problem, in the language read
 * when the rule runs. Each check returns the message of the first failing rule, or null.
 */

const { t } = leaveManagementTexts;

export { applyDateError, expireDateError, isApplyDateDisabled, isExpireDateDisabled, staffError, type GrantLimits } from '../../../../components/grant-form-rules.ts';

/** Set when editing: hours already used, and whether the row was applied on or before the lock date. */
export type EditedGrant = { usedHours: number; locked: boolean };

/** Required; a number; above 0 and at most 200; at most 2 decimals; when editing, not below the hours used. */
export function leaveHourError(value: unknown, edited?: EditedGrant): string | null {
  const hours = checkLeaveHour(value);
  if (typeof hours !== 'number') {
    switch (hours.key) {
      case 'bonusLeave.leaveHourRequired':
        return t('bonus.rules.leaveHourRequired');
      case 'bonusLeave.leaveHourInvalid':
        return t('bonus.rules.leaveHourInvalid');
      case 'bonusLeave.leaveHourRange':
        return t('bonus.rules.leaveHourRange');
      case 'bonusLeave.leaveHourDecimals':
        return t('bonus.rules.leaveHourDecimals');
    }
  }
  if (edited && hours < edited.usedHours) return t('bonus.rules.leaveHourBelowUsed', { hours: formatHours(edited.usedHours) });
  return null;
}
