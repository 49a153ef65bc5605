import dayjs from 'dayjs';
import { isWeekendIso } from '@tms/contracts/api';
import { attendanceStates, entriesOf, type AttendanceState, type TeamCalendarEntry, type TeamCalendarHoliday, type TeamCalendarPerson } from '@tms/contracts/team-calendar';

/**
 * What the Team Calendar draws, as pure functions (docs/team-calendar.md): the days of a view, and for a person and a
 * day the cell — the requests on it, the holiday of their calendar, the weekend, the attendance of a past day.
 */

export type CalendarView = 'month' | 'twoWeeks';

/** A month view covers the anchor's calendar month; a two-week view the anchor's Monday and the 13 days after. */
export function viewRange(view: CalendarView, anchor: string): { from: string; to: string } {
  const day = dayjs(anchor);
  if (view === 'month') return { from: day.startOf('month').format('YYYY-MM-DD'), to: day.endOf('month').format('YYYY-MM-DD') };
  const monday = day.subtract((day.day() + 6) % 7, 'day');
  return { from: monday.format('YYYY-MM-DD'), to: monday.add(13, 'day').format('YYYY-MM-DD') };
}

/** The anchor of the previous (-1) or next (1) view. */
export function moveAnchor(view: CalendarView, anchor: string, step: 1 | -1): string {
  const day = dayjs(anchor);
  return (view === 'month' ? day.add(step, 'month').startOf('month') : day.add(14 * step, 'day')).format('YYYY-MM-DD');
}

/** Every day from `from` to `to`, YYYY-MM-DD. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = dayjs(from); !d.isAfter(dayjs(to), 'day'); d = d.add(1, 'day')) days.push(d.format('YYYY-MM-DD'));
  return days;
}

/** Holiday names by calendar and date. */
export type HolidayIndex = Map<string, Map<string, string>>;
export function indexHolidays(holidays: readonly TeamCalendarHoliday[]): HolidayIndex {
  const index: HolidayIndex = new Map();
  for (const h of holidays) {
    const days = index.get(h.calendar) ?? new Map<string, string>();
    days.set(h.date, h.name);
    index.set(h.calendar, days);
  }
  return index;
}

/** `approved` when an approved request covers the day, else `pending` when only pending ones do, else `none`. */
export type CellTone = 'approved' | 'pending' | 'none';

export type CellModel = {
  date: string;
  weekend: boolean;
  holiday: string | null;
  entries: TeamCalendarEntry[];
  attendance: AttendanceState | null;
  tone: CellTone;
  /** The kind of the cell's first request, which gives its colour. */
  kind: EntryKind | null;
};

export type EntryKind = 'leave' | 'outside' | 'onsite';
export function entryKind(entry: Pick<TeamCalendarEntry, 'request_type'>): EntryKind {
  if (entry.request_type === 'WORK_OUTSIDE') return 'outside';
  if (entry.request_type === 'ONSITE') return 'onsite';
  return 'leave';
}

const APPROVED = 3;

/** The cells of a person's row, one per day (`days` are the answer's range from its first day, as `attendance` is). */
export function cellsOf(person: TeamCalendarPerson, days: readonly string[], holidays: HolidayIndex): CellModel[] {
  const byDate = new Map<string, TeamCalendarEntry[]>();
  for (const e of entriesOf(person.requests)) byDate.set(e.date, [...(byDate.get(e.date) ?? []), e]);
  const calendar = holidays.get(person.holiday_calendar);
  const attendance = attendanceStates(person.attendance);
  return days.map((date, index) => {
    const entries = byDate.get(date) ?? [];
    const approved = entries.filter((e) => e.status === APPROVED);
    const tone: CellTone = approved.length ? 'approved' : entries.length ? 'pending' : 'none';
    const first = approved[0] ?? entries[0];
    return {
      date,
      weekend: isWeekendIso(date),
      holiday: calendar?.get(date) ?? null,
      entries,
      attendance: attendance[index] ?? null,
      tone,
      kind: first ? entryKind(first) : null,
    };
  });
}

/** A request's part of the day: 'FULL_DAY', 'MORNING', 'AFTERNOON', or its hours for an hourly request. */
export function entryAmount(entry: Pick<TeamCalendarEntry, 'shift' | 'minutes' | 'hours' | 'start_time' | 'end_time'>): { part: 'FULL_DAY' | 'MORNING' | 'AFTERNOON' | 'HOURS'; hours: number; times: string | null } {
  const times = entry.start_time && entry.end_time ? `${entry.start_time}–${entry.end_time}` : null;
  if (entry.shift === 'MORNING' || entry.shift === 'AFTERNOON' || entry.shift === 'FULL_DAY') return { part: entry.shift, hours: entry.hours, times };
  const hours = entry.minutes !== undefined ? Math.round((entry.minutes / 60) * 100) / 100 : entry.hours;
  return { part: 'HOURS', hours, times };
}
