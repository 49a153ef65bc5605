import { PgTransaction } from 'drizzle-orm/pg-core';
import { REQUEST_MESSAGES as M, REQUEST_RULE_MESSAGES as R, REQUEST_STATUS as S, type RequestStatusPayload } from '@tms/contracts/requests';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { recordHistory } from '../../lib/history.ts';
import { inTransaction } from '../leave/leave.service.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import type { EmployeeDay } from '../timesheet/recalculate.ts';
import { applyEffects, returnEffects } from '../request-days/request-effects.ts';
import { refusedError, type FundEffect } from '../request-days/request-form.ts';
import { actionOfStatus, fromStatuses, reasonRefusal, refusal } from '../request-days/request-rules.ts';
import type { RequestAuthor } from '../request-days/request-author.ts';
import * as repo from '../request-days/request.repository.ts';
import { isPrivileged, linkOf, loadVisible, ruleRequest, tell, type RequestDeps } from './request-access.ts';
import { effectRequest } from './request-plan.ts';
import { decideOnsiteRecord, onsiteRecordOf } from './request-onsite.ts';
import { approveStep } from './request-step.service.ts';
import { queueRequestEvents } from './request-webhook-events.ts';
import { decidesItem } from '@tms/contracts/approval-flows';
import { recordStepDecision, refuseDecidedStep, requestItem, stepOutcome } from '../approval-flows/approval-steps.ts';

/**
 * update-status of a request (spec 001 §4.2, §7.2): approve (3), reject (4), withdraw (5) — the transition, the leave
 * drawn or given back, the history row, the owner told and the days queued for recalculation, in one transaction.
 */
/** update-status: approve (3), reject (4), withdraw (5). */
export async function updateRequestStatus(deps: RequestDeps, user: RequestAuthor, p: RequestStatusPayload) {
  const out = await changeStatus(deps, user, p);
  return { id: out.id, status: out.status, version: out.version };
}

/**
 * `byImporter`: the revoke import (HR, HRM, ADMIN) withdraws for the owner — the owner rule is met on the owner's
 * behalf, every other rule (state, lock) holds and the history names the importer.
 */
async function changeStatus(deps: RequestDeps, user: RequestAuthor, p: RequestStatusPayload, opts: { byImporter?: boolean } = {}) {
  const code = p.status_type ?? p.status ?? null;
  const action = code === null ? null : actionOfStatus(code);
  if (action === null || action === 'edit' || action === 'delegate') throw badRequest(M.updateStatusFailed);
  const reasonRefused = reasonRefusal(action, p.reason);
  if (reasonRefused) throw refusedError(reasonRefused);
  const reason = p.reason?.trim() ? p.reason.trim() : null;
  // A row of an onsite record has the record's status: the onsite service decides (docs/onsite.md).
  await loadVisible(deps.db, user, p.id);
  const onsiteId = await onsiteRecordOf(deps.db, p.id);
  if (onsiteId !== null) {
    await decideOnsiteRecord(deps, user, onsiteId, action, reason);
    const [after] = await repo.statusOf(deps.db, p.id);
    return { id: p.id, status: after!.status, version: after!.version, days: [] as EmployeeDay[] };
  }
  const out = await inTransaction(deps.db, async (tx) => {
    const row = await loadVisible(tx, user, p.id, true);
    const lockDate = await getLockDate(tx, row.company_id);
    const caller = opts.byImporter && action === 'withdraw' ? { userId: user.userId, employeeId: row.employee_id, actors: user.actors } : user;
    // Issue 29: a request in an approval flow is decided step by step (request-step.service.ts).
    const flow = await stepOutcome(tx, requestItem(row.id), row);
    // At a ROLE step anyone of the role acts as the current step's approver.
    const decides = decidesItem({ assigneeUserId: row.assignee_user_id, assigneeRole: row.assignee_role }, user);
    const item = { item: requestItem(row.id), pending: row.status === S.pending, assigneeUserId: decides ? user.userId : row.assignee_user_id };
    if (action === 'approve') await refuseDecidedStep(tx, item, flow, user.userId, p.approval_step);
    const refused = refusal(action, ruleRequest(row), { caller, lockDate, today: deps.clock.today() });
    if (refused) throw refusedError(refused);
    if (action === 'approve' && flow.kind === 'next') return approveStep(tx, deps, user, row, flow, reason);
    const to = action === 'approve' ? S.approved : action === 'reject' ? S.rejected : S.withdrawn;
    const moved = await repo.transition(tx, row.id, {
      from: fromStatuses(action, { createdByRole: row.created_by_role }),
      to,
      approvedBy: action === 'approve' ? user.userId : null,
      rejectionReason: action === 'reject' ? reason : null,
      withdrawReason: action === 'withdraw' ? reason : null,
    });
    if (!moved) throw new AppError(409, R.alreadyChanged, [R.alreadyChanged]);
    if (action !== 'withdraw') await recordStepDecision(tx, requestItem(row.id), flow, action === 'approve' ? S.approved : S.rejected, user.userId, reason);
    const dates = await repo.requestDates(tx, row.id);
    const effect = effectRequest(row.id, row.employee_id, row.effect as FundEffect, dates.map((d) => ({ date: d.date, fundAmount: d.hours })));
    if (action === 'approve') await applyEffects(tx, effect, user);
    else if (row.status === S.approved) await returnEffects(tx, effect, user);
    await recordHistory(tx, {
      tableName: 'requests',
      recordId: row.id,
      employeeId: row.employee_id,
      action: 'STATUS',
      changes: [
        { field: 'status', oldValue: row.status, newValue: to },
        ...(reason ? [{ field: action === 'reject' ? 'reasons_for_rejection' : 'withdraw_reason', oldValue: null, newValue: reason }] : []),
      ],
      newRecord: { id: row.id, status: to, version: moved.version },
      by: user,
    });
    if (row.owner_user_id !== null && action !== 'withdraw') {
      await tell(tx, deps.mail, {
        userId: row.owner_user_id,
        type: action === 'approve' ? 'APPROVED' : 'REJECTED',
        text: { key: 'requestDecided', params: { id: row.id, decision: action === 'approve' ? 'approved' : 'rejected' } },
        body: action === 'reject' ? reason : null,
        link: linkOf(row.id),
      });
    }
    const touchesTimesheet = action === 'approve' || row.status === S.approved;
    const days = touchesTimesheet ? dates.map((d) => ({ employeeId: row.employee_id, date: d.date })) : [];
    await queueRecalculation(tx, days, { createdBy: user.userId });
    await queueRequestEvents(tx, deps.clock, action === 'approve' ? 'request.approved' : action === 'reject' ? 'request.rejected' : 'request.withdrawn', [row.id]);
    return { id: row.id, status: to, version: moved.version, days };
  });
  return out;
}

function isTransaction(db: DbOrTx): boolean {
  return db instanceof PgTransaction;
}

/** The owner's withdrawal (helper B's revoke import): update-status 5 with its rules. */
export async function withdrawRequest(deps: RequestDeps, author: RequestAuthor, p: { id: number; reason: string }): Promise<{ id: number; status: number; version: number; days: EmployeeDay[] }> {
  return changeStatus(deps, author, { id: p.id, status_type: S.withdrawn, reason: p.reason });
}

/**
 * The revoke import's withdrawal (spec 001 §7.2): `importer` (HR, HRM, ADMIN; 403 otherwise) withdraws the request in
 * the caller's transaction `tx` for its owner — the owner rule is bypassed for this path only; the state and lock
 * rules hold, the leave is returned and the history names the importer; its days are queued for recalculation in
 * that transaction.
 */
export async function withdrawByImporter(
  deps: Omit<RequestDeps, 'db'> & { tx: DbOrTx },
  importer: RequestAuthor,
  p: { id: number; reason: string },
): Promise<{ id: number; status: number; version: number; days: EmployeeDay[] }> {
  if (!isPrivileged(importer)) throw forbidden();
  if (!isTransaction(deps.tx)) throw new Error('withdrawByImporter needs the caller\'s transaction');
  return changeStatus({ ...deps, db: deps.tx }, importer, { id: p.id, status_type: S.withdrawn, reason: p.reason }, { byImporter: true });
}
