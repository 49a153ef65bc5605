import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { departments } from './organisation.ts';

/**
 * Department policy (spec 002 §2 Current Department Policy): the schedule and explanation rules of every member of a
 * department between apply and expire dates. A member's own staff policy wins on the dates it covers; the view
 * `employee_policies` (migration 0014) merges both, so every reader of "the policy in force" reads that view.
 */
export const departmentPolicies = pgTable(
  'department_policies',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    workScheduleCode: varchar('work_schedule_code', { length: 200 }).notNull(),
    ruleType: varchar('rule_type', { length: 30 }).notNull(),
    explanationNumber: integer('explanation_number').notNull().default(0),
    refundHoursPerExplanation: numeric('refund_hours_per_explanation', { precision: 5, scale: 1 }).notNull().default('0'),
    explanationTimePerDays: integer('explanation_time_per_days').notNull().default(0),
    lackOfTimeAllowed: integer('lack_of_time_allowed').notNull().default(0),
    otType: varchar('ot_type', { length: 40 }).notNull(),
    urlPolicy: varchar('url_policy', { length: 1500 }),
    applyDate: date('apply_date').notNull(),
    expireDate: date('expire_date').notNull(),
    /** Self check-in (issue 28): OFF, LISTED_PLACES, ANY_PLACE or ANYWHERE, and the places LISTED_PLACES allows. */
    selfCheckInMode: varchar('self_check_in_mode', { length: 20 }).notNull().default('OFF'),
    selfCheckInPlaceIds: integer('self_check_in_place_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('department_policies_department_dates_idx').on(t.departmentId, t.applyDate, t.expireDate)],
);
