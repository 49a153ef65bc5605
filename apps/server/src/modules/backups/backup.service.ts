import fs from 'node:fs';
import path from 'node:path';
import type { BackupKind } from '@tms/contracts/backups';
import type { Database } from '../../db/client.ts';
import { hasPendingMigrations } from '../../db/migration-state.ts';
import { BACKUP_FORMAT, sealBackupFile, SqlBodyWriter, type BackupManifest } from './backup-file.ts';
import { backupFileName, writeSidecar, type Verification } from './backup-store.ts';
import { dumpPglite, dumpServer, type DumpFacts } from './dump.ts';
import { loadBackup } from './restore.ts';

/** Reports how far a backup is: `phase` names the step for the progress bar. */
export type BackupProgress = (done: number, total: number, phase: 'dump' | 'verify') => Promise<void> | void;

export type TakenBackup = { name: string; file: string; sizeBytes: number; manifest: BackupManifest };

/** The same 0–1000 scale for both steps: the dump is the first half, the verification the second. */
const SCALE = 1000;

/**
 * A consistent snapshot of the whole database into `dir` (docs/backups.md): the embedded database with its wasm
 * pg_dump, a server with its `pg_dump` over the schema owner's connection. The file is complete or absent: it is
 * written beside its name and renamed at the end.
 */
export async function takeBackup(database: Database, opts: { dir: string; kind: BackupKind; now?: Date; progress?: BackupProgress }): Promise<TakenBackup> {
  const createdAt = opts.now ?? new Date();
  fs.mkdirSync(opts.dir, { recursive: true });
  const name = backupFileName(opts.kind, createdAt);
  const file = path.join(opts.dir, name);
  const bodyPath = `${file}.body.tmp`;
  const writer = new SqlBodyWriter(bodyPath);
  const progress = (done: number, total: number) => opts.progress?.(Math.floor((done / Math.max(1, total)) * (SCALE / 2)), SCALE, 'dump');
  let facts: DumpFacts;
  try {
    if (database.pglite) facts = await dumpPglite(database.pglite, writer, progress);
    else if (database.urls) facts = await dumpServer(database.urls.owner, writer, progress);
    else throw new Error('This database cannot be backed up (no connection details)');
  } catch (err) {
    await writer.finish().catch(() => {});
    fs.rmSync(bodyPath, { force: true });
    throw err;
  }
  const sqlBody = await writer.finish();
  const manifest: BackupManifest = { format: BACKUP_FORMAT, formatVersion: 1, kind: opts.kind, createdAt: createdAt.toISOString(), source: database.kind, ...facts, sql: sqlBody };
  const sizeBytes = await sealBackupFile(file, bodyPath, manifest);
  writeSidecar(file, manifest, { status: 'pending', checkedDate: null, detail: null });
  return { name, file, sizeBytes, manifest };
}

/**
 * Checks a backup by restoring it into a scratch embedded database in memory: every statement must run and every
 * table must hold the rows its manifest counted. The result is kept in the file's sidecar.
 */
export async function verifyBackup(taken: Pick<TakenBackup, 'file' | 'manifest'>, progress?: BackupProgress): Promise<Verification> {
  let verification: Verification;
  try {
    await loadBackup(taken.file, { kind: 'pglite', dataDir: 'memory://' }, {
      progress: (done, total) => progress?.(SCALE / 2 + Math.floor((done / Math.max(1, total)) * (SCALE / 2)), SCALE, 'verify'),
    });
    verification = { status: 'passed', checkedDate: new Date().toISOString(), detail: null };
  } catch (err) {
    verification = { status: 'failed', checkedDate: new Date().toISOString(), detail: err instanceof Error ? err.message : String(err) };
  }
  writeSidecar(taken.file, taken.manifest, verification);
  return verification;
}

/**
 * Before a start that migrates the embedded database (server.ts): a verified backup of the database as it is, so an
 * upgrade that goes wrong can be undone with `npm run restore`. Nothing when no migration is pending. A backup that
 * fails or does not verify stops the start: the migration does not run without its way back.
 */
export async function backupBeforeMigration(database: Database, dir: string): Promise<TakenBackup | null> {
  if (!(await hasPendingMigrations(database.db))) return null;
  const taken = await takeBackup(database, { dir, kind: 'pre-migration' });
  const verification = await verifyBackup(taken);
  if (verification.status !== 'passed') throw new Error(`the backup before migrating (${taken.file}) did not verify: ${verification.detail}`);
  return taken;
}
