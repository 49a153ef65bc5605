import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DMY, DATE_ISO } from '@tms/contracts/api';
import {
  GENERAL_CONFIG_LABELS as L,
  GENERAL_CONFIG_LIMITS,
  GENERAL_CONFIG_MESSAGES as M,
  checkGeneralConfigDates,
  checkGeneralConfigNumber,
  type GeneralConfigNumberField,
} from '@tms/contracts/general-config';
import { en } from '../../i18n/en.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';
import { keyOfText } from '../../messages.ts';

/**
 * The general configuration form's rules (spec 000 §5). The checks are the server's own (contracts), so the user
 * reads the same message whichever side finds the problem, in the language read when the rule runs. Each returns the
 * first failing rule's message, or null.
 */

const { t } = leaveManagementTexts;

/** What the date rules depend on: the server's today and the lock date (RULES.md §4); null until loaded. */
export type ConfigLimits = { today: Dayjs | null; lockDate: Dayjs | null };

const iso = (date: Dayjs) => date.format(DATE_ISO);

export function numberError(field: GeneralConfigNumberField, value: unknown): string | null {
  const checked = checkGeneralConfigNumber(field, value);
  if (typeof checked !== 'string') return null;
  // Which rule failed, told by its English text; the message is then written in the reader's language.
  const { min, max } = GENERAL_CONFIG_LIMITS[field];
  const params = { field: t(`config.labels.${field}`), from: min, to: max };
  if (checked === M.required[field]) return t(`config.required.${field}`);
  if (checked === M.invalidNumber(L[field])) return t('config.invalidNumber', params);
  if (checked === M.range(L[field], min, max)) return t('config.range', params);
  if (checked === M.integer(L[field])) return t('config.integer', params);
  if (checked === M.decimals(L[field])) return t('config.decimals', params);
  return checked;
}

/** A date rule's message (contracts' English) in the reader's language. */
function dateText(message: string, lockDateDmy: string | null): string {
  if (lockDateDmy !== null && message === M.applyDateLocked(lockDateDmy)) return t('config.dates.applyDateLocked', { date: lockDateDmy });
  const key = keyOfText(en.config.dates, message);
  return key ? t(`config.dates.${key}`) : message;
}

/**
 * Required; after today (and after the lock date) unless an edit keeps the stored apply date (`storedApply`, which
 * may have passed); not after the expiry.
 */
export function applyDateError(apply: Dayjs | null | undefined, expire: Dayjs | null | undefined, limits: ConfigLimits, storedApply?: Dayjs | null): string | null {
  if (!apply) return t('config.dates.applyDateRequired');
  if (!limits.today) return expire && apply.isAfter(expire, 'day') ? t('config.dates.applyAfterExpire') : null;
  const formatDate = (d: string) => dayjs(d).format(DATE_DMY);
  const lockDate = limits.lockDate ? iso(limits.lockDate) : null;
  const failures = checkGeneralConfigDates(
    { apply: iso(apply), expire: iso(expire ?? apply), applyChanged: !storedApply || !apply.isSame(storedApply, 'day') },
    { today: iso(limits.today), lockDate, formatDate },
  );
  const failure = failures.find((f) => f.field === 'applyDate');
  return failure ? dateText(failure.message, lockDate === null ? null : formatDate(lockDate)) : null;
}

/** Required; not before the server's today. */
export function expireDateError(expire: Dayjs | null | undefined, limits: ConfigLimits): string | null {
  if (!expire) return t('config.dates.expireDateRequired');
  if (limits.today && expire.isBefore(limits.today, 'day')) return t('config.dates.expireBeforeToday');
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
