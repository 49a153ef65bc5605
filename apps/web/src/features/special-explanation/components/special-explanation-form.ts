import type { Dayjs } from 'dayjs';
import { DATE_DMY } from '@tms/contracts/api';
import {
  SPECIAL_EXPLANATION_DESCRIPTION_MAX,
  SPECIAL_EXPLANATION_MESSAGES as M,
  checkSpecialTime,
  type SpecialExplanationCreate,
  type SpecialExplanationRow,
  type SpecialExplanationUpdate,
} from '@tms/contracts/special-explanation';
import { parseServerDate } from '../../../lib/dates.ts';
import { formatHours } from '../../../lib/numbers.ts';
import { specialExplanationTexts } from '../i18n/index.ts';

/** The Create / Edit special explanation form (spec 001 §2.7, §5.3): the same rules and texts as the server. */
export type SpecialExplanationFormValues = {
  requestReason?: string;
  type?: string;
  listEmployee?: number[];
  date?: Dayjs | null;
  time?: number | null;
  description?: string;
  ccMail?: number[];
};

/**
 * The form's checks answer their message in the reader's language: `t` is the form's (so a switch re-renders the
 * rules); by default the namespace's, read at call time.
 */
type Translate = typeof specialExplanationTexts.t;
const TIME_MESSAGES = ['timeRequired', 'timeRange', 'timeDecimals'] as const;

export const requestError = (v: unknown, t: Translate = specialExplanationTexts.t) => (v ? null : t('messages.requestRequired'));
export const reasonError = (v: unknown, t: Translate = specialExplanationTexts.t) => (v ? null : t('messages.reasonRequired'));
export const staffError = (v: readonly unknown[] | undefined, t: Translate = specialExplanationTexts.t) => (v && v.length > 0 ? null : t('messages.staffRequired'));
export const dateError = (v: Dayjs | null | undefined, t: Translate = specialExplanationTexts.t) => (v ? null : t('messages.dateRequired'));
export function timeError(v: number | null | undefined, t: Translate = specialExplanationTexts.t): string | null {
  const checked = checkSpecialTime(v);
  if (typeof checked !== 'string') return null;
  // The contracts' check answers its English text; the catalogue has each by the same key.
  const key = TIME_MESSAGES.find((k) => M[k] === checked);
  return key ? t(`messages.${key}`) : checked;
}
export const descriptionError = (v: string | undefined, t: Translate = specialExplanationTexts.t) =>
  v && v.length > SPECIAL_EXPLANATION_DESCRIPTION_MAX ? t('messages.descriptionTooLong') : null;

/** Weekends, and dates on or before the lock date (spec 001 §5.3, RULES.md §4), cannot be chosen. */
export function isSpecialDateDisabled(date: Dayjs, lockDate: Dayjs | null): boolean {
  const wd = date.day();
  if (wd === 0 || wd === 6) return true;
  return lockDate !== null && !date.startOf('day').isAfter(lockDate.startOf('day'));
}

/** Two decimals, as the field shows it after blur ('1.50'; '1,50' in Vietnamese). */
export const formatTime = (v: number | string | undefined | null): string => {
  const n = typeof v === 'number' ? v : Number(v);
  return v === null || v === undefined || v === '' ? '' : formatHours(n);
};

const common = (v: SpecialExplanationFormValues) => ({
  requestReason: v.requestReason ?? null,
  type: v.type ?? null,
  description: v.description?.trim() ? v.description : null,
  date: v.date ? v.date.format(DATE_DMY) : null,
  ccMail: v.ccMail ?? [],
  time: v.time ?? null,
});

export function toCreateBody(v: SpecialExplanationFormValues): SpecialExplanationCreate {
  return { ...common(v), listEmployee: v.listEmployee ?? [] };
}

export function toUpdateBody(row: Pick<SpecialExplanationRow, 'id' | 'version'>, v: SpecialExplanationFormValues): SpecialExplanationUpdate {
  return { ...common(v), id: row.id, version: row.version };
}

/** The edit form's starting values from a list row. */
export function editValuesOf(row: SpecialExplanationRow): SpecialExplanationFormValues {
  return {
    requestReason: row.requestReason,
    type: row.type,
    listEmployee: [row.employeeId],
    date: parseServerDate(row.date),
    time: row.time,
    description: row.description ?? undefined,
    ccMail: row.ccMailInfor.map((c) => c.employeeId),
  };
}
