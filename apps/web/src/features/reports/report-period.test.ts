import { describe, expect, it } from 'vitest';
import { lastEndedPeriodId } from './report-period.ts';

const periods = [
  { timesheet_id: 3, from_date: '2026-11-26', to_date: '2026-12-25' },
  { timesheet_id: 2, from_date: '2026-10-26', to_date: '2026-11-25' },
  { timesheet_id: 1, from_date: '2026-09-26', to_date: '2026-10-25' },
];

describe('lastEndedPeriodId', () => {
  it('picks the latest period that ended before today, whatever the list order', () => {
    expect(lastEndedPeriodId(periods, '2026-11-26')).toBe(2);
    expect(lastEndedPeriodId(periods, '2026-11-25')).toBe(1);
    expect(lastEndedPeriodId([...periods].reverse(), '2027-01-10')).toBe(3);
  });

  it('falls back to the earliest when none has ended, and is null without periods or today', () => {
    expect(lastEndedPeriodId(periods, '2026-01-01')).toBe(1);
    expect(lastEndedPeriodId([], '2026-11-26')).toBeNull();
    expect(lastEndedPeriodId(periods, null)).toBeNull();
  });
});
