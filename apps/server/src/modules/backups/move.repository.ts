import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** The size of the connected database on disk (what a move's report shows of each side). */
export async function databaseBytes(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ bytes: string | number }>(db, sql`select pg_database_size(current_database()) as bytes`);
  return Number(row?.bytes ?? 0);
}

/**
 * Puts the session's settings back to their defaults. PGlite's pg_dump runs in the application's only session and
 * leaves its settings there (`restrict_nonsystem_relation_kind = view`, which refuses every query on a view, and
 * `extra_float_digits = 3`); the move reads the source through the app after its dump.
 */
export async function resetSessionSettings(db: DbOrTx): Promise<void> {
  await db.execute(sql`reset all`);
}
