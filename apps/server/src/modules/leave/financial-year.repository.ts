import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray } from '../../db/sql-fragments.ts';
import { FUND_TYPE, LEDGER_CAUSE } from './leave.types.ts';

/** SQL of a financial year's carryover figures (RULES.md §7); the rules are in financial-year.ts. */

export type YearEndRowRow = { id: number; employee_id: number; fund_type: string; apply_date: string; expire_date: string; before_year_end: string };

const employeeFilter = (employeeIds: readonly number[] | null) =>
  employeeIds === null ? sql`true` : sql`r.employee_id = any(${intArray(employeeIds)})`;

/**
 * The default and seniority rows a financial year's end settles (those expiring on its last day, not removed), each
 * with what is left on it before that year end's own EXPIRE entries (`year-end:<fy>`, `carryover:<fy>`), so the figure
 * is the same before and after the year-end job ran.
 */
export async function yearEndRows(db: DbOrTx, opts: { employeeIds: readonly number[] | null; financialYear: number }): Promise<YearEndRowRow[]> {
  const yearEnd = `${opts.financialYear}-12-31`;
  const refs = [`year-end:${opts.financialYear}`, `carryover:${opts.financialYear}`];
  return queryRows<YearEndRowRow>(
    db,
    sql`select r.id, r.employee_id, r.fund_type, r.apply_date::text as apply_date, r.expire_date::text as expire_date,
               coalesce(sum(l.amount) filter (where not (l.cause = ${LEDGER_CAUSE.expire} and l.cause_ref in (${refs[0]}, ${refs[1]}))), 0)::text as before_year_end
          from leave_fund_rows r
          left join leave_ledger l on l.fund_row_id = r.id
         where r.fund_type in (${FUND_TYPE.default}, ${FUND_TYPE.seniority})
           and r.expire_date = ${yearEnd}::date
           and r.deleted_at is null
           and ${employeeFilter(opts.employeeIds)}
         group by r.id
         order by r.employee_id, r.id`,
  );
}

/**
 * Hours carried over from a financial year per employee: the granted hours of its live carryover rows
 * (`reserve_leave` with that `financial_year`), leaving out `exceptFundRowId` (the row being edited).
 */
export async function carriedHours(
  db: DbOrTx,
  opts: { employeeIds: readonly number[] | null; financialYear: number; exceptFundRowId?: number | null },
): Promise<Map<number, string>> {
  const rows = await queryRows<{ employee_id: number; hours: string }>(
    db,
    sql`select r.employee_id, sum(r.amount)::text as hours
          from leave_fund_rows r
         where r.fund_type = ${FUND_TYPE.reserve}
           and r.financial_year = ${opts.financialYear}
           and r.deleted_at is null
           and r.id <> ${opts.exceptFundRowId ?? -1}
           and ${employeeFilter(opts.employeeIds)}
         group by r.employee_id`,
  );
  return new Map(rows.map((r) => [r.employee_id, r.hours]));
}
