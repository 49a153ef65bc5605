import { spawn } from 'node:child_process';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db, DbOrTx } from '../../db/client.ts';
import { schemaVersionOf } from '../../db/migration-state.ts';
import type { BackupManifest, SqlBodyWriter } from './backup-file.ts';
import { listTables, relationSizes, serverVersion, tableCounts } from './table-stats.repository.ts';

/**
 * Rows a backup leaves out (their tables' structure stays): sign-in sessions and attempts, which would let a copy's
 * holder act as a signed-in user, and the sign-in key pair, whose private key a restored server makes anew on its
 * first sign-in. Everyone signs in again after a restore.
 */
export const LEFT_OUT_TABLES = ['public.sessions', 'public.login_attempts', 'public.app_keys'];

/** What a backup does hold that its keeper should guard (README "Backups"). */
export const BACKUP_HOLDS = [
  "employees' personal data (names, e-mails, dates of birth)",
  'password hashes of users (argon2id)',
  'hashes of device keys (SHA-256)',
];

/** pg_dump options shared by both databases: no owners or grants (the target's roles differ), rows in batched INSERTs. */
const DUMP_OPTIONS = ['--no-owner', '--no-privileges', '--rows-per-insert=500', ...LEFT_OUT_TABLES.map((t) => `--exclude-table-data=${t}`)];

export type DumpProgress = (done: number, total: number) => Promise<void> | void;
export type DumpFacts = Pick<BackupManifest, 'tables' | 'serverVersion' | 'schema' | 'leftOut' | 'holds'>;

/**
 * The embedded database into `out`. PGlite is one session, and pg_dump runs in it: were an application transaction
 * open, pg_dump's statements would run inside it (and its end would commit half of it). So the dump holds PGlite's
 * transaction lock, which every application query and transaction waits for, and runs in steps — the schema, the rows
 * of the tables in groups of about 50 MB, the indexes and constraints — each step a wasm pg_dump whose whole text fits
 * in memory (a JavaScript string); no write can come between the steps, so together they are one snapshot, and the
 * row counts taken at the end are of it. Requests wait while it runs (about 10 s for 10,000 employees).
 */
export async function dumpPglite(client: PGlite, out: SqlBodyWriter, progress: DumpProgress): Promise<DumpFacts> {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  await progress(0, 1);
  // Progress is reported around the lock, not inside: reporting writes to the same database, and would wait for it.
  const facts = await client.transaction(async (tx) => {
    // Keep the lock, not PGlite's BEGIN: pg_dump opens its own transaction and sets its isolation first.
    await tx.exec('COMMIT');
    const db = drizzle(tx as unknown as PGlite) as unknown as Db;
    // pgDump calls query/exec (which would wait for the lock held here) and the protocol directly.
    const inLock = { query: tx.query.bind(tx), exec: tx.exec.bind(tx), execProtocolRawStream: client.execProtocolRawStream.bind(client) } as unknown as PGlite;
    const tables = await listTables(db);
    const steps = [['--section=pre-data'], ...(await dataGroups(db)).map((group) => ['--section=data', ...group.map((t) => `--table=${t}`)]), ['--section=post-data']];
    for (const step of steps) {
      const file = await pgDump({ pg: inLock, args: [...DUMP_OPTIONS, ...step] });
      // pg_dump leaves session settings behind in the app's only session (restrict_nonsystem_relation_kind = view
      // makes every query on a view fail; extra_float_digits = 3): back to the defaults before anyone else runs.
      await tx.exec('COMMIT');
      await tx.exec('RESET ALL');
      await out.write(Buffer.from(await file.arrayBuffer()));
    }
    return dumpFacts(db, tables);
  });
  await progress(1, 1);
  return facts;
}

/** Tables (and the sequences, in the first group) in groups of about `groupBytes` of table size, for one pg_dump each. */
async function dataGroups(db: DbOrTx, groupBytes = 50 * 1024 * 1024): Promise<string[][]> {
  const sizes = await relationSizes(db);
  const groups: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const { name, bytes } of sizes) {
    if (current.length > 0 && size + Number(bytes) > groupBytes) {
      groups.push(current);
      [current, size] = [[], 0];
    }
    current.push(quoteForPattern(name));
    size += Number(bytes);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** A `schema.table` as a pg_dump pattern that matches only itself. */
const quoteForPattern = (qualified: string) =>
  qualified
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

async function dumpFacts(db: DbOrTx, tables: string[]): Promise<DumpFacts> {
  const counts = await tableCounts(db, tables);
  for (const table of LEFT_OUT_TABLES) if (table in counts) counts[table] = 0;
  const version = await schemaVersionOf(db);
  return { tables: counts, serverVersion: await serverVersion(db), schema: { applied: version.applied, tag: version.tag }, leftOut: LEFT_OUT_TABLES, holds: BACKUP_HOLDS };
}

/**
 * A PostgreSQL server into `out` with the server's own `pg_dump` (it must be at least the server's major version).
 * The row counts are taken in a REPEATABLE READ transaction whose snapshot pg_dump is told to use (`--snapshot`), so
 * the file and its counts are the same instant however many clients write meanwhile.
 */
export async function dumpServer(url: string, out: SqlBodyWriter, progress: DumpProgress): Promise<DumpFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const db = (await import('drizzle-orm/node-postgres')).drizzle(client) as unknown as Db;
    const tables = await listTables(db);
    await progress(0, 2);
    await runPgDump(url, [...DUMP_OPTIONS, `--snapshot=${rows[0]!.snapshot}`], out);
    await progress(1, 2);
    const facts = await dumpFacts(db, tables);
    await client.query('commit');
    return facts;
  } finally {
    await client.end();
  }
}

/** Runs `pg_dump` (PG_DUMP_PATH, else the one on the PATH) and streams its output into `out`. */
async function runPgDump(url: string, args: string[], out: SqlBodyWriter): Promise<void> {
  const child = spawn(process.env.PG_DUMP_PATH ?? 'pg_dump', [...args, `--dbname=${url}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', (err) => reject(new Error(`pg_dump could not start (${err.message}); install the PostgreSQL client tools or set PG_DUMP_PATH`)));
    child.on('close', (code) => resolve(code ?? 1));
  });
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) await out.write(chunk);
  const code = await exited;
  if (code !== 0) throw new Error(`pg_dump failed (exit ${code}): ${stderr.trim()}`);
}
