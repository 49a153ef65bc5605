import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { configFor, employeeDaysOfPunches, type EmployeeDay } from './punches.repository.ts';
import type { AccountDay } from './timesheet-import.validation.ts';

/** SQL of the timesheet import (spec 001 §7.1, RULES.md §4 punches); the punches themselves go in with punches.repository's insertPunches. */

const keysJson = (keys: readonly AccountDay[]) => JSON.stringify(keys.map((k) => ({ s: k.system, a: k.account, d: k.date })));

/**
 * The account-days no attendance-check config covers (spec 002 §3: configs map accounts to employees by date
 * range), in one statement for the whole file.
 */
export async function unassignedAccountDays(tx: DbOrTx, keys: readonly AccountDay[]): Promise<AccountDay[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<{ s: string; a: string; d: string }>(
    tx,
    sql`select k.s, k.a, k.d::text as d
          from json_to_recordset(${keysJson(keys)}::json) as k(s text, a text, d date)
         where not exists (select 1 from attendance_check_configs c
                            where c.attendance_check_system = k.s and c.attendance_check_id = k.a
                              and c.start_date <= k.d and c.end_date >= k.d)`,
  );
  return rows.map((r) => ({ system: r.s, account: r.a, date: r.d }));
}

/**
 * Overwrite: removes the accounts' punches of each day — the punches that belong to the day (RULES.md §4), i.e. the
 * window the recalculation stored for the employee the account is mapped to on that date (its calendar day, moved
 * by the midpoint rule around a night shift); a day not computed yet has its calendar day. Whatever their source.
 * One statement; answers the employee-days that lost punches.
 */
export async function deleteAccountDays(tx: DbOrTx, keys: readonly AccountDay[], timeZone: string): Promise<EmployeeDay[]> {
  if (keys.length === 0) return [];
  const [row] = await queryRows<{ affected: EmployeeDay[] | null }>(
    tx,
    sql`
    with k as (
      select distinct r.s, r.a, r.d from json_to_recordset(${keysJson(keys)}::json) as r(s text, a text, d date)
    ),
    w as (
      select k.s, k.a,
             coalesce(td.punches_from, k.d::timestamp at time zone ${timeZone}) as f,
             coalesce(td.punches_to, (k.d + 1)::timestamp at time zone ${timeZone}) as t
        from k
        left join lateral (${configFor(sql`k.s`, sql`k.a`, sql`k.d`)}) m on true
        left join timesheet_days td on td.employee_id = m.employee_id and td.date = k.d
    ),
    del as (
      delete from punches p using w
       where p.system = w.s and p.attendance_check_id = w.a and p.punched_at >= w.f and p.punched_at < w.t
      returning p.employee_id, p.punched_at
    ),
    days as (${employeeDaysOfPunches(sql`select employee_id, punched_at from del`, timeZone)})
    select json_agg(json_build_object('employeeId', employee_id, 'date', d::text)) as affected from days`,
  );
  return row?.affected ?? [];
}
