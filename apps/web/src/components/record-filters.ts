import type { FilterField } from './filter-query.ts';

/**
 * Filter bar fields the leave screens share (spec 000 §2, §7): staff (remote search, ids → `employee`), division,
 * department narrowed by division, and the applied and expired date ranges (→ applyFromDate/applyToDate,
 * expireFromDate/expireToDate, DD/MM/YYYY).
 */
export const STAFF_ORG_FILTERS: readonly FilterField[] = [
  { kind: 'employee', name: 'employee', label: 'Staff', multiple: true, valueField: 'id' },
  { kind: 'division', name: 'division', label: 'Division' },
  { kind: 'department', name: 'department', label: 'Department', divisionField: 'division' },
];

export const APPLY_EXPIRE_FILTERS: readonly FilterField[] = [
  { kind: 'dateRange', name: 'applyDate', label: 'Date Applied', fromParam: 'applyFromDate', toParam: 'applyToDate' },
  { kind: 'dateRange', name: 'expireDate', label: 'Date Expired', fromParam: 'expireFromDate', toParam: 'expireToDate' },
];
