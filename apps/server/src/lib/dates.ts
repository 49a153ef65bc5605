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

/** The calendar day of an instant in the company time zone (RULES.md §1). "Now" comes from the clock (lib/clock.ts). */
export function companyToday(timeZone: string, now: Date): string {
  return dayjs(now).tz(timeZone).format('YYYY-MM-DD');
}

export function addDays(iso: string, days: number): string {
  return dayjs(iso, 'YYYY-MM-DD').add(days, 'day').format('YYYY-MM-DD');
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
