import { systemAuthorOf } from '@tms/contracts/history-authors';
import { formatDateTime } from '../lib/dates.ts';
import { formatHours } from '../lib/numbers.ts';
import { commonTexts } from './i18n/index.ts';
import type { StatusTone } from './status-info.ts';

type CommonT = typeof commonTexts.t;

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

/** Action tag colours (spec 002 Logs: green for Created, orange for Updated); the texts are `history.actions.<action>`. */
const ACTION_TONES: Record<string, StatusTone> = { CREATE: 'green', UPDATE: 'orange', DELETE: 'red', STATUS: 'blue' };

/** Action tag text and colour; an unknown action shows as it is. `t`: the caller's, else the language at call time. */
export function historyActionInfo(action: string, t: CommonT = commonTexts.t): { label: string; color: StatusTone } {
  const color = Object.hasOwn(ACTION_TONES, action) ? ACTION_TONES[action] : undefined;
  return color ? { label: t(`history.actions.${action}` as Parameters<CommonT>[0]), color } : { label: action, color: 'default' };
}

/**
 * What the system did by itself, as the author of a change (the hourly schedule switch, the OT pay recomputation, an
 * approval flow's automatic step), in the reader's language; those are stored in English (contracts
 * history-authors.ts). Null for a person, whom each screen names its own way.
 */
export function systemAuthorText(author: { username: string | null; name?: string | null } | null, t: CommonT = commonTexts.t): string | null {
  const system = author ? systemAuthorOf({ username: author.username, name: author.name ?? null }) : null;
  if (!system) return null;
  return system.kind === 'approvalFlow' ? t('history.systemAuthors.approvalFlow', { name: system.flow }) : t(`history.systemAuthors.${system.kind}`);
}

/** Who made a change, as a list names them: the person's name (else username), or what the system did by itself. */
export function historyAuthorName(author: { username: string | null; name?: string | null } | null, t: CommonT = commonTexts.t): string {
  return systemAuthorText(author, t) ?? author?.name ?? author?.username ?? '';
}

/** When a change was made: as the server wrote it (DD/MM/YYYY HH:mm:ss in the company zone), else from the instant. */
export function historyEntryTime(entry: Pick<HistoryEntry, 'createdDate' | 'createdDateFormat'>): string {
  return entry.createdDateFormat || formatDateTime(entry.createdDate);
}

/** '(empty)': the text of a value that is not there, in the reader's language. */
export const emptyValueText = (t: CommonT = commonTexts.t) => t('history.emptyValue');

/** Display text of a changed value: '(empty)' for none, JSON for objects. */
export function formatHistoryValue(value: unknown, t: CommonT = commonTexts.t): string {
  if (value === null || value === undefined || value === '') return emptyValueText(t);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Writes one field's value; `formats` gives a field its screen format (hours as '8.00', as in the list). */
export type HistoryValueFormats = Record<string, (value: unknown) => string>;

export function formatHistoryField(field: string, value: unknown, formats?: HistoryValueFormats, t: CommonT = commonTexts.t): string {
  if (value === null || value === undefined || value === '') return emptyValueText(t);
  const format = formats?.[field];
  return format ? format(value) : formatHistoryValue(value, t);
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
