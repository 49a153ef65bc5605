import dayjs from 'dayjs';
import {
  BACKUP_KIND_LABELS,
  BACKUP_PAGE_TEXTS as T,
  BACKUP_SOURCE_LABELS,
  BACKUP_VERIFICATION_LABELS,
  backupJobResultSchema,
  type BackupItem,
  type BackupList,
} from '@tms/contracts/backups';
import type { JobStatus } from '@tms/contracts/jobs';
import type { StatusTone } from '../../components/status-info.ts';
import { jobProgressView, type ProgressView } from '../../lib/job-status.ts';

/** Pure pieces of Settings → Backups: how a backup's fields read, the schedule sentence, a run's progress and outcome. */

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
  return `${unit === 0 ? Math.round(value) : roundSize(value)} ${UNITS[unit]}`;
}

const roundSize = (value: number) => (value < 10 ? Math.round(value * 10) / 10 : Math.round(value));

/** The kind's label; a kind this page does not know yet (a newer server) is shown as sent. */
export function kindLabel(kind: string): string {
  return (BACKUP_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

export function sourceLabel(source: string): string {
  return (BACKUP_SOURCE_LABELS as Record<string, string>)[source] ?? source;
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
      return { label: BACKUP_VERIFICATION_LABELS.passed, tone: 'green', tooltip: null };
    case 'failed':
      return { label: BACKUP_VERIFICATION_LABELS.failed, tone: 'red', tooltip: verification.detail };
    case 'pending':
      return { label: BACKUP_VERIFICATION_LABELS.pending, tone: 'blue', tooltip: null };
    default:
      return { label: BACKUP_VERIFICATION_LABELS['not-run'], tone: 'default', tooltip: null };
  }
}

/** The automatic schedule in one sentence (the hour is the company's, as the server runs it). */
export function scheduleSentence(schedule: BackupList['schedule']): string {
  const hour = String(schedule.nightlyHour).padStart(2, '0');
  return `Nightly at ${hour}:00 (company time); the last ${schedule.keepDaily} daily and ${schedule.keepWeekly} weekly backups are kept.`;
}

/** The list changes by itself while a backup runs or a check is under way, so it is reloaded until both are over. */
export function listIsMoving(list: BackupList | undefined): boolean {
  if (!list) return false;
  return list.runningJobId !== null || list.items.some((item) => item.verification.status === 'pending');
}

export function backupProgressView(job: Pick<JobStatus, 'status' | 'percent' | 'progress'> | undefined): ProgressView {
  return jobProgressView(job, { queued: T.queued, running: T.running, done: T.done, failed: T.failed });
}

export type RunOutcome = { type: 'success' | 'warning' | 'error'; text: string[] };

/** What to say once a followed backup job ends: the file it wrote, a warning when its check failed, or the failure. */
export function runOutcome(job: Pick<JobStatus, 'status' | 'result' | 'error'>): RunOutcome | null {
  if (job.status === 'failed') return { type: 'error', text: job.error && job.error !== T.failed ? [T.failed, job.error] : [T.failed] };
  if (job.status !== 'done') return null;
  const result = backupJobResultSchema.safeParse(job.result);
  if (!result.success) return { type: 'success', text: [T.done] };
  if (result.data.verification === 'failed') return { type: 'warning', text: [`${T.doneNotVerified}: ${result.data.name}`] };
  return { type: 'success', text: [`${T.done}: ${result.data.name}`] };
}
