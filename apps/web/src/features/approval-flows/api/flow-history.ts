import { queryOptions, useQuery } from '@tanstack/react-query';
import { approvalFlowHistoryPath } from '@tms/contracts/approval-flows';
import type { HistoryEntry } from '../../../components/history-viewer.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { flowKeys } from './flow-keys.ts';

/** GET /tms/approval-flows/:id/history: the flow's change entries, newest first (RULES.md §8). */
export function flowHistoryQuery(id: number) {
  return queryOptions({
    queryKey: flowKeys.history(id),
    queryFn: ({ signal }) => apiGet<HistoryEntry[]>(approvalFlowHistoryPath(id), undefined, { signal }),
    staleTime: 0,
  });
}

export function useFlowHistory(id: number) {
  return useQuery(flowHistoryQuery(id));
}
