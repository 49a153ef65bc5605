import type { z } from 'zod';
import { DELEGATE_CHOOSE_PATH, type delegateCandidateSchema } from '@tms/contracts/explanations';
import { apiRequest } from './api-client.ts';

/**
 * The people an explanation can be handed to (GET choose-delegator-to-delegate, spec 001 §5.2, §7.5): used by the
 * Abnormal Case "Delegate" and the Explanation Detail "Assignee" fields. `id` is the user id that
 * PUT update-explanation takes as `assignee`.
 */
export type DelegatorOption = z.infer<typeof delegateCandidateSchema>;

export const DELEGATOR_SEARCH_PATH = DELEGATE_CHOOSE_PATH;
export const DELEGATOR_CACHE_KEY = ['delegator-search'] as const;
export const DELEGATOR_PAGE_SIZE = 30;

/** Delegator search (3 characters, debounced by the select): `employee` carries the keyword; one page. */
export async function searchDelegators(keyword: string, signal: AbortSignal): Promise<DelegatorOption[]> {
  const envelope = await apiRequest<DelegatorOption[]>('GET', DELEGATOR_SEARCH_PATH, { query: { employee: keyword }, signal });
  return Array.isArray(envelope.data) ? envelope.data : [];
}

/** RemoteSelect `fetchPage` of the delegator search (the endpoint is not paged). */
export async function fetchDelegatorPage(keyword: string, _page: number, _size: number, signal: AbortSignal) {
  return { items: await searchDelegators(keyword, signal), hasMore: false };
}

/** 'name - user_name' like the employee search (spec 000 §2). */
export const delegatorLabel = (d: Pick<DelegatorOption, 'name' | 'user_name'>) => (d.user_name ? `${d.name} - ${d.user_name}` : d.name);

export const toDelegatorOption = (d: DelegatorOption) => ({ value: d.id, label: delegatorLabel(d), item: d });
