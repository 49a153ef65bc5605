import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { textArrayLiteral } from '../../db/sql-fragments.ts';
import { periodsOverlapping } from '../payroll-periods/payroll-periods.repository.ts';
import { finalValue, latestOverrides } from './day-value.repository.ts';

/**
 * All SQL of the recalculation (RULES.md §4, issue 3 §2 Persistence): set-based loads of one chunk of employees and
 * set-based writes of their days and abnormal cases. Every statement takes a fixed number of parameters whatever
 * the chunk size (JSON for the small lists, arrays for the day rows).
 */

/** One employee's dates to compute, both inclusive, 'YYYY-MM-DD'. */
export type EmployeeRange = { employeeId: number; from: string; to: string };

const rangesJson = (ranges: readonly EmployeeRange[]) => JSON.stringify(ranges.map((r) => ({ e: r.employeeId, f: r.from, t: r.to })));

/** The punch aggregate of 1,000 employees hashes about 50,000 rows: room to do it in memory (this transaction only). */
export async function allowChunkWorkMemory(tx: DbOrTx): Promise<void> {
  await queryRows(tx, sql`set local work_mem = '32MB'`);
}

/** Employees who may have working days from `from` on: active ones, and leavers whose last working day is on or after it. */
export async function activeEmployeeIds(db: DbOrTx, from: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from employees where employee_status = 'Active' or last_working_day >= ${from}::date order by id`,
  );
  return rows.map((r) => Number(r.id));
}

export type LockedEmployee = { id: number; company_id: number; holiday_calendar_code: string; start_working_day: string; last_working_day: string | null };

/**
 * Locks the employees' rows until the transaction ends, in id order (no deadlock between two recalculations), so
 * two recalculations of one employee run one after the other and the later one reads every punch the earlier one
 * missed: without it a slower, older computation could overwrite a newer one. FOR NO KEY UPDATE does not block
 * punches or other rows referencing the employee (they take KEY SHARE); it does make an HR edit of the employee
 * wait for the chunk.
 */
export async function lockEmployees(tx: DbOrTx, ids: readonly number[]): Promise<LockedEmployee[]> {
  if (ids.length === 0) return [];
  return queryRows<LockedEmployee>(
    tx,
    sql`select id, company_id, holiday_calendar_code, start_working_day::text, last_working_day::text from employees
         where id = any(${`{${ids.join(',')}}`}::int[]) order by id for no key update`,
  );
}

type Clock = string | null;
export type PolicyRow = {
  e: number;
  from: string;
  to: string;
  code: string;
  lack: number;
  number: number;
  refund: string | number;
  perDay: number;
};
export type ScheduleRow = {
  code: string;
  type: string;
  standard: number;
  start: Clock;
  end: Clock;
  days: { day: number; working: boolean; start: Clock; end: Clock; breakStart: Clock; breakEnd: Clock; minutes: number | null }[] | null;
};
export type PeriodRow = { id: number; company: number; from: string; to: string };
export type HolidayRow = { cal: string; d: string; name: string };
export type OverrideRow = { e: number; d: string; v: string | number | null };
export type RangeFacts = { e: number; ext: string; fund: number };
/**
 * An approved request date or special explanation (engine `CoverageRequest`): `np` covers without value (unpaid or
 * social-insurance leave), `n` / `hn` the leave's notation for a day / a shift.
 */
export type CoverageRow = {
  e: number;
  d: string;
  k: string;
  shift: string | null;
  m: number | null;
  s: string | null;
  t: string | null;
  u: number | null;
  np: boolean;
  n: string | null;
  hn: string | null;
};
export type RecalcContext = {
  policies: PolicyRow[];
  schedules: ScheduleRow[];
  periods: PeriodRow[];
  holidays: HolidayRow[];
  overrides: OverrideRow[];
  coverage: CoverageRow[];
  /** Per range: the end of the period containing `to` (or `to`), and the explanation uses stored before `from` in its period. */
  facts: RangeFacts[];
};

/**
 * Everything but punches for one chunk, in one round trip: staff policies overlapping each range (one day either
 * side, for the night cut-off; up to the end of the period of `to`, for flexible staff), the schedules they name with
 * their weekday rows, the payroll periods of the employees' companies over the ranges, holidays of their calendars,
 * the latest HR override per employee-day (RULES.md §4: latest wins), and per range the explanation-fund uses stored
 * before `from` in its period (docs/timesheet-engine.md, fund carry).
 */
export async function loadContext(tx: DbOrTx, ranges: readonly EmployeeRange[]): Promise<RecalcContext> {
  const [row] = await queryRows<{ [K in keyof RecalcContext]: RecalcContext[K] | null }>(
    tx,
    sql`
    with r as (
      select r.e, r.f, r.t, e.company_id as company, e.holiday_calendar_code as cal
        from json_to_recordset(${rangesJson(ranges)}::json) as r(e int, f date, t date)
        join employees e on e.id = r.e
    ),
    per as (${periodsOverlapping(sql`select distinct company from r`, sql`(select min(f) from r) - 1`, sql`(select max(t) from r) + 1`)}),
    rx as (
      select r.*,
             greatest(r.t, (select max(per.to_date) from per where per.company = r.company and r.t between per.from_date and per.to_date)) as ext,
             (select min(per.from_date) from per where per.company = r.company and r.f between per.from_date and per.to_date) as period_start
        from r
    ),
    pol as (
      select sp.employee_id as e, sp.apply_date as "from", sp.expire_date as "to", sp.work_schedule_code as code,
             sp.lack_of_time_allowed as lack, sp.explanation_number as "number",
             sp.refund_hours_per_explanation as refund, sp.explanation_time_per_days as "perDay", sp.id
        from rx join employee_policies sp on sp.employee_id = rx.e
       where sp.apply_date <= rx.ext + 1 and sp.expire_date >= rx.f - 1
    ),
    sch as (
      select ws.work_schedule_code as code, ws.work_schedule_type as type, ws.standard_working_time as standard,
             ws.work_start_time as start, ws.work_end_time as "end",
             (select json_agg(json_build_object('day', d.day, 'working', d.working_day, 'start', d.start_time, 'end', d.end_time,
                                                'breakStart', d.break_start, 'breakEnd', d.break_end, 'minutes', d.working_time) order by d.day)
                from work_schedule_days d where d.work_schedule_id = ws.id) as days
        from work_schedules ws
       where ws.work_schedule_code in (select distinct code from pol)
    ),
    hol as (
      select h.calendar_code as cal, h.date as d, h.name
        from holidays h
       where h.calendar_code in (select distinct cal from r)
         and h.date between (select min(f) from r) - 1 and (select max(ext) from rx) + 1
    ),
    ovr as (
      select l.employee_id as e, l.date as d, l.value as v
        from (${latestOverrides(sql`join rx on rx.e = o.employee_id`, sql`o.date between rx.f and rx.ext`)}) l
    ),
    cov as (
      -- RULES.md §4: approved requests (leave, work outside, onsite, explanation) and special explanations cover time;
      -- unpaid and social-insurance leave credits no value; leave shows its notation, for one shift the notation
      -- table's half-day one ('P/2') when it has it.
      select rd.employee_id as e, rd.date as d,
             (case r.request_type when 'LEAVE_REQUEST' then 'LEAVE' when 'EXPLANATION_REQUEST' then 'EXPLANATION' else r.request_type end) as k,
             rd.shift, rd.minutes as m, rd.start_time as s, rd.end_time as t, rd.fund_uses as u,
             (r.request_type = 'LEAVE_REQUEST' and (not rt.paid or rt.social_insurance)) as np,
             rt.notation as n,
             coalesce((select n2.notation from notations n2 where n2.notation = rt.notation || '/2'), rt.notation) as hn,
             r.id as o
        from rx
        join request_dates rd on rd.employee_id = rx.e and rd.date between rx.f and rx.ext
        join requests r on r.id = rd.request_id and r.status = 3
        join reason_types rt on rt.code = r.reason_type and rt.covers
      union all
      select se.employee_id, se.date, 'SPECIAL_EXPLANATION', null, round(se.time_hours * 60)::int, null, null, null, false, null, null, null
        from rx
        join special_explanations se on se.employee_id = rx.e and se.date between rx.f and rx.ext and se.deleted_at is null
    ),
    facts as (
      select rx.e, rx.ext,
             coalesce((select sum(td.explanation_uses) from timesheet_days td
                        where td.employee_id = rx.e and td.date >= rx.period_start and td.date < rx.f), 0)::int as fund
        from rx
    )
    select (select json_agg(pol order by e, "from", id) from pol) as policies,
           (select json_agg(sch) from sch) as schedules,
           (select json_agg(json_build_object('id', id, 'company', company, 'from', from_date, 'to', to_date) order by company, from_date) from per) as periods,
           (select json_agg(hol) from hol) as holidays,
           (select json_agg(ovr) from ovr) as overrides,
           (select json_agg(cov order by e, d, o) from cov) as coverage,
           (select json_agg(facts) from facts) as facts`,
  );
  return {
    policies: row?.policies ?? [],
    schedules: row?.schedules ?? [],
    periods: row?.periods ?? [],
    holidays: row?.holidays ?? [],
    overrides: row?.overrides ?? [],
    coverage: row?.coverage ?? [],
    facts: row?.facts ?? [],
  };
}

/**
 * Per employee, local calendar day and part of the day, what the day engine reads of punches: the first and last
 * instant (epoch ms, floored) and the number of distinct minutes. Aggregated in SQL, so a period of 600,000 punches
 * never travels to JavaScript (ARCHITECTURE.md: a 600k-row result took 12 s on PGlite). A day listed in `dayStarts`
 * (the engine's midpoint rule after a night shift, RULES.md §4: its punches before that minute are the day before's)
 * is split there into an early part and the rest; any other day is one part. Punches from local `from` 00:00 up to
 * the latest listed start of a day after `to`.
 * Tuples `[employee, epochDay, early 0|1, firstMs, lastMs, distinctMinutes]`.
 */
export type PunchAggregate = [employeeId: number, epochDay: number, early: 0 | 1, firstMs: number, lastMs: number, minutes: number];
/** `[employee, epochDay, minute]`: before that minute after the day's local midnight, its punches belong to the day before. */
export type PunchDayStart = [employeeId: number, epochDay: number, minute: number];

export async function loadPunchAggregates(tx: DbOrTx, ranges: readonly EmployeeRange[], utcOffsetMinutes: number, dayStarts: readonly PunchDayStart[] = []): Promise<PunchAggregate[]> {
  if (ranges.length === 0) return [];
  const offset = Math.trunc(utcOffsetMinutes);
  // The punches of `to` reach into the next day at most as far as the latest split listed (none: its midnight).
  const reach = dayStarts.reduce((m, s) => Math.max(m, s[2]), 0);
  const lo = (f: SQL) => sql`to_timestamp((((${f} - date '1970-01-01') * 1440 - ${offset}) * 60)::float8)`;
  const hi = (t: SQL) => sql`to_timestamp((((${t} + 1 - date '1970-01-01') * 1440 + ${reach} - ${offset}) * 60)::float8)`;
  const first = ranges[0]!;
  const uniform = ranges.every((r) => r.from === first.from && r.to === first.to);
  // One date range for all (a full recalculation, a calculated day): one index scan per id of the list, about 15 %
  // faster than joining the ranges.
  const source = uniform
    ? sql`select p.employee_id as e, floor(date_part('epoch', p.punched_at) * 1000)::int8 as ms
            from punches p
           where p.employee_id = any(${`{${ranges.map((r) => r.employeeId).join(',')}}`}::int[])
             and p.punched_at >= ${lo(sql`${first.from}::date`)} and p.punched_at < ${hi(sql`${first.to}::date`)}`
    : sql`select r.e, floor(date_part('epoch', p.punched_at) * 1000)::int8 as ms
            from json_to_recordset(${rangesJson(ranges)}::json) as r(e int, f date, t date)
            join punches p on p.employee_id = r.e and p.punched_at >= ${lo(sql`r.f`)} and p.punched_at < ${hi(sql`r.t`)}`;
  // Most chunks have no night shift: then every day is one part and the split is not joined at all.
  const split = dayStarts.length === 0
    ? { early: sql`0`, join: sql`` }
    : { early: sql`((m.lm % 1440) < coalesce(ds.m, 0))::int`, join: sql`left join ds on ds.e = m.e and ds.day = m.lm / 1440` };
  const [row] = await queryRows<{ a: PunchAggregate[] | null }>(
    tx,
    sql`
    with p as (${source}),
    ds as (
      select * from unnest(${intArray(dayStarts.map((s) => s[0]))}::int[], ${intArray(dayStarts.map((s) => s[1]))}::int[],
                           ${intArray(dayStarts.map((s) => s[2]))}::int[]) as ds(e, day, m)
    ),
    m as (
      -- the local minute, one row per distinct minute (docs/timesheet-engine.md: a punch counts at its minute, once)
      select e, ms / 60000 + ${offset} as lm, min(ms) as first, max(ms) as last from p group by 1, 2
    ),
    d as (
      select m.e, m.lm / 1440 as day, ${split.early} as early, min(m.first) as first, max(m.last) as last, count(*)::int as n
        from m ${split.join} group by 1, 2, 3
    )
    select json_agg(json_build_array(e, day, early, first, last, n)) as a from d`,
  );
  return (row?.a ?? []).map((t) => [Number(t[0]), Number(t[1]), Number(t[2]) as 0 | 1, Number(t[3]), Number(t[4]), Number(t[5])]);
}

/**
 * Day rows packed for the write (see `packDay` in recalculate.ts): small integers share one bigint, so a period of
 * 300,000 rows crosses to the database as 11 values a row instead of 27 (PGlite parses each value in WebAssembly;
 * 27 JSON keys a row took 4.5 s for a period, json_to_recordset alone).
 */
export type PackedDays = {
  e: number[];
  d: number[];
  p: (number | null)[];
  ia: (number | null)[];
  oa: (number | null)[];
  /** The day's punch window in epoch minutes (RULES.md §4). */
  pf: number[];
  pt: number[];
  i: (string | null)[];
  x: (string | null)[];
  s1: number[];
  s2: number[];
  k: number[];
  v: (number | null)[];
};

const intArray = (v: readonly (number | null)[]) => `{${v.map((x) => (x === null ? 'NULL' : String(x))).join(',')}}`;
/** Texts here are 'HH:mm' or schedule codes; quoted and escaped as array elements. */

const COLUMNS = sql.raw(`employee_id, date, period_id, day_type, schedule_code, mode, check_in_at, check_out_at, check_in, check_out,
  punch_count, punches_from, punches_to, morning_credit, afternoon_credit, computed_value, value, overridden, late_minutes, early_minutes, absent_minutes,
  worked_minutes, request_minutes, explanation_refund_minutes, explanation_uses, is_late_coming, is_early_leaving, abnormal_reason,
  notation, computed_at`);
const UPDATED = [
  'period_id', 'day_type', 'schedule_code', 'mode', 'check_in_at', 'check_out_at', 'check_in', 'check_out', 'punch_count', 'punches_from', 'punches_to',
  'morning_credit', 'afternoon_credit', 'computed_value', 'value', 'overridden', 'late_minutes', 'early_minutes', 'absent_minutes',
  'worked_minutes', 'request_minutes', 'explanation_refund_minutes', 'explanation_uses', 'is_late_coming', 'is_early_leaving',
  'abnormal_reason', 'notation',
];
const SET = sql.raw([...UPDATED, 'computed_at'].map((c) => `${c} = excluded.${c}`).join(', '));
const CHANGED = sql.raw(`(${UPDATED.map((c) => `timesheet_days.${c}`).join(', ')}) is distinct from (${UPDATED.map((c) => `excluded.${c}`).join(', ')})`);

/**
 * The day rows of one batch as a relation with timesheet_days' columns. The bit layout is `packDay`'s
 * (recalculate.ts): s1 = punches | late << 12 | early << 24 | worked << 36; s2 = absent | request << 12 |
 * refund << 24 | uses << 36 | abnormal << 44; k = dayType | mode << 2 | morning << 4 | afternoon << 7 |
 * late flag << 10 | early flag << 11 | overridden << 12 | value×100 (127 = none) << 13 | schedule index << 20 |
 * notation index << 36 (indexes 1-based into `scheduleCodes` / `notations`, 0 = none). pf, pt: the punch window in
 * epoch minutes.
 */
export function decodedDays(rows: PackedDays, scheduleCodes: readonly string[], notations: readonly string[]) {
  const credit = (shift: number) => sql.raw(`(array[null, 'ATTENDANCE', 'REQUEST', 'HOLIDAY', 'UNPAID'])[k / ${shift} % 8 + 1]::varchar`);
  return sql`
    select e as employee_id, date '1970-01-01' + d as date, p as period_id,
           (array['WORKING', 'WEEKEND', 'NON_WORKING', 'HOLIDAY'])[k % 4 + 1]::varchar as day_type,
           (${textArrayLiteral([...scheduleCodes])}::text[])[nullif(k / 1048576 % 65536, 0)]::varchar as schedule_code,
           (array[null, 'DAY', 'HOUR'])[k / 4 % 4 + 1]::varchar as mode,
           to_timestamp(ia / 1000::float8) as check_in_at, to_timestamp(oa / 1000::float8) as check_out_at,
           i::varchar as check_in, x::varchar as check_out,
           (s1 % 4096)::smallint as punch_count,
           to_timestamp(pf * 60::float8) as punches_from, to_timestamp(pt * 60::float8) as punches_to,
           ${credit(16)} as morning_credit,
           ${credit(128)} as afternoon_credit,
           (nullif(k / 8192 % 128, 127) / 100.0)::numeric(4, 2) as computed_value,
           ${finalValue({ overridden: sql`k / 4096 % 2 = 1`, override: sql`v / 100.0`, computed: sql`nullif(k / 8192 % 128, 127) / 100.0` })}::numeric(4, 2) as value,
           k / 4096 % 2 = 1 as overridden,
           (s1 / 4096 % 4096)::int as late_minutes, (s1 / 16777216 % 4096)::int as early_minutes,
           (s2 % 4096)::int as absent_minutes, (s1 / 68719476736 % 4096)::int as worked_minutes,
           (s2 / 4096 % 4096)::int as request_minutes, (s2 / 16777216 % 4096)::int as explanation_refund_minutes,
           (s2 / 68719476736 % 256)::smallint as explanation_uses,
           k / 1024 % 2 = 1 as is_late_coming, k / 2048 % 2 = 1 as is_early_leaving,
           (case s2 / 17592186044416 when 0 then null when 7 then 'FLEXIBLE_ABSENT' else (s2 / 17592186044416)::text end)::varchar as abnormal_reason,
           (${textArrayLiteral([...notations])}::text[])[nullif(k / 68719476736, 0)]::varchar as notation,
           now() as computed_at
      from unnest(${intArray(rows.e)}::int[], ${intArray(rows.d)}::int[], ${intArray(rows.p)}::int[],
                  ${intArray(rows.ia)}::int8[], ${intArray(rows.oa)}::int8[], ${intArray(rows.pf)}::int[], ${intArray(rows.pt)}::int[],
                  ${textArrayLiteral(rows.i)}::text[], ${textArrayLiteral(rows.x)}::text[],
                  ${intArray(rows.s1)}::int8[], ${intArray(rows.s2)}::int8[], ${intArray(rows.k)}::int8[], ${intArray(rows.v)}::int[])
           as u(e, d, p, ia, oa, pf, pt, i, x, s1, s2, k, v)`;
}

/** Whether any day row of the ranges is stored: none lets a first computation take the plain INSERT of `writeDays`. */
export async function anyStoredDay(tx: DbOrTx, ranges: readonly EmployeeRange[]): Promise<boolean> {
  if (ranges.length === 0) return false;
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`select exists (
          select 1 from json_to_recordset(${rangesJson(ranges)}::json) as r(e int, f date, t date)
            join timesheet_days td on td.employee_id = r.e and td.date between r.f and r.t) as found`,
  );
  return Boolean(row?.found);
}

/**
 * Writes one batch of day rows and answers how many rows changed. `fresh` (none of the rows is stored yet, see
 * anyStoredDay) takes a plain INSERT; otherwise INSERT … ON CONFLICT DO UPDATE rewrites a stored row only when a
 * value changed (no dead tuple for an unchanged day; computed_at then keeps the time of the last change). The
 * caller holds the employees' row locks (lockEmployees), so no one else writes these rows in between.
 */
export async function writeDays(tx: DbOrTx, rows: PackedDays, scheduleCodes: readonly string[], notations: readonly string[], fresh: boolean): Promise<number> {
  if (rows.e.length === 0) return 0;
  const upsert = fresh ? sql`` : sql`on conflict (employee_id, date) do update set ${SET} where ${CHANGED}`;
  const result = await queryRows<{ n: number }>(
    tx,
    sql`
    with ins as (
      insert into timesheet_days (${COLUMNS})
      select ${COLUMNS} from (${decodedDays(rows, scheduleCodes, notations)}) u
      ${upsert}
      returning 1
    )
    select count(*)::int as n from ins`,
  );
  return Number(result[0]?.n ?? 0);
}

/** An abnormal case as computed now. */
export type CaseRow = { e: number; d: string; r: string; mv: number; i: string | null; x: string | null; s: string; t: string };

/**
 * Abnormal cases of the recomputed ranges (RULES.md §4), set-based: new ones are inserted; unexplained ones
 * (status 0) follow the computation (updated in place, or deleted when the day no longer has one: "it disappears
 * when a later request, explanation or punch covers it"). A case in an explanation flow (status 1 Pending approval,
 * 3 Approved, 4 Rejected) is left as it is: the explanation and its approval refer to that row and its numbers,
 * and an approved explanation is itself what covers the day, so rewriting or removing the row would erase what
 * the approver decided on.
 */
export async function syncAbnormalCases(tx: DbOrTx, ranges: readonly EmployeeRange[], cases: readonly CaseRow[]): Promise<{ upserted: number; deleted: number }> {
  if (ranges.length === 0) return { upserted: 0, deleted: 0 };
  const [row] = await queryRows<{ upserted: number; deleted: number }>(
    tx,
    sql`
    with cur as materialized (
      select * from json_to_recordset(${JSON.stringify(cases)}::json) as c(e int, d date, r text, mv int, i text, x text, s text, t text)
    ),
    rng as materialized (
      select * from json_to_recordset(${rangesJson(ranges)}::json) as r(e int, f date, t date)
    ),
    del as (
      -- NOT IN over a materialized list is one hashed lookup per row; NOT EXISTS let the planner re-read the list
      -- for every candidate (quadratic).
      delete from abnormal_cases a
       using rng
       where a.employee_id = rng.e and a.abnormal_date between rng.f and rng.t and a.status = 0
         and (a.employee_id, a.abnormal_date) not in (select e, d from cur)
      returning a.id
    ),
    up as (
      insert into abnormal_cases (employee_id, abnormal_date, reason, minute_violation, check_in, check_out, start_time, end_time)
      select e, d, r, mv, i, x, s, t from cur
      on conflict (employee_id, abnormal_date) do update
         set reason = excluded.reason, minute_violation = excluded.minute_violation, check_in = excluded.check_in,
             check_out = excluded.check_out, start_time = excluded.start_time, end_time = excluded.end_time,
             updated_at = now(), version = abnormal_cases.version + 1
       where abnormal_cases.status = 0
         and (abnormal_cases.reason, abnormal_cases.minute_violation, abnormal_cases.check_in, abnormal_cases.check_out,
              abnormal_cases.start_time, abnormal_cases.end_time)
             is distinct from (excluded.reason, excluded.minute_violation, excluded.check_in, excluded.check_out, excluded.start_time, excluded.end_time)
      returning 1
    )
    select (select count(*) from up)::int as upserted, (select count(*) from del)::int as deleted`,
  );
  return { upserted: Number(row?.upserted ?? 0), deleted: Number(row?.deleted ?? 0) };
}

/**
 * RULES.md §4 (a day is judged only once it has ended): the employee-days of `from` … `to` inside the employment
 * that have no stored row, or a stored row of a working day or holiday without a computed value — the engine's
 * mark of a day not judged yet (a judged working day always has one).
 */
export async function unjudgedEmployeeDays(db: DbOrTx, from: string, to: string): Promise<{ employeeId: number; date: string }[]> {
  const rows = await queryRows<{ e: number; d: string }>(
    db,
    sql`select e.id as e, d.date::date::text as d
          from generate_series(${from}::date, ${to}::date, interval '1 day') as d(date)
          join employees e on e.start_working_day <= d.date and (e.last_working_day is null or e.last_working_day >= d.date)
         where not exists (select 1 from timesheet_days td
                            where td.employee_id = e.id and td.date = d.date
                              and not (td.day_type in ('WORKING', 'HOLIDAY') and td.computed_value is null))
         order by e.id, d.date`,
  );
  return rows.map((r) => ({ employeeId: Number(r.e), date: r.d }));
}

/** Which of these ids are employees. */
export async function existingEmployeeIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(db, sql`select id from employees where id = any(${`{${ids.join(',')}}`}::int[]) order by id`);
  return rows.map((r) => Number(r.id));
}

/** The signed-in user's mail address (their employee's), for the calculation-finished mail. */
export async function userMail(db: DbOrTx, userId: number): Promise<{ email: string; name: string } | undefined> {
  const [row] = await queryRows<{ email: string; name: string }>(
    db,
    sql`select e.email, e.name from users u join employees e on e.id = u.employee_id where u.id = ${userId}`,
  );
  return row;
}
