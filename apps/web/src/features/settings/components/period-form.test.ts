import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { checkPeriodForm } from '@tms/contracts/settings';
import { toPeriodBody } from './period-form.ts';

describe('create payroll period form', () => {
  it('sends the range as YYYY-MM-DD and no working days when left empty', () => {
    const body = toPeriodBody({ range: [dayjs('2026-11-26'), dayjs('2026-12-25')], working_days: null });
    expect(body).toEqual({ from_date: '2026-11-26', to_date: '2026-12-25', working_days: null });
    expect(checkPeriodForm(body)).toEqual({ ok: true, value: { fromDate: '2026-11-26', toDate: '2026-12-25', workingDays: null } });
  });

  it('keeps typed working days; an empty form fails with both date messages', () => {
    expect(toPeriodBody({ range: [dayjs('2026-11-26'), dayjs('2026-12-25')], working_days: 20 }).working_days).toBe(20);
    const checked = checkPeriodForm(toPeriodBody({}));
    expect(checked).toEqual({ ok: false, messages: ['Please choose From Date!', 'Please choose To Date!'] });
  });
});
