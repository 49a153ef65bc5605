import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { APPROVED_OT } from '../../db/sql-fragments.ts';
import type { EmployeeRange } from '../timesheet/employee-days.ts';

/**
 * Set-based persistence of the OT pay core (ot-pay.service.ts): which (request, staff) pairs a target touches, their
 * inputs in one statement (request, staff row, punches of the attendance span, stored confirmations), and the writes
 * of a batch (lines in one statement, staff figures in one statement).
 */

export type OtPair = { r: number; e: number };

/** Fixed staff rows pending (1) or approved (3); flexible requests at 0, 1, 3 or 5 (RULES.md §6) get lines. */
const ELIGIBLE = sql`case when q.kind = 'FIXED' then s.status in (1, 3) else q.status in (0, 1, 3, 5) end`;

/** The (request, staff) pairs of explicit requests, in request order. */
export async function pairsOfRequests(db: DbOrTx, requestIds: readonly number[]): Promise<OtPair[]> {
  if (requestIds.length === 0) return [];
  return queryRows<OtPair>(
    db,
    sql`select s.overtime_request_id as r, s.employee_id as e from overtime_request_staff s
         where s.overtime_request_id = any(${`{${requestIds.join(',')}}`}::int[]) order by 1, 2`,
  );
}

/** The pairs of requests whose ot_date is in [from, to] and after the lock date. */
export async function pairsOfDates(db: DbOrTx, from: string, to: string, lock: string | null): Promise<OtPair[]> {
  return queryRows<OtPair>(
    db,
    sql`select s.overtime_request_id as r, s.employee_id as e
          from overtime_requests q join overtime_request_staff s on s.overtime_request_id = q.id
         where q.ot_date between ${from}::date and ${to}::date ${lock ? sql`and q.ot_date > ${lock}::date` : sql``}
         order by 1, 2`,
  );
}

/**
 * The pairs whose attendance span may touch punches of these employee ranges: a window starts on ot_date and lasts at
 * most 24 hours, and ot_date's own punches end before ot_date + 2, so its span lies within ot_date − 1 … ot_date + 2.
 * One indexed statement.
 */
export async function pairsOfRanges(db: DbOrTx, ranges: readonly EmployeeRange[], lock: string | null): Promise<OtPair[]> {
  if (ranges.length === 0) return [];
  const e = `{${ranges.map((x) => x.employeeId).join(',')}}`;
  const f = `{${ranges.map((x) => x.from).join(',')}}`;
  const t = `{${ranges.map((x) => x.to).join(',')}}`;
  return queryRows<OtPair>(
    db,
    sql`select distinct s.overtime_request_id as r, s.employee_id as e
          from unnest(${e}::int[], ${f}::date[], ${t}::date[]) as g(e, f, t)
          join overtime_request_staff s on s.employee_id = g.e
          join overtime_requests q on q.id = s.overtime_request_id
         where q.ot_date between g.f - 2 and g.t + 1 ${lock ? sql`and q.ot_date > ${lock}::date` : sql``}
         order by 1, 2`,
  );
}

export type OtInputRow = {
  staff_id: number;
  request_id: number;
  employee_id: number;
  kind: 'FIXED' | 'FLEXIBLE';
  ot_type: string;
  ot_date: string;
  request_status: number | null;
  staff_status: number;
  offset: boolean;
  eligible: boolean;
  approved: boolean;
  start_ms: number;
  end_ms: number;
  credited: number;
  confirm_total: number | null;
  /** The punch window of (employee, ot_date) the recalculation stored (RULES.md §4); null when the day is not computed. */
  day_from_ms: number | null;
  day_to_ms: number | null;
  punches: number[] | null;
  /** Stored confirmations: [{ s: shift, c: hours, n: reason }]. */
  confirms: { s: string; c: number | null; n: string | null }[] | null;
};

const pairsCte = (pairs: readonly OtPair[]): SQL =>
  sql`with p as (select * from unnest(${`{${pairs.map((x) => x.r).join(',')}}`}::int[], ${`{${pairs.map((x) => x.e).join(',')}}`}::int[]) as p(r, e))`;

/** Everything the engine needs for these pairs, in one statement (punches only for the rows that get lines). */
export async function loadInputs(db: DbOrTx, pairs: readonly OtPair[], timeZone: string): Promise<OtInputRow[]> {
  if (pairs.length === 0) return [];
  return queryRows<OtInputRow>(
    db,
    sql`${pairsCte(pairs)}
    select s.id as staff_id, q.id as request_id, s.employee_id, q.kind, q.ot_type, q.ot_date::text as ot_date,
           q.status as request_status, s.status as staff_status, q.is_ot_paid_by_offset_day as "offset",
           ${ELIGIBLE} as eligible,
           ${APPROVED_OT} as approved,
           (extract(epoch from q.start_at) * 1000)::float8 as start_ms, (extract(epoch from q.end_at) * 1000)::float8 as end_ms,
           s.offset_hours_credited::float8 as credited, s.total_time_confirm::float8 as confirm_total,
           (extract(epoch from td.punches_from) * 1000)::float8 as day_from_ms, (extract(epoch from td.punches_to) * 1000)::float8 as day_to_ms,
           case when ${ELIGIBLE} then (
             -- The attendance span (ot-pay-engine.ts): the window ± 2 h and the punches that belong to ot_date (the
             -- day's stored window, RULES.md §4; its calendar day when not computed yet).
             select array_agg((extract(epoch from pu.punched_at) * 1000)::float8 order by pu.punched_at)
               from punches pu
              where pu.employee_id = s.employee_id
                and pu.punched_at >= least(q.start_at - interval '2 hours', coalesce(td.punches_from, q.ot_date::timestamp at time zone ${timeZone}))
                and pu.punched_at <= greatest(q.end_at + interval '2 hours',
                                              coalesce(td.punches_to, (q.ot_date + 1)::timestamp at time zone ${timeZone}) - interval '1 millisecond')
           ) end as punches,
           (select json_agg(json_build_object('s', l.shift, 'c', l.duration_confirm::float8, 'n', l.reason))
              from overtime_pay_lines l
             where l.overtime_request_id = q.id and l.employee_id = s.employee_id and (l.duration_confirm is not null or l.reason is not null)) as confirms
      from p
      join overtime_request_staff s on s.overtime_request_id = p.r and s.employee_id = p.e
      join overtime_requests q on q.id = s.overtime_request_id
      left join timesheet_days td on td.employee_id = s.employee_id and td.date = q.ot_date
     order by q.id, s.employee_id`,
  );
}

export type NewLine = {
  r: number;
  e: number;
  od: string;
  wd: string;
  sh: string;
  dt: string;
  n: boolean;
  ci: string | null;
  co: string | null;
  da: number;
  dc: number | null;
  rs: string | null;
  c: number;
  tc: number;
  ph: number;
  nt: number;
};

/**
 * Replaces the lines of these pairs with `lines` in one statement: lines of a pair not in the new set are deleted,
 * the others upserted on (request, staff, shift); a line that would not change is not rewritten (`computed_at` is
 * the time of its last change).
 */
export async function writeLines(tx: DbOrTx, pairs: readonly OtPair[], lines: readonly NewLine[]): Promise<void> {
  if (pairs.length === 0) return;
  await queryRows(
    tx,
    sql`${pairsCte(pairs)},
    n as (
      select * from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
        as n(r int, e int, od date, wd date, sh text, dt text, n boolean, ci timestamptz, co timestamptz, da numeric, dc numeric, rs text, c int, tc int, ph numeric, nt numeric)
    ),
    gone as (
      delete from overtime_pay_lines l using p
       where l.overtime_request_id = p.r and l.employee_id = p.e
         and not exists (select 1 from n where n.r = l.overtime_request_id and n.e = l.employee_id and n.sh = l.shift)
    )
    insert into overtime_pay_lines as l (overtime_request_id, employee_id, ot_date, work_date, shift, date_type, is_night, check_in_actual, check_out_actual,
                                         duration_actual, duration_confirm, reason, coefficient, tax_coefficient, pay_hours, non_tax_hours, computed_at)
    select r, e, od, wd, sh, dt, n, ci, co, da, dc, rs, c, tc, ph, nt, now() from n
    on conflict (overtime_request_id, employee_id, shift) do update set
      ot_date = excluded.ot_date, work_date = excluded.work_date, date_type = excluded.date_type, is_night = excluded.is_night,
      check_in_actual = excluded.check_in_actual, check_out_actual = excluded.check_out_actual, duration_actual = excluded.duration_actual,
      duration_confirm = excluded.duration_confirm, reason = excluded.reason, coefficient = excluded.coefficient,
      tax_coefficient = excluded.tax_coefficient, pay_hours = excluded.pay_hours, non_tax_hours = excluded.non_tax_hours, computed_at = now()
    where (l.ot_date, l.work_date, l.date_type, l.is_night, l.check_in_actual, l.check_out_actual, l.duration_actual, l.duration_confirm, l.reason,
           l.coefficient, l.tax_coefficient, l.pay_hours, l.non_tax_hours)
          is distinct from
          (excluded.ot_date, excluded.work_date, excluded.date_type, excluded.is_night, excluded.check_in_actual, excluded.check_out_actual,
           excluded.duration_actual, excluded.duration_confirm, excluded.reason, excluded.coefficient, excluded.tax_coefficient, excluded.pay_hours,
           excluded.non_tax_hours)`,
  );
}

export type StaffFigures = { id: number; ci: string | null; co: string | null; ta: number | null; tc: number | null; oc: number };

/** The staff rows' attendance figures and offset credit, in one statement; unchanged rows are not rewritten. */
export async function writeStaffFigures(tx: DbOrTx, rows: readonly StaffFigures[]): Promise<void> {
  if (rows.length === 0) return;
  await queryRows(
    tx,
    sql`update overtime_request_staff s
           set check_in = f.ci, check_out = f.co, total_time_actual = f.ta, total_time_confirm = f.tc,
               offset_hours_credited = f.oc, pay_computed_at = now()
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as f(id int, ci timestamptz, co timestamptz, ta numeric, tc numeric, oc numeric)
         where s.id = f.id
           and (s.check_in, s.check_out, s.total_time_actual, s.total_time_confirm, s.offset_hours_credited, s.pay_computed_at is null)
               is distinct from (f.ci, f.co, f.ta, f.tc, f.oc, false)`,
  );
}

/** A user as a history author. */
export async function userAuthor(db: DbOrTx, userId: number): Promise<{ userId: number; username: string; name: string } | undefined> {
  const [row] = await queryRows<{ username: string; name: string | null }>(
    db,
    sql`select u.username, coalesce(e.name, u.username) as name from users u left join employees e on e.id = u.employee_id where u.id = ${userId}`,
  );
  return row ? { userId, username: row.username, name: row.name ?? row.username } : undefined;
}

/** The offset credit of a staff row that gets no lines (its credit taken back). */
export async function writeOffsetCredit(tx: DbOrTx, staffId: number, hours: number): Promise<void> {
  await queryRows(tx, sql`update overtime_request_staff set offset_hours_credited = ${hours} where id = ${staffId}`);
}

/** Whether the employee exists and is inside the caller's scope condition (RULES.md §3). */
export async function employeeVisible(db: DbOrTx, employeeId: number, scope: (column: SQL) => SQL): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(db, sql`select 1 as ok from employees e where e.id = ${employeeId} and ${scope(sql`e.id`)}`);
  return rows.length > 0;
}
