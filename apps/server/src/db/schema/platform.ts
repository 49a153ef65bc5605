import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Append-only change history of every business record (RULES.md §8). A trigger in the migrations refuses
 * UPDATE and DELETE, so not even the application can rewrite it.
 */
export const history = pgTable(
  'history',
  {
    id: serial('id').primaryKey(),
    tableName: varchar('table_name', { length: 60 }).notNull(),
    recordId: integer('record_id').notNull(),
    /** The employee the record is about, for the Logs page and scope checks. */
    employeeId: integer('employee_id'),
    action: varchar('action', { length: 10 }).$type<'CREATE' | 'UPDATE' | 'DELETE' | 'STATUS'>().notNull(),
    changes: jsonb('changes').$type<{ field: string; oldValue: unknown; newValue: unknown }[]>().notNull(),
    newRecord: jsonb('new_record'),
    createdByUserId: integer('created_by_user_id'),
    createdByUsername: varchar('created_by_username', { length: 100 }),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('history_record_idx').on(t.tableName, t.recordId, t.id),
    index('history_created_idx').on(t.createdAt),
    // Logs list by staff (the employee a change is about), newest first.
    index('history_employee_created_idx').on(t.employeeId, t.createdAt),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    notificationType: varchar('notification_type', { length: 40 }).notNull(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link'),
    /**
     * The text's key and parameters (packages/contracts notification-texts.ts): the list renders title and body from
     * them in the reader's language at read time; title and body keep the English text (rows written before issue 25
     * have no key and are shown as stored).
     */
    textKey: varchar('text_key', { length: 60 }),
    textParams: jsonb('text_params'),
    isRead: boolean('is_read').notNull().default(false),
    notificationDate: timestamp('notification_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.notificationDate), index('notifications_unread_idx').on(t.userId).where(sql`not ${t.isRead}`)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Uploaded files, kept in the database so every replica serves them (ARCHITECTURE.md scale-out);
 * stored under a server-made name, the original name kept only for display and download.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial('id').primaryKey(),
    folder: varchar('folder', { length: 60 }).notNull(),
    storedName: varchar('stored_name', { length: 80 }).notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: varchar('content_type', { length: 120 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    content: bytea('content').notNull(),
    ownerTable: varchar('owner_table', { length: 60 }),
    ownerId: integer('owner_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_owner_idx').on(t.ownerTable, t.ownerId)],
);

/** Durable job queue in the same database (ARCHITECTURE.md: jobs). */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 80 }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: varchar('status', { length: 12 }).$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: varchar('locked_by', { length: 80 }),
    result: jsonb('result'),
    /** `{ done, total }` reported by a long job while it runs (lib/jobs.ts reportJobProgress), read by progress bars. */
    progress: jsonb('progress'),
    error: text('error'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_ready_idx').on(t.status, t.runAt)],
);

/** Mail outbox: every mail is recorded; with SMTP_URL it is also sent and marked sent or failed. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    cc: text('cc'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: varchar('status', { length: 12 }).$type<'outbox' | 'sent' | 'failed'>().notNull().default('outbox'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/** Integration errors shown on Logs → Connection History (RULES.md §8). */
export const connectionHistory = pgTable(
  'connection_history',
  {
    id: serial('id').primaryKey(),
    source: varchar('source', { length: 40 }).notNull(),
    code: varchar('code', { length: 40 }).notNull(),
    errorDetails: text('error_details').notNull(),
    dateTime: timestamp('date_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('connection_history_time_idx').on(t.dateTime)],
);

