import { describe, expect, it } from 'vitest';
import type { LogRow } from '@tms/contracts/logs';
import { commonTexts } from '../../../components/i18n/index.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { setNumberLanguage } from '../../../lib/numbers.ts';
import { logsTexts } from '../i18n/index.ts';
import { fieldLabel, valueText } from './log-values.ts';

const row = (table: string, field: string, new_value: string | null, extra: Partial<LogRow> = {}): LogRow =>
  ({ table, field, new_value, old_value: null, new_value_name: null, old_value_name: null, ...extra }) as LogRow;

/** Issue 26 §6: the Logs List showed database field names and raw values. */
describe('Logs List fields and values', () => {
  it("labels a field as its record's form does, in the language on screen; an unknown field as stored", async () => {
    const t = logsTexts.t;
    expect(fieldLabel(t, 'attendance_check_configs', 'employee_id')).toBe('Employee');
    expect(fieldLabel(t, 'attendance_check_configs', 'hrms_username')).toBe('Username');
    expect(fieldLabel(t, 'attendance_check_configs', 'account_number')).toBe('Account Number');
    expect(fieldLabel(t, 'employees', 'contract_type')).toBe('Contract type');
    expect(fieldLabel(t, 'employees', 'division_id')).toBe('Division');
    expect(fieldLabel(t, 'staff_policies', 'ot_type')).toBe('OT Rule');
    expect(fieldLabel(t, 'employees', 'no_such_field')).toBe('no_such_field');
    expect(fieldLabel(t, 'no_such_table', 'name')).toBe('name');
    await setLanguage('vi');
    setNumberLanguage('vi'); // the app's locale hook does this on a switch
    try {
      expect(fieldLabel(logsTexts.t, 'attendance_check_configs', 'account_number')).toBe('Số tài khoản');
      expect(valueText(logsTexts.t, commonTexts.t, row('employees', 'contract_type', 'P'), 'new')).toBe('Thử việc');
      expect(valueText(logsTexts.t, commonTexts.t, row('employees', 'remain_annual_leave', '12.5'), 'new')).toBe('12,5');
    } finally {
      await setLanguage('en');
      setNumberLanguage('en');
    }
  });

  it('shows names for ids, codes by their meaning, dates DD/MM/YYYY, yes/no and lists', () => {
    const t = logsTexts.t;
    const c = commonTexts.t;
    expect(valueText(t, c, row('attendance_check_configs', 'employee_id', '12', { new_value_name: 'Son Staff' }), 'new')).toBe('Son Staff');
    expect(valueText(t, c, row('employees', 'contract_type', 'UNLIMTED'), 'new')).toBe('Permanent');
    expect(valueText(t, c, row('employees', 'gender', 'F'), 'new')).toBe('Female');
    expect(valueText(t, c, row('employees', 'start_working_day', '2026-11-23'), 'new')).toBe('23/11/2026');
    expect(valueText(t, c, row('staff_policies', 'active', 'true'), 'new')).toBe('Yes');
    expect(valueText(t, c, row('users', 'roles', '["STAFF","HR"]'), 'new')).toBe('STAFF, HR');
    expect(valueText(t, c, row('attendance_check_configs', 'account_number', '123456789'), 'new')).toBe('123456789');
    expect(valueText(t, c, row('employees', 'name', null), 'new')).toBe('');
  });
});
