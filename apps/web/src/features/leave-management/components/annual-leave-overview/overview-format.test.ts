import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { formatSeniority, fundRowText, ledgerSource, monthLeaveText, signedHours } from './overview-format.ts';

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

  it('signs explain lines', () => {
    expect(signedHours(8)).toBe('+8.00');
    expect(signedHours(-2.5)).toBe('−2.50');
    expect(signedHours(0)).toBe('0.00');
  });

  /** Issue 26 §11: sources read 'USE (request:37)' and fund rows '#254'. */
  it('names a line’s source as people know it, with the request to open', async () => {
    const line = { cause: 'USE', causeRef: 'request:37', scheduled: false, request: { id: 37, reasonName: 'Annual leave', startDate: '03/12/2026' } };
    expect(ledgerSource(line)).toEqual({ text: 'Used: Annual leave request 03/12/2026', requestId: 37 });
    expect(ledgerSource({ ...line, cause: 'RETURN' }).text).toBe('Returned: Annual leave request 03/12/2026');
    expect(ledgerSource({ cause: 'ADJUST', causeRef: 'employee:12', scheduled: false, request: null }).text).toBe('Adjusted: Remain annual leave changed on the employee form');
    expect(ledgerSource({ cause: 'EXPIRE', causeRef: 'year-end:2026', scheduled: false, request: null }).text).toBe('Expired: Year end 2026');
    expect(ledgerSource({ cause: 'GRANT', causeRef: null, scheduled: false, request: null })).toEqual({ text: 'Granted', requestId: null });
    expect(ledgerSource({ cause: 'USE', causeRef: 'demo:leave-use:bonus-1', scheduled: false, request: null }).text).toBe('Used');
    expect(ledgerSource({ cause: 'EXPIRE', causeRef: 'scheduled:7', scheduled: true, request: null }).text).toBe('Scheduled expiry (on the expire date)');
    expect(fundRowText({ applyDate: '25/01/2026', expireDate: '31/12/2026' })).toBe('25/01/2026 – 31/12/2026');
    await setLanguage('vi');
    try {
      expect(ledgerSource({ ...line, request: { ...line.request, reasonName: 'Nghỉ phép năm' } }).text).toBe('Sử dụng: Yêu cầu Nghỉ phép năm ngày 03/12/2026');
    } finally {
      await setLanguage('en');
    }
  });
});
