import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalFlowActivePath, type ApprovalFlowRow } from '@tms/contracts/approval-flows';
import { apiRequest } from '../../../lib/api-client.ts';
import { flowKeys } from './flow-keys.ts';

export type SetFlowActiveVariables = { id: number; active: boolean };

/** PUT /tms/approval-flows/:id/active `{ active }`: a paused flow is skipped for new items; items in it keep their steps. */
export async function setFlowActive({ id, active }: SetFlowActiveVariables) {
  return apiRequest<ApprovalFlowRow>('PUT', approvalFlowActivePath(id), { body: { active } });
}

export const setFlowActiveMutation = mutationOptions({ mutationFn: setFlowActive });

export function useSetFlowActive() {
  const client = useQueryClient();
  return useMutation({ ...setFlowActiveMutation, onSettled: () => client.invalidateQueries({ queryKey: flowKeys.all }) });
}
