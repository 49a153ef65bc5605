import { describe, expect, it } from 'vitest';
import { formatSeniority, monthLeaveText, signedHours, sourceText } from './overview-format.ts';

describe('overview formatting', () => {
  it('writes seniority in years, months and days', () => {
    expect(formatSeniority({ years_seniority: 6, months_seniority: 1, days_seniority: 0 })).toBe('6 years 1 month 0 days');
    expect(formatSeniority({ years_seniority: 1, months_seniority: 11, days_seniority: 1 })).toBe('1 year 11 months 1 day');
    expect(formatSeniority({ years_seniority: null, months_seniority: null, days_seniority: null })).toBe('');
  });

  it("shows a month without accrual as 'Not allowed' and the others in hours", () => {
    expect(monthLeaveText({ month: '03/2026', totalLeave: 0 })).toBe('Not allowed');
    expect(monthLeaveText({ month: '04/2026', totalLeave: 9.5 })).toBe('9.50');
    expect(monthLeaveText({ month: '05/2026', totalLeave: 1.005 })).toBe('1.01');
  });

  it('signs explain lines and names their source', () => {
    expect(signedHours(8)).toBe('+8.00');
    expect(signedHours(-2.5)).toBe('−2.50');
    expect(signedHours(0)).toBe('0.00');
    expect(sourceText('USE', 'leave_request:1')).toBe('USE (leave_request:1)');
    expect(sourceText('GRANT', null)).toBe('GRANT');
    expect(sourceText('EXPIRE', 'scheduled:7', true)).toBe('Scheduled expiry (on the expire date)');
  });
});
