/**
 * The attendance day engine: pure, deterministic, no I/O (ARCHITECTURE.md: engines). Given one employee's schedules,
 * policies, holidays, punches, approved requests and HR overrides, it computes each requested date's check-in/out,
 * shift credits, value, late/early minutes, absent time, abnormal case and explanation-fund use (RULES.md §4).
 * docs/timesheet-engine.md states every rule as built and every decision where RULES.md is silent.
 * Types live in day-engine.types.ts (import them from there; no re-exports here).
 */
import { clockOf, epochDayOf, isoWeekdayOf, localMinuteOf, MINUTES_PER_DAY } from './day-engine.clock.ts';
import { computeFlexibleDay } from './day-engine.flexible.ts';
import { overtimeIn, reachesNight, regularNightMinutes, workRequests } from './day-engine.night.ts';
import { punchDayStart } from './day-engine.punch-days.ts';
import { type DayRequests, dayRequests, leaveNotation, mergeIntervals } from './day-engine.requests.ts';
import { type CompiledDay, type CompiledSchedule, compileSchedule, type DatedRange, rowAt, toRange, valueAt } from './day-engine.schedule.ts';
import { computeShiftDay } from './day-engine.shifts.ts';
import {
  type AttendancePolicy,
  type CoverageRequest,
  type DayEngineInput,
  type DayResult,
  type DayType,
  EMPTY_POLICY,
  HOLIDAY_NOTATION,
} from './day-engine.types.ts';

const MS_PER_MINUTE = 60_000;

/** decision: on a day without a working window, a single punch before noon is a check-in, otherwise a check-out. */
const NO_WINDOW_MIDPOINT = 12 * 60;

/** First index i with a[i] >= x in an ascending array. */
function lowerBound(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Minutes after the local midnight of a day from which it is judged (RULES.md §4: only once it has ended): a working
 * row at its end plus the allowance — for a row crossing midnight that end is on the next calendar day; a day
 * without working hours at its end.
 */
function judgedFrom(row: CompiledDay | undefined, allowedMinutes: number): number {
  if (!row || !row.working) return MINUTES_PER_DAY;
  return row.end + Math.max(0, allowedMinutes);
}

/**
 * The minute that splits a single punch into check-in (before) or check-out (at or after), RULES.md §4: the break's
 * end on every schedule (the middle of a row without a break); with a half-day request, the break edge of the
 * uncovered half (afternoon leave: the break's start).
 */
function singlePunchSplit(row: CompiledDay | undefined, dayType: DayType, req: DayRequests | null): number {
  if (!row || !row.working) return NO_WINDOW_MIDPOINT;
  if (dayType === 'WORKING' && req !== null && req.afternoon && !req.morning) return row.morningEnd;
  return row.afternoonStart;
}

function emptyResult(date: string, dayType: DayType, holidayName: string | null, row: CompiledDay | undefined): DayResult {
  return {
    date,
    dayType,
    holidayName,
    scheduleCode: row ? row.code : null,
    mode: row ? (row.hourly ? 'HOUR' : 'DAY') : null,
    checkIn: null,
    checkOut: null,
    checkInAt: null,
    checkOutAt: null,
    punchCount: 0,
    punchesFrom: 0,
    punchesTo: 0,
    shifts: null,
    computedValue: null,
    value: null,
    overridden: false,
    lateMinutes: 0,
    earlyMinutes: 0,
    isLateComing: false,
    isEarlyLeaving: false,
    absentMinutes: 0,
    workedMinutes: 0,
    requestMinutes: 0,
    explanationRefundMinutes: 0,
    explanationUses: 0,
    nightMinutes: 0,
    abnormal: null,
    notation: null,
    judged: true,
  };
}

/** RULES.md §4: an HR edit wins and survives recalculation; the computed value stays alongside. */
function applyOverride(out: DayResult, overrides: ReadonlyMap<string, number | null>): void {
  out.value = out.computedValue;
  const override = overrides.get(out.date);
  if (override !== undefined) {
    out.value = override;
    out.overridden = true;
  }
}

/** What every day of one computeDays call reads: the sorted punches, the compiled schedules and lookups by date. */
type EngineContext = {
  offset: number;
  /** The punches in epoch ms, ascending, and each one's local minute. */
  ms: Float64Array;
  lm: Float64Array;
  schedules: DatedRange<CompiledSchedule>[];
  policies: DatedRange<AttendancePolicy>[];
  requests: Map<string, CoverageRequest[]>;
  overrides: Map<string, number | null>;
  holidays: ReadonlyMap<string, string>;
  nowMinute: number;
  /** Approved overtime windows as local minutes, flat [start, end) pairs, merged. */
  overtime: number[];
  firstEmployed: number;
  lastEmployed: number;
};

function engineContext(input: DayEngineInput): EngineContext {
  const offset = input.utcOffsetMinutes;
  const ms = Float64Array.from(input.punches).sort();
  const lm = new Float64Array(ms.length);
  for (let i = 0; i < ms.length; i++) lm[i] = localMinuteOf(ms[i]!, offset);
  const requests = new Map<string, CoverageRequest[]>();
  for (const q of input.requests ?? []) {
    const list = requests.get(q.date);
    if (list) list.push(q);
    else requests.set(q.date, [q]);
  }
  const overrides = new Map<string, number | null>();
  for (const o of input.overrides ?? []) overrides.set(o.date, o.value);
  return {
    offset,
    ms,
    lm,
    schedules: input.schedules.map((a) => toRange(a.from, a.to, compileSchedule(a.schedule))),
    policies: input.policies.map((a) => toRange(a.from, a.to, a.policy)),
    requests,
    overrides,
    holidays: input.holidays,
    overtime: mergeIntervals((input.overtime ?? []).flatMap((w) => [localMinuteOf(w.start, offset), Math.ceil(w.end / MS_PER_MINUTE) + offset])),
    nowMinute: input.now === undefined ? Number.POSITIVE_INFINITY : localMinuteOf(input.now, offset),
    firstEmployed: input.employment?.start ? epochDayOf(input.employment.start) : Number.NEGATIVE_INFINITY,
    lastEmployed: input.employment?.end ? epochDayOf(input.employment.end) : Number.POSITIVE_INFINITY,
  };
}

/**
 * Places the day's punches [lo, hi) on `out`: their count, the check-in and check-out instants and clock times.
 * Answers the check-in and check-out minutes after the day's local midnight in `minutes` (−1: none).
 */
function placePunches(out: DayResult, c: EngineContext, lo: number, hi: number, base: number, single: number, minutes: { cin: number; cout: number }): number {
  const { lm, ms } = c;
  // decision: punches in the same minute count once (a double tap is not a check-in and a check-out).
  let count = 0;
  for (let i = lo; i < hi; i++) if (i === lo || lm[i] !== lm[i - 1]) count++;
  minutes.cin = -1;
  minutes.cout = -1;
  if (count >= 2) {
    minutes.cin = lm[lo]! - base;
    minutes.cout = lm[hi - 1]! - base;
    out.checkInAt = ms[lo]!;
    out.checkOutAt = ms[hi - 1]!;
  } else if (count === 1) {
    const t = lm[lo]! - base;
    if (t < single) {
      minutes.cin = t;
      out.checkInAt = ms[lo]!;
    } else {
      minutes.cout = t;
      out.checkOutAt = ms[lo]!;
    }
  }
  out.punchCount = count;
  if (minutes.cin >= 0) out.checkIn = clockOf(minutes.cin);
  if (minutes.cout >= 0) out.checkOut = clockOf(minutes.cout);
  return count;
}

/** One day; `fund.used` is the explanation fund used so far in the period, advanced by an hour-based day. */
function computeDay(c: EngineContext, date: string, day: number, fund: { used: number }, minutes: { cin: number; cout: number }): DayResult {
  const { offset, lm } = c;
  const before = rowAt(c.schedules, day - 1);
  const row = rowAt(c.schedules, day);
  const after = rowAt(c.schedules, day + 1);
  const base = day * MINUTES_PER_DAY;
  // RULES.md §4: the day's punches, moved by the midpoint rule around night shifts (day-engine.punch-days.ts).
  const from = base + punchDayStart(before, row);
  const to = base + MINUTES_PER_DAY + punchDayStart(row, after);
  const lo = lowerBound(lm, from);
  const hi = lowerBound(lm, to);

  const holiday = c.holidays.get(date);
  const wd = isoWeekdayOf(day);
  const dayType: DayType =
    !row || !row.working ? (wd >= 6 ? 'WEEKEND' : 'NON_WORKING') : holiday !== undefined ? 'HOLIDAY' : 'WORKING';
  const out = emptyResult(date, dayType, holiday ?? null, row);
  out.punchesFrom = (from - offset) * MS_PER_MINUTE;
  out.punchesTo = (to - offset) * MS_PER_MINUTE;
  const policy = row && row.working ? (valueAt(c.policies, day) ?? EMPTY_POLICY) : EMPTY_POLICY;
  out.judged = day >= c.firstEmployed && day <= c.lastEmployed && c.nowMinute >= base + judgedFrom(row, policy.lackOfTimeAllowed);
  const reqList = dayType === 'WORKING' ? c.requests.get(date) : undefined;
  const req = reqList && row ? dayRequests(reqList, row) : null;
  // RULES.md §4: unpaid and social-insurance leave covers time but credits nothing; the paid requests alone credit.
  const paid = req !== null && reqList!.some((q) => q.unpaid) ? dayRequests(reqList!.filter((q) => !q.unpaid), row!) : req;

  const count = placePunches(out, c, lo, hi, base, singlePunchSplit(row, dayType, req), minutes);
  const { cin, cout } = minutes;

  // RULES.md §4: the holiday's notation, or the notation of the leave covering a shift — known before the day ends.
  if (dayType === 'HOLIDAY') out.notation = HOLIDAY_NOTATION;
  else if (req !== null) out.notation = leaveNotation(req);
  // RULES.md §4: until the day has ended (or outside the employment) it shows its punches and notation only.
  if (out.judged && dayType === 'HOLIDAY') {
    // RULES.md §4: a public holiday is worth 1 with the holiday notation, never abnormal.
    out.computedValue = 1;
    if (!row!.hourly) out.shifts = { MORNING: 'HOLIDAY', AFTERNOON: 'HOLIDAY' };
  } else if (out.judged && dayType === 'WORKING') {
    if (row!.hourly) {
      const remaining = Math.max(0, Math.floor(policy.explanationNumber) - fund.used);
      fund.used += computeFlexibleDay(out, row!, policy, req, paid, cin, cout, remaining);
    } else {
      computeShiftDay(out, row!, policy.lackOfTimeAllowed, req, paid, count, cin, cout);
    }
    // Labour Code 2019 Art. 98.2: regular night minutes of a judged working day (holidays: worked time is overtime).
    if (reachesNight(row!)) out.nightMinutes = regularNightMinutes(row!, cin, cout, workRequests(reqList, row!), overtimeIn(c.overtime, base, row!));
  }
  applyOverride(out, c.overrides);
  return out;
}

/**
 * Computes every date of `input.dates` (ascending, each once) for one employee. Explanation-fund use is sequential
 * within a payroll period, so pass `explanationFundUsedBefore` when the first date is not the period's first.
 */
export function computeDays(input: DayEngineInput): DayResult[] {
  const c = engineContext(input);
  const periodStarts = (input.periodStarts ?? []).map(epochDayOf).sort((a, b) => a - b);
  const days = [...new Set(input.dates)].map((date) => ({ date, day: epochDayOf(date) })).sort((a, b) => a.day - b.day);
  const results: DayResult[] = new Array(days.length);
  const fund = { used: Math.max(0, input.explanationFundUsedBefore ?? 0) };
  const minutes = { cin: -1, cout: -1 };
  let nextPeriod = 0;
  let prevDay = Number.NEGATIVE_INFINITY;

  for (let k = 0; k < days.length; k++) {
    const { date, day } = days[k]!;
    while (nextPeriod < periodStarts.length && periodStarts[nextPeriod]! <= day) {
      if (periodStarts[nextPeriod]! > prevDay && k > 0) fund.used = 0;
      nextPeriod++;
    }
    prevDay = day;
    results[k] = computeDay(c, date, day, fund, minutes);
  }
  return results;
}
