import { mutationOptions, useMutation } from '@tanstack/react-query';
import { BACKUPS_PATH, type RunBackupAnswer } from '@tms/contracts/backups';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /tms/backups (no body): queues a backup; answers the job to follow, or 409 when one is already running. */
export async function runBackup(): Promise<RunBackupAnswer> {
  return (await apiRequest<RunBackupAnswer>('POST', BACKUPS_PATH)).data;
}

// Silent: the page answers a 409 itself (it follows the backup already running) and notifies any other failure.
export const runBackupMutation = mutationOptions({ mutationFn: runBackup, meta: { silent: true } });

export function useRunBackup() {
  return useMutation(runBackupMutation);
}
