import { isWeekendIso } from '@tms/contracts/api';
import type { CellEdit, DayEntry } from '@tms/contracts/timesheet-grid';
import { REQUEST_STATUS_TEXT, REQUEST_TYPE_NAMES, type RequestType } from '@tms/contracts/requests';
import { HOLIDAY_NOTATION } from '../timesheet/day-engine.types.ts';
import { leaveNotationOfRequests, type RequestCoverage } from '../timesheet/day-engine.requests.ts';
import type { DayRow, EditRow, RequestRow } from './timesheet-grid.repository.ts';

/**
 * The grid's day cells from stored rows (spec 001 §3 Daily timesheet entry). Pure: the repository loads, this shapes.
 * Every date of the period gets an entry, ascending; a date without a stored day (not computed yet: after today, or
 * before the employee started) is filled from its weekday — Saturday and Sunday WEEKEND, else WORKING — with no value,
 * unless HR edited it, whose latest edit is then the shown value (RULES.md §4: the latest override wins), and with the
 * notation of an approved leave on it (a future leave shows as 'P' before the day comes).
 */

const MS_PER_DAY = 86_400_000;

/** Every 'YYYY-MM-DD' of [from, to], ascending. */
export function datesOf(from: string, to: string): string[] {
  const out: string[] = [];
  const last = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= last; t += MS_PER_DAY) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const toEdit = (r: EditRow): CellEdit => ({
  old_value: r.old_value,
  new_value: r.value,
  modified_date: r.modified_date,
  modifier: { name: r.modifier_name, user_name: r.modifier_user_name, department: r.modifier_department },
  comments: r.comment,
});

type DayRequest = DayEntry['requests'][number];

/**
 * A request line of a day (spec 001 §3: request_type_name_en, reason_type_name_vi, request_status, quantity_in_hours):
 * the request type's code (issue 25: the web names it in the reader's language) and English name, the reason's name (in the request's language, issue 25, whatever the spec's field
 * name says: the web shows this field), the status text (PENDING, APPROVED, REJECTED) and the hours this date of the
 * request counts (4 decimals).
 */
export function toDayRequest(r: RequestRow): DayRequest {
  return {
    request_type: r.request_type,
    request_type_name_en: REQUEST_TYPE_NAMES[r.request_type as RequestType] ?? r.request_type,
    reason_type_name_vi: r.reason,
    request_status: REQUEST_STATUS_TEXT[r.status] ?? String(r.status),
    quantity_in_hours: r.hours === null || r.hours === undefined ? null : Math.round(r.hours * 10_000) / 10_000,
  };
}

/**
 * RULES.md §4: a day not computed yet (after today) has no value, but an approved leave already names it — the notation
 * the day engine will give it (`leaveNotationOfRequests`, the engine's rule). Requests count on working days only.
 */
function notationBeforeComputed(dayType: string, requests: readonly RequestRow[]): string | null {
  if (dayType !== 'WORKING') return null;
  const leave = requests.filter((r) => r.notation !== null);
  if (leave.length === 0) return null;
  return leaveNotationOfRequests(
    leave.map((r) => ({
      shift: r.shift as RequestCoverage['shift'],
      minutes: r.minutes,
      startTime: r.start_time,
      endTime: r.end_time,
      fundUses: r.fund_uses,
      notation: r.notation,
      halfNotation: r.half_notation,
    })),
  );
}

export function dayEntry(date: string, row: DayRow | undefined, edits: readonly EditRow[] | undefined, requests: readonly RequestRow[] = []): DayEntry {
  // The repository orders edits newest first per cell.
  const history = edits ? edits.map(toEdit) : [];
  const dayRequests = requests.map(toDayRequest);
  if (!row) {
    const edited = history.length > 0;
    const dayType = isWeekendIso(date) ? 'WEEKEND' : 'WORKING';
    return {
      date_of_issue: date,
      day_type: dayType,
      value: edited ? history[0]!.new_value : null,
      computed_value: null,
      overridden: edited,
      notation: notationBeforeComputed(dayType, requests),
      check_in_time: null,
      check_out_time: null,
      is_late_coming: false,
      is_early_leaving: false,
      late_minutes: 0,
      early_minutes: 0,
      absent_time: 0,
      active_time: 0,
      abnormal_reason: null,
      morning_credit: null,
      afternoon_credit: null,
      requests: dayRequests,
      history,
      edit_count: history.length,
    };
  }
  return {
    date_of_issue: date,
    day_type: row.day_type,
    value: row.value,
    computed_value: row.computed_value,
    overridden: row.overridden,
    notation: row.notation ?? (row.day_type === 'HOLIDAY' ? HOLIDAY_NOTATION : null),
    check_in_time: row.check_in,
    check_out_time: row.check_out,
    ...(row.check_in_self ? { check_in_self: row.check_in_self } : {}),
    ...(row.check_out_self ? { check_out_self: row.check_out_self } : {}),
    // RULES.md §4: the stored flags (any late or early minute not covered by a request), never recomputed on read.
    is_late_coming: row.is_late_coming,
    is_early_leaving: row.is_early_leaving,
    late_minutes: row.late_minutes,
    early_minutes: row.early_minutes,
    absent_time: row.absent_minutes,
    active_time: row.worked_minutes,
    abnormal_reason: row.abnormal_reason,
    morning_credit: row.morning_credit,
    afternoon_credit: row.afternoon_credit,
    requests: dayRequests,
    history,
    edit_count: history.length,
  };
}

/** One employee's entries for every date of the period, from their stored days, edits (newest first per cell) and requests. */
export function dayEntries(dates: readonly string[], days: readonly DayRow[], edits: readonly EditRow[], requests: readonly RequestRow[] = []): DayEntry[] {
  const dayByDate = new Map<string, DayRow>();
  for (const d of days) dayByDate.set(d.date, d);
  const editsByDate = new Map<string, EditRow[]>();
  for (const e of edits) {
    const list = editsByDate.get(e.date);
    if (list) list.push(e);
    else editsByDate.set(e.date, [e]);
  }
  const requestsByDate = new Map<string, RequestRow[]>();
  for (const r of requests) {
    const list = requestsByDate.get(r.date);
    if (list) list.push(r);
    else requestsByDate.set(r.date, [r]);
  }
  return dates.map((date) => dayEntry(date, dayByDate.get(date), editsByDate.get(date), requestsByDate.get(date)));
}

/** Σ shown values, in hundredths to keep 2-decimal sums exact (spec 001 §2.1 Total column). */
export function totalOf(entries: readonly { value: number | null }[]): number {
  let hundredths = 0;
  for (const d of entries) if (d.value !== null) hundredths += Math.round(d.value * 100);
  return hundredths / 100;
}

/**
 * Issue 27 §1: a holiday of the employee's calendar on a weekday without a stored day (a date after today: days are
 * computed when they come, RULES.md §4) shows as the holiday it will be — day type HOLIDAY, notation 'H', no value yet.
 * Stored days are the engine's and stay as they are; figures are counted from the stored days, not from this view.
 */
export function withCalendarHolidays(entries: readonly DayEntry[], days: readonly DayRow[], holidays: readonly string[]): DayEntry[] {
  if (holidays.length === 0) return [...entries];
  const stored = new Set(days.map((d) => d.date));
  const upcoming = new Set(holidays.filter((h) => !stored.has(h) && !isWeekendIso(h)));
  return entries.map((e) => (upcoming.has(e.date_of_issue) && e.value === null ? { ...e, day_type: 'HOLIDAY', notation: HOLIDAY_NOTATION } : e));
}
