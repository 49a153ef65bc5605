import { LOG_ACTIONS, LOG_TABLES, MAIL_STATUSES } from '@tms/contracts/logs';
import type { FilterField } from '../../../components/filter-query.ts';
import type { LogsT } from '../i18n/index.ts';

/** Logs List filters (spec 002 §2 Logs): who made the change, the employee it is about, table, action, date range. */
export const logListFilters = (t: LogsT): readonly FilterField[] => [
  { kind: 'employee', name: 'staff', label: t('list.staff'), multiple: true, valueField: 'user_name' },
  { kind: 'employee', name: 'employee', label: t('list.employee'), multiple: true, valueField: 'id' },
  { kind: 'select', name: 'table', label: t('list.table'), multiple: true, options: LOG_TABLES.map((table) => ({ value: table.value, label: t(`tables.${table.value}`) })) },
  { kind: 'select', name: 'action', label: t('list.action'), multiple: true, options: LOG_ACTIONS.map((a) => ({ value: a, label: t(`actions.${a}`) })) },
  { kind: 'dateRange', name: 'time', label: t('list.time'), fromParam: 'fromDate', toParam: 'toDate' },
];

/** Connection History filters: date range and a text in the error or its details. */
export const connectionFilters = (t: LogsT): readonly FilterField[] => [
  { kind: 'dateRange', name: 'time', label: t('connection.dateTime'), fromParam: 'fromDate', toParam: 'toDate' },
  { kind: 'text', name: 'text', label: t('connection.text') },
];

export const mailFilters = (t: LogsT): readonly FilterField[] => [
  { kind: 'select', name: 'status', label: t('mail.status'), options: MAIL_STATUSES.map((s) => ({ value: s, label: t(`mailStatuses.${s}`) })) },
  { kind: 'text', name: 'text', label: t('mail.text') },
];

/** A table's name in the reader's language by its code; the server's label for a table this list does not know. */
export function tableName(t: LogsT, table: string, label: string): string {
  return LOG_TABLES.some((known) => known.value === table) ? t(`tables.${table as (typeof LOG_TABLES)[number]['value']}`) : label;
}

/** A mail status in the reader's language; an unknown one as sent. */
export function mailStatusName(t: LogsT, status: string): string {
  return (MAIL_STATUSES as readonly string[]).includes(status) ? t(`mailStatuses.${status as (typeof MAIL_STATUSES)[number]}`) : status;
}
