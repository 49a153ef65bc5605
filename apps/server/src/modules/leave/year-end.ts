import type { DbOrTx } from '../../db/client.ts';

/**
 * Year-end settlement of a financial year (RULES.md §7; accrual-engine.ts planYearEnd): the unused default and
 * seniority hours of the rows expiring on its last day leave them, the carried-over part as `carryover:<fy>` and
 * the rest as `year-end:<fy>` EXPIRE entries. Reconciling: run again after a carryover changed, it writes only the
 * difference, so the year's figures always match its carryover rows.
 */
export type YearEndSummary = { employees: number; entries: number };

export async function settleYearEnd(
  _db: DbOrTx,
  _opts: { employeeIds: readonly number[] | null; financialYear: number; byUserId: number | null },
): Promise<YearEndSummary> {
  throw new Error('year-end settlement is not built yet');
}
