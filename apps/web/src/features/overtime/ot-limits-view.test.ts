import { describe, expect, it } from 'vitest';
import type { OtUsage } from '@tms/contracts/overtime-limits';
import { overMessages, usageLine } from './ot-limits-view.ts';

const usage = (over: OtUsage['over']): OtUsage => ({
  employee_id: 1,
  name: 'An Nguyễn',
  user_name: 'an',
  month_key: '2026-11',
  year: 2026,
  listed_sector: false,
  month: { approved: 38.5, planned: 0, request: 3, after: 41.5, limit: 40 },
  year_total: { approved: 100, planned: 0, request: 3, after: 103, limit: 200 },
  day: { approved: 8, planned: 0, request: 3, after: 11, limit: 12 },
  over,
});

describe('the overtime limits on the form (issue 27 §2)', () => {
  it('shows each staff member with this request against the limits and the hours left (never below 0)', () => {
    expect(usageLine(usage([]))).toEqual({ name: 'An Nguyễn', month: '41.50', monthLimit: '40', year: '103.00', yearLimit: '200', headroom: '0.00' });
  });

  it('names the staff over a limit with the server message', () => {
    const message = 'Overtime limit exceeded: 38.5 of 40 hours this month already approved';
    expect(overMessages([usage([{ limit: 'month', message }])])).toEqual([`An Nguyễn: ${message}`]);
    expect(overMessages(undefined)).toEqual([]);
  });
});
