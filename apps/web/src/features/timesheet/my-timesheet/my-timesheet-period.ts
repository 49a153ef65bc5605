import type { PeriodOption } from '@tms/contracts/lookups';
import { formatDmy, formatIsoDate } from '../../../lib/dates.ts';

type PeriodDates = Pick<PeriodOption, 'timesheet_id' | 'from_date' | 'to_date'>;

/**
 * The period My Timesheet opens on (spec 001 §2.2): the one containing the server's today, else the latest
 * (greatest end date); null when there are none. `today` is YYYY-MM-DD or null while unknown.
 */
export function defaultPeriodId(periods: readonly PeriodDates[] | undefined, today: string | null | undefined): number | null {
  const list = periods ?? [];
  if (list.length === 0) return null;
  const day = today ? formatIsoDate(today) : '';
  if (day) {
    const current = list.find((p) => formatIsoDate(p.from_date) <= day && day <= formatIsoDate(p.to_date));
    if (current) return current.timesheet_id;
  }
  let latest = list[0]!;
  for (const p of list) if (formatIsoDate(p.to_date) > formatIsoDate(latest.to_date)) latest = p;
  return latest.timesheet_id;
}

/** The selector's option text: 'T11-2026 (26/10/2026 - 25/11/2026)'. */
export function periodLabel(period: Pick<PeriodOption, 'name' | 'from_date' | 'to_date'>): string {
  return `${period.name} (${formatDmy(period.from_date)} - ${formatDmy(period.to_date)})`;
}
