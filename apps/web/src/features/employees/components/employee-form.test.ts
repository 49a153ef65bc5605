import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { EMPLOYEE_MESSAGES as M } from '@tms/contracts/employees';
import { setLanguage } from '../../../lib/i18n.ts';
import { employeesTexts } from '../i18n/index.ts';
import { emptyEmployeeValues, employeeFieldError, employeeInputOf, employeeMessageText, toCreateBody, totalAfterRemainChange, type EmployeeFormValues } from './employee-form.ts';

const valid = (): EmployeeFormValues => ({
  ...emptyEmployeeValues(),
  name: 'Nguyễn Văn An',
  email: 'an@cglobal.test',
  user_name: 'an.nguyen',
  department: 'DEP1',
  start_working_day: dayjs('2026-11-02'),
});

/** The English text of a field's first broken rule (what the server answers). */
const fieldMessage = (field: Parameters<typeof employeeFieldError>[0], values: EmployeeFormValues) => employeeFieldError(field, values)?.message ?? null;

describe('employee form rules (spec 002 §5 Employee)', () => {
  it('gives the spec texts of the required fields', () => {
    const v: EmployeeFormValues = { ...emptyEmployeeValues(), employeeStatus: undefined };
    expect(fieldMessage('name', v)).toBe(M.nameRequired);
    expect(fieldMessage('email', v)).toBe(M.emailRequired);
    expect(fieldMessage('user_name', v)).toBe(M.usernameRequired);
    expect(fieldMessage('employeeStatus', v)).toBe(M.statusRequired);
    expect(fieldMessage('start_working_day', v)).toBe(M.startWorkingDayRequired);
    expect(fieldMessage('name', valid())).toBeNull();
  });

  it('checks number fields, the birthday range and a negative remain annual leave', () => {
    expect(fieldMessage('remain_birthday_leave', { ...valid(), remain_birthday_leave: 'abc' })).toBe('Remain birthday leave must be number');
    expect(fieldMessage('remain_birthday_leave', { ...valid(), remain_birthday_leave: 1.5 })).toBe(M.birthdayRange);
    expect(fieldMessage('remain_birthday_leave', { ...valid(), remain_birthday_leave: 0.5 })).toBeNull();
    expect(fieldMessage('remain_annual_leave', { ...valid(), remain_annual_leave: -2 })).toBe('Remain Annual Leave must be positive number');
    expect(fieldMessage('numberOfYear', { ...valid(), numberOfYear: 'x' })).toBe('Number of year must be number');
  });

  it('moves the total annual leave by the change of remain annual leave (spec 002 §4)', () => {
    expect(totalAfterRemainChange(40, 16, 20)).toBe(44);
    expect(totalAfterRemainChange(40, 16, 10.5)).toBe(34.5);
    expect(totalAfterRemainChange(40, 16, 'abc')).toBeUndefined();
  });

  it('sends dates as YYYY-MM-DD and the roles only with an account', () => {
    const input = employeeInputOf(valid());
    expect(input.start_working_day).toBe('2026-11-02');
    expect(input.last_working_day).toBeNull();
    expect(toCreateBody(valid()).roles).toBeUndefined();
    expect(toCreateBody({ ...valid(), createAccount: true, roles: ['STAFF'] })).toMatchObject({ createAccount: true, roles: ['STAFF'] });
  });
});

describe('employee form messages by the rule’s key (issue 25: nothing matched by English text)', () => {
  it('reads each broken rule in Vietnamese, the field named by its label', async () => {
    await setLanguage('vi');
    try {
      const t = employeesTexts.t;
      const required = employeeFieldError('name', { ...valid(), name: '' })!;
      expect(required.rule).toBe('nameRequired');
      expect(employeeMessageText(required, t)).toBe(t('messages.nameRequired'));
      const notNumber = employeeFieldError('remain_birthday_leave', { ...valid(), remain_birthday_leave: 'abc' })!;
      expect(employeeMessageText(notNumber, t)).toBe(t('messages.mustBeNumber', { label: t('fields.remain_birthday_leave') }));
      expect(employeeMessageText(notNumber, t)).not.toBe(notNumber.message);
      const tooLarge = employeeFieldError('numberOfYear', { ...valid(), numberOfYear: 12345 } as EmployeeFormValues)!;
      expect(tooLarge).toMatchObject({ rule: 'tooLarge', max: 9_999 });
      expect(employeeMessageText(tooLarge, t)).toBe(t('messages.tooLarge', { label: t('fields.numberOfYear'), max: '9999' }));
    } finally {
      await setLanguage('en');
    }
  });
});
