import { describe, expect, it } from 'vitest';
import type { FixedListRow } from '@tms/contracts/overtime-list';
import { overtimeView, ownStaffRow } from './overtime-view.ts';

const row = { staff: [{ employeeId: 7, name: 'Son Staff', user_name: 'staff', status: 3, statusText: 'APPROVED' }] } as unknown as FixedListRow;

describe('overtime view (issue 26 §1.1)', () => {
  it('a flexible staff member starts on the flexible list and may switch to the fixed one', () => {
    expect(overtimeView('FLEXIBLE', undefined)).toEqual({ kind: 'FLEXIBLE', canSwitch: true });
    expect(overtimeView('FLEXIBLE', 'FIXED')).toEqual({ kind: 'FIXED', canSwitch: true });
  });
  it('finds the viewer’s own staff row, none for someone not listed', () => {
    expect(ownStaffRow(row, 7)?.status).toBe(3);
    expect(ownStaffRow(row, 8)).toBeNull();
    expect(ownStaffRow(row, null)).toBeNull();
  });
});
