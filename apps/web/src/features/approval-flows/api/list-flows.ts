import { queryOptions, useQuery } from '@tanstack/react-query';
import { APPROVAL_FLOW_PATHS, type ApprovalFlowRow } from '@tms/contracts/approval-flows';
import { apiGet } from '../../../lib/api-client.ts';
import { flowKeys } from './flow-keys.ts';

/** GET /tms/approval-flows: every flow (a short list, no paging), by priority as the server orders them. */
export function getFlows(signal?: AbortSignal): Promise<ApprovalFlowRow[]> {
  return apiGet<ApprovalFlowRow[]>(APPROVAL_FLOW_PATHS.list, undefined, { signal });
}

export const flowListQuery = queryOptions({ queryKey: flowKeys.list(), queryFn: ({ signal }) => getFlows(signal), staleTime: 0 });

export function useFlowList() {
  return useQuery(flowListQuery);
}
