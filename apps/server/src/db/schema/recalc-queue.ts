import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * What must be recomputed because a write changed its inputs (docs/recalculation.md). A writer records the affected
 * employee ranges (`kind = 'days'`: the timesheet days, then the OT pay of the same ranges) or overtime requests
 * (`kind = 'ot-request'`: their OT pay lines) in its own transaction, so a process that dies after the commit loses
 * nothing: whoever drains next recomputes it. One row per subject: a second change widens the range and bumps
 * `version`, so a drainer that computed an older version leaves the row for another pass. Claimed rows hold a lease
 * (`claimed_until`) that another drainer may take over once it has passed.
 */
export const recalcQueue = pgTable(
  'recalc_queue',
  {
    kind: varchar('kind', { length: 12 }).$type<'days' | 'ot-request'>().notNull(),
    /** The employee (`days`) or the overtime request (`ot-request`). */
    subjectId: integer('subject_id').notNull(),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    version: integer('version').notNull().default(1),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    createdBy: integer('created_by'),
    claimedBy: varchar('claimed_by', { length: 100 }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Failed drains of this row so far, the earliest next try, and why the last one failed. */
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId] }), index('recalc_queue_queued_idx').on(t.queuedAt)],
);
