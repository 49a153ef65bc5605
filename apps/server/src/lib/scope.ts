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
