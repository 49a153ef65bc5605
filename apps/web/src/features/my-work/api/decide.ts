import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXPLANATION_STATUS_REQUEST_PATH } from '@tms/contracts/abnormal-case';
import type { WaitingItem } from '@tms/contracts/my-work';
import { ONSITE_BASE } from '@tms/contracts/onsite';
import { FIXED_OT_BASE } from '@tms/contracts/overtime-fixed';
import { FLEXIBLE_OT_PATHS } from '@tms/contracts/overtime-flexible';
import { REQUEST_BASE } from '@tms/contracts/requests';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { localizedMessages } from '../../../lib/server-messages.ts';
import { myWorkKeys } from './waiting-count.ts';

export type Decision = 'approve' | 'reject';
/** One item's outcome: the server's answer in the reader's language (its success message or its refusal). */
export type DecisionResult = { key: string; item: WaitingItem; decision: Decision; ok: boolean; message: string };

/**
 * Approve or reject one waiting item through its own workflow's endpoint (issue 26 §2): each enforces its rules —
 * who may decide, never one's own item, the lock date, a second decision answering 409 — so My Work adds none.
 */
function send(item: WaitingItem, decision: Decision, reason: string | undefined) {
  const status = decision === 'approve' ? 3 : 4;
  switch (item.kind) {
    case 'REQUEST':
      return apiRequest('PUT', `${REQUEST_BASE}/update-status`, { body: { id: item.id, status_type: status, status, reason, version: item.version ?? undefined, approval_step: status === 3 ? item.approval_step?.step : undefined } });
    case 'EXPLANATION':
    case 'ABNORMAL_CASE':
      return apiRequest('PUT', EXPLANATION_STATUS_REQUEST_PATH, { body: { request_id: item.id, status, reason } });
    case 'FIXED_OT':
      return apiRequest('PUT', `${FIXED_OT_BASE}/${item.id}/update-status`, {
        // The step shown: a stale click answers 409 instead of approving the next step (issue 29).
        body: { data: [{ employee_id: item.employee_id, status, reject_reason: reason, approval_step: status === 3 ? (item.approval_step?.step ?? undefined) : undefined }] },
      });
    case 'FLEXIBLE_OT':
      return apiRequest('PUT', FLEXIBLE_OT_PATHS.changeStatus, { body: { requestId: item.id, action: decision, reason, version: item.version ?? undefined } });
    case 'ONSITE':
      return apiRequest('POST', `${ONSITE_BASE}/${item.id}/${decision}`, { body: decision === 'approve' ? { version: item.version } : { reason, version: item.version } });
  }
}

const failureText = (error: unknown) => (error instanceof ApiError ? localizedMessages(error).join(' ') : error instanceof Error ? error.message : String(error));

/**
 * Decides the items one after another (each its own transaction on the server) and answers every item's result, so
 * a refusal of one leaves the others decided. Every My Work block (and the badge) is refreshed afterwards.
 */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ items, decision, reason }: { items: readonly WaitingItem[]; decision: Decision; reason?: string }): Promise<DecisionResult[]> => {
      const results: DecisionResult[] = [];
      for (const item of items) {
        try {
          const answer = await send(item, decision, reason);
          results.push({ key: item.key, item, decision, ok: true, message: answer.message });
        } catch (error) {
          results.push({ key: item.key, item, decision, ok: false, message: failureText(error) });
        }
      }
      return results;
    },
    onSettled: () => client.invalidateQueries({ queryKey: myWorkKeys.all }),
  });
}
