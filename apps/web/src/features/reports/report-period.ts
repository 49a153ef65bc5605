import type { PeriodOption } from '@tms/contracts/lookups';

type PeriodDates = Pick<PeriodOption, 'timesheet_id' | 'from_date' | 'to_date'>;

/**
 * The period the reports open on: the last ended one (the latest end date before the server's today), else the
 * earliest-ending one there is; null without periods or while today is unknown.
 */
export function lastEndedPeriodId(periods: readonly PeriodDates[] | undefined, today: string | null | undefined): number | null {
  const list = periods ?? [];
  if (list.length === 0 || !today) return null;
  let best: PeriodDates | undefined;
  for (const p of list) if (p.to_date < today && (!best || p.to_date > best.to_date)) best = p;
  if (best) return best.timesheet_id;
  let first = list[0]!;
  for (const p of list) if (p.to_date < first.to_date) first = p;
  return first.timesheet_id;
}
