import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { GeneralConfigRow } from '@tms/contracts/general-config';
import { editValuesOf, toCreateBody, toUpdateBody } from './general-config-form-values.ts';
import { pageAfterRemoval } from '../../../../components/record-tab.tsx';

const row: GeneralConfigRow = {
  id: 7,
  seniorityLeaveHour: 8,
  seniorityLeaveYear: 5,
  conditionalMonth: 80,
  leaveHourInMonth: 8,
  advanceLeave: 2,
  applyDate: '24/11/2026',
  expireDate: '31/12/2027',
  object_type: 'OFFICIAL',
  createdBy: null,
  modifiedBy: null,
  createdDate: '2026-11-23T03:00:00.000Z',
  modifiedDate: '2026-11-23T03:00:00.000Z',
  version: 3,
  canEdit: true,
  canRemove: true,
  fieldsLocked: false,
  inForceToday: false,
};

describe('form values', () => {
  it('sends the spec payload with DD/MM/YYYY dates', () => {
    const values = { ...editValuesOf(row), leaveHourInMonth: 10 };
    expect(toCreateBody(values)).toEqual({
      seniorityLeaveHour: 8,
      seniorityLeaveYear: 5,
      conditionalMonth: 80,
      leaveHourInMonth: 10,
      advanceLeave: 2,
      applyDate: '24/11/2026',
      expireDate: '31/12/2027',
      object_type: null,
    });
  });

  it('adds id and version to an edit and keeps the stored object_type', () => {
    const body = toUpdateBody(row, { ...editValuesOf(row), expireDate: dayjs('2028-01-31') });
    expect(body).toMatchObject({ id: 7, version: 3, object_type: 'OFFICIAL', expireDate: '31/01/2028', applyDate: '24/11/2026' });
  });

  it('starts the edit form from the row', () => {
    const values = editValuesOf(row);
    expect(values.applyDate?.format('YYYY-MM-DD')).toBe('2026-11-24');
    expect(values.conditionalMonth).toBe(80);
  });
});

describe('page after a removal (spec 000 §4)', () => {
  it('goes back one page after deleting the last row of a page', () => {
    expect(pageAfterRemoval(1, 3)).toBe(2);
  });
  it('stays on the page while rows remain, and never goes below page 1', () => {
    expect(pageAfterRemoval(4, 3)).toBe(3);
    expect(pageAfterRemoval(1, 1)).toBe(1);
  });
});
