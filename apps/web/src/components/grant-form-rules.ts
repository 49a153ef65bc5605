import type { Dayjs } from 'dayjs';
import { DATE_DMY } from '@tms/contracts/api';
import { commonTexts } from './i18n/index.ts';

/**
 * The staff and date rules of the leave grant forms (bonus leave, carryover, project leave; spec 000 §5), mirroring
 * the server's checks with the same texts from contracts (in the language at the time of the check). Each check returns
 * the message of the first failing rule, or null.
 */

/** What the date rules depend on: the server's today and the lock date (RULES.md §4); null until loaded. */
export type GrantLimits = { today: Dayjs | null; lockDate: Dayjs | null };

/** At least one staff chosen. */
export function staffError(usernames: unknown): string | null {
  return Array.isArray(usernames) && usernames.length > 0 ? null : commonTexts.t('grant.staffRequired');
}

/**
 * Required; not after the expiry; after the lock date. A row applied on or before the lock date (`edited.locked`)
 * keeps its apply date (the field is disabled), so the lock rule does not apply to it.
 */
export function applyDateError<Edited extends { locked: boolean }>(
  apply: Dayjs | null | undefined,
  expire: Dayjs | null | undefined,
  limits: GrantLimits,
  edited?: Edited,
): string | null {
  if (!apply) return commonTexts.t('grant.applyDateRequired');
  if (expire && apply.isAfter(expire, 'day')) return commonTexts.t('grant.applyAfterExpire');
  if (!edited?.locked && limits.lockDate && !apply.isAfter(limits.lockDate, 'day')) return commonTexts.t('grant.applyDateLocked', { date: limits.lockDate.format(DATE_DMY) });
  return null;
}

/** Required; not before the server's today. */
export function expireDateError(expire: Dayjs | null | undefined, limits: GrantLimits): string | null {
  if (!expire) return commonTexts.t('grant.expireDateRequired');
  if (limits.today && expire.isBefore(limits.today, 'day')) return commonTexts.t('grant.expireBeforeToday');
  return null;
}

/** The apply date picker offers only days after the lock date. */
export function isApplyDateDisabled(date: Dayjs, limits: GrantLimits): boolean {
  return limits.lockDate !== null && !date.isAfter(limits.lockDate, 'day');
}

/**
 * The expiry picker offers no day before the server's today. A day before the chosen apply date stays selectable: a
 * disabled date that is typed is silently cleared, whereas the wrong order must be named (applyDateError,
 * 'Apply date must be less than Expired date').
 */
export function isExpireDateDisabled(date: Dayjs, limits: GrantLimits): boolean {
  return limits.today !== null && date.isBefore(limits.today, 'day');
}
