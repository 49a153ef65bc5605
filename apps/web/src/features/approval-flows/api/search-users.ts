import type { AssigneeCandidate } from '@tms/contracts/reassign';
import { DELEGATE_CHOOSE_PATH } from '@tms/contracts/explanations';
import type { RemotePage } from '../../../components/remote-select.tsx';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * The named user of a USER step: GET choose-delegator-to-delegate?employee= without a request answers the enabled
 * users whose name or user name holds the text (with or without diacritics, 3 characters or more), by user id — the
 * id a step's `user_id` takes. One page of at most 20.
 */
export async function searchUsers(keyword: string, signal: AbortSignal): Promise<RemotePage<AssigneeCandidate>> {
  const items = await apiGet<AssigneeCandidate[]>(DELEGATE_CHOOSE_PATH, { employee: keyword }, { signal });
  return { items: Array.isArray(items) ? items : [], hasMore: false };
}
