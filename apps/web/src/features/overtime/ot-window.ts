import dayjs, { type Dayjs } from 'dayjs';
import type { FormRule } from 'antd';
import { isWeekendIso } from '@tms/contracts/api';
import { OVERTIME_DATE_LIMIT_DAYS } from '@tms/contracts/overtime';
import { DATE_ISO, TIME_HM } from '../../lib/dates.ts';
import { useLockDate, usePeriods } from '../../lib/lookups.ts';

/** The OT window rules both create/edit modals (fixed and flexible) show before the server checks them. */

/** The end falls on the next day when its clock time is before the start's (overnight OT; equal times are refused). */
export function endsNextDay(start: Dayjs | null | undefined, end: Dayjs | null | undefined): boolean {
  if (!start || !end) return false;
  return end.hour() * 60 + end.minute() < start.hour() * 60 + start.minute();
}

/**
 * The OT date picker (spec 001 §5.6, §9): weekends off, nothing on or before the lock date, nothing past the latest
 * payroll period's end + 10 days.
 */
export function otDateDisabled(day: Dayjs, lockDate: Dayjs | null, latestPeriodEnd: string | null): boolean {
  if (isWeekendIso(day.format(DATE_ISO))) return true;
  if (lockDate && !day.isAfter(lockDate, 'day')) return true;
  if (latestPeriodEnd && day.isAfter(dayjs(latestPeriodEnd).add(OVERTIME_DATE_LIMIT_DAYS, 'day'), 'day')) return true;
  return false;
}

/** The latest `to_date` of the payroll periods (YYYY-MM-DD), or null. */
export function latestEnd(periods: readonly { to_date: string }[] | undefined): string | null {
  return (periods ?? []).reduce<string | null>((max, p) => (max === null || p.to_date > max ? p.to_date : max), null);
}

/** The OT date picker's `disabledDate` with the caller's lock date and the payroll periods. */
export function useOtDateDisabled(): (day: Dayjs) => boolean {
  const { lockDate } = useLockDate();
  const limitEnd = latestEnd(usePeriods().data);
  return (day) => otDateDisabled(day, lockDate, limitEnd);
}

/** The end time's rule: not the start's clock time (`message`: 'The end time must be after the start time'). */
export const endNotStartRule =
  (message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: Dayjs | null | undefined) => {
      const s = getFieldValue('start') as Dayjs | null | undefined;
      return s && value && s.format(TIME_HM) === value.format(TIME_HM) ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
