import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** Who an item is assigned to, and why (RULES.md §5). */
export type ApproverResolution = {
  userId: number;
  username: string;
  name: string;
  employeeId: number | null;
  /** A delegation in force on the item's date, the PM of the project, GROUP_LEAD of the department, DULEAD of the division, or an HRM. */
  source: 'DELEGATION' | 'GROUP_LEAD' | 'DULEAD' | 'HRM' | 'PM';
};

/**
 * RULES.md §5 assignee at creation, in one statement: the employee's group lead, else division lead, else an HRM (the
 * lowest user id, so the answer is stable); for a project-linked item the project's PM first. Nobody is their own
 * approver: a lead filing for themselves goes one level up (a division lead's own items go to an HRM).
 * With `date`, a delegation in force on that date replaces all of them (RULES.md §5): the delegator of a live, flagged
 * delegation listing the employee for a range containing the date; of several, the most recently changed. Items that
 * exist keep their assignee (they move only by update-assignee).
 */
export async function resolveApprover(
  db: DbOrTx,
  input: { employeeId: number; projectId?: number | null; /** The item's date (YYYY-MM-DD), for delegations. */ date?: string | null },
): Promise<ApproverResolution | null> {
  const [row] = await queryRows<{ user_id: number; username: string; name: string; employee_id: number | null; source: ApproverResolution['source'] }>(
    db,
    sql`
    with me as (select e.id, e.department_id, e.division_id from employees e where e.id = ${input.employeeId}),
    candidates as (
      select -1 as rank, dg.delegator_employee_id as employee_id, 'DELEGATION' as source
        from (select dl.delegator_employee_id
                from delegation_members m
                join delegations dl on dl.id = m.delegation_id and dl.deleted_at is null and dl.flag
               where m.staff_employee_id = ${input.employeeId} and ${input.date ?? null}::date between m.from_date and m.to_date
               order by dl.updated_at desc, dl.id desc
               limit 1) dg
      union all
      select 0 as rank, p.pm_employee_id as employee_id, 'PM' as source
        from projects p where p.id = ${input.projectId ?? null}::int
      union all
      select 1, d.lead_employee_id, 'GROUP_LEAD' from me join departments d on d.id = me.department_id
      union all
      select 2, v.lead_employee_id, 'DULEAD' from me join departments v on v.id = me.division_id
    ),
    lead as (
      select u.id as user_id, u.username, e.name, e.id as employee_id, c.source, c.rank
        from candidates c
        join employees e on e.id = c.employee_id and e.id <> ${input.employeeId} and e.employee_status = 'Active'
        join users u on u.employee_id = e.id and not u.disabled
    ),
    hrm as (
      select u.id as user_id, u.username, coalesce(e.name, u.username) as name, e.id as employee_id, 'HRM' as source, 9 as rank
        from users u join user_roles r on r.user_id = u.id and r.role = 'HRM'
        left join employees e on e.id = u.employee_id
       where not u.disabled and (u.employee_id is null or u.employee_id <> ${input.employeeId})
    )
    select user_id, username, name, employee_id, source
      from (select * from lead union all select * from hrm) x
     order by rank, user_id
     limit 1`,
  );
  return row ? { userId: row.user_id, username: row.username, name: row.name, employeeId: row.employee_id, source: row.source } : null;
}
