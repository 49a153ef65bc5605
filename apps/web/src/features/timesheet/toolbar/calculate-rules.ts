import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DMY, DATE_ISO, isWeekendIso } from '@tms/contracts/api';
import { timesheetTexts, type TimesheetT } from '../i18n/index.ts';

/**
 * Client rules of the calculate-working-day modals (spec 001 §5.1), in the order the server checks them
 * (apps/server timesheet/recalculate.ts requestWorkingDayCalculation), with the same texts from contracts
 * (TIMESHEET_CALC_MESSAGES) in the reader's language: each check takes the caller's `t`, else the current one.
 */
export type CalculateLimits = {
  /** The chosen period's from_date and to_date. */
  from: Dayjs;
  to: Dayjs;
  /** The server's today (company time zone); null until loaded. */
  today: Dayjs | null;
  /** The lock date (RULES.md §4); null when nothing is approved yet or until loaded. */
  lockDate: Dayjs | null;
};

export function calculateLimits(period: { from_date: string; to_date: string }, today: Dayjs | null, lockDate: Dayjs | null): CalculateLimits {
  return { from: dayjs(period.from_date), to: dayjs(period.to_date), today, lockDate };
}


/** "A period that starts in the future gives 'Can not calculate work hours for future Timesheet.'" */
export function futureTimesheetError(limits: CalculateLimits, t: TimesheetT = timesheetTexts.t): string | null {
  return limits.today && limits.from.isAfter(limits.today, 'day') ? t('toolbar.calculate.futureTimesheet') : null;
}

/** The picker offers only weekdays inside the period, not after today, after the lock date. */
export function isCalculateDateDisabled(date: Dayjs, limits: CalculateLimits): boolean {
  if (date.isBefore(limits.from, 'day') || date.isAfter(limits.to, 'day')) return true;
  if (limits.today && date.isAfter(limits.today, 'day')) return true;
  if (isWeekendIso(date.format(DATE_ISO))) return true;
  return limits.lockDate !== null && !date.isAfter(limits.lockDate, 'day');
}

/**
 * The day the picker's calendar opens on: inside the chosen period (issue 7 §8: it opened on the current month with
 * T10 chosen) — the server's today while the period runs, its last day once it has ended, its first day before it starts.
 */
export function calculatePickerStart(limits: CalculateLimits): Dayjs {
  if (!limits.today || limits.today.isAfter(limits.to, 'day')) return limits.to;
  return limits.today.isBefore(limits.from, 'day') ? limits.from : limits.today;
}

/** The first failing rule's message, or null: required (and inside the period), period not future, not future, not a weekend, not locked. */
export function calculateDateError(date: Dayjs | null | undefined, limits: CalculateLimits, t: TimesheetT = timesheetTexts.t): string | null {
  if (!date) return t('toolbar.calculate.dateRequired');
  if (date.isBefore(limits.from, 'day') || date.isAfter(limits.to, 'day')) return t('toolbar.calculate.dateRequired');
  const future = futureTimesheetError(limits, t);
  if (future) return future;
  if (limits.today && date.isAfter(limits.today, 'day')) return t('toolbar.calculate.futureDate');
  if (isWeekendIso(date.format(DATE_ISO))) return t('toolbar.calculate.weekend');
  if (limits.lockDate && !date.isAfter(limits.lockDate, 'day')) return t('toolbar.calculate.locked', { date: date.format(DATE_DMY) });
  return null;
}

/** "Calculating for chosen employees needs at least one." */
export function calculateEmployeesError(ids: unknown, t: TimesheetT = timesheetTexts.t): string | null {
  return Array.isArray(ids) && ids.length > 0 ? null : t('toolbar.calculate.employeeRequired');
}

/** Query and body of PUT …/calculate-working-day (spec 001 §7.1: ?date=YYYY-MM-DD, body employee_id). */
export function calculateRequest(date: Dayjs, employeeIds?: readonly number[]): { date: string; body?: { employee_id: number[] } } {
  const query = { date: date.format(DATE_ISO) };
  return employeeIds === undefined ? query : { ...query, body: { employee_id: [...employeeIds] } };
}
