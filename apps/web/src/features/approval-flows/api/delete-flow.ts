import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalFlowPath } from '@tms/contracts/approval-flows';
import { apiRequest } from '../../../lib/api-client.ts';
import { flowKeys } from './flow-keys.ts';

/** DELETE /tms/approval-flows/:id; a flow requests have followed answers 409 `inUse` (deactivate it instead). */
export async function deleteFlow(id: number) {
  return apiRequest<{ id: number }>('DELETE', approvalFlowPath(id));
}

export const deleteFlowMutation = mutationOptions({ mutationFn: deleteFlow });

/** A failure is notified by the mutation cache; the list reloads either way (a 409 may mean it is now in use). */
export function useDeleteFlow() {
  const client = useQueryClient();
  return useMutation({ ...deleteFlowMutation, onSettled: () => client.invalidateQueries({ queryKey: flowKeys.all }) });
}
