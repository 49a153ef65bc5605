import { mutationOptions, useMutation } from '@tanstack/react-query';
import { backupDownloadPath } from '@tms/contracts/backups';
import { apiDownload } from '../../../lib/api-client.ts';

/**
 * GET /tms/backups/:name/download: fetched with the session's token and saved through a temporary link, so the page
 * stays where it is (a plain link would open the file without the token). Resolves to the saved name.
 */
export function downloadBackup(name: string): Promise<string> {
  return apiDownload(backupDownloadPath(name), { fallbackName: name });
}

export const downloadBackupMutation = mutationOptions({ mutationFn: downloadBackup });

/** A failed download shows the server's message through the mutation cache. */
export function useDownloadBackup() {
  return useMutation(downloadBackupMutation);
}
