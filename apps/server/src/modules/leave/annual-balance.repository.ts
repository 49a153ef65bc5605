import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { inList } from '../../db/sql-fragments.ts';
import { GRANTED_CAUSES, type LeaveFundType } from './leave.types.ts';

/** SQL of the annual leave figures of one employee (annual-balance.ts says what each means). */


/**
 * Hours granted to the employee on the live rows of `fundTypes` applied inside [from, to]: Σ of their GRANT,
 * CARRYOVER, ADJUST (and REMOVE) entries, exact numeric text. One scan of the employee's rows and their entries
 * (indexes: leave_fund_rows by employee, leave_ledger by fund row).
 */
export async function grantedHoursApplied(
  db: DbOrTx,
  opts: { employeeId: number; from: string; to: string; fundTypes: readonly LeaveFundType[] },
): Promise<string> {
  const [row] = await queryRows<{ granted: string }>(
    db,
    sql`select coalesce(sum(l.amount), 0)::text as granted
          from leave_fund_rows f
          join leave_ledger l on l.fund_row_id = f.id
         where f.employee_id = ${opts.employeeId}
           and f.deleted_at is null
           and f.fund_type in (${inList(opts.fundTypes)})
           and f.apply_date between ${opts.from}::date and ${opts.to}::date
           and l.cause in (${inList(GRANTED_CAUSES)})`,
  );
  return row?.granted ?? '0';
}
