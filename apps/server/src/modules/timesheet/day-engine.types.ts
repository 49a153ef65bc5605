/**
 * Input and output of the attendance day engine (RULES.md §4; docs/timesheet-engine.md has every rule as built).
 * Times of day are 'HH:mm' or 'HH:mm:ss' local company time; dates are 'YYYY-MM-DD' company calendar days.
 */

export type IsoDate = string;
/** ISO weekday: 1 = Monday … 7 = Sunday (work_schedule_days.day). */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One weekday row of a work schedule (work_schedule_days). */
export interface ScheduleDay {
  workingDay: boolean;
  startTime?: string | null;
  endTime?: string | null;
  breakStart?: string | null;
  breakEnd?: string | null;
  /** Standard minutes of that weekday (work_schedule_days.working_time); falls back to the schedule's. */
  standardMinutes?: number | null;
}

/** A work schedule (work_schedules + its weekday rows). */
export interface WorkSchedule {
  /** work_schedule_code, e.g. 'HCM'. */
  code: string;
  /** work_schedule_type: 'FLEXIBLE' is hour-based; any other type (HCM…) is day-based with two shifts. */
  type: string;
  /** work_schedules.standard_working_time in minutes. */
  standardMinutes: number;
  /** work_schedules.work_start_time / work_end_time: used when a working weekday row has no times. */
  startTime?: string | null;
  endTime?: string | null;
  /** Rows by ISO weekday; a missing weekday is a non-working day. */
  days: Readonly<Partial<Record<IsoWeekday, ScheduleDay>>>;
}

/** The part of a staff policy the engine reads (staff_policies). */
export interface AttendancePolicy {
  /** lack_of_time_allowed, minutes. */
  lackOfTimeAllowed: number;
  /** explanation_number: explanation uses per payroll period. */
  explanationNumber: number;
  /** refund_hours_per_explanation: hours refunded by one use (numeric, e.g. 1.5). */
  refundHoursPerExplanation: number;
  /** explanation_time_per_days: at most this many uses on one day. */
  explanationTimePerDays: number;
}

/** A schedule in force from `from` to `to`, both inclusive (job info / staff policy history). */
export interface ScheduleAssignment {
  from: IsoDate;
  to: IsoDate;
  schedule: WorkSchedule;
}

export interface PolicyAssignment {
  from: IsoDate;
  to: IsoDate;
  policy: AttendancePolicy;
}

export type RequestKind = 'LEAVE' | 'WORK_OUTSIDE' | 'ONSITE' | 'EXPLANATION' | 'SPECIAL_EXPLANATION';
export type Shift = 'MORNING' | 'AFTERNOON';

/**
 * An approved request covering (part of) one date; the caller passes approved items only (RULES.md §4).
 * - `startTime` and `endTime` both set: an hourly request placed in time (its length counts, `minutes` is ignored);
 * - else `minutes` set (even 0): an hourly request not placed in time, restricted to `shift` when that is MORNING or AFTERNOON;
 * - else `shift` MORNING or AFTERNOON: that shift; `FULL_DAY` or no shift: the whole day.
 */
export interface CoverageRequest {
  date: IsoDate;
  kind: RequestKind;
  shift?: Shift | 'FULL_DAY' | null;
  minutes?: number | null;
  startTime?: string | null;
  endTime?: string | null;
  /**
   * An hour-based employee's approved explanation (RULES.md §4): it asks for this many uses of the period's
   * explanation fund and covers nothing else. The fund is drawn only by such requests, never automatically.
   */
  fundUses?: number | null;
  /**
   * RULES.md §4: leave whose reason type is unpaid or paid by social insurance covers its time (no late, early or
   * abnormal case there) but credits no value.
   */
  unpaid?: boolean | null;
  /**
   * The leave's notation from the notation table (e.g. 'P', 'KL') for a whole day, and for one shift (e.g. 'P/2',
   * the table's half-day notation, else the same). Set on leave only; a shift the leave covers shows it.
   */
  notation?: string | null;
  halfNotation?: string | null;
}

/** An HR edit of one cell (RULES.md §4: it wins over the computed value and survives recalculation). */
export interface ValueOverride {
  date: IsoDate;
  value: number | null;
}

export interface DayEngineInput {
  /** The dates to compute, for one employee; any order, duplicates ignored; the result is in ascending order. */
  dates: readonly IsoDate[];
  /** Schedule assignments; for a date covered by several, the one with the latest `from` wins (then the later in the list). */
  schedules: readonly ScheduleAssignment[];
  /** Policy assignments, same rule; a date without a policy uses {@link EMPTY_POLICY}. */
  policies: readonly PolicyAssignment[];
  /** Holidays of the employee's calendar: date → name. */
  holidays: ReadonlyMap<IsoDate, string>;
  /** Punch instants, epoch milliseconds (UTC); any order. Seconds are dropped (a punch counts at its minute). */
  punches: readonly number[];
  /** Local company time = UTC + this many minutes (+420 for Asia/Ho_Chi_Minh); the caller derives it from TZ_COMPANY. */
  utcOffsetMinutes: number;
  requests?: readonly CoverageRequest[];
  overrides?: readonly ValueOverride[];
  /**
   * Explanation uses already consumed in the payroll period that contains the first date, on days before it.
   * Hour-based fund use is sequential: after recomputing a date, recompute every later date of its period too.
   */
  explanationFundUsedBefore?: number;
  /** First dates of payroll periods: the fund count restarts at 0 on reaching one after the first computed date. */
  periodStarts?: readonly IsoDate[];
  /**
   * Approved overtime windows of the employee, epoch milliseconds [start, end): their minutes are overtime, never
   * regular night minutes (Labour Code 2019 Art. 98.2 vs Art. 107; docs/timesheet-engine.md "Night minutes").
   */
  overtime?: readonly OvertimeWindow[];
  /**
   * Now, epoch milliseconds, from the app's clock. RULES.md §4: a day is judged only once it has ended (see
   * {@link DayResult.judged}); before that it has no value and no abnormal case. Omitted: every date has ended
   * (the rules of a finished day, e.g. in tests of those rules).
   */
  now?: number;
  /** The employee's start_working_day and last_working_day: dates outside have no value (RULES.md §4). */
  employment?: { start?: IsoDate | null; end?: IsoDate | null };
}

/** An approved overtime window: the instants [start, end), epoch milliseconds. */
export interface OvertimeWindow {
  start: number;
  end: number;
}

export type DayType = 'WORKING' | 'WEEKEND' | 'NON_WORKING' | 'HOLIDAY';
/**
 * How a shift was covered; null = not covered. 'UNPAID': by unpaid or social-insurance leave, covered (no abnormal
 * case) but worth nothing (RULES.md §4); the others are worth 0.5 each.
 */
export type ShiftCredit = 'ATTENDANCE' | 'REQUEST' | 'HOLIDAY' | 'UNPAID' | null;
export interface ShiftCredits {
  MORNING: ShiftCredit;
  AFTERNOON: ShiftCredit;
}

/** Abnormal reasons (spec 001 §9): 1 early leaving, 2 late coming, 3 part-day leave, 4 no check-in, 5 no check-out, 6 neither. */
export type AbnormalReason = 1 | 2 | 3 | 4 | 5 | 6 | 'FLEXIBLE_ABSENT';

export interface AbnormalCase {
  reason: AbnormalReason;
  /** Day-based: late + early minutes; hour-based: absent minutes after refunds. */
  minuteViolation: number;
  /** HH:mm: day-based, the span of the shifts left uncovered; hour-based, the schedule's window. */
  startTime: string;
  endTime: string;
}

/** Rule type of the day: 'DAY' two shifts, 'HOUR' absent minutes (FLEXIBLE schedule). Null without a schedule. */
export type RuleMode = 'DAY' | 'HOUR';

export interface DayResult {
  date: IsoDate;
  dayType: DayType;
  holidayName: string | null;
  scheduleCode: string | null;
  mode: RuleMode | null;
  /** Local HH:mm of the first / last punch of the day (a single punch is one of the two, see the docs). */
  checkIn: string | null;
  checkOut: string | null;
  checkInAt: number | null;
  checkOutAt: number | null;
  /** Punches attributed to this day (distinct minutes). */
  punchCount: number;
  /**
   * The instants [punchesFrom, punchesTo) (epoch ms) whose punches belong to this day (RULES.md §4: its calendar day,
   * moved by the midpoint rule around a night shift; day-engine.punch-days.ts).
   */
  punchesFrom: number;
  punchesTo: number;
  /** Day-based working days and holidays; null otherwise. */
  shifts: ShiftCredits | null;
  computedValue: number | null;
  /** The override when there is one, else computedValue. */
  value: number | null;
  overridden: boolean;
  lateMinutes: number;
  earlyMinutes: number;
  /**
   * RULES.md §4: any late / early minutes not covered by a request, the allowance notwithstanding (the allowance
   * decides only the credit and the abnormal case). Stored once and read by every screen, export and total.
   */
  isLateComing: boolean;
  isEarlyLeaving: boolean;
  /** Hour-based: absent minutes after requests and refunds; 0 otherwise. */
  absentMinutes: number;
  workedMinutes: number;
  requestMinutes: number;
  explanationRefundMinutes: number;
  explanationUses: number;
  /**
   * Regular (not overtime) night minutes, Labour Code 2019 Art. 98.2: minutes between 22:00 and 06:00 inside the
   * scheduled shifts covered by attendance or an approved work request, on a judged WORKING day; 0 otherwise
   * (docs/timesheet-engine.md "Night minutes").
   */
  nightMinutes: number;
  abnormal: AbnormalCase | null;
  /** 'H' on a holiday; on a working day covered (in part) by leave, the leave's notation ('P', 'P/2', 'KL'); else null. */
  notation: string | null;
  /**
   * RULES.md §4: false while the day has not ended — before its schedule's end plus lack_of_time_allowed (a schedule
   * crossing midnight ends on the next calendar day; future dates) — and on dates outside the employment. Such a
   * day shows its punches so far: check-in/out and punch count; its value (unless HR edited it), shifts, minutes,
   * explanation uses and abnormal case are empty. A day without working hours (weekend, non-working) is judged
   * within the employment: there is nothing to wait for.
   */
  judged: boolean;
}

export const EMPTY_POLICY: AttendancePolicy = Object.freeze({
  lackOfTimeAllowed: 0,
  explanationNumber: 0,
  refundHoursPerExplanation: 0,
  explanationTimePerDays: 0,
});

export const HOLIDAY_NOTATION = 'H';
