import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { BONUS_LEAVE_MESSAGES as M } from '@tms/contracts/bonus-leave';
import {
  applyDateError,
  expireDateError,
  isApplyDateDisabled,
  isExpireDateDisabled,
  leaveHourError,
  staffError,
  type GrantLimits,
} from './bonus-leave-form-rules.ts';

const limits: GrantLimits = { today: dayjs('2026-11-21'), lockDate: dayjs('2026-09-25') };
const noLimits: GrantLimits = { today: null, lockDate: null };
const d = (iso: string) => dayjs(iso);

describe('staffError', () => {
  it('needs at least one staff', () => {
    expect(staffError(undefined)).toBe(M.staffRequired);
    expect(staffError([])).toBe(M.staffRequired);
    expect(staffError(['staff'])).toBeNull();
  });
});

describe('leaveHourError (spec 000 §5, the server’s texts)', () => {
  it.each([
    [null, M.leaveHourRequired],
    [undefined, M.leaveHourRequired],
    ['', M.leaveHourRequired],
    ['abc', M.leaveHourInvalid],
    [Number.NaN, M.leaveHourInvalid],
    [0, M.leaveHourRange],
    [-1, M.leaveHourRange],
    [200.01, M.leaveHourRange],
    [250, M.leaveHourRange],
    [1.555, M.leaveHourDecimals],
    [0.001, M.leaveHourDecimals],
  ])('%s → %s', (value, message) => {
    expect(leaveHourError(value)).toBe(message);
  });

  it.each([0.01, 0.5, 1, 2.1, 8, 199.99, 200, '1.50'])('%s is valid', (value) => {
    expect(leaveHourError(value)).toBeNull();
  });

  it('when editing, refuses fewer hours than already used', () => {
    expect(leaveHourError(3, { usedHours: 4, locked: false })).toBe(M.leaveHourBelowUsed('4.00'));
    expect(leaveHourError(4, { usedHours: 4, locked: false })).toBeNull();
  });
});

describe('applyDateError', () => {
  it('is required', () => {
    expect(applyDateError(null, d('2026-12-31'), limits)).toBe(M.applyDateRequired);
  });

  it('may equal the expiry but not follow it', () => {
    expect(applyDateError(d('2026-12-31'), d('2026-12-31'), limits)).toBeNull();
    expect(applyDateError(d('2027-01-01'), d('2026-12-31'), limits)).toBe(M.applyAfterExpire);
  });

  it('must follow the lock date, except on a row already applied inside the lock', () => {
    expect(applyDateError(d('2026-09-25'), d('2026-12-31'), limits)).toBe(M.applyDateLocked('25/09/2026'));
    expect(applyDateError(d('2026-09-26'), d('2026-12-31'), limits)).toBeNull();
    expect(applyDateError(d('2026-09-01'), d('2026-12-31'), limits, { usedHours: 0, locked: true })).toBeNull();
  });

  it('skips the lock rule while the lock date is unknown', () => {
    expect(applyDateError(d('2020-01-01'), null, noLimits)).toBeNull();
  });
});

describe('expireDateError', () => {
  it('is required and not before the server’s today', () => {
    expect(expireDateError(undefined, limits)).toBe(M.expireDateRequired);
    expect(expireDateError(d('2026-11-20'), limits)).toBe(M.expireBeforeToday);
    expect(expireDateError(d('2026-11-21'), limits)).toBeNull();
  });
});

describe('disabled days of the pickers', () => {
  it('apply: only days after the lock date', () => {
    expect(isApplyDateDisabled(d('2026-09-25'), limits)).toBe(true);
    expect(isApplyDateDisabled(d('2026-09-26'), limits)).toBe(false);
    expect(isApplyDateDisabled(d('2000-01-01'), noLimits)).toBe(false);
  });

  it('expire: not before today', () => {
    expect(isExpireDateDisabled(d('2026-11-20'), limits)).toBe(true);
    expect(isExpireDateDisabled(d('2026-11-21'), limits)).toBe(false);
  });

  it('keeps an expiry before the apply date selectable, so typing it names the wrong order instead of clearing it', () => {
    expect(isExpireDateDisabled(d('2026-11-30'), limits)).toBe(false);
    expect(applyDateError(d('2026-12-01'), d('2026-11-30'), limits)).toBe('Apply date must be less than Expired date');
  });
});
