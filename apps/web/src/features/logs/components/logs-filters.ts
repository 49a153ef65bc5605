import { LOG_ACTIONS, LOG_TABLES, MAIL_STATUSES } from '@tms/contracts/logs';
import type { FilterField } from '../../../components/filter-query.ts';

/** Logs List filters (spec 002 §2 Logs): who made the change, the employee it is about, table, action, date range. */
export const LOG_LIST_FILTERS: readonly FilterField[] = [
  { kind: 'employee', name: 'staff', label: 'Staff', multiple: true, valueField: 'user_name' },
  { kind: 'employee', name: 'employee', label: 'Employee Modified', multiple: true, valueField: 'id' },
  { kind: 'select', name: 'table', label: 'Table', multiple: true, options: LOG_TABLES.map((t) => ({ value: t.value, label: t.label })) },
  { kind: 'select', name: 'action', label: 'Action', multiple: true, options: LOG_ACTIONS.map((a) => ({ value: a, label: a })) },
  { kind: 'dateRange', name: 'time', label: 'Time', fromParam: 'fromDate', toParam: 'toDate' },
];

/** Connection History filters: date range and a text in the error or its details. */
export const CONNECTION_FILTERS: readonly FilterField[] = [
  { kind: 'dateRange', name: 'time', label: 'Date and time', fromParam: 'fromDate', toParam: 'toDate' },
  { kind: 'text', name: 'text', label: 'Error or details' },
];

export const MAIL_FILTERS: readonly FilterField[] = [
  { kind: 'select', name: 'status', label: 'Status', options: MAIL_STATUSES.map((s) => ({ value: s, label: s })) },
  { kind: 'text', name: 'text', label: 'To or subject' },
];
