import { FIXED_STAFF_STATUS } from '@tms/contracts/overtime';
import { en } from './i18n/en.ts';
import { overtimeTexts } from './i18n/index.ts';

/**
 * Names the contracts give by code (statuses, OT types, day types, shifts) in the reader's language, read from the
 * overtime catalogue with the caller's `t`; a code the catalogue does not know shows as it comes.
 */
export type OvertimeT = typeof overtimeTexts.t;

const has = <G extends object>(group: G, code: string | number): code is keyof G & string => Object.hasOwn(group, String(code));

export function fixedStatusLabel(t: OvertimeT, status: number, fallback?: string): string {
  const code = String(status);
  return has(en.fixedStatus, code) ? t(`fixedStatus.${code}`) : (fallback ?? code);
}

export function flexibleStatusLabel(t: OvertimeT, status: number, fallback?: string): string {
  const code = String(status);
  return has(en.flexibleStatus, code) ? t(`flexibleStatus.${code}`) : (fallback ?? code);
}

export const fixedTypeLabel = (t: OvertimeT, value: string) => (has(en.fixedTypes, value) ? t(`fixedTypes.${value}`) : value);
export const flexibleTypeLabel = (t: OvertimeT, value: string) => (has(en.flexibleTypes, value) ? t(`flexibleTypes.${value}`) : value);
export const dateTypeLabel = (t: OvertimeT, value: string) => (has(en.dateTypes, value) ? t(`dateTypes.${value}`) : value);
export const shiftLabel = (t: OvertimeT, shift: string) => (has(en.shifts, shift) ? t(`shifts.${shift}`) : shift);

/** The fixed request's tag (spec 001 §4.5) from its kind and its staff rows' shown statuses. */
export function fixedTagLabel(t: OvertimeT, kind: 'CANCELLED' | 'PENDING' | 'EXPIRED' | 'DONE', shownStatuses: readonly number[]): string {
  const total = shownStatuses.length;
  if (kind === 'PENDING') return t('tag.PENDING', { pending: shownStatuses.filter((s) => s === FIXED_STAFF_STATUS.pending).length, total });
  if (kind === 'DONE') return t('tag.DONE', { total });
  return t(`tag.${kind}`);
}
