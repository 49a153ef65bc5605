import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../apps/server/src/db/client.ts';

/**
 * Bench data for the Annual Leave Overview: `employees` more staff spread over the demo company's departments, each
 * with a realistic annual leave ledger for the financial year `year` (set-based, five INSERT … SELECT statements):
 * - 12 default accrual rows `default:YYYY-MM` (8 h, applied on the 25th, expiring 31 Dec) and last year's December row,
 *   settled at the year end (part carried over, the rest expired: EXPIRE entries dated 31 Dec) with the carried hours
 *   granted back as a `reserve_leave` CARRYOVER row on 1 Jan;
 * - 12 seniority twelfths for one in three staff; one or two bonus rows;
 * - about 5 leave uses (USE entries of 4 or 8 h on accrual rows, after their apply date), one in ten returned.
 * Values come from md5 of (seed, employee, row), so a seed gives the same ledger. Returns the counts.
 */
export async function generateLeaveLedger(db: DbOrTx, opts: { employees: number; year: number; seed?: number }): Promise<{ employees: number; fundRows: number; entries: number }> {
  const n = Math.max(0, Math.floor(opts.employees));
  const seed = Math.floor(opts.seed ?? 1);
  const y = opts.year;
  const [made] = await queryRows<{ employees: number }>(
    db,
    sql`
      with dep as (
        select id, parent_id, company_id, (row_number() over (order by id) - 1)::int as rn from departments where department_type = 'Department'
      ),
      dep_count as (select count(*)::int as c from dep),
      ins as (
        insert into employees (name, email, user_name, company_id, department_id, division_id, start_working_day,
                               seniority_date, contract_type, work_schedule_type, location, sf4c_id, employee_status)
        select 'Leave Bench ' || lpad(i::text, 5, '0'), 'lbench' || i || '@bench.test', 'lbench' || i, d.company_id, d.id, d.parent_id,
               date '2019-03-04' + (i % 1500), date '2019-03-04' + (i % 1500), 'UNLIMTED', 'HCM', 'CGLOBALHCM', 'LBSF' || i, 'Active'
          from generate_series(1, ${n}::int) as i
          cross join dep_count
          join dep d on d.rn = i % dep_count.c
        returning id
      )
      select count(*)::int as employees from ins`,
  );
  const hash = (parts: ReturnType<typeof sql>) => sql`(('x' || substr(md5(${seed}::text || ':' || ${parts}), 1, 8))::bit(32)::int & 2147483647)`;
  // Accrual rows: this year's 12 default months, last year's December, seniority twelfths for a third of the staff.
  await db.execute(sql`
    with emp as (select id from employees where user_name like 'lbench%'),
    rows as (
      select e.id as employee_id, 'default_leave' as fund_type, 8.0 as amount, make_date(${y}, m, 25) as apply_date,
             make_date(${y}, 12, 31) as expire_date, 'default:' || ${y} || '-' || lpad(m::text, 2, '0') as source_key
        from emp e cross join generate_series(1, 12) as m
      union all
      select e.id, 'default_leave', 8.0, make_date(${y - 1}, 12, 25), make_date(${y - 1}, 12, 31), 'default:' || ${y - 1} || '-12' from emp e
      union all
      select e.id, 'seniority_leave', 0.667, make_date(${y}, m, 25), make_date(${y}, 12, 31), 'seniority:' || ${y} || '-' || lpad(m::text, 2, '0')
        from emp e cross join generate_series(1, 12) as m where e.id % 3 = 0
    ),
    f as (
      insert into leave_fund_rows (employee_id, fund_type, amount, apply_date, expire_date, source_key, financial_year)
      select employee_id, fund_type, amount, apply_date, expire_date, source_key, extract(year from apply_date)::int from rows
      returning id, employee_id, amount, apply_date
    )
    insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date, cause_ref)
    select employee_id, id, amount, 'GRANT', apply_date, 'accrual' from f`);
  // Bonus rows (one or two) and the carryover of last year's December row (1–8 h), granted on 1 Jan.
  await db.execute(sql`
    with emp as (select id from employees where user_name like 'lbench%'),
    rows as (
      select e.id as employee_id, 'prioritize_leave' as fund_type, (4 + ${hash(sql`e.id || ':b' || k`)} % 5 * 4)::numeric as amount,
             make_date(${y}, 1, 1) + (${hash(sql`e.id || ':ba' || k`)} % 300) as apply_date, k
        from emp e cross join generate_series(1, 2) as k
       where k = 1 or e.id % 4 = 0
      union all
      select e.id, 'reserve_leave', (1 + ${hash(sql`e.id || ':c'`)} % 8)::numeric, make_date(${y}, 1, 1), 0 from emp e
    ),
    f as (
      insert into leave_fund_rows (employee_id, fund_type, amount, apply_date, expire_date, financial_year)
      select employee_id, fund_type, amount, apply_date, case when k = 0 then make_date(${y}, 6, 30) else apply_date + 180 end, ${y}
        from rows where amount > 0
      returning id, employee_id, fund_type, amount, apply_date
    )
    insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date, cause_ref)
    select employee_id, id, amount, case when fund_type = 'reserve_leave' then 'CARRYOVER' else 'GRANT' end, apply_date,
           case when fund_type = 'reserve_leave' then 'carryover:' || ${y - 1} end
      from f`);
  // Year end of last year's December row: the carried hours leave as 'carryover', the rest expires.
  await db.execute(sql`
    insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date, cause_ref)
    select f.employee_id, f.id, -x.hours, 'EXPIRE', make_date(${y - 1}, 12, 31), x.ref
      from leave_fund_rows f
      join leave_fund_rows c on c.employee_id = f.employee_id and c.fund_type = 'reserve_leave' and c.financial_year = ${y}
      cross join lateral (values (c.amount, 'carryover:' || ${y - 1}), (8 - c.amount, 'year-end:' || ${y - 1})) as x(hours, ref)
     where f.source_key = ${`default:${y - 1}-12`} and x.hours > 0`);
  // About five uses a year on the accrual rows (after they apply), one in ten given back.
  await db.execute(sql`
    with uses as (
      select f.employee_id, f.id, f.apply_date + (${hash(sql`f.id::text`)} % 20) as d, case when ${hash(sql`f.id || ':h'`)} % 2 = 0 then 4 else 8 end as hours,
             'leave_request:' || f.id as ref, ${hash(sql`f.id || ':r'`)} % 10 = 0 as returned
        from leave_fund_rows f
       where f.fund_type = 'default_leave' and f.source_key like ${`default:${y}-%`} and ${hash(sql`f.id || ':u'`)} % 12 < 5
    )
    insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date, cause_ref)
    select employee_id, id, -hours, 'USE', d, ref from uses
    union all
    select employee_id, id, hours, 'RETURN', d, ref from uses where returned`);
  await db.execute(sql`analyze employees`);
  await db.execute(sql`analyze leave_fund_rows`);
  await db.execute(sql`analyze leave_ledger`);
  const [counts] = await queryRows<{ rows: number; entries: number }>(
    db,
    sql`select (select count(*)::int from leave_fund_rows f join employees e on e.id = f.employee_id where e.user_name like 'lbench%') as rows,
               (select count(*)::int from leave_ledger l join employees e on e.id = l.employee_id where e.user_name like 'lbench%') as entries`,
  );
  return { employees: Number(made?.employees ?? 0), fundRows: Number(counts?.rows ?? 0), entries: Number(counts?.entries ?? 0) };
}
