import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../db/client.ts';

/** The schemas a backup holds: the application's tables and drizzle's record of applied migrations. */
export const BACKUP_SCHEMAS = ['public', 'drizzle'] as const;

/** Every table of the backed-up schemas as `schema.table`, sorted. */
export async function listTables(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select schemaname || '.' || tablename as name from pg_tables
         where schemaname in ('public', 'drizzle') order by 1`,
  );
  return rows.map((r) => r.name);
}

const quoted = (qualified: string) =>
  qualified
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

/** The row count of every table, in one statement (so, inside a transaction, all from one snapshot). */
export async function tableCounts(db: DbOrTx, tables: string[]): Promise<Record<string, number>> {
  if (tables.length === 0) return {};
  const parts = tables.map((t) => `select '${t.replaceAll("'", "''")}' as name, count(*)::bigint as n from ${quoted(t)}`);
  const rows = await queryRows<{ name: string; n: string | number }>(db, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

/**
 * A checksum of a table's rows that does not depend on their physical order: the md5 of the sorted md5s of each row's
 * text. Two databases with the same rows answer the same value, whichever PostgreSQL holds them (the row text is
 * written in UTC, ISO dates).
 */
export async function tableChecksum(db: DbOrTx, table: string): Promise<string> {
  const [row] = await queryRows<{ sum: string | null }>(
    db,
    sql.raw(`select md5(coalesce(string_agg(h, '' order by h), '')) as sum from (select md5(t::text) as h from ${quoted(table)} t) rows_of_table`),
  );
  return row?.sum ?? '';
}

/**
 * Checksums of the tables, in one transaction set to UTC and ISO dates (SET LOCAL: a pooled connection keeps its own
 * settings), so the text of a row is the same on any database.
 */
export async function tableChecksums(db: Db, tables: string[]): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    await tx.execute(sql`set local datestyle = 'ISO, MDY'`);
    const out: Record<string, string> = {};
    for (const table of tables) out[table] = await tableChecksum(tx, table);
    return out;
  });
}

/** The PostgreSQL version string of a database. */
export async function serverVersion(db: DbOrTx): Promise<string> {
  const [row] = await queryRows<{ v: string }>(db, sql`show server_version`);
  return row?.v ?? 'unknown';
}

/** The version as a number (`150020`, `180006`): what a restore may send depends on it. */
export async function serverVersionNum(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ v: string }>(db, sql`show server_version_num`);
  return Number(row?.v ?? 0);
}

/** Tables and sequences of the backed-up schemas with their size on disk, sequences first. */
export async function relationSizes(db: DbOrTx): Promise<{ name: string; bytes: string | number }[]> {
  return queryRows<{ name: string; bytes: string | number }>(
    db,
    sql`select n.nspname || '.' || c.relname as name, pg_total_relation_size(c.oid) as bytes
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'S') order by c.relkind desc, 1`,
  );
}
