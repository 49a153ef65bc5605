import { MINUTES_PER_DAY } from './day-engine.clock.ts';
import { type DayRequests, dayRequests, mergeIntervals } from './day-engine.requests.ts';
import type { CompiledDay } from './day-engine.schedule.ts';
import type { CoverageRequest } from './day-engine.types.ts';

/** RULES.md §6: night is 22:00–06:00 (Labour Code 2019 Art. 98.2: night work earns at least 30 % more). */
const NIGHT_FROM = 22 * 60;
const NIGHT_TO = 6 * 60;

/** Whether a row's window touches 22:00–06:00: most rows (08:30–17:30) do not, and skip the count. */
export const reachesNight = (row: CompiledDay): boolean => row.start < NIGHT_TO || row.end > NIGHT_FROM;

/**
 * Minutes of [a, b) — the frame of a day's row: minutes after the day's local midnight, past 1440 on the next
 * morning — that lie between 22:00 and 06:00 of any calendar day.
 */
export function nightMinutesBetween(a: number, b: number): number {
  if (b <= a) return 0;
  let total = 0;
  // The night starting at 22:00 of day k runs to 06:00 of day k + 1; k = −1 is the night before the day (00:00–06:00).
  for (let k = Math.floor(a / MINUTES_PER_DAY) - 1, last = Math.floor(b / MINUTES_PER_DAY); k <= last; k++) {
    const s = Math.max(a, k * MINUTES_PER_DAY + NIGHT_FROM);
    const e = Math.min(b, (k + 1) * MINUTES_PER_DAY + NIGHT_TO);
    if (e > s) total += e - s;
  }
  return total;
}

/**
 * The approved requests that credit work done rather than time off: work outside, onsite, explanations and special
 * explanations (an explanation says the employee worked but a punch is missing). Leave is time off, never night work.
 */
export function workRequests(list: readonly CoverageRequest[] | undefined, row: CompiledDay): DayRequests | null {
  const work = list?.filter((q) => q.kind !== 'LEAVE' && q.fundUses == null);
  return work && work.length > 0 ? dayRequests(work, row) : null;
}

/**
 * Regular night minutes of a judged working day (Labour Code 2019 Art. 98.2, docs/timesheet-engine.md "Night
 * minutes"): the minutes between 22:00 and 06:00 inside the scheduled shifts (the window less its break) that the
 * attendance — first to last punch, both present — or an approved work request covers (a whole shift, or hours placed
 * in time; minutes not placed in time cannot be placed at night and do not count), less the minutes of approved
 * overtime windows (`overtime`, merged pairs in the row's frame): those are paid as overtime (a night worker's
 * overtime may start after the morning's end and run into the evening's shift).
 * `cin` / `cout` are the check-in / check-out minutes in the row's frame, or −1.
 */
export function regularNightMinutes(row: CompiledDay, cin: number, cout: number, work: DayRequests | null, overtime: readonly number[] = []): number {
  const covered: number[] = [];
  if (cin >= 0 && cout > cin) covered.push(cin, cout);
  if (work !== null) {
    if (work.morning) covered.push(row.start, row.morningEnd);
    if (work.afternoon) covered.push(row.afternoonStart, row.end);
    covered.push(...work.timed);
  }
  const merged = mergeIntervals(covered);
  let total = 0;
  for (let i = 0; i < merged.length; i += 2) {
    const x = merged[i]!;
    const y = merged[i + 1]!;
    total += regularBetween(Math.max(x, row.start), Math.min(y, row.morningEnd), overtime);
    total += regularBetween(Math.max(x, row.afternoonStart), Math.min(y, row.end), overtime);
  }
  return total;
}

/** Night minutes of [a, b) less those inside the merged overtime windows `overtime` (flat pairs, same frame). */
function regularBetween(a: number, b: number, overtime: readonly number[]): number {
  let n = nightMinutesBetween(a, b);
  for (let i = 0; i < overtime.length && n > 0; i += 2) n -= nightMinutesBetween(Math.max(a, overtime[i]!), Math.min(b, overtime[i + 1]!));
  return n;
}

/**
 * The merged overtime windows (`local`: local minutes, flat pairs) that meet a row's window, in the row's frame
 * (minutes after the local midnight `base` of its day). Usually none.
 */
export function overtimeIn(local: readonly number[], base: number, row: CompiledDay): number[] {
  const out: number[] = [];
  for (let i = 0; i < local.length; i += 2) {
    const s = local[i]! - base;
    const e = local[i + 1]! - base;
    if (e > row.start && s < row.end) out.push(s, e);
  }
  return out;
}
