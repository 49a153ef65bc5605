import { EMPLOYEE_LABELS as E } from '@tms/contracts/employees';
import { LOG_ACTIONS, LOG_TABLES, LOGS_MESSAGES, MAIL_STATUSES } from '@tms/contracts/logs';
import { EXPLANATION_LABELS as X } from '@tms/contracts/policies';

type LogTable = (typeof LOG_TABLES)[number];
const tables = Object.fromEntries(LOG_TABLES.map((table) => [table.value, table.label])) as { [Table in LogTable as Table['value']]: string };
const [created, updated, deleted] = LOG_ACTIONS;
const [outbox, sent, failed] = MAIL_STATUSES;

/**
 * A logged field by the label its record's form shows (issue 26 §6): the employee form, the attendance-check mapping
 * form, the policy form, Modify. `app/log-field-labels.test.ts` holds these to the forms' own texts.
 */
const policyFields = {
  work_schedule_code: 'Work Schedule',
  rule_type: 'Work Schedule Type',
  explanation_number: X.explanation_number,
  refund_hours_per_explanation: X.refund_hours_per_explanation,
  explanation_time_per_days: X.explanation_time_per_days,
  lack_of_time_allowed: 'Lack Of Time Allowed (minutes)',
  ot_type: 'OT Rule',
  url_policy: 'Policy Link',
  apply_date: 'Date Applied',
  expire_date: 'Date Expired',
  work_start_time: 'Work start time',
  work_end_time: 'Work end time',
};
const { company: _company, division: _division, createAccount: _createAccount, ...employeeFields } = E;

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
  fields: {
    employees: { ...employeeFields, company_id: E.company, division_id: E.division, remain_offset_leave: E.remainOffsetLeave },
    users: { username: E.user_name, roles: E.roles },
    attendance_check_configs: {
      employee_id: 'Employee',
      hrms_username: 'Username',
      account_number: 'Account Number',
      attendance_check_id: 'Attendance Check ID',
      attendance_check_name: 'Attendance Check Name',
      project: 'Project',
      position: 'Position',
      attendance_check_system: 'Attendance Check System',
      start_date: 'Start Date',
      end_date: 'End Date',
    },
    staff_policies: policyFields,
    department_policies: policyFields,
    timesheet_days: { value: 'Value' },
  },
  values: { yes: 'Yes', no: 'No' },
  actions: { [created]: created, [updated]: updated, [deleted]: deleted },
  mailStatuses: { [outbox]: outbox, [sent]: sent, [failed]: failed },
};
