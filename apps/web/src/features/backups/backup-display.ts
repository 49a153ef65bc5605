import dayjs from 'dayjs';
import { BACKUP_KINDS, BACKUP_PAGE_TEXTS, backupJobResultSchema, type BackupItem, type BackupList } from '@tms/contracts/backups';
import type { JobStatus } from '@tms/contracts/jobs';
import type { StatusTone } from '../../components/status-info.ts';
import { jobProgressView, type ProgressView } from '../../lib/job-status.ts';
import { localizeNumberText } from '../../lib/numbers.ts';
import { backupsTexts } from './i18n/index.ts';

/**
 * Pure pieces of Settings → Backups: how a backup's fields read, the schedule sentence, a run's progress and outcome,
 * in the language on screen when called (the page re-renders on a switch).
 */

const t = backupsTexts.t;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A file size as people read it, in binary units: 512 B, 1.5 KB, 12 MB, 2.3 GB (one decimal below 10). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  // Rounding can reach the next unit (1023.96 KB shows as 1 MB, not 1024 KB).
  while (unit < UNITS.length - 1 && roundSize(value) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${localizeNumberText(String(unit === 0 ? Math.round(value) : roundSize(value)))} ${UNITS[unit]}`;
}

const roundSize = (value: number) => (value < 10 ? Math.round(value * 10) / 10 : Math.round(value));

/** The kind's label; a kind this page does not know yet (a newer server) is shown as sent. */
export function kindLabel(kind: string): string {
  return (BACKUP_KINDS as readonly string[]).includes(kind) ? t(`kind.${kind as BackupItem['kind']}`) : kind;
}

export function sourceLabel(source: string): string {
  return source === 'pglite' || source === 'postgres' ? t(`source.${source}`) : source;
}

/** When the snapshot was taken, in the browser's time: DD/MM/YYYY HH:mm. */
export function formatBackupTime(iso: string): string {
  const at = dayjs(iso);
  return at.isValid() ? at.format('DD/MM/YYYY HH:mm') : '';
}

export type VerificationTag = { label: string; tone: StatusTone; tooltip: string | null };

/** The Verification column: green Verified, red Failed with the reason on hover, blue while checking, grey otherwise. */
export function verificationTag(verification: BackupItem['verification']): VerificationTag {
  switch (verification.status) {
    case 'passed':
      return { label: t('verification.passed'), tone: 'green', tooltip: null };
    case 'failed':
      return { label: t('verification.failed'), tone: 'red', tooltip: verification.detail };
    case 'pending':
      return { label: t('verification.pending'), tone: 'blue', tooltip: null };
    default:
      return { label: t('verification.not-run'), tone: 'default', tooltip: null };
  }
}

/** The automatic schedule in one sentence (the hour is the company's, as the server runs it). */
export function scheduleSentence(schedule: BackupList['schedule']): string {
  const hour = String(schedule.nightlyHour).padStart(2, '0');
  return t('schedule', { hour, keepDaily: schedule.keepDaily, keepWeekly: schedule.keepWeekly });
}

/** The list changes by itself while a backup runs or a check is under way, so it is reloaded until both are over. */
export function listIsMoving(list: BackupList | undefined): boolean {
  if (!list) return false;
  return list.runningJobId !== null || list.items.some((item) => item.verification.status === 'pending');
}

export function backupProgressView(job: Pick<JobStatus, 'status' | 'percent' | 'progress'> | undefined): ProgressView {
  return jobProgressView(job, { queued: t('progress.queued'), running: t('progress.running'), done: t('progress.done'), failed: t('progress.failed') });
}

export type RunOutcome = { type: 'success' | 'warning' | 'error'; text: string[] };

/** What to say once a followed backup job ends: the file it wrote, a warning when its check failed, or the failure. */
export function runOutcome(job: Pick<JobStatus, 'status' | 'result' | 'error'>): RunOutcome | null {
  if (job.status === 'failed') {
    const failed = t('progress.failed');
    // The job's own error repeats the failure in either language at times: said once.
    return { type: 'error', text: job.error && job.error !== BACKUP_PAGE_TEXTS.failed && job.error !== failed ? [failed, job.error] : [failed] };
  }
  if (job.status !== 'done') return null;
  const result = backupJobResultSchema.safeParse(job.result);
  if (!result.success) return { type: 'success', text: [t('progress.done')] };
  if (result.data.verification === 'failed') return { type: 'warning', text: [t('doneNotVerifiedFile', { name: result.data.name })] };
  return { type: 'success', text: [t('doneFile', { name: result.data.name })] };
}
