import { DELEGATE_CHOOSE_PATH } from '@tms/contracts/explanations';
import { overtimeAssigneeCandidatesPath, type AssigneeCandidate } from '@tms/contracts/reassign';
import { apiRequest } from './api-client.ts';

/**
 * The people the signed-in user may hand an item to (the server's reassignment rule, RULES.md §5): a request or an
 * explanation through choose-delegator-to-delegate?requestId, an overtime request (either kind) through its
 * assignee-candidates. `id` is the user id update-assignee and update-explanation take.
 */
export type AssigneeItem = { requestId: number } | { overtimeId: number };

export async function fetchAssigneeCandidates(item: AssigneeItem, keyword: string, signal: AbortSignal): Promise<AssigneeCandidate[]> {
  const path = 'overtimeId' in item ? overtimeAssigneeCandidatesPath(item.overtimeId) : DELEGATE_CHOOSE_PATH;
  const query = { employee: keyword || undefined, ...('requestId' in item ? { requestId: item.requestId } : {}) };
  const envelope = await apiRequest<AssigneeCandidate[]>('GET', path, { query, signal });
  return Array.isArray(envelope.data) ? envelope.data : [];
}

/** 'name - user_name' like the employee search (spec 000 §2). */
export const candidateLabel = (c: Pick<AssigneeCandidate, 'name' | 'user_name'>) => (c.user_name ? `${c.name} - ${c.user_name}` : c.name);
