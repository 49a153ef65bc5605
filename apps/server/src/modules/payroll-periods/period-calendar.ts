/**
 * The payroll calendar (RULES.md §4): a period runs from the 26th of month M−1 to the 25th of month M and is named
 * for M (`T11-2026`). Pure date arithmetic on 'YYYY-MM-DD' texts, shared by the seed, the leave accrual engine and
 * anything else that needs a period without reading the `payroll_periods` table.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM' shifted by `delta` months. */
function shiftMonth(month: string, delta: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${pad((index % 12) + 1)}`;
}

/** The month ('YYYY-MM') whose period contains `date`: from the 26th on, the next month's period. */
export function periodMonthOf(date: string): string {
  const month = date.slice(0, 7);
  return Number(date.slice(8, 10)) >= 26 ? shiftMonth(month, 1) : month;
}

/** The period named for month 'YYYY-MM': its first and last day and its name. */
export function periodOfMonth(month: string): { month: string; name: string; from: string; to: string } {
  return { month, name: `T${month.slice(5, 7)}-${month.slice(0, 4)}`, from: `${shiftMonth(month, -1)}-26`, to: `${month}-25` };
}

/** The period containing `date`. */
export function periodContaining(date: string): { month: string; name: string; from: string; to: string } {
  return periodOfMonth(periodMonthOf(date));
}
