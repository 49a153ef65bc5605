import { sql, type SQL } from 'drizzle-orm';
import type { DivisionOption, EmployeeOption, ProjectOption } from '@tms/contracts/lookups';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { foldedContains } from '../../db/sql-fragments.ts';
import { departmentName } from '../../lib/localized-name.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';

/** The caller's data scope (RULES.md §3) over the employee alias `e` of the queries below. */
export function employeeIdScope(user: SessionUser, opts?: Parameters<typeof employeeScope>[2]): SQL {
  return employeeScope(user, sql`e.id`, opts);
}

// All SQL of the reference lists (ARCHITECTURE.md convention 3): filtered, sorted and paged in PostgreSQL.

/** `name` and `nameEn` both carry the name in the request's language (the web reads either, issue 25). */
export async function divisionsWithDepartments(db: DbOrTx): Promise<DivisionOption[]> {
  const division = departmentName(sql`v`);
  const department = departmentName(sql`d`);
  return queryRows<DivisionOption>(db, sql`
    select v.id, v.department_code, ${division} as name, ${division} as "nameEn", v.department_type, v.status, v.parent_id,
           coalesce((
             select json_agg(json_build_object(
                      'id', d.id, 'department_code', d.department_code, 'name', ${department}, 'nameEn', ${department},
                      'department_type', d.department_type, 'status', d.status, 'parent_id', d.parent_id)
                    order by ${department}, d.id)
               from departments d
              where d.parent_id = v.id and d.department_type = 'Department'), '[]'::json) as children
      from departments v
     where v.department_type = 'Division'
     order by ${division}, v.id`);
}

type EmployeeOptionRow = {
  id: number;
  user_name: string;
  name: string;
  sf4c_id: string | null;
  department: string;
  division: string;
};

const employeeOptionColumns = () => sql`
  e.id, e.user_name, e.name, e.sf4c_id, ${departmentName(sql`d`)} as department, ${departmentName(sql`v`)} as division`;

function toEmployeeOption(r: EmployeeOptionRow): EmployeeOption {
  return {
    id: r.id,
    user_name: r.user_name,
    name: r.name,
    sf4c_id: r.sf4c_id,
    department_name: { name: r.department, nameEn: r.department },
    division_name: { name: r.division, nameEn: r.division },
  };
}

/**
 * Remote staff search: `text` in name, user name or SF4C id (ignoring case and diacritics), within `scope`
 * (a condition on `e.id`, lib/scope.ts employeeScope).
 */
export async function searchEmployees(
  db: DbOrTx,
  opts: { text: string; scope: SQL; departmentCode?: string; page: number; size: number },
): Promise<{ rows: EmployeeOption[]; total: number }> {
  const text = opts.text;
  const department = opts.departmentCode
    ? sql`and e.department_id in (select dd.id from departments dd where dd.department_code = ${opts.departmentCode})`
    : sql``;
  const where = sql`(${foldedContains(sql`e.name`, text)} or ${foldedContains(sql`e.user_name`, text)} or ${foldedContains(sql`e.sf4c_id`, text)}) and ${opts.scope} ${department}`;
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from employees e where ${where}`);
  const total = Number(count?.total ?? 0);
  if (total === 0) return { rows: [], total };
  const rows = await queryRows<EmployeeOptionRow>(db, sql`
    select ${employeeOptionColumns()}
      from employees e
      join departments d on d.id = e.department_id
      join departments v on v.id = e.division_id
     where ${where}
     order by e.name, e.id
     limit ${opts.size} offset ${(opts.page - 1) * opts.size}`);
  return { rows: rows.map(toEmployeeOption), total };
}

/** Members of a project within `scope` (a condition on `e.id`). */
export async function employeesOfProject(db: DbOrTx, projectId: number, scope: SQL): Promise<EmployeeOption[]> {
  const rows = await queryRows<EmployeeOptionRow>(db, sql`
    select ${employeeOptionColumns()}
      from project_members m
      join employees e on e.id = m.employee_id
      join departments d on d.id = e.department_id
      join departments v on v.id = e.division_id
     where m.project_id = ${projectId} and ${scope}
     order by e.name, e.id`);
  return rows.map(toEmployeeOption);
}

const projectColumns = sql`p.id as project_id, p.project_name, p.project_code, p.status`;

function projectKeyCondition(key: string | undefined): SQL {
  if (!key) return sql`true`;
  return sql`(${foldedContains(sql`p.project_name`, key)} or ${foldedContains(sql`p.project_code`, key)})`;
}

export async function searchProjects(
  db: DbOrTx,
  opts: { key: string | undefined; page: number; size: number },
): Promise<{ rows: ProjectOption[]; total: number }> {
  const where = projectKeyCondition(opts.key);
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from projects p where ${where}`);
  const total = Number(count?.total ?? 0);
  if (total === 0) return { rows: [], total };
  const rows = await queryRows<ProjectOption>(db, sql`
    select ${projectColumns} from projects p where ${where}
     order by p.project_name, p.id
     limit ${opts.size} offset ${(opts.page - 1) * opts.size}`);
  return { rows, total };
}

export async function listProjects(db: DbOrTx, key: string | undefined): Promise<ProjectOption[]> {
  return queryRows<ProjectOption>(db, sql`
    select ${projectColumns} from projects p where ${projectKeyCondition(key)} order by p.project_name, p.id`);
}

/** Projects the employee works on or manages. */
export async function projectsOfEmployee(db: DbOrTx, employeeId: number): Promise<ProjectOption[]> {
  return queryRows<ProjectOption>(db, sql`
    select ${projectColumns} from projects p
     where p.pm_employee_id = ${employeeId}
        or exists (select 1 from project_members m where m.project_id = p.id and m.employee_id = ${employeeId})
     order by p.project_name, p.id`);
}

/** Locations employees have (spec 001 §7.10 location), sorted. */
export async function employeeLocations(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ v: string }>(db, sql`select distinct e.location as v from employees e where e.location is not null and e.location <> '' order by 1`);
  return rows.map((r) => r.v);
}

/** Types of the active work schedules (spec 001 §7.10 get-all-work-schedule-types), sorted. */
export async function workScheduleTypes(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ v: string }>(db, sql`select distinct w.work_schedule_type as v from work_schedules w where w.active order by 1`);
  return rows.map((r) => r.v);
}
