import dayjs from 'dayjs';
import { FIXED_OT_TYPES, FIXED_STAFF_STATUS_TEXT, FLEXIBLE_OT_TYPES, FLEXIBLE_STATUS_TEXT } from '@tms/contracts/overtime';
import type { FilterField } from '../../../components/filter-query.ts';
import type { OvertimeFilters, OvertimeKindView } from './overtime-list-api.ts';

/**
 * The filter area of each column set: keyword (title or staff, with or without diacritics), project, status, OT date
 * range (YYYY-MM-DD), staff, OT type.
 */
export function overtimeFilterFields(kind: OvertimeKindView): FilterField[] {
  const statuses =
    kind === 'FIXED'
      ? [1, 3, 4, 5, 6, 10].map((s) => ({ value: s, label: FIXED_STAFF_STATUS_TEXT[s]! }))
      : Object.entries(FLEXIBLE_STATUS_TEXT).map(([v, l]) => ({ value: Number(v), label: l }));
  const types = kind === 'FIXED' ? FIXED_OT_TYPES : FLEXIBLE_OT_TYPES;
  return [
    { kind: 'text', name: 'keyword', label: 'Keyword', placeholder: 'Title or staff' },
    { kind: 'project', name: 'projectId', label: 'Project', multiple: true },
    { kind: 'select', name: 'status', label: 'Status', multiple: true, options: statuses },
    { kind: 'dateRange', name: 'date', label: 'OT Date', fromParam: 'fromDate', toParam: 'toDate', format: 'YYYY-MM-DD' },
    { kind: 'employee', name: 'staff', label: 'Staff', multiple: true, valueField: 'id' },
    { kind: 'select', name: 'otType', label: kind === 'FIXED' ? 'OT Type' : 'Request Type', options: types.map((t) => ({ value: t.value, label: t.label })) },
  ];
}

/** Kept for the session: the view and the plain filters (the remote selects have no labels after a reload). */
export type StoredOvertimeState = { kind?: OvertimeKindView; filters: OvertimeFilters };
const KEPT = ['keyword', 'status', 'fromDate', 'toDate', 'otType'] as const;

export function readStoredOvertime(raw: unknown): StoredOvertimeState {
  if (!raw || typeof raw !== 'object') return { filters: {} };
  const r = raw as { kind?: unknown; filters?: Record<string, unknown> };
  const filters: OvertimeFilters = {};
  for (const k of KEPT) {
    const v = r.filters?.[k];
    if (typeof v === 'string' && v) filters[k] = v;
  }
  return { kind: r.kind === 'FIXED' || r.kind === 'FLEXIBLE' ? r.kind : undefined, filters };
}

export function filterValuesOf(f: OvertimeFilters) {
  return {
    keyword: f.keyword,
    status: f.status ? f.status.split(',').map(Number) : [],
    date: f.fromDate && f.toDate ? [dayjs(f.fromDate), dayjs(f.toDate)] : null,
    otType: f.otType,
  };
}

/** Export to Excel and the OT report need both dates (spec 001 §5.6). */
export const hasBothDates = (f: OvertimeFilters) => Boolean(f.fromDate && f.toDate);
