import { queryOptions, useQuery } from '@tanstack/react-query';
import { BACKUPS_PATH, type BackupList } from '@tms/contracts/backups';
import { apiGet } from '../../../lib/api-client.ts';
import { listIsMoving } from '../backup-display.ts';

export const backupKeys = {
  all: ['backups'] as const,
  list: () => ['backups', 'list'] as const,
};

/** While a backup runs or a check is pending the list is asked again this often (a run's own bar polls every second). */
export const BACKUP_LIST_POLL_MS = 3000;

/** GET /tms/backups: the files newest first, the automatic schedule and the backup job running now. */
export function getBackups(signal?: AbortSignal): Promise<BackupList> {
  return apiGet<BackupList>(BACKUPS_PATH, undefined, { signal });
}

export function backupListQuery() {
  return queryOptions({
    queryKey: backupKeys.list(),
    queryFn: ({ signal }) => getBackups(signal),
    staleTime: 0,
    refetchInterval: (query) => (listIsMoving(query.state.data) ? BACKUP_LIST_POLL_MS : false),
  });
}

export function useBackupList() {
  return useQuery(backupListQuery());
}
