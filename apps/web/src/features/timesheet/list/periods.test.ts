import { describe, expect, it } from 'vitest';
import type { PeriodOption } from '@tms/contracts/lookups';
import { pickPeriod } from './periods.ts';

const period = (id: number, from: string, to: string, current = false): PeriodOption => ({
  timesheet_id: id,
  name: `T${to.slice(5, 7)}-${to.slice(0, 4)}`,
  from_date: from,
  to_date: to,
  is_current_timesheet: current,
  status: 0,
  is_lock: false,
  working_days: 22,
});

// Newest first, as GET /tms/filters/periods answers.
const periods = [period(3, '2026-11-26', '2026-12-25'), period(2, '2026-10-26', '2026-11-25', true), period(1, '2026-09-26', '2026-10-25')];

describe('pickPeriod', () => {
  it('keeps the remembered period while it exists', () => {
    expect(pickPeriod(periods, '2026-11-20', 1)?.timesheet_id).toBe(1);
    expect(pickPeriod(periods, '2026-11-20', 99)?.timesheet_id).toBe(2);
  });

  it('takes the period containing the server today (bounds included)', () => {
    expect(pickPeriod(periods, '2026-11-26', null)?.timesheet_id).toBe(3);
    expect(pickPeriod(periods, '2026-10-25', null)?.timesheet_id).toBe(1);
  });

  it('uses the lookup flag while the server time is unknown', () => {
    expect(pickPeriod(periods, undefined, null)?.timesheet_id).toBe(2);
  });

  it('falls back to the latest period when none contains today', () => {
    expect(pickPeriod(periods, '2027-03-01', null)?.timesheet_id).toBe(3);
    expect(pickPeriod([periods[2]!, periods[0]!], '2020-01-01', null)?.timesheet_id).toBe(3);
  });

  it('is undefined without periods', () => {
    expect(pickPeriod([], '2026-11-20', null)).toBeUndefined();
    expect(pickPeriod(undefined, '2026-11-20', 1)).toBeUndefined();
  });
});
