import { formatHours } from '../lib/numbers.ts';
import type { StatusTone } from './status-info.ts';

/** A change history entry (RULES.md §8, spec 000 §3 "History entry"). */
export type HistoryChange = { field: string; oldValue: unknown; newValue: unknown };
export type HistoryEntry = {
  id: number | string;
  action: 'CREATE' | 'UPDATE' | 'DELETE' | 'STATUS' | string;
  changes: HistoryChange[];
  new_record?: Record<string, unknown> | null;
  createdBy: { username: string; name?: string | null } | null;
  createdDate: string;
  createdDateFormat?: string | null;
};

/** Action tag text and colour (spec 002 Logs: green for Created, orange for Updated). */
export function historyActionInfo(action: string): { label: string; color: StatusTone } {
  switch (action) {
    case 'CREATE':
      return { label: 'Created', color: 'green' };
    case 'UPDATE':
      return { label: 'Updated', color: 'orange' };
    case 'DELETE':
      return { label: 'Deleted', color: 'red' };
    case 'STATUS':
      return { label: 'Status changed', color: 'blue' };
    default:
      return { label: action, color: 'default' };
  }
}

export const EMPTY_VALUE = '(empty)';

/** Display text of a changed value: '(empty)' for none, JSON for objects. */
export function formatHistoryValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Writes one field's value; `formats` gives a field its screen format (hours as '8.00', as in the list). */
export type HistoryValueFormats = Record<string, (value: unknown) => string>;

export function formatHistoryField(field: string, value: unknown, formats?: HistoryValueFormats): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const format = formats?.[field];
  return format ? format(value) : formatHistoryValue(value);
}

/** An hours value (a number, or its text) with 2 decimals, like every hours figure on screen (spec 000 §9). */
export function hoursHistoryValue(value: unknown): string {
  const hours = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(hours) ? formatHours(hours) : formatHistoryValue(value);
}

/** The changes to show; a creation that lists none shows the new record's fields as new values. */
export function changesOf(entry: HistoryEntry): HistoryChange[] {
  if (entry.changes.length > 0) return entry.changes;
  if (!entry.new_record) return [];
  return Object.entries(entry.new_record).map(([field, newValue]) => ({ field, oldValue: null, newValue }));
}
