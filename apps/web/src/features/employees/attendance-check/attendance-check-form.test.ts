import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ATTENDANCE_CHECK_MESSAGES as M, checkAttendanceCheckForm } from '@tms/contracts/attendance-check-config';
import { accountNumberError, createValues, editValuesOf, endDateError, toCreateBody, toUpdateBody } from './attendance-check-form.ts';

const row = {
  id: 7,
  employee_id: 3,
  hrms_username: 'staff',
  hrms_name: 'Son Staff',
  department_name: null,
  account_number: 1001,
  attendance_check_id: 'CARD-1',
  attendance_check_name: null,
  project: 'P1',
  position: null,
  attendance_check_system: 'SPEEDGATE',
  start_date: '2026-11-01',
  end_date: '9999-12-30',
  version: 4,
};

describe('attendance-check form', () => {
  it('starts a new mapping today until 30/12/9999 on SPEEDGATE', () => {
    const v = createValues(dayjs('2026-11-23T15:00:00'));
    expect(v.attendance_check_system).toBe('SPEEDGATE');
    expect(v.start_date?.format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(v.end_date?.format('YYYY-MM-DD')).toBe('9999-12-30');
  });

  it('round-trips a row into the update body with its id and version, dates as YYYY-MM-DD, blanks as null', () => {
    const body = toUpdateBody(row, { ...editValuesOf(row), position: '  ' });
    expect(body).toEqual({
      id: 7,
      version: 4,
      employee_id: 3,
      account_number: '1001',
      attendance_check_id: 'CARD-1',
      attendance_check_name: null,
      project: 'P1',
      position: null,
      attendance_check_system: 'SPEEDGATE',
      start_date: '2026-11-01',
      end_date: '9999-12-30',
    });
    expect(checkAttendanceCheckForm(body).ok).toBe(true);
  });

  it('gives the spec messages for a numeric account number and the end date', () => {
    expect(accountNumberError('12a')).toBe(M.accountNumber);
    expect(accountNumberError('')).toBeUndefined();
    expect(accountNumberError('0042')).toBeUndefined();
    expect(endDateError(dayjs('2026-11-02'), dayjs('2026-11-01'))).toBe(M.endBeforeStart);
    expect(endDateError(dayjs('2026-11-02'), dayjs('2026-11-02'))).toBeUndefined();
    expect(endDateError(dayjs('2026-11-02'), null)).toBe(M.endRequired);
  });

  it('an empty form fails the shared check with the spec texts in order', () => {
    const checked = checkAttendanceCheckForm(toCreateBody({}));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.messages).toEqual([M.attendanceCheckIdRequired, M.hrmsIdRequired, M.startRequired, M.endRequired, M.systemRequired]);
  });
});
