import { sql, type SQL } from 'drizzle-orm';
import { hasAnyRole, PRIVILEGED_ROLES } from '@tms/contracts/roles';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';

/**
 * RULES.md §3 for an overtime request aliased `o`, as one SQL condition: HR, HRM and ADMIN see every request; others
 * see a request when one of its staff is in their employee scope (own, departments led, division led), when they
 * created it or act on it (assignee, PM stage, manager stage, a staff row's approver), or — as a PM — when it is on a project they manage.
 * Outside it a request is not found (404) in lists, details, exports and files alike.
 */
export function overtimeVisibleSql(user: SessionUser, alias = 'o'): SQL {
  if (hasAnyRole(user.roles, PRIVILEGED_ROLES)) return sql`true`;
  const o = sql.raw(alias);
  const parts: SQL[] = [
    sql`exists (select 1 from overtime_request_staff vs where vs.overtime_request_id = ${o}.id and ${employeeScope(user, sql`vs.employee_id`)})`,
    sql`${o}.created_by_user_id = ${user.userId}`,
    sql`${o}.assignee_user_id = ${user.userId}`,
    sql`${o}.pm_user_id = ${user.userId}`,
    sql`${o}.manager_user_id = ${user.userId}`,
    // A staff row's own approver (a fixed row whose staff member is the project's PM goes to the PM's approver).
    sql`exists (select 1 from overtime_request_staff va where va.overtime_request_id = ${o}.id and va.approver_user_id = ${user.userId})`,
    // An approver of a step of an approval flow (a named user, say) keeps seeing what they decided (issue 29).
    sql`exists (select 1 from overtime_request_staff vf join overtime_approval_steps st on st.overtime_staff_id = vf.id where vf.overtime_request_id = ${o}.id and st.approver_user_id = ${user.userId})`,
  ];
  if (user.isPm) parts.push(sql`${o}.project_id in (select p.id from projects p where p.pm_employee_id = ${user.employeeId ?? -1})`);
  return sql`(${sql.join(parts, sql` or `)})`;
}
