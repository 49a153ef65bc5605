import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { SPECIAL_EXPLANATION_MESSAGES as M, type SpecialExplanationRow } from '@tms/contracts/special-explanation';
import {
  dateError,
  descriptionError,
  editValuesOf,
  formatTime,
  isSpecialDateDisabled,
  reasonError,
  requestError,
  staffError,
  timeError,
  toCreateBody,
  toUpdateBody,
} from './special-explanation-form.ts';

describe('special explanation form rules (spec 001 §5.3)', () => {
  it('gives the spec texts for missing fields', () => {
    expect(requestError(undefined)).toBe(M.requestRequired);
    expect(reasonError('')).toBe(M.reasonRequired);
    expect(staffError([])).toBe(M.staffRequired);
    expect(dateError(null)).toBe(M.dateRequired);
    expect(timeError(null)).toBe(M.timeRequired);
    expect(staffError([1])).toBeNull();
  });

  it('takes a time above 0 up to 24 with at most 2 decimals', () => {
    expect(timeError(0)).toBe(M.timeRange);
    expect(timeError(24.01)).toBe(M.timeRange);
    expect(timeError(1.234)).toBe(M.timeDecimals);
    expect(timeError(24)).toBeNull();
    expect(timeError(0.01)).toBeNull();
    expect(formatTime(1.5)).toBe('1.50');
    expect(formatTime(null)).toBe('');
  });

  it('limits the description to 1000 characters', () => {
    expect(descriptionError('x'.repeat(1000))).toBeNull();
    expect(descriptionError('x'.repeat(1001))).toBe(M.descriptionTooLong);
  });

  it('disables weekends and dates on or before the lock date', () => {
    const lock = dayjs('2026-02-28');
    expect(isSpecialDateDisabled(dayjs('2026-03-14'), lock)).toBe(true); // Saturday
    expect(isSpecialDateDisabled(dayjs('2026-03-15'), lock)).toBe(true); // Sunday
    expect(isSpecialDateDisabled(dayjs('2026-02-27'), lock)).toBe(true);
    expect(isSpecialDateDisabled(dayjs('2026-03-02'), lock)).toBe(false);
    expect(isSpecialDateDisabled(dayjs('2026-02-27'), null)).toBe(false);
  });

  it('builds the create and edit bodies with the date as DD/MM/YYYY', () => {
    const values = { requestReason: 'EXPLANATION_REQUEST', type: 'LATE_TRAFFIC', listEmployee: [3, 4], date: dayjs('2026-03-16'), time: 1.5, description: ' ', ccMail: [7] };
    expect(toCreateBody(values)).toEqual({ requestReason: 'EXPLANATION_REQUEST', type: 'LATE_TRAFFIC', listEmployee: [3, 4], date: '16/03/2026', time: 1.5, description: null, ccMail: [7] });
    expect(toUpdateBody({ id: 9, version: 2 }, values)).toMatchObject({ id: 9, version: 2, date: '16/03/2026' });
  });

  it('fills the edit form from a row', () => {
    const row = {
      id: 1, employeeId: 3, employeeName: 'Son', userName: 'staff', departmentEmployee: null, date: '16/03/2026', time: 2.25, type: 'LATE_TRAFFIC',
      typeName: 'Late', typeNameVi: 'Muộn', requestReason: 'EXPLANATION_REQUEST', description: null, createBy: 'hr', createByName: null, departmentCreator: null,
      ccMailInfor: [{ employeeId: 7, username: 'gl' }], is_from_sf4c: false, version: 1, canEdit: true,
    } satisfies SpecialExplanationRow;
    const v = editValuesOf(row);
    expect(v.date?.format('YYYY-MM-DD')).toBe('2026-03-16');
    expect(v).toMatchObject({ listEmployee: [3], time: 2.25, ccMail: [7], type: 'LATE_TRAFFIC' });
  });
});
