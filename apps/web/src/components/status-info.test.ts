import { describe, expect, it } from 'vitest';
import { contrast } from '../lib/contrast.ts';
import { STATUS_INFO, STATUS_TONES, statusInfo } from './status-info.ts';

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

describe('status tones', () => {
  it('keeps every tag text at least 4.5:1 on its background (WCAG AA)', () => {
    for (const [name, tone] of Object.entries(STATUS_TONES)) {
      expect(contrast(tone.color, tone.background), name).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('gives every status of every list a known tone', () => {
    for (const list of Object.values(STATUS_INFO)) for (const info of Object.values(list)) expect(STATUS_TONES).toHaveProperty(info.color);
  });
  it('measures like axe does', () => {
    // antd's preset green (#389e0d on #f6ffed) is the 3.37:1 axe reported.
    expect(contrast('#389e0d', '#f6ffed')).toBeCloseTo(3.37, 2);
  });
});
