import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  DELEGATION_PATHS as P,
  DELEGATOR_PAGE_SIZE,
  DELEGATOR_SEARCH_MIN,
  MEMBER_SEARCH_MIN,
  type DelegationCreateInput,
  type DelegationDetail,
  type DelegationEditInput,
  type DelegationExplanationRow,
  type DelegationRow,
  type DelegatorCandidate,
  type MemberCandidate,
} from '@tms/contracts/delegation';
import type { PageInfo } from '@tms/contracts/api';
import { apiGet, apiRequest, type Query } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';

/** Delegation Management calls (contracts delegation.ts, spec 001 §7.8). */
export const delegationKeys = {
  all: ['delegation'] as const,
  list: () => ['delegation', 'list'] as const,
  explanations: () => ['delegation', 'explanations'] as const,
  detail: (id: number, employee: string) => ['delegation', 'detail', id, employee] as const,
  delegators: (text: string) => ['delegation', 'delegators', text] as const,
  members: (delegatorId: number | null, text: string) => ['delegation', 'members', delegatorId, text] as const,
};

/** The delegator list, direction 1 (spec 001 §9). */
export function useDelegationList(filters: Query) {
  return usePagedList<DelegationRow>({ queryKey: delegationKeys.list(), path: P.list, filters: { ...filters, direction: 1 } });
}

/** The explanation-request tab, direction -1 (spec 001 §7.8, §9). */
export function useDelegationExplanations(filters: Query, enabled: boolean) {
  return usePagedList<DelegationExplanationRow>({ queryKey: delegationKeys.explanations(), path: P.explanations, filters: { ...filters, direction: -1 }, enabled });
}

/** A delegation with its members, filtered by member (the right panel). */
export function useDelegationDetail(id: number | null, employee: string) {
  return useQuery({
    queryKey: delegationKeys.detail(id ?? 0, employee),
    queryFn: ({ signal }) => apiGet<DelegationDetail>(P.detail, { id: id!, employee: employee || undefined }, { signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export const fetchDelegationDetail = (id: number) => apiGet<DelegationDetail>(P.detail, { id });

/**
 * The step-1 radio list: choose-delegator-pageable, one page per scroll step (lazy loading); a search text of fewer
 * than 3 characters is not sent (spec 001 §5.7), the list shows everyone instead.
 */
export function useDelegatorPages(text: string, enabled: boolean) {
  const search = text.trim().length >= DELEGATOR_SEARCH_MIN ? text.trim() : '';
  return useInfiniteQuery({
    queryKey: delegationKeys.delegators(search),
    initialPageParam: 1,
    enabled,
    queryFn: async ({ pageParam, signal }) => {
      const envelope = await apiRequest<DelegatorCandidate[]>('GET', P.chooseDelegatorPageable, {
        query: { page: pageParam, size: DELEGATOR_PAGE_SIZE, employee: search || undefined },
        signal,
      });
      return { items: envelope.data ?? [], page: envelope.page as PageInfo };
    },
    getNextPageParam: (last) => (last.page && last.page.page * last.page.size < last.page.total_element ? last.page.page + 1 : undefined),
  });
}

/**
 * Member choices for a delegator: choose-member-for-delegator without text, search-member-for-delegator with more
 * than 3 characters (spec 001 §5.7); shorter text keeps the unfiltered choices.
 */
export function useMemberChoices(delegatorId: number | null, text: string, enabled: boolean) {
  const search = text.trim().length >= MEMBER_SEARCH_MIN ? text.trim() : '';
  return useQuery({
    queryKey: delegationKeys.members(delegatorId, search),
    queryFn: ({ signal }) =>
      apiGet<MemberCandidate[]>(search ? P.searchMember : P.chooseMember, { delegatorId: delegatorId ?? undefined, employee: search || undefined }, { signal }),
    enabled: enabled && delegatorId !== null,
    placeholderData: keepPreviousData,
  });
}

export async function createDelegation(body: DelegationCreateInput) {
  return apiRequest<DelegationDetail>('POST', P.create, { body });
}

export async function editDelegation(body: DelegationEditInput) {
  return apiRequest<DelegationDetail>('POST', P.edit, { body });
}

export async function deleteDelegations(ids: number[]) {
  return apiRequest<{ deleted: number[] }>('PUT', P.delete, { body: { delegate_list_id: ids } });
}
