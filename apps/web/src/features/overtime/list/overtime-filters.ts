import dayjs from 'dayjs';
import { FIXED_OT_TYPES, FLEXIBLE_OT_TYPES, FLEXIBLE_STATUS_TEXT } from '@tms/contracts/overtime';
import type { FilterField } from '../../../components/filter-query.ts';
import { overtimeTexts } from '../i18n/index.ts';
import { fixedStatusLabel, fixedTypeLabel, flexibleStatusLabel, flexibleTypeLabel, type OvertimeT } from '../overtime-labels.ts';
import type { OvertimeFilters, OvertimeKindView } from './overtime-list-api.ts';

/**
 * The filter area of each column set: keyword (title or staff, with or without diacritics), project, status, OT date
 * range (YYYY-MM-DD), staff, OT type. Labels in the language of `t` (the page's; by default read at call time).
 */
export function overtimeFilterFields(kind: OvertimeKindView, t: OvertimeT = overtimeTexts.t): FilterField[] {
  const statuses =
    kind === 'FIXED'
      ? [1, 3, 4, 5, 6, 10].map((s) => ({ value: s, label: fixedStatusLabel(t, s) }))
      : Object.keys(FLEXIBLE_STATUS_TEXT).map((v) => ({ value: Number(v), label: flexibleStatusLabel(t, Number(v)) }));
  const types =
    kind === 'FIXED'
      ? FIXED_OT_TYPES.map((x) => ({ value: x.value, label: fixedTypeLabel(t, x.value) }))
      : FLEXIBLE_OT_TYPES.map((x) => ({ value: x.value, label: flexibleTypeLabel(t, x.value) }));
  return [
    { kind: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keywordPlaceholder') },
    { kind: 'project', name: 'projectId', label: t('filters.project'), multiple: true },
    { kind: 'select', name: 'status', label: t('filters.status'), multiple: true, options: statuses },
    { kind: 'dateRange', name: 'date', label: t('filters.otDate'), fromParam: 'fromDate', toParam: 'toDate', format: 'YYYY-MM-DD' },
    { kind: 'employee', name: 'staff', label: t('filters.staff'), multiple: true, valueField: 'id' },
    { kind: 'select', name: 'otType', label: kind === 'FIXED' ? t('filters.otType') : t('filters.requestType'), options: types },
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
