import { describe, expect, it } from 'vitest';
import { statusInfo } from './status-info.ts';

describe('statusInfo', () => {
  it('reads each list by its own numbers (RULES.md §4, §5)', () => {
    expect(statusInfo('request', 3).label).toBe('Approved');
    expect(statusInfo('timesheet', 3).label).toBe('Pending approval');
    expect(statusInfo('timesheet', '4').label).toBe('Approved');
    expect(statusInfo('request', 10).label).toBe('Expired');
    expect(statusInfo('abnormal', 0).label).toBe('Unexplained');
  });
  it('shows an unknown number as itself', () => {
    expect(statusInfo('request', 99)).toEqual({ label: '99', color: 'default' });
    expect(statusInfo('request', null).label).toBe('');
  });
});
