import { describe, expect, it } from 'vitest';
import { LEAVE_CARRYOVER_MESSAGES as M } from '@tms/contracts/leave-carryover';
import { financialYearError, leaveHoursError, staffError } from './leave-carryover-form-rules.ts';

describe('leave carryover form rules (spec 000 §5)', () => {
  it('requires a staff and the financial year', () => {
    expect(staffError(undefined)).toBe(M.staffRequired);
    expect(staffError(' ')).toBe(M.staffRequired);
    expect(staffError('staff')).toBeNull();
    expect(financialYearError(null)).toBe(M.financialYearRequired);
    expect(financialYearError(2026)).toBeNull();
  });

  it('checks the hours against the remaining hours, in steps of 0.5', () => {
    expect(leaveHoursError(null, 16)).toBe(M.leaveHoursRequired);
    expect(leaveHoursError(0, 16)).toBe('Leave hour(s) must be between 0 and 16');
    expect(leaveHoursError(16.5, 16)).toBe('Leave hour(s) must be between 0 and 16');
    expect(leaveHoursError(1.2, 16)).toBe(M.leaveHoursStep);
    expect(leaveHoursError(16, 16)).toBeNull();
    expect(leaveHoursError(0.5, 12.75)).toBeNull();
  });

  it('on edit the row’s own hours stay allowed and the hours never drop below those used', () => {
    const edited = { usedHours: 2, leaveHours: 8, applyDateLocked: true, leaveHoursLocked: false };
    expect(leaveHoursError(8, 0, edited)).toBeNull();
    expect(leaveHoursError(8.5, 0, edited)).toBe('Leave hour(s) must be between 0 and 8');
    expect(leaveHoursError(1.5, 10, edited)).toBe(M.leaveHoursBelowUsed('2.00'));
  });
});
