import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };

/** 'DD/MM/YYYY' → 'YYYY-MM-DD', or undefined when not a real calendar date (31/02 is refused). */
export function parseDmy(text: string | undefined | null): string | undefined {
  if (!text) return undefined;
  const d = dayjs(text, 'DD/MM/YYYY', true);
  return d.isValid() ? d.format('YYYY-MM-DD') : undefined;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export function toDmy(iso: string | null | undefined): string | null {
  if (!iso) return null;
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** One formatter per time zone: building an Intl formatter costs far more than using one. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, f);
  }
  return f;
}

/**
 * The calendar day of an instant in the company time zone (RULES.md §1). "Now" comes from the clock (lib/clock.ts).
 * Asked on every request (the session, the punch, the recalculation's clipping): a cached Intl formatter, not dayjs's
 * time-zone plugin, which spent about an eighth of the server's time in the self check-in rush (docs/self-check-in.md).
 */
export function companyToday(timeZone: string, now: Date): string {
  let y = '';
  let m = '';
  let d = '';
  for (const part of dayFormatter(timeZone).formatToParts(now)) {
    if (part.type === 'year') y = part.value;
    else if (part.type === 'month') m = part.value;
    else if (part.type === 'day') d = part.value;
  }
  return `${y.padStart(4, '0')}-${m}-${d}`;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `iso` (YYYY-MM-DD) moved by `days` calendar days; plain UTC arithmetic, as a calendar day has no time zone. */
export function addDays(iso: string, days: number): string {
  const match = ISO_DAY.exec(iso);
  if (!match) return dayjs(iso, 'YYYY-MM-DD').add(days, 'day').format('YYYY-MM-DD');
  const t = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return new Date(t).toISOString().slice(0, 10);
}

/** The earlier of two YYYY-MM-DD dates. */
export const minDate = (a: string, b: string) => (a < b ? a : b);
/** The later of two YYYY-MM-DD dates. */
export const maxDate = (a: string, b: string) => (a > b ? a : b);

/** Timestamps for display: 'DD/MM/YYYY HH:mm:ss' in the company zone. */
export function formatInstant(value: Date | string | null | undefined, timeZone: string): string | null {
  if (!value) return null;
  return dayjs(value).tz(timeZone).format('DD/MM/YYYY HH:mm:ss');
}
