import { describe, expect, it } from 'vitest';
import { fixedRequestTag, shownFixedStaffStatus, shownFlexibleStatus } from '@tms/contracts/overtime';

describe('fixed request tag (spec 001 §4.5)', () => {
  it.each([
    [[6, 1, 3], 'CANCELLED'],
    [[1, 3, 4], '1/3 PENDING'],
    [[1, 1], '2/2 PENDING'],
    [[10, 3], 'EXPIRED'],
    [[3, 4, 5], '3/3 DONE'],
    [[3], '1/1 DONE'],
  ])('%j reads %s', (statuses, text) => {
    expect(fixedRequestTag(statuses).text).toBe(text);
  });

  it('derives Expired only for pending rows and open flexible indexes on or before the lock date', () => {
    expect(shownFixedStaffStatus(1, '2026-10-20', '2026-10-25')).toBe(10);
    expect(shownFixedStaffStatus(1, '2026-10-26', '2026-10-25')).toBe(1);
    expect(shownFixedStaffStatus(3, '2026-10-20', '2026-10-25')).toBe(3);
    expect(shownFixedStaffStatus(1, '2026-10-20', null)).toBe(1);
    expect([0, 1, 3].map((s) => shownFlexibleStatus(s, '2026-10-25', '2026-10-25'))).toEqual([7, 7, 7]);
    expect([2, 4, 5, 6].map((s) => shownFlexibleStatus(s, '2026-10-25', '2026-10-25'))).toEqual([2, 4, 5, 6]);
  });
});
