import { boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { employees } from './organisation.ts';
import { punches } from './schedules.ts';

/**
 * Self check-in (issue 28): the places staff may check in at, the evidence of each self punch, the refused and late
 * attempts HR reviews, the kiosks, the staff PINs and the per-kiosk PIN lockout. docs/self-check-in.md.
 */
export const checkInPlaces = pgTable('check_in_places', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  address: text('address'),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  radiusM: integer('radius_m').notNull(),
  /** CIDR ranges (IPv4 or IPv6) whose requests count as being at the place. */
  networkRanges: text('network_ranges').array().notNull().default([]),
  active: boolean('active').notNull().default(true),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/** A shared tablet at a place's entrance; the token is shown once and kept as its sha256. */
export const kiosks = pgTable(
  'kiosks',
  {
    id: serial('id').primaryKey(),
    placeId: integer('place_id')
      .notNull()
      .references(() => checkInPlaces.id),
    name: varchar('name', { length: 200 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('kiosks_token_hash_uq').on(t.tokenHash)],
);

/** The evidence of one accepted self punch (web or kiosk); the punch itself is an ordinary TMS punch. */
export const selfPunches = pgTable(
  'self_punches',
  {
    id: serial('id').primaryKey(),
    punchId: integer('punch_id')
      .notNull()
      .references(() => punches.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    source: varchar('source', { length: 10 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyM: doublePrecision('accuracy_m'),
    placeId: integer('place_id').references(() => checkInPlaces.id),
    distanceM: integer('distance_m'),
    networkAddress: varchar('network_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
    deviceTime: timestamp('device_time', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    sentLate: boolean('sent_late').notNull().default(false),
    kioskId: integer('kiosk_id').references(() => kiosks.id),
  },
  (t) => [
    uniqueIndex('self_punches_employee_key_uq').on(t.employeeId, t.idempotencyKey),
    index('self_punches_punch_idx').on(t.punchId),
  ],
);

/** Every refused self check-in attempt, and every late offline punch accepted (outcome LATE), for HR. */
export const checkInAttempts = pgTable(
  'check_in_attempts',
  {
    id: serial('id').primaryKey(),
    outcome: varchar('outcome', { length: 10 }).notNull(),
    reason: varchar('reason', { length: 30 }).notNull(),
    message: text('message').notNull(),
    employeeId: integer('employee_id').references(() => employees.id),
    /** The staff ID typed on a kiosk when no employee answers to it. */
    staffId: varchar('staff_id', { length: 100 }),
    source: varchar('source', { length: 10 }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyM: doublePrecision('accuracy_m'),
    placeId: integer('place_id').references(() => checkInPlaces.id),
    distanceM: integer('distance_m'),
    networkAddress: varchar('network_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
    deviceTime: timestamp('device_time', { withTimezone: true }),
    punchedAt: timestamp('punched_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    kioskId: integer('kiosk_id').references(() => kiosks.id),
  },
  (t) => [
    index('check_in_attempts_received_idx').on(t.receivedAt, t.id),
    index('check_in_attempts_employee_received_idx').on(t.employeeId, t.receivedAt),
  ],
);

/** A staff member's kiosk PIN (scrypt with salt). */
export const checkInPins = pgTable('check_in_pins', {
  employeeId: integer('employee_id')
    .primaryKey()
    .references(() => employees.id),
  pinHash: varchar('pin_hash', { length: 200 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Wrong PINs per (kiosk, typed staff ID): five lock that ID on that kiosk for 15 minutes. */
export const kioskPinFailures = pgTable(
  'kiosk_pin_failures',
  {
    kioskId: integer('kiosk_id')
      .notNull()
      .references(() => kiosks.id),
    staffId: varchar('staff_id', { length: 100 }).notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kioskId, t.staffId] })],
);
