import { isWeekendIso } from '@tms/contracts/api';
import { timesheetTexts, type TimesheetT } from '../i18n/index.ts';

/**
 * The day columns of the HR grid (spec 001 §2.1): one per date of the payroll period, weekends shaded; under the
 * 1400 px breakpoint (spec 001 §9) the columns are compact and each run of consecutive weekend dates is one narrow
 * shaded column.
 */
export const NARROW_BREAKPOINT = 1400;

export const DAY_COLUMN_WIDTH = { wide: 44, compact: 30, mergedWeekend: 12 } as const;

/** The catalogue's weekday letters (`grid.weekdays.<day>`), by the date's day of the week (0 Sunday). */
const WEEKDAY_KEYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
/** A period is about a month; the cap stops a malformed range from building thousands of columns. */
const MAX_DAYS = 62;

export type DaySlot =
  | { kind: 'day'; date: string; dayOfMonth: number; weekdayLetter: string; weekend: boolean; width: number }
  | { kind: 'weekend'; dates: string[]; width: number };

function parseIso(iso: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Spec 000 §9: a screen 768 px wide or less is narrow (mobile layout). */
export const MOBILE_BREAKPOINT = 768;

/**
 * Widths of the columns before the days. On a narrow screen they are cut so that about half the period's days still
 * fit beside them (at 768 px: 13 compact days instead of 8).
 */
export const FROZEN_WIDTHS = {
  wide: { staff: 210, department: 180, total: 64, violation: 80 },
  compact: { staff: 170, department: 140, total: 64, violation: 80 },
  narrow: { staff: 120, department: 96, total: 48, violation: 64 },
} as const;
export type GridLayout = keyof typeof FROZEN_WIDTHS;

export function gridLayoutOf(windowWidth: number): GridLayout {
  if (windowWidth <= MOBILE_BREAKPOINT) return 'narrow';
  return isCompactWidth(windowWidth) ? 'compact' : 'wide';
}

/** Under 1400 px wide the grid is compact (spec 001 §9 narrow-screen breakpoint). */
export function isCompactWidth(windowWidth: number): boolean {
  return windowWidth < NARROW_BREAKPOINT;
}

/** Every date from `from` to `to` inclusive (YYYY-MM-DD); empty when either is malformed or to < from. */
export function periodDates(from: string, to: string): string[] {
  const start = parseIso(from);
  const end = parseIso(to);
  if (start === null || end === null) return [];
  const dates: string[] = [];
  for (let ms = start; ms <= end && dates.length < MAX_DAYS; ms += 86_400_000) dates.push(isoOf(ms));
  return dates;
}


/** Header parts of a date: day of the month and the weekday's letter in the reader's language ('M', 'T2'). */
export function dayLabel(iso: string, t: TimesheetT = timesheetTexts.t): { dayOfMonth: number; weekdayLetter: string } {
  const ms = parseIso(iso) ?? 0;
  const d = new Date(ms);
  const key = WEEKDAY_KEYS[d.getUTCDay()];
  return { dayOfMonth: d.getUTCDate(), weekdayLetter: key ? t(`grid.weekdays.${key}`) : '' };
}

/** The period's day columns; `compact` narrows them and merges consecutive weekend dates into one column. */
export function daySlots(from: string, to: string, compact: boolean, t: TimesheetT = timesheetTexts.t): DaySlot[] {
  const slots: DaySlot[] = [];
  for (const date of periodDates(from, to)) {
    const weekend = isWeekendIso(date);
    if (compact && weekend) {
      const last = slots[slots.length - 1];
      if (last?.kind === 'weekend') last.dates.push(date);
      else slots.push({ kind: 'weekend', dates: [date], width: DAY_COLUMN_WIDTH.mergedWeekend });
      continue;
    }
    slots.push({ kind: 'day', date, ...dayLabel(date, t), weekend, width: compact ? DAY_COLUMN_WIDTH.compact : DAY_COLUMN_WIDTH.wide });
  }
  return slots;
}

/** The column key of a slot (stable for a period). */
export function slotKey(slot: DaySlot): string {
  return slot.kind === 'day' ? `day-${slot.date}` : `weekend-${slot.dates[0] ?? ''}`;
}
