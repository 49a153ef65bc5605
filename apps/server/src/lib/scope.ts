import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { hasAnyRole, PRIVILEGED_ROLES } from '@tms/contracts/roles';
import type { SessionUser } from './session-user.ts';

/** What the scope reads of a user (a session user, or an author acting as one). */
export type ScopeUser = Pick<SessionUser, 'roles' | 'employeeId' | 'isPm'>;

/**
 * RULES.md §3 data scope as one SQL condition on an employee id column, applied inside the query:
 * HR, HRM, ADMIN see everyone; everyone sees themselves; GROUP_LEAD also the departments they lead;
 * DULEAD also their division; with `includeProjects`, a PM also the members of projects they manage.
 */
export function employeeScope(user: ScopeUser, employeeId: AnyPgColumn | SQL, opts: { includeProjects?: boolean } = {}): SQL {
  if (hasAnyRole(user.roles, PRIVILEGED_ROLES)) return sql`true`;
  const me = user.employeeId ?? -1;
  const parts: SQL[] = [sql`${employeeId} = ${me}`];
  if (user.roles.includes('GROUP_LEAD')) {
    parts.push(sql`${employeeId} in (select e.id from employees e join departments d on d.id = e.department_id where d.lead_employee_id = ${me})`);
  }
  if (user.roles.includes('DULEAD')) {
    parts.push(sql`${employeeId} in (select e.id from employees e join departments d on d.id = e.division_id where d.lead_employee_id = ${me})`);
  }
  if (opts.includeProjects && user.isPm) {
    parts.push(sql`${employeeId} in (select m.employee_id from project_members m join projects p on p.id = m.project_id where p.pm_employee_id = ${me})`);
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** What the Team Calendar's scope reads of a user: the scope's fields and the user id requests are assigned to. */
export type TeamScopeUser = ScopeUser & Pick<SessionUser, 'userId'>;

/**
 * The people of the Team Calendar and of its team calendar feed (issue 30 §1–§2, docs/team-calendar.md), as a
 * condition on an employee: HR, HRM and Admin everyone; a GUEST-only user the owners of requests assigned to them;
 * anyone else the RULES.md §3 scope with the PM's projects, plus their own department, the members of the projects
 * they belong to, and the owners of requests assigned to them. Wider than §3 on purpose: a colleague's absence (not
 * their attendance or their request's details) is what a team plans around. `departmentId`, when the query has the
 * employee's department at hand, spares a lookup per row.
 */
export function teamCalendarScope(user: TeamScopeUser, employee: { id: AnyPgColumn | SQL; departmentId?: AnyPgColumn | SQL }): SQL {
  if (hasAnyRole(user.roles, PRIVILEGED_ROLES)) return sql`true`;
  const assigned = sql`${employee.id} in (select ar.employee_id from requests ar where ar.assignee_user_id = ${user.userId})`;
  if (user.roles.every((role) => role === 'GUEST')) return assigned;
  const me = user.employeeId ?? -1;
  const myDepartment = sql`(select mine.department_id from employees mine where mine.id = ${me})`;
  return sql`(${sql.join(
    [
      employeeScope(user, employee.id, { includeProjects: true }),
      employee.departmentId
        ? sql`${employee.departmentId} = ${myDepartment}`
        : sql`${employee.id} in (select c.id from employees c where c.department_id = ${myDepartment})`,
      sql`${employee.id} in (select pm2.employee_id from project_members pm1 join project_members pm2 on pm2.project_id = pm1.project_id where pm1.employee_id = ${me})`,
      assigned,
    ],
    sql` or `,
  )})`;
}
