import { queryOptions, useQuery } from '@tanstack/react-query';
import { BONUS_LEAVE_PATH } from '@tms/contracts/bonus-leave';
import { apiGet } from '../../../lib/api-client.ts';
import type { HistoryEntry } from '../../../components/history-format.ts';
import { bonusLeaveKeys } from './bonus-leave-keys.ts';

/** GET …/priority-leave/history?id=: the row's change entries, newest first (RULES.md §8). */
export function getBonusLeaveHistory(id: number, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return apiGet<HistoryEntry[]>(`${BONUS_LEAVE_PATH}/history`, { id }, { signal });
}

export function bonusLeaveHistoryQuery(id: number) {
  return queryOptions({
    queryKey: bonusLeaveKeys.history(id),
    queryFn: ({ signal }) => getBonusLeaveHistory(id, signal),
  });
}

export function useBonusLeaveHistory(id: number) {
  return useQuery(bonusLeaveHistoryQuery(id));
}
