import { MINUTES_PER_DAY, minutesOf } from './day-engine.clock.ts';
import type { CompiledDay } from './day-engine.schedule.ts';
import type { CoverageRequest } from './day-engine.types.ts';

/**
 * The approved requests of one working day, reduced to what the rules need (RULES.md §4, §5: leave, work outside,
 * onsite, explanation and special explanation all cover time the same way).
 */
export interface DayRequests {
  /** Covered by a full-day or a MORNING request. */
  morning: boolean;
  /** Covered by a full-day or an AFTERNOON request. */
  afternoon: boolean;
  full: boolean;
  /** Hourly requests placed in time: merged, sorted [start, end) pairs in the day's minutes. */
  timed: number[];
  /** Hourly minutes not placed in time: usable anywhere, or only in one shift. */
  untimedAny: number;
  untimedMorning: number;
  untimedAfternoon: number;
  /** Σ hourly minutes as approved (placed lengths + unplaced minutes). */
  hourlyMinutes: number;
  /** Explanation-fund uses asked for by approved explanations of an hour-based day (RULES.md §4). */
  explanationUses: number;
  /** The leave (with a notation) covering each shift, first in the list's order. */
  morningLeave: LeaveMark | null;
  afternoonLeave: LeaveMark | null;
}

/** A leave's notation for the whole day and for one shift (RULES.md §4: `P`, `P/2`). */
export interface LeaveMark {
  notation: string;
  half: string;
}

/** The notation column is varchar(20): two half-day notations of different leaves are joined and clipped to it. */
const NOTATION_MAX = 20;

/** Sorts and merges flat [start, end) pairs; touching pairs merge. */
export function mergeIntervals(flat: number[]): number[] {
  if (flat.length <= 2) return flat;
  const order: number[] = [];
  for (let i = 0; i < flat.length; i += 2) order.push(i);
  order.sort((a, b) => flat[a]! - flat[b]! || flat[a + 1]! - flat[b + 1]!);
  const out: number[] = [];
  for (const i of order) {
    const s = flat[i]!;
    const e = flat[i + 1]!;
    const n = out.length;
    if (n > 0 && s <= out[n - 1]!) {
      if (e > out[n - 1]!) out[n - 1] = e;
    } else {
      out.push(s, e);
    }
  }
  return out;
}

/** A clock time of a request, placed in the frame of the row (00:30 after a 22:00 start is 24:30). */
function placed(minutes: number, row: CompiledDay): number {
  return minutes < row.start && minutes + MINUTES_PER_DAY <= row.end ? minutes + MINUTES_PER_DAY : minutes;
}

type ShiftCover = Pick<DayRequests, 'morning' | 'afternoon' | 'morningLeave' | 'afternoonLeave'>;
type ShiftRequest = Pick<CoverageRequest, 'shift' | 'notation' | 'halfNotation'>;
/** What tells a day's approved request apart and names its leave. */
export type RequestCoverage = ShiftRequest & Pick<CoverageRequest, 'fundUses' | 'startTime' | 'endTime' | 'minutes'>;

/** A full-day or shift request covers its shifts; the first leave over a shift gives that shift its notation. */
function coverShifts(r: ShiftCover, q: ShiftRequest): void {
  const mark: LeaveMark | null = q.notation ? { notation: q.notation, half: q.halfNotation || q.notation } : null;
  if (q.shift !== 'AFTERNOON') {
    r.morning = true;
    r.morningLeave ??= mark;
  }
  if (q.shift !== 'MORNING') {
    r.afternoon = true;
    r.afternoonLeave ??= mark;
  }
}

/** Whether an approved request is a full-day or shift one (not an hourly one, not an explanation-fund use). */
const isShiftRequest = (q: RequestCoverage): boolean =>
  q.fundUses == null && !(q.startTime && q.endTime) && q.minutes == null;

/**
 * The leave notation of a working day from its approved requests alone, without a schedule: what a day not computed
 * yet (a future day, RULES.md §4) shows — the same rule as a computed day's (`leaveNotation`).
 */
export function leaveNotationOfRequests(list: readonly RequestCoverage[]): string | null {
  const r: ShiftCover = { morning: false, afternoon: false, morningLeave: null, afternoonLeave: null };
  for (const q of list) if (isShiftRequest(q)) coverShifts(r, q);
  return leaveNotation(r);
}

export function dayRequests(list: readonly CoverageRequest[], row: CompiledDay): DayRequests {
  const r: DayRequests = {
    morning: false,
    afternoon: false,
    full: false,
    timed: [],
    untimedAny: 0,
    untimedMorning: 0,
    untimedAfternoon: 0,
    hourlyMinutes: 0,
    explanationUses: 0,
    morningLeave: null,
    afternoonLeave: null,
  };
  for (const q of list) {
    if (q.fundUses != null) {
      r.explanationUses += Math.max(0, Math.floor(q.fundUses));
    } else if (q.startTime && q.endTime) {
      const s = placed(minutesOf(q.startTime), row);
      let e = minutesOf(q.endTime);
      if (e < s) e += MINUTES_PER_DAY;
      if (e > s) {
        r.timed.push(s, e);
        r.hourlyMinutes += e - s;
      }
    } else if (q.minutes != null) {
      const m = Math.max(0, q.minutes);
      r.hourlyMinutes += m;
      if (q.shift === 'MORNING') r.untimedMorning += m;
      else if (q.shift === 'AFTERNOON') r.untimedAfternoon += m;
      else r.untimedAny += m;
    } else {
      coverShifts(r, q);
    }
  }
  if (r.full || (r.morning && r.afternoon)) r.full = r.morning = r.afternoon = true;
  r.timed = mergeIntervals(r.timed);
  return r;
}

/**
 * RULES.md §4: a shift covered by leave shows the leave's notation — the whole day's (`P`) when one leave covers both
 * shifts, the half-day one (`P/2`) for one shift; decision: two different leaves on the two shifts show both half-day
 * notations joined by '+'. Hourly leave covers no shift, so it shows none.
 */
export function leaveNotation(r: Pick<DayRequests, 'morningLeave' | 'afternoonLeave'>): string | null {
  const m = r.morningLeave;
  const a = r.afternoonLeave;
  if (m && a) return m.notation === a.notation ? m.notation : `${m.half}+${a.half}`.slice(0, NOTATION_MAX);
  return m ? m.half : a ? a.half : null;
}

export function hasHourly(r: DayRequests): boolean {
  return r.timed.length > 0 || r.untimedAny + r.untimedMorning + r.untimedAfternoon > 0;
}

/** RULES.md §5: full day = the standard minutes, one shift = half of it, hourly = its minutes; capped at a full day. */
export function requestMinutesOf(r: DayRequests, standard: number): number {
  const shifts = r.full ? standard : (r.morning ? standard / 2 : 0) + (r.afternoon ? standard / 2 : 0);
  return Math.min(standard, shifts + r.hourlyMinutes);
}
