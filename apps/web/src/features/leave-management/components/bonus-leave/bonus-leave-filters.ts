import { toFilterQuery, type FilterField } from '../../../../components/filter-query.ts';

/**
 * The Bonus Leave filter bar (spec 000 §2): staff (remote search, ids → `employee`), division, department narrowed
 * by division, and the applied and expired date ranges (→ applyFromDate/applyToDate, expireFromDate/expireToDate,
 * DD/MM/YYYY, spec 000 §7).
 */
export const BONUS_LEAVE_FILTERS: readonly FilterField[] = [
  { kind: 'employee', name: 'employee', label: 'Staff', multiple: true, valueField: 'id' },
  { kind: 'division', name: 'division', label: 'Division' },
  { kind: 'department', name: 'department', label: 'Department', divisionField: 'division' },
  { kind: 'dateRange', name: 'applyDate', label: 'Date Applied', fromParam: 'applyFromDate', toParam: 'applyToDate' },
  { kind: 'dateRange', name: 'expireDate', label: 'Date Expired', fromParam: 'expireFromDate', toParam: 'expireToDate' },
];

/** The first list query: every parameter empty, as the bar sends before anything is chosen. */
export const INITIAL_BONUS_LEAVE_QUERY = toFilterQuery(BONUS_LEAVE_FILTERS, undefined);
