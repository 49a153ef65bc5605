import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { employeeByRefs, intArray, projectMembershipOn } from '../../db/sql-fragments.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { departmentName } from '../../lib/localized-name.ts';

/**
 * The SQL of the Check in - Check out report (spec 001 §2.10, §7.9): one row per stored timesheet day
 * (`timesheet_days`, written by the recalculation only) in the caller's data scope (RULES.md §3), read by the primary
 * key (employee_id, date) or the (date, employee_id) index.
 */
export type CheckTimeFilter = {
  fromDate: string;
  toDate: string;
  projectId?: number;
  departmentIds?: readonly number[];
  /** User names (compared case-insensitively) or employee ids, as the caller sent them. */
  users?: readonly string[];
};

export type CheckTimeDbRow = {
  employee_id: number;
  staff: string;
  user_name: string;
  department: string | null;
  date_of_issue: string;
  checkin: string | null;
  checkout: string | null;
  late_time: number;
  early_leave: number;
  absent: number;
  working_day: string | null;
};

/** The position after which the next export chunk starts (the list's order). */
export type CheckTimeCursor = { staff: string; user_name: string; employee_id: number; date: string };

function where(user: SessionUser, f: CheckTimeFilter): SQL {
  const parts: SQL[] = [sql`td.date between ${f.fromDate}::date and ${f.toDate}::date`, employeeScope(user, sql`e.id`)];
  // A day belongs to the report when it is a working day or when someone punched on it (a weekend worked).
  parts.push(sql`(td.day_type = 'WORKING' or td.check_in is not null or td.check_out is not null)`);
  // A project's members on the day (`projectMembershipOn`, as flexible overtime reads it).
  if (f.projectId !== undefined) {
    parts.push(sql`exists (select 1 from project_members pm where pm.project_id = ${f.projectId} and pm.employee_id = e.id
                             and ${projectMembershipOn(sql`pm`, sql`td.date`)})`);
  }
  if (f.departmentIds?.length) parts.push(sql`e.department_id = any(${intArray(f.departmentIds)})`);
  if (f.users?.length) {
    const ids = f.users.filter((u) => /^\d{1,9}$/.test(u)).map(Number);
    parts.push(employeeByRefs(ids, f.users));
  }
  return sql.join(parts, sql` and `);
}

const FROM = sql`from timesheet_days td
  join employees e on e.id = td.employee_id
  left join departments dep on dep.id = e.department_id`;

const COLUMNS = () => sql`e.id as employee_id, e.name as staff, e.user_name, ${departmentName(sql`dep`)} as department, td.date::text as date_of_issue,
  td.check_in as checkin, td.check_out as checkout, td.late_minutes as late_time, td.early_minutes as early_leave,
  td.absent_minutes as absent, td.value::text as working_day`;

const ORDER = sql`order by e.name, e.user_name, e.id, td.date`;

/** One page by staff name, user name, then date, with the total of the whole filter. */
export async function checkTimePage(db: DbOrTx, user: SessionUser, f: CheckTimeFilter, limit: number, offset: number): Promise<(CheckTimeDbRow & { total: number })[]> {
  return queryRows(db, sql`select ${COLUMNS()}, count(*) over ()::int as total ${FROM} where ${where(user, f)} ${ORDER} limit ${limit} offset ${offset}`);
}

export async function checkTimeCount(db: DbOrTx, user: SessionUser, f: CheckTimeFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${where(user, f)}`);
  return Number(row?.n ?? 0);
}

/** The export's next chunk: the rows after `after` in the list's order (keyset, so each chunk costs the same). */
export async function checkTimeChunk(db: DbOrTx, user: SessionUser, f: CheckTimeFilter, after: CheckTimeCursor | null, limit: number): Promise<CheckTimeDbRow[]> {
  const seek = after ? sql` and (e.name, e.user_name, e.id, td.date) > (${after.staff}, ${after.user_name}, ${after.employee_id}::int, ${after.date}::date)` : sql``;
  return queryRows(db, sql`select ${COLUMNS()} ${FROM} where ${where(user, f)}${seek} ${ORDER} limit ${limit}`);
}

/**
 * The chart (beyond the spec): per ISO weekday Monday–Friday, the late days (the stored flag, RULES.md §4: any late
 * minute not covered by a request) and their minutes, for the report's filter, in one grouped query. Weekdays without
 * a late day are absent (the service fills them).
 */
export async function lateByWeekday(db: DbOrTx, user: SessionUser, f: CheckTimeFilter): Promise<{ weekday: number; late_days: number; late_minutes: number }[]> {
  return queryRows(
    db,
    sql`select extract(isodow from td.date)::int as weekday, count(*)::int as late_days, sum(td.late_minutes)::int as late_minutes
          ${FROM}
         where ${where(user, f)} and td.is_late_coming and extract(isodow from td.date) between 1 and 5
         group by 1 order by 1`,
  );
}
