import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error.ts';
import { isJobFinished, useJobStatus, type ProgressView } from '../../lib/job-status.ts';
import { notifyApiError, notifyError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { backupKeys, useBackupList } from './api/list-backups.ts';
import { useRunBackup } from './api/run-backup.ts';
import { backupProgressView, runOutcome } from './backup-display.ts';
import { backupsTexts } from './i18n/index.ts';

/** The bar under the button: the followed job's progress, or only a label for a backup this user cannot follow. */
export type RunBar = { view: ProgressView; followable: boolean; status: string };

/**
 * The data and state of Settings → Backups: the list, starting a backup, and following the backup job — the one this
 * admin started, or the one the list says is running (the nightly backup, another admin's run) — until it ends; then
 * the list is reloaded and the outcome said once. A finished run's bar stays until the next one starts.
 */
export function useBackupRun() {
  const client = useQueryClient();
  const list = useBackupList();
  const start = useRunBackup();
  /** The job shown under the button (running, or the last one that ended). */
  const [followed, setFollowed] = useState<number | null>(null);
  /** The job whose end was already announced. */
  const [announced, setAnnounced] = useState<number | null>(null);
  /** A job GET /tms/jobs/:id does not show this user (another user's): followed through the list instead. */
  const [hidden, setHidden] = useState<number | null>(null);
  const unreadable = followed !== null && followed === hidden;
  const job = useJobStatus(unreadable ? null : followed);
  const listRunning = list.data?.runningJobId ?? null;
  const running = followed !== null && followed !== announced;
  // Also busy in the moment between the list naming a running backup and the page following it.
  const busy = running || (listRunning !== null && listRunning !== announced);

  // A backup already running when the page opens, or started elsewhere while it is open, is followed like one started here.
  useEffect(() => {
    if (!running && listRunning !== null && listRunning !== followed && listRunning !== announced) setFollowed(listRunning);
  }, [running, listRunning, followed, announced]);

  const gone = job.error instanceof ApiError && job.error.status === 404;
  useEffect(() => {
    if (gone && followed !== null) setHidden(followed);
  }, [gone, followed]);

  const finish = (id: number) => {
    setAnnounced(id);
    void client.invalidateQueries({ queryKey: backupKeys.all });
  };

  const ended = job.data !== undefined && job.data.id === followed && isJobFinished(job.data.status);
  useEffect(() => {
    if (!ended || !job.data || followed === announced) return;
    const outcome = runOutcome(job.data);
    if (outcome?.type === 'success') notifySuccess(outcome.text);
    else if (outcome?.type === 'warning') notifyWarning(outcome.text);
    else if (outcome) notifyError(outcome.text);
    finish(job.data.id);
  }, [ended]);

  // The list is the only witness of a job this user cannot read: it has ended once the list stops naming it.
  useEffect(() => {
    if (followed === null || !unreadable || followed === announced || list.isFetching || listRunning === followed) return;
    finish(followed);
    setFollowed(null);
  }, [unreadable, followed, announced, listRunning, list.isFetching]);

  const onRun = async () => {
    try {
      const answer = await start.mutateAsync();
      setFollowed(answer.jobId);
      void client.invalidateQueries({ queryKey: backupKeys.all });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // One backup at a time: say so, and follow the one running (the reloaded list names it).
        notifyWarning(error.message || backupsTexts.t('alreadyRunning'));
        await list.refetch();
      } else {
        notifyApiError(error);
      }
    }
  };

  const bar: RunBar | null =
    followed === null
      ? null
      : unreadable
        ? { view: { percent: 0, status: 'active', label: backupsTexts.t('progress.runningElsewhere') }, followable: false, status: 'running' }
        : { view: backupProgressView(job.data), followable: true, status: job.data?.status ?? 'queued' };

  return { list, bar, busy, starting: start.isPending, onRun };
}
