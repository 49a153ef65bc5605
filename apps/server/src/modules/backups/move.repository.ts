import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** The size of the connected database on disk (what a move's report shows of each side). */
export async function databaseBytes(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ bytes: string | number }>(db, sql`select pg_database_size(current_database()) as bytes`);
  return Number(row?.bytes ?? 0);
}
