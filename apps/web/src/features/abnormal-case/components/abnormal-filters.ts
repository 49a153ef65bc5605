import type { FilterField } from '../../../components/filter-query.ts';
import { ABNORMAL_TYPE_OPTIONS, statusFilterOptions } from '../abnormal-case-rules.ts';

/** Date, status (type 5 removed, spec 000 §4) and abnormal type: the fields every variant has. */
const COMMON: readonly FilterField[] = [
  { kind: 'dateRange', name: 'date', label: 'Abnormal Date', fromParam: 'fromDate', toParam: 'toDate' },
  { kind: 'select', name: 'status', label: 'Status', options: statusFilterOptions('abnormal'), multiple: true },
  { kind: 'select', name: 'reason', label: 'Abnormal type', options: ABNORMAL_TYPE_OPTIONS, multiple: true },
];

/** Full set (leads, HR, admin): staff, division, department, then the common fields. */
export const ABNORMAL_FILTERS: readonly FilterField[] = [
  // Name or user name, matched with and without diacritics by the server.
  { kind: 'text', name: 'employee', label: 'Staff', placeholder: 'Name or username' },
  { kind: 'division', name: 'division', label: 'Division' },
  { kind: 'department', name: 'departments', label: 'Department', divisionField: 'division', valueField: 'id' },
  ...COMMON,
];

/** The staff variant (spec 001 §2.5): own cases only, so no staff or organisation fields. */
export const ABNORMAL_STAFF_FILTERS: readonly FilterField[] = COMMON;
