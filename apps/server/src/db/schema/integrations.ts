import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * Integrations (issue 30): calendar feeds, signed webhooks and scheduled reminders. docs/integrations.md.
 */

/**
 * A secret calendar feed address (`/api/calendar/<token>.ics`): the token is shown once and kept as its sha256; one
 * live feed per user and scope (MINE: the user's own leave and onsite days; TEAM: the absences they may see).
 * Revoking sets `revoked_at`; a revoked or unknown token answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    scope: varchar('scope', { length: 8 }).$type<'MINE' | 'TEAM'>().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash),
    uniqueIndex('calendar_feeds_live_uq')
      .on(t.userId, t.scope)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/** An admin's webhook endpoint: where events are POSTed, which ones, and the secret they are signed with. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  description: varchar('description', { length: 200 }),
  /** Event types (contracts webhook-events.ts WEBHOOK_EVENT_TYPES) this endpoint receives. */
  events: text('events').array().notNull().default([]),
  active: boolean('active').notNull().default(true),
  /** The signing secret: needed in clear to sign each delivery, shown to the admin once at creation. */
  secret: text('secret').notNull(),
  /** At most this many deliveries of the endpoint are in flight at once. */
  maxInFlight: integer('max_in_flight').notNull().default(4),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/**
 * One event, recorded in the transaction of the change it describes (the outbox): its id, type, the record's key
 * (deliveries of one record go in order) and the record as the API answers it.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: serial('id').primaryKey(),
    eventId: uuid('event_id').notNull().defaultRandom(),
    eventType: varchar('event_type', { length: 60 }).notNull(),
    /** e.g. 'request:37', 'employee:12': deliveries to one endpoint of one record key go out in id order. */
    recordKey: varchar('record_key', { length: 80 }).notNull(),
    data: jsonb('data').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_event_id_uq').on(t.eventId), index('webhook_events_occurred_idx').on(t.occurredAt)],
);

/**
 * One event to one endpoint, written with the event (one row per active endpoint that wants its type). The delivery
 * worker claims due rows, POSTs them and records the answer; failures are retried with backoff for 24 hours.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    recordKey: varchar('record_key', { length: 80 }).notNull(),
    status: varchar('status', { length: 12 }).$type<'pending' | 'sending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: varchar('locked_by', { length: 80 }),
    /** The last attempt's HTTP status (null: no answer), the first 1 KB of its body, its network error. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_record_idx')
      .on(t.endpointId, t.recordKey, t.id)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);

/** A reminder kind's run for one business day, claimed once by whichever process gets there first. */
export const reminderRuns = pgTable(
  'reminder_runs',
  {
    kind: varchar('kind', { length: 40 }).notNull(),
    day: date('day').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    sent: integer('sent'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day] })],
);

/** One reminder to one person on one day: the primary key keeps it to one a day, whatever runs it. */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    kind: varchar('kind', { length: 40 }).notNull(),
    userId: integer('user_id').notNull(),
    day: date('day').notNull(),
    notificationId: integer('notification_id'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.userId, t.day] })],
);
