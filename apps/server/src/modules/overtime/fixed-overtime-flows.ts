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
import { FIXED_MESSAGES as F } from '@tms/contracts/overtime-fixed';
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

/** A new staff row's approval: its flow (null: the single step), and the approver it waits for (null when none). */
export type RowPlan = { employeeId: number; single: number; plan: ApprovalPlan | null; approverUserId: number | null };

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
    out.push({ employeeId: a.employeeId, single: a.approverUserId, plan, approverUserId });
  }
  return out;
}

/**
 * The request's one approver (issue 26, RULES.md §5; docs/overtime.md "Assignment"; the header, the scope and the
 * lists read it): the approver of the first staff row still waiting that is not the creator's own — the project's PM
 * for the team, or a delegate in force, or (issue 29) the current step's approver of a row in a flow — so a PM who
 * files for their team is its approver, as the staff rows say. Only a request filed for the creator alone goes to the
 * creator's own approver (nobody approves their own item). None when no row waits for anyone (every row approved at
 * once by a flow with no step).
 */
export function teamApprover(rows: readonly { employeeId: number; approverUserId: number | null }[], creatorEmployeeId: number | null): number | null {
  const waiting = rows.filter((r) => r.approverUserId !== null);
  return (waiting.find((r) => r.employeeId !== creatorEmployeeId) ?? waiting[0])?.approverUserId ?? null;
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
      out.push({ ...p, plan: null, approverUserId: p.single });
      continue;
    }
    const flow = p.plan!.flow;
    await startFlow(tx, staffItem(staffId), flow, []);
    automatic.set(flow.name, [...(automatic.get(flow.name) ?? []), p.employeeId]);
    out.push({ ...p, approverUserId: null });
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
 * decisions cleared), so nobody's approval covers terms they never saw. Answers the history changes and the rows'
 * new approvers (by employee), to be told.
 */
export async function restartKeptRows(tx: DbOrTx, kept: readonly repo.StaffRowDb[]): Promise<{ changes: HistoryChange[]; approvers: Map<number, number | null> }> {
  const changes: HistoryChange[] = [];
  const approvers = new Map<number, number | null>();
  for (const s of kept) {
    if (s.approval_step_count === null) continue;
    const restarted = await restartFlow(tx, staffItem(s.id));
    if (!restarted) continue;
    approvers.set(s.employee_id, restarted.approver_user_id);
    changes.push(
      { field: `staff[${s.employee_id}].approval_step`, oldValue: restarted.from_step, newValue: 1 },
      { field: `staff[${s.employee_id}].approver_id`, oldValue: s.approver_user_id, newValue: restarted.approver_user_id },
    );
  }
  return { changes, approvers };
}

/**
 * Each targeted row's flow state (read with the rows, under the request's lock). For an approval, 409 'This step has
 * already been decided' when the row has moved past the step the caller saw, or the caller decided an earlier step of
 * it and is not its current approver (a second approve).
 */
export async function rowOutcomes(
  tx: DbOrTx,
  staff: readonly repo.StaffRowDb[],
  employeeIds: readonly number[],
  approve: { callerUserId: number; seen: ReadonlyMap<number, number | null> } | null,
): Promise<Map<number, StepOutcome>> {
  const out = new Map<number, StepOutcome>();
  for (const e of employeeIds) {
    const s = staff.find((r) => r.employee_id === e);
    if (!s) continue;
    const outcome = await stepOutcome(tx, staffItem(s.id), s);
    if (approve) await refuseDecidedStep(tx, { item: staffItem(s.id), pending: s.status === S.pending, assigneeUserId: s.approver_user_id }, outcome, approve.callerUserId, approve.seen.get(e));
    out.set(e, outcome);
  }
  return out;
}

export type PassedRow = { employeeId: number; step: number; nextStep: number; nextApprover: number | null };

/**
 * Approvals of rows at a step that is not their last: each moves to its next step's approver (one conditional UPDATE;
 * 409 when a parallel approval moved it first), the step's decision recorded by `userId`. The row stays Pending;
 * nothing else happens until its last step. Answers the history changes.
 */
export async function passRows(tx: DbOrTx, staff: readonly repo.StaffRowDb[], rows: readonly PassedRow[], userId: number): Promise<HistoryChange[]> {
  const changes: HistoryChange[] = [];
  for (const r of rows) {
    const s = staff.find((x) => x.employee_id === r.employeeId)!;
    await passStep(tx, staffItem(s.id), { step: r.step, nextApprover: r.nextApprover, comment: null, userId });
    changes.push(
      { field: `staff[${r.employeeId}].approval_step`, oldValue: r.step, newValue: r.nextStep },
      { field: `staff[${r.employeeId}].approver_id`, oldValue: s.approver_user_id, newValue: r.nextApprover },
    );
  }
  return changes;
}

/** The next approvers of rows that passed a step, once each (none found: nobody to tell). */
export const nextApprovers = (rows: readonly PassedRow[]) => [...new Set(rows.flatMap((r) => (r.nextApprover === null ? [] : [r.nextApprover])))];

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
