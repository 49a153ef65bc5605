import { describe, expect, it } from 'vitest';
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

/** WCAG 2 relative luminance and contrast ratio of two '#rrggbb' colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

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
