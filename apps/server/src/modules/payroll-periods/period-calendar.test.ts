import { describe, expect, it } from 'vitest';
import { periodContaining, periodMonthOf, periodOfMonth } from './period-calendar.ts';

describe('payroll calendar (RULES.md §4: 26th of M−1 to 25th of M, named for M)', () => {
  it.each([
    ['2026-11-23', '2026-11', 'T11-2026', '2026-10-26', '2026-11-25'],
    ['2026-11-25', '2026-11', 'T11-2026', '2026-10-26', '2026-11-25'],
    ['2026-11-26', '2026-12', 'T12-2026', '2026-11-26', '2026-12-25'],
    ['2026-12-26', '2027-01', 'T01-2027', '2026-12-26', '2027-01-25'],
    ['2026-12-31', '2027-01', 'T01-2027', '2026-12-26', '2027-01-25'],
    ['2027-01-01', '2027-01', 'T01-2027', '2026-12-26', '2027-01-25'],
    ['2028-02-29', '2028-03', 'T03-2028', '2028-02-26', '2028-03-25'],
  ])('%s lies in the period of %s', (date, month, name, from, to) => {
    expect(periodMonthOf(date)).toBe(month);
    expect(periodContaining(date)).toEqual({ month, name, from, to });
    expect(periodOfMonth(month)).toEqual({ month, name, from, to });
  });
});
