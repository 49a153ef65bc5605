import { REQUEST_RULE_MESSAGES as R } from '@tms/contracts/requests';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { moverRefusal, targetRefusal, type ReassignItem } from '../auth/reassign-rule.ts';
import { reassignCandidates, reassignFacts } from '../auth/reassign.repository.ts';
import { reachOf, type RequestAuthor } from './request-author.ts';
import * as repo from './request.repository.ts';

/** RULES.md §5: an onsite request is a project item (its PM approves it); every other request follows the lead chain. */
export const projectOf = (row: Pick<repo.StoredRequest, 'request_type' | 'project_id'>) => (row.request_type === 'ONSITE' ? row.project_id : null);

/** A request (or an explanation) as the reassignment rule reads it: the owner's item, and who filed it. */
export function reassignItem(row: Pick<repo.StoredRequest, 'employee_id' | 'created_by_user_id'>, inMoverLeadScope: boolean): ReassignItem {
  return { requesterEmployeeIds: [row.employee_id], creatorUserId: row.created_by_user_id, inMoverLeadScope };
}

/**
 * The people the caller may hand a request or an explanation to (the approver picker): the rule's candidates for its
 * owner and date, kept when the rule accepts them. Empty when the caller may not move it at all.
 */
export async function assigneeCandidates(db: DbOrTx, user: RequestAuthor, id: number, search: string | null) {
  const row = await repo.findRequest(db, id, { reach: reachOf(user), userId: user.userId });
  if (!row) throw notFound(R.notFound);
  const requesters = [{ employeeId: row.employee_id, date: row.start_date }];
  const facts = await reassignFacts(db, { requesters, projectId: projectOf(row), mover: reachOf(user) });
  const item = reassignItem(row, facts.inMoverLeadScope);
  if (moverRefusal(user, item)) return [];
  const candidates = await reassignCandidates(db, { requesters, projectId: projectOf(row), search });
  return candidates.filter((c) => targetRefusal(user, item, facts, c) === null);
}
