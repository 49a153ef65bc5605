/**
 * Local wall time in a time zone without a library: the zone's offset at an instant (cached per zone and UTC hour),
 * and the instant of a wall time. Used where many instants are converted at once (OT pay lines, device uploads).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, number>();

/** The zone's UTC offset in minutes at an instant. */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const hourKey = `${timeZone}|${Math.floor(ms / HOUR)}`;
  const cached = offsetCache.get(hourKey);
  if (cached !== undefined) return cached;
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  const at = Math.floor(ms / HOUR) * HOUR;
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(at))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const local = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  const offset = Math.round((local - at) / MINUTE);
  if (offsetCache.size > 100_000) offsetCache.clear();
  offsetCache.set(hourKey, offset);
  return offset;
}

/** The instant of a wall time given as "epoch ms of the same wall time in UTC" (e.g. `Date.UTC(y, m, d, h, mi, s)`). */
export function instantOfWallTime(wallMs: number, timeZone: string): number {
  // Two passes settle the offset around a switch.
  let guess = wallMs - zoneOffsetMinutes(wallMs, timeZone) * MINUTE;
  guess = wallMs - zoneOffsetMinutes(guess, timeZone) * MINUTE;
  return guess;
}

/** The zone's UTC offset in minutes on a calendar day (YYYY-MM-DD), taken at local noon so a switch at night does not matter. */
export function dayOffsetMinutes(date: string, timeZone: string): number {
  return zoneOffsetMinutes(instantOfLocal(date, 12 * 60, timeZone), timeZone);
}

/** The instant of a local wall time (YYYY-MM-DD, minute of day) in the zone. */
export function instantOfLocal(date: string, minuteOfDay: number, timeZone: string): number {
  return instantOfWallTime(Date.parse(`${date}T00:00:00Z`) + minuteOfDay * MINUTE, timeZone);
}
