import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { FUND_TYPE, LEDGER_CAUSE } from './leave.types.ts';

/** SQL of the expiry sweep (expiry.ts). */

/**
 * Rows the sweep settles: live, expired before `today`, of a fund that expires by its date — bonus, carryover,
 * probationary reserve, project leave, and default or seniority rows not expiring on 31 Dec (those are the year end's).
 */
const sweptRows = (today: string) => sql`
  f.deleted_at is null and f.expire_date < ${today}::date
  and (f.fund_type in (${FUND_TYPE.prioritize}, ${FUND_TYPE.reserve}, ${FUND_TYPE.reserveProbationary}, ${FUND_TYPE.project})
       or (f.fund_type in (${FUND_TYPE.default}, ${FUND_TYPE.seniority}) and to_char(f.expire_date, 'MM-DD') <> '12-31'))`;

const hoursLeft = sql`(select coalesce(sum(l.amount), 0) from leave_ledger l where l.fund_row_id = f.id)`;

/**
 * Locks, in id order, the swept rows that still have hours left (a use locks the rows it may draw from too, so the
 * two run one after the other); answers their ids.
 */
export async function lockExpiredWithHoursLeft(tx: DbOrTx, today: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(tx, sql`select f.id from leave_fund_rows f where ${sweptRows(today)} and ${hoursLeft} > 0 order by f.id for update of f`);
  return rows.map((r) => Number(r.id));
}

/**
 * One INSERT … SELECT: for each of the rows given that still has hours left, an EXPIRE entry of them on its expire
 * date, cause_ref `expired:<row id>`. Read after the lock, so it sees what a use it waited for committed. Answers the
 * entries written.
 */
export async function insertExpiryEntries(
  tx: DbOrTx,
  opts: { fundRowIds: readonly number[]; today: string; byUserId: number | null },
): Promise<{ employeeId: number; fundRowId: number; hours: number }[]> {
  if (opts.fundRowIds.length === 0) return [];
  const rows = await queryRows<{ employee_id: number; fund_row_id: number; amount: number }>(
    tx,
    sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, cause_ref, entry_date, created_by)
        select f.employee_id, f.id, -s.hours_left, ${LEDGER_CAUSE.expire}, 'expired:' || f.id, f.expire_date, ${opts.byUserId}
          from leave_fund_rows f
          join lateral (select coalesce(sum(l.amount), 0) as hours_left from leave_ledger l where l.fund_row_id = f.id) s on true
         where f.id = any(${`{${opts.fundRowIds.join(',')}}`}::int[]) and ${sweptRows(opts.today)} and s.hours_left > 0
         order by f.id
     returning employee_id, fund_row_id, amount::float8 as amount`,
  );
  return rows.map((r) => ({ employeeId: Number(r.employee_id), fundRowId: Number(r.fund_row_id), hours: Number(r.amount) }));
}
