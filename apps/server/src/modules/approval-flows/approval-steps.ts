import { approvalFlowAuthorName } from '@tms/contracts/history-authors';
import { APPROVAL_FLOW_MESSAGES as F, type ApprovalItemKind, type ApprovalPreview, type ApprovalTimeline, type ApprovalTimelineStep, type TimelineDecision } from '@tms/contracts/approval-flows';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { recordHistory, systemHistoryAuthor, type HistoryAuthor } from '../../lib/history.ts';
import { resolveApprover } from '../auth/approver.repository.ts';
import { chooseFlow, resolveSteps, type ApprovalItem, type ResolvedStep } from './approval-rules.ts';
import * as repo from './approval-flows.repository.ts';
import { requestItem, type StepItem } from './approval-flows.repository.ts';

export { requestItem, type StepItem, type StepItemType } from './approval-flows.repository.ts';

/**
 * Running approval flows (issue 29, docs/approval-flows.md): the flow a new item follows and its steps' approvers,
 * and the timeline of a request. The request's write side calls these in its own transaction.
 */

/** A new item as a flow's conditions read it. */
export type NewApprovalItem = {
  /** Null: a kind no flow applies to (the single step). */
  kind: ApprovalItemKind | null;
  employeeId: number;
  reasonType: string | null;
  /** Days. */
  amount: number;
  projectId: number | null;
  /** The item's first date (delegations in force on it). */
  date: string;
};

export type ApprovalPlan = { flow: { id: number; name: string }; steps: ResolvedStep[] };

/** The history fields of a new item's CREATE entry that name its flow: the flow, the step deciding, the step count. */
export const FLOW_HISTORY_FIELDS = ['approval_flow', 'approval_step', 'approval_step_count'] as const;
/** Their values for an item that follows `plan` (none in no flow); a flow of no step has no step deciding. */
export const flowHistoryValues = (plan: ApprovalPlan | null) =>
  plan ? { approval_flow: plan.flow.name, approval_step: plan.steps.length === 0 ? null : 1, approval_step_count: plan.steps.length } : {};

/** The flow `item` follows and each step's approver; null when no flow applies (the single step of RULES.md §5). */
export async function planApproval(db: DbOrTx, item: NewApprovalItem): Promise<ApprovalPlan | null> {
  if (item.kind === null) return null;
  const flows = await repo.activeFlows(db, item.kind);
  if (flows.length === 0) return null;
  const facts = await repo.requesterFacts(db, item.employeeId);
  const conditions: ApprovalItem = {
    kind: item.kind,
    reasonType: item.reasonType,
    amount: item.amount,
    divisionId: facts?.division_id ?? null,
    departmentId: facts?.department_id ?? null,
    roles: facts?.roles ?? [],
  };
  const flow = chooseFlow(flows, conditions);
  if (!flow) return null;
  const namedUserIds = flow.steps.flatMap((s) => (s.userId === null ? [] : [s.userId]));
  const people = await repo.requesterPeople(db, { employeeId: item.employeeId, projectId: item.projectId, date: item.date, namedUserIds });
  return { flow: { id: flow.id, name: flow.name }, steps: resolveSteps(flow.steps, people) };
}

/** Which flow an item would follow and who would approve each step (Settings → Approval flows → Preview). */
export async function previewApproval(db: DbOrTx, item: NewApprovalItem): Promise<ApprovalPreview> {
  const plan = await planApproval(db, item);
  if (plan) {
    return {
      flow: plan.flow,
      auto_approve: plan.steps.length === 0,
      steps: plan.steps.map((s) => ({ position: s.position, rule: s.rule, role: s.role ?? null, approver: s.approver, source: s.source })),
      default_approver: null,
    };
  }
  const single = await resolveApprover(db, { employeeId: item.employeeId, projectId: item.projectId, date: item.date });
  return {
    flow: null,
    auto_approve: false,
    steps: [],
    default_approver: single ? { user_id: single.userId, username: single.username, name: single.name } : null,
  };
}

/**
 * What a decision on a request does: at a step with more to come, move to the next; at the last step (or the single
 * step of a request in no flow) the decision is the request's own, and the single step's effects follow.
 */
export type StepOutcome =
  | { kind: 'next'; step: number; nextStep: number; nextApprover: number | null; count: number }
  | { kind: 'final'; step: number }
  | { kind: 'single'; step: null };

/**
 * The request's flow state, from its `approval_step` and `approval_step_count` as the caller read them with the row:
 * the single step, the last step, or a step with more to come (whose next approver is read).
 */
export async function stepOutcome(db: DbOrTx, item: StepItem, state: { approval_step: number | null; approval_step_count: number | null }): Promise<StepOutcome> {
  const step = state.approval_step;
  const count = state.approval_step_count;
  if (step === null || count === null) return { kind: 'single', step: null };
  if (step >= count) return { kind: 'final', step };
  return { kind: 'next', step, count, nextStep: step + 1, nextApprover: await repo.stepApprover(db, item, step + 1) };
}

export const startFlow = repo.startFlow;
export const startRequestFlow = (tx: DbOrTx, requestId: number, flow: { id: number; name: string }, steps: readonly ResolvedStep[]) => repo.startFlow(tx, requestItem(requestId), flow, steps);

/**
 * Step `step` (not the last) of `item` approved by `userId`: the item moves to the next step's approver — 409 when a
 * parallel approval moved it first — and the step's decision is recorded. The item's own history and telling the
 * next approver are its module's (each has its own history table and notification).
 */
export async function passStep(
  tx: DbOrTx,
  item: StepItem,
  p: { step: number; nextApprover: number | null; comment: string | null; userId: number },
): Promise<{ version: number | null }> {
  const moved = await repo.advanceStep(tx, item, p.step, p.nextApprover);
  if (!moved) throw new AppError(409, F.stepDecided, [F.stepDecided]);
  await repo.decideStep(tx, item, p.step, 3, p.userId, p.comment);
  return moved;
}

/**
 * A request's step (not the last) approved by `by`: `passStep`, and the request's history entry. Requests and
 * explanations (an explanation is a request row) both pass a step this way.
 */
export async function passRequestStep(
  tx: DbOrTx,
  p: { requestId: number; employeeId: number; status: number; assigneeUserId: number | null; step: number; nextStep: number; nextApprover: number | null; comment: string | null; by: HistoryAuthor },
): Promise<{ version: number }> {
  const moved = await passStep(tx, requestItem(p.requestId), { step: p.step, nextApprover: p.nextApprover, comment: p.comment, userId: p.by.userId });
  await recordHistory(tx, {
    tableName: 'requests',
    recordId: p.requestId,
    employeeId: p.employeeId,
    action: 'STATUS',
    changes: [
      { field: 'approval_step', oldValue: p.step, newValue: p.nextStep },
      { field: 'assignee_user_id', oldValue: p.assigneeUserId, newValue: p.nextApprover },
      ...(p.comment ? [{ field: 'approval_comment', oldValue: null, newValue: p.comment }] : []),
    ],
    newRecord: { id: p.requestId, status: p.status, approval_step: p.nextStep, version: moved.version },
    by: p.by,
  });
  // A request row always has a version.
  return { version: moved.version ?? 0 };
}

/**
 * 409 for an approve of a step already decided: the step the caller saw (`seenStep`) has moved on, or the caller
 * decided an earlier step of this pending item and is not the current step's approver — a second click, or a
 * parallel approve of the same step.
 */
export async function refuseDecidedStep(
  db: DbOrTx,
  item: { item: StepItem; pending: boolean; assigneeUserId: number | null },
  flow: StepOutcome,
  callerUserId: number,
  seenStep: number | null | undefined,
): Promise<void> {
  if (flow.kind === 'single' || !item.pending) return;
  const moved = seenStep !== null && seenStep !== undefined && seenStep !== flow.step;
  if (moved || (item.assigneeUserId !== callerUserId && (await repo.decidedBy(db, item.item, callerUserId)))) throw new AppError(409, F.stepDecided, [F.stepDecided]);
}

/** The last step's approval, or a rejection at any step: the step's decision beside the item's own (none for the single step). */
export async function recordStepDecision(tx: DbOrTx, item: StepItem, flow: StepOutcome, decision: 3 | 4, userId: number, comment: string | null): Promise<void> {
  if (flow.kind !== 'single') await repo.decideStep(tx, item, flow.step, decision, userId, comment);
}

/** The author of what a flow decides by itself (an automatic approval): the history names the flow. */
export const flowAuthor = (flowName: string) => systemHistoryAuthor(approvalFlowAuthorName(flowName));
export const moveStepApprover = repo.moveStepApprover;
export const stepDeciders = repo.stepDeciders;
export const restartFlow = repo.restartFlow;

const decisionOf = (row: { decision: number | null; position: number }, current: number | null, pending: boolean): TimelineDecision => {
  if (row.decision === 3) return 'APPROVED';
  if (row.decision === 4) return 'REJECTED';
  if (!pending) return 'CLOSED';
  if (current === row.position) return 'CURRENT';
  return 'WAITING';
};

/**
 * The timeline of a request: each step of its flow, or the single step of RULES.md §5 (its assignee, and who
 * decided it, from the request itself). Null when the request does not exist.
 */
export async function requestTimeline(db: DbOrTx, requestId: number): Promise<ApprovalTimeline | null> {
  const row = await repo.timelineOf(db, requestId);
  if (!row) return null;
  const base = { request_id: row.id, status: row.status, flow_name: row.approval_flow_name, created_at: row.created_at };
  if (row.approval_step_count === null) {
    const decided = row.status === 3 || row.status === 4;
    const single: ApprovalTimelineStep = {
      position: 1,
      rule: null,
      approver: row.assignee,
      decision: row.status === 3 ? 'APPROVED' : row.status === 4 ? 'REJECTED' : row.status === 1 ? 'CURRENT' : 'CLOSED',
      // Only the assignee decides a single-step request (RULES.md §5): an approval names its approver; a rejection its assignee.
      decided_by: row.status === 3 ? (row.approved_by ?? row.assignee) : row.status === 4 ? row.assignee : null,
      decided_at: decided ? row.updated_at : null,
      comment: row.status === 4 ? row.reasons_for_rejection : null,
    };
    return { ...base, auto_approved: false, current_step: row.status === 1 ? 1 : null, step_count: 1, steps: [single] };
  }
  return flowTimeline(base, row.steps ?? [], { pending: row.status === 1, approved: row.status === 3, step: row.approval_step, count: row.approval_step_count });
}

type TimelineBase = Pick<ApprovalTimeline, 'request_id' | 'status' | 'flow_name' | 'created_at'>;

function flowTimeline(base: TimelineBase, rows: readonly repo.StepDbRow[], state: { pending: boolean; approved: boolean; step: number | null; count: number }): ApprovalTimeline {
  const steps = rows.map((s) => ({
    position: s.position,
    rule: s.rule,
    role: s.role ?? null,
    approver: s.approver,
    decision: decisionOf(s, state.step, state.pending),
    decided_by: s.decided_by,
    decided_at: s.decided_at,
    comment: s.comment,
  }));
  return { ...base, auto_approved: state.count === 0 && state.approved, current_step: state.pending ? state.step : null, step_count: state.count, steps };
}

/**
 * The timeline of an onsite record's Department stage or an overtime staff row under a flow, from the state its
 * module read (`pending`: the flow's stage is still deciding; `approved`: it approved). An item in no flow answers
 * `single`, the single step as its module describes it.
 */
export async function itemTimeline(
  db: DbOrTx,
  item: StepItem,
  state: TimelineBase & { pending: boolean; approved: boolean; approval_step: number | null; approval_step_count: number | null },
  single: ApprovalTimelineStep,
): Promise<ApprovalTimeline> {
  const base = { request_id: state.request_id, status: state.status, flow_name: state.flow_name, created_at: state.created_at };
  if (state.approval_step_count === null) return { ...base, auto_approved: false, current_step: state.pending ? 1 : null, step_count: 1, steps: [single] };
  return flowTimeline(base, await repo.stepsOf(db, item), { pending: state.pending, approved: state.approved, step: state.approval_step, count: state.approval_step_count });
}
