import type { FilterField } from '../../../components/filter-query.ts';

const STATUS_OPTIONS = [
  { value: 1, label: 'Pending' },
  { value: 3, label: 'Approved' },
  { value: 4, label: 'Rejected' },
  { value: 5, label: 'Cancelled' },
  { value: 6, label: 'Delegated' },
];

const DATE: FilterField = { kind: 'dateRange', name: 'date', label: 'Explanation Date', fromParam: 'fromDate', toParam: 'toDate' };
const STATUS: FilterField = { kind: 'select', name: 'status', label: 'Status', options: STATUS_OPTIONS, multiple: true };

/** ADMIN / HR: the explanation_management set (spec 001 §6). */
export const EXPLANATION_MANAGEMENT_FILTERS: readonly FilterField[] = [
  DATE,
  { kind: 'text', name: 'employee', label: 'Staff', placeholder: 'Name or username' },
  { kind: 'division', name: 'division', label: 'Division' },
  { kind: 'department', name: 'departments', label: 'Department', divisionField: 'division', valueField: 'id' },
  STATUS,
];

/** Everyone else: the by-staff set. */
export const EXPLANATION_BY_STAFF_FILTERS: readonly FilterField[] = [
  DATE,
  { kind: 'text', name: 'employee', label: 'Staff', placeholder: 'Name or username' },
  STATUS,
];
