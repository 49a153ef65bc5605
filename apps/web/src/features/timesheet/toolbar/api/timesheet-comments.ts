import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { TIMESHEETS_PATH, type TimesheetComment } from '@tms/contracts/timesheet-review';
import { apiGet, apiRequest } from '../../../../lib/api-client.ts';
import { isConflict, toolbarKeys } from './toolbar-keys.ts';

const path = (timesheetId: number) => `${TIMESHEETS_PATH}/${timesheetId}/comments`;

/** GET tms/timesheets/{id}/comments (spec 001 §7.1). */
export function commentsQuery(timesheetId: number) {
  return queryOptions({
    queryKey: toolbarKeys.comments(timesheetId),
    queryFn: ({ signal }) => apiGet<TimesheetComment[]>(path(timesheetId), undefined, { signal }),
  });
}

export function useTimesheetComments(timesheetId: number, enabled: boolean) {
  return useQuery({ ...commentsQuery(timesheetId), enabled });
}

type CommentWrite =
  | { kind: 'create'; content: string }
  | { kind: 'update'; comment: Pick<TimesheetComment, 'comment_id' | 'version'>; content: string }
  | { kind: 'delete'; comment: Pick<TimesheetComment, 'comment_id' | 'version'> };

/** POST { content }, PUT { comment_id, content, version }, DELETE …/{comment_id}?version= (spec 001 §7.1, RULES.md §1). */
export function writeComment(timesheetId: number, write: CommentWrite): Promise<Envelope<unknown>> {
  switch (write.kind) {
    case 'create':
      return apiRequest('POST', path(timesheetId), { body: { content: write.content.trim() } });
    case 'update':
      return apiRequest('PUT', path(timesheetId), {
        body: { comment_id: write.comment.comment_id, content: write.content.trim(), version: write.comment.version },
      });
    case 'delete':
      return apiRequest('DELETE', `${path(timesheetId)}/${write.comment.comment_id}`, { query: { version: write.comment.version } });
  }
}

/** Any write reloads the list; so does a 409 (the comment changed or went away under the user). */
export function useWriteComment(timesheetId: number) {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: toolbarKeys.comments(timesheetId) });
  return useMutation({
    mutationFn: (write: CommentWrite) => writeComment(timesheetId, write),
    onSuccess: reload,
    onError: (error) => (isConflict(error) ? reload() : undefined),
  });
}
