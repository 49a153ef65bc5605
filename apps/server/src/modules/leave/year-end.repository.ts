import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray } from '../../db/sql-fragments.ts';
import { FUND_TYPE, LEDGER_CAUSE } from './leave.types.ts';

/** SQL of the year-end settlement (year-end.ts). */


/** The employees with a live default or seniority row expiring on the financial year's last day, ascending. */
export async function employeesWithYearEndRows(db: DbOrTx, financialYear: number): Promise<number[]> {
  const rows = await queryRows<{ employee_id: number }>(
    db,
    sql`select distinct employee_id from leave_fund_rows
         where fund_type in (${FUND_TYPE.default}, ${FUND_TYPE.seniority}) and expire_date = ${`${financialYear}-12-31`}::date
           and deleted_at is null
         order by employee_id`,
  );
  return rows.map((r) => Number(r.employee_id));
}

export type WrittenYearEndRow = { employee_id: number; fund_row_id: number; cause_ref: string; amount: string };

/**
 * What the year end of `financialYear` has written so far on the employees' live rows: Σ of its EXPIRE entries per
 * fund row and cause_ref (`year-end:<fy>`, `carryover:<fy>`).
 */
export async function writtenYearEnd(db: DbOrTx, opts: { employeeIds: readonly number[]; financialYear: number }): Promise<WrittenYearEndRow[]> {
  if (opts.employeeIds.length === 0) return [];
  return queryRows<WrittenYearEndRow>(
    db,
    sql`select l.employee_id, l.fund_row_id, l.cause_ref, sum(l.amount)::text as amount
          from leave_ledger l
          join leave_fund_rows f on f.id = l.fund_row_id and f.deleted_at is null
         where l.employee_id = any(${intArray(opts.employeeIds)})
           and l.cause = ${LEDGER_CAUSE.expire}
           and l.cause_ref in (${`year-end:${opts.financialYear}`}, ${`carryover:${opts.financialYear}`})
         group by l.employee_id, l.fund_row_id, l.cause_ref`,
  );
}
