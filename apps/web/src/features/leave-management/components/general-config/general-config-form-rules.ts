import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DMY, DATE_ISO } from '@tms/contracts/api';
import {
  GENERAL_CONFIG_LIMITS,
  checkGeneralConfigDates,
  checkGeneralConfigNumber,
  type GeneralConfigDateFailure,
  type GeneralConfigNumberField,
} from '@tms/contracts/general-config';
import { leaveManagementTexts } from '../../i18n/index.ts';

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
  if (typeof checked === 'number') return null;
  // The field's label in the reader's language; the limits are the field's own.
  const { min, max } = GENERAL_CONFIG_LIMITS[field];
  const params = { field: t(`config.labels.${field}`), from: min, to: max };
  switch (checked.key) {
    case 'generalConfig.invalidNumber':
      return t('config.invalidNumber', params);
    case 'generalConfig.range':
      return t('config.range', params);
    case 'generalConfig.integer':
      return t('config.integer', params);
    case 'generalConfig.decimals':
      return t('config.decimals', params);
    default:
      return t(`config.required.${field}`);
  }
}

/** A date rule's message in the reader's language, by its key. */
function dateText(failure: GeneralConfigDateFailure): string {
  switch (failure.key) {
    case 'generalConfig.applyDateLocked':
      return t('config.dates.applyDateLocked', { date: failure.params.lockDate ?? '' });
    case 'generalConfig.applyNotAfterToday':
      return t('config.dates.applyNotAfterToday');
    case 'generalConfig.applyAfterExpire':
      return t('config.dates.applyAfterExpire');
    case 'generalConfig.expireBeforeToday':
      return t('config.dates.expireBeforeToday');
  }
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
  return failure ? dateText(failure) : null;
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
