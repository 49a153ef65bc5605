import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { payrollPeriods } from './periods.ts';

/**
 * Comments on a payroll period's timesheet (spec 001 §2.2 comments drawer, §3 Timesheet comment). At most 500
 * characters (spec 001 §9). Only the creator edits or deletes (spec 001 §6); a delete keeps the row (deleted_at)
 * for its history.
 */
export const timesheetComments = pgTable(
  'timesheet_comments',
  {
    id: serial('id').primaryKey(),
    timesheetId: integer('timesheet_id')
      .notNull()
      .references(() => payrollPeriods.id),
    content: varchar('content', { length: 500 }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedBy: integer('last_modified_by')
      .notNull()
      .references(() => users.id),
    lastModifiedDate: timestamp('last_modified_date', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('timesheet_comments_timesheet_idx').on(t.timesheetId, t.createdAt).where(sql`${t.deletedAt} is null`)],
);
