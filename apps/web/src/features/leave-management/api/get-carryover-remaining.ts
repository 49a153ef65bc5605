import { queryOptions, useQuery } from '@tanstack/react-query';
import { REMAIN_FINANCIAL_LEAVE_PATH } from '@tms/contracts/leave-carryover';
import { apiGet } from '../../../lib/api-client.ts';
import { carryoverKeys } from './carryover-keys.ts';

export type RemainingQuery = { username: string; financialYear: number; id?: number };

/**
 * GET /tms/filters/remain-financial-leave: the hours HR may still carry for the staff and year; with `id` (the row
 * being edited) that row's own hours count as available.
 */
export function getCarryoverRemaining({ username, financialYear, id }: RemainingQuery, signal?: AbortSignal): Promise<number> {
  return apiGet<number>(REMAIN_FINANCIAL_LEAVE_PATH, { username, financialYear, id }, { signal });
}

export function carryoverRemainingQuery(query: RemainingQuery) {
  return queryOptions({
    queryKey: carryoverKeys.remaining(query.username, query.financialYear, query.id),
    queryFn: ({ signal }) => getCarryoverRemaining(query, signal),
  });
}

/** Fetched once a staff and the year are known; until then (and while loading) `data` is undefined. */
export function useCarryoverRemaining(query: Partial<RemainingQuery>) {
  const { username, financialYear, id } = query;
  return useQuery({
    ...carryoverRemainingQuery({ username: username ?? '', financialYear: financialYear ?? 0, id }),
    enabled: Boolean(username) && typeof financialYear === 'number',
  });
}
