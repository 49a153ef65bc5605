import type { JobStatus } from '@tms/contracts/jobs';
import type { UpdateLeaveBody, UpdateLeaveSummary } from '@tms/contracts/update-leave';
import { jobProgressView, type ProgressView } from '../../lib/job-status.ts';
import { formatCount, localizeNumberText } from '../../lib/numbers.ts';
import { updateLeaveTexts } from './i18n/index.ts';

/**
 * Pure pieces of the Update Leave page: what to send, how far the run is, what it did. Texts come from `t` (the
 * page's, so a language switch re-renders them; by default the namespace's, read at call time).
 */

type Translate = typeof updateLeaveTexts.t;

export type StaffChoice = 'all' | 'chosen';

/** The request body for the choice, or null while "Chosen staff" has nobody chosen (the button stays disabled). */
export function updateLeaveBody(choice: StaffChoice, usernames: readonly string[]): UpdateLeaveBody | null {
  if (choice === 'all') return { all: true };
  const chosen = [...new Set(usernames.map((u) => u.trim()).filter(Boolean))];
  return chosen.length > 0 ? { usernames: chosen } : null;
}

/** The run's progress bar (the shared job bar with Update Leave's texts). */
export function progressView(job: Pick<JobStatus, 'status' | 'percent' | 'progress'> | undefined, t: Translate = updateLeaveTexts.t): ProgressView {
  return jobProgressView(job, { queued: t('queued'), running: t('running'), done: t('done'), failed: t('failed') });
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
export function formatDuration(ms: number, t: Translate = updateLeaveTexts.t): string {
  if (ms < 1000) return t('duration.milliseconds', { value: formatCount(ms) });
  if (ms < 60_000) return t('duration.seconds', { value: localizeNumberText((Math.round(ms / 100) / 10).toFixed(1)) });
  const seconds = Math.round(ms / 1000);
  return t('duration.minutes', { minutes: formatCount(Math.floor(seconds / 60)), seconds: String(seconds % 60).padStart(2, '0') });
}

export type SummaryRow = { key: keyof UpdateLeaveSummary; label: string; value: string };

/** The result summary's rows, in the page's order. */
export function summaryRows(s: UpdateLeaveSummary, t: Translate = updateLeaveTexts.t): SummaryRow[] {
  const counts = ['employees', 'granted', 'adjusted', 'removed', 'conflicts', 'expiredEntries'] as const;
  return [
    ...counts.map((key) => ({ key, label: t(`result.${key}`), value: formatCount(s[key]) })),
    { key: 'ms', label: t('result.ms'), value: formatDuration(s.ms, t) },
  ];
}

/** The run being followed survives a reload of the page in this tab (sessionStorage), until it is dismissed. */
export const RUN_STORAGE_KEY = 'tms.update-leave.job';

export function readStoredJobId(storage: Pick<Storage, 'getItem'> | undefined): number | null {
  const value = Number(storage?.getItem(RUN_STORAGE_KEY) ?? '');
  return Number.isInteger(value) && value > 0 ? value : null;
}
