import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { TIMESHEET_MODIFY_MESSAGES as MM, updateJobHistoryBodySchema, updateJobHistoryQuerySchema } from '@tms/contracts/timesheet-modify';
import { TIMESHEET_REVIEW_MESSAGES as RM, commentCreateSchema, reviewBodySchema } from '@tms/contracts/timesheet-review';
import {
  applyDateError,
  commentError,
  employeeError,
  formatCommentTime,
  isApplyDateDisabled,
  rejectCommentError,
  ruleOf,
  updateJobHistoryRequest,
  workScheduleError,
} from './form-rules.ts';

const d = (iso: string) => dayjs(iso);

describe('rejectCommentError (spec 001 §5.1: required, max 500)', () => {
  it.each([
    [undefined, RM.rejectCommentRequired],
    ['', RM.rejectCommentRequired],
    ['   ', RM.rejectCommentRequired],
    ['x'.repeat(501), RM.commentTooLong],
    ['x'.repeat(500), null],
    ['Please fix 03/11', null],
  ])('%j → %s', (value, message) => expect(rejectCommentError(value)).toBe(message));

  it('agrees with the server on what it refuses', () => {
    for (const content of ['', '  ', 'x'.repeat(501), 'ok', 'x'.repeat(500)]) {
      const server = reviewBodySchema.safeParse({ status: 2, content });
      expect(rejectCommentError(content) === null).toBe(server.success);
      if (!server.success) expect(server.error.issues[0]?.message).toBe(rejectCommentError(content));
    }
  });
});

describe('commentError (spec 001 §5.1: "Comment is required", max 500)', () => {
  it.each([
    [null, RM.commentRequired],
    [' \n ', RM.commentRequired],
    ['x'.repeat(501), RM.commentTooLong],
    ['Looks right', null],
  ])('%j → %s', (value, message) => expect(commentError(value)).toBe(message));

  it('agrees with the server', () => {
    for (const content of ['', ' ', 'x'.repeat(501), 'fine']) {
      const server = commentCreateSchema.safeParse({ content });
      expect(commentError(content) === null).toBe(server.success);
      if (!server.success) expect(server.error.issues[0]?.message).toBe(commentError(content));
    }
  });
});

describe('formatCommentTime', () => {
  it('DD/MM/YYYY HH:mm in the browser’s zone; empty for unreadable input', () => {
    const iso = '2026-11-20T09:05:00';
    expect(formatCommentTime(iso)).toBe('20/11/2026 09:05');
    expect(formatCommentTime('not a date')).toBe('');
  });
});

describe('update work schedule rules', () => {
  const lock = d('2026-10-25');

  it('employee and schedule are required', () => {
    expect(employeeError(undefined)).toBe(MM.employeeRequired);
    expect(employeeError(12)).toBeNull();
    expect(workScheduleError(undefined)).toBe(MM.scheduleRequired);
    expect(workScheduleError(' ')).toBe(MM.scheduleRequired);
    expect(workScheduleError('HCM')).toBeNull();
  });

  it('apply date: required, after the lock date', () => {
    expect(applyDateError(null, lock)).toBe(MM.applyDateRequired);
    expect(applyDateError(d('2026-10-25'), lock)).toBe(MM.applyDateLocked('25/10/2026'));
    expect(applyDateError(d('2026-10-26'), lock)).toBeNull();
    expect(applyDateError(d('2020-01-01'), null)).toBeNull();
    expect(isApplyDateDisabled(d('2026-10-25'), lock)).toBe(true);
    expect(isApplyDateDisabled(d('2026-10-26'), lock)).toBe(false);
    expect(isApplyDateDisabled(d('2020-01-01'), null)).toBe(false);
  });

  it('request: ?userId= and { work_schedule_code, apply_date: YYYY-MM-DD }, as the server reads them', () => {
    const call = updateJobHistoryRequest({ employeeId: 12, workScheduleCode: 'HCM', applyDate: d('2026-11-02') });
    expect(call).toEqual({ userId: 12, body: { work_schedule_code: 'HCM', apply_date: '2026-11-02' } });
    expect(updateJobHistoryQuerySchema.parse({ userId: String(call.userId) })).toEqual({ userId: 12 });
    expect(updateJobHistoryBodySchema.parse(call.body)).toEqual(call.body);
  });
});

describe('ruleOf', () => {
  it('rejects with the check’s message, resolves when it passes', async () => {
    const rule = ruleOf(commentError);
    await expect(rule.validator(null, '')).rejects.toThrow(RM.commentRequired);
    await expect(rule.validator(null, 'ok')).resolves.toBeUndefined();
  });
});
