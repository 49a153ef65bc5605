import { z } from 'zod';
import { envelope, idParamSchema } from './schemas.ts';

/** A background job the caller started (Update Leave, Calculate working day, …): its state and progress. */
export const JOB_STATUS_PATH = '/tms/jobs/:id';
export const jobStatusPath = (id: number) => `/tms/jobs/${id}`;

export const JOB_MESSAGES = {
  notFound: 'Job not found',
  // What a failed job's status says; the stored cause stays in the server's log and table (it may name internals).
  failed: 'The job failed',
  notFinished: 'The job did not finish (its worker stopped) within its attempts',
} as const;

export const jobStatusParamsSchema = z.object({ id: idParamSchema() });

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(JOB_STATES),
  /** `{ done, total }` while it runs (null until the job reports); `percent` is 0–100, 100 once done. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  percent: z.number().int(),
  /** What the job answered when it finished (its summary), null before. */
  result: z.unknown(),
  /** `JOB_MESSAGES.failed` once the job failed (its cause stays in the server's log), null before. */
  error: z.string().nullable(),
  /** The key and parameters of `error` (issue 25): the web shows it in the reader's language by them. */
  errorKey: z.string().nullable(),
  errorParams: z.record(z.string(), z.string()).nullable(),
  createdDate: z.string(),
  finishedDate: z.string().nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;
export const jobStatusResponseSchema = envelope(jobStatusSchema);
export type JobProgressShape = { done: number; total: number };

/** 0–100 from a job's state and reported progress. */
export function jobPercent(status: JobState, progress: { done: number; total: number } | null): number {
  if (status === 'done') return 100;
  if (!progress || progress.total <= 0) return 0;
  return Math.min(99, Math.floor((progress.done * 100) / progress.total));
}
