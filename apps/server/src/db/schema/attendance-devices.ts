import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * Attendance devices that push over the ZKTeco ADMS / iClock protocol (issue 13). A device is known by its serial
 * number, registered by an Admin; it feeds one attendance-check system, and its clock is local time in `time_zone`
 * (an IANA name) without an offset. An inactive or unknown device is refused.
 *
 * `attlog_stamp` / `operlog_stamp` are the stamps the device sent with its last stored upload of each table; the
 * handshake answers them, so a device resumes from where the server stored, and nothing is read twice or lost.
 */
export const attendanceDevices = pgTable('attendance_devices', {
  id: serial('id').primaryKey(),
  serialNumber: varchar('serial_number', { length: 64 }).notNull().unique(),
  name: varchar('name', { length: 100 }),
  system: varchar('system', { length: 30 }).notNull(),
  timeZone: varchar('time_zone', { length: 64 }).notNull(),
  active: boolean('active').notNull().default(true),
  attlogStamp: varchar('attlog_stamp', { length: 32 }),
  operlogStamp: varchar('operlog_stamp', { length: 32 }),
  /** Any request from the device (refreshed at most every 30 s, so polling does not write on every call). */
  lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
  /** The last ATTLOG upload stored. */
  lastPushAt: timestamp('last_push_at', { withTimezone: true }),
  /** What the device says of itself: push version from the handshake, INFO from getrequest. */
  deviceInfo: text('device_info'),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per device and company calendar day: attendance records received, stored as new punches, already stored
 * (duplicates), stored without an employee (no attendance-check config covers the account on that date) and
 * rejected (malformed lines). One upsert per upload, so the device list shows "today" without counting punches.
 */
export const attendanceDeviceDays = pgTable(
  'attendance_device_days',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => attendanceDevices.id),
    day: date('day').notNull(),
    received: integer('received').notNull().default(0),
    stored: integer('stored').notNull().default(0),
    duplicate: integer('duplicate').notNull().default(0),
    unmapped: integer('unmapped').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);

/**
 * Commands queued for a device (ADMS `C:<id>:<command>`): handed out by `GET /iclock/getrequest` (PENDING → SENT) and
 * answered by `POST /iclock/devicecmd` (SENT → DONE, or FAILED when the return code is not 0).
 */
export const attendanceDeviceCommands = pgTable(
  'attendance_device_commands',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => attendanceDevices.id),
    /** COMMAND_KINDS of the contracts: CHECK, REUPLOAD, REBOOT. */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** The command line sent to the device after `C:<id>:`. */
    command: text('command').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('PENDING'),
    returnCode: integer('return_code'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('attendance_device_commands_device_idx').on(t.deviceId, t.status, t.id)],
);
