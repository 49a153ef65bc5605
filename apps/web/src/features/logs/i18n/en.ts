import { LOG_ACTIONS, LOG_TABLES, LOGS_MESSAGES, MAIL_STATUSES } from '@tms/contracts/logs';

type LogTable = (typeof LOG_TABLES)[number];
const tables = Object.fromEntries(LOG_TABLES.map((table) => [table.value, table.label])) as { [Table in LogTable as Table['value']]: string };
const [created, updated, deleted] = LOG_ACTIONS;
const [outbox, sent, failed] = MAIL_STATUSES;

/**
 * Texts of /logs (English, the source; spec 002 §2 Logs; RULES.md §8). Table names, actions and mail statuses are
 * the contracts' codes and labels, read by code.
 */
export const en = {
  title: 'Logs',
  tabs: {
    list: 'Logs List',
    connection: 'Connection History',
    mail: 'Mail Outbox',
  },
  list: {
    staff: 'Staff',
    employee: 'Employee Modified',
    table: 'Table',
    action: 'Action',
    time: 'Time',
    field: 'Field',
    workday: 'Workday Modified',
    newValue: 'New Value',
    oldValue: 'Old Value',
    empty: LOGS_MESSAGES.noLogs,
  },
  connection: {
    dateTime: 'Date and time',
    error: 'Error',
    details: 'Details',
    text: 'Error or details',
    empty: LOGS_MESSAGES.noConnectionHistory,
  },
  mail: {
    to: 'To',
    cc: 'CC',
    subject: 'Subject',
    status: 'Status',
    created: 'Created',
    sent: 'Sent',
    error: 'Error',
    text: 'To or subject',
    empty: LOGS_MESSAGES.noMail,
  },
  tables,
  actions: { [created]: created, [updated]: updated, [deleted]: deleted },
  mailStatuses: { [outbox]: outbox, [sent]: sent, [failed]: failed },
};
