import type { MyDay } from '@tms/contracts/timesheet-grid';
import { formatDmy, formatIsoDate, parseServerDate } from '../../../lib/dates.ts';
import { formatCount, formatDays, formatHours } from '../../../lib/numbers.ts';
import { isTimesheetKey, timesheetTexts, type TimesheetT } from '../i18n/index.ts';
import { requestTypeText } from '../request-type.ts';
import { punchSourceText } from '../../../components/punch-source/punch-source.tsx';

/** Shown in a cell without a value (weekends, days without punches). */
export const EMPTY_CELL = '-';
/** Spec 001 §2.2: "Timesheet Details for" the month of the period's end date ('November 2026'; 'tháng 11/2026'). */
export function detailTitle(toDate: string | null | undefined, t: TimesheetT = timesheetTexts.t): string {
  const end = parseServerDate(toDate);
  return end ? t('my.titleFor', { month: end.format(t('my.titleMonthFormat')) }) : t('my.title');
}

/** Hour-based (FLEXIBLE) staff: rule_type HOUR (RULES.md §4); everything else is day-based. */
export function isHourBased(ruleType: string | null | undefined): boolean {
  return (ruleType ?? '').toUpperCase() === 'HOUR';
}

/** Company ID on the staff card: the SF4C id, else the user name. */
export function companyIdOf(staff: { sf4c_id: string | null; user_name: string }): string {
  return staff.sf4c_id?.trim() ? staff.sf4c_id : staff.user_name;
}

/** Spec 001 §9: weekends are Saturday and Sunday; the server's day_type decides, the calendar only when it is missing. */
export function isWeekendDay(day: Pick<MyDay, 'day_type' | 'date_of_issue'>): boolean {
  if (day.day_type) return day.day_type.toUpperCase() === 'WEEKEND';
  const weekday = parseServerDate(day.date_of_issue)?.day();
  return weekday === 0 || weekday === 6;
}

/**
 * The Working day cell: '-' on weekends, the notation ('H', 'P', 'P/2', 'KL': RULES.md §4) when set, else the value as
 * the grid writes it. A day not judged yet (today, a future day: RULES.md §4) has no value: it shows the notation of an
 * approved leave on it, else '-'.
 */
export function workingDayText(day: Pick<MyDay, 'day_type' | 'date_of_issue' | 'notation' | 'value'>): string {
  if (isWeekendDay(day)) return EMPTY_CELL;
  if (day.notation) return day.notation;
  return formatDays(day.value, EMPTY_CELL);
}

/** Spec 001 §2.2: late check-in and early check-out are shown in red (cell classes `late` / `early`). */
export function punchClasses(day: Pick<MyDay, 'is_late_coming' | 'is_early_leaving'>): { checkIn?: 'late'; checkOut?: 'early' } {
  return { ...(day.is_late_coming ? { checkIn: 'late' as const } : {}), ...(day.is_early_leaving ? { checkOut: 'early' as const } : {}) };
}

/** A request's status as the server sends it ('APPROVED'), in the reader's language; an unknown one as it came. */
function requestStatusText(status: string, t: TimesheetT): string {
  const key = `my.requestStatus.${status}`;
  return isTimesheetKey(key) ? t(key) : status;
}

/** Spec 001 §2.2 Request tooltip: one line per request with reason type, hours and status. */
export function requestLines(requests: MyDay['requests'], t: TimesheetT = timesheetTexts.t): string[] {
  return requests.map((r) => {
    const hours = r.quantity_in_hours === null ? '' : ` - ${t('my.requestHours', { hours: formatHours(r.quantity_in_hours) })}`;
    return `${r.reason_type_name_vi || requestTypeText(r, t)}${hours} - ${requestStatusText(r.request_status, t)}`;
  });
}

export type DayRowView = {
  /** YYYY-MM-DD: the row key and the test id suffix. */
  key: string;
  no: number;
  date: string;
  weekday: string;
  weekend: boolean;
  shift: string;
  checkIn: string;
  checkOut: string;
  checkInClass?: 'late';
  checkOutClass?: 'early';
  /**
   * Issue 28 §4: where a self punch came from, under its time ('Web · Office, 55 m · Sent late'); absent for a
   * device's punch, which is the usual case and needs no word.
   */
  checkInSource?: string;
  checkOutSource?: string;
  workingDay: string;
  /** The Working day cell shows a leave's notation ('P', 'P/2', 'KL'), also on a day still to come (RULES.md §4). */
  leave: boolean;
  workSchedule: string;
  absentTime: string;
  requestText: string;
  requestLines: string[];
  /** Working days get the Action button (hour-based staff). */
  showAction: boolean;
};

/** One row of the per-day table (spec 001 §2.2) from a day of the period. */
export function dayRowView(day: MyDay, index: number, t: TimesheetT = timesheetTexts.t): DayRowView {
  const weekend = isWeekendDay(day);
  const classes = punchClasses(day);
  const lines = requestLines(day.requests, t);
  const date = parseServerDate(day.date_of_issue);
  const row: DayRowView = {
    key: formatIsoDate(day.date_of_issue) || day.date_of_issue,
    no: index + 1,
    date: formatDmy(day.date_of_issue),
    weekday: date ? date.format('ddd') : '',
    weekend,
    shift: day.shift || EMPTY_CELL,
    checkIn: day.check_in_time || EMPTY_CELL,
    checkOut: day.check_out_time || EMPTY_CELL,
    workingDay: workingDayText(day),
    leave: !weekend && day.day_type !== 'HOLIDAY' && Boolean(day.notation),
    // The flexible window ('Flexible hours 07:00-19:00') applies to working days only.
    workSchedule: weekend ? EMPTY_CELL : day.work_schedule_name || EMPTY_CELL,
    absentTime: weekend || day.value === null ? EMPTY_CELL : formatCount(day.absent_time, EMPTY_CELL),
    requestText: lines.length === 0 ? EMPTY_CELL : [...new Set(day.requests.map((r) => requestTypeText(r, t)))].join(', '),
    requestLines: lines,
    showAction: !weekend,
  };
  if (day.check_in_time && day.check_in_self) row.checkInSource = punchSourceText(day.check_in_self);
  if (day.check_out_time && day.check_out_self) row.checkOutSource = punchSourceText(day.check_out_self);
  if (classes.checkIn) row.checkInClass = classes.checkIn;
  if (classes.checkOut) row.checkOutClass = classes.checkOut;
  return row;
}

export function dayRowViews(days: readonly MyDay[], t: TimesheetT = timesheetTexts.t): DayRowView[] {
  return days.map((day, index) => dayRowView(day, index, t));
}

export type DayColumnKey = 'no' | 'date' | 'workSchedule' | 'shift' | 'checkIn' | 'checkOut' | 'workingDay' | 'absentTime' | 'request' | 'action';

/** A column header of the per-day table (spec 001 §2.2), in the reader's language. */
export function dayColumnTitle(key: DayColumnKey, t: TimesheetT = timesheetTexts.t): string {
  return t(`my.columns.${key}`);
}

/** Day-based staff: No, Date, Shift, Checkin, Checkout, Working day; hour-based adds Work schedule, Absent time, Request, Action. */
export function dayColumnKeys(hourBased: boolean): DayColumnKey[] {
  return hourBased
    ? ['no', 'date', 'workSchedule', 'shift', 'checkIn', 'checkOut', 'workingDay', 'absentTime', 'request', 'action']
    : ['no', 'date', 'shift', 'checkIn', 'checkOut', 'workingDay'];
}
