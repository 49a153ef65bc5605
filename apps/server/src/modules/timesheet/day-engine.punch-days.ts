import { epochDayOf, MINUTES_PER_DAY } from './day-engine.clock.ts';
import { type CompiledDay, type CompiledSchedule, compileSchedule, type DatedRange, rowAt, toRange } from './day-engine.schedule.ts';
import type { IsoDate, ScheduleAssignment } from './day-engine.types.ts';

/**
 * Which calendar day a punch belongs to (RULES.md §4) — the one owner of that rule. Every punch belongs to its own
 * calendar day in the company zone, except after a schedule that ends after midnight: a punch then belongs to that
 * previous day up to the midpoint between its end and the start of the current day's own schedule, or up to its
 * end + 6 hours when the current day has no schedule (a 22:00–06:00 shift's 06:05 check-out is the night's).
 * The recalculation stores each day's window (`punches_from`, `punches_to`), which every other reader of "the
 * punches of a day" reads (docs/timesheet-engine.md).
 */

/** RULES.md §4: how long after a night shift's end its punches still belong to it when the next day has no schedule. */
export const NIGHT_REACH_MINUTES = 6 * 60;

/**
 * Minutes after the local midnight of a day before which its punches belong to the day before (0: none).
 * `prev` and `row` are the schedule rows of the day before and of the day (undefined without a schedule).
 */
export function punchDayStart(prev: CompiledDay | undefined, row: CompiledDay | undefined): number {
  if (!prev || !prev.working || !prev.crossesMidnight) return 0;
  const prevEnd = prev.end - MINUTES_PER_DAY;
  if (!row || !row.working) return Math.min(MINUTES_PER_DAY, prevEnd + NIGHT_REACH_MINUTES);
  // decision: a day whose own schedule starts at or before the night's end (overlapping rows, a flexible day without
  // a window) leaves the night its punches up to its end, no further.
  if (row.start <= prevEnd) return prevEnd;
  // "Up to the midpoint": a punch exactly on it, or after it, is the current day's.
  return Math.ceil((prevEnd + row.start) / 2);
}

/** Whether any working row of the schedule ends after midnight: only then can a punch leave its calendar day. */
function hasNightRow(s: CompiledSchedule): boolean {
  return s.days.some((d) => d.working && d.crossesMidnight);
}

/**
 * The days of `from` … `to` (epoch days) whose punches before some minute belong to the day before, as
 * `[epochDay, minute]` pairs in day order; the other days start at midnight. Used by the recalculation to aggregate
 * punches per day in SQL exactly as the engine attributes them.
 */
export function punchDayStarts(schedules: readonly ScheduleAssignment[], from: IsoDate, to: IsoDate): [number, number][] {
  const ranges: DatedRange<CompiledSchedule>[] = schedules.map((a) => toRange(a.from, a.to, compileSchedule(a.schedule)));
  if (!ranges.some((r) => hasNightRow(r.value))) return [];
  const out: [number, number][] = [];
  let prev = rowAt(ranges, epochDayOf(from) - 1);
  for (let d = epochDayOf(from), last = epochDayOf(to); d <= last; d++) {
    const row = rowAt(ranges, d);
    const start = punchDayStart(prev, row);
    if (start > 0) out.push([d, start]);
    prev = row;
  }
  return out;
}
