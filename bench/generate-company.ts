import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../apps/server/src/db/client.ts';

/**
 * Bench data for the timesheet benchmarks (issue 3): `employees` more staff spread over the existing departments,
 * each with a SPEEDGATE attendance account and an HCM staff policy, and punches for every Monday–Friday of
 * [fromDate, toDate]: a check-in around 08:00–08:45 and a check-out around 17:15–18:45 local time (UTC+7), a
 * lunch-time punch on two thirds of the days (about 600,000 punches for 10,000 staff over a period), about 5 % late, 2 % with one punch missing and 1 % absent. Values come from md5 of
 * (seed, employee, day), so a seed gives the same data. Set-based: three INSERT … SELECT statements.
 * Returns the counts. Expects the demo company (departments, the HCM schedule) to exist.
 */
export async function generateCompany(
  db: DbOrTx,
  opts: { employees: number; fromDate: string; toDate: string; seed?: number },
): Promise<{ employees: number; punches: number }> {
  const n = Math.max(0, Math.floor(opts.employees));
  const seed = Math.floor(opts.seed ?? 1);
  const [made] = await queryRows<{ employees: number }>(
    db,
    sql`
      with dep as (
        select id, parent_id, company_id, (row_number() over (order by id) - 1)::int as rn
          from departments where department_type = 'Department'
      ),
      dep_count as (select count(*)::int as c from dep),
      ins as (
        insert into employees (name, email, user_name, company_id, department_id, division_id, start_working_day,
                               seniority_date, contract_type, work_schedule_type, location, sf4c_id, employee_status)
        select 'Bench Staff ' || i, 'bench' || i || '@bench.test', 'bench' || i, d.company_id, d.id, d.parent_id,
               date '2020-01-06', date '2020-01-06', 'UNLIMTED', 'HCM', 'CGLOBALHCM', 'BSF' || i, 'Active'
          from generate_series(1, ${n}::int) as i
          cross join dep_count
          join dep d on d.rn = i % dep_count.c
        returning id, user_name
      ),
      acc as (
        insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, account_number, start_date, end_date)
        select id, 'BG' || substr(user_name, 6), 'SPEEDGATE', substr(user_name, 6)::int, date '2020-01-01', date '9999-12-30' from ins
        returning 1
      ),
      pol as (
        insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                    explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date)
        select id, 'HCM', 'DAY', 3, 1, 1, 15, 'OT_FIXED', date '2020-01-06', date '9999-12-30' from ins
        returning 1
      )
      select (select count(*)::int from ins) as employees, (select count(*) from acc) + (select count(*) from pol) as side`,
  );
  const [punched] = await queryRows<{ punches: number }>(
    db,
    sql`
      with emp as (
        select e.id, a.attendance_check_id
          from employees e join attendance_check_configs a on a.employee_id = e.id and a.attendance_check_system = 'SPEEDGATE'
         where e.user_name like 'bench%'
      ),
      day as (
        select d::date as d from generate_series(${opts.fromDate}::date, ${opts.toDate}::date, interval '1 day') as d
         where extract(isodow from d) < 6
      ),
      h as (
        select emp.id, emp.attendance_check_id, day.d,
               (('x' || substr(md5(${seed} || ':' || emp.id || ':' || day.d), 1, 8))::bit(32)::int & 2147483647) as r
          from emp cross join day
      ),
      p as (
        -- check-in: 08:00–08:45, late (08:46–09:45) on 5 %; none on 1 % (absent) + 1 % (missing in)
        select id, attendance_check_id, d, 'in' as kind,
               (d + time '08:00' + make_interval(mins => case when r % 100 < 5 then 46 + r % 60 else r % 46 end)) - interval '7 hours' as at, r
          from h where r % 100 not in (97, 98)
        union all
        -- check-out: 17:15–18:45; none on 1 % (absent) + 1 % (missing out)
        select id, attendance_check_id, d, 'out', (d + time '17:15' + make_interval(mins => (r / 100) % 91)) - interval '7 hours', r
          from h where r % 100 not in (97, 99)
        union all
        -- a lunch-time punch on about two thirds of the days (the canteen gate)
        select id, attendance_check_id, d, 'mid', (d + time '12:05' + make_interval(mins => (r / 7) % 50)) - interval '7 hours', r
          from h where r % 3 <> 2 and r % 100 <> 97
      ),
      ins as (
        insert into punches (system, attendance_check_id, employee_id, punched_at, source)
        select 'SPEEDGATE', attendance_check_id, id, at, 'bench' from p
        on conflict do nothing
        returning 1
      )
      select count(*)::int as punches from ins`,
  );
  await db.execute(sql`analyze employees`);
  await db.execute(sql`analyze punches`);
  return { employees: Number(made?.employees ?? 0), punches: Number(punched?.punches ?? 0) };
}
