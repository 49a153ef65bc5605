import { describe, expect, it } from 'vitest';
import { defaultPeriodId, periodLabel } from './my-timesheet-period.ts';

// Newest first, as GET /tms/filters/periods answers.
const periods = [
  { timesheet_id: 3, name: 'T12-2026', from_date: '2026-11-26', to_date: '2026-12-25' },
  { timesheet_id: 2, name: 'T11-2026', from_date: '2026-10-26', to_date: '2026-11-25' },
  { timesheet_id: 1, name: 'T10-2026', from_date: '2026-09-26', to_date: '2026-10-25' },
];

describe('default period', () => {
  it.each([
    ['2026-11-21', 2],
    ['2026-10-26', 2],
    ['2026-11-25', 2],
    ['2026-11-26', 3],
    ['2026-09-26', 1],
  ])('on %s opens period %s (the one containing today)', (today, id) => {
    expect(defaultPeriodId(periods, today)).toBe(id);
  });

  it('opens the latest period when none contains today or today is unknown', () => {
    expect(defaultPeriodId(periods, '2027-03-01')).toBe(3);
    expect(defaultPeriodId(periods, null)).toBe(3);
    expect(defaultPeriodId([...periods].reverse(), '2020-01-01')).toBe(3);
  });

  it('has none without periods', () => {
    expect(defaultPeriodId([], '2026-11-21')).toBeNull();
    expect(defaultPeriodId(undefined, '2026-11-21')).toBeNull();
  });

  it('labels a period with its dates', () => {
    expect(periodLabel(periods[1]!)).toBe('T11-2026 (26/10/2026 - 25/11/2026)');
  });
});
