import { sql, type SQL } from 'drizzle-orm';
import type { ApprovalFlowRow, ApprovalFlowValues, ApprovalPerson, TimelineDecision } from '@tms/contracts/approval-flows';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray, isoInstant, textArray } from '../../db/sql-fragments.ts';
import type { FlowConditions, RequesterPeople, ResolvedStep, StepRule } from './approval-rules.ts';

/** All SQL of approval flows (issue 29): the flows HR configures and the steps each request follows. */

/** A user as the flows show them: user id, username and the employee's name (the username for a bare account). */
const personJson = (user: SQL, employee: SQL) =>
  sql`json_build_object('user_id', ${user}.id, 'username', ${user}.username, 'name', coalesce(${employee}.name, ${user}.username))`;

type FlowDbRow = Omit<ApprovalFlowRow, 'amount_over' | 'amount_at_most'> & { amount_over: string | null; amount_at_most: string | null };

const flowSelect = sql`
  select f.id, f.name, f.item_kind, f.reason_types, f.amount_over::text, f.amount_at_most::text, f.division_ids, f.department_ids,
         f.requester_roles, f.priority, f.active, f.version, ${isoInstant(sql`f.updated_at`)} as updated_at,
         coalesce((select json_agg(json_build_object('position', s.position, 'rule', s.rule,
                     'user', case when u.id is null then null else ${personJson(sql`u`, sql`e`)} end) order by s.position)
                     from approval_flow_steps s left join users u on u.id = s.user_id left join employees e on e.id = u.employee_id
                    where s.flow_id = f.id), '[]'::json) as steps,
         (select count(*)::int from requests r where r.approval_flow_id = f.id) as used_by
    from approval_flows f`;

const toRow = (r: FlowDbRow): ApprovalFlowRow => ({
  ...r,
  amount_over: r.amount_over === null ? null : Number(r.amount_over),
  amount_at_most: r.amount_at_most === null ? null : Number(r.amount_at_most),
});

/** Every flow, in the order they are tried (kind, then priority). */
export async function listFlows(db: DbOrTx): Promise<ApprovalFlowRow[]> {
  const rows = await queryRows<FlowDbRow>(db, sql`${flowSelect} order by f.item_kind, f.priority, f.id`);
  return rows.map(toRow);
}

export async function findFlow(db: DbOrTx, id: number, opts: { forUpdate?: boolean } = {}): Promise<ApprovalFlowRow | undefined> {
  const rows = await queryRows<FlowDbRow>(db, sql`${flowSelect} where f.id = ${id} ${opts.forUpdate ? sql`for update of f` : sql``}`);
  return rows[0] ? toRow(rows[0]) : undefined;
}

/** Which of `ids` are users that exist and are not disabled (a named step's user). */
export async function enabledUsers(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(db, sql`select id from users where id = any(${intArray(ids)}) and not disabled`);
  return rows.map((r) => r.id);
}

const columns = (v: ApprovalFlowValues) => sql`
  name = ${v.name}, item_kind = ${v.item_kind}, reason_types = ${textArray(v.reason_types)}, amount_over = ${v.amount_over ?? null},
  amount_at_most = ${v.amount_at_most ?? null}, division_ids = ${intArray(v.division_ids)}, department_ids = ${intArray(v.department_ids)},
  requester_roles = ${textArray(v.requester_roles)}, priority = ${v.priority}, active = ${v.active}`;

export async function insertFlow(tx: DbOrTx, v: ApprovalFlowValues, userId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into approval_flows (name, item_kind, reason_types, amount_over, amount_at_most, division_ids, department_ids, requester_roles, priority, active, created_by_user_id)
        values (${v.name}, ${v.item_kind}, ${textArray(v.reason_types)}, ${v.amount_over ?? null}, ${v.amount_at_most ?? null}, ${intArray(v.division_ids)},
                ${intArray(v.department_ids)}, ${textArray(v.requester_roles)}, ${v.priority}, ${v.active}, ${userId})
        returning id`,
  );
  await replaceSteps(tx, row!.id, v.steps.map((s) => ({ rule: s.rule, userId: s.user_id ?? null })));
  return row!.id;
}

/** The whole flow at the version read (any version when `version` is null); undefined when it moved meanwhile. */
export async function updateFlow(tx: DbOrTx, id: number, v: ApprovalFlowValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update approval_flows set ${columns(v)}, version = version + 1, updated_at = now()
         where id = ${id} and (${v.version ?? null}::int is null or version = ${v.version ?? null}::int) returning id`,
  );
  if (rows.length === 0) return false;
  await replaceSteps(tx, id, v.steps.map((s) => ({ rule: s.rule, userId: s.user_id ?? null })));
  return true;
}

async function replaceSteps(tx: DbOrTx, flowId: number, steps: readonly StepRule[]): Promise<void> {
  await queryRows(tx, sql`delete from approval_flow_steps where flow_id = ${flowId}`);
  if (steps.length === 0) return;
  const values = steps.map((s, i) => sql`(${flowId}, ${i + 1}, ${s.rule}, ${s.userId}::int)`);
  await queryRows(tx, sql`insert into approval_flow_steps (flow_id, position, rule, user_id) values ${sql.join(values, sql`, `)}`);
}

export async function setActive(tx: DbOrTx, id: number, active: boolean): Promise<void> {
  await queryRows(tx, sql`update approval_flows set active = ${active}, version = version + 1, updated_at = now() where id = ${id}`);
}

export async function deleteFlow(tx: DbOrTx, id: number): Promise<void> {
  await queryRows(tx, sql`delete from approval_flows where id = ${id}`);
}

export type ActiveFlow = FlowConditions & { steps: StepRule[] };

/** The active flows of a kind with their steps, in the order they are tried. */
export async function activeFlows(db: DbOrTx, kind: string): Promise<ActiveFlow[]> {
  const rows = await queryRows<{
    id: number; name: string; item_kind: string; reason_types: string[]; amount_over: string | null; amount_at_most: string | null;
    division_ids: number[]; department_ids: number[]; requester_roles: string[]; priority: number; steps: { rule: StepRule['rule']; user_id: number | null }[];
  }>(
    db,
    sql`select f.id, f.name, f.item_kind, f.reason_types, f.amount_over::text, f.amount_at_most::text, f.division_ids, f.department_ids, f.requester_roles, f.priority,
               coalesce((select json_agg(json_build_object('rule', s.rule, 'user_id', s.user_id) order by s.position) from approval_flow_steps s where s.flow_id = f.id), '[]'::json) as steps
          from approval_flows f where f.active and f.item_kind = ${kind} order by f.priority, f.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    itemKind: r.item_kind,
    reasonTypes: r.reason_types,
    amountOver: r.amount_over === null ? null : Number(r.amount_over),
    amountAtMost: r.amount_at_most === null ? null : Number(r.amount_at_most),
    divisionIds: r.division_ids,
    departmentIds: r.department_ids,
    requesterRoles: r.requester_roles,
    priority: r.priority,
    active: true,
    steps: r.steps.map((s) => ({ rule: s.rule, userId: s.user_id })),
  }));
}

/** The requester's division, department and roles (a flow's conditions). */
export async function requesterFacts(db: DbOrTx, employeeId: number): Promise<{ division_id: number | null; department_id: number | null; roles: string[] } | undefined> {
  const [row] = await queryRows<{ division_id: number | null; department_id: number | null; roles: string[] }>(
    db,
    sql`select e.division_id, e.department_id,
               coalesce((select array_agg(distinct r.role) from users u join user_roles r on r.user_id = u.id where u.employee_id = e.id), '{}') as roles
          from employees e where e.id = ${employeeId}`,
  );
  return row;
}

/**
 * The requester's people in one statement (approval-rules.ts RequesterPeople): each candidate is an active employee
 * with an enabled user, never the requester; the HRM of the lowest user id; the delegation of RULES.md §5 in force on
 * `date` (of several, the most recently changed).
 */
export async function requesterPeople(db: DbOrTx, input: { employeeId: number; projectId: number | null; date: string; namedUserIds: readonly number[] }): Promise<RequesterPeople> {
  const lead = (employeeRef: SQL) => sql`(select ${personJson(sql`u`, sql`le`)} from employees le join users u on u.employee_id = le.id and not u.disabled
        where le.id = ${employeeRef} and le.id <> ${input.employeeId} and le.employee_status = 'Active' order by u.id limit 1)`;
  const [row] = await queryRows<{
    group_lead: ApprovalPerson | null; division_lead: ApprovalPerson | null; pm: ApprovalPerson | null; hrm: ApprovalPerson | null;
    named: ApprovalPerson[] | null; delegation: { delegator: ApprovalPerson; creator_user_id: number | null } | null;
  }>(
    db,
    sql`with me as (select e.id, e.department_id, e.division_id from employees e where e.id = ${input.employeeId})
        select ${lead(sql`(select d.lead_employee_id from me join departments d on d.id = me.department_id)`)} as group_lead,
               ${lead(sql`(select v.lead_employee_id from me join departments v on v.id = me.division_id)`)} as division_lead,
               ${lead(sql`(select p.pm_employee_id from projects p where p.id = ${input.projectId}::int)`)} as pm,
               (select ${personJson(sql`u`, sql`he`)} from users u join user_roles r on r.user_id = u.id and r.role = 'HRM' left join employees he on he.id = u.employee_id
                 where not u.disabled and (u.employee_id is null or u.employee_id <> ${input.employeeId}) order by u.id limit 1) as hrm,
               (select json_agg(${personJson(sql`u`, sql`ne`)}) from users u left join employees ne on ne.id = u.employee_id
                 where u.id = any(${intArray(input.namedUserIds)}) and not u.disabled and (u.employee_id is null or u.employee_id <> ${input.employeeId})) as named,
               (select json_build_object('delegator', ${personJson(sql`u`, sql`de`)}, 'creator_user_id', dl.creator_user_id)
                  from delegation_members m
                  join delegations dl on dl.id = m.delegation_id and dl.deleted_at is null and dl.flag
                  join employees de on de.id = dl.delegator_employee_id and de.id <> ${input.employeeId} and de.employee_status = 'Active'
                  join users u on u.employee_id = de.id and not u.disabled
                 where m.staff_employee_id = ${input.employeeId} and ${input.date}::date between m.from_date and m.to_date
                 order by dl.updated_at desc, dl.id desc, u.id limit 1) as delegation`,
  );
  return {
    groupLead: row?.group_lead ?? null,
    divisionLead: row?.division_lead ?? null,
    pm: row?.pm ?? null,
    hrm: row?.hrm ?? null,
    named: new Map((row?.named ?? []).map((p) => [p.user_id, p])),
    delegation: row?.delegation ? { delegator: row.delegation.delegator, creatorUserId: row.delegation.creator_user_id } : null,
  };
}

/** The request follows `flow`: its name, its step count and, while pending, the step now deciding. */
export async function startRequestFlow(tx: DbOrTx, requestId: number, flow: { id: number; name: string }, steps: readonly ResolvedStep[]): Promise<void> {
  await queryRows(
    tx,
    sql`update requests set approval_flow_id = ${flow.id}, approval_flow_name = ${flow.name}, approval_step_count = ${steps.length},
               approval_step = ${steps.length === 0 ? null : 1}::smallint where id = ${requestId}`,
  );
  if (steps.length === 0) return;
  const values = steps.map((s) => sql`(${requestId}, ${s.position}, ${s.rule}, ${s.approver?.user_id ?? null}::int, ${s.source})`);
  await queryRows(tx, sql`insert into request_approval_steps (request_id, position, rule, approver_user_id, source) values ${sql.join(values, sql`, `)}`);
}

/** A step's approver (the one resolved at creation). */
export async function stepApprover(db: DbOrTx, requestId: number, position: number): Promise<number | null> {
  const [row] = await queryRows<{ approver_user_id: number | null }>(db, sql`select approver_user_id from request_approval_steps where request_id = ${requestId} and position = ${position}`);
  return row?.approver_user_id ?? null;
}

/**
 * Moves a pending request from step `from` to the next, handing it to `nextAssignee`, only while it is still pending
 * at `from`: of concurrent approvals of one step exactly one moves it (409 for the rest).
 */
export async function advanceStep(tx: DbOrTx, requestId: number, from: number, nextAssignee: number | null): Promise<{ version: number } | undefined> {
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`update requests set approval_step = ${from + 1}, assignee_user_id = ${nextAssignee}::int, version = version + 1, updated_at = now()
         where id = ${requestId} and status in (1, 6) and approval_step = ${from} returning version`,
  );
  return row;
}

/** Records the decision of a step (3 approved, 4 rejected) by `userId`. */
export async function decideStep(tx: DbOrTx, requestId: number, position: number, decision: 3 | 4, userId: number, comment: string | null): Promise<void> {
  await queryRows(
    tx,
    sql`update request_approval_steps set decision = ${decision}, decided_by_user_id = ${userId}, decided_at = now(), comment = ${comment}
         where request_id = ${requestId} and position = ${position}`,
  );
}

/** The current step's approver moves with update-assignee (the reassignment rule, per step). */
export async function moveStepApprover(tx: DbOrTx, requestId: number, userId: number): Promise<void> {
  await queryRows(
    tx,
    sql`update request_approval_steps s set approver_user_id = ${userId} from requests r
         where r.id = ${requestId} and s.request_id = r.id and s.position = r.approval_step`,
  );
}

export type TimelineDbRow = {
  id: number; status: number; approval_flow_name: string | null; approval_step: number | null; approval_step_count: number | null; created_at: string;
  assignee: ApprovalPerson | null; approved_by: ApprovalPerson | null; updated_at: string; reasons_for_rejection: string | null;
  steps: { position: number; rule: ResolvedStep['rule']; approver: ApprovalPerson | null; decision: number | null; decided_by: ApprovalPerson | null; decided_at: string | null; comment: string | null }[] | null;
};

/** A request's flow state and its steps, for the timeline. */
export async function timelineOf(db: DbOrTx, requestId: number): Promise<TimelineDbRow | undefined> {
  const [row] = await queryRows<TimelineDbRow>(
    db,
    sql`select r.id, r.status, r.approval_flow_name, r.approval_step, r.approval_step_count, ${isoInstant(sql`r.created_at`)} as created_at,
               ${isoInstant(sql`r.updated_at`)} as updated_at, r.reasons_for_rejection,
               (select ${personJson(sql`u`, sql`ae`)} from users u left join employees ae on ae.id = u.employee_id where u.id = r.assignee_user_id) as assignee,
               (select ${personJson(sql`u`, sql`be`)} from users u left join employees be on be.id = u.employee_id where u.id = r.approved_by_user_id) as approved_by,
               (select json_agg(json_build_object('position', s.position, 'rule', s.rule, 'decision', s.decision, 'comment', s.comment,
                        'decided_at', case when s.decided_at is null then null else ${isoInstant(sql`s.decided_at`)} end,
                        'approver', case when au.id is null then null else ${personJson(sql`au`, sql`ae2`)} end,
                        'decided_by', case when du.id is null then null else ${personJson(sql`du`, sql`de2`)} end) order by s.position)
                  from request_approval_steps s
                  left join users au on au.id = s.approver_user_id left join employees ae2 on ae2.id = au.employee_id
                  left join users du on du.id = s.decided_by_user_id left join employees de2 on de2.id = du.employee_id
                 where s.request_id = r.id) as steps
          from requests r where r.id = ${requestId}`,
  );
  return row;
}

export type { TimelineDecision };

/** Whether `userId` decided a step of the request (a second approve of theirs is a 409, not a 403). */
export async function decidedBy(db: DbOrTx, requestId: number, userId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from request_approval_steps where request_id = ${requestId} and decided_by_user_id = ${userId} limit 1`);
  return rows.length > 0;
}

/**
 * An edit of a pending request that has passed its first step starts its flow again: the decisions are cleared and
 * step 1's approver decides the new terms. Answers the step it was at and step 1's approver, or undefined when it
 * was at step 1 (or follows no flow).
 */
export async function restartFlow(tx: DbOrTx, requestId: number): Promise<{ from_step: number; approver_user_id: number | null } | undefined> {
  const [row] = await queryRows<{ from_step: number; approver_user_id: number | null }>(
    tx,
    sql`with old as (select approval_step from requests where id = ${requestId} and status = 1 and approval_step > 1),
        cleared as (update request_approval_steps set decision = null, decided_by_user_id = null, decided_at = null, comment = null
                      where request_id = ${requestId} and exists (select 1 from old) returning position, approver_user_id)
        update requests r set approval_step = 1, assignee_user_id = (select c.approver_user_id from cleared c where c.position = 1)
          from old where r.id = ${requestId}
        returning old.approval_step as from_step, r.assignee_user_id as approver_user_id`,
  );
  return row;
}
