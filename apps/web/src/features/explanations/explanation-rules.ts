import dayjs, { type Dayjs } from 'dayjs';
import { EXPLANATION_STATUS } from '@tms/contracts/requests';
import type { Actor } from '@tms/contracts/roles';
import type { FilterValues } from '../../components/filter-query.ts';
import type { ExplanationPerson, ExplanationRow } from './api/explanations-api.ts';

export type Caller = { userName: string; employeeId: number | null; roles: readonly string[] };
const has = (user: Caller | null | undefined, ...roles: Actor[]) => !!user && roles.some((r) => user.roles.includes(r));

/** ADMIN and HR get the explanation_management filter set; everyone else the by-staff set (spec 001 §6). */
export function usesManagementFilters(user: Caller | null | undefined): boolean {
  return has(user, 'ADMIN', 'HR');
}

/** Pending (1) and Delegated (6) are editable; 3, 4, 5 are final and hide every action (spec 001 §4.4). */
export function isEditableStatus(status: number): boolean {
  return status === EXPLANATION_STATUS.pending || status === EXPLANATION_STATUS.delegated;
}

export type ExplanationActions = { edit: boolean; cancel: boolean; approve: boolean; reject: boolean; changeAssignee: boolean };

/**
 * What the drawer offers (spec 001 §4.4, §6): the row's server-computed `actions`, with Reject and Approve shown to
 * GROUP_LEAD and DULEAD only; a final status (3, 4, 5) hides everything.
 */
export function explanationActions(row: ExplanationRow, user: Caller | null | undefined): ExplanationActions {
  const open = isEditableStatus(row.status);
  const lead = has(user, 'GROUP_LEAD', 'DULEAD');
  const guest = has(user, 'GUEST');
  return {
    edit: open && !guest && row.actions.edit,
    cancel: open && row.actions.cancel,
    approve: open && lead && row.actions.approve,
    reject: open && lead && row.actions.reject,
    changeAssignee: open && !guest && row.actions.changeAssignee,
  };
}

/** A name from a string or a person/department object. */
export function nameOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    const name = v.name ?? v.name_en ?? v.nameEn ?? v.user_name;
    return typeof name === 'string' ? name : '';
  }
  return String(value);
}

export function departmentOf(person: ExplanationPerson | null | undefined): string {
  if (!person) return '';
  return nameOf(person.department);
}

/** The current month, first to last day (the default filter, spec 001 §2.6). */
export function currentMonthRange(today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [today.startOf('month'), today.endOf('month').startOf('day')];
}

/** The filter kept in sessionStorage: raw values with dates as 'YYYY-MM-DD' (dayjs values do not survive JSON). */
export type StoredFilter = { values: Record<string, unknown> };

export function toStored(values: FilterValues): StoredFilter {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value) && value.some((v) => dayjs.isDayjs(v))) out[key] = { range: value.map((v) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : null)) };
    else out[key] = value;
  }
  return { values: out };
}

export function fromStored(raw: unknown, fallback: FilterValues): FilterValues {
  if (!raw || typeof raw !== 'object' || !('values' in raw)) return fallback;
  const values = (raw as StoredFilter).values;
  if (!values || typeof values !== 'object') return fallback;
  const out: FilterValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (value && typeof value === 'object' && 'range' in (value as object)) {
      const range = (value as { range: unknown }).range;
      out[key] = Array.isArray(range) ? range.map((d) => (typeof d === 'string' && dayjs(d).isValid() ? dayjs(d) : null)) : null;
    } else out[key] = value;
  }
  return out;
}
