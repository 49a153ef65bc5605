import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { checkinFiltersInUse } from './checkin-filters.tsx';

const DEFAULT_RANGE = { from: '2026-11-09', to: '2026-12-06' };
const range = (from: string, to: string) => [dayjs(from), dayjs(to)] as [dayjs.Dayjs, dayjs.Dayjs];

describe('the Check In-Out filters in use (the count on the phone’s Filters button)', () => {
  it('counts nothing for the default view: the viewer over the default range', () => {
    expect(checkinFiltersInUse({}, DEFAULT_RANGE)).toBe(0);
    expect(checkinFiltersInUse({ employee: [], range: range('2026-11-09', '2026-12-06') }, DEFAULT_RANGE)).toBe(0);
  });

  it('counts a department, a chosen staff member and a range of their own', () => {
    expect(checkinFiltersInUse({ range: range('2026-11-24', '2026-11-30') }, DEFAULT_RANGE)).toBe(1);
    expect(checkinFiltersInUse({ employee: 'staff' }, DEFAULT_RANGE)).toBe(1);
    expect(checkinFiltersInUse({ department: 'WEB', employee: ['staff'], range: range('2026-11-09', '2026-11-30') }, DEFAULT_RANGE)).toBe(3);
  });
});
