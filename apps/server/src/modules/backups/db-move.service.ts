import pg from 'pg';
import type { Database, Db, DbOrTx } from '../../db/client.ts';
import { hasPendingMigrations } from '../../db/migration-state.ts';
import { takeBackup, type TakenBackup } from './backup.service.ts';
import { LEFT_OUT_TABLES } from './dump.ts';
import { isTargetEmpty, restoreBackup, type RestoreTarget } from './restore.ts';
import { listTables, tableChecksums, tableCounts } from './table-stats.repository.ts';

/** A move refused before anything was written (a busy, non-empty or mismatched target; a source not migrated). */
export class MoveRefusedError extends Error {}

/** A connection string as it may be printed: without its password. */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(a connection string)';
  }
}

/**
 * The server target of `npm run db:move -- --to URL`: with MIGRATION_DATABASE_URL (the two-role deployment, README
 * "Running on a PostgreSQL server") the copy is restored as that owner and `to` is granted and checked as the serving
 * role; both must name the same database.
 */
export function serverTarget(to: string, migrationUrl?: string): Extract<RestoreTarget, { kind: 'postgres' }> {
  if (!migrationUrl) return { kind: 'postgres', url: to };
  const [a, b] = [new URL(to), new URL(migrationUrl)];
  if (a.host !== b.host || a.pathname !== b.pathname) {
    throw new MoveRefusedError(`MIGRATION_DATABASE_URL (${withoutPassword(migrationUrl)}) and --to (${withoutPassword(to)}) must name the same database`);
  }
  return { kind: 'postgres', url: migrationUrl, servingUrl: to };
}

/** Refuses a target that already holds tables: a move never mixes two databases nor overwrites one. */
export async function assertTargetEmpty(target: RestoreTarget): Promise<void> {
  if (await isTargetEmpty(target)) return;
  throw new MoveRefusedError(
    target.kind === 'postgres'
      ? `The database ${withoutPassword(target.servingUrl ?? target.url)} is not empty: it already holds tables. db:move copies only into an empty database — create a new one (CREATE DATABASE tms OWNER …) and pass that.`
      : `The folder ${target.dataDir} is not empty: db:move copies only into a new or empty folder.`,
  );
}

export type CopyOutcome = { taken: TakenBackup; dumpMs: number; restoreMs: number };

/**
 * Copies `source` into an empty `target` through a backup file (kind `move`, kept in `backupDir`): the snapshot, then
 * its restore in one transaction that compares every table's row count with the snapshot's before it commits (and,
 * on a server with a serving role, the two-role grants and their check). A source with pending migrations is refused:
 * its server must start once on this version first, so both sides answer the same schema.
 */
export async function copyDatabase(source: Database, target: RestoreTarget, backupDir: string): Promise<CopyOutcome> {
  if (await hasPendingMigrations(source.db)) {
    throw new MoveRefusedError('The source database is not migrated to this version: start its server once with this version (it migrates on start), stop it, then move.');
  }
  let started = performance.now();
  const taken = await takeBackup(source, { dir: backupDir, kind: 'move' });
  const dumpMs = performance.now() - started;
  started = performance.now();
  await restoreBackup(taken.file, target);
  return { taken, dumpMs, restoreMs: performance.now() - started };
}

/** A table whose rows differ between source and target (`null`: the table is missing on that side). */
export type TableDifference = { table: string; sourceRows: number | null; targetRows: number | null; checksum: 'same' | 'differs' | 'not compared' };

export type TableComparison = { tables: number; rows: number; differences: TableDifference[]; notCopied: string[] };

/**
 * Compares every table of both databases, but those a backup leaves out (LEFT_OUT_TABLES): the row count and an
 * order-independent checksum of the rows.
 */
export async function compareTables(source: DbOrTx, target: DbOrTx): Promise<TableComparison> {
  const sourceTables = await listTables(source);
  const targetTables = await listTables(target);
  const tables = [...new Set([...sourceTables, ...targetTables])].filter((t) => !LEFT_OUT_TABLES.includes(t)).sort();
  const both = tables.filter((t) => sourceTables.includes(t) && targetTables.includes(t));
  const [sourceRows, targetRows] = [await tableCounts(source, both), await tableCounts(target, both)];
  const [sourceSums, targetSums] = [await tableChecksums(source, both), await tableChecksums(target, both)];
  const differences: TableDifference[] = [];
  for (const table of tables) {
    const inBoth = both.includes(table);
    const same = inBoth && sourceRows[table] === targetRows[table] && sourceSums[table] === targetSums[table];
    if (same) continue;
    differences.push({
      table,
      sourceRows: sourceTables.includes(table) ? (sourceRows[table] ?? null) : null,
      targetRows: targetTables.includes(table) ? (targetRows[table] ?? null) : null,
      checksum: !inBoth ? 'not compared' : sourceSums[table] === targetSums[table] ? 'same' : 'differs',
    });
  }
  const rows = Object.values(sourceRows).reduce((sum, n) => sum + n, 0);
  return { tables: tables.length, rows, differences, notCopied: LEFT_OUT_TABLES.filter((t) => sourceTables.includes(t)) };
}

/** Runs `work` on a connection of its own to a server, closed afterwards. */
export async function withConnection<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    return await work(drizzle(client) as unknown as Db);
  } finally {
    await client.end();
  }
}
