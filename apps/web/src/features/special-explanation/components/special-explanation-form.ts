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

export const requestError = (v: unknown) => (v ? null : M.requestRequired);
export const reasonError = (v: unknown) => (v ? null : M.reasonRequired);
export const staffError = (v: readonly unknown[] | undefined) => (v && v.length > 0 ? null : M.staffRequired);
export const dateError = (v: Dayjs | null | undefined) => (v ? null : M.dateRequired);
export function timeError(v: number | null | undefined): string | null {
  const checked = checkSpecialTime(v);
  return typeof checked === 'string' ? checked : null;
}
export const descriptionError = (v: string | undefined) => (v && v.length > SPECIAL_EXPLANATION_DESCRIPTION_MAX ? M.descriptionTooLong : null);

/** Weekends, and dates on or before the lock date (spec 001 §5.3, RULES.md §4), cannot be chosen. */
export function isSpecialDateDisabled(date: Dayjs, lockDate: Dayjs | null): boolean {
  const wd = date.day();
  if (wd === 0 || wd === 6) return true;
  return lockDate !== null && !date.startOf('day').isAfter(lockDate.startOf('day'));
}

/** Two decimals, as the field shows it after blur ('1.50'). */
export const formatTime = (v: number | string | undefined | null): string => {
  const n = typeof v === 'number' ? v : Number(v);
  return v === null || v === undefined || v === '' || !Number.isFinite(n) ? '' : n.toFixed(2);
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
