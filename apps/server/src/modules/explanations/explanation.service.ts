/**
 * Explanations of abnormal cases (spec 001 §4.3, §4.4, §5.4, §5.5; RULES.md §4, §5): filing one from a case,
 * editing it while pending, approving or rejecting it by the assignee, cancelling it by the owner; Explanation
 * Management's list and hand-over are explanation-management.service.ts. Every transition is a conditional UPDATE (409
 * when another came first) with its history entries in the same transaction; an approval (or a reject of an approved
 * one) recalculates the day after the commit, which credits the cell and uses the flexible fund (the engine reads
 * approved explanations).
 */
import type { FastifyBaseLogger } from 'fastify';
import { ABNORMAL_MESSAGES as AM, abnormalCaseLink, checkExplainedMinutes, type ExplanationCreatePayload, type ExplanationEditPayload, type ExplanationResult } from '@tms/contracts/abnormal-case';
import { EXPLANATION_MESSAGES as XM } from '@tms/contracts/explanations';
import { ABNORMAL_STATUS, EXPLANATION_STATUS, REQUEST_MESSAGES as RM } from '@tms/contracts/requests';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { diffFields, recordHistory } from '../../lib/history.ts';
import { notifyEvent, type NotifyMailConfig } from '../../lib/notify.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import { resolveApprover } from '../auth/approver.repository.ts';
import * as repo from './abnormal-case.repository.ts';
import { decidesItem } from '@tms/contracts/approval-flows';
import { recordStepDecision, refuseDecidedStep, requestItem, restartFlow, stepDeciders, stepOutcome, type StepOutcome } from '../approval-flows/approval-steps.ts';
import { approveExplanationStep, explanationPlan, firstApprover, startExplanationFlow } from './explanation-steps.ts';
import { checkActualFits, checkFund, checkWindow, trimmed, validateTexts } from './explanation-checks.ts';
import { caseHistory, HISTORY_FIELDS, requestStatusHistory } from './explanation-history.ts';
import { queueExplanationEvents } from './explanation-webhook-events.ts';

export type ExplanationDeps = { db: Db; clock: Clock; config: NotifyMailConfig; log?: FastifyBaseLogger };

const { caseScope } = repo;

async function resolveCaseId(db: DbOrTx, user: SessionUser, pathId: number | null, body: ExplanationCreatePayload): Promise<number> {
  const id = pathId ?? body.abnormal_id ?? body.id ?? null;
  if (id !== null) return id;
  const date = body.date ?? body.dateExplanation ?? null;
  if (!date) throw badRequest(AM.dateOrIdRequired);
  const found = user.employeeId === null ? undefined : await repo.findCaseIdByDate(db, user.employeeId, date);
  if (found === undefined) throw notFound(AM.notFound);
  return found;
}

/** The explained minutes of a case: the asked ones within the cap (the standard time and the absence), else 400. */
function explainedMinutesOf(row: repo.CaseRow, asked: number | string | null | undefined): number {
  const minutes = checkExplainedMinutes(asked, row);
  if (typeof minutes === 'string') throw badRequest(minutes);
  return minutes;
}

/** Explaining a case (spec 001 §4.3: status 0, the owner only; RULES.md §5 windows). */
export async function createExplanation(deps: ExplanationDeps, user: SessionUser, pathId: number | null, body: ExplanationCreatePayload): Promise<ExplanationResult> {
  validateTexts(body);
  const caseId = await resolveCaseId(deps.db, user, pathId, body);
  return deps.db.transaction(async (tx) => {
    const row = await repo.findCase(tx, caseId, caseScope(user), { forUpdate: true });
    if (!row) throw notFound(AM.notFound);
    if (row.employee_id !== user.employeeId) throw forbidden(AM.notOwner);
    if (row.status !== ABNORMAL_STATUS.unexplained) throw conflict(AM.notUnexplained);
    await checkWindow(deps.clock, tx, row.employee_id, row.abnormal_date, { forbiddenWindow: true });
    const reason = await repo.explanationReason(tx, trimmed(body.reason_type)!);
    if (!reason) throw badRequest(RM.reasonRequired);
    if (!row.is_flexible && !trimmed(body.actual)) throw badRequest(RM.actualRequired);
    checkActualFits(trimmed(body.actual), row);
    const explained = explainedMinutesOf(row, body.explained_minutes);
    let fund: { refund_hours: number } | null = null;
    if (row.is_flexible) fund = await checkFund(tx, row.employee_id, row.abnormal_date, null);
    // Hour-based: one use of the fund, recorded as its refund but never more than the absence and the standard time.
    const minutes = fund ? Math.min(Math.round(fund.refund_hours * 60), explained) : explained;
    // Issue 29: the first approval flow whose conditions hold decides; without one, the single step of RULES.md §5.
    const plan = await explanationPlan(tx, row, reason.code, minutes);
    const single = plan ? null : await resolveApprover(tx, { employeeId: row.employee_id, date: row.abnormal_date });
    if (!plan && !single) throw badRequest(AM.noApprover);
    const assignee = plan ? firstApprover(plan) : single!.userId;
    const req = await repo.insertExplanation(tx, {
      employeeId: row.employee_id,
      date: row.abnormal_date,
      reasonType: reason.code,
      title: trimmed(body.title) ?? `${reason.name} ${row.abnormal_date}`,
      actual: trimmed(body.actual),
      description: trimmed(body.description)!,
      reasonDetail: trimmed(body.reason_detail),
      absentType: trimmed(body.absent_type),
      assigneeUserId: assignee,
      createdByUserId: user.userId,
      abnormalCaseId: row.id,
      isFlexible: row.is_flexible,
      explanationHours: fund ? Number((minutes / 60).toFixed(2)) : null,
      // Day-based: the day engine covers the uncovered span of the case; the recorded time is the explained minutes.
      // Hour-based: one use of the fund, no span of its own.
      startTime: row.is_flexible ? null : row.start_time,
      endTime: row.is_flexible ? null : row.end_time,
      minutes,
      fundUses: row.is_flexible ? 1 : null,
      ccEmployeeIds: body.mail_cc ?? [],
    });
    const moved = await repo.setCaseStatus(tx, row.id, [ABNORMAL_STATUS.unexplained], ABNORMAL_STATUS.pending);
    if (!moved) throw conflict(AM.notUnexplained);
    await recordHistory(tx, { tableName: repo.REQUESTS_TABLE, recordId: req.id, employeeId: row.employee_id, action: 'CREATE', changes: diffFields(null, req, HISTORY_FIELDS), newRecord: req, by: user });
    await recordHistory(tx, caseHistory(row, ABNORMAL_STATUS.pending, moved.version, user));
    const auto = plan ? await startExplanationFlow(tx, deps.config, row, req.id, plan) : null;
    await queueExplanationEvents(tx, auto?.approved ? ['request.created', 'request.approved'] : ['request.created'], req.id);
    if (auto?.approved) return { abnormal_id: row.id, request_id: req.id, status: EXPLANATION_STATUS.approved, case_status: ABNORMAL_STATUS.approved, version: auto.version ?? req.version };
    // The assignee, or everyone of a first ROLE step's role.
    const deciders = plan ? await stepDeciders(tx, requestItem(req.id), 1, row.employee_id) : assignee === null ? [] : [assignee];
    if (deciders.length > 0) await notifyEvent(tx, deps.config, {
      userIds: deciders,
      ccEmployeeIds: body.mail_cc ?? [],
      type: 'ASSIGNED',
      text: { key: 'explanationAssigned', params: { name: row.employee_name, date: row.abnormal_date } },
      body: trimmed(body.description),
      link: abnormalCaseLink(row.id),
    });
    return { abnormal_id: row.id, request_id: req.id, status: EXPLANATION_STATUS.pending, case_status: ABNORMAL_STATUS.pending, version: req.version };
  });
}

/** Edit of a pending explanation by its owner, inside the windows (spec 001 §4.3 edit right). */
export async function editExplanation(deps: ExplanationDeps, user: SessionUser, pathCaseId: number | null, body: ExplanationEditPayload): Promise<ExplanationResult> {
  validateTexts(body);
  const caseId = pathCaseId ?? body.abnormal_id ?? (body.request_id ? await repo.caseIdOfRequest(deps.db, body.request_id) : undefined) ?? body.id ?? null;
  if (caseId === null || caseId === undefined) throw badRequest(AM.dateOrIdRequired);
  return deps.db.transaction(async (tx) => {
    const row = await repo.findCase(tx, caseId, caseScope(user), { forUpdate: true });
    if (!row || row.request_id === null) throw notFound(AM.notFound);
    if (row.employee_id !== user.employeeId) throw forbidden(XM.notOwner);
    if (row.request_status !== EXPLANATION_STATUS.pending && row.request_status !== EXPLANATION_STATUS.delegated) throw conflict(XM.notEditable);
    await checkWindow(deps.clock, tx, row.employee_id, row.abnormal_date, { forbiddenWindow: true });
    const reason = await repo.explanationReason(tx, trimmed(body.reason_type)!);
    if (!reason) throw badRequest(RM.reasonRequired);
    if (!row.is_flexible && !trimmed(body.actual)) throw badRequest(RM.actualRequired);
    if (trimmed(body.actual) !== row.request_actual) checkActualFits(trimmed(body.actual), row);
    const before = await repo.explanationTexts(tx, row.request_id);
    const fields = {
      title: trimmed(body.title) ?? before?.title ?? null,
      actual: trimmed(body.actual),
      description: trimmed(body.description),
      reasonDetail: body.reason_detail === undefined ? undefined : trimmed(body.reason_detail),
      absentType: body.absent_type === undefined ? undefined : trimmed(body.absent_type),
      reasonType: reason.code,
    };
    const updated = await repo.updateExplanationTexts(tx, row.request_id, fields, body.version ?? null);
    if (!updated) throw conflict();
    // Issue 29: edited texts are decided again from the first step of the explanation's flow.
    await restartFlow(tx, requestItem(row.request_id));
    const after = await repo.explanationTexts(tx, row.request_id);
    await recordHistory(tx, {
      tableName: repo.REQUESTS_TABLE,
      recordId: row.request_id,
      employeeId: row.employee_id,
      action: 'UPDATE',
      changes: diffFields(before ?? null, after ?? {}, HISTORY_FIELDS),
      newRecord: { ...after, id: row.request_id, version: updated.version },
      by: user,
    });
    return { abnormal_id: row.id, request_id: row.request_id, status: updated.status, case_status: row.status, version: updated.version };
  });
}

/**
 * Approve (3) or reject (4) by the assignee (spec 001 §4.3: case 1 or 3, approve disabled at 3; RULES.md §5: a GUEST
 * only as the assignee, nobody their own). The request and the case move together; the day is queued for
 * recalculation in the same transaction when the approval state changed.
 */
export async function decideExplanation(deps: ExplanationDeps, user: SessionUser, caseId: number, status: 3 | 4, reason: string | null | undefined, opts: { reasonRequired: boolean }): Promise<ExplanationResult> {
  const why = trimmed(reason);
  if (status === 4 && opts.reasonRequired && !why) throw badRequest(RM.abnormalReasonRequired);
  const result = await deps.db.transaction(async (tx) => {
    const row = await repo.findCase(tx, caseId, repo.ANY_CASE, { forUpdate: true });
    if (!row) throw notFound(AM.notFound);
    // Issue 29: the explanation's approval step, read with the case; an approve of a step already decided is a 409.
    const flow: StepOutcome = row.request_id === null ? { kind: 'single', step: null } : await stepOutcome(tx, requestItem(row.request_id), row);
    // The assignee, or anyone of a ROLE step's role.
    const decides = decidesItem({ assigneeUserId: row.assignee_user_id, assigneeRole: row.assignee_role }, user);
    if (status === 3 && row.request_id !== null) {
      const pending = row.request_status === EXPLANATION_STATUS.pending || row.request_status === EXPLANATION_STATUS.delegated;
      await refuseDecidedStep(tx, { item: requestItem(row.request_id), pending, assigneeUserId: decides ? user.userId : row.assignee_user_id }, flow, user.userId, null);
    }
    if (!decides) {
      const visible = await repo.findCase(tx, caseId, caseScope(user));
      if (!visible) throw notFound(AM.notFound);
      if (row.request_id === null) throw conflict(AM.notPendingOrApproved);
      throw forbidden(AM.notAssignee);
    }
    if (row.employee_id === user.employeeId) throw forbidden(AM.ownExplanation);
    if (row.request_id === null) throw conflict(AM.notPendingOrApproved);
    if (status === 3 && row.status === ABNORMAL_STATUS.approved) throw conflict(AM.alreadyApproved);
    if (row.status !== ABNORMAL_STATUS.pending && row.status !== ABNORMAL_STATUS.approved) throw conflict(AM.notPendingOrApproved);
    await checkWindow(deps.clock, tx, row.employee_id, row.abnormal_date, { forbiddenWindow: false });
    if (status === 3 && flow.kind === 'next') {
      const moved = await approveExplanationStep(tx, deps.config, { ...row, request_id: row.request_id }, flow, user);
      return { abnormal_id: row.id, request_id: row.request_id, status: row.request_status ?? EXPLANATION_STATUS.pending, case_status: row.status, version: moved.version };
    }
    const wasApproved = row.request_status === EXPLANATION_STATUS.approved;
    const fromRequest = status === 3 ? [EXPLANATION_STATUS.pending, EXPLANATION_STATUS.delegated] : [EXPLANATION_STATUS.pending, EXPLANATION_STATUS.delegated, EXPLANATION_STATUS.approved];
    const fromCase = status === 3 ? [ABNORMAL_STATUS.pending] : [ABNORMAL_STATUS.pending, ABNORMAL_STATUS.approved];
    const req = await repo.setRequestStatus(tx, row.request_id, fromRequest, status, { approvedByUserId: user.userId, rejection: why });
    if (!req) throw conflict(AM.notPendingOrApproved);
    const moved = await repo.setCaseStatus(tx, row.id, fromCase, status);
    if (!moved) throw conflict(AM.notPendingOrApproved);
    await recordStepDecision(tx, requestItem(row.request_id), flow, status, user.userId, why ?? null);
    await recordHistory(
      tx,
      requestStatusHistory(row, row.request_id, status, user, {
        version: req.version,
        changes: status === 4 ? [{ field: 'reasons_for_rejection', oldValue: row.request_rejection, newValue: why }] : [],
        record: { reasons_for_rejection: status === 4 ? why : row.request_rejection },
      }),
    );
    await recordHistory(tx, caseHistory(row, status, moved.version, user));
    await notifyEvent(tx, deps.config, {
      employeeIds: [row.employee_id],
      type: status === 3 ? 'APPROVED' : 'REJECTED',
      text: { key: 'explanationDecided', params: { date: row.abnormal_date, decision: status === 3 ? 'approved' : 'rejected' } },
      body: status === 4 ? why : null,
      link: abnormalCaseLink(row.id),
    });
    if (status === 3 || wasApproved) await queueRecalculation(tx, [{ employeeId: row.employee_id, date: row.abnormal_date }], { createdBy: user.userId });
    await queueExplanationEvents(tx, [status === 3 ? 'request.approved' : 'request.rejected'], row.request_id);
    return { abnormal_id: row.id, request_id: row.request_id, status, case_status: status, version: req.version };
  });
  return result;
}

/** Cancel (5) by the owner while pending or delegated (spec 001 §4.4); the case becomes unexplained again. */
export async function cancelExplanation(deps: ExplanationDeps, user: SessionUser, caseId: number): Promise<ExplanationResult> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.findCase(tx, caseId, caseScope(user), { forUpdate: true });
    if (!row || row.request_id === null) throw notFound(AM.notFound);
    if (row.employee_id !== user.employeeId) throw forbidden(XM.notOwner);
    await checkWindow(deps.clock, tx, row.employee_id, row.abnormal_date, { forbiddenWindow: false });
    const req = await repo.setRequestStatus(tx, row.request_id, [EXPLANATION_STATUS.pending, EXPLANATION_STATUS.delegated], EXPLANATION_STATUS.cancelled);
    if (!req) throw conflict(XM.notEditable);
    const moved = await repo.setCaseStatus(tx, row.id, [ABNORMAL_STATUS.pending], ABNORMAL_STATUS.unexplained);
    if (!moved) throw conflict(XM.notEditable);
    await recordHistory(tx, requestStatusHistory(row, row.request_id, EXPLANATION_STATUS.cancelled, user, { version: req.version }));
    await recordHistory(tx, caseHistory(row, ABNORMAL_STATUS.unexplained, moved.version, user));
    await queueExplanationEvents(tx, ['request.withdrawn'], row.request_id);
    return { abnormal_id: row.id, request_id: row.request_id, status: EXPLANATION_STATUS.cancelled, case_status: ABNORMAL_STATUS.unexplained, version: req.version };
  });
}

/** PUT explanation-management/status { abnormalId, status }: 5 cancel by the owner, 3/4 by the assignee. */
export async function setExplanationStatus(deps: ExplanationDeps, user: SessionUser, abnormalId: number, status: 3 | 4 | 5, reason: string | null | undefined) {
  if (status === 5) return cancelExplanation(deps, user, abnormalId);
  return decideExplanation(deps, user, abnormalId, status, reason, { reasonRequired: false });
}

/** The case of a status call: the path id, else abnormal_id, else the case of request_id, else id. */
export async function caseOfStatusCall(db: DbOrTx, pathId: number | null, body: { abnormal_id?: number | null; request_id?: number | null; id?: number | null }): Promise<number> {
  const id = pathId ?? body.abnormal_id ?? (body.request_id ? await repo.caseIdOfRequest(db, body.request_id) : undefined) ?? body.id ?? null;
  if (id === null) throw badRequest(RM.explanationStatusFailed);
  return id;
}
