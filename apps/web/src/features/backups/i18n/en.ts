import { BACKUP_KIND_LABELS, BACKUP_MESSAGES, BACKUP_PAGE_TEXTS as T, BACKUP_SOURCE_LABELS, BACKUP_VERIFICATION_LABELS } from '@tms/contracts/backups';

/** Settings → Backups (English, the source; issue 24): the page's words come from contracts/backups. */
export const en = {
  title: T.title,
  intro: T.intro,
  run: T.run,
  emptyTitle: T.emptyTitle,
  emptyHint: T.emptyHint,
  schedule: 'Nightly at {{hour}}:00 (company time); the last {{keepDaily}} daily and {{keepWeekly}} weekly backups are kept.',
  progress: {
    queued: T.queued,
    running: T.running,
    runningElsewhere: T.runningElsewhere,
    done: T.done,
    failed: T.failed,
  },
  doneFile: `${T.done}: {{name}}`,
  doneNotVerifiedFile: `${T.doneNotVerified}: {{name}}`,
  alreadyRunning: BACKUP_MESSAGES.alreadyRunning,
  download: T.download,
  downloadFile: `${T.download} {{name}}`,
  columns: {
    time: 'Time',
    kind: 'Kind',
    size: 'Size',
    schema: 'Schema version',
    source: 'Source',
    rows: 'Rows',
    verification: 'Verification',
    action: 'Action',
  },
  tables: '{{n}} tables',
  kind: {
    manual: BACKUP_KIND_LABELS.manual,
    nightly: BACKUP_KIND_LABELS.nightly,
    'pre-migration': BACKUP_KIND_LABELS['pre-migration'],
    'pre-restore': BACKUP_KIND_LABELS['pre-restore'],
    move: BACKUP_KIND_LABELS.move,
  },
  source: {
    pglite: BACKUP_SOURCE_LABELS.pglite,
    postgres: BACKUP_SOURCE_LABELS.postgres,
  },
  verification: {
    passed: BACKUP_VERIFICATION_LABELS.passed,
    failed: BACKUP_VERIFICATION_LABELS.failed,
    pending: BACKUP_VERIFICATION_LABELS.pending,
    'not-run': BACKUP_VERIFICATION_LABELS['not-run'],
  },
};
