import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
/** Repositories take either the pool or an open transaction, so services decide the transaction boundary. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's own handle, for what drizzle cannot do (its pg_dump, exclusive access). */
  pglite?: PGlite;
  /** A server's connection strings: the serving role's, and the schema owner's (the same with one role). */
  urls?: { serving: string; owner: string };
};

/** Session advisory lock that serialises migrations across processes (any fixed number; 'tms migrate'). */
const MIGRATION_LOCK_KEY = 7_305_011_203;

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type OpenDatabaseOptions = {
  databaseUrl?: string;
  /**
   * The schema owner (README: two roles). When given, migrations run over it and the `databaseUrl` role is granted
   * what serving needs, history only SELECT and INSERT; the serving role is then checked not to be able to rewrite
   * history (ISSUE 7 §5, RULES.md §8), else opening fails.
   */
  migrationDatabaseUrl?: string;
  dataDir?: string;
  pgliteLoadDataDir?: Blob;
  migrate?: boolean;
  poolMax?: number;
  /**
   * Embedded database only: called with the opened database before its migrations run (server.ts takes the
   * pre-migration backup there when a migration is pending).
   */
  beforeMigrate?: (database: Database) => Promise<void>;
  /** Told when the server drops an idle pooled connection. */
  onIdleError?: (err: Error) => void;
};

/**
 * Opens PostgreSQL: a server when `databaseUrl` is given, otherwise embedded PGlite in `dataDir`
 * (`memory://` for an in-memory database). Migrations run before the handle is returned.
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openServer(opts, opts.databaseUrl) : openPglite(opts);
}

async function openServer(opts: OpenDatabaseOptions, databaseUrl: string): Promise<Database> {
  const pg = await import('pg');
  // Dates are calendar dates: keep them as 'YYYY-MM-DD' strings instead of local-time Date objects.
  pg.default.types.setTypeParser(1082, (v: string) => v);
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.default.Pool({ connectionString: databaseUrl, max: opts.poolMax ?? 10 });
  // An idle client dropped by the server (restart, failover, terminated backend) is reported here; without a
  // listener node-postgres rethrows it and the process dies. The pool replaces the client on next use.
  pool.on('error', (err) => opts.onIdleError?.(err));
  const db = drizzle(pool) as unknown as Db;
  try {
    if (opts.migrate ?? true) await migrateServer(db, pool, { ownerUrl: opts.migrationDatabaseUrl ?? databaseUrl, migrationDatabaseUrl: opts.migrationDatabaseUrl });
    if (opts.migrationDatabaseUrl) {
      const problems = await historyRewriteRights(db);
      if (problems.length > 0) {
        throw new Error(`DATABASE_URL must name a role that cannot rewrite history, but its role ${problems.join(', ')} (README: two roles)`);
      }
    }
  } catch (err) {
    await pool.end();
    throw err;
  }
  return { db, kind: 'postgres', close: () => pool.end(), urls: { serving: databaseUrl, owner: opts.migrationDatabaseUrl ?? databaseUrl } };
}

/** Runs the migrations on a server, over the schema owner when one is named (then grants the serving role). */
async function migrateServer(db: Db, pool: import('pg').Pool, opts: { ownerUrl: string; migrationDatabaseUrl?: string }): Promise<void> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Replicas starting together would run the same migrations at once (drizzle takes no lock): one at a time,
  // the later ones then find nothing to do.
  const lock = new pg.default.Client({ connectionString: opts.ownerUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    if (opts.migrationDatabaseUrl) {
      const owner = new pg.default.Pool({ connectionString: opts.migrationDatabaseUrl, max: 1 });
      try {
        await migrate(drizzle(owner), { migrationsFolder: MIGRATIONS_FOLDER });
        const [serving] = await queryRows<{ role: string }>(db, sql`select current_user as role`);
        await grantServingRole(drizzle(owner) as unknown as Db, serving!.role);
      } finally {
        await owner.end();
      }
    } else {
      await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_FOLDER });
    }
  } finally {
    // Ending the session releases the lock even if the unlock is never sent.
    await lock.end();
  }
}

async function openPglite(opts: OpenDatabaseOptions): Promise<Database> {
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
  const database: Database = { db, kind: 'pglite', close: () => client.close(), pglite: client };
  if (opts.migrate ?? true) {
    await opts.beforeMigrate?.(database);
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  }
  return database;
}

/**
 * Runs raw SQL for set-based work and returns its rows. Both drivers answer `{ rows }`; values are what the
 * driver returns for raw queries (dates and timestamps as strings, numerics as strings, bigint counts as strings).
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Turns drizzle's `sql` into text and parameters for `queryRowsPrepared` (stateless: one for the process). */
const dialect = new PgDialect();

/**
 * `queryRows` for a statement run often with a large plan, as a named prepared statement on a server: each pooled
 * connection plans it once and, after a few runs, keeps a generic plan (PostgreSQL's plan cache), saving the planning
 * of every call. The name is a hash of the text, so each shape of the statement (a viewer's scope, a filter set) is
 * its own. Inside a transaction, and on the embedded database, it is `queryRows`.
 */
export async function queryRowsPrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const pool = (db as { $client?: unknown }).$client;
  if (!isPgPool(pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `tms_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  const result = await pool.query<T & object>({ name, text, values: params });
  return result.rows;
}

function isPgPool(client: unknown): client is import('pg').Pool {
  return typeof client === 'object' && client !== null && 'totalCount' in client && typeof (client as { query?: unknown }).query === 'function';
}

/** A role name as an SQL identifier (double-quoted, inner quotes doubled). */
function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Run by the schema owner after migrations, on every start so tables added later are covered: the serving role gets
 * plain DML on every table and the sequences, but on `history` only SELECT and INSERT (RULES.md §8 append-only;
 * the trigger of migration 0001 stays as the second line for the owner itself).
 */
export async function grantServingRole(owner: Db, role: string): Promise<void> {
  const r = sql.raw(quoteIdent(role));
  await owner.execute(sql`grant usage on schema public to ${r}`);
  await owner.execute(sql`grant select, insert, update, delete on all tables in schema public to ${r}`);
  await owner.execute(sql`grant usage, select, update on all sequences in schema public to ${r}`);
  await owner.execute(sql`revoke update, delete, truncate, references, trigger on history from ${r}`);
}

/**
 * What the connected role could do to rewrite history despite the trigger (empty when it can only read and append):
 * a superuser or a member of the owning role can disable the trigger or set `session_replication_role = replica`.
 */
export async function historyRewriteRights(db: Db): Promise<string[]> {
  const [row] = await queryRows<{ role: string; superuser: boolean; owner: boolean; upd: boolean; del: boolean; trunc: boolean }>(
    db,
    sql`select current_user as role,
               (select rolsuper from pg_roles where rolname = current_user) as superuser,
               pg_has_role(current_user, c.relowner, 'USAGE') as owner,
               has_table_privilege(c.oid, 'UPDATE') as upd,
               has_table_privilege(c.oid, 'DELETE') as del,
               has_table_privilege(c.oid, 'TRUNCATE') as trunc
          from pg_class c where c.oid = 'public.history'::regclass`,
  );
  if (!row) return [];
  const problems: string[] = [];
  if (row.superuser) problems.push(`'${row.role}' is a superuser`);
  else if (row.owner) problems.push(`'${row.role}' owns history`);
  for (const [right, has] of [['UPDATE', row.upd], ['DELETE', row.del], ['TRUNCATE', row.trunc]] as const) {
    if (has && !row.superuser && !row.owner) problems.push(`'${row.role}' may ${right} history`);
  }
  return problems;
}
