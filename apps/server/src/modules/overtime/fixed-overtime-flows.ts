/**
 * Fixed overtime under approval flows (issue 29, docs/approval-flows.md, docs/overtime.md "Approval flows"): each staff
 * row follows its own flow (item kind FIXED_OT, step item OVERTIME = the staff row's id), as each row is decided on its
 * own. Its amount is the window's hours, its project the request's, its date the OT date. A row in no flow keeps the
 * single step of RULES.md §5 (the project's PM), exactly as before flows.
 *
 * Here: the plan of new rows and their automatic approval (a flow with no step), the edit's restart, an approval at a
 * step that is not the last, and a row's timeline. The decisions themselves stay in `fixed-overtime-status.service.ts`.
 */
import { FIXED_STAFF_STATUS as S } from '@tms/contracts/overtime';
import { FIXED_MESSAGES as F, decidesRow } from '@tms/contracts/overtime-fixed';
import type { ApprovalPerson, ApprovalTimeline, ApprovalTimelineStep } from '@tms/contracts/approval-flows';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { recordHistory, type HistoryChange } from '../../lib/history.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import {
  flowAuthor,
  itemTimeline,
  passStep,
  planApproval,
  refuseDecidedStep,
  restartFlow,
  startFlow,
  stepDeciders,
  stepOutcome,
  type ApprovalPlan,
  type StepItem,
  type StepOutcome,
} from '../approval-flows/approval-steps.ts';
import * as repo from './fixed-overtime.repository.ts';
import { OVERTIME_TABLE } from './overtime-files.repository.ts';
import { limitGate } from './overtime-limit-gate.ts';

/** A fixed staff row as an approval flow's item. */
export const staffItem = (staffId: number): StepItem => ({ type: 'OVERTIME', id: staffId });

/** An OT window's hours (end − start, 2 decimals): a fixed row's and a flexible request's amount under a flow's conditions. */
export const windowHours = (startAt: Date | string, endAt: Date | string) => Math.round((new Date(endAt).getTime() - new Date(startAt).getTime()) / 36_000) / 100;

/**
 * A new staff row's approval: its flow (null: the single step), and who it waits on — its approver, or at a ROLE step 1
 * anyone of `approverRole` (the approver then null); neither when a flow with no step approves it at once.
 */
export type RowPlan = { employeeId: number; single: number; plan: ApprovalPlan | null; approverUserId: number | null; approverRole: string | null };

const isAutomatic = (p: RowPlan) => p.plan !== null && p.plan.steps.length === 0;

/**
 * The flow each new row follows: for the staff member, the window's hours, the request's project and the OT date. A
 * row in a flow waits for step 1's approver; in no flow, for its single-step approver (`single`, resolved as before).
 */
export async function planRows(
  tx: DbOrTx,
  form: { projectId: number; otDate: string; startAt: Date | string; endAt: Date | string },
  approvers: readonly { employeeId: number; approverUserId: number }[],
): Promise<RowPlan[]> {
  const amount = windowHours(form.startAt, form.endAt);
  const out: RowPlan[] = [];
  for (const a of approvers) {
    const plan = await planApproval(tx, { kind: 'FIXED_OT', employeeId: a.employeeId, reasonType: null, amount, projectId: form.projectId, date: form.otDate });
    const approverUserId = plan === null ? a.approverUserId : (plan.steps[0]?.approver?.user_id ?? null);
    // A ROLE step 1 names no one: the row waits on its role (not "nobody": it is not approved at once).
    const approverRole = plan?.steps[0]?.role ?? null;
    out.push({ employeeId: a.employeeId, single: a.approverUserId, plan, approverUserId, approverRole });
  }
  return out;
}

/** Who a row waits on: its approver, or (a ROLE step, the approver null) anyone of its role. */
export type WaitingRow = { employeeId: number; approverUserId: number | null; approverRole?: string | null };
const waits = (r: WaitingRow) => r.approverUserId !== null || r.approverRole != null;

/**
 * The row that names the request's one approver: the first staff row still waiting that is not the creator's own,
 * else the first waiting (a request filed for the creator alone); undefined when no row waits on anyone. A row waiting
 * on a role (a ROLE step) waits: it is not decided.
 */
export function teamWaitingRow<R extends WaitingRow>(rows: readonly R[], creatorEmployeeId: number | null): R | undefined {
  const waiting = rows.filter(waits);
  return waiting.find((r) => r.employeeId !== creatorEmployeeId) ?? waiting[0];
}

/**
 * The request's one approver (issue 26, RULES.md §5; docs/overtime.md "Assignment"; the header, the scope and the
 * lists read it): the approver of the first staff row still waiting that is not the creator's own — the project's PM
 * for the team, or a delegate in force, or (issue 29) the current step's approver of a row in a flow — so a PM who
 * files for their team is its approver, as the staff rows say. Only a request filed for the creator alone goes to the
 * creator's own approver (nobody approves their own item). None when that row waits on a role (anyone of it decides,
 * the detail's rows say which), or when no row waits at all (every row approved at once by a flow with no step).
 */
export function teamApprover(rows: readonly WaitingRow[], creatorEmployeeId: number | null): number | null {
  return teamWaitingRow(rows, creatorEmployeeId)?.approverUserId ?? null;
}

/** A row as it waits now: the row, the staff member, the step (null: the single step), its approver or role. */
export type RowWait = { staffId: number; employeeId: number; step: number | null; approverUserId: number | null; approverRole: string | null };

/**
 * Who to tell that rows wait on them: each row's approver, or for a row at a ROLE step every enabled user of the role
 * but the staff member (`stepDeciders`, the first of them to act decides). `rows`: the row id, the staff member, and
 * the step it waits at (null: the single step).
 */
export async function rowDeciders(tx: DbOrTx, rows: readonly RowWait[]): Promise<number[]> {
  const out = new Set<number>();
  for (const r of rows) {
    if (r.approverRole !== null && r.step !== null) for (const u of await stepDeciders(tx, staffItem(r.staffId), r.step, r.employeeId)) out.add(u);
    else if (r.approverUserId !== null) out.add(r.approverUserId);
  }
  return [...out];
}

/** The creation's (or the edit's) history changes naming each new row's flow; none for rows in no flow. */
export const flowChanges = (plans: readonly RowPlan[]): HistoryChange[] =>
  plans.flatMap((p) => (p.plan ? [{ field: `staff[${p.employeeId}].approval_flow`, oldValue: null, newValue: `${p.plan.flow.name} (${p.plan.steps.length})` }] : []));

/** Rows a flow with no step approves at once, by the flow's name. */
export type AutomaticApprovals = Map<string, number[]>;

/**
 * The flows of the rows just inserted (`ids`: row id by employee): steps stored and step 1 deciding. A row whose flow
 * has no step is to be approved at once by the flow (`automatic`, then `approveAutomatically`) — unless an overtime
 * limit refuses it (issue 27 §2 holds at every approval): it then falls back to the single step and waits for its
 * single-step approver. `plans` come back with each row's final approver.
 */
export async function startRowFlows(
  tx: DbOrTx,
  row: { id: number; ot_date: string; date_type: string },
  plans: readonly RowPlan[],
  ids: ReadonlyMap<number, number>,
  now: Date,
): Promise<{ plans: RowPlan[]; automatic: AutomaticApprovals }> {
  for (const p of plans) if (p.plan && !isAutomatic(p)) await startFlow(tx, staffItem(ids.get(p.employeeId)!), p.plan.flow, p.plan.steps);
  const automatic: AutomaticApprovals = new Map();
  const candidates = plans.filter(isAutomatic);
  if (candidates.length === 0) return { plans: [...plans], automatic };
  const gate = await limitGate(tx, { requestId: row.id, employeeIds: candidates.map((p) => p.employeeId), otDate: row.ot_date, dateType: row.date_type, now, overrideReason: null });
  const out: RowPlan[] = [];
  for (const p of plans) {
    if (!isAutomatic(p)) {
      out.push(p);
      continue;
    }
    const staffId = ids.get(p.employeeId)!;
    if (gate.refused.has(p.employeeId)) {
      await repo.setRowApprover(tx, staffId, p.single);
      out.push({ ...p, plan: null, approverUserId: p.single, approverRole: null });
      continue;
    }
    const flow = p.plan!.flow;
    await startFlow(tx, staffItem(staffId), flow, []);
    automatic.set(flow.name, [...(automatic.get(flow.name) ?? []), p.employeeId]);
    out.push({ ...p, approverUserId: null, approverRole: null });
  }
  return { plans: out, automatic };
}

/**
 * The automatic approval of `startRowFlows`' rows: Approved at once, a history entry by the flow (`flowAuthor`) per
 * flow. The caller has queued the request's pay recalculation, as for any approval.
 */
export async function approveAutomatically(tx: DbOrTx, row: { id: number; creator_employee_id: number | null }, automatic: AutomaticApprovals): Promise<void> {
  for (const [name, employeeIds] of automatic) {
    const moved = await repo.approveAutomatically(tx, row.id, employeeIds);
    await recordHistory(tx, {
      tableName: OVERTIME_TABLE,
      recordId: row.id,
      employeeId: row.creator_employee_id,
      action: 'STATUS',
      changes: moved.map((e) => ({ field: `staff[${e}].status`, oldValue: S.pending, newValue: S.approved })),
      newRecord: { id: row.id, status: S.approved, staff: moved, approval_flow: name },
      by: flowAuthor(name),
    });
  }
}

/**
 * An edit of a pending request: every kept row that follows a flow and has passed step 1 starts again at step 1 (the
 * decisions cleared), so nobody's approval covers terms they never saw. Answers the history changes, who each such
 * row waits on now (by employee: step 1's approver, or its role), and the people to tell (`rowDeciders`).
 */
export async function restartKeptRows(
  tx: DbOrTx,
  kept: readonly repo.StaffRowDb[],
): Promise<{ changes: HistoryChange[]; approvers: Map<number, { approverUserId: number | null; approverRole: string | null }>; told: number[] }> {
  const changes: HistoryChange[] = [];
  const approvers = new Map<number, { approverUserId: number | null; approverRole: string | null }>();
  const restartedRows: RowWait[] = [];
  for (const s of kept) {
    if (s.approval_step_count === null) continue;
    const restarted = await restartFlow(tx, staffItem(s.id));
    if (!restarted) continue;
    approvers.set(s.employee_id, { approverUserId: restarted.approver_user_id, approverRole: restarted.approver_role });
    restartedRows.push({ staffId: s.id, employeeId: s.employee_id, step: 1, approverUserId: restarted.approver_user_id, approverRole: restarted.approver_role });
    changes.push(
      { field: `staff[${s.employee_id}].approval_step`, oldValue: restarted.from_step, newValue: 1 },
      { field: `staff[${s.employee_id}].approver_id`, oldValue: s.approver_user_id, newValue: restarted.approver_user_id },
      ...(restarted.approver_role !== s.approver_role ? [{ field: `staff[${s.employee_id}].approver_role`, oldValue: s.approver_role, newValue: restarted.approver_role }] : []),
    );
  }
  return { changes, approvers, told: await rowDeciders(tx, restartedRows) };
}

/**
 * Each targeted row's flow state (read with the rows, under the request's lock). For an approval, 409 'This step has
 * already been decided' when the row has moved past the step the caller saw, or the caller decided an earlier step of
 * it and is not its current approver (a second approve). At a ROLE step a caller holding the role counts as its
 * current approver (`decidesRow`), as for requests.
 */
export async function rowOutcomes(
  tx: DbOrTx,
  staff: readonly repo.StaffRowDb[],
  employeeIds: readonly number[],
  approve: { caller: { userId: number; actors: readonly string[] }; seen: ReadonlyMap<number, number | null> } | null,
): Promise<Map<number, StepOutcome>> {
  const out = new Map<number, StepOutcome>();
  for (const e of employeeIds) {
    const s = staff.find((r) => r.employee_id === e);
    if (!s) continue;
    const outcome = await stepOutcome(tx, staffItem(s.id), s);
    if (approve) {
      const { caller } = approve;
      const decides = decidesRow({ approver_id: s.approver_user_id, approver_role: s.approver_role }, caller);
      await refuseDecidedStep(tx, { item: staffItem(s.id), pending: s.status === S.pending, assigneeUserId: decides ? caller.userId : s.approver_user_id }, outcome, caller.userId, approve.seen.get(e));
    }
    out.set(e, outcome);
  }
  return out;
}

export type PassedRow = { employeeId: number; step: number; nextStep: number; nextApprover: number | null };

/**
 * Approvals of rows at a step that is not their last: each moves to its next step's approver — or, at a ROLE step, to
 * anyone of its role (the approver null) — in one conditional UPDATE (409 when a parallel approval moved it first), the
 * step's decision recorded by `userId`. The row stays Pending; nothing else happens until its last step. Answers the
 * history changes and the people to tell (the next step's approver, or everyone of its role but the staff member).
 */
export async function passRows(tx: DbOrTx, staff: readonly repo.StaffRowDb[], rows: readonly PassedRow[], userId: number): Promise<{ changes: HistoryChange[]; told: number[] }> {
  const changes: HistoryChange[] = [];
  const next: RowWait[] = [];
  for (const r of rows) {
    const s = staff.find((x) => x.employee_id === r.employeeId)!;
    await passStep(tx, staffItem(s.id), { step: r.step, nextApprover: r.nextApprover, comment: null, userId });
    const now = await repo.rowWaitsOn(tx, s.id);
    next.push({ staffId: s.id, employeeId: r.employeeId, step: r.nextStep, approverUserId: now.approver_user_id, approverRole: now.approver_role });
    changes.push(
      { field: `staff[${r.employeeId}].approval_step`, oldValue: r.step, newValue: r.nextStep },
      { field: `staff[${r.employeeId}].approver_id`, oldValue: s.approver_user_id, newValue: r.nextApprover },
      ...(now.approver_role !== s.approver_role ? [{ field: `staff[${r.employeeId}].approver_role`, oldValue: s.approver_role, newValue: now.approver_role }] : []),
    );
  }
  return { changes, told: await rowDeciders(tx, next) };
}

const person = (userId: number | null, username: string | null, name: string | null): ApprovalPerson | null =>
  userId === null ? null : { user_id: userId, username: username ?? '', name: name || username || '' };

/**
 * The approval timeline of one staff row of a fixed request within the caller's scope (404 outside it, or for staff
 * not on the request): its flow's steps, or for a row in no flow its single step — its approver, and who decided it.
 */
export async function fixedRowTimeline(
  db: DbOrTx,
  user: SessionUser,
  id: number,
  employeeId: number,
  load: (db: DbOrTx, user: SessionUser, id: number) => Promise<repo.FixedRowDb>,
): Promise<ApprovalTimeline> {
  const row = await load(db, user, id);
  const s = (await repo.staffOf(db, row.id)).find((r) => r.employee_id === employeeId);
  if (!s) throw notFound(F.notInRequest);
  const approver = person(s.approver_user_id, s.approver_username, s.approver_name);
  const decided = s.status === S.approved || s.status === S.rejected;
  const single: ApprovalTimelineStep = {
    position: 1,
    rule: null,
    approver,
    decision: s.status === S.approved ? 'APPROVED' : s.status === S.rejected ? 'REJECTED' : s.status === S.pending ? 'CURRENT' : 'CLOSED',
    decided_by: decided ? (person(s.decided_by_user_id, s.decided_by_username, s.decided_by_name) ?? approver) : null,
    decided_at: decided ? s.decided_at : null,
    comment: s.status === S.rejected ? s.reject_reason : null,
  };
  return itemTimeline(
    db,
    staffItem(s.id),
    {
      request_id: row.id,
      status: s.status,
      flow_name: s.approval_flow_name,
      created_at: row.created_at,
      pending: s.status === S.pending,
      approved: s.status === S.approved,
      approval_step: s.approval_step,
      approval_step_count: s.approval_step_count,
    },
    single,
  );
}

/** The detail's `approval_step` of a row: while pending in a flow, its step, the count and the flow's name. */
export const rowApprovalStep = (s: repo.StaffRowDb) =>
  s.status === S.pending && s.approval_step !== null && s.approval_step_count !== null ? { step: s.approval_step, count: s.approval_step_count, flow_name: s.approval_flow_name } : null;
