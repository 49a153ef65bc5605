import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DATE_ISO, isWeekendIso } from '@tms/contracts/api';
import { TIMESHEET_CALC_MESSAGES as M, calculateBodySchema, calculateQuerySchema } from '@tms/contracts/timesheet-calc';
import {
  calculateDateError,
  calculateEmployeesError,
  calculateLimits,
  calculatePickerStart,
  calculateRequest,
  futureTimesheetError,
  isCalculateDateDisabled,
} from './calculate-rules.ts';

const d = (iso: string) => dayjs(iso);
// Period T11-2026: 26/10/2026 (Mon) – 25/11/2026 (Wed); today Fri 20/11/2026; lock date 25/10/2026.
const period = { from_date: '2026-10-26', to_date: '2026-11-25' };
const limits = calculateLimits(period, d('2026-11-20'), d('2026-10-25'));

describe('the weekend the Calculate dialog refuses (contracts isWeekendIso; spec 001 §9: Saturday and Sunday)', () => {
  it.each([
    ['2026-11-21', true],
    ['2026-11-22', true],
    ['2026-11-23', false],
    ['2026-11-20', false],
  ])('%s → %s', (iso, weekend) => expect(isWeekendIso(d(iso).format(DATE_ISO))).toBe(weekend));
});

describe('calculateDateError (spec 001 §5.1, server order)', () => {
  it.each([
    [null, M.dateRequired],
    [undefined, M.dateRequired],
    ['2026-10-23', M.dateRequired], // before the period
    ['2026-11-26', M.dateRequired], // after the period
    ['2026-11-23', M.futureDate], // in the period, after today
    ['2026-11-01', M.weekend], // Sunday
    ['2026-10-26', null], // first day, after the lock date
    ['2026-11-20', null], // today
  ])('%s → %s', (iso, message) => {
    expect(calculateDateError(iso ? d(iso) : (iso as null | undefined), limits)).toBe(message);
  });

  it('a date on or before the lock date is refused with the server text', () => {
    const locked = calculateLimits(period, d('2026-11-20'), d('2026-11-02'));
    expect(calculateDateError(d('2026-11-02'), locked)).toBe(M.locked('02/11/2026'));
    expect(calculateDateError(d('2026-10-27'), locked)).toBe(M.locked('27/10/2026'));
    expect(calculateDateError(d('2026-11-03'), locked)).toBeNull();
  });

  it('a period starting in the future gives the future-timesheet text for any of its dates', () => {
    const future = calculateLimits({ from_date: '2026-11-26', to_date: '2026-12-25' }, d('2026-11-20'), null);
    expect(futureTimesheetError(future)).toBe(M.futureTimesheet);
    expect(calculateDateError(d('2026-11-30'), future)).toBe(M.futureTimesheet);
    expect(futureTimesheetError(limits)).toBeNull();
  });

  it('skips the today and lock rules until they are known', () => {
    const unknown = calculateLimits(period, null, null);
    expect(futureTimesheetError(unknown)).toBeNull();
    expect(calculateDateError(d('2026-11-25'), unknown)).toBeNull();
  });
});

describe('isCalculateDateDisabled', () => {
  it.each([
    ['2026-10-23', true], // outside the period
    ['2026-10-26', false],
    ['2026-10-31', true], // Saturday
    ['2026-11-20', false], // today
    ['2026-11-23', true], // future
    ['2026-11-26', true], // outside
  ])('%s → %s', (iso, disabled) => expect(isCalculateDateDisabled(d(iso), limits)).toBe(disabled));

  it('disables the lock date and before', () => {
    const locked = calculateLimits(period, d('2026-11-20'), d('2026-11-02'));
    expect(isCalculateDateDisabled(d('2026-11-02'), locked)).toBe(true);
    expect(isCalculateDateDisabled(d('2026-11-03'), locked)).toBe(false);
  });

  it('agrees with calculateDateError on every day around the period', () => {
    for (let day = d('2026-10-20'); !day.isAfter(d('2026-11-30')); day = day.add(1, 'day')) {
      expect(isCalculateDateDisabled(day, limits)).toBe(calculateDateError(day, limits) !== null);
    }
  });
});

describe('calculateEmployeesError', () => {
  it('needs at least one employee', () => {
    expect(calculateEmployeesError(undefined)).toBe(M.employeeRequired);
    expect(calculateEmployeesError([])).toBe(M.employeeRequired);
    expect(calculateEmployeesError([3])).toBeNull();
  });
});

describe('calculateRequest (spec 001 §7.1)', () => {
  it('chosen employees: ?date=YYYY-MM-DD and { employee_id: [...] }, as the server reads them', () => {
    const call = calculateRequest(d('2026-11-20'), [3, 5]);
    expect(call).toEqual({ date: '2026-11-20', body: { employee_id: [3, 5] } });
    expect(calculateQuerySchema.parse({ date: call.date })).toEqual({ date: '2026-11-20' });
    expect(calculateBodySchema.parse(call.body)).toEqual({ employee_id: [3, 5] });
  });

  it('all employees: the date only, no body', () => {
    expect(calculateRequest(d('2026-11-02'))).toEqual({ date: '2026-11-02' });
  });
});

describe('calculatePickerStart', () => {
  const t10 = { from_date: '2026-08-26', to_date: '2026-09-25' };
  it('opens on the chosen period, not the current month (issue 7 §8)', () => {
    expect(calculatePickerStart(calculateLimits(t10, dayjs('2026-11-03'), null)).format('YYYY-MM-DD')).toBe('2026-09-25');
    expect(calculatePickerStart(calculateLimits(t10, dayjs('2026-09-10'), null)).format('YYYY-MM-DD')).toBe('2026-09-10');
    expect(calculatePickerStart(calculateLimits(t10, dayjs('2026-08-01'), null)).format('YYYY-MM-DD')).toBe('2026-08-26');
    expect(calculatePickerStart(calculateLimits(t10, null, null)).format('YYYY-MM-DD')).toBe('2026-09-25');
  });
});
