import { mutationOptions, useMutation } from '@tanstack/react-query';
import { APPROVAL_FLOW_PATHS, type ApprovalPreview, type ApprovalPreviewInput } from '@tms/contracts/approval-flows';
import { apiSend } from '../../../lib/api-client.ts';

/** POST /tms/approval-flows/preview: which flow an item would follow and who each step's approver would be. Writes nothing. */
export function previewFlow(body: ApprovalPreviewInput): Promise<ApprovalPreview> {
  return apiSend<ApprovalPreview>('POST', APPROVAL_FLOW_PATHS.preview, body);
}

export const previewFlowMutation = mutationOptions({ mutationFn: previewFlow });

export function usePreviewFlow() {
  return useMutation(previewFlowMutation);
}
