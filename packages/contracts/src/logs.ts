import { z } from 'zod';
import { dmyFilterSchema, idListSchema, pagedEnvelope, pagingShape, textListSchema, textSchema } from './schemas.ts';
import type { Actor } from './roles.ts';

/**
 * Logs (spec 002 §2 Logs, §3 Log entry / Connection history, §7 Logs; RULES.md §8): one row per changed field of
 * the history of employee master data and timesheet edits, the integration errors, and the mail outbox (Admin).
 */
export const LOG_LISTS_PATH = '/tms/logs/log-lists';
export const CONNECTION_HISTORIES_PATH = '/tms/logs/connection-histories';
export const MAIL_OUTBOX_PATH = '/tms/logs/mail-outbox';
export const LOGS_PAGE = '/logs';
/** HR, HRM, ADMIN (RULES.md §2: /logs). */
export const LOGS_ACCESS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];
/** RULES.md §8: the outbox is for admins. */
export const MAIL_OUTBOX_ACCESS = ['ADMIN'] as const satisfies readonly Actor[];
/** spec 002 §9: Logs table height 550. */
export const LOGS_TABLE_HEIGHT = 550;

/**
 * The history tables the Logs List shows (RULES.md §8: employee master data and timesheet edits), with the label the
 * Table column and filter show.
 */
export const LOG_TABLES = [
  { value: 'employees', label: 'Employee' },
  { value: 'users', label: 'User' },
  { value: 'attendance_check_configs', label: 'Attendance Check System Config' },
  { value: 'staff_policies', label: 'Staff Policy' },
  { value: 'department_policies', label: 'Department Policy' },
  { value: 'timesheet_days', label: 'Timesheet' },
] as const;
export const LOG_TABLE_NAMES = LOG_TABLES.map((t) => t.value);

/** History action → the Action column (spec 002 §2: green Created, orange Updated). A status change is an update. */
export const LOG_ACTIONS = ['Created', 'Updated', 'Deleted'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];
export const LOG_ACTION_COLORS: Record<LogAction, string> = { Created: 'green', Updated: 'orange', Deleted: 'red' };
export const MAIL_STATUSES = ['outbox', 'sent', 'failed'] as const;

export const LOGS_MESSAGES = {
  tableInvalid: `Table must be one of ${LOG_TABLE_NAMES.join(', ')}`,
  actionInvalid: `Action must be one of ${LOG_ACTIONS.join(', ')}`,
  statusInvalid: `Status must be one of ${MAIL_STATUSES.join(', ')}`,
  noLogs: 'No logs',
  noConnectionHistory: 'No connection history',
  noMail: 'No mail',
} as const;

/**
 * Logs List filters: `staff` (who made the change: user names), `employee` (the employee modified: ids), `table`,
 * `action`, and the date range of the change (DD/MM/YYYY, company time zone).
 */
export const logListQuerySchema = z.object({
  ...pagingShape(),
  staff: textListSchema,
  employee: idListSchema,
  table: textListSchema.refine((v) => v === undefined || v.every((t) => (LOG_TABLE_NAMES as readonly string[]).includes(t)), LOGS_MESSAGES.tableInvalid),
  action: textListSchema.refine((v) => v === undefined || v.every((a) => (LOG_ACTIONS as readonly string[]).includes(a)), LOGS_MESSAGES.actionInvalid),
  fromDate: dmyFilterSchema,
  toDate: dmyFilterSchema,
});
export type LogListQuery = z.infer<typeof logListQuerySchema>;

export const logRowSchema = z.object({
  /** `{history id}-{field position}`: one row per changed field. */
  key: z.string(),
  history_id: z.number().int(),
  creator: z.object({ name: z.string().nullable(), username: z.string().nullable() }),
  status: z.enum(LOG_ACTIONS),
  /** ISO instant, and DD/MM/YYYY HH:mm:ss in the company time zone. */
  create_date: z.string(),
  create_date_format: z.string(),
  table: z.string(),
  table_label: z.string(),
  field: z.string(),
  employeeId: z.object({ id: z.number().int(), name: z.string(), user_name: z.string() }).nullable(),
  /** The workday of a timesheet edit (YYYY-MM-DD); null for other tables. */
  dateOfIssue: z.string().nullable(),
  new_value: z.string().nullable(),
  old_value: z.string().nullable(),
  /**
   * Issue 26 §6: the name of the record a value points to (an employee, company, division, department or work
   * schedule, by id or code), in the reader's language; null when the field holds no reference or it is gone.
   */
  new_value_name: z.string().nullable(),
  old_value_name: z.string().nullable(),
});
export type LogRow = z.infer<typeof logRowSchema>;
export const logListResponseSchema = pagedEnvelope(logRowSchema);

/** Connection History filters: the date range (DD/MM/YYYY) and a text found in the source, code or details. */
export const connectionHistoryQuerySchema = z.object({
  ...pagingShape(),
  fromDate: dmyFilterSchema,
  toDate: dmyFilterSchema,
  text: textSchema.max(200).optional(),
});
export type ConnectionHistoryQuery = z.infer<typeof connectionHistoryQuerySchema>;
export const connectionHistoryRowSchema = z.object({
  id: z.number().int(),
  date_time: z.string(),
  date_time_format: z.string(),
  source: z.string(),
  code: z.string(),
  error_details: z.string(),
});
export type ConnectionHistoryRow = z.infer<typeof connectionHistoryRowSchema>;
export const connectionHistoryResponseSchema = pagedEnvelope(connectionHistoryRowSchema);

export const mailOutboxQuerySchema = z.object({
  ...pagingShape(),
  status: textSchema.refine((s) => s === '' || (MAIL_STATUSES as readonly string[]).includes(s), LOGS_MESSAGES.statusInvalid).optional(),
  text: textSchema.max(200).optional(),
});
export type MailOutboxQuery = z.infer<typeof mailOutboxQuerySchema>;
export const mailOutboxRowSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  cc: z.string().nullable(),
  subject: z.string(),
  status: z.string(),
  created: z.string(),
  created_format: z.string(),
  sent: z.string().nullable(),
  sent_format: z.string().nullable(),
  error: z.string().nullable(),
  text: z.string(),
});
export type MailOutboxRow = z.infer<typeof mailOutboxRowSchema>;
export const mailOutboxResponseSchema = pagedEnvelope(mailOutboxRowSchema);
