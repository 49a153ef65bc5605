import { addDays } from '../../../lib/dates.ts';

/**
 * Working-day arithmetic over a company's working dates (Monday–Friday minus its calendar's holidays, as the
 * payroll-period core lists them: settings.repository.ts `companyWorkingDates`). Pure, so the rules are tested alone.
 */
export type WorkingDays = { isWorking: (day: string) => boolean };

export function workingDaysOf(dates: Iterable<string>): WorkingDays {
  const set = new Set(dates);
  return { isWorking: (day) => set.has(day) };
}

/** How many working days lie in (from, to]. */
export function workingDaysBetween(w: WorkingDays, from: string, to: string): number {
  let n = 0;
  for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) if (w.isWorking(d)) n += 1;
  return n;
}

/**
 * The last day D such that more than `days` working days lie in (D, today]: an item filed on or before D has waited
 * more than `days` working days. `limit` bounds the walk (a calendar with no working day at all).
 */
export function lastDayOlderThan(w: WorkingDays, today: string, days: number, limit = 400): string {
  let count = 0;
  let d = today;
  for (let i = 0; i < limit; i += 1) {
    if (w.isWorking(d)) count += 1;
    d = addDays(d, -1);
    if (count > days) return d;
  }
  return d;
}

/** The working day before `today` (the previous business morning's day), or `today` minus `limit` days. */
export function previousWorkingDay(w: WorkingDays, today: string, limit = 30): string {
  let d = addDays(today, -1);
  for (let i = 0; i < limit && !w.isWorking(d); i += 1) d = addDays(d, -1);
  return d;
}
