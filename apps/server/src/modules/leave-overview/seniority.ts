/**
 * Seniority on a day as whole years, months and days (spec 000 §3 years_seniority, months_seniority, days_seniority;
 * docs/leave-overview.md). Y is the most whole years with start + Y years ≤ day, M the most whole months (0–11) with
 * start + Y years + M months ≤ day, D the days left. A month or year added to a day the target month lacks rolls
 * over (29 Feb + 1 year = 1 Mar, 31 Jan + 1 month = 3 Mar or 2 Mar), as the accrual engine counts anniversaries.
 */
export type Seniority = { years: number; months: number; days: number };

const DAY_MS = 86_400_000;
const parse = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return { y, m: m - 1, d };
};
const addMonths = (start: { y: number; m: number; d: number }, months: number) => Date.UTC(start.y, start.m + months, start.d);

/** null when there is no start date; 0/0/0 when it lies after the day. */
export function seniorityOn(startIso: string | null, dayIso: string): Seniority | null {
  if (!startIso) return null;
  const start = parse(startIso);
  const end = parse(dayIso);
  const day = Date.UTC(end.y, end.m, end.d);
  if (Date.UTC(start.y, start.m, start.d) > day) return { years: 0, months: 0, days: 0 };
  // One year short of the calendar difference is always reached; step up from there.
  let years = Math.max(0, end.y - start.y - 1);
  while (addMonths(start, (years + 1) * 12) <= day) years += 1;
  let months = 0;
  while (months < 11 && addMonths(start, years * 12 + months + 1) <= day) months += 1;
  const days = Math.round((day - addMonths(start, years * 12 + months)) / DAY_MS);
  return { years, months, days };
}
