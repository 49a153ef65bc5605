import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestTimelinePath, type ApprovalTimeline } from '@tms/contracts/approval-flows';
import { apiGet } from '../../lib/api-client.ts';
import { requestKeys } from '../requests/request-api.ts';

/**
 * GET /tms/request-management/:id/approval-timeline (issue 29): every approval step of a request or an explanation (an
 * explanation is a row of the requests table: its request id) — its approver, decision, time and comment — and the
 * flow it followed; an item without a flow has one step with no rule. Under the requests root, so a request's approval
 * (which invalidates it) reloads the timeline too; the explanation views close on a decision, and the timeline is
 * asked again when one opens.
 */
export function approvalTimelineQuery(id: number) {
  return timelineQuery([...requestKeys.all, 'approval-timeline', id], requestTimelinePath(id));
}

/**
 * The root of the timelines of onsite records and overtime (each answered by its own module's path, e.g.
 * `/tms/request-onsite-management/:id/approval-timeline`): their screens invalidate it after a decision.
 */
export const ITEM_TIMELINE_KEY = ['approval-timeline'] as const;

/** The timeline at `path`: an onsite record's or an overtime staff row's (same answer as a request's). */
export function itemTimelineQuery(path: string) {
  return timelineQuery([...ITEM_TIMELINE_KEY, path], path);
}

/** One timeline under `key`: asked each time a drawer opens (a decision elsewhere may have moved it). */
function timelineQuery(key: readonly unknown[], path: string) {
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<ApprovalTimeline>(path, undefined, { signal }),
    staleTime: 0,
  });
}

/** The timeline of the item shown (a request's by id, else the one at `path`); nothing is asked while none is shown. */
export function useApprovalTimeline(id: number | null, path?: string) {
  const options = path ? itemTimelineQuery(path) : approvalTimelineQuery(id ?? 0);
  // Silent: the section says a failure itself, so the rest of the drawer stays usable without a notice.
  return useQuery({ ...options, enabled: path !== undefined || id !== null, meta: { silent: true } });
}
