import type { FilterField } from '../../../components/filter-query.ts';
import { abnormalTypeOptions, statusFilterOptions } from '../abnormal-case-rules.ts';
import type { abnormalCaseTexts } from '../i18n/index.ts';

type AbnormalT = typeof abnormalCaseTexts.t;

/** Date, status (type 5 removed, spec 000 §4) and abnormal type: the fields every variant has. */
function commonFields(t: AbnormalT): FilterField[] {
  return [
    { kind: 'dateRange', name: 'date', label: t('filters.abnormalDate'), fromParam: 'fromDate', toParam: 'toDate' },
    { kind: 'select', name: 'status', label: t('filters.status'), options: statusFilterOptions('abnormal', t), multiple: true },
    { kind: 'select', name: 'reason', label: t('filters.abnormalType'), options: abnormalTypeOptions(t), multiple: true },
  ];
}

/**
 * The filter bar, built with the page's `t` (a language switch renames the fields). The full set (leads, HR, admin):
 * staff, division, department, then the common fields; the staff variant (spec 001 §2.5): own cases only, so no staff
 * or organisation fields.
 */
export function abnormalFilters(t: AbnormalT, staffOnly: boolean): readonly FilterField[] {
  if (staffOnly) return commonFields(t);
  return [
    // Name or user name, matched with and without diacritics by the server.
    { kind: 'text', name: 'employee', label: t('filters.staff'), placeholder: t('filters.staffPlaceholder') },
    { kind: 'division', name: 'division', label: t('filters.division') },
    { kind: 'department', name: 'departments', label: t('filters.department'), divisionField: 'division', valueField: 'id' },
    ...commonFields(t),
  ];
}
