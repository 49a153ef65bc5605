import {
  DEFAULT_MINIMUM_MINUTE_BLOCK,
  REQUEST_MESSAGES as M,
  REQUEST_RULE_MESSAGES as R,
  REQUEST_TEXT_MAX,
  REQUEST_TYPES,
  type RequestPayload,
  type RequestType,
  type ShiftName,
} from '@tms/contracts/requests';
import { AppError, badRequest } from '../../lib/errors.ts';

/**
 * The request payload (spec 001 §3) read into what is stored, with the §5.2 messages, and the amounts of RULES.md §5:
 * full day = the schedule's standard minutes, one shift = half, hourly in blocks of the minimum block; request minutes
 * = 60 × hour + minute; weekends, holidays and non-working days refused (rows) or skipped (a range). Pure.
 */

/** The longest span one request may cover (a range or its rows). */
export const MAX_REQUEST_DAYS = 62;

export type FormMode = 'day' | 'flexible';
export type FundEffect = 'ANNUAL' | 'PROJECT' | 'OFFSET' | 'BIRTHDAY' | 'NONE';

export type RequestHead = { requestType: RequestType; reasonType: string; description: string | null; leavingType: string | null; projectId: number | null };

export type WantedRow = { date: string; duration: ShiftName | null; minutes: number | null };
export type Wanted = { kind: 'rows'; rows: WantedRow[] } | { kind: 'range'; from: string; to: string; startShift: 'MORNING' | 'AFTERNOON'; endShift: 'MORNING' | 'AFTERNOON' };

export type ScheduleDay = { date: string; standardMinutes: number; hourBased: boolean; working: boolean };

export type PlannedDate = {
  date: string;
  shift: ShiftName | null;
  /** Hourly rows only. */
  minutes: number | null;
  /** Working minutes the row covers (full day = standard). */
  coveredMinutes: number;
  /** What the date draws from its fund: hours (annual, offset, none) or days (project, birthday). */
  fundAmount: number;
};

export type Plan = {
  dates: PlannedDate[];
  startDate: string;
  endDate: string;
  startShift: ShiftName | null;
  endShift: ShiftName | null;
  quantityInMinutes: number;
  quantityInHours: number;
  isFlexible: boolean;
};

const round4 = (n: number) => Math.round(n * 10000) / 10000;
const blank = (s: string | null | undefined) => !s || !s.trim();

/** Request type, reason and the free texts (§5.2 order: request type, reason, then the rest). */
export function readHead(p: RequestPayload): RequestHead {
  if (blank(p.request_type) || !REQUEST_TYPES.includes(p.request_type!.trim() as RequestType)) throw badRequest(M.requestTypeRequired);
  if (blank(p.reason_type)) throw badRequest(M.reasonRequired);
  const description = p.description?.trim() ? p.description : null;
  if (description && description.length > REQUEST_TEXT_MAX) throw badRequest(M.textTooLong);
  return {
    requestType: p.request_type!.trim() as RequestType,
    reasonType: p.reason_type!.trim(),
    description,
    leavingType: p.leaving_type?.trim() || null,
    projectId: p.project_id ?? null,
  };
}

/** The dates asked for: explicit `request_dates` rows, or a range of start/end date and shift. */
export function readWanted(p: RequestPayload, mode: FormMode): Wanted {
  const dateRequired = mode === 'flexible' ? M.flexibleDateRequired : M.requestDateRequired;
  // The leave variant: one date at the top level.
  if (!p.request_dates && !p.start_date && (p.request_date || p.hour != null || p.minute != null || p.duration)) {
    p = { ...p, request_dates: [{ request_date: p.request_date, hour: p.hour, minute: p.minute, duration: p.duration }] };
  }
  if (p.request_dates && p.request_dates.length > 0) {
    const rows: WantedRow[] = [];
    const seen = new Set<string>();
    for (const row of p.request_dates) {
      if (!row.request_date) throw badRequest(dateRequired);
      let minutes: number | null = null;
      if (row.request_minutes !== undefined && row.request_minutes !== null) minutes = row.request_minutes;
      else if (row.hour !== undefined && row.hour !== null) {
        if (row.minute === undefined || row.minute === null) throw badRequest(M.minuteRequired);
        minutes = 60 * row.hour + row.minute;
      } else if (row.minute !== undefined && row.minute !== null) throw badRequest(M.hourRequired);
      const duration = row.duration ?? null;
      if (minutes === null && duration === null) throw badRequest(mode === 'flexible' ? M.hourRequired : M.durationRequired);
      if (seen.has(row.request_date)) throw badRequest(R.overlapping);
      seen.add(row.request_date);
      rows.push({ date: row.request_date, duration: minutes === null ? duration : null, minutes });
    }
    if (rows.length > MAX_REQUEST_DAYS) throw badRequest(M.requestDatesRequired);
    return { kind: 'rows', rows: rows.sort((a, b) => a.date.localeCompare(b.date)) };
  }
  if (!p.start_date) {
    if (p.request_dates) throw badRequest(M.requestDatesRequired);
    throw badRequest(mode === 'flexible' ? M.flexibleDateRequired : M.startTimeRequired);
  }
  if (!p.end_date) throw badRequest(M.endTimeRequired);
  if (!p.start_shift || !p.end_shift) throw badRequest(M.shiftRequired);
  if (p.end_date < p.start_date) throw badRequest(M.endTimeRequired);
  // Same day: an afternoon start with a morning end is not a span (the form forces them, spec 001 §4.2).
  if (p.start_date === p.end_date && p.start_shift === 'AFTERNOON' && p.end_shift === 'MORNING') throw badRequest(M.shiftRequired);
  if (daysBetween(p.start_date, p.end_date) >= MAX_REQUEST_DAYS) throw badRequest(M.endTimeRequired);
  return { kind: 'range', from: p.start_date, to: p.end_date, startShift: p.start_shift, endShift: p.end_shift };
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The dates the schedule must be read for (a range has at most MAX_REQUEST_DAYS). */
export function wantedDates(w: Wanted): string[] {
  if (w.kind === 'rows') return w.rows.map((r) => r.date);
  const out: string[] = [];
  for (let d = w.from; d <= w.to && out.length <= MAX_REQUEST_DAYS; d = nextDay(d)) out.push(d);
  return out;
}

/** Fund amounts keep 3 decimals (the leave core's precision). */
const round3 = (n: number) => Math.round(n * 1000) / 1000;
function fundAmountOf(effect: FundEffect, coveredMinutes: number, standardMinutes: number): number {
  if (effect === 'PROJECT' || effect === 'BIRTHDAY') return round3(coveredMinutes / standardMinutes);
  return round3(coveredMinutes / 60);
}

/**
 * The dates with their amounts. Rows on a weekend, a holiday or a non-working day are refused ("Weekends cannot be
 * chosen"); a range skips them (and is refused when nothing is left). Hourly rows must be a positive multiple of the
 * minimum block and at most the standard minutes.
 */
export function planDates(w: Wanted, schedule: ReadonlyMap<string, ScheduleDay>, effect: FundEffect, block = DEFAULT_MINIMUM_MINUTE_BLOCK): Plan {
  const dates: PlannedDate[] = [];
  const scheduleOf = (date: string) => {
    const s = schedule.get(date);
    if (!s) throw badRequest(M.noWorkSchedule);
    return s;
  };
  const push = (date: string, shift: ShiftName | null, minutes: number | null, s: ScheduleDay) => {
    const covered = minutes ?? (shift === 'FULL_DAY' ? s.standardMinutes : s.standardMinutes / 2);
    dates.push({ date, shift, minutes, coveredMinutes: covered, fundAmount: fundAmountOf(effect, covered, s.standardMinutes) });
  };
  if (w.kind === 'rows') {
    for (const row of w.rows) {
      const s = scheduleOf(row.date);
      if (!s.working) throw badRequest(R.weekend);
      if (row.minutes !== null) {
        if (row.minutes <= 0 || row.minutes % block !== 0 || row.minutes > s.standardMinutes) throw badRequest(row.minutes < 60 ? M.minuteRequired : M.hourRequired);
        push(row.date, null, row.minutes, s);
      } else push(row.date, row.duration ?? 'FULL_DAY', null, s);
    }
  } else {
    for (let d = w.from; d <= w.to; d = nextDay(d)) {
      const s = scheduleOf(d);
      if (!s.working) continue;
      const first = d === w.from;
      const last = d === w.to;
      let shift: ShiftName = 'FULL_DAY';
      if (first && last) shift = w.startShift === w.endShift ? w.startShift : 'FULL_DAY';
      else if (first && w.startShift === 'AFTERNOON') shift = 'AFTERNOON';
      else if (last && w.endShift === 'MORNING') shift = 'MORNING';
      push(d, shift, null, s);
    }
    if (dates.length === 0) throw badRequest(R.weekend);
  }
  const minutes = dates.reduce((sum, d) => sum + d.coveredMinutes, 0);
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  return {
    dates,
    startDate: first.date,
    endDate: last.date,
    startShift: first.shift === null ? null : first.shift === 'AFTERNOON' ? 'AFTERNOON' : 'MORNING',
    endShift: last.shift === null ? null : last.shift === 'MORNING' ? 'MORNING' : 'AFTERNOON',
    quantityInMinutes: Math.round(minutes),
    quantityInHours: round4(minutes / 60),
    isFlexible: dates.some((d) => d.minutes !== null) || [...schedule.values()].some((s) => s.hourBased),
  };
}

export function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export type ExistingCover = { date: string; shift: string | null; minutes: number | null };

/**
 * RULES.md §5 overlap: a date already covered by another pending or approved request of the same shift (a full day
 * covers both), or together with it covering more than the day's standard minutes.
 */
export function findOverlap(plan: Plan, existing: readonly ExistingCover[], schedule: ReadonlyMap<string, ScheduleDay>): string | null {
  const halves = (shift: string | null) => (shift === 'FULL_DAY' ? ['MORNING', 'AFTERNOON'] : shift ? [shift] : []);
  for (const d of plan.dates) {
    const others = existing.filter((e) => e.date === d.date);
    if (others.length === 0) continue;
    const standard = schedule.get(d.date)?.standardMinutes ?? 480;
    const mine = halves(d.shift);
    let total = d.coveredMinutes;
    for (const o of others) {
      if (mine.some((h) => halves(o.shift).includes(h))) return d.date;
      total += o.minutes ?? (o.shift === 'FULL_DAY' ? standard : standard / 2);
    }
    if (total > standard) return d.date;
  }
  return null;
}

/** An AppError for a refusal of the rules module. */
export function refusedError(r: { statusCode: number; message: string }): AppError {
  return new AppError(r.statusCode, r.message, [r.message]);
}
