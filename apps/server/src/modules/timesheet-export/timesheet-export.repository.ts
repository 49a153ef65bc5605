import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import type { PayrollPeriod } from '../payroll-periods/payroll-periods.service.ts';
import { isViolation } from '../timesheet/day-value.repository.ts';
import { intArray } from '../../db/sql-fragments.ts';
import { departmentName } from '../../lib/localized-name.ts';

/** A payroll period as the exports read it (payroll-periods core). */
export type ExportPeriod = Pick<PayrollPeriod, 'id' | 'company_id' | 'name' | 'from_date' | 'to_date' | 'working_days'>;

/** An employee row of the exports, in the grid's order (name, id). */
export type ExportEmployee = {
  id: number;
  name: string;
  user_name: string;
  department: string | null;
  role: string | null;
  email: string | null;
  start_working_day: string;
  last_working_day: string | null;
};

/** One stored day of the detail sheets and mails; `i` = days since the period's first date. */
export type DetailDay = {
  i: number;
  day_type: string;
  check_in: string | null;
  check_out: string | null;
  v: number | null;
  late: number;
  early: number;
  absent: number;
  is_late: boolean;
  is_early: boolean;
  reason: string | null;
  /** The day's notation (RULES.md §4: H, P, P/2, KL…). */
  notation: string | null;
};

/** Conditions on the employees row `e`, to combine with or instead of the grid filter. */
export const hasEmail = sql`coalesce(btrim(e.email), '') <> ''`;
export const idIn = (ids: readonly number[]) => sql`e.id = any(${intArray(ids)})`;
/** These employees, those with an email address (send email's recipients). */
export const mailableAmong = (ids: readonly number[]) => sql`${idIn(ids)} and ${hasEmail}`;

type After = { name: string; id: number } | null;

/**
 * The next `limit` employees matching `filter` (a condition on `e`) after `after` in (name, id) order: keyset paging,
 * so every chunk costs the same however deep the export is (RULES.md §1 exports stream).
 */
const page = (filter: SQL, after: After, limit: number) => sql`
  select e.id, e.name, e.user_name, e.department_id, e.position_title, e.email,
         e.start_working_day::text as start_working_day, e.last_working_day::text as last_working_day
    from employees e
   where ${filter} ${after ? sql`and (e.name, e.id) > (${after.name}::text, ${after.id}::int)` : sql``}
   order by e.name, e.id
   limit ${limit}`;

/**
 * An employee of the list sheet: `vals` = 'i=value=notation' of the period's days with a value or a notation (i =
 * days since its first date; value or notation may be empty), joined by the control character RS (U+001E), which no
 * notation holds,
 * `violations` = the grid's Violation (RULES.md §4: working days whose final value is below 1).
 */
export type ListEmployee = { id: number; name: string; user_name: string; department: string | null; role: string | null; vals: string | null; violations: number };

/**
 * One chunk of the list sheet. Each employee's days come back aggregated into one text: on PGlite, decoding result
 * rows costs far more than the query (15,000 day rows of a chunk: ~170 ms; 500 aggregated rows: ~20 ms).
 */
export function listPage(db: DbOrTx, filter: SQL, period: ExportPeriod, after: After, limit: number): Promise<ListEmployee[]> {
  const { from_date: from, to_date: to } = period;
  return queryRows<ListEmployee>(
    db,
    // One pass over each employee's days gives both the cells and the Violation count (two subqueries read the days
    // twice: 23 % of the chunk's time on PGlite).
    sql`with p as (${page(filter, after, limit)})
        select p.id, p.name, p.user_name, ${departmentName(sql`d`)} as department, p.position_title as role, days.vals, days.violations
          from p
          left join departments d on d.id = p.department_id
          cross join lateral (
            select string_agg((t.date - ${from}::date)::text || '=' || coalesce(t.value::text, '') || '=' || coalesce(t.notation, ''), chr(30))
                     filter (where t.value is not null or t.notation is not null) as vals,
                   count(*) filter (where ${isViolation('t')})::int as violations
              from timesheet_days t
             where t.employee_id = p.id and t.date between ${from}::date and ${to}::date) days
         order by p.name, p.id`,
  );
}

/**
 * An employee of the detail sheets and mails: `days` = the stored days of the period in date order, ';' between
 * days, '|' between the fields of DetailDay in its order (read by `parseDays`; every field is a code, a number or
 * HH:mm, so neither separator occurs in one; a notation holding one has it replaced by '/'). Aggregated for the reason given at `listPage`.
 */
export type DetailEmployee = ExportEmployee & { days: string | null; /** Abnormal cases of the period (the summary's 'Abnormal days'). */ violations: number };

export function detailPage(db: DbOrTx, filter: SQL, period: ExportPeriod, after: After, limit: number): Promise<DetailEmployee[]> {
  const { from_date: from, to_date: to } = period;
  return queryRows<DetailEmployee>(
    db,
    sql`with p as (${page(filter, after, limit)})
        select p.id, p.name, p.user_name, ${departmentName(sql`d`)} as department, p.position_title as role, p.email, p.start_working_day, p.last_working_day,
               (select string_agg(concat_ws('|', t.date - ${from}::date, t.day_type, coalesce(t.check_in, ''), coalesce(t.check_out, ''),
                                            coalesce(t.value::text, ''), t.late_minutes, t.early_minutes, t.absent_minutes,
                                            t.is_late_coming::int, t.is_early_leaving::int, coalesce(a.reason, ''),
                                            translate(coalesce(t.notation, ''), '|;', '//')), ';' order by t.date)
                  from timesheet_days t
                  left join abnormal_cases a on a.employee_id = t.employee_id and a.abnormal_date = t.date
                 where t.employee_id = p.id and t.date between ${from}::date and ${to}::date) as days,
               (select count(*)::int from abnormal_cases a where a.employee_id = p.id and a.abnormal_date between ${from}::date and ${to}::date) as violations
          from p left join departments d on d.id = p.department_id
         order by p.name, p.id`,
  );
}

/** Ids of the employees matching `filter` that have an email address, in (name, id) order (send email). */
export async function mailableEmployeeIds(db: DbOrTx, filter: SQL): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select e.id from employees e where ${filter} and ${hasEmail} order by e.name, e.id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Stores in the send-email job's own payload how many recipients are done, so a retry resumes after them. */
export async function recordMailProgress(db: DbOrTx, jobId: number, done: number): Promise<void> {
  await db.execute(sql`update jobs set payload = jsonb_set(payload, '{done}', to_jsonb(${done}::int)) where id = ${jobId}`);
}
