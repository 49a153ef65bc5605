import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type Db } from '../../db/client.ts';
import { knownMigrations } from '../../db/migration-state.ts';
import { backupSql, BackupFileError, checkBackupFile, type BackupManifest } from './backup-file.ts';
import { sqlStatements } from './sql-statements.ts';
import { listTables, serverVersionNum, tableCounts } from './table-stats.repository.ts';

/** Where a restore writes: a folder for the embedded database (`memory://` for a scratch one), or a server database. */
export type RestoreTarget =
  | { kind: 'pglite'; dataDir: string }
  /** `url`: the schema owner (who restores and migrates); `servingUrl`: the two-role deployment's serving role, granted afterwards. */
  | { kind: 'postgres'; url: string; servingUrl?: string };

/** A target that holds data, restored into without `replace`. */
export class TargetNotEmptyError extends Error {}

/** SQL sent to the target per round trip. */
const BATCH_CHARS = 4 * 1024 * 1024;

/** Refuses a file from a newer version of the server (a schema it does not know) before anything is read further. */
export function assertSchemaKnown(manifest: BackupManifest): void {
  const known = knownMigrations();
  const last = known[known.length - 1]!.tag;
  if (manifest.schema.applied > known.length || (manifest.schema.applied > 0 && !known.some((m) => m.tag === manifest.schema.tag))) {
    throw new BackupFileError(
      `This backup comes from a newer version of TMS (schema ${manifest.schema.tag ?? `with ${manifest.schema.applied} migrations`}); this version knows up to ${last}. Restore it with that version or a later one.`,
    );
  }
}

/** An open connection to the target that runs SQL text and drizzle queries in one session. */
type Session = { run(text: string): Promise<void>; db: Db; versionNum: number; close(): Promise<void> };

async function openSession(target: RestoreTarget): Promise<Session> {
  if (target.kind === 'pglite') {
    if (target.dataDir !== 'memory://') fs.mkdirSync(target.dataDir, { recursive: true });
    const database = await openDatabase({ dataDir: target.dataDir, migrate: false });
    const client = database.pglite!;
    return { run: async (text) => void (await client.exec(text)), db: database.db, versionNum: await serverVersionNum(database.db), close: database.close };
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const db = drizzle(client) as unknown as Db;
  return { run: async (text) => void (await client.query(text)), db, versionNum: await serverVersionNum(db), close: () => client.end() };
}

/** True when the target holds no table of ours (a missing or empty folder, or a database without them). */
export async function isTargetEmpty(target: RestoreTarget): Promise<boolean> {
  if (target.kind === 'pglite' && (target.dataDir === 'memory://' || !fs.existsSync(target.dataDir) || fs.readdirSync(target.dataDir).length === 0)) return true;
  const session = await openSession(target);
  try {
    return (await listTables(session.db)).length === 0;
  } finally {
    await session.close();
  }
}

export type RestoreOptions = {
  /** On a server: drop what the database holds in the restore's own transaction (the caller has backed it up). */
  dropExisting?: boolean;
  progress?: (doneBytes: number, totalBytes: number) => Promise<void> | void;
};

/**
 * Writes a backup into the target in one transaction: the whole file is first read against its checksum, then its
 * statements run in batches, then every table's row count is compared with the manifest's before the commit — a
 * damaged file, a failing statement or a count that differs leaves the target as it was. Does not migrate: see
 * `restoreBackup`. Answers the manifest.
 */
export async function loadBackup(file: string, target: RestoreTarget, opts: RestoreOptions = {}): Promise<BackupManifest> {
  const manifest = await checkBackupFile(file);
  assertSchemaKnown(manifest);
  const session = await openSession(target);
  try {
    await session.run('BEGIN');
    if (opts.dropExisting) await session.run('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
    else if ((await listTables(session.db)).length > 0) throw new TargetNotEmptyError('The target database is not empty');
    await runStatements(file, manifest, session, opts.progress);
    await session.run('SET search_path TO public');
    await compareCounts(session.db, manifest);
    await session.run('COMMIT');
    return manifest;
  } catch (err) {
    await session.run('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await session.close();
  }
}

async function runStatements(file: string, manifest: BackupManifest, session: Session, progress?: RestoreOptions['progress']): Promise<void> {
  // A dump of a newer PostgreSQL may set what an older server does not know; it changes nothing of the data.
  const skip = (statement: string) => session.versionNum < 170000 && /^SET transaction_timeout\b/i.test(statement);
  let batch: string[] = [];
  let size = 0;
  let done = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await session.run(batch.join('\n'));
    done += size;
    [batch, size] = [[], 0];
    await progress?.(done, manifest.sql.bytes);
  };
  for await (const statement of sqlStatements(backupSql(file, manifest))) {
    if (skip(statement)) continue;
    batch.push(statement);
    size += statement.length;
    if (size >= BATCH_CHARS) await flush();
  }
  await flush();
}

/** Every table of the manifest must hold as many rows as the snapshot had. */
async function compareCounts(db: Db, manifest: BackupManifest): Promise<void> {
  const expected = manifest.tables;
  const actual = await tableCounts(db, Object.keys(expected));
  const differ = Object.keys(expected).filter((t) => actual[t] !== expected[t]);
  if (differ.length > 0) {
    const shown = differ.slice(0, 5).map((t) => `${t} ${actual[t] ?? 'missing'} of ${expected[t]}`);
    throw new BackupFileError(`The restored rows differ from the backup's counts: ${shown.join(', ')}${differ.length > 5 ? ` and ${differ.length - 5} more` : ''}`);
  }
}

/**
 * Restores a backup into an empty target and brings it to this version: the migrations the file predates run after
 * it, and on a server with a serving role the two-role grants are applied and checked (README: two roles).
 */
export async function restoreBackup(file: string, target: RestoreTarget, opts: RestoreOptions = {}): Promise<BackupManifest> {
  const manifest = await loadBackup(file, target, opts);
  const migrated =
    target.kind === 'pglite'
      ? await openDatabase({ dataDir: target.dataDir })
      : await openDatabase(target.servingUrl ? { databaseUrl: target.servingUrl, migrationDatabaseUrl: target.url } : { databaseUrl: target.url });
  await migrated.close();
  return manifest;
}
