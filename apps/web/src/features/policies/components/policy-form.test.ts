import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { POLICY_MESSAGES as M } from '@tms/contracts/policies';
import { dateMessages, explanationMessage, linkMessage, toPolicyBody } from './policy-form.ts';

describe('staff policy modal rules (spec 002 §5)', () => {
  it('explanation fields', () => {
    expect(explanationMessage('explanation_number', '')).toBe('Times/ payroll period is required');
    expect(explanationMessage('explanation_number', 'a')).toBe('Times/ payroll period is invalid');
    expect(explanationMessage('explanation_time_per_days', '1.5')).toBe('Times/ day is integer');
    expect(explanationMessage('explanation_number', '200')).toBe('Times/ payroll period must be between 0 and 200');
    expect(explanationMessage('refund_hours_per_explanation', '199.9')).toBeNull();
    expect(explanationMessage('refund_hours_per_explanation', '1.25')).toBe('Invalid duration (ex: 0.1, 0.2, 1, 1.1, ...) ');
    expect(explanationMessage('refund_hours_per_explanation', '0')).toBeNull();
  });

  it('policy link', () => {
    expect(linkMessage('')).toBe('Policy Link is required');
    expect(linkMessage('www.example.com')).toBe('Http Link is invalid');
    expect(linkMessage(`https://e.com/${'a'.repeat(1500)}`)).toBe(M.linkTooLong);
    expect(linkMessage('https://e.com/a')).toBeNull();
  });

  it('dates against the lock date and today', () => {
    const ctx = { lockDate: dayjs('2026-02-25'), today: dayjs('2026-03-18') };
    expect(dateMessages('apply_date', null, null, ctx)).toBe('Apply Date is required');
    expect(dateMessages('expire_date', dayjs('2026-03-01'), null, ctx)).toBe('Expired Date is required');
    expect(dateMessages('apply_date', dayjs('2026-02-25'), dayjs('2026-12-31'), ctx)).toBe(M.applyLocked('25/02/2026'));
    expect(dateMessages('apply_date', dayjs('2026-02-25'), dayjs('2026-12-31'), { ...ctx, keptLockedApply: true })).toBeNull();
    expect(dateMessages('apply_date', dayjs('2026-04-02'), dayjs('2026-04-01'), ctx)).toBe(M.applyAfterExpire);
    expect(dateMessages('expire_date', dayjs('2026-04-02'), dayjs('2026-04-01'), ctx)).toBe(M.expireBeforeApply);
    expect(dateMessages('expire_date', dayjs('2026-03-01'), dayjs('2026-03-17'), ctx)).toBe(M.expirePast('18/03/2026'));
  });

  it('the body sends YYYY-MM-DD dates', () => {
    expect(toPolicyBody({ apply_date: dayjs('2026-04-01'), expire_date: dayjs('9999-12-30'), explanation_number: 3 })).toMatchObject({ apply_date: '2026-04-01', expire_date: '9999-12-30', explanation_number: '3' });
  });
});
