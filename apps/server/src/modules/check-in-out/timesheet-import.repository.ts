import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { NIGHT_CUTOFF_MINUTES } from '../timesheet/day-engine.ts';
import type { EmployeeDay } from './punches.repository.ts';
import type { AccountDay } from './timesheet-import.validation.ts';

/** SQL of the timesheet import (spec 001 §7.1, RULES.md §4 punches); the punches themselves go in with punches.repository's insertPunches. */

/** Employee-days of punches `(employee_id, punched_at)`: the local date, and the day before for one before 04:00 (RULES.md §4). */
const employeeDays = (punchRows: SQL, timeZone: string) => sql`
  select distinct n.employee_id, v.d
    from (select employee_id, punched_at at time zone ${timeZone} as lt from (${punchRows}) p where employee_id is not null) n
   cross join lateral (values (n.lt::date), (case when n.lt::time < make_time(${NIGHT_CUTOFF_MINUTES / 60}, 0, 0) then n.lt::date - 1 end)) v(d)
   where v.d is not null`;

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
 * Overwrite: removes the accounts' punches of each day, from 04:00 local of the day to 04:00 of the next (the
 * engine's night cut-off, RULES.md §4: what is after it belongs to the next day, what is before it may belong to
 * the night of the day before), whatever their source. One statement; answers the employee-days that lost punches.
 */
export async function deleteAccountDays(tx: DbOrTx, keys: readonly AccountDay[], timeZone: string): Promise<EmployeeDay[]> {
  if (keys.length === 0) return [];
  const cutoff = sql`make_interval(mins => ${NIGHT_CUTOFF_MINUTES})`;
  const [row] = await queryRows<{ affected: EmployeeDay[] | null }>(
    tx,
    sql`
    with k as (
      select distinct r.s, r.a, r.d from json_to_recordset(${keysJson(keys)}::json) as r(s text, a text, d date)
    ),
    del as (
      delete from punches p using k
       where p.system = k.s and p.attendance_check_id = k.a
         and p.punched_at >= ((k.d + ${cutoff}) at time zone ${timeZone})
         and p.punched_at < ((k.d + 1 + ${cutoff}) at time zone ${timeZone})
      returning p.employee_id, p.punched_at
    ),
    days as (${employeeDays(sql`select employee_id, punched_at from del`, timeZone)})
    select json_agg(json_build_object('employeeId', employee_id, 'date', d::text)) as affected from days`,
  );
  return row?.affected ?? [];
}
