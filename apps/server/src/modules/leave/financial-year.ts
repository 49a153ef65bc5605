import type { DbOrTx } from '../../db/client.ts';
import { remainFinancialLeave as remainOfRows } from './accrual-engine.ts';
import type { FundRowState } from './allocation.ts';
import { fromMilli, toMilli } from './allocation.ts';
import * as repo from './financial-year.repository.ts';
import type { LeaveFundType } from './leave.types.ts';

/**
 * A financial year's carryover figures (RULES.md §7, docs/leave-ledger.md "Carryover"). The financial year is the
 * calendar year. Leave Carryover reads the cap here, the year-end job the rows it settles: one owner for both.
 */

/** The financial year HR carries over from (`get-before-financial-year`): the year before today's. */
export const financialYearBefore = (today: string): number => Number(today.slice(0, 4)) - 1;

export type YearEndRow = FundRowState & { employeeId: number };

/** The default and seniority rows of `financialYear`'s end with what was left on each before that year end. */
export async function yearEndRowsOf(db: DbOrTx, opts: { employeeIds: readonly number[] | null; financialYear: number }): Promise<YearEndRow[]> {
  const rows = await repo.yearEndRows(db, opts);
  return rows.map((r) => ({
    employeeId: r.employee_id,
    fundRowId: r.id,
    fundType: r.fund_type as LeaveFundType,
    applyDate: r.apply_date,
    expireDate: r.expire_date,
    remainingHours: fromMilli(toMilli(Number(r.before_year_end))),
  }));
}

/** Hours already carried over from `financialYear`, per employee (0 when none), optionally without one carryover row. */
export async function carriedHoursOf(
  db: DbOrTx,
  opts: { employeeIds: readonly number[] | null; financialYear: number; exceptFundRowId?: number | null },
): Promise<Map<number, number>> {
  const map = await repo.carriedHours(db, opts);
  return new Map([...map].map(([id, hours]) => [id, fromMilli(toMilli(Number(hours)))]));
}

/**
 * `GET /tms/filters/remain-financial-leave`: what HR may still carry over for one employee from `financialYear` —
 * the year's unused default and seniority hours minus what was already carried (without `exceptFundRowId`, the row
 * being edited), never below 0.
 */
export async function remainFinancialLeaveOf(
  db: DbOrTx,
  opts: { employeeId: number; financialYear: number; exceptFundRowId?: number | null },
): Promise<number> {
  const [rows, carried] = await Promise.all([
    yearEndRowsOf(db, { employeeIds: [opts.employeeId], financialYear: opts.financialYear }),
    carriedHoursOf(db, { employeeIds: [opts.employeeId], financialYear: opts.financialYear, exceptFundRowId: opts.exceptFundRowId ?? null }),
  ]);
  return remainOfRows(rows, opts.financialYear, carried.get(opts.employeeId) ?? 0);
}
