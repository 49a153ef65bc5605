import { boolean, date, index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './identity.ts';
import { employees } from './organisation.ts';

/**
 * Delegations (spec 001 §2.9, §3 Delegation, §7.8; RULES.md §5): a delegator is given approval authority over listed
 * members for date ranges. One live delegation per delegator (the list shows delegators); its member rows carry the
 * ranges. Deleting a delegation keeps the row with `deleted_at` set, so the history and past routing stay explainable.
 */
export const delegations = pgTable(
  'delegations',
  {
    id: serial('id').primaryKey(),
    delegatorEmployeeId: integer('delegator_employee_id')
      .notNull()
      .references(() => employees.id),
    creatorUserId: integer('creator_user_id').references(() => users.id),
    /** spec 001 §3 Delegation `flag`: the delegation is in force (a paused one routes nothing). */
    flag: boolean('flag').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('delegations_live_delegator_idx').on(t.delegatorEmployeeId).where(sql`deleted_at is null`)],
);

/**
 * A member of a delegation for one date range (`staff_list` item: staff_id, from_date, to_date). A member's new item
 * dated inside [from_date, to_date] is assigned to the delegator (auth/approver.repository.ts resolveApprover).
 */
export const delegationMembers = pgTable(
  'delegation_members',
  {
    id: serial('id').primaryKey(),
    delegationId: integer('delegation_id')
      .notNull()
      .references(() => delegations.id),
    staffEmployeeId: integer('staff_employee_id')
      .notNull()
      .references(() => employees.id),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // resolveApprover: the member's ranges covering a date.
    index('delegation_members_staff_range_idx').on(t.staffEmployeeId, t.fromDate, t.toDate),
    index('delegation_members_delegation_idx').on(t.delegationId),
  ],
);
