import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { foldedContains } from '../../db/sql-fragments.ts';
import { employeeScope, type ScopeUser } from '../../lib/scope.ts';
import type { ReassignFacts, ReassignTarget, RequesterApprovers } from './reassign-rule.ts';
import { departmentName } from '../../lib/localized-name.ts';

/**
 * The facts of the reassignment rule (`reassign-rule.ts`), in one statement each: who is entitled to approve for each
 * requester on the item's date (their leads, the delegations in force), the project's PM, whether the requesters are
 * in the mover's lead scope, and the target user's roles.
 */

/** One requester of the item and the date their approval is for (a request's first date, an OT date, a case's date). */
export type RequesterOn = { employeeId: number; date: string };

export type ReassignFactsInput = {
  requesters: readonly RequesterOn[];
  /** The project whose PM approves the item (overtime, onsite; a flexible request at its PM stage), else null. */
  projectId: number | null;
  mover: ScopeUser;
  /** The new assignee (a user id), when one is chosen. */
  targetUserId?: number | null;
};

export type LoadedReassignFacts = ReassignFacts & { inMoverLeadScope: boolean; target: ReassignTarget | null };

/**
 * The mover's lead scope on an employee id column, as a boolean SQL expression for the lists' action flags (one
 * column per row of the page's own statement). Everyone's own items are refused by the rule before it is read, and
 * HR, HRM and Admin pass whatever it says, so RULES.md §3's employee scope is exactly it.
 */
export const moverLeadScopeSql = (mover: ScopeUser, employeeId: SQL): SQL => employeeScope(mover, employeeId);

/** The requesters as a bound json recordset `req(employee_id, day)`. */
const requestersSql = (requesters: readonly RequesterOn[]) =>
  sql`select x.employee_id, x.day from json_to_recordset(${JSON.stringify(requesters.map((r) => ({ employee_id: r.employeeId, day: r.date })))}::json) as x(employee_id int, day date)`;

/** Delegators of the live, in-force delegations listing `employee` for a range containing `day` (RULES.md §5). */
const delegatorsOf = (employee: SQL, day: SQL) =>
  sql`coalesce((select array_agg(distinct dl.delegator_employee_id)
                  from delegation_members m
                  join delegations dl on dl.id = m.delegation_id and dl.deleted_at is null and dl.flag
                 where m.staff_employee_id = ${employee} and ${day} between m.from_date and m.to_date), '{}'::int[])`;

export async function reassignFacts(db: DbOrTx, input: ReassignFactsInput): Promise<LoadedReassignFacts> {
  const [row] = await queryRows<{
    requesters: { employeeId: number; leadEmployeeIds: number[]; delegatorEmployeeIds: number[] }[];
    in_scope: boolean;
    pm: number | null;
    target: ReassignTarget | null;
  }>(
    db,
    sql`
    with req as (${requestersSql(input.requesters)}),
    per as (
      select r.employee_id,
             array_remove(array[d.lead_employee_id, v.lead_employee_id], null) as leads,
             ${delegatorsOf(sql`r.employee_id`, sql`r.day`)} as delegators,
             ${moverLeadScopeSql(input.mover, sql`r.employee_id`)} as in_scope
        from req r
        join employees e on e.id = r.employee_id
        left join departments d on d.id = e.department_id
        left join departments v on v.id = e.division_id
    )
    select coalesce((select json_agg(json_build_object('employeeId', employee_id, 'leadEmployeeIds', leads, 'delegatorEmployeeIds', delegators)) from per), '[]'::json) as requesters,
           coalesce((select bool_and(in_scope) from per), false) as in_scope,
           (select p.pm_employee_id from projects p where p.id = ${input.projectId}::int) as pm,
           (select json_build_object('userId', u.id, 'employeeId', u.employee_id, 'active', te.id is null or te.employee_status = 'Active',
                                     'roles', coalesce((select json_agg(ur.role) from user_roles ur where ur.user_id = u.id), '[]'::json))
              from users u left join employees te on te.id = u.employee_id
             where u.id = ${input.targetUserId ?? null}::int and not u.disabled) as target`,
  );
  const requesters: RequesterApprovers[] = (row?.requesters ?? []).map((r) => ({ employeeId: r.employeeId, leadEmployeeIds: r.leadEmployeeIds ?? [], delegatorEmployeeIds: r.delegatorEmployeeIds ?? [] }));
  return { requesters, projectPmEmployeeId: row?.pm ?? null, inMoverLeadScope: row?.in_scope ?? false, target: row?.target ?? null };
}

export type ReassignCandidate = ReassignTarget & { username: string; name: string; departmentName: string | null };

/**
 * The people who can be entitled to approve for these requesters (the approver picker): the delegators in force, the
 * project's PM, the requesters' leads and every HR manager — active, enabled users — whose name or user name contains
 * `search` (folded) when given. The caller keeps those the rule accepts for the mover.
 */
export async function reassignCandidates(db: DbOrTx, input: { requesters: readonly RequesterOn[]; projectId: number | null; search?: string | null; limit?: number }): Promise<ReassignCandidate[]> {
  const search = input.search?.trim();
  return queryRows<ReassignCandidate>(
    db,
    sql`
    with req as (${requestersSql(input.requesters)}),
    people as (
      select unnest(${delegatorsOf(sql`r.employee_id`, sql`r.day`)}) as employee_id from req r
      union select p.pm_employee_id from projects p where p.id = ${input.projectId}::int
      union select d.lead_employee_id from req r join employees e on e.id = r.employee_id join departments d on d.id in (e.department_id, e.division_id)
    ),
    users_of as (
      select u.id from users u join people p on p.employee_id = u.employee_id
      union select r.user_id from user_roles r where r.role = 'HRM'
    )
    select u.id as "userId", u.employee_id as "employeeId", u.username, coalesce(e.name, u.username) as name,
           ${departmentName(sql`d`)} as "departmentName", true as active,
           coalesce((select json_agg(ur.role) from user_roles ur where ur.user_id = u.id), '[]'::json) as roles
      from users_of x
      join users u on u.id = x.id and not u.disabled
      left join employees e on e.id = u.employee_id
      left join departments d on d.id = e.department_id
     where (e.id is null or e.employee_status = 'Active')
       ${search ? sql`and (${foldedContains(sql`u.username`, search)} or ${foldedContains(sql`coalesce(e.name, '')`, search)})` : sql``}
     order by coalesce(e.name, u.username), u.id
     limit ${input.limit ?? 50}`,
  );
}
