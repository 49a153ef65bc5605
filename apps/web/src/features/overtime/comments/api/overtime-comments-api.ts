import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FIXED_OT_BASE, type OvertimeComment } from '@tms/contracts/overtime-fixed';
import { apiGet, apiSend } from '../../../../lib/api-client.ts';

/** Overtime comment calls, both kinds (contracts overtime-fixed.ts; spec 001 §7.3 and our list/edit/delete paths). */
export const commentKeys = { list: (requestId: number) => ['overtime', 'comments', requestId] as const };

export function useOvertimeComments(requestId: number) {
  return useQuery({ queryKey: commentKeys.list(requestId), queryFn: ({ signal }) => apiGet<OvertimeComment[]>(`${FIXED_OT_BASE}/${requestId}/comments`, undefined, { signal }) });
}

export type CommentCommand =
  | { kind: 'add'; requestId: number; receiverId: number; comment: string }
  | { kind: 'edit'; commentId: number; comment: string }
  | { kind: 'delete'; commentId: number };

export function runCommentCommand(c: CommentCommand): Promise<unknown> {
  switch (c.kind) {
    case 'add':
      return apiSend('PUT', `${FIXED_OT_BASE}/${c.requestId}/${c.receiverId}/comment`, { comment: c.comment });
    case 'edit':
      return apiSend('PUT', `${FIXED_OT_BASE}/comments/${c.commentId}`, { comment: c.comment });
    case 'delete':
      return apiSend('DELETE', `${FIXED_OT_BASE}/comments/${c.commentId}`);
  }
}

export function useCommentCommand(requestId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: runCommentCommand, meta: { silent: true }, onSettled: () => client.invalidateQueries({ queryKey: commentKeys.list(requestId) }) });
}
