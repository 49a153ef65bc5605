import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { GENERAL_CONFIG_MESSAGES as M } from '@tms/contracts/general-config';
import { applyDateError, expireDateError, isApplyDateDisabled, isExpireDateDisabled, numberError } from './general-config-form-rules.ts';

const today = dayjs('2026-11-23');
const limits = { today, lockDate: dayjs('2026-10-25') };

describe('number rules (spec 000 §5, the server’s own check)', () => {
  it.each<[Parameters<typeof numberError>[0], unknown, string | null]>([
    ['seniorityLeaveHour', null, 'Seniority day is required'],
    ['seniorityLeaveHour', 100, null],
    ['seniorityLeaveHour', 100.01, 'Seniority day in range 0-100'],
    ['seniorityLeaveHour', 1.125, 'Seniority day must have at most 2 decimals'],
    ['seniorityLeaveYear', undefined, 'Seniority year is required'],
    ['seniorityLeaveYear', -1, 'Seniority year in range 0-100'],
    ['conditionalMonth', '', 'Condition/Month is required'],
    ['conditionalMonth', 80.5, 'Condition/Month is integer'],
    ['conditionalMonth', 0, null],
    ['leaveHourInMonth', null, 'Annual hour(s)/month is required'],
    ['leaveHourInMonth', 99, null],
    ['leaveHourInMonth', 120, 'Annual hour(s)/month in range 0-99'],
    ['advanceLeave', null, 'Advance payment leave is required'],
    ['advanceLeave', 13, 'Advance payment leave in range 0-12'],
    ['advanceLeave', 2.5, 'Advance payment leave is integer'],
    ['advanceLeave', 'two', 'Advance payment leave is invalid'],
  ])('%s %s', (field, value, message) => {
    expect(numberError(field, value)).toBe(message);
  });
});

describe('date rules', () => {
  it('requires both dates', () => {
    expect(applyDateError(null, null, limits)).toBe(M.applyDateRequired);
    expect(expireDateError(undefined, limits)).toBe(M.expireDateRequired);
  });

  it('wants the apply date after today and not after the expiry', () => {
    expect(applyDateError(today, today.add(10, 'day'), limits)).toBe(M.applyNotAfterToday);
    expect(applyDateError(today.add(1, 'day'), today.add(10, 'day'), limits)).toBeNull();
    expect(applyDateError(today.add(11, 'day'), today.add(10, 'day'), limits)).toBe(M.applyAfterExpire);
    expect(applyDateError(today.add(10, 'day'), today.add(10, 'day'), limits)).toBeNull();
  });

  it('keeps a stored apply date valid when an edit leaves it as it is', () => {
    const stored = today.subtract(5, 'day');
    expect(applyDateError(stored, today.add(10, 'day'), limits, stored)).toBeNull();
    expect(applyDateError(today.subtract(4, 'day'), today.add(10, 'day'), limits, stored)).toBe(M.applyNotAfterToday);
  });

  it('names the lock date when it is today or later', () => {
    const late = { today, lockDate: today.add(5, 'day') };
    expect(applyDateError(today.add(3, 'day'), today.add(10, 'day'), late)).toBe(M.applyDateLocked(today.add(5, 'day').format('DD/MM/YYYY')));
  });

  it('refuses an expiry before today', () => {
    expect(expireDateError(today.subtract(1, 'day'), limits)).toBe(M.expireBeforeToday);
    expect(expireDateError(today, limits)).toBeNull();
  });

  it('leaves the today rules to the server until the server time is known', () => {
    const unknown = { today: null, lockDate: null };
    expect(applyDateError(dayjs('2000-01-01'), dayjs('2000-02-01'), unknown)).toBeNull();
    expect(expireDateError(dayjs('2000-01-01'), unknown)).toBeNull();
  });

  it('offers apply dates after today and expiries from today', () => {
    expect(isApplyDateDisabled(today, limits)).toBe(true);
    expect(isApplyDateDisabled(today.add(1, 'day'), limits)).toBe(false);
    expect(isExpireDateDisabled(today.subtract(1, 'day'), limits)).toBe(true);
    expect(isExpireDateDisabled(today, limits)).toBe(false);
  });
});
