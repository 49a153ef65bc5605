import type { DbOrTx } from '../../db/client.ts';
import { financialYearEnd } from './accrual-engine.ts';
import { advanceHours, advanceSlots } from './advance.ts';
import { fromMilli, toMilli } from './allocation.ts';
import * as repo from './annual-balance.repository.ts';
import { employeeBalance } from './leave.service.ts';
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
export async function annualBalance(db: DbOrTx, query: { employeeId: number; date: string }): Promise<AnnualBalance> {
  const balance = await employeeBalance(db, { employeeId: query.employeeId, date: query.date, fundTypes: ANNUAL_FUND_TYPES });
  const advance = advanceHours(await advanceSlots(db, query));
  return {
    usableHours: hours2(balance.totalHours),
    advanceHours: hours2(advance),
    balanceHours: hours2(fromMilli(toMilli(balance.totalHours) + toMilli(advance))),
  };
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
