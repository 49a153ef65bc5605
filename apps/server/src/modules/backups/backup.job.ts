import type { BackupJobResult, BackupKind } from '@tms/contracts/backups';
import type { BackupConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { logConnectionError } from '../../lib/connection-history.ts';
import { activeJobId, defineJob, enqueueJob, ensureJobQueued, lockJobName, NO_PAYLOAD, jobIdIn, type JobContext } from '../../lib/jobs.ts';
import { notify } from '../../lib/notify.ts';
import { instantOfLocal } from '../../lib/zone-time.ts';
import { companyToday, addDays } from '../../lib/dates.ts';
import { takeBackup, verifyBackup } from './backup.service.ts';
import { pruneBackups } from './backup-store.ts';
import { adminUserIds } from './backups.repository.ts';

/**
 * Backups as jobs (docs/backups.md): "run now" from Settings → Backups queues `backups.manual`; the nightly chain
 * `backups.nightly` runs at BACKUP_HOUR company time and queues the next night. The job queue runs each job once
 * whichever process claims it, so several API processes take one backup a night.
 */
export const manualBackupJob = defineJob({ name: 'backups.manual', payload: NO_PAYLOAD });
export const nightlyBackupJob = defineJob({ name: 'backups.nightly', payload: NO_PAYLOAD });

/** The next BACKUP_HOUR:00 in the company's time zone after `now`. */
export function nextNightlyRun(now: Date, hour: number, timeZone: string): Date {
  const today = companyToday(timeZone, now);
  const at = instantOfLocal(today, hour * 60, timeZone);
  return new Date(at > now.getTime() ? at : instantOfLocal(addDays(today, 1), hour * 60, timeZone));
}

/** The backup job queued or running now (an admin's, or the nightly one while it runs), else null. */
export async function currentBackupJobId(db: DbOrTx): Promise<number | null> {
  return (await activeJobId(db, manualBackupJob.name)) ?? (await jobIdIn(db, nightlyBackupJob.name, 'running'));
}

/** Queues a backup for an admin unless one is queued or running (then answers null). */
export async function queueManualBackup(db: Db, userId: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    await lockJobName(tx, manualBackupJob.name);
    if ((await currentBackupJobId(tx)) !== null) return null;
    return enqueueJob(tx, { job: manualBackupJob, createdBy: userId, maxAttempts: 1 });
  });
}

/** Queues the first nightly link at start (once across processes). */
export async function scheduleNightlyBackup(db: Db, backup: BackupConfig, timeZone: string): Promise<void> {
  await ensureJobQueued(db, nightlyBackupJob, nextNightlyRun(new Date(), backup.nightlyHour, timeZone));
}

/** Takes, verifies and prunes; a failure is a connection-history error and a notification to every admin. */
async function runBackup(kind: BackupKind, ctx: JobContext): Promise<BackupJobResult> {
  const { app } = ctx;
  const { backup } = app.config;
  try {
    const taken = await takeBackup(app.database, { dir: backup.dir, kind, progress: (done, total) => ctx.reportProgress(done, total) });
    const verification = await verifyBackup(taken, (done, total) => ctx.reportProgress(done, total));
    if (verification.status === 'failed') await reportFailure(app.db, 'BACKUP_VERIFY_FAILED', `${taken.name}: ${verification.detail}`);
    await pruneBackups(backup.dir, backup, new Date());
    return { name: taken.name, sizeBytes: taken.sizeBytes, verification: verification.status };
  } catch (err) {
    await reportFailure(app.db, 'BACKUP_FAILED', err instanceof Error ? err.message : String(err));
    throw err;
  }
}

async function reportFailure(db: Db, code: string, details: string): Promise<void> {
  await logConnectionError(db, { source: 'backup', code, errorDetails: details });
  await db.transaction(async (tx) => {
    for (const userId of await adminUserIds(tx)) {
      await notify(tx, { userId, type: 'BACKUP_FAILED', text: { key: 'backupFailed', params: { verification: code !== 'BACKUP_FAILED' } }, body: details.slice(0, 500), link: '/settings/backups' });
    }
  });
}

export async function runManualBackupJob(_payload: object, ctx: JobContext): Promise<BackupJobResult> {
  return runBackup('manual', ctx);
}

export async function runNightlyBackupJob(_payload: object, ctx: JobContext): Promise<BackupJobResult> {
  const { app } = ctx;
  // The next night is queued first, so a failing backup does not end the chain; once, even when this one is retried.
  const runAt = nextNightlyRun(new Date(Date.now() + 60_000), app.config.backup.nightlyHour, app.config.companyTimeZone);
  await app.db.transaction(async (tx) => {
    await lockJobName(tx, nightlyBackupJob.name);
    if ((await jobIdIn(tx, nightlyBackupJob.name, 'queued')) === null) await enqueueJob(tx, { job: nightlyBackupJob, runAt });
  });
  return runBackup('nightly', ctx);
}
