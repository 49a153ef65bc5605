import { CALENDAR_FEED_TEXTS, type CalendarFeedScope } from '@tms/contracts/calendar-feeds';
import type { Language } from '@tms/contracts/language';
import { addDays } from '../../lib/dates.ts';
import { instantOfLocal } from '../../lib/zone-time.ts';
import type { FeedDayRow, HolidayRow } from './calendar-feeds.repository.ts';

/**
 * The events of a feed, computed without I/O (issue 30 §2): one event per request day, all-day for a full day, timed
 * for a half day (the shift's times of the person's schedule that day) and for an hourly request placed in the day.
 * UIDs are stable (the request and the date), so an edited request updates its events and a rejected or withdrawn
 * one, absent from the next read, is removed by the client.
 */
export type FeedEvent = {
  uid: string;
  summary: string;
  /** All-day: `start` and `end` are 'YYYY-MM-DD' (end exclusive). Timed: instants. */
  allDay: boolean;
  start: string | Date;
  end: string | Date;
  status: 'TENTATIVE' | 'CONFIRMED';
  /** A colleague's absence or a holiday does not make the reader busy. */
  busy: boolean;
  sequence: number;
  stamp: Date;
};

const PENDING = 1;
const MINUTES_PER_DAY = 1440;

function minutesOf(hhmm: string | null): number | null {
  if (!hhmm) return null;
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

type Window = { start: number; end: number };

/**
 * The minutes (from the day's midnight) a day row covers, or null for an all-day event. RULES.md §4: MORNING is
 * [start, break start], AFTERNOON [break end, end]; a day without a break splits at the middle, as the day engine does.
 */
export function dayWindow(row: Pick<FeedDayRow, 'shift' | 'minutes' | 'start_time' | 'end_time' | 'work_start' | 'work_end' | 'break_start' | 'break_end'>): Window | null {
  const placedStart = minutesOf(row.start_time);
  const placedEnd = minutesOf(row.end_time);
  if (row.minutes !== null && placedStart !== null && placedEnd !== null) {
    return { start: placedStart, end: placedEnd > placedStart ? placedEnd : placedEnd + MINUTES_PER_DAY };
  }
  const shift = row.shift === 'MORNING' || row.shift === 'AFTERNOON' ? row.shift : null;
  if (shift === null) return null;
  const start = minutesOf(row.work_start);
  let end = minutesOf(row.work_end);
  if (start === null || end === null) return null;
  if (end <= start) end += MINUTES_PER_DAY;
  let breakStart = minutesOf(row.break_start);
  let breakEnd = minutesOf(row.break_end);
  if (breakStart !== null && breakStart < start) breakStart += MINUTES_PER_DAY;
  if (breakStart !== null && breakEnd !== null && breakEnd < breakStart) breakEnd += MINUTES_PER_DAY;
  const hasBreak = breakStart !== null && breakEnd !== null && breakStart > start && breakEnd > breakStart && breakEnd < end;
  const middle = start + Math.floor((end - start) / 2);
  const shiftWindow = shift === 'MORNING' ? { start, end: hasBreak ? breakStart! : middle } : { start: hasBreak ? breakEnd! : middle, end };
  // An hourly request in a shift without its own times: its minutes from the shift's start.
  if (row.minutes !== null && row.minutes > 0) return { start: shiftWindow.start, end: Math.min(shiftWindow.end, shiftWindow.start + row.minutes) };
  return shiftWindow;
}

function hoursText(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}

export function requestEvents(rows: readonly FeedDayRow[], opts: { scope: CalendarFeedScope; language: Language; timeZone: string }): FeedEvent[] {
  const texts = CALENDAR_FEED_TEXTS[opts.language];
  return rows.map((row) => {
    const window = dayWindow(row);
    const status = row.status === PENDING ? texts.status.pending : texts.status.approved;
    // An hourly request with no time of day is an all-day event that says how long it is.
    const length = window === null && row.minutes !== null && row.minutes > 0 ? ` · ${texts.hours(hoursText(row.minutes))}` : '';
    const what = `${row.reason_name}${length} (${status})`;
    const team = opts.scope === 'TEAM';
    return {
      uid: `${team ? 'team-' : ''}request-${row.request_id}-${row.date}@tms`,
      summary: team ? `${row.employee_name} – ${what}` : what,
      allDay: window === null,
      start: window === null ? row.date : new Date(instantOfLocal(row.date, window.start, opts.timeZone)),
      end: window === null ? addDays(row.date, 1) : new Date(instantOfLocal(row.date, window.end, opts.timeZone)),
      status: row.status === PENDING ? 'TENTATIVE' : 'CONFIRMED',
      busy: !team,
      sequence: row.version,
      stamp: new Date(row.updated_at),
    };
  });
}

export function holidayEvents(rows: readonly HolidayRow[], opts: { scope: CalendarFeedScope; language: Language }): FeedEvent[] {
  const texts = CALENDAR_FEED_TEXTS[opts.language];
  return rows.map((h) => ({
    uid: `${opts.scope === 'TEAM' ? 'team-' : ''}holiday-${h.date}@tms`,
    summary: `${texts.holiday}: ${h.name}`,
    allDay: true,
    start: h.date,
    end: addDays(h.date, 1),
    status: 'CONFIRMED',
    busy: false,
    sequence: 0,
    // A fixed stamp keeps the body, and so its ETag, the same from one read to the next.
    stamp: new Date(`${h.date}T00:00:00Z`),
  }));
}
