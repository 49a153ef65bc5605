import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** SQL of Update Leave: the staff named, and the one-run-at-a-time guard on the jobs table. */

/** Advisory-lock key of "start an Update Leave run" ('UPDL'): two requests at once are checked one after the other. */
const UPDATE_LEAVE_LOCK = 0x5550444c;

/** Holds the start lock until the transaction ends. */
export async function lockStart(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPDATE_LEAVE_LOCK})`);
}

/** The id of a job of `name` that is queued (a retry waiting included) or running, whoever started it; else null. */
export async function activeJobId(db: DbOrTx, name: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from jobs where name = ${name} and status in ('queued', 'running') order by id limit 1`,
  );
  return row?.id ?? null;
}
