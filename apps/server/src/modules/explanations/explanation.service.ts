import type { FastifyBaseLogger } from 'fastify';
import { ABNORMAL_MESSAGES as AM, abnormalCaseLink, type ExplanationCreatePayload, type ExplanationEditPayload, type ExplanationResult } from '@tms/contracts/abnormal-case';
import {
  DELEGATE_SEARCH_MIN,
  EXPLANATION_FULL_FILTER_ROLES,
  EXPLANATION_MESSAGES as XM,
  EXPLANATION_STATUS_TEXT,
  explanationLink,
  type Explanation,
  type ExplanationListQuery,
  type ExplanationUpdatePayload,
} from '@tms/contracts/explanations';
import { ABNORMAL_STATUS, EXPLANATION_STATUS, REQUEST_MESSAGES as RM } from '@tms/contracts/requests';
import { hasAnyRole } from '@tms/contracts/roles';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { parseDmy } from '../../lib/dates.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { diffFields, recordHistory } from '../../lib/history.ts';
import { notifyEvent, type NotifyMailConfig } from '../../lib/notify.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { findPeriodContaining, isRequestDateForbidden, lockDateFor } from '../payroll-periods/payroll-periods.service.ts';
import { periodContaining } from '../payroll-periods/period-calendar.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import * as repo from './abnormal-case.repository.ts';
import { resolveApprover } from '../auth/approver.repository.ts';
import { moverRefusal, targetRefusal, type ReassignItem } from '../auth/reassign-rule.ts';
import { reassignFacts } from '../auth/reassign.repository.ts';
import * as xrepo from './explanation.repository.ts';
import { fundLeft } from './explanation.repository.ts';
import { userBy } from '../request-days/request.repository.ts';

/** The explanation fund of an employee's date in its payroll period (the one owner: explanation-info and filing). */
export async function explanationFundOf(db: DbOrTx, employeeId: number, date: string, exceptRequestId: number | null = null) {
  const period = await findPeriodContaining(db, date, { callerEmployeeId: employeeId });
  const range = period ? { from: period.from_date, to: period.to_date } : periodContaining(date);
  return xrepo.explanationFund(db, employeeId, date, { from: range.from, to: range.to }, exceptRequestId);
}

export type ExplanationDeps = { db: Db; clock: Clock; config: NotifyMailConfig; log?: FastifyBaseLogger };

const HISTORY_FIELDS = ['status', 'assignee_user_id', 'title', 'actual', 'description', 'reason_detail', 'absent_type', 'reason_type', 'reasons_for_rejection'] as const;

const { caseScope } = repo;
const { requestScope } = xrepo;

const trimmed = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

/**
 * Explanations of abnormal cases (spec 001 §4.3, §4.4, §5.4, §5.5; RULES.md §4, §5): filing one from a case,
 * editing it while pending, approving or rejecting it by the assignee, cancelling it by the owner, handing it over;
 * Explanation Management's list. Every transition is a conditional UPDATE (409 when another came first) with its
 * history entries in the same transaction; an approval (or a reject of an approved one) recalculates the day after
 * the commit, which credits the cell and uses the flexible fund (the engine reads approved explanations).
 */
export function explanationService(deps: ExplanationDeps) {
  const { db, clock } = deps;

  /** RULES.md §4–§5: nothing on or before the lock date; explanations close at the period's forbidden date and hour. */
  async function checkWindow(tx: DbOrTx, employeeId: number, date: string, opts: { forbiddenWindow: boolean }) {
    const lock = await lockDateFor(tx, employeeId);
    if (lock !== null && date <= lock) throw badRequest(AM.locked);
    if (opts.forbiddenWindow && (await isRequestDateForbidden(tx, date, { callerEmployeeId: employeeId }, clock))) throw badRequest(AM.forbiddenExplanation);
  }

  /**
   * RULES.md §4: an hour-based explanation asks for one use of the period's fund; refused when the period's uses
   * (approved, pending and delegated explanations) or the day's limit are used up.
   */
  async function checkFund(tx: DbOrTx, employeeId: number, date: string, exceptRequestId: number | null) {
    const f = await explanationFundOf(tx, employeeId, date, exceptRequestId);
    if (f.explanation_number === null || fundLeft(f) < 1 || (f.refund_hours ?? 0) <= 0) throw badRequest(AM.fundUsedUp);
    if (f.day_used >= (f.per_day ?? 0)) throw badRequest(AM.dayLimitReached);
    return { refund_hours: f.refund_hours ?? 0 };
  }

  async function resolveCaseId(user: SessionUser, pathId: number | null, body: ExplanationCreatePayload): Promise<number> {
    const id = pathId ?? body.abnormal_id ?? body.id ?? null;
    if (id !== null) return id;
    const date = body.date ?? body.dateExplanation ?? null;
    if (!date) throw badRequest(AM.dateOrIdRequired);
    const found = user.employeeId === null ? undefined : await repo.findCaseIdByDate(db, user.employeeId, date);
    if (found === undefined) throw notFound(AM.notFound);
    return found;
  }

  function validateTexts(body: { description?: string | null; reason_type?: string | null }) {
    const messages: string[] = [];
    if (!trimmed(body.reason_type)) messages.push(RM.reasonRequired);
    if (!trimmed(body.description)) messages.push(RM.descriptionRequired);
    if (messages.length > 0) throw badRequest(messages[0]!, messages);
  }

  /** Explaining a case (spec 001 §4.3: status 0, the owner only; RULES.md §5 windows). */
  async function create(user: SessionUser, pathId: number | null, body: ExplanationCreatePayload): Promise<ExplanationResult> {
    validateTexts(body);
    const caseId = await resolveCaseId(user, pathId, body);
    return db.transaction(async (tx) => {
      const row = await repo.findCase(tx, caseId, caseScope(user), { forUpdate: true });
      if (!row) throw notFound(AM.notFound);
      if (row.employee_id !== user.employeeId) throw forbidden(AM.notOwner);
      if (row.status !== ABNORMAL_STATUS.unexplained) throw conflict(AM.notUnexplained);
      await checkWindow(tx, row.employee_id, row.abnormal_date, { forbiddenWindow: true });
      const reason = await repo.explanationReason(tx, trimmed(body.reason_type)!);
      if (!reason) throw badRequest(RM.reasonRequired);
      if (!row.is_flexible && !trimmed(body.actual)) throw badRequest(RM.actualRequired);
      const approver = await resolveApprover(tx, { employeeId: row.employee_id, date: row.abnormal_date });
      if (!approver) throw badRequest(AM.noApprover);
      let fund: { refund_hours: number } | null = null;
      if (row.is_flexible) fund = await checkFund(tx, row.employee_id, row.abnormal_date, null);
      const span = spanMinutes(row.start_time, row.end_time);
      const req = await repo.insertExplanation(tx, {
        employeeId: row.employee_id,
        date: row.abnormal_date,
        reasonType: reason.code,
        title: trimmed(body.title) ?? `${reason.name_en} ${row.abnormal_date}`,
        actual: trimmed(body.actual),
        description: trimmed(body.description)!,
        reasonDetail: trimmed(body.reason_detail),
        absentType: trimmed(body.absent_type),
        assigneeUserId: approver.userId,
        createdByUserId: user.userId,
        abnormalCaseId: row.id,
        isFlexible: row.is_flexible,
        explanationHours: fund ? fund.refund_hours : null,
        // Day-based: the uncovered span of the case; hour-based: one use of the fund, no time of its own.
        startTime: row.is_flexible ? null : row.start_time,
        endTime: row.is_flexible ? null : row.end_time,
        minutes: row.is_flexible ? Math.round((fund?.refund_hours ?? 0) * 60) : span,
        fundUses: row.is_flexible ? 1 : null,
        ccEmployeeIds: body.mail_cc ?? [],
      });
      const moved = await repo.setCaseStatus(tx, row.id, [ABNORMAL_STATUS.unexplained], ABNORMAL_STATUS.pending);
      if (!moved) throw conflict(AM.notUnexplained);
      await recordHistory(tx, { tableName: repo.REQUESTS_TABLE, recordId: req.id, employeeId: row.employee_id, action: 'CREATE', changes: diffFields(null, req, HISTORY_FIELDS), newRecord: req, by: user });
      await recordHistory(tx, caseHistory(row, ABNORMAL_STATUS.pending, moved.version, user));
      await notifyEvent(tx, deps.config, {
        userIds: [approver.userId],
        ccEmployeeIds: body.mail_cc ?? [],
        type: 'ASSIGNED',
        title: `Explanation of ${row.employee_name} for ${row.abnormal_date} is assigned to you`,
        body: trimmed(body.description),
        link: abnormalCaseLink(row.id),
      });
      return { abnormal_id: row.id, request_id: req.id, status: EXPLANATION_STATUS.pending, case_status: ABNORMAL_STATUS.pending, version: req.version };
    });
  }

  /** Edit of a pending explanation by its owner, inside the windows (spec 001 §4.3 edit right). */
  async function edit(user: SessionUser, pathCaseId: number | null, body: ExplanationEditPayload): Promise<ExplanationResult> {
    validateTexts(body);
    const caseId = pathCaseId ?? body.abnormal_id ?? (body.request_id ? await repo.caseIdOfRequest(db, body.request_id) : undefined) ?? body.id ?? null;
    if (caseId === null || caseId === undefined) throw badRequest(AM.dateOrIdRequired);
    return db.transaction(async (tx) => {
      const row = await repo.findCase(tx, caseId, caseScope(user), { forUpdate: true });
      if (!row || row.request_id === null) throw notFound(AM.notFound);
      if (row.employee_id !== user.employeeId) throw forbidden(XM.notOwner);
      if (row.request_status !== EXPLANATION_STATUS.pending && row.request_status !== EXPLANATION_STATUS.delegated) throw conflict(XM.notEditable);
      await checkWindow(tx, row.employee_id, row.abnormal_date, { forbiddenWindow: true });
      const reason = await repo.explanationReason(tx, trimmed(body.reason_type)!);
      if (!reason) throw badRequest(RM.reasonRequired);
      if (!row.is_flexible && !trimmed(body.actual)) throw badRequest(RM.actualRequired);
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
  async function decide(user: SessionUser, caseId: number, status: 3 | 4, reason: string | null | undefined, opts: { reasonRequired: boolean }): Promise<ExplanationResult> {
    const why = trimmed(reason);
    if (status === 4 && opts.reasonRequired && !why) throw badRequest(RM.abnormalReasonRequired);
    const result = await db.transaction(async (tx) => {
      const row = await repo.findCase(tx, caseId, repo.ANY_CASE, { forUpdate: true });
      if (!row) throw notFound(AM.notFound);
      if (row.assignee_user_id !== user.userId) {
        const visible = await repo.findCase(tx, caseId, caseScope(user));
        if (!visible) throw notFound(AM.notFound);
        if (row.request_id === null) throw conflict(AM.notPendingOrApproved);
        throw forbidden(AM.notAssignee);
      }
      if (row.employee_id === user.employeeId) throw forbidden(AM.ownExplanation);
      if (row.request_id === null) throw conflict(AM.notPendingOrApproved);
      if (status === 3 && row.status === ABNORMAL_STATUS.approved) throw conflict(AM.alreadyApproved);
      if (row.status !== ABNORMAL_STATUS.pending && row.status !== ABNORMAL_STATUS.approved) throw conflict(AM.notPendingOrApproved);
      await checkWindow(tx, row.employee_id, row.abnormal_date, { forbiddenWindow: false });
      const wasApproved = row.request_status === EXPLANATION_STATUS.approved;
      const fromRequest = status === 3 ? [EXPLANATION_STATUS.pending, EXPLANATION_STATUS.delegated] : [EXPLANATION_STATUS.pending, EXPLANATION_STATUS.delegated, EXPLANATION_STATUS.approved];
      const fromCase = status === 3 ? [ABNORMAL_STATUS.pending] : [ABNORMAL_STATUS.pending, ABNORMAL_STATUS.approved];
      const req = await repo.setRequestStatus(tx, row.request_id, fromRequest, status, { approvedByUserId: user.userId, rejection: why });
      if (!req) throw conflict(AM.notPendingOrApproved);
      const moved = await repo.setCaseStatus(tx, row.id, fromCase, status);
      if (!moved) throw conflict(AM.notPendingOrApproved);
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
        title: `Your explanation for ${row.abnormal_date} was ${status === 3 ? 'approved' : 'rejected'}`,
        body: status === 4 ? why : null,
        link: abnormalCaseLink(row.id),
      });
      if (status === 3 || wasApproved) await queueRecalculation(tx, [{ employeeId: row.employee_id, date: row.abnormal_date }], { createdBy: user.userId });
      return { abnormal_id: row.id, request_id: row.request_id, status, case_status: status, version: req.version };
    });
    return result;
  }

  /** Cancel (5) by the owner while pending or delegated (spec 001 §4.4); the case becomes unexplained again. */
  async function cancel(user: SessionUser, caseId: number): Promise<ExplanationResult> {
    return db.transaction(async (tx) => {
      const row = await repo.findCase(tx, caseId, caseScope(user), { forUpdate: true });
      if (!row || row.request_id === null) throw notFound(AM.notFound);
      if (row.employee_id !== user.employeeId) throw forbidden(XM.notOwner);
      await checkWindow(tx, row.employee_id, row.abnormal_date, { forbiddenWindow: false });
      const req = await repo.setRequestStatus(tx, row.request_id, [EXPLANATION_STATUS.pending, EXPLANATION_STATUS.delegated], EXPLANATION_STATUS.cancelled);
      if (!req) throw conflict(XM.notEditable);
      const moved = await repo.setCaseStatus(tx, row.id, [ABNORMAL_STATUS.pending], ABNORMAL_STATUS.unexplained);
      if (!moved) throw conflict(XM.notEditable);
      await recordHistory(tx, requestStatusHistory(row, row.request_id, EXPLANATION_STATUS.cancelled, user, { version: req.version }));
      await recordHistory(tx, caseHistory(row, ABNORMAL_STATUS.unexplained, moved.version, user));
      return { abnormal_id: row.id, request_id: row.request_id, status: EXPLANATION_STATUS.cancelled, case_status: ABNORMAL_STATUS.unexplained, version: req.version };
    });
  }

  /** PUT explanation-management/status { abnormalId, status }: 5 cancel by the owner, 3/4 by the assignee. */
  async function managementStatus(user: SessionUser, abnormalId: number, status: 3 | 4 | 5, reason: string | null | undefined) {
    if (status === 5) return cancel(user, abnormalId);
    return decide(user, abnormalId, status, reason, { reasonRequired: false });
  }

  /** Explanation Management list (spec 001 §2.6): ADMIN/HR everything; others their scope or assigned to them. */
  async function list(user: SessionUser, q: ExplanationListQuery) {
    const scope = hasAnyRole(user.roles, EXPLANATION_FULL_FILTER_ROLES) ? xrepo.ALL_EXPLANATIONS : requestScope(user);
    const rows = await xrepo.listExplanations(
      db,
      { scope, employee: q.employee || undefined, departments: q.departments, statuses: q.status, from: parseDmy(q.fromDate), to: parseDmy(q.toDate), id: q.id },
      { page: q.page, size: q.size, fieldToSort: q.fieldToSort, direction: q.direction === 1 ? 1 : -1 },
      user,
    );
    const lock = await lockDateFor(db, user.employeeId);
    return {
      data: rows.map((r) => toExplanation(r, user, lock)),
      page: { page: q.page, size: q.size, total_element: rows[0]?.total ?? 0 },
    };
  }

  /**
   * PUT update-explanation (spec 001 §4.4, §5.5): the owner edits title/actual/description while Pending or
   * Delegated. A change of assignee follows the shared reassignment rule (auth core, RULES.md §5): never by the owner,
   * by a lead of the owner or HR/HRM/ADMIN, to someone entitled to approve it (never the owner, never a guest) — to
   * someone else sets 6 and keeps the previous status, back to the original assignee restores it. A refusal rolls the
   * whole call back.
   */
  async function update(user: SessionUser, body: ExplanationUpdatePayload) {
    const newAssignee = body.assignee == null ? null : typeof body.assignee === 'number' ? body.assignee : body.assignee.id;
    const result = await db.transaction(async (tx) => {
      const row = await xrepo.findExplanation(tx, body.id, requestScope(user), { forUpdate: true });
      if (!row) throw notFound(XM.notFound);
      if (row.status !== EXPLANATION_STATUS.pending && row.status !== EXPLANATION_STATUS.delegated) throw conflict(XM.notEditable);
      const owner = row.employee_id === user.employeeId;
      await checkWindow(tx, row.employee_id, row.abnormal_date, { forbiddenWindow: false });
      let version = row.version;
      let status: number = row.status;
      const sendsTexts = body.title !== undefined || body.actual !== undefined || body.description !== undefined;
      if (sendsTexts && owner) {
        if (!trimmed(body.title)) throw badRequest(XM.titleRequired);
        if (!trimmed(body.description) || (body.actual !== undefined && !trimmed(body.actual))) throw badRequest(XM.descriptionRequired);
        const before = await repo.explanationTexts(tx, row.id);
        const updated = await repo.updateExplanationTexts(
          tx,
          row.id,
          {
            title: trimmed(body.title),
            description: trimmed(body.description),
            ...(body.actual !== undefined ? { actual: trimmed(body.actual) } : {}),
            ...(body.reason_detail !== undefined ? { reasonDetail: trimmed(body.reason_detail) } : {}),
            ...(body.absent_type !== undefined ? { absentType: trimmed(body.absent_type) } : {}),
          },
          body.version ?? null,
        );
        if (!updated) throw conflict();
        const after = await repo.explanationTexts(tx, row.id);
        const changes = diffFields(before ?? null, after ?? {}, HISTORY_FIELDS);
        if (changes.length > 0) {
          await recordHistory(tx, { tableName: repo.REQUESTS_TABLE, recordId: row.id, employeeId: row.employee_id, action: 'UPDATE', changes, newRecord: { ...after, id: row.id, version: updated.version }, by: user });
        }
        version = updated.version;
      } else if (!owner && newAssignee === null) {
        throw forbidden(XM.notOwner);
      }
      if (newAssignee !== null && newAssignee !== row.assignee_user_id) {
        const facts = await reassignFacts(tx, { requesters: [{ employeeId: row.employee_id, date: row.abnormal_date }], projectId: null, mover: user, targetUserId: newAssignee });
        const item = explanationItem(row, facts.inMoverLeadScope);
        const moverRefused = moverRefusal(user, item);
        if (moverRefused) throw forbidden(moverRefused.message);
        const target = await userBy(tx, { id: newAssignee });
        if (!target || target.disabled || !facts.target) throw badRequest(XM.unknownAssignee);
        const targetRefused = targetRefusal(user, item, facts, facts.target);
        if (targetRefused) throw forbidden(targetRefused.message);
        const changed = await xrepo.changeAssignee(tx, row.id, newAssignee, sendsTexts && owner ? null : (body.version ?? null));
        if (!changed) throw conflict();
        await recordHistory(tx, {
          tableName: repo.REQUESTS_TABLE,
          recordId: row.id,
          employeeId: row.employee_id,
          action: 'UPDATE',
          changes: [
            { field: 'assignee_user_id', oldValue: row.assignee_user_id, newValue: newAssignee },
            ...(changed.status !== row.status ? [{ field: 'status', oldValue: row.status, newValue: changed.status }] : []),
          ],
          newRecord: { id: row.id, assignee_user_id: newAssignee, status: changed.status, version: changed.version },
          by: user,
        });
        await notifyEvent(tx, deps.config, {
          userIds: [newAssignee],
          type: 'ASSIGNED',
          title: `Explanation of ${row.employee_name} for ${row.abnormal_date} is assigned to you`,
          link: row.abnormal_id ? abnormalCaseLink(row.abnormal_id) : explanationLink(row.id),
        });
        version = changed.version;
        status = changed.status;
      }
      return { id: row.id, status, version };
    });
    return { id: result.id, status: result.status, version: result.version };
  }

  /** Users to hand an item to (spec 001 §5.2: from 3 characters; folded search). */
  async function delegates(text: string) {
    return text.length < DELEGATE_SEARCH_MIN ? [] : xrepo.searchDelegates(db, text);
  }

  /** The case of a status call: the path id, else abnormal_id, else the case of request_id, else id. */
  async function caseOf(pathId: number | null, body: { abnormal_id?: number | null; request_id?: number | null; id?: number | null }): Promise<number> {
    const id = pathId ?? body.abnormal_id ?? (body.request_id ? await repo.caseIdOfRequest(db, body.request_id) : undefined) ?? body.id ?? null;
    if (id === null) throw badRequest(RM.explanationStatusFailed);
    return id;
  }

  return { create, edit, decide, cancel, managementStatus, list, update, delegates, caseOf };
}

/** Minutes of an 'HH:mm' span (a span past midnight wraps). */
function spanMinutes(start: string | null, end: string | null): number {
  if (!start || !end) return 0;
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const d = m(end) - m(start);
  return d >= 0 ? d : d + 1440;
}

/** The STATUS history entry of the case's explanation request moving to `to` (extra changed fields and record values). */
function requestStatusHistory(
  row: repo.CaseRow,
  requestId: number,
  to: number,
  user: SessionUser,
  x: { version: number; changes?: { field: string; oldValue: unknown; newValue: unknown }[]; record?: Record<string, unknown> },
) {
  return {
    tableName: repo.REQUESTS_TABLE,
    recordId: requestId,
    employeeId: row.employee_id,
    action: 'STATUS' as const,
    changes: [{ field: 'status', oldValue: row.request_status, newValue: to }, ...(x.changes ?? [])],
    newRecord: { id: requestId, status: to, version: x.version, ...x.record },
    by: user,
  };
}

function caseHistory(row: repo.CaseRow, to: number, version: number, user: SessionUser) {
  return {
    tableName: repo.ABNORMAL_TABLE,
    recordId: row.id,
    employeeId: row.employee_id,
    action: 'STATUS' as const,
    changes: [{ field: 'status', oldValue: row.status, newValue: to }],
    newRecord: { id: row.id, employee_id: row.employee_id, abnormal_date: row.abnormal_date, reason: row.reason, status: to, version },
    by: user,
  };
}

/** An explanation as the reassignment rule reads it: its owner's item (they filed it). */
export const explanationItem = (r: Pick<xrepo.ExplanationRow, 'employee_id' | 'created_by_user_id'>, inMoverLeadScope: boolean): ReassignItem => ({
  requesterEmployeeIds: [r.employee_id],
  creatorUserId: r.created_by_user_id,
  inMoverLeadScope,
});

const personOf = (id: number | null, userName: string | null, name: string | null) => (id === null ? null : { id, user_name: userName, name });

function toExplanation(r: xrepo.ExplanationRow, user: SessionUser, lock: string | null): Explanation {
  const open = r.status === EXPLANATION_STATUS.pending || r.status === EXPLANATION_STATUS.delegated;
  const unlocked = lock === null || r.abnormal_date > lock;
  const owner = r.employee_id === user.employeeId;
  const assignee = r.assignee_user_id === user.userId && !owner;
  return {
    id: r.id,
    abnormal_id: r.abnormal_id,
    title: r.title,
    employee: { id: r.employee_id, name: r.employee_name, code: r.employee_code, department: r.department_name },
    assignee: personOf(r.assignee_user_id, r.assignee_user_name, r.assignee_name),
    original_assignee: personOf(r.original_assignee_user_id, r.original_user_name, r.original_name),
    approver: personOf(r.assignee_user_id, r.assignee_user_name, r.assignee_name),
    created_by: personOf(r.created_by_user_id, r.created_by_user_name, r.created_by_name),
    approved_by: personOf(r.approved_by_user_id, r.approved_by_user_name, r.approved_by_name),
    abnormal_date: r.abnormal_date,
    created_date: r.created_date,
    modify_date: r.modify_date,
    reason_type: r.reason_type,
    reason_type_name: r.reason_type_name,
    reason_detail: r.reason_detail,
    absent_type: r.absent_type,
    actual: r.actual,
    description: r.description,
    reasons_for_rejection: r.reasons_for_rejection,
    status: r.status,
    statusText: EXPLANATION_STATUS_TEXT[r.status] ?? String(r.status),
    version: r.version,
    actions: {
      cancel: owner && open && unlocked,
      approve: assignee && open && unlocked,
      reject: assignee && open && unlocked,
      edit: owner && open && unlocked,
      changeAssignee: open && unlocked && moverRefusal(user, explanationItem(r, r.in_lead_scope ?? false)) === null,
    },
  };
}

