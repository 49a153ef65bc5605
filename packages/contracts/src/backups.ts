import { z } from 'zod';
import { envelope } from './schemas.ts';

/**
 * Settings → Backups (Admin): the backup files of the database, running one now (a background job whose progress
 * `GET /tms/jobs/:id` reports) and downloading one. The files live in the server's backup folder (`BACKUP_DIR`).
 */
export const BACKUPS_PATH = '/tms/backups';
export const BACKUP_DOWNLOAD_PATH = '/tms/backups/:name/download';
export const backupDownloadPath = (name: string) => `/tms/backups/${encodeURIComponent(name)}/download`;

export const BACKUP_MESSAGES = {
  notFound: 'Backup not found',
  alreadyRunning: 'A backup is already running',
} as const;

/** Why a backup was taken: by an admin, the nightly schedule, before a start that migrates, before a restore replaced the data, before a move. */
export const BACKUP_KINDS = ['manual', 'nightly', 'pre-migration', 'pre-restore', 'move'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/**
 * The check of a backup: restored into a scratch database and the row count of every table compared with the counts
 * taken in the backup's own snapshot. `pending` while it runs, `not-run` for a file that was never checked here.
 */
export const BACKUP_VERIFICATION_STATES = ['passed', 'failed', 'pending', 'not-run'] as const;
export type BackupVerificationState = (typeof BACKUP_VERIFICATION_STATES)[number];

/** The Backups page's words for a kind, a verification state and a source (Settings → Backups). */
export const BACKUP_KIND_LABELS: Record<BackupKind, string> = {
  manual: 'Manual',
  nightly: 'Nightly',
  'pre-migration': 'Before migration',
  'pre-restore': 'Before restore',
  move: 'Before move',
};
export const BACKUP_VERIFICATION_LABELS: Record<BackupVerificationState, string> = {
  passed: 'Verified',
  failed: 'Failed',
  pending: 'Checking…',
  'not-run': 'Not checked',
};
export const BACKUP_SOURCE_LABELS = { pglite: 'Embedded database', postgres: 'PostgreSQL server' } as const;

export const BACKUP_PAGE_TEXTS = {
  title: 'Backups',
  intro:
    'A backup is a copy of the whole database as it was when taken: staff, timesheets, requests, leave, settings, history and attached files. Each one is checked by restoring it into a scratch database and comparing the row counts.',
  run: 'Run backup now',
  emptyTitle: 'No backups yet',
  emptyHint: 'Run the first one with "Run backup now"; the nightly backup adds one every night.',
  queued: 'Waiting to start…',
  running: 'Taking the backup…',
  /** A backup running that this user cannot follow (another admin's or the nightly one). */
  runningElsewhere: 'A backup is running…',
  done: 'Backup finished',
  failed: 'The backup failed',
  /** The backup was written but its check did not pass. */
  doneNotVerified: 'Backup finished, but its check failed',
  download: 'Download',
} as const;

/** A backup file's name: what the server writes (`tms-<UTC stamp>-<kind>.tmsbak`); anything else is not one. */
export const BACKUP_NAME_PATTERN = /^tms-\d{8}T\d{6}\d{3}Z-[a-z-]+\.tmsbak$/;
export const backupNameParamsSchema = z.object({ name: z.string().regex(BACKUP_NAME_PATTERN, BACKUP_MESSAGES.notFound) });

export const backupItemSchema = z.object({
  /** The file name, also the key of download. */
  name: z.string(),
  kind: z.enum(BACKUP_KINDS),
  /** When the snapshot was taken (ISO instant). */
  createdDate: z.string(),
  sizeBytes: z.number().int(),
  /** The last migration of the database it holds, e.g. `0020_list_indexes`. */
  schemaVersion: z.string(),
  /** Which database it was taken from. */
  source: z.enum(['pglite', 'postgres']),
  tables: z.number().int(),
  rows: z.number().int(),
  verification: z.object({
    status: z.enum(BACKUP_VERIFICATION_STATES),
    checkedDate: z.string().nullable(),
    /** Why it failed (the first tables whose counts differ, or the error), null otherwise. */
    detail: z.string().nullable(),
  }),
});
export type BackupItem = z.infer<typeof backupItemSchema>;

export const backupListSchema = z.object({
  /** Newest first. */
  items: z.array(backupItemSchema),
  /** The automatic schedule: the hour (company time) of the nightly backup and how many are kept. */
  schedule: z.object({ nightlyHour: z.number().int(), keepDaily: z.number().int(), keepWeekly: z.number().int() }),
  /** The backup job queued or running now (its progress at `GET /tms/jobs/:id`), null when none. */
  runningJobId: z.number().int().nullable(),
});
export type BackupList = z.infer<typeof backupListSchema>;
export const backupListResponseSchema = envelope(backupListSchema);

/** POST /tms/backups: queues a backup; answers the job to follow. 409 when one is already queued or running. */
export const runBackupResponseSchema = envelope(z.object({ jobId: z.number().int() }));
export type RunBackupAnswer = z.infer<typeof runBackupResponseSchema>['data'];

/** The backup job's result (`result` of `GET /tms/jobs/:id` once done). */
export const backupJobResultSchema = z.object({ name: z.string(), sizeBytes: z.number().int(), verification: z.enum(BACKUP_VERIFICATION_STATES) });
export type BackupJobResult = z.infer<typeof backupJobResultSchema>;
