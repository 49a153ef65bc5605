import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { TIMESHEETS_PATH, type TimesheetInfo } from '@tms/contracts/timesheet-review';
import { apiRequest } from '../../../../lib/api-client.ts';
import { requestReviewBody, reviewBody } from '../request-bodies.ts';

type Ref = Pick<TimesheetInfo, 'timesheet_id' | 'version'>;

/** PUT …/{id}/request-review { status: 3, version } (RULES.md §4). */
export function requestReview({ timesheet_id, version }: Ref): Promise<Envelope<TimesheetInfo>> {
  return apiRequest<TimesheetInfo>('PUT', `${TIMESHEETS_PATH}/${timesheet_id}/request-review`, { body: requestReviewBody(version) });
}

/** PUT …/{id}/review: approve { status: 4 } or reject { status: 2, content } (RULES.md §4: reject → Pending update). */
export function reviewTimesheet({ timesheet_id, version, decision, content }: Ref & { decision: 'approve' | 'reject'; content?: string }): Promise<Envelope<TimesheetInfo>> {
  return apiRequest<TimesheetInfo>('PUT', `${TIMESHEETS_PATH}/${timesheet_id}/review`, { body: reviewBody(decision, version, content) });
}

export function useRequestReview() {
  return useMutation({ mutationFn: requestReview });
}

export function useReviewTimesheet() {
  return useMutation({ mutationFn: reviewTimesheet });
}
