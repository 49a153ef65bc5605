import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';

/**
 * The lock date (RULES.md §4): the end date of the most recent approved timesheet, or of a period marked
 * `is_lock` in settings, whichever is later. Nothing dated on or before it changes. null when nothing is locked.
 */
export async function getLockDate(db: DbOrTx): Promise<string | null> {
  const [row] = await queryRows<{ lock_date: string | null }>(
    db,
    sql`select max(to_date)::text as lock_date from payroll_periods where status = 4 or is_lock`,
  );
  return row?.lock_date ?? null;
}
