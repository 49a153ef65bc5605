import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray, textArrayLiteral } from '../../db/sql-fragments.ts';

/** SQL of advance leave (advance.ts): the future default grants an advance draw is a debit against. */

export type FutureGrantRow = { id: number; employee_id: number; source_key: string; amount: string; remaining: string };

/**
 * The employee's live fund rows keyed `keys` (engine keys of future default accruals) with what is left on each
 * (Σ of its entries, negative while only debits are on it); `forUpdate` locks them until the transaction ends.
 */
export async function futureGrantRows(db: DbOrTx, opts: { employeeId: number; keys: readonly string[]; forUpdate?: boolean }): Promise<FutureGrantRow[]> {
  if (opts.keys.length === 0) return [];
  const rows = await queryRows<{ id: number; employee_id: number; source_key: string; amount: string }>(
    db,
    sql`select f.id, f.employee_id, f.source_key, f.amount::text as amount from leave_fund_rows f
         where f.employee_id = ${opts.employeeId} and f.deleted_at is null and f.source_key = any(${textArrayLiteral(opts.keys)}::text[])
         order by f.id ${opts.forUpdate ? sql`for update` : sql``}`,
  );
  if (rows.length === 0) return [];
  // Read after the lock, so it sees what a transaction we waited for committed.
  const sums = await queryRows<{ fund_row_id: number; remaining: string }>(
    db,
    sql`select l.fund_row_id, coalesce(sum(l.amount), 0)::text as remaining from leave_ledger l
         where l.fund_row_id = any(${`{${rows.map((r) => r.id).join(',')}}`}::int[]) group by l.fund_row_id`,
  );
  const remaining = new Map(sums.map((s) => [Number(s.fund_row_id), s.remaining]));
  return rows.map((r) => ({ ...r, remaining: remaining.get(r.id) ?? '0' }));
}

/** `futureGrantRows` of many employees at once, read only: their live rows keyed any of `keys`, with what is left on each. */
export async function futureGrantRowsOfMany(db: DbOrTx, opts: { employeeIds: readonly number[]; keys: readonly string[] }): Promise<FutureGrantRow[]> {
  if (opts.keys.length === 0 || opts.employeeIds.length === 0) return [];
  return queryRows<FutureGrantRow>(
    db,
    sql`select f.id, f.employee_id, f.source_key, f.amount::text as amount,
               (select coalesce(sum(l.amount), 0) from leave_ledger l where l.fund_row_id = f.id)::text as remaining
          from leave_fund_rows f
         where f.employee_id = any(${intArray(opts.employeeIds)}) and f.deleted_at is null
           and f.source_key = any(${textArrayLiteral(opts.keys)}::text[])`,
  );
}
