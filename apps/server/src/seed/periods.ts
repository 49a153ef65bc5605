import type { DbOrTx } from '../db/client.ts';
import { payrollPeriods } from '../db/schema/periods.ts';
import { periodMonthOf, periodOfMonth as payrollPeriodOfMonth } from '../modules/payroll-periods/period-calendar.ts';
import { isWeekendIso } from '@tms/contracts/api';
import { eachDay, plusMonths } from './calendar.ts';

export type PeriodPlan = {
  name: string;
  fromDate: string;
  toDate: string;
  workingDays: number;
  status: number;
  forbiddenRequestDate: string;
  /** Marked locked in Settings (`is_lock`): its dates are locked whatever its timesheet status (RULES.md §4). */
  isLock?: boolean;
};

/** RULES.md §4: Monday–Friday in the range minus the public holidays of the company calendar. */
export function countWorkingDays(fromDate: string, toDate: string, holidays: ReadonlySet<string>): number {
  return eachDay(fromDate, toDate).filter((d) => !isWeekendIso(d) && !holidays.has(d)).length;
}

/** The period named for month `YYYY-MM`: 26th of the month before to the 25th of that month (RULES.md §4). */
export function periodOfMonth(month: string, holidays: ReadonlySet<string>): Omit<PeriodPlan, 'status'> {
  const { name, from: fromDate, to: toDate } = payrollPeriodOfMonth(month);
  return {
    name,
    fromDate,
    toDate,
    workingDays: countWorkingDays(fromDate, toDate, holidays),
    // RULES.md §5: explanations of a period close on the 3rd of the next month by default.
    forbiddenRequestDate: plusMonths(toDate, 1).slice(0, 8) + '03',
  };
}

export { periodMonthOf };

/**
 * Three past periods and the current one, oldest first. The two oldest are Approved (4), which sets the lock date
 * to the end of the second; the latest past one and the current one are Draft (0). The oldest is also marked locked
 * in Settings (`is_lock`), which does not move the lock date (it ends before the second).
 */
export function planPeriods(today: string, holidays: ReadonlySet<string>): PeriodPlan[] {
  const current = periodMonthOf(today);
  const statuses = [4, 4, 0, 0];
  return [-3, -2, -1, 0].map((offset, i) => ({
    ...periodOfMonth(plusMonths(`${current}-01`, offset).slice(0, 7), holidays),
    status: statuses[i]!,
    isLock: i === 0,
  }));
}

export async function insertPeriods(db: DbOrTx, companyId: number, plans: readonly PeriodPlan[]): Promise<void> {
  await db.insert(payrollPeriods).values(
    plans.map((p) => ({
      companyId,
      name: p.name,
      fromDate: p.fromDate,
      toDate: p.toDate,
      workingDays: p.workingDays,
      status: p.status,
      isLock: p.isLock ?? false,
      forbiddenRequestDate: p.forbiddenRequestDate,
      forbiddenRequestTimeInHour: '12:00',
      // Approved on the explanation deadline (10:00 in Vietnam), once no more explanations can come in.
      approvedAt: p.status === 4 ? new Date(`${p.forbiddenRequestDate}T03:00:00Z`) : null,
    })),
  );
}
