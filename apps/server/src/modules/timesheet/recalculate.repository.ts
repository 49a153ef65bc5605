import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { APPROVED_OT, intArrayLiteral } from '../../db/sql-fragments.ts';
import { periodsOverlapping } from '../payroll-periods/payroll-periods.repository.ts';
import { latestOverrides } from './day-value.repository.ts';
import { halfDayNotation } from './request-days.repository.ts';
import type { EmployeeDay, EmployeeRange } from './employee-days.ts';

/**
 * The SQL of the recalculation (RULES.md §4, issue 3 §2 Persistence): set-based loads of one chunk of employees and
 * set-based writes of their abnormal cases; the punch aggregates are in punch-aggregates.repository.ts, the day rows'
 * packing and write in day-row.repository.ts. Every statement takes a fixed number of parameters whatever
 * the chunk size (JSON for the small lists, arrays for the day rows).
 */

export const rangesJson = (ranges: readonly EmployeeRange[]) => JSON.stringify(ranges.map((r) => ({ e: r.employeeId, f: r.from, t: r.to })));

/**
 * The ranges' employee ids as one int[] parameter. The planner guesses 100 rows for any json_to_recordset, so a
 * statement that joins big tables to the ranges also filters by these ids: a small chunk then reads its own rows by
 * index instead of hashing whole tables.
 */
export const rangeIds = (ranges: readonly EmployeeRange[]) => sql`${intArrayLiteral(ranges.map((r) => r.employeeId))}::int[]`;

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
/** An approved overtime window of an employee, epoch ms (engine `OvertimeWindow`). */
export type OvertimeRow = { e: number; s: number; t: number };
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
  /** Labour Code Art. 98.2: approved overtime is not regular night work (docs/timesheet-engine.md "Night minutes"). */
  overtime: OvertimeRow[];
  /** Per range: the end of the period containing `to` (or `to`), and the explanation uses stored before `from` in its period. */
  facts: RangeFacts[];
};

/**
 * RULES.md §4: approved requests (leave, work outside, onsite, explanation) and special explanations cover time;
 * unpaid and social-insurance leave credits no value; leave shows its notation, for one shift the notation table's
 * half-day one ('P/2') when it has it. Rows over the ranges `rx` of loadContext, as `CoverageRow` plus the request id `o`.
 */
const APPROVED_COVERAGE = sql`
  select rd.employee_id as e, rd.date as d,
         (case r.request_type when 'LEAVE_REQUEST' then 'LEAVE' when 'EXPLANATION_REQUEST' then 'EXPLANATION' else r.request_type end) as k,
         rd.shift, rd.minutes as m, rd.start_time as s, rd.end_time as t, rd.fund_uses as u,
         (r.request_type = 'LEAVE_REQUEST' and (not rt.paid or rt.social_insurance)) as np,
         rt.notation as n,
         ${halfDayNotation(sql`rt`)} as hn,
         r.id as o
    from rx
    join request_dates rd on rd.employee_id = rx.e and rd.date between rx.f and rx.ext
    join requests r on r.id = rd.request_id and r.status = 3
    join reason_types rt on rt.code = r.reason_type and rt.covers
  union all
  select se.employee_id, se.date, 'SPECIAL_EXPLANATION', null, round(se.time_hours * 60)::int, null, null, null, false, null, null, null
    from rx
    join special_explanations se on se.employee_id = rx.e and se.date between rx.f and rx.ext and se.deleted_at is null
`;

/**
 * Everything but punches for one chunk, in one round trip: staff policies overlapping each range (one day either
 * side, for the night cut-off; up to the end of the period of `to`, for flexible staff), the schedules they name with
 * their weekday rows, the payroll periods of the employees' companies over the ranges, holidays of their calendars,
 * the latest HR override per employee-day (RULES.md §4: latest wins), and per range the explanation-fund uses stored
 * before `from` in its period (docs/timesheet-engine.md, fund carry).
 */
export async function loadContext(tx: DbOrTx, ranges: readonly EmployeeRange[]): Promise<RecalcContext> {
  // Without the ids (rangeIds), one employee's change hash-joined the whole employees table and the whole
  // employee_policies view (a union the planner cannot enter by a join key): 10 ms of an 18 ms incremental run at
  // 10,000 employees.
  const ids = rangeIds(ranges);
  const [row] = await queryRows<{ [K in keyof RecalcContext]: RecalcContext[K] | null }>(
    tx,
    sql`
    with r as (
      select r.e, r.f, r.t, e.company_id as company, e.holiday_calendar_code as cal
        from json_to_recordset(${rangesJson(ranges)}::json) as r(e int, f date, t date)
        join employees e on e.id = r.e
       where e.id = any(${ids})
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
       where sp.employee_id = any(${ids}) and sp.apply_date <= rx.ext + 1 and sp.expire_date >= rx.f - 1
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
    cov as (${APPROVED_COVERAGE}),
    -- Approved overtime (the OT pay core's rule) of windows starting a day either side of the range: a window is at
    -- most 24 hours, so no other can meet the range's shifts.
    ot as (
      select s.employee_id as e, extract(epoch from q.start_at)::float8 * 1000 as s, extract(epoch from q.end_at)::float8 * 1000 as t
        from rx
        join overtime_request_staff s on s.employee_id = rx.e
        join overtime_requests q on q.id = s.overtime_request_id
       where q.ot_date between rx.f - 1 and rx.ext + 1 and ${APPROVED_OT}
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
           (select json_agg(ot) from ot) as overtime,
           (select json_agg(facts) from facts) as facts`,
  );
  const list = <K extends keyof RecalcContext>(key: K): RecalcContext[K] => row?.[key] ?? [];
  return { policies: list('policies'), schedules: list('schedules'), periods: list('periods'), holidays: list('holidays'), overrides: list('overrides'), coverage: list('coverage'), overtime: list('overtime'), facts: list('facts') };
}

/**
 * The employee-days an overtime request's window can meet, for its staff (whatever their status: a rejection gives
 * the minutes back): its date and the days either side — the window is at most 24 hours, and a night row reaches the
 * next morning. Their regular night minutes exclude approved overtime (docs/timesheet-engine.md "Night minutes").
 */
export async function overtimeRequestDays(db: DbOrTx, requestIds: readonly number[]): Promise<EmployeeRange[]> {
  if (requestIds.length === 0) return [];
  return queryRows<EmployeeRange>(
    db,
    sql`select s.employee_id as "employeeId", min(q.ot_date - 1)::text as "from", max(q.ot_date + 1)::text as "to"
          from overtime_requests q
          join overtime_request_staff s on s.overtime_request_id = q.id
         where q.id = any(${`{${requestIds.join(',')}}`}::int[])
         group by s.employee_id
         order by s.employee_id`,
  );
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
      -- The ids (rangeIds) let a small chunk read its own cases by index.
      -- NOT IN over a materialized list is one hashed lookup per row; NOT EXISTS let the planner re-read the list
      -- for every candidate (quadratic).
      delete from abnormal_cases a
       using rng
       where a.employee_id = any(${rangeIds(ranges)})
         and a.employee_id = rng.e and a.abnormal_date between rng.f and rng.t and a.status = 0
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
export async function unjudgedEmployeeDays(db: DbOrTx, from: string, to: string): Promise<EmployeeDay[]> {
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
export async function userMail(db: DbOrTx, userId: number): Promise<{ email: string; name: string; language: string | null } | undefined> {
  const [row] = await queryRows<{ email: string; name: string; language: string | null }>(
    db,
    sql`select e.email, e.name, u.language from users u join employees e on e.id = u.employee_id where u.id = ${userId}`,
  );
  return row;
}
