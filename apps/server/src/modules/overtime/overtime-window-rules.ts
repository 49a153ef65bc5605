/**
 * The date and window rules both overtime forms check against the database (common decisions; spec 001 §5.6, §9),
 * one piece per rule so each kind keeps its documented order and its own extra checks (fixed: project staff and CC;
 * flexible: membership, policy in force, flexible OT type): after the lock date, on or before the latest payroll
 * period's end + OVERTIME_DATE_LIMIT_DAYS, not a weekend, on a workday a start at least OVERTIME_AFTER_WORK_HOURS after
 * the schedule's end, no overlap with live overtime.
 */
import { OVERTIME_AFTER_WORK_HOURS, OVERTIME_DATE_LIMIT_DAYS, OVERTIME_MESSAGES as M } from '@tms/contracts/overtime';
import type { DbOrTx } from '../../db/client.ts';
import { isWeekendIso } from '@tms/contracts/api';
import { hmOfMinutes, minutesOfHm } from '@tms/contracts/work-schedule-config';
import { addDays, toDmy } from '../../lib/dates.ts';
import { badRequest } from '../../lib/errors.ts';
import { latestPeriodEnd, lockDateFor } from '../payroll-periods/payroll-periods.service.ts';
import { overlappingOvertime } from './overtime-window.repository.ts';

/** 'HH:mm' plus minutes ('17:30' + 30 → '18:00'); null past midnight. */
export function addMinutesHm(hm: string, minutes: number): string | null {
  const total = (minutesOfHm(hm) ?? 0) + minutes;
  return total >= 24 * 60 ? null : hmOfMinutes(total);
}

/** 'OT Date cannot be a weekend'. */
export function refuseWeekend(otDate: string): void {
  if (isWeekendIso(otDate)) throw badRequest(M.weekendNotAllowed);
}

/** After the lock date and on or before the latest period end + the limit, both as `employeeId` sees them (company). */
export async function refuseLockedOrTooFar(tx: DbOrTx, otDate: string, employeeId: number | null): Promise<void> {
  const lockDate = await lockDateFor(tx, employeeId);
  if (lockDate !== null && otDate <= lockDate) throw badRequest(M.dateLocked);
  const latestEnd = await latestPeriodEnd(tx, { callerEmployeeId: employeeId });
  if (latestEnd !== null) {
    const limit = addDays(latestEnd, OVERTIME_DATE_LIMIT_DAYS);
    if (otDate > limit) throw badRequest(M.dateTooFar(toDmy(limit) ?? limit));
  }
}

/**
 * On a WORKDAY with a schedule end, the start ('HH:mm') is at least the end + 0.5 h; when that is past midnight no
 * start on the date qualifies (such overtime is filed on the next date). Holidays and days off have no such limit.
 */
export function refuseEarlyStart(day: { dateType: string; workEnd: string | null }, startHm: string): void {
  if (day.dateType !== 'WORKDAY' || !day.workEnd) return;
  const earliest = addMinutesHm(day.workEnd, OVERTIME_AFTER_WORK_HOURS * 60);
  if (earliest === null || startHm < earliest) throw badRequest(M.startAfterWork(earliest ?? '24:00'));
}

/** No staff member has other live overtime overlapping [startAt, endAt); the first by name is named. */
export async function refuseOverlap(tx: DbOrTx, employeeIds: readonly number[], startAt: Date, endAt: Date, exceptRequestId: number | null): Promise<void> {
  const windows = employeeIds.map((employeeId) => ({ key: 0, employeeId, start: startAt.toISOString(), end: endAt.toISOString() }));
  const [first] = await overlappingOvertime(tx, windows, { exceptRequestId });
  if (first) throw badRequest(M.overlapsOther(first.name));
}
