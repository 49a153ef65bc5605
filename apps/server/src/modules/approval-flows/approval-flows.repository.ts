import { sql, type SQL } from 'drizzle-orm';
import type { ApprovalFlowRow, ApprovalFlowValues, ApprovalPerson, PoolRole, TimelineDecision } from '@tms/contracts/approval-flows';
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
         coalesce((select json_agg(json_build_object('position', s.position, 'rule', s.rule, 'role', s.role,
                     'user', case when u.id is null then null else ${personJson(sql`u`, sql`e`)} end) order by s.position)
                     from approval_flow_steps s left join users u on u.id = s.user_id left join employees e on e.id = u.employee_id
                    where s.flow_id = f.id), '[]'::json) as steps,
         (select count(*)::int from requests r where r.approval_flow_id = f.id)
           + (select count(*)::int from onsite_requests o where o.approval_flow_id = f.id)
           + (select count(*)::int from overtime_request_staff s where s.approval_flow_id = f.id) as used_by
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
  await replaceSteps(tx, row!.id, v.steps.map(stepRuleOf));
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
  await replaceSteps(tx, id, v.steps.map(stepRuleOf));
  return true;
}

/** A step as saved: the named user only for USER, the role only for ROLE. */
const stepRuleOf = (s: ApprovalFlowValues['steps'][number]): StepRule => ({
  rule: s.rule,
  userId: s.rule === 'USER' ? (s.user_id ?? null) : null,
  role: s.rule === 'ROLE' ? (s.role ?? null) : null,
});

async function replaceSteps(tx: DbOrTx, flowId: number, steps: readonly StepRule[]): Promise<void> {
  await queryRows(tx, sql`delete from approval_flow_steps where flow_id = ${flowId}`);
  if (steps.length === 0) return;
  const values = steps.map((s, i) => sql`(${flowId}, ${i + 1}, ${s.rule}, ${s.userId}::int, ${s.role ?? null})`);
  await queryRows(tx, sql`insert into approval_flow_steps (flow_id, position, rule, user_id, role) values ${sql.join(values, sql`, `)}`);
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
    division_ids: number[]; department_ids: number[]; requester_roles: string[]; priority: number; steps: { rule: StepRule['rule']; user_id: number | null; role: StepRule['role'] }[];
  }>(
    db,
    sql`select f.id, f.name, f.item_kind, f.reason_types, f.amount_over::text, f.amount_at_most::text, f.division_ids, f.department_ids, f.requester_roles, f.priority,
               coalesce((select json_agg(json_build_object('rule', s.rule, 'user_id', s.user_id, 'role', s.role) order by s.position) from approval_flow_steps s where s.flow_id = f.id), '[]'::json) as steps
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
    steps: r.steps.map((s) => ({ rule: s.rule, userId: s.user_id, role: s.role ?? null })),
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

/**
 * The items a flow's steps are kept for, each in its own steps table (so a step row goes with its item), and where the
 * item keeps its flow state: the step now deciding (`approval_step`) and its approver. A request is pending at status 1
 * (or 6); an onsite record while its Department stage is; an overtime staff row's pending state is the overtime
 * module's to check (a fixed row's own status, a flexible request's stage), on the row it has locked.
 */
export type StepItemType = 'REQUEST' | 'ONSITE' | 'OVERTIME';
export type StepItem = { type: StepItemType; id: number };
export const requestItem = (id: number): StepItem => ({ type: 'REQUEST', id });

/** `assignee`/`role`: the item's columns naming who decides now — a person, or (a ROLE step) anyone of a role. */
const ITEM_TABLES: Record<StepItemType, { steps: string; key: string; item: string; assignee: string; role: string; pending: string; versioned: boolean }> = {
  REQUEST: { steps: 'request_approval_steps', key: 'request_id', item: 'requests', assignee: 'assignee_user_id', role: 'assignee_role', pending: 'status in (1, 6)', versioned: true },
  ONSITE: {
    steps: 'onsite_approval_steps',
    key: 'onsite_request_id',
    item: 'onsite_requests',
    assignee: 'approver_user_id',
    role: 'approver_role',
    pending: 'status = 1 and status_department = 1',
    versioned: true,
  },
  OVERTIME: { steps: 'overtime_approval_steps', key: 'overtime_staff_id', item: 'overtime_request_staff', assignee: 'approver_user_id', role: 'approver_role', pending: 'true', versioned: false },
};
/** The item's tables as SQL (constants of this file, never input). */
const tablesOf = (type: StepItemType) => {
  const t = ITEM_TABLES[type];
  return { steps: sql.raw(t.steps), key: sql.raw(t.key), item: sql.raw(t.item), assignee: sql.raw(t.assignee), role: sql.raw(t.role), pending: sql.raw(t.pending), versioned: t.versioned };
};
/** `version = version + 1, updated_at = now(), ` for an item table that keeps them. */
const bump = (versioned: boolean) => (versioned ? sql`version = version + 1, updated_at = now(), ` : sql``);
const returnedVersion = (versioned: boolean) => (versioned ? sql`version` : sql`null::int as version`);

/** The item follows `flow`: its name, its step count and, while pending, the step now deciding. */
export async function startFlow(tx: DbOrTx, item: StepItem, flow: { id: number; name: string }, steps: readonly ResolvedStep[]): Promise<void> {
  const t = tablesOf(item.type);
  // An item at a ROLE step is its role's to decide.
  await queryRows(
    tx,
    sql`update ${t.item} set approval_flow_id = ${flow.id}, approval_flow_name = ${flow.name}, approval_step_count = ${steps.length},
               approval_step = ${steps.length === 0 ? null : 1}::smallint, ${t.role} = ${steps[0]?.role ?? null} where id = ${item.id}`,
  );
  if (steps.length === 0) return;
  const values = steps.map((s) => sql`(${item.id}, ${s.position}, ${s.rule}, ${s.approver?.user_id ?? null}::int, ${s.role ?? null}, ${s.source})`);
  await queryRows(tx, sql`insert into ${t.steps} (${t.key}, position, rule, approver_user_id, approver_role, source) values ${sql.join(values, sql`, `)}`);
}

/** A step's approver (the one resolved at creation). */
export async function stepApprover(db: DbOrTx, item: StepItem, position: number): Promise<number | null> {
  const t = tablesOf(item.type);
  const [row] = await queryRows<{ approver_user_id: number | null }>(db, sql`select approver_user_id from ${t.steps} where ${t.key} = ${item.id} and position = ${position}`);
  return row?.approver_user_id ?? null;
}

/**
 * Moves a pending item from step `from` to the next, handing it to `nextAssignee`, only while it is still pending
 * at `from`: of concurrent approvals of one step exactly one moves it (409 for the rest). `version` is the item's
 * new version where its table keeps one.
 */
export async function advanceStep(tx: DbOrTx, item: StepItem, from: number, nextAssignee: number | null): Promise<{ version: number | null } | undefined> {
  const t = tablesOf(item.type);
  const role = sql`(select s.approver_role from ${t.steps} s where s.${t.key} = ${item.id} and s.position = ${from + 1})`;
  const [row] = await queryRows<{ version: number | null }>(
    tx,
    sql`update ${t.item} set ${bump(t.versioned)}approval_step = ${from + 1}, ${t.assignee} = ${nextAssignee}::int, ${t.role} = ${role}
         where id = ${item.id} and ${t.pending} and approval_step = ${from} returning ${returnedVersion(t.versioned)}`,
  );
  return row;
}

/**
 * Who decides step `position` of the item: its approver, or for a ROLE step every enabled user of the role but the
 * requester (the first to act decides) — the people to tell.
 */
export async function stepDeciders(db: DbOrTx, item: StepItem, position: number, requesterEmployeeId: number): Promise<number[]> {
  const t = tablesOf(item.type);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.approver_user_id as id from ${t.steps} s where s.${t.key} = ${item.id} and s.position = ${position} and s.approver_user_id is not null
        union
        select u.id from ${t.steps} s join user_roles r on r.role = s.approver_role join users u on u.id = r.user_id and not u.disabled
         where s.${t.key} = ${item.id} and s.position = ${position} and s.approver_role is not null
           and (u.employee_id is null or u.employee_id <> ${requesterEmployeeId})
        order by 1`,
  );
  return rows.map((r) => r.id);
}

/** Records the decision of a step (3 approved, 4 rejected) by `userId`. */
export async function decideStep(tx: DbOrTx, item: StepItem, position: number, decision: 3 | 4, userId: number, comment: string | null): Promise<void> {
  const t = tablesOf(item.type);
  await queryRows(
    tx,
    sql`update ${t.steps} set decision = ${decision}, decided_by_user_id = ${userId}, decided_at = now(), comment = ${comment}
         where ${t.key} = ${item.id} and position = ${position}`,
  );
}

/** The current step's approver moves with a reassignment (the reassignment rule, per step). */
export async function moveStepApprover(tx: DbOrTx, item: StepItem, userId: number): Promise<void> {
  const t = tablesOf(item.type);
  await queryRows(
    tx,
    sql`update ${t.steps} s set approver_user_id = ${userId}, approver_role = null from ${t.item} r
         where r.id = ${item.id} and s.${t.key} = r.id and s.position = r.approval_step`,
  );
  // A ROLE step handed to one person is theirs alone from now on.
  await queryRows(tx, sql`update ${t.item} set ${t.role} = null where id = ${item.id}`);
}

/** An item's steps as JSON, in order, with the approver and the decider as people. */
const stepsJson = (steps: SQL, key: SQL, itemId: SQL) => sql`(select json_agg(json_build_object('position', s.position, 'rule', s.rule, 'role', s.approver_role, 'decision', s.decision, 'comment', s.comment,
                        'decided_at', case when s.decided_at is null then null else ${isoInstant(sql`s.decided_at`)} end,
                        'approver', case when au.id is null then null else ${personJson(sql`au`, sql`ae2`)} end,
                        'decided_by', case when du.id is null then null else ${personJson(sql`du`, sql`de2`)} end) order by s.position)
                  from ${steps} s
                  left join users au on au.id = s.approver_user_id left join employees ae2 on ae2.id = au.employee_id
                  left join users du on du.id = s.decided_by_user_id left join employees de2 on de2.id = du.employee_id
                 where s.${key} = ${itemId})`;

export type TimelineDbRow = {
  id: number; status: number; approval_flow_name: string | null; approval_step: number | null; approval_step_count: number | null; created_at: string;
  assignee: ApprovalPerson | null; approved_by: ApprovalPerson | null; updated_at: string; reasons_for_rejection: string | null;
  steps: { position: number; rule: ResolvedStep['rule']; role: PoolRole | null; approver: ApprovalPerson | null; decision: number | null; decided_by: ApprovalPerson | null; decided_at: string | null; comment: string | null }[] | null;
};

/** A request's flow state and its steps, for the timeline. */
export async function timelineOf(db: DbOrTx, requestId: number): Promise<TimelineDbRow | undefined> {
  const [row] = await queryRows<TimelineDbRow>(
    db,
    sql`select r.id, r.status, r.approval_flow_name, r.approval_step, r.approval_step_count, ${isoInstant(sql`r.created_at`)} as created_at,
               ${isoInstant(sql`r.updated_at`)} as updated_at, r.reasons_for_rejection,
               (select ${personJson(sql`u`, sql`ae`)} from users u left join employees ae on ae.id = u.employee_id where u.id = r.assignee_user_id) as assignee,
               (select ${personJson(sql`u`, sql`be`)} from users u left join employees be on be.id = u.employee_id where u.id = r.approved_by_user_id) as approved_by,
               ${stepsJson(sql`request_approval_steps`, sql`request_id`, sql`r.id`)} as steps
          from requests r where r.id = ${requestId}`,
  );
  return row;
}

export type { TimelineDecision };

/** Whether `userId` decided a step of the item (a second approve of theirs is a 409, not a 403). */
export async function decidedBy(db: DbOrTx, item: StepItem, userId: number): Promise<boolean> {
  const t = tablesOf(item.type);
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from ${t.steps} where ${t.key} = ${item.id} and decided_by_user_id = ${userId} limit 1`);
  return rows.length > 0;
}

/**
 * An edit of a pending item that has passed its first step starts its flow again: the decisions are cleared and
 * step 1's approver decides the new terms. Answers the step it was at and step 1's approver, or undefined when it
 * was at step 1 (or follows no flow).
 */
export async function restartFlow(tx: DbOrTx, item: StepItem): Promise<{ from_step: number; approver_user_id: number | null; approver_role: string | null } | undefined> {
  const t = tablesOf(item.type);
  const [row] = await queryRows<{ from_step: number; approver_user_id: number | null; approver_role: string | null }>(
    tx,
    sql`with old as (select approval_step from ${t.item} where id = ${item.id} and ${t.pending} and approval_step > 1),
        cleared as (update ${t.steps} set decision = null, decided_by_user_id = null, decided_at = null, comment = null
                      where ${t.key} = ${item.id} and exists (select 1 from old) returning position, approver_user_id, approver_role)
        update ${t.item} r set approval_step = 1, ${t.assignee} = (select c.approver_user_id from cleared c where c.position = 1),
               ${t.role} = (select c.approver_role from cleared c where c.position = 1)
          from old where r.id = ${item.id}
        returning old.approval_step as from_step, r.${t.assignee} as approver_user_id, r.${t.role} as approver_role`,
  );
  return row;
}

export type StepDbRow = NonNullable<TimelineDbRow['steps']>[number];

/** The steps of an item that follows a flow, with their people, in order (the timeline of onsite and overtime). */
export async function stepsOf(db: DbOrTx, item: StepItem): Promise<StepDbRow[]> {
  const t = tablesOf(item.type);
  const [row] = await queryRows<{ steps: StepDbRow[] | null }>(db, sql`select ${stepsJson(t.steps, t.key, sql`${item.id}`)} as steps`);
  return row?.steps ?? [];
}
