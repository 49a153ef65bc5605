import { dayjs } from '../lib/dates.ts';

/** Plain calendar-date arithmetic on 'YYYY-MM-DD' (UTC based, so no local-zone surprises), fast enough for seed loops. */
export function epochDay(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;
}

export function fromEpochDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

export function plusDays(iso: string, days: number): string {
  return fromEpochDay(epochDay(iso) + days);
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(iso: string): number {
  const d = new Date(epochDay(iso) * 86_400_000).getUTCDay();
  return d === 0 ? 7 : d;
}


export function plusMonths(iso: string, months: number): string {
  return dayjs(iso, 'YYYY-MM-DD').add(months, 'month').format('YYYY-MM-DD');
}

export function plusYears(iso: string, years: number): string {
  return dayjs(iso, 'YYYY-MM-DD').add(years, 'year').format('YYYY-MM-DD');
}

/** Every date from `from` to `to`, both inclusive. */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = epochDay(from), end = epochDay(to); d <= end; d++) out.push(fromEpochDay(d));
  return out;
}

/**
 * The instant of a local wall-clock time (seconds after local midnight) on `iso` in a zone with the given offset
 * (lib/zone-time.ts `dayOffsetMinutes`).
 */
export function localInstant(iso: string, secondsOfDay: number, offsetMinutes: number): Date {
  return new Date(epochDay(iso) * 86_400_000 + secondsOfDay * 1000 - offsetMinutes * 60_000);
}
