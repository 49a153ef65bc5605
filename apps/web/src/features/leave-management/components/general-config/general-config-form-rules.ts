import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DMY, DATE_ISO } from '@tms/contracts/api';
import {
  GENERAL_CONFIG_MESSAGES as M,
  checkGeneralConfigDates,
  checkGeneralConfigNumber,
  type GeneralConfigNumberField,
} from '@tms/contracts/general-config';

/**
 * The general configuration form's rules (spec 000 §5). The checks are the server's own (contracts), so the user
 * reads the same message whichever side finds the problem. Each returns the first failing rule's message, or null.
 */

/** What the date rules depend on: the server's today and the lock date (RULES.md §4); null until loaded. */
export type ConfigLimits = { today: Dayjs | null; lockDate: Dayjs | null };

const iso = (date: Dayjs) => date.format(DATE_ISO);

export function numberError(field: GeneralConfigNumberField, value: unknown): string | null {
  const checked = checkGeneralConfigNumber(field, value);
  return typeof checked === 'string' ? checked : null;
}

/**
 * Required; after today (and after the lock date) unless an edit keeps the stored apply date (`storedApply`, which
 * may have passed); not after the expiry.
 */
export function applyDateError(apply: Dayjs | null | undefined, expire: Dayjs | null | undefined, limits: ConfigLimits, storedApply?: Dayjs | null): string | null {
  if (!apply) return M.applyDateRequired;
  if (!limits.today) return expire && apply.isAfter(expire, 'day') ? M.applyAfterExpire : null;
  const failures = checkGeneralConfigDates(
    { apply: iso(apply), expire: iso(expire ?? apply), applyChanged: !storedApply || !apply.isSame(storedApply, 'day') },
    { today: iso(limits.today), lockDate: limits.lockDate ? iso(limits.lockDate) : null, formatDate: (d) => dayjs(d).format(DATE_DMY) },
  );
  return failures.find((f) => f.field === 'applyDate')?.message ?? null;
}

/** Required; not before the server's today. */
export function expireDateError(expire: Dayjs | null | undefined, limits: ConfigLimits): string | null {
  if (!expire) return M.expireDateRequired;
  if (limits.today && expire.isBefore(limits.today, 'day')) return M.expireBeforeToday;
  return null;
}

/** The apply date picker offers only days after today and after the lock date. */
export function isApplyDateDisabled(date: Dayjs, limits: ConfigLimits): boolean {
  if (limits.today && !date.isAfter(limits.today, 'day')) return true;
  return limits.lockDate !== null && !date.isAfter(limits.lockDate, 'day');
}

/**
 * The expiry picker offers no day before today. A day before the chosen apply date stays selectable, so the wrong
 * order is named ('Apply date must be less than Expired date') rather than silently cleared.
 */
export function isExpireDateDisabled(date: Dayjs, limits: ConfigLimits): boolean {
  return limits.today !== null && date.isBefore(limits.today, 'day');
}
