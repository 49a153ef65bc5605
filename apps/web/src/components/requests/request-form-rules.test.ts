import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { REQUEST_MESSAGES as M } from '@tms/contracts/requests';
import {
  applyDateShiftRules,
  attachmentsProblem,
  batchItems,
  batchSucceeded,
  formatBalance,
  isDateDisabled,
  MAX_ATTACHMENT_BYTES,
  minuteOptions,
  reasonProblem,
  requestDays,
  requestMinutes,
  showsBalance,
  shownStatus,
  textProblem,
  toPayload,
} from './request-form-rules.ts';
import { readSelections } from './request-api.ts';

const d = (iso: string) => dayjs(iso);

describe('spec 001 §4.2 date and shift rules', () => {
  const base = { startDate: d('2026-11-10'), endDate: d('2026-11-12'), startShift: 'MORNING' as const, endShift: 'AFTERNOON' as const };
  it('moves the end to the start when the start passes it, and the start to the end when the end goes before it', () => {
    expect(applyDateShiftRules({ ...base, startDate: d('2026-11-14') }, 'startDate').endDate?.format('YYYY-MM-DD')).toBe('2026-11-14');
    expect(applyDateShiftRules({ ...base, endDate: d('2026-11-09') }, 'endDate').startDate?.format('YYYY-MM-DD')).toBe('2026-11-09');
  });
  it('same day: an afternoon start forces an afternoon end; a morning end forces a morning start', () => {
    const same = { ...base, endDate: d('2026-11-10') };
    expect(applyDateShiftRules({ ...same, startShift: 'AFTERNOON', endShift: 'MORNING' }, 'startShift').endShift).toBe('AFTERNOON');
    const r = applyDateShiftRules({ ...same, startShift: 'AFTERNOON', endShift: 'MORNING' }, 'endShift');
    expect([r.startShift, r.endShift]).toEqual(['MORNING', 'MORNING']);
  });
  it('different days keep the shifts as chosen', () => {
    expect(applyDateShiftRules({ ...base, startShift: 'AFTERNOON', endShift: 'MORNING' }, 'startShift')).toMatchObject({ startShift: 'AFTERNOON', endShift: 'MORNING' });
  });
});

describe('spec 001 §5.2 field rules', () => {
  it('weekends and dates on or before the lock date are disabled', () => {
    const lock = d('2026-10-25');
    expect(isDateDisabled(d('2026-11-07'), lock)).toBe(true); // Saturday
    expect(isDateDisabled(d('2026-11-08'), lock)).toBe(true); // Sunday
    expect(isDateDisabled(d('2026-10-23'), lock)).toBe(true); // locked Friday
    expect(isDateDisabled(d('2026-11-09'), lock)).toBe(false);
    expect(isDateDisabled(d('2026-11-09'), null)).toBe(false);
  });
  it('minute options follow the minimum block and the hour; request minutes = 60 × hour + minute', () => {
    expect(minuteOptions(1)).toEqual([0, 30]);
    expect(minuteOptions(0)).toEqual([30]);
    expect(minuteOptions(2, 15)).toEqual([0, 15, 30, 45]);
    expect(minuteOptions(8)).toEqual([0]);
    expect(requestMinutes(2, 30)).toBe(150);
  });
  it('attachments over 5 MB in total and texts over 1000 characters are refused with the spec texts', () => {
    expect(attachmentsProblem([{ size: MAX_ATTACHMENT_BYTES }])).toBeNull();
    expect(attachmentsProblem([{ size: MAX_ATTACHMENT_BYTES - 1 }, { size: 2 }])).toBe(M.fileTooLarge);
    expect(textProblem('x'.repeat(1000))).toBeNull();
    expect(textProblem('x'.repeat(1001))).toBe(M.textTooLong);
    expect(reasonProblem('  ')).toBe(M.reasonIsRequired);
    expect(reasonProblem('ok')).toBeNull();
  });
  it('balances for the three reasons, 3 decimals', () => {
    expect(['ANN_LEAVE_CORP', 'LOA_CORP_11', 'BIRTHDAY_LEAVE', 'UNPAID_LEAVE'].map(showsBalance)).toEqual([true, true, true, false]);
    expect(formatBalance(12.34567)).toBe('12.346');
    expect(formatBalance(undefined)).toBe('');
  });
});

describe('payload (spec 001 §3 Request payload)', () => {
  it('day-based rows: durations by date, start/end from the rows', () => {
    const p = toPayload(
      { request_type: 'LEAVE_REQUEST', reason_type: 'ANN_LEAVE_CORP', rows: [{ date: d('2026-11-12'), duration: 'FULL_DAY' }, { date: d('2026-11-10'), duration: 'MORNING' }], mail_cc: [3], description: ' ' },
      { hourBased: false, mode: 'single' },
    );
    expect(p).toMatchObject({
      start_date: '2026-11-10',
      end_date: '2026-11-12',
      request_dates: [{ request_date: '2026-11-10', duration: 'MORNING' }, { request_date: '2026-11-12', duration: 'FULL_DAY' }],
      mail_cc: [3],
      description: null,
    });
  });
  it('hour-based rows send request minutes; batch sends usernames; onsite sends the range and shifts', () => {
    const hourly = toPayload({ reason_type: 'ANN_LEAVE_CORP', rows: [{ date: d('2026-11-10'), hour: 1, minute: 30 }] }, { hourBased: true, mode: 'single' });
    expect(hourly.request_dates).toEqual([{ request_date: '2026-11-10', request_minutes: 90 }]);
    expect(hourly.quantity_in_hours).toBe(1.5);
    expect(toPayload({ reason_type: 'ANN_LEAVE_CORP', usernames: ['a', 'b'], rows: [{ date: d('2026-11-10') }] }, { hourBased: false, mode: 'batch' }).usernames).toEqual(['a', 'b']);
    const onsite = toPayload({ request_type: 'ONSITE', reason_type: 'ONSITE', start_date: d('2026-11-10'), end_date: d('2026-11-11'), start_shift: 'AFTERNOON', end_shift: 'MORNING' }, { hourBased: false, mode: 'onsite', id: 4 });
    expect(onsite).toMatchObject({ start_date: '2026-11-10', end_date: '2026-11-11', start_shift: 'AFTERNOON', end_shift: 'MORNING', request_dates: [], id: 4 });
  });
});

describe('batch answers and the row', () => {
  it('reads per-item code and message; a success when one item succeeded', () => {
    const items = batchItems([{ code: 200, message: 'Success', username: 'a', id: 1 }, { code: 400, message: 'Not enough leave balance', username: 'b' }]);
    expect(items.map((i) => [i.username, i.code, i.message])).toEqual([['a', 200, 'Success'], ['b', 400, 'Not enough leave balance']]);
    expect(batchSucceeded(items)).toBe(true);
    expect(batchSucceeded(items.slice(1))).toBe(false);
    expect(batchItems({ results: [{ code: 201, message: 'ok' }] })).toHaveLength(1);
  });
  it('Expired is shown for a pending expired request only', () => {
    expect(shownStatus({ status: 1, is_expired: true })).toBe(10);
    expect(shownStatus({ status: 3, is_expired: true })).toBe(3);
  });
  it('reads the selections: types, their request codes and reasons', () => {
    const s = readSelections([
      { request_type: 'LEAVE_REQUEST', request_type_name: 'Leave request', reasons: [{ code: 'ANN_LEAVE_CORP', name: 'Annual leave', request_code: 'TIME_OFF', requires_file: false }] },
      { request_type: 'EXPLANATION_REQUEST', request_type_name: 'Explanation request', reasons: [{ code: 'LATE_TRAFFIC', name: 'Late', request_code: 'EXPLANATION', requires_file: false }] },
    ]);
    expect(s.requestTypes.map((t) => t.value)).toEqual(['LEAVE_REQUEST', 'EXPLANATION_REQUEST']);
    expect(s.requests).toEqual([
      { value: 'TIME_OFF', label: 'Time off', requestType: 'LEAVE_REQUEST' },
      { value: 'EXPLANATION', label: 'Explanation', requestType: 'EXPLANATION_REQUEST' },
    ]);
    expect(s.reasons[0]).toMatchObject({ value: 'ANN_LEAVE_CORP', label: 'Annual leave', requestType: 'LEAVE_REQUEST', request: 'TIME_OFF' });
  });
});

describe('requestDays (issue 29: the days an approval flow counts)', () => {
  const d = (iso: string) => dayjs(iso);
  it('a full day 1, a shift 0.5, rows without a date skipped', () => {
    expect(requestDays([{ date: d('2026-12-01'), duration: 'FULL_DAY' }, { date: d('2026-12-02'), duration: 'MORNING' }, { date: null }], false, 8)).toBe(1.5);
    expect(requestDays([{ date: d('2026-12-01') }], false, 8)).toBe(1);
  });
  it('hours over the standard hours of the day', () => {
    expect(requestDays([{ date: d('2026-12-01'), hour: 4, minute: 0 }, { date: d('2026-12-02'), hour: 2, minute: 0 }], true, 8)).toBe(0.75);
  });
});
