/**
 * Explanation Management (spec 001 §2.6, §4.4, §5.5): its list, the owner's edit of a pending explanation and its
 * hand-over to another approver, the delegate search.
 */
import { moveStepApprover, requestItem } from '../approval-flows/approval-steps.ts';
import { abnormalCaseLink } from '@tms/contracts/abnormal-case';
import {
  DELEGATE_SEARCH_MIN,
  EXPLANATION_FULL_FILTER_ROLES,
  EXPLANATION_MESSAGES as XM,
  explanationLink,
  type ExplanationListQuery,
  type ExplanationUpdatePayload,
} from '@tms/contracts/explanations';
import { EXPLANATION_STATUS } from '@tms/contracts/requests';
import { hasAnyRole } from '@tms/contracts/roles';
import type { DbOrTx } from '../../db/client.ts';
import { parseDmy } from '../../lib/dates.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import { diffFields, recordHistory } from '../../lib/history.ts';
import { notifyEvent, type NotifyMailConfig } from '../../lib/notify.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { lockDateFor } from '../payroll-periods/payroll-periods.service.ts';
import { moverRefusal, targetRefusal } from '../auth/reassign-rule.ts';
import { reassignFacts } from '../auth/reassign.repository.ts';
import { userBy } from '../request-days/request.repository.ts';
import * as repo from './abnormal-case.repository.ts';
import { checkActualFits, checkWindow, trimmed } from './explanation-checks.ts';
import { HISTORY_FIELDS } from './explanation-history.ts';
import { explanationItem, toExplanation } from './explanation-record.ts';
import * as xrepo from './explanation.repository.ts';
import type { ExplanationDeps } from './explanation.service.ts';

const { requestScope } = xrepo;

/** Explanation Management list (spec 001 §2.6): ADMIN/HR everything; others their scope or assigned to them. */
export async function listExplanationsFor(db: DbOrTx, user: SessionUser, q: ExplanationListQuery) {
  const scope = hasAnyRole(user.roles, EXPLANATION_FULL_FILTER_ROLES) ? xrepo.ALL_EXPLANATIONS : requestScope(user);
  const rows = await xrepo.listExplanations(
    db,
    { scope, employee: q.employee || undefined, departments: q.departments, statuses: q.status, from: parseDmy(q.fromDate), to: parseDmy(q.toDate), id: q.id },
    { page: q.page, size: q.size, fieldToSort: q.fieldToSort, direction: q.direction === 1 ? 1 : -1 },
    user,
  );
  const lock = await lockDateFor(db, user.employeeId);
  return { data: rows.map((r) => toExplanation(r, user, lock)), page: await pageInfo(q, rows) };
}

/** The owner's new texts of a pending or delegated explanation, with their history; answers the new version. */
async function updateTexts(tx: DbOrTx, user: SessionUser, row: xrepo.ExplanationRow, body: ExplanationUpdatePayload): Promise<number> {
  if (!trimmed(body.title)) throw badRequest(XM.titleRequired);
  if (!trimmed(body.description) || (body.actual !== undefined && !trimmed(body.actual))) throw badRequest(XM.descriptionRequired);
  // A changed actual must fit the case; one stored before the rule (unchanged) is kept.
  if (body.actual !== undefined && row.case_reason !== null && trimmed(body.actual) !== row.actual) checkActualFits(trimmed(body.actual), { reason: row.case_reason, is_flexible: row.is_flexible });
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
  return updated.version;
}

/** The hand-over of an explanation to `newAssignee` by the shared reassignment rule, with its history and notice. */
async function reassign(tx: DbOrTx, mail: NotifyMailConfig, user: SessionUser, row: xrepo.ExplanationRow, newAssignee: number, version: number | null) {
  const facts = await reassignFacts(tx, { requesters: [{ employeeId: row.employee_id, date: row.abnormal_date }], projectId: null, mover: user, targetUserId: newAssignee });
  const item = explanationItem(row, facts.inMoverLeadScope);
  const moverRefused = moverRefusal(user, item);
  if (moverRefused) throw forbidden(moverRefused.message);
  const target = await userBy(tx, { id: newAssignee });
  if (!target || target.disabled || !facts.target) throw badRequest(XM.unknownAssignee);
  const targetRefused = targetRefusal(user, item, facts, facts.target);
  if (targetRefused) throw forbidden(targetRefused.message);
  const changed = await xrepo.changeAssignee(tx, row.id, newAssignee, version);
  if (!changed) throw conflict();
  // In an approval flow the hand-over is the current step's: its timeline names the new approver (issue 29).
  await moveStepApprover(tx, requestItem(row.id), newAssignee);
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
  await notifyEvent(tx, mail, {
    userIds: [newAssignee],
    type: 'ASSIGNED',
    text: { key: 'explanationAssigned', params: { name: row.employee_name, date: row.abnormal_date } },
    link: row.abnormal_id ? abnormalCaseLink(row.abnormal_id) : explanationLink(row.id),
  });
  return changed;
}

/**
 * PUT update-explanation (spec 001 §4.4, §5.5): the owner edits title/actual/description while Pending or
 * Delegated. A change of assignee follows the shared reassignment rule (auth core, RULES.md §5): never by the owner,
 * by a lead of the owner or HR/HRM/ADMIN, to someone entitled to approve it (never the owner, never a guest) — to
 * someone else sets 6 and keeps the previous status, back to the original assignee restores it. A refusal rolls the
 * whole call back.
 */
export async function updateExplanation(deps: ExplanationDeps, user: SessionUser, body: ExplanationUpdatePayload) {
  const newAssignee = body.assignee == null ? null : typeof body.assignee === 'number' ? body.assignee : body.assignee.id;
  const result = await deps.db.transaction(async (tx) => {
    const row = await xrepo.findExplanation(tx, body.id, requestScope(user), { forUpdate: true });
    if (!row) throw notFound(XM.notFound);
    if (row.status !== EXPLANATION_STATUS.pending && row.status !== EXPLANATION_STATUS.delegated) throw conflict(XM.notEditable);
    const owner = row.employee_id === user.employeeId;
    await checkWindow(deps.clock, tx, row.employee_id, row.abnormal_date, { forbiddenWindow: false });
    let version = row.version;
    let status: number = row.status;
    const sendsTexts = body.title !== undefined || body.actual !== undefined || body.description !== undefined;
    if (sendsTexts && owner) {
      version = await updateTexts(tx, user, row, body);
    } else if (!owner && newAssignee === null) {
      throw forbidden(XM.notOwner);
    }
    if (newAssignee !== null && newAssignee !== row.assignee_user_id) {
      const changed = await reassign(tx, deps.config, user, row, newAssignee, sendsTexts && owner ? null : (body.version ?? null));
      version = changed.version;
      status = changed.status;
    }
    return { id: row.id, status, version };
  });
  return { id: result.id, status: result.status, version: result.version };
}

/** Users to hand an item to (spec 001 §5.2: from 3 characters; folded search). */
export async function delegatesMatching(db: DbOrTx, text: string) {
  return text.length < DELEGATE_SEARCH_MIN ? [] : xrepo.searchDelegates(db, text);
}


