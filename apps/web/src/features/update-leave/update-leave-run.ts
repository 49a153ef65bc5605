import type { JobStatus } from '@tms/contracts/jobs';
import { UPDATE_LEAVE_MESSAGES as M, UPDATE_LEAVE_TEXTS as T, type UpdateLeaveBody, type UpdateLeaveSummary } from '@tms/contracts/update-leave';
import { jobProgressView, type ProgressView } from '../../lib/job-status.ts';

/** Pure pieces of the Update Leave page: what to send, how far the run is, what it did. */

export type StaffChoice = 'all' | 'chosen';

/** The request body for the choice, or null while "Chosen staff" has nobody chosen (the button stays disabled). */
export function updateLeaveBody(choice: StaffChoice, usernames: readonly string[]): UpdateLeaveBody | null {
  if (choice === 'all') return { all: true };
  const chosen = [...new Set(usernames.map((u) => u.trim()).filter(Boolean))];
  return chosen.length > 0 ? { usernames: chosen } : null;
}

/** The run's progress bar (the shared job bar with Update Leave's texts). */
export function progressView(job: Pick<JobStatus, 'status' | 'percent' | 'progress'> | undefined): ProgressView {
  return jobProgressView(job, { queued: T.queued, running: T.running, done: T.done, failed: M.failed });
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** The run's summary from the job's result, or null when the result is not one (a job without a summary). */
export function summaryOf(result: unknown): UpdateLeaveSummary | null {
  if (typeof result !== 'object' || result === null) return null;
  const r = result as Record<string, unknown>;
  const keys = ['employees', 'granted', 'adjusted', 'removed', 'conflicts', 'expiredEntries', 'ms'] as const;
  if (!keys.every((k) => isCount(r[k]))) return null;
  return Object.fromEntries(keys.map((k) => [k, r[k]])) as UpdateLeaveSummary;
}

/** A run's duration as people read it: 850 ms, 12.3 s, 2 min 05 s. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

export type SummaryRow = { key: keyof UpdateLeaveSummary; label: string; value: string };

/** The result summary's rows, in the page's order. */
export function summaryRows(s: UpdateLeaveSummary): SummaryRow[] {
  return [
    { key: 'employees', label: T.resultEmployees, value: String(s.employees) },
    { key: 'granted', label: T.resultGranted, value: String(s.granted) },
    { key: 'adjusted', label: T.resultAdjusted, value: String(s.adjusted) },
    { key: 'removed', label: T.resultRemoved, value: String(s.removed) },
    { key: 'conflicts', label: T.resultConflicts, value: String(s.conflicts) },
    { key: 'expiredEntries', label: T.resultExpired, value: String(s.expiredEntries) },
    { key: 'ms', label: T.resultTime, value: formatDuration(s.ms) },
  ];
}

/** The run being followed survives a reload of the page in this tab (sessionStorage), until it is dismissed. */
export const RUN_STORAGE_KEY = 'tms.update-leave.job';

export function readStoredJobId(storage: Pick<Storage, 'getItem'> | undefined): number | null {
  const value = Number(storage?.getItem(RUN_STORAGE_KEY) ?? '');
  return Number.isInteger(value) && value > 0 ? value : null;
}
