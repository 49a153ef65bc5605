import { maxDate, minDate } from '../../lib/dates.ts';

/** One employee's calendar day, 'YYYY-MM-DD': what a write changed and the recalculation recomputes. */
export type EmployeeDay = { employeeId: number; date: string };

/** One employee's dates to compute, both inclusive, 'YYYY-MM-DD'. */
export type EmployeeRange = { employeeId: number; from: string; to: string };

/** Employee-days grouped per employee into min … max ranges. */
export function rangesOfDays(pairs: readonly EmployeeDay[]): EmployeeRange[] {
  const byEmployee = new Map<number, EmployeeRange>();
  for (const p of pairs) {
    const seen = byEmployee.get(p.employeeId);
    if (!seen) byEmployee.set(p.employeeId, { employeeId: p.employeeId, from: p.date, to: p.date });
    else {
      seen.from = minDate(seen.from, p.date);
      seen.to = maxDate(seen.to, p.date);
    }
  }
  return [...byEmployee.values()];
}
