import dayjs from 'dayjs';
import type { DayEntry } from '@tms/contracts/timesheet-grid';
import { formatCount, formatDays, formatHours } from '../../../lib/numbers.ts';
import { isTimesheetKey, timesheetTexts, type TimesheetT } from '../i18n/index.ts';
import { requestTypeText } from '../request-type.ts';

/**
 * What a day cell of the HR grid shows and how it is styled (spec 001 §2.1 cell styles and hover card, §4.1
 * request statuses in cells), kept pure so the rules are tested without a browser.
 */

/**
 * The cell text (RULES.md §4): the day's notation when it has one — a holiday's 'H', a leave's 'P', 'P/2', 'KL' —
 * else the value (which the hover card and the totals carry either way). A day not judged yet (today, a future day,
 * a day outside employment) has no value and shows nothing but a notation; today's punches are in the hover card.
 */
export function cellText(entry: Pick<DayEntry, 'value' | 'notation'> | undefined): string {
  if (!entry) return '';
  if (entry.notation) return entry.notation;
  return formatDays(entry.value);
}

export type RequestTone = 'pending' | 'approved' | 'rejected';

/** Spec 001 §4.1: cells show Pending, Approved, Rejected; an unknown status takes the pending style. */
export function requestTone(status: string | null | undefined): RequestTone {
  const s = (status ?? '').trim().toLowerCase();
  if (s === 'approved') return 'approved';
  if (s === 'rejected') return 'rejected';
  return 'pending';
}

/** Several requests on a day: one still pending wins over a rejected one, which wins over approved ones. */
export function dayRequestTone(requests: readonly { request_status: string }[]): RequestTone | null {
  if (requests.length === 0) return null;
  const tones = requests.map((r) => requestTone(r.request_status));
  if (tones.includes('pending')) return 'pending';
  if (tones.includes('rejected')) return 'rejected';
  return 'approved';
}

/**
 * CSS classes of a cell (spec 001 §2.1): full for value 1, lack for under 1, requested (with the request's tone)
 * when a request exists; late check-in and early check-out marked; HR-edited and holiday cells flagged.
 */
export function cellClassNames(entry: DayEntry | undefined, weekend: boolean): string[] {
  const classes = ['ts-cell'];
  if (weekend) classes.push('ts-cell--weekend');
  if (!entry) return classes;
  if (entry.value !== null && Number.isFinite(entry.value)) classes.push(entry.value >= 1 ? 'ts-cell--full' : 'ts-cell--lack');
  const tone = dayRequestTone(entry.requests);
  if (tone) classes.push('ts-cell--requested', `ts-cell--request-${tone}`);
  if (entry.is_late_coming) classes.push('ts-cell--late');
  if (entry.is_early_leaving) classes.push('ts-cell--early');
  if (entry.day_type === 'HOLIDAY') classes.push('ts-cell--holiday');
  if (entry.overridden) classes.push('ts-cell--edited');
  return classes;
}

const NONE = '-';

/** 'HH:mm' of a time the server sends as 'HH:mm' or 'HH:mm:ss'. */
function hm(time: string | null | undefined): string | null {
  if (!time) return null;
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : time;
}

/** 'HH:mm - HH:mm' (a missing side shows '--:--'); '-' without either. */
export function formatCheckInOut(checkIn: string | null | undefined, checkOut: string | null | undefined): string {
  const inText = hm(checkIn);
  const outText = hm(checkOut);
  if (!inText && !outText) return NONE;
  return `${inText ?? '--:--'} - ${outText ?? '--:--'}`;
}

/** Minutes as 'Xh Ym' (active time; '8 giờ 0 phút' in Vietnamese). */
export function formatActiveTime(minutes: number | null | undefined, t: TimesheetT = timesheetTexts.t): string {
  const total = Math.max(0, Math.round(minutes ?? 0));
  return t('hoverCard.activeTimeValue', { hours: Math.floor(total / 60), minutes: total % 60 });
}

/** An edit instant as 'DD/MM/YYYY HH:mm' (spec 001 §9 display format) in the browser's time zone. */
export function formatEditTime(instant: string | null | undefined): string {
  if (!instant) return NONE;
  const d = dayjs(instant);
  return d.isValid() ? d.format('DD/MM/YYYY HH:mm') : NONE;
}

/**
 * A status as the server sends it ('APPROVED', 'Pending') written 'Approved', 'Pending' (spec 001 §4.1 labels), in the
 * reader's language; a status the catalogue does not know is written capitalized as it came.
 */
export function requestStatusLabel(status: string | null | undefined, t: TimesheetT = timesheetTexts.t): string {
  const s = (status ?? '').trim().toLowerCase();
  if (!s) return '';
  const key = `requestStatus.${s}`;
  return isTimesheetKey(key) ? t(key) : s[0]!.toUpperCase() + s.slice(1);
}

/** One request line: type and reason (both in the reader's language), hours when known, and status. */
export function formatRequest(r: DayEntry['requests'][number], t: TimesheetT = timesheetTexts.t): string {
  const hours = r.quantity_in_hours === null || r.quantity_in_hours === undefined ? '' : ` ${t('hoverCard.requestHours', { hours: formatHours(r.quantity_in_hours) })}`;
  return `${requestTypeText(r, t)} - ${r.reason_type_name_vi}${hours} (${requestStatusLabel(r.request_status, t)})`;
}

export type HoverCardRow = {
  label: string;
  /** One line, or several (requests). */
  value: string | string[];
  /** Shown in red (late check-in or early check-out, spec 001 §2.2 style reused here). */
  warn?: boolean;
};

/**
 * The hover card (spec 001 §2.1): check in-out, request, latest edit (old → new and its time), editor (name and
 * department), comment, total edit count, active time.
 */
export function hoverCardRows(entry: DayEntry, t: TimesheetT = timesheetTexts.t): HoverCardRow[] {
  const latest = entry.history[0];
  const editor = latest ? (latest.modifier.department ? `${latest.modifier.name} (${latest.modifier.department})` : latest.modifier.name) : NONE;
  const latestEdit = latest ? [`${formatDays(latest.old_value, NONE)} → ${formatDays(latest.new_value, NONE)}`, formatEditTime(latest.modified_date)] : NONE;
  return [
    { label: t('hoverCard.checkInOut'), value: formatCheckInOut(entry.check_in_time, entry.check_out_time), warn: entry.is_late_coming || entry.is_early_leaving },
    { label: t('hoverCard.request'), value: entry.requests.length > 0 ? entry.requests.map((r) => formatRequest(r, t)) : NONE },
    { label: t('hoverCard.latestEdit'), value: latestEdit },
    { label: t('hoverCard.editor'), value: editor },
    { label: t('hoverCard.comment'), value: latest?.comments?.trim() || NONE },
    { label: t('hoverCard.editCount'), value: formatCount(entry.edit_count) },
    { label: t('hoverCard.activeTime'), value: formatActiveTime(entry.active_time, t) },
  ];
}

/** The row's entries by date (YYYY-MM-DD), cached per row object. */
const byDateCache = new WeakMap<readonly DayEntry[], Map<string, DayEntry>>();
export function entriesByDate(entries: readonly DayEntry[]): Map<string, DayEntry> {
  let map = byDateCache.get(entries);
  if (!map) {
    map = new Map(entries.map((e) => [e.date_of_issue.slice(0, 10), e]));
    byDateCache.set(entries, map);
  }
  return map;
}
