import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DMY, DATE_ISO } from '@tms/contracts/api';
import { TIMESHEET_COMMENT_MAX } from '@tms/contracts/timesheet-review';
import { timesheetTexts, type TimesheetT } from '../i18n/index.ts';

/**
 * Field checks of the reject modal, the comments drawer and the work-schedule modal, with the server's texts
 * (contracts) in the reader's language. Each returns the first failing rule's message or null; each takes the
 * caller's `t`, else the current one.
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
export function rejectCommentError(value: unknown, t: TimesheetT = timesheetTexts.t): string | null {
  const content = text(value);
  if (content === '') return t('toolbar.reject.required');
  return content.length > TIMESHEET_COMMENT_MAX ? t('toolbar.reject.tooLong') : null;
}

/** Spec 001 §5.1: "Comments are required, max 500 ('Comment is required')". */
export function commentError(value: unknown, t: TimesheetT = timesheetTexts.t): string | null {
  const content = text(value);
  if (content === '') return t('toolbar.comments.required');
  return content.length > TIMESHEET_COMMENT_MAX ? t('toolbar.comments.tooLong') : null;
}

/** Comment times: DD/MM/YYYY HH:mm (spec 001 §9 display formats). */
export function formatCommentTime(iso: string): string {
  const time = dayjs(iso);
  return time.isValid() ? time.format(`${DATE_DMY} HH:mm`) : '';
}

export function employeeError(value: unknown, t: TimesheetT = timesheetTexts.t): string | null {
  return typeof value === 'number' && value > 0 ? null : t('toolbar.schedule.employeeRequired');
}

export function workScheduleError(value: unknown, t: TimesheetT = timesheetTexts.t): string | null {
  return text(value) === '' ? t('toolbar.schedule.scheduleRequired') : null;
}

/** Apply date: required, after the lock date (RULES.md §4: nothing on or before it changes). */
export function applyDateError(date: Dayjs | null | undefined, lockDate: Dayjs | null, t: TimesheetT = timesheetTexts.t): string | null {
  if (!date) return t('toolbar.schedule.applyDateRequired');
  if (lockDate && !date.isAfter(lockDate, 'day')) return t('toolbar.schedule.applyDateLocked', { date: lockDate.format(DATE_DMY) });
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
