import type { FilterField } from './filter-query.ts';
import { commonTexts } from './i18n/index.ts';

/**
 * Filter bar fields the leave screens share (spec 000 §2, §7): staff (remote search, ids → `employee`), division,
 * department narrowed by division, and the applied and expired date ranges (→ applyFromDate/applyToDate,
 * expireFromDate/expireToDate, DD/MM/YYYY).
 *
 * Each label is read when the bar shows it (a getter), so it follows the reader's language; the FilterBar re-renders
 * on a switch. Spreading these lists into another list keeps that.
 */
export const STAFF_ORG_FILTERS: readonly FilterField[] = [
  {
    kind: 'employee',
    name: 'employee',
    get label() {
      return commonTexts.t('filters.staff');
    },
    multiple: true,
    valueField: 'id',
  },
  {
    kind: 'division',
    name: 'division',
    get label() {
      return commonTexts.t('filters.division');
    },
  },
  {
    kind: 'department',
    name: 'department',
    get label() {
      return commonTexts.t('filters.department');
    },
    divisionField: 'division',
  },
];

export const APPLY_EXPIRE_FILTERS: readonly FilterField[] = [
  {
    kind: 'dateRange',
    name: 'applyDate',
    get label() {
      return commonTexts.t('filters.dateApplied');
    },
    fromParam: 'applyFromDate',
    toParam: 'applyToDate',
  },
  {
    kind: 'dateRange',
    name: 'expireDate',
    get label() {
      return commonTexts.t('filters.dateExpired');
    },
    fromParam: 'expireFromDate',
    toParam: 'expireToDate',
  },
];
