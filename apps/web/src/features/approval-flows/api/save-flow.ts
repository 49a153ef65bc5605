import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { APPROVAL_FLOW_PATHS, approvalFlowPath, type ApprovalFlowInput, type ApprovalFlowRow } from '@tms/contracts/approval-flows';
import { apiRequest } from '../../../lib/api-client.ts';
import { flowKeys } from './flow-keys.ts';

export type SaveFlowVariables = { id: number | null; body: ApprovalFlowInput };

/** POST /tms/approval-flows (a new flow) or PUT /tms/approval-flows/:id (the whole flow, with its version). */
export async function saveFlow({ id, body }: SaveFlowVariables) {
  return apiRequest<ApprovalFlowRow>(id === null ? 'POST' : 'PUT', id === null ? APPROVAL_FLOW_PATHS.list : approvalFlowPath(id), { body });
}

/** Silent: the form shows a 400's messages under their fields and notifies the rest itself. */
export const saveFlowMutation = mutationOptions({ mutationFn: saveFlow, meta: { silent: true } });

export function useSaveFlow() {
  const client = useQueryClient();
  return useMutation({ ...saveFlowMutation, onSettled: () => client.invalidateQueries({ queryKey: flowKeys.all }) });
}
