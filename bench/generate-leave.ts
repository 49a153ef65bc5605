import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../apps/server/src/db/client.ts';
import { periodOfMonth } from '../apps/server/src/modules/payroll-periods/period-calendar.ts';

/** The financial year the leave accrual benchmark accrues. */
export const LEAVE_BENCH_YEAR = 2025;

/**
 * Bench data for the leave accrual (leave-accrual.bench.ts), on an empty migrated database: one company and
 * department, `employees` permanent staff with seniority dates spread over 2005–2024 (so most earn seniority hours),
 * the 12 payroll periods of LEAVE_BENCH_YEAR (26th to 25th, working days = weekdays), a general configuration for the
 * year, and one timesheet day per employee and weekday with its final value: 1 on about 97 % of the days, 0 on the
 * rest, drawn from md5 of (employee, day) so some months fall below the 80 % condition. Set-based: a few INSERT …
 * SELECT statements. Returns the counts.
 */
export async function generateLeaveCompany(db: DbOrTx, opts: { employees: number }): Promise<{ employees: number; periods: number; days: number }> {
  const n = Math.max(0, Math.floor(opts.employees));
  const y = LEAVE_BENCH_YEAR;
  const [company] = await queryRows<{ id: number }>(db, sql`insert into companies (code, name) values ('BENCH', 'Bench company') returning id`);
  const [division] = await queryRows<{ id: number }>(
    db,
    sql`insert into departments (company_id, department_code, name, name_en, department_type) values (${company!.id}, 'BDIV', 'Bench division', 'Bench division', 'Division') returning id`,
  );
  const [department] = await queryRows<{ id: number }>(
    db,
    sql`insert into departments (company_id, department_code, name, name_en, department_type, parent_id)
        values (${company!.id}, 'BDEP', 'Bench department', 'Bench department', 'Department', ${division!.id}) returning id`,
  );
  await db.execute(sql`
    insert into employees (name, email, user_name, company_id, department_id, division_id, start_working_day, seniority_date,
                           contract_type, contract_start_date, work_schedule_type, location, sf4c_id)
    select 'Leave Bench ' || i, 'leave' || i || '@bench.test', 'leave' || i, ${company!.id}, ${department!.id}, ${division!.id},
           date '2005-01-03' + (i % 7000), date '2005-01-03' + (i % 7000), 'UNLIMTED', date '2005-01-03' + (i % 7000), 'HCM', 'CGLOBALHCM', 'LB' || i
      from generate_series(1, ${n}::int) as i`);
  const periods = Array.from({ length: 12 }, (_, m) => periodOfMonth(`${y}-${String(m + 1).padStart(2, '0')}`));
  for (const p of periods) {
    await db.execute(sql`
      insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
      select ${company!.id}, ${p.name}, ${p.from}::date, ${p.to}::date, count(*)::int, 4
        from generate_series(${p.from}::date, ${p.to}::date, interval '1 day') d where extract(isodow from d) < 6`);
  }
  await db.execute(sql`
    insert into leave_general_configs (seniority_leave_hour, seniority_leave_year, conditional_month, leave_hour_in_month, advance_leave, apply_date, expire_date)
    values (8, 5, 80, 12, 2, ${`${y}-01-01`}, ${`${y}-12-31`})`);
  const [days] = await queryRows<{ n: number }>(
    db,
    sql`with ins as (
          insert into timesheet_days (employee_id, date, day_type, schedule_code, mode, computed_value, value)
          select e.id, d::date, 'WORKING', 'HCM', 'DAY', v.value, v.value
            from employees e
            cross join generate_series(${periods[0]!.from}::date, ${periods[11]!.to}::date, interval '1 day') d
            cross join lateral (select case when ('x' || substr(md5(e.id || ':' || d::date), 1, 4))::bit(16)::int % 100 < 3 then 0 else 1 end as value) v
           where e.company_id = ${company!.id} and extract(isodow from d) < 6
          returning 1)
        select count(*)::int as n from ins`,
  );
  await db.execute(sql`analyze`);
  return { employees: n, periods: periods.length, days: Number(days?.n ?? 0) };
}
