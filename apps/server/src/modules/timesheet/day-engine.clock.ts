/**
 * Calendar and clock arithmetic for the day engine: integers only, no Date, no regex, no time zone library
 * (the engine runs for 10,000 employee-months in one recalculation).
 */

export const MINUTES_PER_DAY = 1440;
const MS_PER_MINUTE = 60_000;

function digits(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** 'YYYY-MM-DD' → days since 1970-01-01 (H. Hinnant's days_from_civil). Throws on anything else. */
export function epochDayOf(iso: string): number {
  const y = iso.length === 10 && iso.charCodeAt(4) === 45 && iso.charCodeAt(7) === 45 ? digits(iso, 0, 4) : -1;
  const m = y < 0 ? -1 : digits(iso, 5, 2);
  const d = m < 1 || m > 12 ? -1 : digits(iso, 8, 2);
  if (d < 1 || d > daysInMonth(y, m)) throw new RangeError(`day engine: not a YYYY-MM-DD date: ${JSON.stringify(iso)}`);
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** ISO weekday (1 Monday … 7 Sunday) of an epoch day; 1970-01-01 was a Thursday. */
export function isoWeekdayOf(epochDay: number): 1 | 2 | 3 | 4 | 5 | 6 | 7 {
  return ((((epochDay % 7) + 10) % 7) + 1) as 1 | 2 | 3 | 4 | 5 | 6 | 7;
}

/** 'HH:mm' or 'HH:mm:ss' → minutes after midnight (seconds dropped); '24:00' → 1440. Throws on anything else. */
export function minutesOf(clock: string): number {
  const ok = (clock.length === 5 || (clock.length === 8 && clock.charCodeAt(5) === 58)) && clock.charCodeAt(2) === 58;
  const h = ok ? digits(clock, 0, 2) : -1;
  const m = h < 0 ? -1 : digits(clock, 3, 2);
  const s = clock.length === 8 ? digits(clock, 6, 2) : 0;
  if (m < 0 || m > 59 || s < 0 || s > 59 || h > 24 || (h === 24 && (m > 0 || s > 0))) {
    throw new RangeError(`day engine: not a HH:mm time: ${JSON.stringify(clock)}`);
  }
  return h * 60 + m;
}

const HHMM: string[] = [];
for (let t = 0; t < MINUTES_PER_DAY; t++) {
  HHMM.push(`${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`);
}

/** Minutes (any day offset, e.g. 1470 = 00:30 the next morning) → local clock 'HH:mm'. */
export function clockOf(minutes: number): string {
  return HHMM[((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY]!;
}

/** Epoch milliseconds → local minute index (minutes since 1970-01-01 00:00 local). */
export function localMinuteOf(epochMs: number, utcOffsetMinutes: number): number {
  return Math.floor(epochMs / MS_PER_MINUTE) + utcOffsetMinutes;
}

/** Two-decimal rounding of a ratio of integers, e.g. 1 − absent/standard (RULES.md §4: two decimals). */
export function round2(numerator: number, denominator: number): number {
  return Math.round((numerator * 100) / denominator) / 100;
}
