import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../apps/server/src/db/client.ts';

/**
 * Bench data for the OT pay benchmarks (issue 11): on top of generate-company.ts, one employee in `every` (5 % by
 * default) of the generated staff files `perEmployee` OT requests in [fromDate, toDate]: weekday evenings 18:30–21:30
 * (fixed, approved, some with a later end of 23:30 across the night boundary) and one Saturday 08:00–14:00 (flexible,
 * approved, a break after 5 h), each with an extra punch near the window's end (and a Saturday check-in). Values from
 * md5 of (seed, employee, n). Set-based: three INSERT … SELECT statements. Answers the counts.
 */
export async function generateOvertime(
  db: DbOrTx,
  opts: { fromDate: string; toDate: string; every?: number; perEmployee?: number; seed?: number },
): Promise<{ employees: number; requests: number; punches: number }> {
  const every = Math.max(1, Math.floor(opts.every ?? 20));
  const per = Math.max(1, Math.floor(opts.perEmployee ?? 4));
  const seed = Math.floor(opts.seed ?? 1);
  const [made] = await queryRows<{ requests: number; employees: number }>(
    db,
    sql`
    with emp as (
      select e.id, row_number() over (order by e.id) as rn from employees e where e.user_name like 'bench%'
    ),
    ot_emp as (select id from emp where rn % ${every} = 0),
    weekday as (
      select d::date as d, row_number() over (order by d) as k
        from generate_series(${opts.fromDate}::date, ${opts.toDate}::date, interval '1 day') d where extract(isodow from d) < 6
    ),
    saturday as (
      select d::date as d, row_number() over (order by d) as k
        from generate_series(${opts.fromDate}::date, ${opts.toDate}::date, interval '1 day') d where extract(isodow from d) = 6
    ),
    plan as (
      -- n = 1 … per − 1: weekday evenings; n = per: a Saturday.
      select o.id as employee_id, n,
             case when n < ${per} then (select w.d from weekday w where w.k = 1 + (abs(hashtext(${seed} || ':' || o.id || ':' || n)) % (select count(*) from weekday)))
                  else (select s.d from saturday s where s.k = 1 + (abs(hashtext(${seed} || ':' || o.id)) % (select count(*) from saturday))) end as d,
             abs(hashtext(${seed} || '#' || o.id || ':' || n)) % 4 = 0 as late
        from ot_emp o cross join generate_series(1, ${per}) n
    ),
    proj as (select min(id) as id from projects),
    req as (
      insert into overtime_requests (kind, title, project_id, ot_date, start_at, end_at, ot_type, date_type, status, source, description)
      select case when n < ${per} then 'FIXED' else 'FLEXIBLE' end, 'Bench OT', (select id from proj), d,
             case when n < ${per} then (d + time '18:30') at time zone 'Asia/Ho_Chi_Minh' else (d + time '08:00') at time zone 'Asia/Ho_Chi_Minh' end,
             case when n < ${per} then (d + case when late then time '23:30' else time '21:30' end) at time zone 'Asia/Ho_Chi_Minh'
                  else (d + time '14:00') at time zone 'Asia/Ho_Chi_Minh' end,
             case when n < ${per} then 'OT_AT_OFFICE' else 'OT_FLEXIBLE' end,
             case when n < ${per} then 'WORKDAY' else 'DAY_OFF' end,
             case when n < ${per} then null else 5 end, 'FORM', employee_id::text
        from plan
        where d is not null
      returning id, description::int as employee_id, start_at, end_at, kind
    ),
    staff as (
      insert into overtime_request_staff (overtime_request_id, employee_id, status)
      select id, employee_id, case when kind = 'FIXED' then 3 else 1 end from req
      returning overtime_request_id
    ),
    pun as (
      insert into punches (system, attendance_check_id, employee_id, punched_at, source)
      select 'BENCHOT', 'OT' || r.id || ':' || x.k, r.employee_id,
             case when x.k = 1 then r.end_at - make_interval(mins => abs(hashtext(${seed} || '!' || r.id)) % 25)
                  else r.start_at - interval '10 minutes' end, 'device'
        from req r cross join (values (1), (2)) x(k)
       where x.k = 1 or r.kind = 'FLEXIBLE'
      on conflict do nothing
      returning 1
    )
    select (select count(*)::int from req) as requests, (select count(*)::int from ot_emp) as employees,
           (select count(*)::int from staff) + (select count(*)::int from pun) * 0 as side`,
  );
  await queryRows(db, sql`update overtime_requests set description = null where title = 'Bench OT'`);
  const [p] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from punches where system = 'BENCHOT'`);
  return { employees: made!.employees, requests: made!.requests, punches: p!.n };
}
