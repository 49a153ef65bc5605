import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';

/** SQL of the overtime lookups (spec 001 §7.10 employee-ot). */

export type EmployeeOtRow = {
  username: string;
  employee_id: number | null;
  ot_type: string | null;
  has_work_schedule: boolean;
  in_scope: boolean;
};

/**
 * The user `username` with the overtime type of the staff policy in force on `today` (the latest applied, as the user
 * detail reads it; without one, of their latest policy) and whether it sets an active work schedule today;
 * `in_scope` = the caller may read them (RULES.md §3; a PM also their members).
 */
export async function findEmployeeOt(db: DbOrTx, caller: SessionUser, username: string, today: string): Promise<EmployeeOtRow | undefined> {
  const [row] = await queryRows<EmployeeOtRow>(
    db,
    sql`select u.username, u.employee_id, coalesce(pol.ot_type, lp.ot_type) as ot_type,
               exists (select 1 from work_schedules ws where ws.work_schedule_code = pol.work_schedule_code and ws.active) as has_work_schedule,
               (u.id = ${caller.userId} or (u.employee_id is not null and ${employeeScope(caller, sql`u.employee_id`, { includeProjects: true })})) as in_scope
          from users u
          left join lateral (
            select p.ot_type, p.work_schedule_code from employee_policies p
             where p.employee_id = u.employee_id and p.apply_date <= ${today}::date and p.expire_date >= ${today}::date
             order by p.apply_date desc, p.id desc limit 1
          ) pol on true
          left join lateral (
            select p.ot_type from employee_policies p where p.employee_id = u.employee_id order by p.apply_date desc, p.id desc limit 1
          ) lp on true
         where lower(u.username) = lower(${username})`,
  );
  return row;
}

export type ProjectRef = { id: number; name: string; code: string };

/** Every project (fixed types), or the ones the employee works on or manages (configured and flexible types). */
export async function overtimeProjects(db: DbOrTx, employeeId: number | null, all: boolean): Promise<ProjectRef[]> {
  const own = sql`(p.pm_employee_id = ${employeeId ?? -1} or exists (select 1 from project_members m where m.project_id = p.id and m.employee_id = ${employeeId ?? -1}))`;
  return queryRows<ProjectRef>(
    db,
    sql`select p.id, p.project_name as name, p.project_code as code from projects p
         where ${all ? sql`p.status = 'Active'` : own} order by p.project_name, p.id`,
  );
}
