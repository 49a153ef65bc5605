import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DMY, DATE_ISO } from '@tms/contracts/api';
import { TIMESHEET_MODIFY_MESSAGES as MM } from '@tms/contracts/timesheet-modify';
import { TIMESHEET_COMMENT_MAX, TIMESHEET_REVIEW_MESSAGES as RM } from '@tms/contracts/timesheet-review';

/**
 * Field checks of the reject modal, the comments drawer and the work-schedule modal, with the server's texts
 * (contracts). Each returns the first failing rule's message or null.
 */

/** An antd Form rule from a check. */
export function ruleOf<T>(check: (value: T) => string | null) {
  return {
    validator: (_rule: unknown, value: T) => {
      const message = check(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Spec 001 §5.1: "Reject timesheet comment required, max 500 ('Comment field is required')". */
export function rejectCommentError(value: unknown): string | null {
  const content = text(value);
  if (content === '') return RM.rejectCommentRequired;
  return content.length > TIMESHEET_COMMENT_MAX ? RM.commentTooLong : null;
}

/** Spec 001 §5.1: "Comments are required, max 500 ('Comment is required')". */
export function commentError(value: unknown): string | null {
  const content = text(value);
  if (content === '') return RM.commentRequired;
  return content.length > TIMESHEET_COMMENT_MAX ? RM.commentTooLong : null;
}

/** Comment times: DD/MM/YYYY HH:mm (spec 001 §9 display formats). */
export function formatCommentTime(iso: string): string {
  const time = dayjs(iso);
  return time.isValid() ? time.format(`${DATE_DMY} HH:mm`) : '';
}

export function employeeError(value: unknown): string | null {
  return typeof value === 'number' && value > 0 ? null : MM.employeeRequired;
}

export function workScheduleError(value: unknown): string | null {
  return text(value) === '' ? MM.scheduleRequired : null;
}

/** Apply date: required, after the lock date (RULES.md §4: nothing on or before it changes). */
export function applyDateError(date: Dayjs | null | undefined, lockDate: Dayjs | null): string | null {
  if (!date) return MM.applyDateRequired;
  if (lockDate && !date.isAfter(lockDate, 'day')) return MM.applyDateLocked(lockDate.format(DATE_DMY));
  return null;
}

export function isApplyDateDisabled(date: Dayjs, lockDate: Dayjs | null): boolean {
  return lockDate !== null && !date.isAfter(lockDate, 'day');
}

/** PUT …/update-job-history?userId= body (spec 001 §7.1; contracts updateJobHistoryBodySchema). */
export function updateJobHistoryRequest(values: { employeeId: number; workScheduleCode: string; applyDate: Dayjs }) {
  return {
    userId: values.employeeId,
    body: { work_schedule_code: values.workScheduleCode, apply_date: values.applyDate.format(DATE_ISO) },
  };
}
