import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray } from '../../db/sql-fragments.ts';
import { addDays } from '../../lib/dates.ts';
import { workScheduleName } from '../../lib/localized-name.ts';

/** The SQL of self check-in (issue 28): places, the employee's permission, self punches and their evidence, attempts, kiosks, PINs. */

export const PLACES_TABLE = 'check_in_places';
export const KIOSKS_TABLE = 'kiosks';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

// ---- places ----

export type PlaceRecord = {
  id: number;
  name: string;
  address: string | null;
  latitude: number;
  longitude: number;
  radius_m: number;
  network_ranges: string[];
  active: boolean;
  version: number;
  updated_at: string;
};

const placeColumns = sql`id, name, address, latitude, longitude, radius_m, network_ranges, active, version, updated_at`;
const place = (r: PlaceRecord): PlaceRecord => ({
  ...r,
  id: Number(r.id),
  latitude: Number(r.latitude),
  longitude: Number(r.longitude),
  radius_m: Number(r.radius_m),
  network_ranges: r.network_ranges ?? [],
  version: Number(r.version),
  updated_at: new Date(r.updated_at).toISOString(),
});
const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

export async function listPlaces(db: DbOrTx, active?: boolean): Promise<PlaceRecord[]> {
  const where = active === undefined ? sql`true` : sql`active = ${active}`;
  return (await queryRows<PlaceRecord>(db, sql`select ${placeColumns} from check_in_places where ${where} order by lower(name), id`)).map(place);
}

export async function findPlace(db: DbOrTx, id: number, lock = false): Promise<PlaceRecord | undefined> {
  const [row] = await queryRows<PlaceRecord>(db, sql`select ${placeColumns} from check_in_places where id = ${id} ${lock ? sql`for update` : sql``}`);
  return row ? place(row) : undefined;
}

export type PlaceValues = { name: string; address: string | null; latitude: number; longitude: number; radius_m: number; network_ranges: string[]; active: boolean };

export async function insertPlace(tx: DbOrTx, v: PlaceValues, by: number): Promise<PlaceRecord> {
  const [row] = await queryRows<PlaceRecord>(
    tx,
    sql`insert into check_in_places (name, address, latitude, longitude, radius_m, network_ranges, active, created_by)
        values (${v.name}, ${v.address}, ${v.latitude}, ${v.longitude}, ${v.radius_m}, ${textArray(v.network_ranges)}, ${v.active}, ${by})
     returning ${placeColumns}`,
  );
  return place(row!);
}

export async function updatePlace(tx: DbOrTx, id: number, version: number, v: PlaceValues): Promise<PlaceRecord | undefined> {
  const [row] = await queryRows<PlaceRecord>(
    tx,
    sql`update check_in_places
           set name = ${v.name}, address = ${v.address}, latitude = ${v.latitude}, longitude = ${v.longitude}, radius_m = ${v.radius_m},
               network_ranges = ${textArray(v.network_ranges)}, active = ${v.active}, version = version + 1, updated_at = now()
         where id = ${id} and version = ${version}
     returning ${placeColumns}`,
  );
  return row ? place(row) : undefined;
}

// ---- the employee's permission ----

export type SelfContext = {
  employee_id: number;
  name: string;
  user_name: string;
  sf4c_id: string | null;
  mode: string;
  place_ids: number[];
  schedule_name: string | null;
  start: string | null;
  end: string | null;
};

/** The columns of SelfContext, over `employees e` joined by contextFrom. */
const contextColumns = sql`e.id as employee_id, e.name, e.user_name, e.sf4c_id,
       coalesce(p.self_check_in_mode, 'OFF') as mode, coalesce(p.self_check_in_place_ids, '{}'::int[]) as place_ids,
       ${workScheduleName(sql`ws`)} as schedule_name,
       to_char(coalesce(p.work_start_time, ws.work_start_time), 'HH24:MI') as start,
       to_char(coalesce(p.work_end_time, ws.work_end_time), 'HH24:MI') as "end"`;
/** The employee with their policy in force on `date` and its schedule. */
const contextFrom = (employeeId: number, date: string) => sql`from employees e
  left join lateral (select * from employee_policies p where p.employee_id = e.id and p.apply_date <= ${date}::date and p.expire_date >= ${date}::date
                      order by p.apply_date desc, p.id desc limit 1) p on true
  left join work_schedules ws on ws.work_schedule_code = p.work_schedule_code
  where e.id = ${employeeId}`;

/** The employee, their policy in force on `date` (OFF when none) and its schedule's name and times. */
export async function selfContext(db: DbOrTx, employeeId: number, date: string): Promise<SelfContext | undefined> {
  const [row] = await queryRows<SelfContext>(db, sql`select ${contextColumns} ${contextFrom(employeeId, date)}`);
  return row ? { ...row, employee_id: Number(row.employee_id), place_ids: (row.place_ids ?? []).map(Number) } : undefined;
}

/** The self punch stored under an idempotency key (StoredSelfPunch's columns): findByKey, and the replay of punchContext. */
const storedByKey = (employeeId: SQL, key: string) => sql`
  select s.punch_id, p.punched_at, s.method, pl.name as place_name, s.distance_m, s.sent_late
    from self_punches s join punches p on p.id = s.punch_id left join check_in_places pl on pl.id = s.place_id
   where s.employee_id = ${employeeId} and s.idempotency_key = ${key}`;

/**
 * Everything a web punch reads before it stores, in one statement (the morning rush sends a hundred a second): the
 * employee's permission and schedule on `date` (selfContext), the punch already stored under `key` (a replay), the TMS
 * account that maps their punches on `date`, and the active places.
 */
export type PunchContext = SelfContext & { replay: StoredSelfPunch | null; account: string | null; places: PlaceRecord[] };

export async function punchContext(db: DbOrTx, employeeId: number, date: string, key: string, system: string): Promise<PunchContext | undefined> {
  const [row] = await queryRows<SelfContext & { replay: StoredSelfPunch | null; account: string | null; places: PlaceRecord[] | null }>(
    db,
    sql`select ${contextColumns},
               (select row_to_json(r) from (${storedByKey(sql`e.id`, key)}) r) as replay,
               (select c.attendance_check_id from attendance_check_configs c
                 where c.employee_id = e.id and c.attendance_check_system = ${system} and c.start_date <= ${date}::date and c.end_date >= ${date}::date
                 order by c.start_date desc, c.id desc limit 1) as account,
               (select json_agg(row_to_json(a) order by lower(a.name), a.id)
                  from (select ${placeColumns} from check_in_places where active) a) as places
        ${contextFrom(employeeId, date)}`,
  );
  if (!row) return undefined;
  const r = row.replay;
  return {
    ...row,
    employee_id: Number(row.employee_id),
    place_ids: (row.place_ids ?? []).map(Number),
    replay: r ? { ...r, punch_id: Number(r.punch_id), punched_at: new Date(r.punched_at).toISOString(), distance_m: num(r.distance_m) } : null,
    places: (row.places ?? []).map(place),
  };
}

/** An active employee by the staff ID typed on a kiosk: their Staff ID (SF4C) or their user name, case-insensitive. */
export async function employeeByStaffId(db: DbOrTx, staffId: string): Promise<{ id: number; name: string } | undefined> {
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from employees
         where (lower(user_name) = lower(${staffId}) or lower(sf4c_id) = lower(${staffId})) and employee_status = 'Active'
         order by (lower(sf4c_id) = lower(${staffId})) desc nulls last, id limit 1`,
  );
  return row ? { id: Number(row.id), name: row.name } : undefined;
}

export async function employeeName(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(db, sql`select name from employees where id = ${id}`);
  return row?.name;
}

/** The TMS account that maps the employee's punches on `date` (the latest starting config), if any. */
export async function selfAccount(db: DbOrTx, employeeId: number, date: string, system: string): Promise<string | undefined> {
  const [row] = await queryRows<{ attendance_check_id: string }>(
    db,
    sql`select attendance_check_id from attendance_check_configs
         where employee_id = ${employeeId} and attendance_check_system = ${system} and start_date <= ${date}::date and end_date >= ${date}::date
         order by start_date desc, id desc limit 1`,
  );
  return row?.attendance_check_id;
}

// ---- self punches ----

export type StoredSelfPunch = {
  punch_id: number;
  punched_at: string;
  method: string;
  place_name: string | null;
  distance_m: number | null;
  sent_late: boolean;
};

/** The self punch an employee already sent with this idempotency key. */
export async function findByKey(db: DbOrTx, employeeId: number, key: string): Promise<StoredSelfPunch | undefined> {
  const [row] = await queryRows<StoredSelfPunch>(
    db,
    storedByKey(sql`${employeeId}`, key),
  );
  return row ? { ...row, punch_id: Number(row.punch_id), punched_at: new Date(row.punched_at).toISOString(), distance_m: num(row.distance_m) } : undefined;
}

/** Serialises the self punches of one employee (the rate rule) until the transaction ends. */
export async function lockEmployeePunches(tx: DbOrTx, employeeId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(28028, ${employeeId})`);
}

/**
 * The punch just stored for (system, account, instant), and whether another self punch of the employee lies within
 * `windowMs` of it (the one-a-minute rule), in one statement. Run under lockEmployeePunches.
 */
export async function storedPunchAndNeighbour(
  db: DbOrTx,
  p: { system: string; account: string; at: string; employeeId: number; windowMs: number },
): Promise<{ id: number; near: boolean } | undefined> {
  const window = `${p.windowMs} milliseconds`;
  const [row] = await queryRows<{ id: number; near: boolean }>(
    db,
    sql`select n.id, exists (select 1 from self_punches s join punches o on o.id = s.punch_id
                              where s.employee_id = ${p.employeeId} and s.punch_id <> n.id
                                and o.punched_at > ${p.at}::timestamptz - ${window}::interval
                                and o.punched_at < ${p.at}::timestamptz + ${window}::interval) as near
          from punches n where n.system = ${p.system} and n.attendance_check_id = ${p.account} and n.punched_at = ${p.at}::timestamptz`,
  );
  return row ? { id: Number(row.id), near: Boolean(row.near) } : undefined;
}

export type SelfPunchEvidence = {
  punchId: number;
  employeeId: number;
  source: 'web' | 'kiosk';
  idempotencyKey: string;
  method: string;
  latitude: number | null;
  longitude: number | null;
  accuracyM: number | null;
  placeId: number | null;
  distanceM: number | null;
  networkAddress: string | null;
  userAgent: string | null;
  deviceTime: string | null;
  receivedAt: string;
  sentLate: boolean;
  kioskId: number | null;
};

export async function insertSelfPunch(tx: DbOrTx, e: SelfPunchEvidence): Promise<void> {
  await tx.execute(
    sql`insert into self_punches (punch_id, employee_id, source, idempotency_key, method, latitude, longitude, accuracy_m, place_id, distance_m,
                                  network_address, user_agent, device_time, received_at, sent_late, kiosk_id)
        values (${e.punchId}, ${e.employeeId}, ${e.source}, ${e.idempotencyKey}, ${e.method}, ${e.latitude}, ${e.longitude}, ${e.accuracyM}, ${e.placeId},
                ${e.distanceM}, ${e.networkAddress}, ${e.userAgent}, ${e.deviceTime}::timestamptz, ${e.receivedAt}::timestamptz, ${e.sentLate}, ${e.kioskId})`,
  );
}

export type AttemptValues = {
  outcome: 'REFUSED' | 'LATE';
  reason: string;
  message: string;
  employeeId: number | null;
  staffId: string | null;
  source: 'web' | 'kiosk';
  latitude: number | null;
  longitude: number | null;
  accuracyM: number | null;
  placeId: number | null;
  distanceM: number | null;
  networkAddress: string | null;
  userAgent: string | null;
  deviceTime: string | null;
  punchedAt: string | null;
  receivedAt: string;
  kioskId: number | null;
};

export async function insertAttempt(db: DbOrTx, a: AttemptValues): Promise<void> {
  await db.execute(
    sql`insert into check_in_attempts (outcome, reason, message, employee_id, staff_id, source, latitude, longitude, accuracy_m, place_id, distance_m,
                                       network_address, user_agent, device_time, punched_at, received_at, kiosk_id)
        values (${a.outcome}, ${a.reason}, ${a.message}, ${a.employeeId}, ${a.staffId}, ${a.source}, ${a.latitude}, ${a.longitude}, ${a.accuracyM},
                ${a.placeId}, ${a.distanceM}, ${a.networkAddress}, ${a.userAgent}, ${a.deviceTime}::timestamptz, ${a.punchedAt}::timestamptz,
                ${a.receivedAt}::timestamptz, ${a.kioskId})`,
  );
}

export type DayPunch = { punched_at: string; source: string; place_name: string | null; distance_m: number | null; sent_late: boolean | null; self: boolean };

/**
 * The punch day holding the instant `at` (RULES.md §4), from the windows the recalculation stores on each
 * employee-day: `night` is the day before's window while it still holds `at` (after a shift that ends past midnight),
 * `own` the calendar day's window. The one statement of that choice for the check-in page and its next action.
 */
const punchDayCtes = (employeeId: number, at: string, day: string) => sql`
  with night as (select punches_from as f, punches_to as t from timesheet_days
                  where employee_id = ${employeeId} and date = ${day}::date - 1
                    and punches_from <= ${at}::timestamptz and punches_to > ${at}::timestamptz),
       own as (select punches_from as f, punches_to as t from timesheet_days where employee_id = ${employeeId} and date = ${day}::date)`;

/**
 * The punch day holding `at` and its window: the night before's, else the calendar day `day`'s own, else its local
 * `midnight` … `nextMidnight` (a day the recalculation has not written yet).
 */
export async function punchDayAt(db: DbOrTx, employeeId: number, at: string, day: string, midnight: string, nextMidnight: string): Promise<{ date: string; from: string; to: string }> {
  const [row] = await queryRows<{ night: boolean; f: string | Date; t: string | Date }>(
    db,
    sql`${punchDayCtes(employeeId, at, day)}
        select exists (select 1 from night) as night,
               coalesce((select f from night), (select f from own), ${midnight}::timestamptz) as f,
               coalesce((select t from night), (select t from own), ${nextMidnight}::timestamptz) as t`,
  );
  return { date: row!.night ? addDays(day, -1) : day, from: new Date(row!.f).toISOString(), to: new Date(row!.t).toISOString() };
}

/** Whether the employee has a punch before `at` in the punch day holding it (the window of punchDayAt), in one statement. */
export async function hasPunchBeforeInItsDay(db: DbOrTx, employeeId: number, at: string, day: string, midnight: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`${punchDayCtes(employeeId, at, day)}
        select exists (select 1 from punches p
                        where p.employee_id = ${employeeId} and p.punched_at < ${at}::timestamptz
                          and p.punched_at >= coalesce((select f from night), (select f from own), ${midnight}::timestamptz)) as found`,
  );
  return Boolean(row?.found);
}

/** The employee's punches in [from, to) with the evidence of self punches. */
export async function punchesBetween(db: DbOrTx, employeeId: number, from: string, to: string): Promise<DayPunch[]> {
  const rows = await queryRows<DayPunch>(
    db,
    sql`select p.punched_at, p.source, pl.name as place_name, s.distance_m, s.sent_late, (s.id is not null) as self
          from punches p left join self_punches s on s.punch_id = p.id left join check_in_places pl on pl.id = s.place_id
         where p.employee_id = ${employeeId} and p.punched_at >= ${from}::timestamptz and p.punched_at < ${to}::timestamptz
         order by p.punched_at`,
  );
  return rows.map((r) => ({ ...r, punched_at: new Date(r.punched_at).toISOString(), distance_m: num(r.distance_m) }));
}

// ---- PIN, QR secret ----

export async function upsertPin(db: DbOrTx, employeeId: number, hash: string): Promise<void> {
  await db.execute(
    sql`insert into check_in_pins (employee_id, pin_hash) values (${employeeId}, ${hash})
        on conflict (employee_id) do update set pin_hash = excluded.pin_hash, updated_at = now()`,
  );
}

export async function pinHashOf(db: DbOrTx, employeeId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ pin_hash: string }>(db, sql`select pin_hash from check_in_pins where employee_id = ${employeeId}`);
  return row?.pin_hash;
}

/** The secret under `name` in app_keys, created once (every API process shares it). */
export async function sharedSecret(db: DbOrTx, name: string, fresh: string): Promise<string> {
  await db.execute(sql`insert into app_keys (name, public_pem, private_pem) values (${name}, '', ${fresh}) on conflict (name) do nothing`);
  const [row] = await queryRows<{ private_pem: string }>(db, sql`select private_pem from app_keys where name = ${name}`);
  return row!.private_pem;
}

// ---- kiosks ----

export type KioskRecord = {
  id: number;
  name: string;
  place_id: number;
  place_name: string;
  active: boolean;
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
};

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const kiosk = (r: KioskRecord): KioskRecord => ({
  ...r,
  id: Number(r.id),
  place_id: Number(r.place_id),
  created_at: iso(r.created_at)!,
  revoked_at: iso(r.revoked_at),
  last_used_at: iso(r.last_used_at),
});
const kioskSelect = (where: SQL) =>
  sql`select k.id, k.name, k.place_id, pl.name as place_name, k.active, u.username as created_by, coalesce(ce.name, u.username) as created_by_name,
             k.created_at, k.revoked_at, k.last_used_at
        from kiosks k join check_in_places pl on pl.id = k.place_id left join users u on u.id = k.created_by
        left join employees ce on ce.id = u.employee_id
       where ${where}`;

export async function listKiosks(db: DbOrTx): Promise<KioskRecord[]> {
  return (await queryRows<KioskRecord>(db, sql`${kioskSelect(sql`true`)} order by k.active desc, k.id desc`)).map(kiosk);
}

export async function findKiosk(db: DbOrTx, id: number): Promise<KioskRecord | undefined> {
  const [row] = await queryRows<KioskRecord>(db, kioskSelect(sql`k.id = ${id}`));
  return row ? kiosk(row) : undefined;
}

export async function insertKiosk(tx: DbOrTx, v: { name: string; placeId: number; tokenHash: string; by: number }): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into kiosks (name, place_id, token_hash, created_by) values (${v.name}, ${v.placeId}, ${v.tokenHash}, ${v.by}) returning id`,
  );
  return Number(row!.id);
}

export async function revokeKiosk(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`update kiosks set active = false, revoked_at = now() where id = ${id} and active returning id`);
  return rows.length > 0;
}

export type ActiveKiosk = { id: number; name: string; place_id: number; place_name: string; place_active: boolean; touch: boolean };

/** The active kiosk of a token hash; `touch` when last_used_at is a minute old. */
export async function findActiveKiosk(db: DbOrTx, tokenHash: string): Promise<ActiveKiosk | undefined> {
  const [row] = await queryRows<ActiveKiosk>(
    db,
    sql`select k.id, k.name, k.place_id, pl.name as place_name, pl.active as place_active,
               (k.last_used_at is null or k.last_used_at < now() - interval '1 minute') as touch
          from kiosks k join check_in_places pl on pl.id = k.place_id
         where k.token_hash = ${tokenHash} and k.active`,
  );
  return row ? { ...row, id: Number(row.id), place_id: Number(row.place_id) } : undefined;
}

export async function touchKiosk(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update kiosks set last_used_at = now() where id = ${id}`);
}

// ---- PIN lockout per kiosk ----

export async function pinFailure(db: DbOrTx, kioskId: number, staffId: string): Promise<{ failures: number; locked_until: string | null } | undefined> {
  const [row] = await queryRows<{ failures: number; locked_until: string | null }>(
    db,
    sql`select failures, locked_until from kiosk_pin_failures where kiosk_id = ${kioskId} and staff_id = ${staffId}`,
  );
  return row ? { failures: Number(row.failures), locked_until: iso(row.locked_until) } : undefined;
}

/** One more wrong PIN; the `max`-th locks the ID until `lockUntil` and starts the count again. Answers the new state. */
export async function addPinFailure(db: DbOrTx, kioskId: number, staffId: string, max: number, lockUntil: string): Promise<{ failures: number; locked_until: string | null }> {
  const [row] = await queryRows<{ failures: number; locked_until: string | null }>(
    db,
    sql`insert into kiosk_pin_failures as f (kiosk_id, staff_id, failures) values (${kioskId}, ${staffId}, 1)
        on conflict (kiosk_id, staff_id) do update set failures = f.failures + 1, updated_at = now()
     returning failures, locked_until`,
  );
  if (Number(row!.failures) < max) return { failures: Number(row!.failures), locked_until: iso(row!.locked_until) };
  await db.execute(sql`update kiosk_pin_failures set failures = 0, locked_until = ${lockUntil}::timestamptz where kiosk_id = ${kioskId} and staff_id = ${staffId}`);
  return { failures: max, locked_until: lockUntil };
}

export async function clearPinFailures(db: DbOrTx, kioskId: number, staffId: string): Promise<void> {
  await db.execute(sql`delete from kiosk_pin_failures where kiosk_id = ${kioskId} and staff_id = ${staffId}`);
}

// ---- attempts list ----

export type AttemptFilter = {
  from?: string;
  to?: string;
  employeeId?: number;
  outcome?: string;
  reason?: string;
  source?: string;
  placeId?: number;
  timeZone: string;
};

export type AttemptRecord = {
  id: number;
  received_at: string;
  outcome: 'REFUSED' | 'LATE';
  reason: string;
  message: string;
  employee_id: number | null;
  employee_name: string | null;
  employee_user_name: string | null;
  employee_staff_id: string | null;
  staff_id: string | null;
  source: string;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  place_id: number | null;
  place_name: string | null;
  distance_m: number | null;
  network_address: string | null;
  user_agent: string | null;
  device_time: string | null;
  punched_at: string | null;
  kiosk_name: string | null;
  total?: number;
};

function attemptWhere(f: AttemptFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.from) parts.push(sql`a.received_at >= (${f.from}::date::timestamp at time zone ${f.timeZone})`);
  if (f.to) parts.push(sql`a.received_at < ((${f.to}::date + 1)::timestamp at time zone ${f.timeZone})`);
  if (f.employeeId) parts.push(sql`a.employee_id = ${f.employeeId}`);
  if (f.outcome) parts.push(sql`a.outcome = ${f.outcome}`);
  if (f.reason) parts.push(sql`a.reason = ${f.reason}`);
  if (f.source) parts.push(sql`a.source = ${f.source}`);
  if (f.placeId) parts.push(sql`a.place_id = ${f.placeId}`);
  return sql.join(parts, sql` and `);
}

const attempt = (r: AttemptRecord): AttemptRecord => ({
  ...r,
  id: Number(r.id),
  received_at: iso(r.received_at)!,
  employee_id: num(r.employee_id),
  latitude: num(r.latitude),
  longitude: num(r.longitude),
  accuracy_m: num(r.accuracy_m),
  place_id: num(r.place_id),
  distance_m: num(r.distance_m),
  device_time: iso(r.device_time),
  punched_at: iso(r.punched_at),
  total: r.total === undefined ? undefined : Number(r.total),
});

const attemptSelect = sql`select a.id, a.received_at, a.outcome, a.reason, a.message, a.employee_id, e.name as employee_name, e.user_name as employee_user_name,
       e.sf4c_id as employee_staff_id, a.staff_id, a.source, a.latitude, a.longitude, a.accuracy_m, a.place_id, pl.name as place_name, a.distance_m,
       a.network_address, a.user_agent, a.device_time, a.punched_at, k.name as kiosk_name`;
const attemptFrom = sql`from check_in_attempts a left join employees e on e.id = a.employee_id
       left join check_in_places pl on pl.id = a.place_id left join kiosks k on k.id = a.kiosk_id`;

/** Newest first (received_at, id), one page, with the total on each row. */
export async function listAttempts(db: DbOrTx, f: AttemptFilter, page: { limit: number; offset: number }): Promise<AttemptRecord[]> {
  const rows = await queryRows<AttemptRecord>(
    db,
    sql`${attemptSelect}, count(*) over () as total ${attemptFrom} where ${attemptWhere(f)}
        order by a.received_at desc, a.id desc limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map(attempt);
}

export async function countAttempts(db: DbOrTx, f: AttemptFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from check_in_attempts a where ${attemptWhere(f)}`);
  return Number(row?.n ?? 0);
}

/** The export's keyset pages: rows older than `after` (received_at, id). */
export async function attemptsAfter(db: DbOrTx, f: AttemptFilter, after: { at: string; id: number } | null, limit: number): Promise<AttemptRecord[]> {
  const keyset = after ? sql`and (a.received_at, a.id) < (${after.at}::timestamptz, ${after.id})` : sql``;
  const rows = await queryRows<AttemptRecord>(
    db,
    sql`${attemptSelect} ${attemptFrom} where ${attemptWhere(f)} ${keyset} order by a.received_at desc, a.id desc limit ${limit}`,
  );
  return rows.map(attempt);
}

/** Punch ids → their self punch evidence (the drawer and the hover card). */
export async function evidenceOf(db: DbOrTx, punchIds: readonly number[]): Promise<Map<number, { place_name: string | null; distance_m: number | null; sent_late: boolean }>> {
  if (punchIds.length === 0) return new Map();
  const rows = await queryRows<{ punch_id: number; place_name: string | null; distance_m: number | null; sent_late: boolean }>(
    db,
    sql`select s.punch_id, pl.name as place_name, s.distance_m, s.sent_late from self_punches s left join check_in_places pl on pl.id = s.place_id
         where s.punch_id = any(${intArray(punchIds)})`,
  );
  return new Map(rows.map((r) => [Number(r.punch_id), { place_name: r.place_name, distance_m: num(r.distance_m), sent_late: Boolean(r.sent_late) }]));
}
