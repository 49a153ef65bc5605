import { describe, expect, it } from 'vitest';
import { seniorityOn } from './seniority.ts';

describe('seniorityOn (years, months, days on a day)', () => {
  it.each([
    ['2020-01-06', '2026-11-25', { years: 6, months: 10, days: 19 }],
    ['2020-01-06', '2020-01-06', { years: 0, months: 0, days: 0 }],
    ['2020-01-06', '2021-01-05', { years: 0, months: 11, days: 30 }],
    ['2020-01-06', '2021-01-06', { years: 1, months: 0, days: 0 }],
    ['2025-12-26', '2026-01-25', { years: 0, months: 0, days: 30 }],
    // 29 Feb + 1 year rolls over to 1 Mar, as the accrual engine counts anniversaries.
    ['2024-02-29', '2025-02-28', { years: 0, months: 11, days: 30 }],
    ['2024-02-29', '2025-03-01', { years: 1, months: 0, days: 0 }],
    // 31 Jan + 1 month = 3 Mar in a common year: on 28 Feb the month is not complete yet.
    ['2026-01-31', '2026-02-28', { years: 0, months: 0, days: 28 }],
    ['2026-01-31', '2026-03-03', { years: 0, months: 1, days: 0 }],
  ])('%s → %s', (start, day, expected) => {
    expect(seniorityOn(start, day)).toEqual(expected);
  });

  it('is null without a date and zero when the date is later than the day', () => {
    expect(seniorityOn(null, '2026-11-25')).toBeNull();
    expect(seniorityOn('2027-01-01', '2026-11-25')).toEqual({ years: 0, months: 0, days: 0 });
  });
});
