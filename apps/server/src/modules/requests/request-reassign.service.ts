/**
 * update-assignee of a request (spec 001 §4.2 Delegate, §7.2); the approver picker of requests and explanations
 * (choose-delegator-to-delegate?requestId) is request-days/assignee-candidates.ts. Who may move an item and to whom is the shared reassignment rule (auth core
 * `reassign-rule.ts`, RULES.md §5): never one's own (the owner, or who filed it), a lead only for the people they lead,
 * HR, HRM and Admin any; the new approver entitled to approve it, never the requester nor a guest. A refusal writes
 * nothing (no assignee, history or notification).
 */
import { REQUEST_MESSAGES as M, REQUEST_RULE_MESSAGES as R } from '@tms/contracts/requests';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { recordHistory } from '../../lib/history.ts';
import { moveStepApprover, requestItem } from '../approval-flows/approval-steps.ts';
import { targetRefusal } from '../auth/reassign-rule.ts';
import { reassignFacts } from '../auth/reassign.repository.ts';
import { inTransaction } from '../leave/leave.service.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { refusedError } from '../request-days/request-form.ts';
import { refusal } from '../request-days/request-rules.ts';
import { projectOf, reassignItem } from '../request-days/assignee-candidates.ts';
import { reachOf, type RequestAuthor } from '../request-days/request-author.ts';
import * as repo from '../request-days/request.repository.ts';
import { linkOf, ruleRequest, tell, type RequestDeps } from './request-access.ts';

/** update-assignee: a pending request (not an explanation, 404) goes to another approver. */
export async function updateAssignee(deps: RequestDeps, user: RequestAuthor, p: { id: number; approver?: number | string | null }) {
  if (p.approver === undefined || p.approver === null || (typeof p.approver === 'string' && !p.approver.trim())) throw badRequest(M.approverRequired);
  return inTransaction(deps.db, async (tx) => {
    const row = await repo.findRequest(tx, p.id, { reach: reachOf(user), userId: user.userId }, { forUpdate: true });
    if (!row || row.is_explanation) throw notFound(R.notFound);
    const lockDate = await getLockDate(tx, row.company_id);
    const target = await repo.userBy(tx, typeof p.approver === 'number' ? { id: p.approver } : { username: String(p.approver).trim() });
    const facts = await reassignFacts(tx, { requesters: [{ employeeId: row.employee_id, date: row.start_date }], projectId: projectOf(row), mover: reachOf(user), targetUserId: target?.id ?? null });
    const refused = refusal('delegate', ruleRequest(row, facts.inMoverLeadScope), { caller: user, lockDate, today: deps.clock.today() });
    if (refused) throw refusedError(refused);
    if (!target || target.disabled || !facts.target) throw badRequest(M.approverRequired);
    const wrongTarget = targetRefusal(user, reassignItem(row, facts.inMoverLeadScope), facts, facts.target);
    if (wrongTarget) throw refusedError(wrongTarget);
    const moved = await repo.updateAssignee(tx, row.id, target.id);
    if (!moved) throw new AppError(409, R.alreadyChanged, [R.alreadyChanged]);
    // In an approval flow the move is the current step's: its timeline names the new approver (issue 29).
    await moveStepApprover(tx, requestItem(row.id), target.id);
    await recordHistory(tx, {
      tableName: 'requests',
      recordId: row.id,
      employeeId: row.employee_id,
      action: 'UPDATE',
      changes: [{ field: 'assignee_user_id', oldValue: row.assignee_user_id, newValue: target.id }],
      newRecord: { id: row.id, assignee_user_id: target.id, assignee: target.username, version: moved.version },
      by: user,
    });
    await tell(tx, deps.mail, { userId: target.id, type: 'ASSIGNED', text: { key: 'requestReassigned', params: { id: row.id } }, link: linkOf(row.id) });
    return { id: row.id, approver: { id: target.id, user_name: target.username, name: target.name }, version: moved.version };
  });
}
