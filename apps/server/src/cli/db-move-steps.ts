import fs from 'node:fs';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { assertEmbeddedDatabaseFree } from '../lib/embedded-lock.ts';
import { assertTargetEmpty, compareTables, copyDatabase, MoveRefusedError, serverTarget, withConnection, withoutPassword, type TableComparison } from '../modules/backups/db-move.service.ts';
import { databaseBytes } from '../modules/backups/move.repository.ts';
import { scrambleCopy, type ScrambleSummary } from '../modules/backups/scramble.service.ts';
import { listTables, tableCounts } from '../modules/backups/table-stats.repository.ts';
import { generatePassword } from '../seed/prepare.ts';
import { compareApiSample, type ApiSample } from './api-sample.ts';
import { openEmbeddedDatabase, pgliteDirOf, seconds } from './cli-support.ts';

export type MoveLog = (line: string) => void;

export type MoveReport = {
  ok: boolean;
  backupFile: string;
  /** Bytes: the backup file, and each database on disk. */
  sizes: { file: number; source: number; target: number };
  timings: { dumpMs: number; restoreMs: number; verifyMs: number };
  tables: TableComparison;
  api: ApiSample | null;
  scramble: (ScrambleSummary & { password: string }) | null;
};

/** Adds what to do next to a failure that came after the target was found empty. */
function afterStart(err: unknown, untouched: string, target: string): Error {
  const message = err instanceof Error ? err.message : String(err);
  return new Error(`${message}\n  ${untouched} is untouched. If ${target} now holds tables, drop it and create it again before you retry.`);
}

/**
 * `npm run db:move -- --to URL`: the embedded database of `config` (DATA_DIR/pglite, whose server must be stopped) into
 * an empty server database, then verified: every table's rows and checksum, and a sample of API answers.
 */
export async function moveToServer(opts: { config: Config; to: string; migrationUrl?: string; now?: Date }, log: MoveLog): Promise<MoveReport> {
  const { config } = opts;
  const pgliteDir = pgliteDirOf(config);
  const target = serverTarget(opts.to, opts.migrationUrl);
  await assertTargetEmpty(target);
  const source = await openEmbeddedDatabase(config);
  try {
    log(`copying ${pgliteDir} into ${withoutPassword(opts.to)}${opts.migrationUrl ? ` (restored as ${withoutPassword(opts.migrationUrl)})` : ''}`);
    const copy = await copyDatabase(source, target, config.backup.dir);
    log(`  dump ${seconds(copy.dumpMs)}, restore ${seconds(copy.restoreMs)}; verifying`);
    const started = performance.now();
    const served = await openDatabase({ databaseUrl: opts.to, migrate: false, poolMax: 2 });
    try {
      const api = await compareApiSample(source, served, config, opts.now);
      const tables = await withConnection(target.url, (db) => compareTables(source.db, db));
      const sizes = { file: copy.taken.sizeBytes, source: await databaseBytes(source.db), target: await databaseBytes(served.db) };
      const ok = tables.differences.length === 0 && api.differences.length === 0;
      return { ok, backupFile: copy.taken.file, sizes, timings: { dumpMs: copy.dumpMs, restoreMs: copy.restoreMs, verifyMs: performance.now() - started }, tables, api, scramble: null };
    } finally {
      await served.close();
    }
  } catch (err) {
    throw err instanceof MoveRefusedError ? err : afterStart(err, `The embedded database in ${pgliteDir}`, 'the target database');
  } finally {
    await source.close();
  }
}

/**
 * `npm run db:move -- --from URL --to-data-dir FOLDER [--scramble]`: a server database into a new embedded database
 * FOLDER/pglite (a test copy of production), verified by every table's rows and checksum; then, with `scramble`, its
 * personal data replaced (scramble.service.ts). The copy is built in FOLDER/pglite.partial and renamed only when it
 * verified (and was scrambled), so a failed or interrupted run never leaves an unscrambled copy under the final name.
 */
export async function copyToEmbedded(opts: { config: Config; from: string; dataDir: string; scramble: boolean }, log: MoveLog): Promise<MoveReport> {
  const finalDir = path.join(path.resolve(opts.dataDir), 'pglite');
  const partial = `${finalDir}.partial`;
  assertEmbeddedDatabaseFree(finalDir);
  if (fs.existsSync(finalDir) && fs.readdirSync(finalDir).length > 0) {
    throw new MoveRefusedError(`The folder ${finalDir} is not empty: db:move copies only into a new DATA_DIR (or one without a pglite folder).`);
  }
  fs.rmSync(partial, { recursive: true, force: true });
  const source = await openDatabase({ databaseUrl: opts.from, migrate: false, poolMax: 2 });
  try {
    log(`copying ${withoutPassword(opts.from)} into ${finalDir}${opts.scramble ? ' (scrambled)' : ''}`);
    const copy = await copyDatabase(source, { kind: 'pglite', dataDir: partial }, opts.config.backup.dir);
    log(`  dump ${seconds(copy.dumpMs)}, restore ${seconds(copy.restoreMs)}; verifying`);
    const started = performance.now();
    const target = await openDatabase({ dataDir: partial, migrate: false });
    let report: MoveReport;
    try {
      const tables = await withConnection(opts.from, (db) => compareTables(db, target.db));
      const scramble = tables.differences.length === 0 && opts.scramble ? await scrambleWithCheck(target, log) : null;
      const sizes = { file: copy.taken.sizeBytes, source: await databaseBytes(source.db), target: await databaseBytes(target.db) };
      const timings = { dumpMs: copy.dumpMs, restoreMs: copy.restoreMs, verifyMs: performance.now() - started };
      report = { ok: tables.differences.length === 0, backupFile: copy.taken.file, sizes, timings, tables, api: null, scramble };
    } finally {
      await target.close();
    }
    if (!report.ok) {
      fs.rmSync(partial, { recursive: true, force: true });
      return report;
    }
    fs.rmSync(finalDir, { recursive: true, force: true });
    fs.renameSync(partial, finalDir);
    // The file holds the real data the scramble was asked to keep out of the copy's reach.
    if (opts.scramble) for (const f of [copy.taken.file, `${copy.taken.file}.json`]) fs.rmSync(f, { force: true });
    return report;
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err instanceof MoveRefusedError ? err : afterStart(err, `The server database ${withoutPassword(opts.from)}`, finalDir);
  } finally {
    await source.close();
  }
}

/** Scrambles the copy with a new password for everyone; the scramble must change no table's row count. */
async function scrambleWithCheck(target: Database, log: MoveLog): Promise<ScrambleSummary & { password: string }> {
  const tables = await listTables(target.db);
  const before = await tableCounts(target.db, tables);
  const password = generatePassword();
  log('  scrambling personal data');
  const summary = await scrambleCopy(target.db, { passwordHash: await hash(password) });
  const after = await tableCounts(target.db, tables);
  const changed = tables.filter((t) => before[t] !== after[t]);
  if (changed.length > 0) throw new Error(`the scramble changed the row counts of ${changed.join(', ')}`);
  return { ...summary, password };
}
