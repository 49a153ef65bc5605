import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** All SQL of the ADMS / iClock device side (issue 13): device lookup, stamps, daily counters, the command queue. */

/** punches.source of punches uploaded by an ADMS device (the JSON API's is 'device', the import's 'import'). */
export const ADMS_PUNCH_SOURCE = 'adms';
/** last_contact_at is refreshed at most this often, so a device polling every few seconds does not write each time. */
const CONTACT_EVERY_SECONDS = 30;
/** Commands handed out per poll. */
const COMMANDS_PER_POLL = 10;

export type IclockDevice = {
  id: number;
  serial_number: string;
  system: string;
  time_zone: string;
  active: boolean;
  attlog_stamp: string | null;
  operlog_stamp: string | null;
  /** last_contact_at is due a refresh. */
  touch: boolean;
};

/**
 * The registered device with this serial number (letter case ignored: what the device sends vs what Admin typed).
 * Contact times are business time (`now`, from the app's clock), the time the page says "5 min ago" against.
 */
export async function findDeviceBySerial(db: DbOrTx, serialNumber: string, now: Date): Promise<IclockDevice | undefined> {
  const [row] = await queryRows<IclockDevice>(
    db,
    sql`select id, serial_number, system, time_zone, active, attlog_stamp, operlog_stamp,
               (last_contact_at is null or last_contact_at < ${now.toISOString()}::timestamptz - make_interval(secs => ${CONTACT_EVERY_SECONDS})) as touch
          from attendance_devices
         where upper(serial_number) = upper(${serialNumber})
         order by id
         limit 1`,
  );
  return row;
}

/** Marks contact; `info` (what the device says of itself) replaces the stored one when given. */
export async function touchDevice(db: DbOrTx, id: number, info: string | null, now: Date): Promise<void> {
  await db.execute(sql`update attendance_devices set last_contact_at = ${now.toISOString()}::timestamptz, device_info = coalesce(${info}, device_info) where id = ${id}`);
}

export type UploadCounts = { received: number; stored: number; duplicate: number; unmapped: number; rejected: number };

/**
 * What an upload leaves on its device, in the upload's transaction: the stamp the device sent for the table (so the
 * next handshake resumes after what is stored), contact and push times, the last error (kept until a newer one), and
 * for ATTLOG the day's counters (`day`: the company's today).
 */
export async function recordUpload(
  tx: DbOrTx,
  u: { deviceId: number; table: string; stamp: string | null; day: string; now: Date; counts: UploadCounts | null; lastError: string | null },
): Promise<void> {
  const isAttlog = u.table === 'ATTLOG';
  const isOperlog = u.table === 'OPERLOG';
  const now = u.now.toISOString();
  await tx.execute(sql`
    update attendance_devices
       set attlog_stamp = case when ${isAttlog} then coalesce(${u.stamp}, attlog_stamp) else attlog_stamp end,
           operlog_stamp = case when ${isOperlog} then coalesce(${u.stamp}, operlog_stamp) else operlog_stamp end,
           last_contact_at = ${now}::timestamptz,
           last_push_at = case when ${isAttlog} then ${now}::timestamptz else last_push_at end,
           last_error = coalesce(${u.lastError}, last_error),
           last_error_at = case when ${u.lastError}::text is null then last_error_at else ${now}::timestamptz end
     where id = ${u.deviceId}`);
  if (!u.counts) return;
  const c = u.counts;
  await tx.execute(sql`
    insert into attendance_device_days as d (device_id, day, received, stored, duplicate, unmapped, rejected)
    values (${u.deviceId}, ${u.day}::date, ${c.received}, ${c.stored}, ${c.duplicate}, ${c.unmapped}, ${c.rejected})
    on conflict (device_id, day) do update
       set received = d.received + excluded.received,
           stored = d.stored + excluded.stored,
           duplicate = d.duplicate + excluded.duplicate,
           unmapped = d.unmapped + excluded.unmapped,
           rejected = d.rejected + excluded.rejected`);
}

/**
 * Hands out the device's oldest pending commands (PENDING → SENT), at most COMMANDS_PER_POLL, oldest first. Rows
 * are skipped when another poll holds them, so two polls never send one command twice.
 */
export async function takePendingCommands(db: DbOrTx, deviceId: number): Promise<{ id: number; command: string }[]> {
  const rows = await queryRows<{ id: number; command: string }>(
    db,
    sql`update attendance_device_commands c
           set status = 'SENT', sent_at = now()
         where c.id in (select id from attendance_device_commands
                         where device_id = ${deviceId} and status = 'PENDING'
                         order by id limit ${COMMANDS_PER_POLL}
                         for update skip locked)
     returning c.id, c.command`,
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** Stores command results: Return 0 is DONE, anything else FAILED. Answers how many of the device's commands matched. */
export async function finishCommands(db: DbOrTx, deviceId: number, results: readonly { id: number; returnCode: number }[]): Promise<number> {
  if (results.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update attendance_device_commands c
           set status = case when r.rc = 0 then 'DONE' else 'FAILED' end, return_code = r.rc, done_at = now()
          from json_to_recordset(${JSON.stringify(results.map((r) => ({ id: r.id, rc: r.returnCode })))}::json) as r(id int, rc int)
         where c.id = r.id and c.device_id = ${deviceId} and c.status in ('SENT', 'PENDING')
     returning c.id`,
  );
  return rows.length;
}
