import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
/** Repositories take either the pool or an open transaction, so services decide the transaction boundary. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens PostgreSQL: a server when `databaseUrl` is given, otherwise embedded PGlite in `dataDir`
 * (`memory://` for an in-memory database). Migrations run before the handle is returned.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  pgliteLoadDataDir?: Blob;
  migrate?: boolean;
  poolMax?: number;
  /** Told when the server drops an idle pooled connection. */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  const runMigrations = opts.migrate ?? true;
  if (opts.databaseUrl) {
    const pg = await import('pg');
    // Dates are calendar dates: keep them as 'YYYY-MM-DD' strings instead of local-time Date objects.
    pg.default.types.setTypeParser(1082, (v: string) => v);
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.default.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    // An idle client dropped by the server (restart, failover, terminated backend) is reported here; without a
    // listener node-postgres rethrows it and the process dies. The pool replaces the client on next use.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzle(pool) as unknown as Db;
    if (runMigrations) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_FOLDER });
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create({
    extensions: { pg_trgm },
    dataDir: opts.dataDir ?? 'memory://',
    loadDataDir: opts.pgliteLoadDataDir,
    parsers: { 1082: (v: string) => v },
  });
  const db = drizzle(client) as unknown as Db;
  if (runMigrations) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  }
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * Runs raw SQL for set-based work and returns its rows. Both drivers answer `{ rows }`; values are what the
 * driver returns for raw queries (dates and timestamps as strings, numerics as strings, bigint counts as strings).
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
