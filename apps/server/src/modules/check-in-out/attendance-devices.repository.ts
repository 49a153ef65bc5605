import { sql, type SQL } from 'drizzle-orm';
import type { DeviceCommandKind, DeviceCommandStatus } from '@tms/contracts/attendance-devices';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { foldedContains, isoInstant } from '../../db/sql-fragments.ts';

/** All SQL of the Attendance Devices page (issue 13): the device list with today's counters, edits, the command queue. */
export const ATTENDANCE_DEVICES_TABLE = 'attendance_devices';

export type StoredDevice = {
  id: number;
  serial_number: string;
  name: string | null;
  system: string;
  time_zone: string;
  active: boolean;
  last_contact_date: string | null;
  last_push_date: string | null;
  attlog_stamp: string | null;
  device_info: string | null;
  received_today: number;
  stored_today: number;
  errors_today: number;
  last_error: string | null;
  last_error_date: string | null;
  pending_commands: number;
  version: number;
  created_date: string;
};

/**
 * A device row with the counters of `today` (the company's day, the day the intake counts in) and its commands not yet
 * answered (PENDING or SENT); errors are rejected lines plus punches without an attendance-check config.
 */
const columns = sql`d.id, d.serial_number, d.name, d.system, d.time_zone, d.active,
  ${isoInstant(sql`d.last_contact_at`)} as last_contact_date, ${isoInstant(sql`d.last_push_at`)} as last_push_date,
  d.attlog_stamp, d.device_info,
  coalesce(t.received, 0)::int as received_today, coalesce(t.stored, 0)::int as stored_today,
  coalesce(t.rejected + t.unmapped, 0)::int as errors_today,
  d.last_error, ${isoInstant(sql`d.last_error_at`)} as last_error_date,
  (select count(*)::int from attendance_device_commands c where c.device_id = d.id and c.status in ('PENDING', 'SENT')) as pending_commands,
  d.version, ${isoInstant(sql`d.created_at`)} as created_date`;
const joins = (today: string) => sql`left join attendance_device_days t on t.device_id = d.id and t.day = ${today}::date`;

export type DeviceFilter = { keyword?: string; system?: string; active?: boolean };

function where(f: DeviceFilter): SQL {
  const parts: SQL[] = [sql`true`];
  // Names may be Vietnamese: matched with and without diacritics (tms_fold, migration 0011).
  if (f.keyword) parts.push(sql`(${foldedContains(sql`d.serial_number`, f.keyword)} or ${foldedContains(sql`coalesce(d.name, '')`, f.keyword)})`);
  if (f.system) parts.push(sql`d.system = ${f.system}`);
  if (f.active !== undefined) parts.push(sql`d.active = ${f.active}`);
  return sql.join(parts, sql` and `);
}

/** One page, active devices first, then by serial number, with the total on every row: one statement. */
export async function listPage(db: DbOrTx, today: string, f: DeviceFilter & { limit: number; offset: number }): Promise<(StoredDevice & { total: number })[]> {
  return queryRows(
    db,
    sql`select ${columns}, count(*) over ()::int as total
          from attendance_devices d ${joins(today)}
         where ${where(f)}
         order by d.active desc, upper(d.serial_number), d.id
         limit ${f.limit} offset ${f.offset}`,
  );
}

/** The total when the page is past the end (no row carries it). */
export async function countRows(db: DbOrTx, f: DeviceFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from attendance_devices d where ${where(f)}`);
  return row?.n ?? 0;
}

export async function findDevice(db: DbOrTx, id: number, today: string, opts: { forUpdate?: boolean } = {}): Promise<StoredDevice | undefined> {
  const [row] = await queryRows<StoredDevice>(
    db,
    sql`select ${columns} from attendance_devices d ${joins(today)} where d.id = ${id} ${opts.forUpdate ? sql`for update of d` : sql``}`,
  );
  return row;
}

export async function deviceExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from attendance_devices where id = ${id}`);
  return rows.length > 0;
}

/**
 * Serialises registrations of one serial number (any letter case) until the transaction ends, so two concurrent
 * registrations cannot both pass the duplicate check (the unique index is case-sensitive; devices are found ignoring case).
 */
export async function lockSerial(tx: DbOrTx, serialNumber: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attendance-device:${serialNumber.toUpperCase()}`}))`);
}

/** A zone name PostgreSQL knows, so the intake can read the device's local times in it. */
export async function timeZoneKnown(db: DbOrTx, timeZone: string): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(db, sql`select 1 as ok from pg_timezone_names where name = ${timeZone} limit 1`);
  return rows.length > 0;
}

export type DeviceValues = { name: string | null; system: string; timeZone: string };

export async function insertDevice(tx: DbOrTx, v: DeviceValues & { serialNumber: string; createdBy: number }): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into attendance_devices (serial_number, name, system, time_zone, created_by)
        values (${v.serialNumber}, ${v.name}, ${v.system}, ${v.timeZone}, ${v.createdBy})
        returning id`,
  );
  if (!row) throw new Error('attendance_devices insert returned no row');
  return row.id;
}

/** The edit when the version still matches; false when someone else changed the row first. */
export async function updateDevice(tx: DbOrTx, id: number, version: number, v: DeviceValues & { active: boolean }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update attendance_devices
           set name = ${v.name}, system = ${v.system}, time_zone = ${v.timeZone}, active = ${v.active},
               version = version + 1, updated_at = now()
         where id = ${id} and version = ${version}
        returning id`,
  );
  return rows.length > 0;
}

export type StoredCommand = {
  id: number;
  kind: DeviceCommandKind;
  command: string;
  status: DeviceCommandStatus;
  return_code: number | null;
  created_by: string | null;
  created_date: string;
  sent_date: string | null;
  done_date: string | null;
};

const commandColumns = sql`c.id, c.kind, c.command, c.status, c.return_code, u.username as created_by,
  ${isoInstant(sql`c.created_at`)} as created_date, ${isoInstant(sql`c.sent_at`)} as sent_date, ${isoInstant(sql`c.done_at`)} as done_date`;

export async function insertCommand(tx: DbOrTx, c: { deviceId: number; kind: DeviceCommandKind; command: string; createdBy: number }): Promise<StoredCommand> {
  const [row] = await queryRows<StoredCommand>(
    tx,
    sql`with c as (
          insert into attendance_device_commands (device_id, kind, command, created_by)
          values (${c.deviceId}, ${c.kind}, ${c.command}, ${c.createdBy})
          returning *)
        select ${commandColumns} from c left join users u on u.id = c.created_by`,
  );
  if (!row) throw new Error('attendance_device_commands insert returned no row');
  return row;
}

/** The device's latest commands, newest first. */
export async function listCommands(db: DbOrTx, deviceId: number, limit: number): Promise<StoredCommand[]> {
  return queryRows(
    db,
    sql`select ${commandColumns}
          from attendance_device_commands c left join users u on u.id = c.created_by
         where c.device_id = ${deviceId}
         order by c.id desc
         limit ${limit}`,
  );
}
