import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { LeaveCarryoverRow } from '@tms/contracts/leave-carryover';
import { editValuesOf, toCreateBody, toUpdateBody } from './leave-carryover-form-values.ts';

const row = {
  id: 7,
  version: 3,
  username: 'staff',
  financialYear: 2026,
  leaveHours: 8,
  applyDate: '02/01/2027',
  expireDate: '31/03/2027',
  description: 'From 2026',
} as LeaveCarryoverRow;

describe('leave carryover form values', () => {
  it('sends dates as DD/MM/YYYY and a blank note as null (spec 000 §7)', () => {
    const body = toCreateBody({ username: 'staff', financialYear: 2026, leaveHours: 4.5, applyDate: dayjs('2027-01-02'), expireDate: dayjs('2027-03-31'), description: ' ' });
    expect(body).toEqual({ username: 'staff', financialYear: 2026, leaveHours: 4.5, description: null, applyDate: '02/01/2027', expireDate: '31/03/2027' });
  });

  it('edits start from the row and send its id, version and staff', () => {
    const values = editValuesOf(row);
    expect(values.applyDate?.format('YYYY-MM-DD')).toBe('2027-01-02');
    expect(toUpdateBody(row, { ...values, username: 'someone-else', leaveHours: 6 })).toEqual({
      id: 7,
      version: 3,
      username: 'staff',
      financialYear: 2026,
      leaveHours: 6,
      description: 'From 2026',
      applyDate: '02/01/2027',
      expireDate: '31/03/2027',
    });
  });
});
