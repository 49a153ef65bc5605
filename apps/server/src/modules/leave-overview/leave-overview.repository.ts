import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray } from '../../db/sql-fragments.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { employeeFilterSql, type EmployeeFilter, type FilterPeriod } from '../timesheet/employee-filter.repository.ts';
import { departmentName, reasonTypeName } from '../../lib/localized-name.ts';

/**
 * The employees of the Annual Leave Overview (spec 000 §2): those of the period's company who worked in it, as the
 * timesheet core's employee filter picks them (division, department, role, staff), within the caller's data scope
 * (RULES.md §3), sorted by name. Their figures come from the leave core (modules/leave/period-figures.ts).
 */

export type OverviewEmployeeRow = {
  id: number;
  name: string;
  user_name: string;
  role: string | null;
  department_name: string;
  division_name: string;
  seniority_date: string | null;
  start_working_day: string;
};

/** The condition on `e` for a filter, a period and a caller. */
export const overviewEmployees = (filter: EmployeeFilter, period: FilterPeriod, user: SessionUser): SQL =>
  sql`${employeeFilterSql(filter, period)} and ${employeeScope(user, sql`e.id`)}`;

const employeeColumns = () => sql`
  e.id, e.name, e.user_name, ro.role, ${departmentName(sql`dep`)} as department_name, ${departmentName(sql`div`)} as division_name,
  e.seniority_date::text as seniority_date, e.start_working_day::text as start_working_day`;

/**
 * Units and roles of `e`. Roles are aggregated once per statement over the (few) users rather than looked up per
 * employee: an export reads thousands of employees, most without a user.
 */
const employeeJoins = sql`
  join departments dep on dep.id = e.department_id
  join departments div on div.id = e.division_id
  left join (
    select u.employee_id, string_agg(r.role, ', ' order by r.role) as role
      from users u join user_roles r on r.user_id = u.id
     where u.employee_id is not null
     group by u.employee_id
  ) ro on ro.employee_id = e.id`;

/**
 * One page sorted by name (then id) and the total: the page's ids are read in (company_id, name, id) index order up to
 * the page's end, then only those employees get their roles and unit names; the total is its own count.
 */
export async function employeePage(db: DbOrTx, opts: { where: SQL; limit: number; offset: number }): Promise<{ rows: OverviewEmployeeRow[]; total: number }> {
  const rows = await queryRows<OverviewEmployeeRow>(
    db,
    sql`
    with matched as (
      select e.id, e.name
        from employees e
       where ${opts.where}
       order by e.name, e.id
       limit ${opts.limit} offset ${opts.offset}
    )
    select ${employeeColumns()}
      from matched m
      join employees e on e.id = m.id
      ${employeeJoins}
     order by e.name, e.id`,
  );
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from employees e where ${opts.where}`);
  return { rows, total: Number(count?.total ?? 0) };
}

/** The next `limit` employees after (name, id) `after` in name order: the export reads every match chunk by chunk. */
export async function employeesAfter(db: DbOrTx, opts: { where: SQL; after: { name: string; id: number } | null; limit: number }): Promise<OverviewEmployeeRow[]> {
  const after = opts.after ? sql`and (e.name, e.id) > (${opts.after.name}, ${opts.after.id})` : sql``;
  return queryRows<OverviewEmployeeRow>(
    db,
    sql`select ${employeeColumns()}
          from employees e
          ${employeeJoins}
         where ${opts.where} ${after}
         order by e.name, e.id
         limit ${opts.limit}`,
  );
}

/** One employee of the period's company within the caller's scope (Explain), or undefined (404). */
export async function findEmployee(db: DbOrTx, opts: { employeeId: number; companyId: number; user: SessionUser }): Promise<OverviewEmployeeRow | undefined> {
  const [row] = await queryRows<OverviewEmployeeRow>(
    db,
    sql`select ${employeeColumns()}
          from employees e
          ${employeeJoins}
         where e.id = ${opts.employeeId} and e.company_id = ${opts.companyId} and ${employeeScope(opts.user, sql`e.id`)}`,
  );
  return row;
}

/** The requests ledger lines name (`request:<id>`): reason type in the reader's language and first day. */
export async function requestSources(db: DbOrTx, ids: readonly number[]): Promise<{ id: number; reason_name: string | null; start_date: string }[]> {
  if (ids.length === 0) return [];
  return queryRows(
    db,
    sql`select r.id, ${reasonTypeName(sql`rt`)} as reason_name, r.start_date::text as start_date
          from requests r left join reason_types rt on rt.code = r.reason_type
         where r.id = any(${intArray(ids)})`,
  );
}
