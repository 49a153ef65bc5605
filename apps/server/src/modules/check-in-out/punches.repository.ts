import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { isoInstant } from '../../db/sql-fragments.ts';
import type { EmployeeDay } from '../timesheet/employee-days.ts';

/** All SQL of punch intake: device_keys and punches (RULES.md §4). */
export const DEVICE_KEYS_TABLE = 'device_keys';
/** punches.source of punches sent by a device through the API (the timesheet import uses its own). */
export const DEVICE_PUNCH_SOURCE = 'device';
/** last_used_at is refreshed at most this often, so a busy device does not write its key row on every batch. */
const TOUCH_EVERY_SECONDS = 60;

export type DeviceKeyRecord = {
  id: number;
  system: string;
  description: string | null;
  active: boolean;
  created_at: string;
  last_used_at: string | null;
  deactivated_at: string | null;
};

const keyColumns = sql`id, system, description, active, ${isoInstant(sql`created_at`)} as created_at,
  ${isoInstant(sql`last_used_at`)} as last_used_at, ${isoInstant(sql`deactivated_at`)} as deactivated_at`;

/** Every key, newest first; a handful per company, so no paging. */
export async function listDeviceKeys(db: DbOrTx): Promise<DeviceKeyRecord[]> {
  return queryRows<DeviceKeyRecord>(db, sql`select ${keyColumns} from device_keys order by id desc`);
}

export async function insertDeviceKey(
  tx: DbOrTx,
  key: { system: string; keyHash: string; description: string | null; createdBy: number },
): Promise<DeviceKeyRecord> {
  const [row] = await queryRows<DeviceKeyRecord>(
    tx,
    sql`insert into device_keys (system, key_hash, description, created_by)
        values (${key.system}, ${key.keyHash}, ${key.description}, ${key.createdBy})
        returning ${keyColumns}`,
  );
  if (!row) throw new Error('device_keys insert returned no row');
  return row;
}

/** The key row locked until the transaction ends, so two deactivations of one key run one after the other. */
export async function findDeviceKeyForUpdate(tx: DbOrTx, id: number): Promise<DeviceKeyRecord | undefined> {
  const [row] = await queryRows<DeviceKeyRecord>(tx, sql`select ${keyColumns} from device_keys where id = ${id} for update`);
  return row;
}

export async function deactivateDeviceKey(tx: DbOrTx, id: number): Promise<DeviceKeyRecord> {
  const [row] = await queryRows<DeviceKeyRecord>(
    tx,
    sql`update device_keys set active = false, deactivated_at = now() where id = ${id} returning ${keyColumns}`,
  );
  if (!row) throw new Error('device_keys update returned no row');
  return row;
}

export type ActiveDeviceKey = { id: number; system: string; touch: boolean };

/** The active key with this hash, or undefined; `touch` says whether last_used_at is due a refresh. */
export async function findActiveDeviceKey(db: DbOrTx, keyHash: string): Promise<ActiveDeviceKey | undefined> {
  const [row] = await queryRows<ActiveDeviceKey>(
    db,
    sql`select id, system,
               (last_used_at is null or last_used_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})) as touch
          from device_keys
         where key_hash = ${keyHash} and active`,
  );
  return row;
}

export async function touchDeviceKey(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update device_keys set last_used_at = now() where id = ${id}`);
}

/** The employee an account's config names on local date `d` (the latest starting config when ranges overlap). */
export const configFor = (system: SQL, account: SQL, d: SQL) => sql`
  select c.employee_id
    from attendance_check_configs c
   where c.attendance_check_system = ${system} and c.attendance_check_id = ${account}
     and c.start_date <= ${d} and c.end_date >= ${d}
   order by c.start_date desc, c.id desc
   limit 1`;

/**
 * Distinct (employee_id, d) of punches `(employee_id, punched_at)` that a punch can change: its local date and the
 * day before. RULES.md §4: a punch belongs to its calendar day or, after a night shift, to the night it closes (the
 * midpoint rule, decided by the day engine alone); recomputing both days needs no knowledge of that rule here, and a
 * day the punch does not change is not rewritten.
 */
export const employeeDaysOfPunches = (punchRows: SQL, timeZone: string) => sql`
  select distinct n.employee_id, v.d
    from (select employee_id, punched_at at time zone ${timeZone} as lt from (${punchRows}) p where employee_id is not null) n
   cross join lateral (values (n.lt::date), (n.lt::date - 1)) v(d)`;

/** One punch that passed the item checks: system, account, and the ISO text as sent (offset or Z). */
export type AcceptedPunch = { s: string; a: string; t: string };
/** A calendar day of an employee in the company time zone that new punches may change (timesheet/employee-days.ts). */
export type { EmployeeDay };

export type InsertPunchesResult = {
  inserted: number;
  unmapped: number;
  /** Distinct accounts among the unmapped punches, and up to `sampleSize` of them as `SYSTEM attendance_check_id`. */
  unmappedAccounts: number;
  unmappedSample: string[];
  affected: EmployeeDay[];
};

/**
 * One statement for the whole batch (RULES.md §4): the punches travel as one JSON parameter (no bind-parameter
 * limit, both drivers), each is mapped to the employee whose attendance-check config covers its local date in
 * the company time zone (the latest starting config when ranges overlap), and stored once per
 * (system, attendance_check_id, instant) — a punch already stored, in this batch or before, is skipped by the
 * unique index. Unmapped punches are stored with employee_id null, so a later config can claim them
 * (`remapPunches`).
 *
 * `affected` is the employee-days the NEW punches can change: their local date and the day before (RULES.md §4,
 * `employeeDaysOfPunches`).
 */
export async function insertPunches(
  tx: DbOrTx,
  punches: readonly AcceptedPunch[],
  opts: { timeZone: string; source: string; sampleSize: number },
): Promise<InsertPunchesResult> {
  const [row] = await queryRows<{ inserted: number; unmapped: number; unmapped_accounts: number; unmapped_sample: string[] | null; affected: EmployeeDay[] | null }>(
    tx,
    sql`
    with input as (
      select r.s, r.a, r.t::timestamptz as t
        from json_to_recordset(${JSON.stringify(punches)}::json) as r(s text, a text, t text)
    ),
    located as (
      select s, a, t, (t at time zone ${opts.timeZone})::date as d from input
    ),
    mapped as (
      select l.s, l.a, l.t, m.employee_id
        from located l
        left join lateral (${configFor(sql`l.s`, sql`l.a`, sql`l.d`)}) m on true
    ),
    ins as (
      insert into punches (system, attendance_check_id, employee_id, punched_at, source)
      select s, a, employee_id, t, ${opts.source} from mapped
      on conflict do nothing
      returning employee_id, punched_at
    ),
    days as (${employeeDaysOfPunches(sql`select employee_id, punched_at from ins`, opts.timeZone)})
    select (select count(*) from ins)::int as inserted,
           (select count(*) from mapped where employee_id is null)::int as unmapped,
           (select count(distinct (s, a)) from mapped where employee_id is null)::int as unmapped_accounts,
           (select array_agg(acc) from (select distinct s || ' ' || a as acc from mapped where employee_id is null order by 1 limit ${opts.sampleSize}) u)
             as unmapped_sample,
           (select json_agg(json_build_object('employeeId', employee_id, 'date', d::text) order by employee_id, d) from days) as affected`,
  );
  return {
    inserted: Number(row?.inserted ?? 0),
    unmapped: Number(row?.unmapped ?? 0),
    unmappedAccounts: Number(row?.unmapped_accounts ?? 0),
    unmappedSample: row?.unmapped_sample ?? [],
    affected: row?.affected ?? [],
  };
}

/**
 * Re-maps stored punches of the given accounts to the employees their configs name now, for the attendance-check
 * config screens: a new or changed config claims punches that arrived unmapped, or moves them. Answers the
 * employee-days whose punches changed hands (old and new owner), for the recalculation.
 */
export async function remapPunches(tx: DbOrTx, accounts: readonly { system: string; attendanceCheckId: string }[], timeZone: string): Promise<EmployeeDay[]> {
  if (accounts.length === 0) return [];
  const accountsJson = JSON.stringify(accounts.map((a) => ({ s: a.system, a: a.attendanceCheckId })));
  return remapCandidates(
    tx,
    sql`acc as (
      select distinct r.s, r.a from json_to_recordset(${accountsJson}::json) as r(s text, a text)
    ),
    candidate as (
      select p.id, p.system, p.attendance_check_id, p.employee_id, p.punched_at
        from acc
        join punches p on p.system = acc.s and p.attendance_check_id = acc.a
    )`,
    timeZone,
  );
}

/** An account and a range of local dates (YYYY-MM-DD, inclusive) whose punches a config change may move. */
export type AccountRange = { system: string; attendanceCheckId: string; from: string; to: string };

/**
 * As `remapPunches`, limited to the punches of each account whose local date (company time zone) falls in one of the
 * given ranges — the old and the new range of a changed attendance-check config (spec 002 §3, RULES.md §4). One
 * statement: each punch is given the employee its config names now (null when none), and only punches that change
 * hands are written. The ranges become instants, so the unique index (system, account, instant) serves the lookup.
 * Answers the employee-days whose punches changed hands (old and new owner).
 */
export async function remapPunchesInRanges(tx: DbOrTx, ranges: readonly AccountRange[], timeZone: string): Promise<EmployeeDay[]> {
  if (ranges.length === 0) return [];
  const rangesJson = JSON.stringify(ranges.map((r) => ({ s: r.system, a: r.attendanceCheckId, f: r.from, t: r.to })));
  return remapCandidates(
    tx,
    sql`acc as (
      select distinct r.s, r.a,
             (r.f::date::timestamp at time zone ${timeZone}) as from_at,
             ((r.t::date + 1)::timestamp at time zone ${timeZone}) as to_at
        from json_to_recordset(${rangesJson}::json) as r(s text, a text, f text, t text)
    ),
    candidate as (
      select distinct p.id, p.system, p.attendance_check_id, p.employee_id, p.punched_at
        from acc
        join punches p on p.system = acc.s and p.attendance_check_id = acc.a and p.punched_at >= acc.from_at and p.punched_at < acc.to_at
    )`,
    timeZone,
  );
}

/**
 * The shared body of both re-maps: `ctes` ends with a `candidate` CTE of punches (id, system, attendance_check_id,
 * employee_id, punched_at); each gets the employee its config names now (null when none), only punches that change
 * hands are written, and the answer is the employee-days of the old and the new owner.
 */
async function remapCandidates(tx: DbOrTx, ctes: SQL, timeZone: string): Promise<EmployeeDay[]> {
  const [row] = await queryRows<{ affected: EmployeeDay[] | null }>(
    tx,
    sql`
    with ${ctes},
    target as (
      select cp.id, cp.employee_id as old_employee_id, m.employee_id as new_employee_id, cp.punched_at
        from candidate cp
        left join lateral (${configFor(sql`cp.system`, sql`cp.attendance_check_id`, sql`(cp.punched_at at time zone ${timeZone})::date`)}) m on true
       where cp.employee_id is distinct from m.employee_id
    ),
    upd as (
      update punches p set employee_id = t.new_employee_id from target t where p.id = t.id
      returning t.old_employee_id, t.new_employee_id, t.punched_at
    ),
    days as (${employeeDaysOfPunches(sql`select old_employee_id as employee_id, punched_at from upd union all select new_employee_id, punched_at from upd`, timeZone)})
    select json_agg(json_build_object('employeeId', employee_id, 'date', d::text) order by employee_id, d) as affected from days`,
  );
  return row?.affected ?? [];
}
