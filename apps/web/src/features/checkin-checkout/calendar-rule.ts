import { isWeekendIso } from '@tms/contracts/api';
import type { CalendarDay } from '@tms/contracts/check-in-out-calendar';

/** Pure rules of the Check In-Out Time calendar (spec 001 §2.8, §9): Saturday-first weeks and the highlight rule. */

const DAY_MS = 86_400_000;
const toMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const toIso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addIsoDays(iso: string, days: number): string {
  return toIso(toMs(iso) + days * DAY_MS);
}

/** The Saturday that starts the calendar week of `iso` (spec 001 §9: weeks run Saturday to Friday). */
export function weekStart(iso: string): string {
  const weekday = new Date(toMs(iso)).getUTCDay(); // 0 Sunday … 6 Saturday
  return addIsoDays(iso, -((weekday + 1) % 7));
}

/** The 7 dates of the week of `iso`, Saturday first. */
export function weekDays(iso: string): string[] {
  const start = weekStart(iso);
  return Array.from({ length: 7 }, (_, i) => addIsoDays(start, i));
}

/** Whole weeks from the week of `from` to the week of `to` (negative when `to` is earlier). */
export function weeksBetween(from: string, to: string): number {
  return Math.round((toMs(weekStart(to)) - toMs(weekStart(from))) / (7 * DAY_MS));
}

export type DayFlags = { lateComing: boolean; earlyLeaving: boolean };

export type RuleContext = {
  /** The reference date (the employee's start_working_day): days on or before it clear both flags. */
  referenceDate: string;
  /** Today (company calendar): a day not ended yet is not judged (RULES.md §4), so only days before today. */
  today: string;
  /** The filter range after the one-month cut. */
  from: string;
  to: string;
};

/**
 * Spec 001 §2.8 calendar rule: a day with no check-in time, not a holiday, inside the range and not in the future is
 * flagged both late-coming and early-leaving; days on or before the reference date clear both flags; otherwise the
 * stored flags. Weekends (disabled columns) are never flagged. decision: "not in the future" is read as "before
 * today", since today is judged only once it has ended (RULES.md §4) and someone who has not arrived yet at 07:00 is
 * not late.
 */
export function calendarFlags(day: CalendarDay | undefined, date: string, ctx: RuleContext): DayFlags {
  const none = { lateComing: false, earlyLeaving: false };
  if (isWeekendIso(date) || date <= ctx.referenceDate) return none;
  if (!day) return none;
  if (!day.check_in_time && !day.is_holiday && date >= ctx.from && date <= ctx.to && date < ctx.today) {
    return { lateComing: true, earlyLeaving: true };
  }
  return { lateComing: day.is_late_coming, earlyLeaving: day.is_early_leaving };
}

/** Whether `date` is inside the filter range (days outside are blurred, spec 001 §2.8). */
export function inRange(date: string, from: string, to: string): boolean {
  return date >= from && date <= to;
}
