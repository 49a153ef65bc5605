import type { DbOrTx } from '../../db/client.ts';
import { financialYearEnd } from './accrual-engine.ts';
import { advanceHours, advanceSlotsOfMany } from './advance.ts';
import { balanceKeyOf, type BalanceKey } from './balance-key.ts';
import { fromMilli, toMilli } from './allocation.ts';
import * as repo from './annual-balance.repository.ts';
import { employeeBalance, usableHoursOfMany } from './leave.service.ts';
import { ANNUAL_FUND_TYPES } from './leave.types.ts';

/**
 * The annual leave figures one employee is shown (docs/leave-balances.md): the request form's balances
 * (`get-balance`, spec 001 §7.10) and the "Annual Leave" section of My Timesheet (spec 001 §2.2) read them here, so
 * both screens show the same hours. Every figure is a sum of ledger entries (RULES.md §7), in hours with 2 decimals.
 */

/** Hours rounded to 2 decimals (spec 000 §9), from exact thousandths. */
export const hours2 = (hours: number): number => Math.round(toMilli(hours) / 10) / 100;

export type AnnualBalance = {
  /** Hours left on the annual fund rows usable on the date (applied, not expired, not removed). */
  usableHours: number;
  /** Hours still usable ahead on the date (RULES.md §7 advance leave: the coming periods' accrual not drawn yet). */
  advanceHours: number;
  /**
   * usable + advance: what an annual leave request may take (RULES.md §5, §7 "the balance shown and the check at
   * creation and approval use the same figure"): `useLeave` with `advance` draws exactly these hours.
   */
  balanceHours: number;
};

/**
 * The annual leave an employee can take on `date`: the rows usable that day and the advance left on it (advance.ts,
 * less what earlier advance leave drew). Inside a request's transaction, take the employee's leave lock first
 * (`lockEmployeeLeave`) so the figure cannot change before the write.
 */
export async function annualBalance(db: DbOrTx, query: BalanceKey): Promise<AnnualBalance> {
  return (await annualBalances(db, [query])).get(balanceKeyOf(query))!;
}

/**
 * `annualBalance` of many (employee, date) pairs, keyed by `balanceKeyOf`, in a fixed number of statements whatever
 * their count (a list of approvals shows each requester's balance after). Read only: no lock.
 */
export async function annualBalances(db: DbOrTx, queries: readonly BalanceKey[]): Promise<Map<string, AnnualBalance>> {
  // In turn, not side by side: `db` may be a transaction's one connection.
  const usable = await usableHoursOfMany(db, queries, ANNUAL_FUND_TYPES);
  const slots = await advanceSlotsOfMany(db, queries);
  return new Map(
    queries.map((q) => {
      const key = balanceKeyOf(q);
      const usableMilli = toMilli(usable.get(key) ?? 0);
      const advance = advanceHours(slots.get(key) ?? []);
      const balance = {
        usableHours: hours2(fromMilli(usableMilli)),
        advanceHours: hours2(advance),
        balanceHours: hours2(fromMilli(usableMilli + toMilli(advance))),
      };
      return [key, balance];
    }),
  );
}

export type AnnualLeaveOfYear = {
  /** Hours granted on the annual fund rows applied in the financial year (removed rows left out). */
  totalHours: number;
  /** Hours usable on `date` (as `annualBalance().usableHours`, without the advance). */
  remainingHours: number;
};

/**
 * My Timesheet's "Annual Leave" figures for a financial year (the calendar year, RULES.md §7): every annual fund's
 * grants applied in that year (accrual, seniority, bonus, carryover, probationary reserve), and what is usable on
 * `date`.
 */
export async function annualLeaveOfYear(db: DbOrTx, query: { employeeId: number; financialYear: number; date: string }): Promise<AnnualLeaveOfYear> {
  const year = String(query.financialYear).padStart(4, '0');
  const [granted, balance] = await Promise.all([
    repo.grantedHoursApplied(db, { employeeId: query.employeeId, from: `${year}-01-01`, to: financialYearEnd(query.financialYear), fundTypes: ANNUAL_FUND_TYPES }),
    employeeBalance(db, { employeeId: query.employeeId, date: query.date, fundTypes: ANNUAL_FUND_TYPES }),
  ]);
  return { totalHours: hours2(Number(granted)), remainingHours: hours2(balance.totalHours) };
}
