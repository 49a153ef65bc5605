import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobStatusPath, type JobStatus } from '@tms/contracts/jobs';
import { UPDATE_LEAVE_POLL_MS } from '@tms/contracts/update-leave';
import { apiRequest } from '../../../lib/api-client.ts';
import { isJobFinished } from '../update-leave-run.ts';

/** GET /tms/jobs/:id: the state, progress and result of a job the caller started. */
export async function getJobStatus(id: number, signal?: AbortSignal): Promise<JobStatus> {
  return (await apiRequest<JobStatus>('GET', jobStatusPath(id), { signal })).data;
}

export const jobStatusKey = (id: number | null) => ['update-leave', 'job', id] as const;

/** Polled every second until the job is done or failed; a job that is gone (404) is handled by the page, silently. */
export function jobStatusQuery(id: number | null) {
  return queryOptions({
    queryKey: jobStatusKey(id),
    queryFn: ({ signal }) => getJobStatus(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (isJobFinished(query.state.data?.status) ? false : UPDATE_LEAVE_POLL_MS),
    meta: { silent: true },
  });
}

export function useJobStatus(id: number | null) {
  return useQuery(jobStatusQuery(id));
}
