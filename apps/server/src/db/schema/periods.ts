import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from './organisation.ts';

/**
 * A payroll period and its timesheet (RULES.md §4): 26th of M−1 to the 25th of M, named `T{MM}-{YYYY}`.
 * status: 0 Draft, 1 Rejected, 2 Pending update, 3 Pending approval, 4 Approved.
 */
export const payrollPeriods = pgTable(
  'payroll_periods',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    name: varchar('name', { length: 20 }).notNull(),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    workingDays: integer('working_days').notNull(),
    status: integer('status').notNull().default(0),
    isLock: boolean('is_lock').notNull().default(false),
    reviewComment: text('review_comment'),
    forbiddenRequestDate: date('forbidden_request_date'),
    forbiddenRequestTimeInHour: varchar('forbidden_request_time_in_hour', { length: 5 }).notNull().default('12:00'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('payroll_periods_company_from_uq').on(t.companyId, t.fromDate), index('payroll_periods_status_to_idx').on(t.status, t.toDate)],
);

/** Working types (spec 002 §3 Working type). */
export const workTypes = pgTable('work_types', {
  id: serial('id').primaryKey(),
  hrRegistrationType: text('hr_registration_type').notNull(),
  definition: text('definition').notNull(),
  hrNotation: varchar('hr_notation', { length: 20 }).notNull(),
  payrollNotation: varchar('payroll_notation', { length: 20 }).notNull(),
});

/** Timesheet notations: the values a day cell can show and their meaning (spec 001 §2.1 Note drawer). */
export const notations = pgTable('notations', {
  id: serial('id').primaryKey(),
  notation: varchar('notation', { length: 20 }).notNull().unique(),
  definition: text('definition').notNull(),
  value: varchar('value', { length: 10 }),
});

/** Key/value settings (TZ_COMPANY, forbidden request day, ...). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
