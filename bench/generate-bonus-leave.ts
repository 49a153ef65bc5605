import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../apps/server/src/db/client.ts';

/**
 * Bench data: `rows` bonus leave rows (`prioritize_leave`, 0.25–200.00 hours, spec 000 §9) with their GRANT ledger
 * rows, spread over the existing employees, in one set-based statement. Values come from md5 of (seed, n), so a
 * seed gives the same rows relative to the current date. Returns the number of rows inserted.
 */
export async function generateBonusLeave(db: DbOrTx, opts: { rows: number; seed?: number }): Promise<number> {
  const rows = Math.max(0, Math.floor(opts.rows));
  const seed = Math.floor(opts.seed ?? 1);
  if (rows === 0) return 0;
  const [result] = await queryRows<{ inserted: number | string }>(
    db,
    sql`
      with emp as (
        select id, (row_number() over (order by id) - 1)::int as rn from employees where employee_status = 'Active'
      ),
      emp_count as (select count(*)::int as n from emp),
      g as (
        select i,
               (('x' || substr(md5(${seed}::text || ':' || i), 1, 8))::bit(32)::int & 2147483647) as h1,
               (('x' || substr(md5(${seed}::text || ':' || i), 9, 8))::bit(32)::int & 2147483647) as h2,
               (('x' || substr(md5(${seed}::text || ':' || i), 17, 8))::bit(32)::int & 2147483647) as h3
          from generate_series(1, ${rows}::int) as i
      ),
      picked as (
        select e.id as employee_id,
               round(((g.h1 % 19976) + 25) / 100.0, 2) as amount,
               (current_date - (g.h2 % 730)::int) as apply_date,
               g.h3
          from g
          cross join emp_count c
          join emp e on e.rn = g.h1 % c.n
      ),
      ins as (
        insert into leave_fund_rows
          (employee_id, fund_type, amount, apply_date, expire_date, description, financial_year, created_by, modified_by, created_at, modified_at)
        select p.employee_id, 'prioritize_leave', p.amount, p.apply_date, p.apply_date + (30 + p.h3 % 500)::int,
               (array['Bench: project bonus', 'Bench: on-call compensation', 'Bench: award', 'Bench: weekend deployment'])[1 + p.h3 % 4],
               extract(year from p.apply_date)::int, hr.id, hr.id,
               p.apply_date + time '02:00' + make_interval(secs => p.h3 % 28800),
               p.apply_date + time '02:00' + make_interval(secs => p.h3 % 28800)
          from picked p
          left join (select id from users where lower(username) = 'hr' limit 1) hr on true
        returning id, employee_id, amount, apply_date, created_by
      ),
      ledger as (
        insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date, created_by)
        select employee_id, id, amount, 'GRANT', apply_date, created_by from ins
        returning 1
      )
      select count(*)::int as inserted from ledger`,
  );
  // What autovacuum (server) or the hourly maintenance job (PGlite) would do after a load this size.
  await db.execute(sql`analyze leave_fund_rows`);
  await db.execute(sql`analyze leave_ledger`);
  return Number(result?.inserted ?? 0);
}
