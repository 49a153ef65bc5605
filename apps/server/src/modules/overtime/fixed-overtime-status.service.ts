/**
 * update-status of a fixed overtime request (spec 001 §7.3): 3 approve / 4 reject (the row's approver; several rows at
 * once are Approve All / Reject All with their own rules), 5 withdraw one (creator), 6 cancel all = Withdraw (creator,
 * reason required). The enable rules are contracts `fixedRefusal`; the staff rows move in one conditional UPDATE; the
 * pay core recomputes after the commit.
 */
import { FIXED_STAFF_STATUS as S, OVERTIME_MESSAGES as M } from '@tms/contracts/overtime';
import {
  FIXED_MESSAGES as F,
  fixedRefusal,
  reasonProblem,
  type FixedAction,
  type FixedFacts,
  type FixedStatusItem,
  type FixedStatusPayload,
} from '@tms/contracts/overtime-fixed';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { recordHistory, type HistoryChange } from '../../lib/history.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import * as repo from './fixed-overtime.repository.ts';
import { OVERTIME_TABLE } from './overtime-files.repository.ts';
import { factsOf, fail, loadFixed, lockOf, staleVersion, tell, viewerOf, type FixedDeps } from './fixed-overtime.service.ts';
import { limitGate, limitRefusal, overrideReasonOf, type LimitGate } from './overtime-limit-gate.ts';
import { keyed } from '../overtime-pay/ot-limits.service.ts';
import { recordStepDecision, type StepOutcome } from '../approval-flows/approval-steps.ts';
import { passRows, rowOutcomes, staffItem, teamWaitingRow, type PassedRow } from './fixed-overtime-flows.ts';
import { queueFixedDecision } from './overtime-webhook-events.ts';

/** What the payload asks for, checked before any row is read. */
type StatusChange = { to: number; employeeIds: number[]; reasons: Map<number, string | null>; withdrawReason: string; overrideReason: string | null };
type Ctx = { now: Date; lockDate: string | null };

function readStatusChange(p: FixedStatusPayload, user: SessionUser): StatusChange {
  const entries = p.data ?? [];
  const statuses = [...new Set(entries.map((e) => e.status))];
  if (statuses.length === 0) throw badRequest(F.emptyUpdate);
  if (statuses.length > 1) throw badRequest(F.mixedStatuses);
  const to = statuses[0]!;
  if (![S.approved, S.rejected, S.withdrawn, S.cancelled].includes(to as 3)) throw badRequest(F.invalidStatus);
  const employeeIds = [...new Set(entries.map((e) => e.employee_id))];
  if (employeeIds.length !== entries.length) throw badRequest(F.staffTwice);
  const reasons = new Map<number, string | null>();
  if (to === S.rejected) {
    for (const e of entries) {
      const problem = reasonProblem(e.reject_reason, M.rejectReasonRequired);
      if (problem) throw badRequest(problem);
      reasons.set(e.employee_id, e.reject_reason!.trim());
    }
  }
  const withdrawReason = p.withdraw_reason?.trim() ?? '';
  if (to === S.cancelled) {
    const problem = reasonProblem(withdrawReason, M.cancelReasonRequired);
    if (problem) throw badRequest(problem);
  }
  const overrideReason = to === S.approved ? overrideReasonOf(user, p.override_reason) : null;
  return { to, employeeIds, reasons, withdrawReason, overrideReason };
}

/** The staff rows the change moves and the statuses they may move from, once the caller may make it. */
function targetsOf(change: StatusChange, staff: readonly repo.StaffRowDb[], facts: FixedFacts, user: SessionUser, ctx: Ctx): { targets: number[]; from: number[] } {
  const { to, employeeIds } = change;
  // Issue 27 §2: HR or HRM approving over a limit with a reason decides the row in its approver's place — or, for a
  // row waiting on a role (issue 29, a ROLE step), in its role's.
  const overriding = (employeeId?: number) => {
    const s = staff.find((r) => r.employee_id === (employeeId ?? employeeIds[0]));
    const viewer = viewerOf(user);
    return { ...viewer, userId: s?.approver_user_id ?? user.userId, actors: s?.approver_role ? [...viewer.actors, s.approver_role as (typeof viewer.actors)[number]] : viewer.actors };
  };
  const check = (action: FixedAction, employeeId?: number) => {
    const viewer = change.overrideReason !== null ? overriding(employeeId) : viewerOf(user);
    const refused = fixedRefusal(action, facts, viewer, ctx, employeeId);
    if (refused) throw fail(refused);
  };
  if (to === S.cancelled) {
    check('withdraw');
    return { targets: staff.filter((s) => s.status === S.pending || s.status === S.approved).map((s) => s.employee_id), from: [S.pending, S.approved] };
  }
  if (to === S.withdrawn) {
    for (const e of employeeIds) check('withdrawOne', e);
    return { targets: employeeIds, from: [S.pending, S.approved] };
  }
  const bulk = employeeIds.length > 1;
  if (bulk) check(to === S.approved ? 'approveAll' : 'rejectAll');
  for (const e of employeeIds) check(to === S.approved ? 'approve' : 'reject', e);
  return { targets: employeeIds, from: to === S.approved ? [S.pending] : [S.pending, S.approved] };
}

/** `passed`: rows approved at a step that is not their last (issue 29), whose override is kept as an approval's. */
function statusChanges(change: StatusChange, p: FixedStatusPayload, row: repo.FixedRowDb, staff: readonly repo.StaffRowDb[], moved: readonly number[], gate: LimitGate | null, passed: readonly number[] = []): HistoryChange[] {
  const { to, reasons, withdrawReason } = change;
  const before = new Map(staff.map((s) => [s.employee_id, s.status]));
  const changes: HistoryChange[] = moved.map((e) => ({ field: `staff[${e}].status`, oldValue: before.get(e), newValue: to }));
  for (const [e, limits] of gate?.overridden ?? []) {
    if (moved.includes(e) || passed.includes(e)) changes.push({ field: `staff[${e}].limit_override_reason`, oldValue: null, newValue: `${change.overrideReason} (${limits.join('; ')})` });
  }
  if (to === S.rejected) for (const e of moved) changes.push({ field: `staff[${e}].reject_reason`, oldValue: null, newValue: reasons.get(e) ?? null });
  if (to === S.cancelled) changes.push({ field: 'withdraw_reason', oldValue: row.withdraw_reason, newValue: withdrawReason });
  if (to === S.approved && p.is_ot_paid_by_offset_day != null && p.is_ot_paid_by_offset_day !== row.is_ot_paid_by_offset_day) {
    changes.push({ field: 'is_ot_paid_by_offset_day', oldValue: row.is_ot_paid_by_offset_day, newValue: p.is_ot_paid_by_offset_day });
  }
  return changes;
}

/** Approve and reject tell the creator and the staff moved; a withdrawal tells their approvers and the staff. */
async function tellStatus(tx: DbOrTx, deps: FixedDeps, user: SessionUser, change: StatusChange, row: repo.FixedRowDb, staff: readonly repo.StaffRowDb[], moved: number[]) {
  const { to, reasons, withdrawReason } = change;
  const item = { id: row.id, title: row.title };
  if (to === S.approved || to === S.rejected) {
    const decision = to === S.approved ? ('approved' as const) : ('rejected' as const);
    const creator = row.created_by_user_id !== null && row.created_by_user_id !== user.userId ? [row.created_by_user_id] : [];
    const text = { key: 'overtimeDecided' as const, params: { ...item, name: user.name, decision } };
    await tell(tx, deps.mail, row, { userIds: creator, employeeIds: moved, type: to === S.approved ? 'APPROVED' : 'REJECTED', text, body: to === S.rejected ? reasons.get(moved[0]!) : null });
  } else {
    const approvers = [...new Set(staff.filter((s) => moved.includes(s.employee_id) && s.approver_user_id !== null).map((s) => s.approver_user_id!))];
    await tell(tx, deps.mail, row, { userIds: approvers, employeeIds: moved, type: 'WITHDRAWN', text: { key: 'overtimeWithdrawn', params: item }, body: to === S.cancelled ? withdrawReason : null });
  }
}

/**
 * Issue 27 §2: the rows an approval may move. One row over a limit is refused (409); of several (Approve All), those
 * within the limits move and each refused one is reported in `items`; all refused → 409 with the first message.
 */
async function gateApproval(tx: DbOrTx, deps: FixedDeps, row: repo.FixedRowDb, change: StatusChange, targets: number[]): Promise<LimitGate | null> {
  if (change.to !== S.approved) return null;
  const gate = await limitGate(tx, { requestId: row.id, employeeIds: targets, otDate: row.ot_date, dateType: row.date_type, now: deps.clock.now(), overrideReason: change.overrideReason });
  if (gate.allowed.length === 0) throw limitRefusal([...gate.refused.values()].flat());
  return gate;
}

const itemsOf = (targets: readonly number[], gate: LimitGate | null): FixedStatusItem[] | undefined =>
  gate && gate.refused.size > 0
    ? targets.map((e) => keyed({ employee_id: e, code: gate.refused.has(e) ? 409 : 200, message: gate.refused.get(e)?.[0] ?? M.updateStatusSuccess }))
    : undefined;

/**
 * Issue 29 (fixed-overtime-flows.ts): an approval of a row at a step that is not its last passes the step — the row
 * stays Pending and moves to its next step's approver, who is told; nothing else happens. At its last step (or the
 * single step of a row in no flow) the approval is the row's own, with the step's decision recorded beside it; so is a
 * rejection at any step. The limits gate applies to every approval. Withdraw and cancel work at any step.
 */
export async function updateFixedStatus(deps: FixedDeps, user: SessionUser, id: number, p: FixedStatusPayload) {
  const change = readStatusChange(p, user);
  const { to, employeeIds, reasons, withdrawReason } = change;
  const seen = new Map((p.data ?? []).map((e) => [e.employee_id, e.approval_step ?? null]));
  return deps.db.transaction(async (tx) => {
    const row = await loadFixed(tx, user, id, true);
    staleVersion(p.version, row);
    const staff = await repo.staffOf(tx, row.id);
    // A second approve of a step, or of one that moved on since the caller saw it, is 409 before the approver rule's 403.
    const deciding = to === S.approved || to === S.rejected;
    const outcomes = deciding ? await rowOutcomes(tx, staff, employeeIds, to === S.approved ? { caller: user, seen } : null) : new Map<number, StepOutcome>();
    const ctx = { now: deps.clock.now(), lockDate: await lockOf(tx, row) };
    const { targets, from } = targetsOf(change, staff, factsOf(row, staff), user, ctx);
    const gate = await gateApproval(tx, deps, row, change, targets);
    const allowed = gate ? gate.allowed : targets;
    const passing: PassedRow[] = [];
    if (to === S.approved) {
      for (const e of allowed) {
        const o = outcomes.get(e);
        if (o?.kind === 'next') passing.push({ employeeId: e, step: o.step, nextStep: o.nextStep, nextApprover: o.nextApprover });
      }
    }
    const finishing = allowed.filter((e) => !passing.some((r) => r.employeeId === e));
    const moved = await repo.transitionRows(tx, row.id, finishing, from, to, { userId: user.userId, reasons });
    if (moved.length !== finishing.length) throw new AppError(409, F.alreadyChanged, [F.alreadyChanged]);
    const passed = await passRows(tx, staff, passing, user.userId);
    if (deciding) {
      for (const e of moved) {
        const s = staff.find((x) => x.employee_id === e)!;
        await recordStepDecision(tx, staffItem(s.id), outcomes.get(e) ?? { kind: 'single', step: null }, to as 3 | 4, user.userId, to === S.rejected ? (reasons.get(e) ?? null) : null);
      }
    }
    if (gate && change.overrideReason !== null) await repo.markLimitOverride(tx, row.id, [...gate.overridden.keys()], change.overrideReason, user.userId);
    // The request's one approver follows the rows still waiting once a step has passed (the lists and the scope read it):
    // none when they wait on a role; kept when nothing waits any more.
    const assignee = passing.length > 0 ? await waitingApprover(tx, row) : undefined;
    const bulkReject = to === S.rejected && employeeIds.length > 1;
    const touched = await repo.touchRequest(tx, row.id, row.version, {
      isOtPaidByOffsetDay: to === S.approved && p.is_ot_paid_by_offset_day != null ? p.is_ot_paid_by_offset_day : undefined,
      rejectAllReason: bulkReject ? reasons.get(employeeIds[0]!) ?? undefined : undefined,
      withdrawReason: to === S.cancelled ? withdrawReason : undefined,
      assigneeUserId: assignee,
    });
    if (!touched) throw new AppError(409, F.alreadyChanged, [F.alreadyChanged]);
    const passedIds = passing.map((r) => r.employeeId);
    await recordHistory(tx, {
      tableName: OVERTIME_TABLE,
      recordId: row.id,
      employeeId: row.creator_employee_id,
      action: 'STATUS',
      changes: [
        ...statusChanges(change, p, row, staff, moved, gate, passedIds),
        ...passed.changes,
        ...(assignee !== undefined && assignee !== row.assignee_user_id ? [{ field: 'assignee_user_id', oldValue: row.assignee_user_id, newValue: assignee }] : []),
      ],
      newRecord: { id: row.id, status: to, staff: moved, ...(passedIds.length > 0 ? { passed_step: passedIds } : {}), version: touched.version },
      by: user,
    });
    if (moved.length > 0) await tellStatus(tx, deps, user, change, row, staff, moved);
    // The next step's approver, or everyone of its role (a ROLE step; the first of them to act decides).
    if (passing.length > 0) await tell(tx, deps.mail, row, { userIds: passed.told, type: 'ASSIGNED', text: { key: 'overtimeAwaitsApproval', params: { id: row.id, title: row.title } } });
    // Only a row's own decision touches the pay: a passed step changes nothing yet.
    if (moved.length > 0) await queueRecalculation(tx, { overtimeRequestIds: [row.id] }, { createdBy: user.userId });
    if (moved.length > 0) await queueFixedDecision(tx, deps.clock, row.id, staff.map((s) => s.status));
    return { id: row.id, version: touched.version, items: itemsOf(targets, gate) };
  });
}

/**
 * The approver of the rows still waiting, after a step passed (`teamApprover`): null when the row naming it waits on a
 * role (anyone of it decides); undefined when no row waits on anyone (the assignee stays).
 */
async function waitingApprover(tx: DbOrTx, row: repo.FixedRowDb): Promise<number | null | undefined> {
  const after = await repo.staffOf(tx, row.id);
  const pending = after.filter((s) => s.status === S.pending).map((s) => ({ employeeId: s.employee_id, approverUserId: s.approver_user_id, approverRole: s.approver_role }));
  const waiting = teamWaitingRow(pending, row.creator_employee_id);
  return waiting === undefined ? undefined : waiting.approverUserId;
}
