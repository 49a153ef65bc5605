/**
 * flexible-change-status (spec 001 §4.6, §7.3): approve, reject, cancel and confirm, each id in its own transaction
 * and one conditional UPDATE; the enable rules are contracts `flexibleRefusal`. Confirm writes the OT pay per shift
 * (`checkConfirmation`). The pay core recomputes after each commit.
 */
import { FLEXIBLE_STATUS as S } from '@tms/contracts/overtime';
import {
  checkConfirmation,
  FLEXIBLE_ACTIONS,
  FLEXIBLE_MESSAGES as M,
  flexibleRefusal,
  type FlexibleChangeStatusPayload,
  type FlexibleStatusAction,
  type FlexibleStatusItem,
} from '@tms/contracts/overtime-flexible';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { recordHistory, type HistoryChange } from '../../lib/history.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import * as repo from './flexible-overtime.repository.ts';
import { facts, history, load, refusalError, tell, viewerOf, type FlexibleDeps } from './flexible-overtime.service.ts';
import { flowAuthor, passStep, recordStepDecision, refuseDecidedStep, restartFlow, stepDeciders, type StepOutcome } from '../approval-flows/approval-steps.ts';
import { decidesItem } from '@tms/contracts/approval-flows';
import { autoApproves, flexibleItem, managerStepOutcome } from './flexible-overtime-flow.ts';
import { OVERTIME_TABLE } from './overtime-files.repository.ts';
import { markLimitOverride } from './fixed-overtime.repository.ts';
import { limitGate, limitRefusal, overrideReasonOf } from './overtime-limit-gate.ts';
import { queueFlexibleDecision } from './overtime-webhook-events.ts';

type Caller = SessionUser;

const STATUS_TO: Record<FlexibleStatusAction, (from: number) => number> = {
  approve: (from) => (from === S.pendingPm ? S.approvedByPm : S.approved),
  reject: (from) => (from === S.pendingPm ? S.rejectedByPm : S.rejectedByManager),
  cancel: () => S.cancelled,
  confirm: () => S.confirmed,
};

/**
 * flexible-change-status: each id in its own transaction; per-item `{ id, code, message }`. 200 when all succeed,
 * 207 when some do, else the first failure's code (RULES.md §1).
 */
export async function changeFlexibleStatus(deps: FlexibleDeps, user: Caller, p: FlexibleChangeStatusPayload): Promise<{ status: number; message: string; items: FlexibleStatusItem[] }> {
  const action = p.action.trim().toLowerCase() as FlexibleStatusAction;
  if (!(FLEXIBLE_ACTIONS as readonly string[]).includes(action)) throw badRequest(M.actionRequired);
  const reason = p.reason?.trim() ? p.reason.trim() : null;
  if (action === 'reject' && !reason) throw badRequest(M.rejectReasonRequired);
  if (action === 'cancel' && !reason) throw badRequest(M.cancelReasonRequired);
  if (reason !== null && reason.length > 1000) throw badRequest(M.reasonTooLong);
  const overrideReason = action === 'approve' ? overrideReasonOf(user, p.overrideReason) : null;
  const ids = [...new Set(Array.isArray(p.requestId) ? p.requestId : [p.requestId])];
  const single = !Array.isArray(p.requestId);
  const items: FlexibleStatusItem[] = [];
  const done: number[] = [];
  for (const id of ids) {
    try {
      const status = await changeOne(deps, user, id, action, p, { reason, overrideReason }, single || ids.length === 1);
      items.push({ id, code: 200, message: M.updateStatusSuccess, status });
      done.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (single) throw err;
      items.push({ id, code: err.statusCode, message: err.message, status: null });
    }
  }
  const failed = items.find((i) => i.code !== 200);
  if (!failed) return { status: 200, message: M.updateStatusSuccess, items };
  if (done.length > 0) return { status: 207, message: M.updateStatusSuccess, items };
  return { status: failed.code, message: failed.message, items };
}

/**
 * Issue 27 §2: an approval (either stage) that would take the requester over an overtime limit is refused (409), unless
 * HR or HRM approves with an override reason — kept on the staff row and in the history.
 */
async function gateApproval(tx: DbOrTx, deps: FlexibleDeps, user: Caller, row: repo.FlexibleRowDb, overrideReason: string | null): Promise<HistoryChange[]> {
  const e = row.requester_employee_id;
  const gate = await limitGate(tx, { requestId: row.id, employeeIds: [e], otDate: row.ot_date, dateType: row.date_type, now: deps.clock.now(), overrideReason });
  const refused = gate.refused.get(e);
  if (refused) throw limitRefusal(refused);
  const overridden = gate.overridden.get(e);
  if (!overridden || overrideReason === null) return [];
  await markLimitOverride(tx, row.id, [e], overrideReason, user.userId);
  return [{ field: 'limit_override_reason', oldValue: row.limit_override_reason, newValue: `${overrideReason} (${overridden.join('; ')})` }];
}

type Reasons = { reason: string | null; overrideReason: string | null };

/**
 * Who decides the manager stage's step `step` now, to be told: at a ROLE step (`role`) every enabled user of the role
 * but the requester (the approval core's `stepDeciders`), else its approver (none when nobody could be found).
 */
async function managerDeciders(tx: DbOrTx, row: repo.FlexibleRowDb, step: number, role: string | null, approver: number | null): Promise<number[]> {
  if (role !== null) return stepDeciders(tx, flexibleItem(row), step, row.requester_employee_id);
  return approver === null ? [] : [approver];
}

/**
 * Issue 29: an approval at a step of the manager stage that is not the last — the limits gate as at every approval,
 * the step recorded and the staff row moved to the next step (`passStep`, 409 when a parallel approval moved it
 * first), the request's assignee and manager stage handed to the next step's approver, or at a ROLE step to its role
 * (version + 1), a history entry, and whoever decides the next step told. The status stays 3; no effect (the pay
 * follows the final approval).
 */
async function passManagerStep(
  tx: DbOrTx,
  deps: FlexibleDeps,
  user: Caller,
  row: repo.FlexibleRowDb,
  a: { flow: Extract<StepOutcome, { kind: 'next' }>; comment: string | null; overrideReason: string | null; version: number | null },
): Promise<number> {
  const { flow } = a;
  const limits = await gateApproval(tx, deps, user, row, a.overrideReason);
  await passStep(tx, flexibleItem(row), { step: flow.step, nextApprover: flow.nextApprover, comment: a.comment, userId: user.userId });
  const moved = await repo.passManagerStep(tx, row.id, { version: a.version, nextApprover: flow.nextApprover });
  if (!moved) throw new AppError(409, M.statusChanged, [M.statusChanged]);
  const changes: HistoryChange[] = [
    { field: 'approval_step', oldValue: flow.step, newValue: flow.nextStep },
    { field: 'assignee_user_id', oldValue: row.assignee_user_id, newValue: flow.nextApprover },
    { field: 'manager_user_id', oldValue: row.manager_user_id, newValue: flow.nextApprover },
    ...(moved.assignee_role !== row.assignee_role ? [{ field: 'assignee_role', oldValue: row.assignee_role, newValue: moved.assignee_role }] : []),
    ...(a.comment ? [{ field: 'approval_comment', oldValue: null, newValue: a.comment }] : []),
    ...limits,
  ];
  await history(tx, row, user, 'STATUS', changes, { id: row.id, action: 'approve', status: S.confirmed, approval_step: flow.nextStep, version: moved.version });
  const next = await managerDeciders(tx, row, flow.nextStep, moved.assignee_role, flow.nextApprover);
  await tell(tx, deps.mail, row.id, { userIds: next }, 'ASSIGNED', { key: 'overtimePayConfirmed', params: { id: row.id, title: row.title } });
  return S.confirmed;
}

/**
 * Who decides as `user`: HR or HRM approving over a limit with a reason decides in the assignee's place (issue 27
 * §2), at a ROLE step as one of its role; anyone else as themselves.
 */
function deciderOf(user: Caller, row: repo.FlexibleRowDb, overrideReason: string | null): ReturnType<typeof viewerOf> {
  const own = viewerOf(user);
  if (overrideReason === null) return own;
  return { ...own, userId: row.assignee_user_id ?? user.userId, actors: row.assignee_role === null ? own.actors : [...(own.actors ?? []), row.assignee_role] };
}

/**
 * The refusals before any write. Issue 29: the manager stage (3) in an approval flow is decided step by step
 * (flexible-overtime-flow.ts): a second approve of a step already decided is 409 before the step's own rules (403 for
 * anyone but its approver). At a ROLE step anyone of the role acts as the current step's approver (approval-rules.ts
 * `decidesItem`). Then the action's own rules (contracts `flexibleRefusal`).
 */
async function refuseDecision(
  tx: DbOrTx,
  deps: FlexibleDeps,
  row: repo.FlexibleRowDb,
  a: { action: FlexibleStatusAction; viewer: ReturnType<typeof viewerOf>; flow: StepOutcome; approvalStep: number | null | undefined },
): Promise<void> {
  const { action, viewer } = a;
  if (action === 'approve') {
    const decides = decidesItem({ assigneeUserId: row.assignee_user_id, assigneeRole: row.assignee_role }, { userId: viewer.userId, actors: viewer.actors ?? [] });
    const current = { item: flexibleItem(row), pending: row.status === S.confirmed, assigneeUserId: decides ? viewer.userId : row.assignee_user_id };
    await refuseDecidedStep(tx, current, a.flow, viewer.userId, a.approvalStep ?? null);
  }
  const lockDate = await getLockDate(tx, row.company_id);
  const refused = flexibleRefusal(action, facts(row), viewer, { now: deps.clock.now(), lockDate });
  if (refused) throw refusalError(refused);
}

type ConfirmedShift = { shift: string; value: number; reason: string | null };

/**
 * Confirm: the value of each pay line, checked against its actual hours (contracts `checkConfirmation`; a shift the
 * request does not have is refused), written, and the total's history change.
 */
async function confirmPay(tx: DbOrTx, row: repo.FlexibleRowDb, details: FlexibleChangeStatusPayload['details']): Promise<{ confirmed: ConfirmedShift[]; change: HistoryChange }> {
  const lines = await repo.payLinesOf(tx, row.id);
  if (lines.length === 0) throw badRequest(M.confirmWithoutPay);
  const given = new Map((details ?? []).map((d) => [d.shift.trim(), d]));
  for (const shift of given.keys()) if (!lines.some((l) => l.shift === shift)) throw badRequest(M.unknownShift(shift));
  const values: { id: number; value: number; reason: string | null }[] = [];
  const confirmed: ConfirmedShift[] = [];
  for (const l of lines) {
    const checked = checkConfirmation(l, given.get(l.shift) ?? {}, row.status);
    if ('error' in checked) throw badRequest(checked.error.text);
    values.push({ id: l.id, value: checked.value, reason: checked.reason });
    confirmed.push({ shift: l.shift, value: checked.value, reason: checked.reason });
  }
  await repo.writeConfirmation(tx, row.id, values);
  const total = Math.round(values.reduce((sum, v) => sum + v.value, 0) * 100) / 100;
  return { confirmed, change: { field: 'total_time_confirm', oldValue: row.total_time_confirm, newValue: total } };
}

/** Where the request goes: its new status, who it waits for next, and a restarted flow's step-1 approver. */
type Move = { to: number; auto: boolean; assignee: number | null; assigneeRole: string | null; manager: number | null; restarted: Awaited<ReturnType<typeof restartFlow>> };

/** The history changes the move itself makes (the reason given, the new assignee, a restarted flow). */
function moveChanges(row: repo.FlexibleRowDb, action: FlexibleStatusAction, reason: string | null, m: Move): HistoryChange[] {
  const changes: HistoryChange[] = [];
  if (action === 'reject') changes.push({ field: 'reasons_for_rejection', oldValue: row.reasons_for_rejection, newValue: reason });
  if (action === 'cancel') changes.push({ field: 'reason_for_cancellation', oldValue: row.reason_for_cancellation, newValue: reason });
  if (m.assignee !== row.assignee_user_id) changes.push({ field: 'assignee_user_id', oldValue: row.assignee_user_id, newValue: m.assignee });
  if (m.assigneeRole !== row.assignee_role) changes.push({ field: 'assignee_role', oldValue: row.assignee_role, newValue: m.assigneeRole });
  if (m.restarted) {
    changes.push({ field: 'approval_step', oldValue: m.restarted.from_step, newValue: 1 }, { field: 'manager_user_id', oldValue: row.manager_user_id, newValue: m.manager });
  }
  return changes;
}

/** A flow of no step approved the manager stage by itself: its own history entry, by the flow. */
async function recordAutoApproval(tx: DbOrTx, row: repo.FlexibleRowDb, changes: HistoryChange[], version: number): Promise<void> {
  await recordHistory(tx, {
    tableName: OVERTIME_TABLE,
    recordId: row.id,
    employeeId: row.requester_employee_id,
    action: 'STATUS',
    changes,
    newRecord: { id: row.id, status: S.approved, approval_flow: row.approval_flow_name, version },
    by: flowAuthor(row.approval_flow_name ?? ''),
  });
}

/** Who is told of the decision: the requester of an approval or rejection, the next deciders of a confirmation, both of a cancellation. */
async function tellDecision(tx: DbOrTx, deps: FlexibleDeps, user: Caller, row: repo.FlexibleRowDb, action: FlexibleStatusAction, reason: string | null, m: Move): Promise<void> {
  const item = { id: row.id, title: row.title };
  const stage = row.status === S.pendingPm ? ('pm' as const) : ('manager' as const);
  const requester = row.requester_user_id !== user.userId ? [row.requester_employee_id] : [];
  if (action === 'approve' || m.auto) await tell(tx, deps.mail, row.id, { employeeIds: requester }, 'APPROVED', { key: 'overtimeStageDecided', params: { ...item, stage, decision: 'approved' } });
  if (action === 'reject') await tell(tx, deps.mail, row.id, { employeeIds: requester }, 'REJECTED', { key: 'overtimeStageDecided', params: { ...item, stage, decision: 'rejected' } }, reason);
  // The confirmation hands the manager stage over (its step 1, a restarted flow's too): whoever decides it is told.
  if (action === 'confirm' && !m.auto) {
    const deciders = await managerDeciders(tx, row, m.restarted ? 1 : (row.approval_step ?? 1), m.assigneeRole, m.manager);
    await tell(tx, deps.mail, row.id, { userIds: deciders }, 'ASSIGNED', { key: 'overtimePayConfirmed', params: item });
  }
  if (action === 'cancel') {
    const waiting = row.assignee_user_id !== user.userId ? [row.assignee_user_id] : [];
    await tell(tx, deps.mail, row.id, { userIds: waiting, employeeIds: requester }, 'CANCELLED', { key: 'overtimeCancelled', params: item }, reason);
  }
}

/**
 * `checkVersion`: a single id (the page's action) — the version and the approval step it read hold; a batch decides
 * each item as it is now, and only the caller's current step of it (RULES.md §5).
 */
async function changeOne(deps: FlexibleDeps, user: Caller, id: number, action: FlexibleStatusAction, p: FlexibleChangeStatusPayload, reasons: Reasons, checkVersion: boolean): Promise<number> {
  const { reason, overrideReason } = reasons;
  return deps.db.transaction(async (tx) => {
    const row = await load(tx, deps.clock.timeZone, user, id, true);
    if (checkVersion && p.version && p.version !== row.version) throw new AppError(409, M.stale, [M.stale]);
    const flow = await managerStepOutcome(tx, row);
    await refuseDecision(tx, deps, row, { action, viewer: deciderOf(user, row, overrideReason), flow, approvalStep: checkVersion ? p.approval_step : null });
    if (action === 'approve' && flow.kind === 'next') return passManagerStep(tx, deps, user, row, { flow, comment: reason, overrideReason, version: checkVersion ? (p.version ?? null) : null });
    // A flow of no step: the PM's first confirmation approves the manager stage at once (history by the flow).
    const auto = action === 'confirm' && row.status === S.approvedByPm && autoApproves(row);
    const to = auto ? S.approved : STATUS_TO[action](row.status);
    const changes: HistoryChange[] = [{ field: 'status', oldValue: row.status, newValue: auto ? S.confirmed : to }];
    const flowChanges: HistoryChange[] = auto ? [{ field: 'status', oldValue: S.confirmed, newValue: S.approved }] : [];
    if (action === 'approve') changes.push(...(await gateApproval(tx, deps, user, row, overrideReason)));
    // The limits gate holds for an automatic approval as for the manager's (issue 27 §2): over a limit, the confirm is refused.
    if (auto) flowChanges.push(...(await gateApproval(tx, deps, user, row, null)));
    const pay = action === 'confirm' ? await confirmPay(tx, row, p.details) : null;
    if (pay) changes.push(pay.change);
    // Issue 29: a new confirmation at 3 of a request whose manager stage is past step 1 starts its flow again at step 1,
    // so no step's approval covers hours its approver never saw (approval-flows.md "Edit").
    const restarted = action === 'confirm' && row.status === S.confirmed ? await restartFlow(tx, flexibleItem(row)) : undefined;
    const manager = restarted ? restarted.approver_user_id : row.manager_user_id;
    // At 3 a ROLE step of the manager stage's flow is its role's to decide (the staff row keeps the step's role).
    const move: Move = {
      to,
      auto,
      restarted,
      manager,
      assignee: to === S.approvedByPm ? row.pm_user_id : to === S.confirmed ? manager : null,
      assigneeRole: to === S.confirmed ? (restarted ? restarted.approver_role : row.approver_role) : null,
    };
    const moved = await repo.transition(tx, row.id, {
      from: row.status,
      version: checkVersion ? p.version : null,
      to,
      assigneeUserId: move.assignee,
      assigneeRole: move.assigneeRole,
      ...(restarted ? { managerUserId: manager } : {}),
      ...(action === 'reject' ? { reasonsForRejection: reason } : {}),
      ...(action === 'cancel' ? { reasonForCancellation: reason } : {}),
      ...(action === 'confirm' ? { confirmedBy: user.userId } : {}),
    });
    if (!moved) throw new AppError(409, M.statusChanged, [M.statusChanged]);
    changes.push(...moveChanges(row, action, reason, move));
    // The last step's approval, or a rejection at any step: the step's decision beside the request's own.
    if (action === 'approve' || action === 'reject') await recordStepDecision(tx, flexibleItem(row), flow, action === 'approve' ? 3 : 4, user.userId, reason);
    await history(tx, row, user, 'STATUS', changes, { id: row.id, action, status: auto ? S.confirmed : to, version: moved.version, ...(pay ? { details: pay.confirmed } : {}) });
    if (auto) await recordAutoApproval(tx, row, flowChanges, moved.version);
    await tellDecision(tx, deps, user, row, action, reason, move);
    // RULES.md §6: the pay lines follow the new status, recomputed once this commits (recalc-queue.ts).
    await queueRecalculation(tx, { overtimeRequestIds: [row.id] }, { createdBy: user.userId });
    await queueFlexibleDecision(tx, deps.clock, row.id, to);
    return to;
  });
}
