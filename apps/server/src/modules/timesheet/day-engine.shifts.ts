import { clockOf } from './day-engine.clock.ts';
import { type DayRequests, hasHourly, mergeIntervals, requestMinutesOf } from './day-engine.requests.ts';
import type { CompiledDay } from './day-engine.schedule.ts';
import type { AbnormalReason, DayResult, ShiftCredit } from './day-engine.types.ts';

const NONE = -1;

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  const d = Math.min(a1, b1) - Math.max(a0, b0);
  return d > 0 ? d : 0;
}

/** Minutes of [s, e] covered by the union of the attendance [att0, att1] and the merged request intervals. */
function coveredIn(s: number, e: number, att0: number, att1: number, intervals: readonly number[]): number {
  const lo = Math.max(s, att0);
  const hi = Math.min(e, att1);
  const attLen = att0 === NONE || hi <= lo ? 0 : hi - lo;
  let total = attLen;
  for (let i = 0; i < intervals.length; i += 2) {
    const cx = Math.max(intervals[i]!, s);
    const cy = Math.min(intervals[i + 1]!, e);
    if (cy > cx) total += cy - cx - (attLen > 0 ? overlap(cx, cy, lo, hi) : 0);
  }
  return total;
}

/** Minutes of [a, b] that are neither break nor covered by a request interval. */
function freeMinutes(a: number, b: number, bs: number, be: number, intervals: readonly number[] | null): number {
  if (b <= a) return 0;
  let covered = overlap(a, b, bs, be);
  if (intervals) {
    for (let i = 0; i < intervals.length; i += 2) {
      const cx = Math.max(intervals[i]!, a);
      const cy = Math.min(intervals[i + 1]!, b);
      if (cy > cx) covered += cy - cx - overlap(cx, cy, bs, be);
    }
  }
  return b - a - covered;
}

/**
 * decision: hourly minutes not placed in time fill the uncovered minutes of the expected shifts in time order
 * (first their own shift's minutes, then the unrestricted ones), so they first cover a late arrival, then an early
 * departure. Returns every request interval (placed + filled), merged.
 */
function placeHourly(row: CompiledDay, req: DayRequests, cin: number, cout: number): number[] {
  const out = req.timed.slice();
  let any = req.untimedAny;
  const shifts: [boolean, number, number, number][] = [
    [req.morning, row.start, row.morningEnd, req.untimedMorning],
    [req.afternoon, row.afternoonStart, row.end, req.untimedAfternoon],
  ];
  for (const [requested, s, e, restricted] of shifts) {
    let own = restricted;
    if (requested || own + any <= 0) continue;
    const covered = req.timed.slice();
    if (cin !== NONE && cout > cin) covered.push(cin, cout);
    const merged = mergeIntervals(covered);
    let t = s;
    for (let i = 0; i <= merged.length && t < e && own + any > 0; i += 2) {
      const gapEnd = i < merged.length ? Math.min(merged[i]!, e) : e;
      if (gapEnd > t) {
        const take = Math.min(gapEnd - t, own + any);
        out.push(t, t + take);
        const fromOwn = Math.min(own, take);
        own -= fromOwn;
        any -= take - fromOwn;
      }
      if (i < merged.length) t = Math.max(t, merged[i + 1]!);
    }
  }
  return mergeIntervals(out);
}

/** What a credited shift is worth in halves of a day: unpaid leave covers it but credits nothing. */
const creditWorth = (c: ShiftCredit) => (c !== null && c !== 'UNPAID' ? 1 : 0);

/**
 * The credit of the shift [s, e]: a whole-shift request, else attendance within the allowed minutes, else hourly
 * requests. Module-level, not a closure of computeShiftDay: the engine runs it twice a day for every employee-day,
 * and a closure made per day (named at each creation by the build's keepNames) cost about a tenth of a recalculation.
 */
function shiftCredit(
  s: number,
  e: number,
  requested: boolean,
  paidRequest: boolean,
  allowed: number,
  cin: number,
  cout: number,
  hasAttendance: boolean,
  intervals: readonly number[] | null,
  paidIntervals: readonly number[] | null,
): ShiftCredit {
  if (requested) return paidRequest ? 'REQUEST' : 'UNPAID';
  if (hasAttendance && cin <= s + allowed && cout >= e - allowed) return 'ATTENDANCE';
  const attendedFrom = hasAttendance ? cin : NONE;
  // decision: hourly requests credit a shift when they and the attendance leave at most the allowed minutes of it
  // uncovered; when only unpaid leave closes the gap, the shift is covered but worth nothing.
  if (paidIntervals !== null && e - s - coveredIn(s, e, attendedFrom, cout, paidIntervals) <= allowed) return 'REQUEST';
  if (intervals !== null && e - s - coveredIn(s, e, attendedFrom, cout, intervals) <= allowed) return 'UNPAID';
  return null;
}

/**
 * A day-based working day (RULES.md §4): two shifts, each credited by attendance (late or early by at most the
 * allowed minutes) or by requests; value 0.5 per credited shift; abnormal reason 1–6 for an uncovered part.
 * `req` holds every approved request of the day, `paid` the ones that credit value (RULES.md §4: unpaid and
 * social-insurance leave covers time but credits nothing; `paid === req` when there is none).
 * `cin` / `cout` are the check-in / check-out minutes in the row's frame, or -1.
 */
export function computeShiftDay(
  out: DayResult,
  row: CompiledDay,
  allowedMinutes: number,
  req: DayRequests | null,
  paid: DayRequests | null,
  punchCount: number,
  cin: number,
  cout: number,
): void {
  const allowed = Math.max(0, allowedMinutes);
  const mReq = req !== null && req.morning;
  const aReq = req !== null && req.afternoon;
  const hasAttendance = cin !== NONE && cout !== NONE;
  const intervals = req !== null && hasHourly(req) ? placeHourly(row, req, cin, cout) : null;
  const paidIntervals = paid === req ? intervals : paid !== null && hasHourly(paid) ? placeHourly(row, paid, cin, cout) : null;

  const morning = shiftCredit(row.start, row.morningEnd, mReq, paid !== null && paid.morning, allowed, cin, cout, hasAttendance, intervals, paidIntervals);
  const afternoon = shiftCredit(row.afternoonStart, row.end, aReq, paid !== null && paid.afternoon, allowed, cin, cout, hasAttendance, intervals, paidIntervals);

  // Late and early count against the shifts actually expected: a shift covered by a shift request moves the start or end.
  let late = 0;
  let early = 0;
  const expStart = mReq ? row.afternoonStart : row.start;
  const expEnd = aReq ? row.morningEnd : row.end;
  // decision: break minutes and minutes covered by hourly requests are not late or early minutes.
  const bs = mReq || aReq ? 0 : row.breakStart;
  const be = mReq || aReq ? 0 : row.breakEnd;
  if (!(mReq && aReq)) {
    if (cin !== NONE) late = freeMinutes(expStart, Math.min(cin, expEnd), bs, be, intervals);
    if (cout !== NONE) early = freeMinutes(Math.max(cout, expStart), expEnd, bs, be, intervals);
  }

  out.shifts = { MORNING: morning, AFTERNOON: afternoon };
  out.computedValue = (creditWorth(morning) + creditWorth(afternoon)) * 0.5;
  out.lateMinutes = late;
  out.earlyMinutes = early;
  // RULES.md §4: late / early is any minute not covered by a request; the allowance decides only credit and cases.
  out.isLateComing = late > 0;
  out.isEarlyLeaving = early > 0;
  out.workedMinutes = hasAttendance
    ? overlap(cin, cout, row.start, row.morningEnd) + overlap(cin, cout, row.afternoonStart, row.end)
    : 0;
  out.requestMinutes = req === null ? 0 : requestMinutesOf(req, row.standard);

  if (morning !== null && afternoon !== null) return;
  let reason: AbnormalReason;
  let violation = late + early;
  if (mReq !== aReq) {
    // RULES.md §4: a half-day request with the other half uncovered is reason 3 whatever that half's punches, with
    // that half's late, early or (no punch at all) missing minutes.
    reason = 3;
    if (punchCount === 0) violation = freeMinutes(expStart, expEnd, 0, 0, intervals);
  } else if (punchCount === 0) reason = 6;
  // RULES.md §4: one punch is a check-in before the break's end, else a check-out (day-engine.ts).
  else if (punchCount === 1) reason = cin !== NONE ? 5 : 4;
  else if (late > allowed) reason = 2;
  else if (early > allowed) reason = 1;
  // Only hourly requests leave a shift uncovered with both gaps inside the allowance: name the bigger one.
  else reason = late >= early ? 2 : 1;
  out.abnormal = {
    reason,
    minuteViolation: violation,
    startTime: clockOf(morning ? row.afternoonStart : row.start),
    endTime: clockOf(afternoon ? row.morningEnd : row.end),
  };
}
