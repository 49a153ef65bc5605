import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobStatusPath, type JobState, type JobStatus } from '@tms/contracts/jobs';
import { apiRequest } from './api-client.ts';

/**
 * Following a background job the user started (Update Leave, Recalculate Salary, a backup): `GET /tms/jobs/:id`
 * polled until it is done or failed, and the progress bar it drives. One poller for every page that runs a job.
 */

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 1000;

/** GET /tms/jobs/:id: the state, progress and result of a job the caller started (another user's job is a 404). */
export async function getJobStatus(id: number, signal?: AbortSignal): Promise<JobStatus> {
  return (await apiRequest<JobStatus>('GET', jobStatusPath(id), { signal })).data;
}

export const jobStatusKey = (id: number | null) => ['jobs', id] as const;

export function isJobFinished(status: JobState | undefined): boolean {
  return status === 'done' || status === 'failed';
}

/** Polled every second until the job is done or failed; silent, since a job that is gone (404) is the page's to handle. */
export function jobStatusQuery(id: number | null) {
  return queryOptions({
    queryKey: jobStatusKey(id),
    queryFn: ({ signal }) => getJobStatus(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (isJobFinished(query.state.data?.status) ? false : JOB_POLL_MS),
    meta: { silent: true },
  });
}

export function useJobStatus(id: number | null) {
  return useQuery(jobStatusQuery(id));
}

/** The texts of a job's progress bar in each state; `running` gets the reported count appended. */
export type JobProgressLabels = { queued: string; running: string; done: string; failed: string };

export type ProgressView = { percent: number; status: 'active' | 'success' | 'exception' | 'normal'; label: string };

/** The progress bar of a job: still while queued, moving while it runs, green when done, red when failed. */
export function jobProgressView(job: Pick<JobStatus, 'status' | 'percent' | 'progress'> | undefined, labels: JobProgressLabels): ProgressView {
  if (!job || job.status === 'queued') return { percent: job?.percent ?? 0, status: 'normal', label: labels.queued };
  if (job.status === 'done') return { percent: 100, status: 'success', label: labels.done };
  if (job.status === 'failed') return { percent: job.percent, status: 'exception', label: labels.failed };
  const counted = job.progress && job.progress.total > 0 ? ` (${job.progress.done}/${job.progress.total})` : '';
  return { percent: job.percent, status: 'active', label: `${labels.running}${counted}` };
}
