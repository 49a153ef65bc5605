import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { complianceQueryOf, monthText, shareText, yearSoFar } from './ot-compliance-rules.ts';

describe('Overtime compliance filter (issue 27 §2)', () => {
  it('starts on January to this month, also on 1 January', () => {
    expect(yearSoFar(dayjs('2027-01-01')).map((d) => d.format('YYYY-MM'))).toEqual(['2027-01', '2027-01']);
    expect(yearSoFar(dayjs('2026-11-28')).map((d) => d.format('YYYY-MM'))).toEqual(['2026-01', '2026-11']);
  });

  it('sends months YYYY-MM and lists joined; nothing without months', () => {
    expect(complianceQueryOf({ months: null })).toBeUndefined();
    expect(complianceQueryOf({ months: [dayjs('2026-10-05'), dayjs('2026-11-20')], departments: [3, 4], onlyAtRisk: true })).toEqual({
      fromMonth: '2026-10',
      toMonth: '2026-11',
      divisions: undefined,
      departments: '3,4',
      users: undefined,
      onlyAtRisk: 'true',
    });
  });

  it('shows months MM/YYYY and shares as whole percentages', () => {
    expect(monthText('2026-11')).toBe('11/2026');
    expect(shareText(0.875)).toBe('88%');
  });
});
