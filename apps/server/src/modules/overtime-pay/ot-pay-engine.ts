import { coefficientKey, OT_NIGHT, taxCoefficientKey, type OtShiftKey } from '@tms/contracts/overtime-pay';
import { isWeekendIso } from '@tms/contracts/api';
import { OVERTIME_BREAK, type DateType } from '@tms/contracts/overtime';
import { instantOfLocal, zoneOffsetMinutes } from '../../lib/zone-time.ts';

/**
 * The OT pay engine (RULES.md §6, spec 001 §5.6; docs/overtime-pay.md). Pure: one (request, staff) in, the
 * attendance, the hours per shift and the pay figures out. No database, no clock; the time zone decides local dates.
 *
 * 1. Attendance span: the punches of the window ± 2 h and those that belong to ot_date (RULES.md §4: the day's stored
 *    punch window, its calendar day moved by the midpoint rule around a night shift; `dayWindow`);
 *    check-in = the first, check-out = the last; fewer than two punches → no attendance, nothing worked.
 *    A punch counts at its minute (as in the day engine).
 * 2. Worked = [max(check-in, start), min(check-out, end)]: time outside the window counts nothing.
 * 3. Break: when the worked length L exceeds N hours (4 fixed, 5 flexible), [workedStart + N, + min(1 h, L − N)] is
 *    removed; exactly N hours has no break.
 * 4. What remains is split per local calendar date (a minute after midnight is the next date, with that date's day
 *    type) and day or night (22:00–06:00), into the seven coefficient keys. A workday night minute after daytime
 *    minutes worked earlier in the same window — on its own date or the day before, across midnight — is
 *    `night_workday_has_day_time` (RULES.md §6: one window is one piece of work).
 * 5. Per shift: actual hours (2 decimals); final = min(confirmed, actual) when confirmed, else actual; pay hours =
 *    final × coefficient / 100; hours without tax = final × max(0, coefficient − tax coefficient) / 100. Unpaid
 *    requests (OT_FLEXIBLE_IGNORE) and requests paid by offset days keep their hours with 0 pay.
 */

export type OtKind = 'FIXED' | 'FLEXIBLE';
export type Coefficients = Readonly<Record<string, number>>;

export type OtPayInput = {
  kind: OtKind;
  /** The window [start, end) as epoch milliseconds. */
  startMs: number;
  endMs: number;
  /** The company day the window starts on (YYYY-MM-DD). */
  otDate: string;
  /**
   * The instants [fromMs, toMs) whose punches belong to ot_date (RULES.md §4; the timesheet day's stored window).
   * Absent: ot_date's calendar day.
   */
  dayWindow?: { fromMs: number; toMs: number } | null;
  /** The staff's punches (epoch ms), any order; those outside the attendance span are ignored. */
  punches: readonly number[];
  /** The day type of each local date the window touches; a missing date falls back to its weekday (Mon–Fri WORKDAY). */
  dayTypes: Readonly<Record<string, DateType>>;
  coefficients: Coefficients;
  timeZone: string;
  /** Confirmed hours per shift (flexible); null/absent = not confirmed. */
  confirmations?: Readonly<Partial<Record<string, number | null>>>;
  /** The hours are recorded without pay (OT_FLEXIBLE_IGNORE, or paid by offset days). */
  unpaid?: boolean;
};

export type OtPayLine = {
  shift: OtShiftKey;
  /** Local date of the shift's first minute. */
  workDate: string;
  dateType: DateType;
  isNight: boolean;
  /** Epoch ms of the first and last worked minute in this shift. */
  fromMs: number;
  toMs: number;
  actual: number;
  confirm: number | null;
  final: number;
  coefficient: number;
  taxCoefficient: number;
  payHours: number;
  nonTaxHours: number;
};

export type OtPayResult = {
  checkInMs: number | null;
  checkOutMs: number | null;
  /** The worked interval inside the window before the break, or null when nothing was worked. */
  worked: { fromMs: number; toMs: number } | null;
  breakMinutes: number;
  lines: OtPayLine[];
  totalActual: number;
  totalFinal: number;
  /** Whether any shift carries a confirmation. */
  confirmed: boolean;
  payHours: number;
  nonTaxHours: number;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** The local wall clock of an instant as "epoch ms of the same wall time in UTC". */
const localMs = (ms: number, timeZone: string) => ms + zoneOffsetMinutes(ms, timeZone) * MINUTE;
const isoOfLocal = (local: number) => new Date(local).toISOString().slice(0, 10);

const addDaysIso = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The attendance span of a window (step 1), both ends included. */
export function attendanceSpan(
  startMs: number,
  endMs: number,
  otDate: string,
  timeZone: string,
  dayWindow?: { fromMs: number; toMs: number } | null,
): { fromMs: number; toMs: number } {
  const day = dayWindow ?? { fromMs: instantOfLocal(otDate, 0, timeZone), toMs: instantOfLocal(addDaysIso(otDate, 1), 0, timeZone) };
  return { fromMs: Math.min(startMs - 2 * HOUR, day.fromMs), toMs: Math.max(endMs + 2 * HOUR, day.toMs - 1) };
}

const weekdayType = (date: string): DateType => (isWeekendIso(date) ? 'DAY_OFF' : 'WORKDAY');

export function shiftOf(dateType: DateType, night: boolean, afterDayTime: boolean): OtShiftKey {
  if (dateType === 'HOLIDAY') return night ? 'night_holiday' : 'holiday';
  if (dateType === 'DAY_OFF') return night ? 'night_day_off' : 'day_off';
  if (!night) return 'workday';
  return afterDayTime ? 'night_workday_has_day_time' : 'night_workday';
}

/** The local dates a window touches (its start's date to its last minute's date). */
export function datesOfWindow(startMs: number, endMs: number, timeZone: string): string[] {
  const first = isoOfLocal(localMs(startMs, timeZone));
  const last = isoOfLocal(localMs(Math.max(startMs, endMs - MINUTE), timeZone));
  const out = [first];
  for (let d = first; d < last; ) out.push((d = addDaysIso(d, 1)));
  return out;
}

type Piece = { fromMs: number; toMs: number };

/** Splits [from, to) at local midnights, 06:00 and 22:00. */
function pieces(fromMs: number, toMs: number, timeZone: string, out: { fromMs: number; toMs: number; date: string; night: boolean }[]) {
  let t = fromMs;
  while (t < toMs) {
    const local = localMs(t, timeZone);
    const dayStart = Math.floor(local / 86_400_000) * 86_400_000;
    const minuteOfDay = (local - dayStart) / MINUTE;
    const night = minuteOfDay >= OT_NIGHT.startMinute || minuteOfDay < OT_NIGHT.endMinute;
    const nextBoundary = minuteOfDay < OT_NIGHT.endMinute ? OT_NIGHT.endMinute : minuteOfDay < OT_NIGHT.startMinute ? OT_NIGHT.startMinute : 24 * 60;
    const next = Math.min(toMs, t + (nextBoundary - minuteOfDay) * MINUTE);
    out.push({ fromMs: t, toMs: next, date: isoOfLocal(local), night });
    t = next;
  }
}

export function computeOtPay(input: OtPayInput): OtPayResult {
  const { startMs, endMs } = input;
  const attended = attendance(input);
  const empty: OtPayResult = {
    checkInMs: attended.count > 0 ? attended.first : null,
    checkOutMs: attended.count > 1 ? attended.last : null,
    worked: null,
    breakMinutes: 0,
    lines: [],
    totalActual: 0,
    totalFinal: 0,
    confirmed: false,
    payHours: 0,
    nonTaxHours: 0,
  };
  if (attended.count < 2 || endMs <= startMs) return empty;
  const worked = { fromMs: Math.max(attended.first, startMs), toMs: Math.min(attended.last, endMs) };
  if (worked.toMs <= worked.fromMs) return empty;
  const { parts, breakMs } = withoutBreak(input.kind, worked);
  const { lines, confirmed } = shiftLines(shiftTotals(parts, input), input);
  return {
    checkInMs: attended.first,
    checkOutMs: attended.last,
    worked,
    breakMinutes: breakMs / MINUTE,
    lines,
    totalActual: round2(lines.reduce((a, l) => a + l.actual, 0)),
    totalFinal: round2(lines.reduce((a, l) => a + l.final, 0)),
    confirmed,
    payHours: round2(lines.reduce((a, l) => a + l.payHours, 0)),
    nonTaxHours: round2(lines.reduce((a, l) => a + l.nonTaxHours, 0)),
  };
}

/** Step 1: the first and last punch (at their minute) inside the attendance span, and how many there are. */
function attendance(input: OtPayInput): { first: number; last: number; count: number } {
  const span = attendanceSpan(input.startMs, input.endMs, input.otDate, input.timeZone, input.dayWindow);
  let first = Infinity;
  let last = -Infinity;
  let count = 0;
  for (const p of input.punches) {
    if (p < span.fromMs || p > span.toMs) continue;
    const m = Math.floor(p / MINUTE) * MINUTE;
    count++;
    if (m < first) first = m;
    if (m > last) last = m;
  }
  return { first, last, count };
}

/** The hours worked before the break starts (RULES.md §6: 4 for fixed overtime, 5 for flexible). */
const breakAfterMs = (kind: OtKind) => (kind === 'FIXED' ? OVERTIME_BREAK.afterHoursFixed : OVERTIME_BREAK.afterHoursFlexible) * HOUR;

/** The break of a window `lengthMs` long: 1 hour once it passes the kind's threshold, less when it ends inside it. */
export const overtimeBreakMs = (kind: OtKind, lengthMs: number): number => Math.max(0, Math.min(OVERTIME_BREAK.hours * HOUR, lengthMs - breakAfterMs(kind)));

/** Step 3: the worked window without its break. */
function withoutBreak(kind: OtKind, worked: Piece): { parts: Piece[]; breakMs: number } {
  const n = breakAfterMs(kind);
  const { fromMs: wFrom, toMs: wTo } = worked;
  const length = wTo - wFrom;
  if (length <= n) return { parts: [{ fromMs: wFrom, toMs: wTo }], breakMs: 0 };
  const breakMs = overtimeBreakMs(kind, length);
  const parts: Piece[] = [{ fromMs: wFrom, toMs: wFrom + n }];
  if (wFrom + n + breakMs < wTo) parts.push({ fromMs: wFrom + n + breakMs, toMs: wTo });
  return { parts, breakMs };
}

type ShiftTotal = { ms: number; fromMs: number; toMs: number; date: string; dateType: DateType; night: boolean };

/** Step 4: split by local date and day/night, in time order, summed per shift. */
function shiftTotals(parts: readonly Piece[], input: OtPayInput): Map<OtShiftKey, ShiftTotal> {
  const split: { fromMs: number; toMs: number; date: string; night: boolean }[] = [];
  for (const p of parts) pieces(p.fromMs, p.toMs, input.timeZone, split);
  const byShift = new Map<OtShiftKey, ShiftTotal>();
  // RULES.md §6: the window is one piece of work — daytime OT worked earlier in it (on any date, of any day type)
  // makes every later workday night minute 210 %, after midnight too.
  let dayTimeBefore = false;
  for (const s of split) {
    const dateType = input.dayTypes[s.date] ?? weekdayType(s.date);
    const shift = shiftOf(dateType, s.night, dayTimeBefore);
    if (!s.night) dayTimeBefore = true;
    const seen = byShift.get(shift);
    if (seen) {
      seen.ms += s.toMs - s.fromMs;
      seen.toMs = s.toMs;
    } else byShift.set(shift, { ms: s.toMs - s.fromMs, fromMs: s.fromMs, toMs: s.toMs, date: s.date, dateType, night: s.night });
  }
  return byShift;
}

/** Step 5: figures per shift. */
function shiftLines(byShift: ReadonlyMap<OtShiftKey, ShiftTotal>, input: OtPayInput): { lines: OtPayLine[]; confirmed: boolean } {
  const lines: OtPayLine[] = [];
  let confirmed = false;
  for (const [shift, s] of byShift) {
    const actual = round2(s.ms / HOUR);
    const sent = input.confirmations?.[shift];
    const confirm = sent === null || sent === undefined ? null : round2(Math.max(0, Math.min(sent, actual)));
    if (confirm !== null) confirmed = true;
    const final = confirm ?? actual;
    const coefficient = input.coefficients[coefficientKey(shift)] ?? 0;
    const taxCoefficient = input.coefficients[taxCoefficientKey(shift)] ?? 0;
    lines.push({
      shift,
      workDate: s.date,
      dateType: s.dateType,
      isNight: s.night,
      fromMs: s.fromMs,
      toMs: s.toMs,
      actual,
      confirm,
      final,
      coefficient,
      taxCoefficient,
      payHours: input.unpaid ? 0 : round2((final * coefficient) / 100),
      nonTaxHours: input.unpaid ? 0 : round2((final * Math.max(0, coefficient - taxCoefficient)) / 100),
    });
  }
  return { lines, confirmed };
}
