import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { BonusLeaveRow } from '@tms/contracts/bonus-leave';
import { editedGrantOf, editValuesOf, toCreateBody, toUpdateBody } from './bonus-leave-form-values.ts';

const row = {
  id: 7,
  version: 3,
  leaveHour: 8,
  usedHours: 2,
  applyDate: '01/10/2026',
  expireDate: '31/12/2026',
  description: 'Hackathon winner',
} as BonusLeaveRow;

describe('bonus leave form ↔ payloads (spec 000 §7: dates DD/MM/YYYY)', () => {
  it('create sends the usernames, hours, note and dates', () => {
    const body = toCreateBody({ usernames: ['staff', 'staff2'], leaveHour: 8.5, applyDate: dayjs('2026-12-01'), expireDate: dayjs('2027-03-31'), description: 'Release' });
    expect(body).toEqual({ usernames: ['staff', 'staff2'], leaveHour: 8.5, description: 'Release', applyDate: '01/12/2026', expireDate: '31/03/2027' });
  });

  it('a blank note is sent as none', () => {
    expect(toCreateBody({ usernames: ['staff'], leaveHour: 1, applyDate: null, expireDate: null, description: '  ' })).toMatchObject({
      description: null,
      applyDate: null,
      expireDate: null,
    });
  });

  it('update sends id and version with the edited fields, never the staff', () => {
    const body = toUpdateBody(row, { ...editValuesOf(row), leaveHour: 10 });
    expect(body).toEqual({ id: 7, version: 3, leaveHour: 10, description: 'Hackathon winner', applyDate: '01/10/2026', expireDate: '31/12/2026' });
  });

  it('edit starts from the row, reading its DD/MM/YYYY dates', () => {
    const values = editValuesOf(row);
    expect(values.leaveHour).toBe(8);
    expect(values.applyDate?.format('YYYY-MM-DD')).toBe('2026-10-01');
    expect(values.expireDate?.format('YYYY-MM-DD')).toBe('2026-12-31');
  });

  it('a row applied on or before the lock date is locked', () => {
    expect(editedGrantOf(row, dayjs('2026-10-01'))).toEqual({ usedHours: 2, locked: true });
    expect(editedGrantOf(row, dayjs('2026-09-30'))).toEqual({ usedHours: 2, locked: false });
    expect(editedGrantOf(row, null)).toEqual({ usedHours: 2, locked: false });
  });
});
