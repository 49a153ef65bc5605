import { epochDayOf, isoWeekdayOf, MINUTES_PER_DAY, minutesOf } from './day-engine.clock.ts';
import type { IsoDate, IsoWeekday, ScheduleDay, WorkSchedule } from './day-engine.types.ts';

/**
 * One weekday of a schedule with its times parsed once, in minutes from the local midnight of the day it starts on.
 * `end > start`; an end on or before the start is on the next morning (end + 1440), so a 22:00–06:00 row is 1320–1800.
 */
export interface CompiledDay {
  code: string;
  hourly: boolean;
  working: boolean;
  start: number;
  end: number;
  /** Break inside [start, end]; breakStart === breakEnd when there is none. */
  breakStart: number;
  breakEnd: number;
  /** MORNING = [start, morningEnd], AFTERNOON = [afternoonStart, end] (RULES.md §4). */
  morningEnd: number;
  afternoonStart: number;
  standard: number;
  /** The row ends at or after midnight, so early punches of the next day may be its own (RULES.md §4). */
  crossesMidnight: boolean;
}

export interface CompiledSchedule {
  code: string;
  hourly: boolean;
  /** Index = ISO weekday 1…7; index 0 unused. */
  days: readonly CompiledDay[];
}

const cache = new WeakMap<WorkSchedule, CompiledSchedule>();

function nonWorking(code: string, hourly: boolean): CompiledDay {
  return { code, hourly, working: false, start: 0, end: 0, breakStart: 0, breakEnd: 0, morningEnd: 0, afternoonStart: 0, standard: 0, crossesMidnight: false };
}

function compileDay(schedule: WorkSchedule, hourly: boolean, row: ScheduleDay | undefined): CompiledDay {
  const code = schedule.code;
  if (!row || !row.workingDay) return nonWorking(code, hourly);
  const startText = row.startTime ?? schedule.startTime;
  const endText = row.endTime ?? schedule.endTime;
  let start: number;
  let end: number;
  if (startText && endText) {
    start = minutesOf(startText);
    end = minutesOf(endText);
    if (end <= start) end += MINUTES_PER_DAY;
  } else if (hourly) {
    // decision: a flexible working day without a window counts any time of the day.
    start = 0;
    end = MINUTES_PER_DAY;
  } else {
    // decision: a day-based working day without times has no shifts to credit, so it is treated as non-working.
    return nonWorking(code, hourly);
  }
  let breakStart = start;
  let breakEnd = start;
  if (row.breakStart && row.breakEnd) {
    let bs = minutesOf(row.breakStart);
    let be = minutesOf(row.breakEnd);
    if (bs < start) bs += MINUTES_PER_DAY;
    if (be < bs) be += MINUTES_PER_DAY;
    // decision: a break outside the working window is ignored rather than guessed at.
    if (bs > start && be > bs && be < end) {
      breakStart = bs;
      breakEnd = be;
    }
  }
  const hasBreak = breakEnd > breakStart;
  // decision: a day-based row without a break splits its shifts at the middle of the window.
  const middle = start + Math.floor((end - start) / 2);
  const morningEnd = hasBreak ? breakStart : middle;
  const afternoonStart = hasBreak ? breakEnd : middle;
  const own = row.standardMinutes;
  const standard =
    own != null && own > 0
      ? own
      : schedule.standardMinutes > 0
        ? schedule.standardMinutes
        : end - start - (breakEnd - breakStart);
  return {
    code,
    hourly,
    working: true,
    start,
    end,
    breakStart,
    breakEnd,
    morningEnd,
    afternoonStart,
    standard,
    crossesMidnight: end >= MINUTES_PER_DAY,
  };
}

/** Parses a schedule once; schedule objects are treated as immutable (cached by identity). */
export function compileSchedule(schedule: WorkSchedule): CompiledSchedule {
  const hit = cache.get(schedule);
  if (hit) return hit;
  // RULES.md §4: FLEXIBLE employees are hour-based; every other schedule type is day-based.
  const hourly = schedule.type === 'FLEXIBLE';
  const days: CompiledDay[] = [nonWorking(schedule.code, hourly)];
  for (let wd = 1; wd <= 7; wd++) days.push(compileDay(schedule, hourly, schedule.days[wd as IsoWeekday]));
  const compiled: CompiledSchedule = { code: schedule.code, hourly, days };
  cache.set(schedule, compiled);
  return compiled;
}

export interface DatedRange<T> {
  from: number;
  to: number;
  value: T;
}

export function toRange<T>(from: IsoDate, to: IsoDate, value: T): DatedRange<T> {
  return { from: epochDayOf(from), to: epochDayOf(to), value };
}

/** decision: when ranges overlap, the one starting latest wins (the newest assignment), then the later in the list. */
export function valueAt<T>(ranges: readonly DatedRange<T>[], day: number): T | undefined {
  let best: DatedRange<T> | undefined;
  for (const r of ranges) {
    if (r.from <= day && day <= r.to && (!best || r.from >= best.from)) best = r;
  }
  return best?.value;
}

/** The compiled weekday row in force on an epoch day, or undefined when no schedule is assigned. */
export function rowAt(ranges: readonly DatedRange<CompiledSchedule>[], day: number): CompiledDay | undefined {
  return valueAt(ranges, day)?.days[isoWeekdayOf(day)];
}
