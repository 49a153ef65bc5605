import type { FilterField } from '../../../components/filter-query.ts';
import type { explanationsTexts } from '../i18n/index.ts';

type ExplanationsT = typeof explanationsTexts.t;

const STATUSES = [1, 3, 4, 5, 6] as const;

/**
 * The filter bar, built with the page's `t` (a language switch renames the fields): ADMIN / HR get the
 * explanation_management set (spec 001 §6), everyone else the by-staff set.
 */
export function explanationFilters(t: ExplanationsT, management: boolean): readonly FilterField[] {
  const date: FilterField = { kind: 'dateRange', name: 'date', label: t('filters.explanationDate'), fromParam: 'fromDate', toParam: 'toDate' };
  const status: FilterField = { kind: 'select', name: 'status', label: t('filters.status'), options: STATUSES.map((value) => ({ value, label: t(`statusFilter.${value}`) })), multiple: true };
  const staff: FilterField = { kind: 'text', name: 'employee', label: t('filters.staff'), placeholder: t('filters.staffPlaceholder') };
  if (!management) return [date, staff, status];
  return [
    date,
    staff,
    { kind: 'division', name: 'division', label: t('filters.division') },
    { kind: 'department', name: 'departments', label: t('filters.department'), divisionField: 'division', valueField: 'id' },
    status,
  ];
}
