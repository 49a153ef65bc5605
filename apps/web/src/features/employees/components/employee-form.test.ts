import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { EMPLOYEE_MESSAGES as M } from '@tms/contracts/employees';
import { emptyEmployeeValues, employeeFieldError, employeeInputOf, toCreateBody, totalAfterRemainChange, type EmployeeFormValues } from './employee-form.ts';

const valid = (): EmployeeFormValues => ({
  ...emptyEmployeeValues(),
  name: 'Nguyễn Văn An',
  email: 'an@cglobal.test',
  user_name: 'an.nguyen',
  department: 'DEP1',
  start_working_day: dayjs('2026-11-02'),
});

describe('employee form rules (spec 002 §5 Employee)', () => {
  it('gives the spec texts of the required fields', () => {
    const v: EmployeeFormValues = { ...emptyEmployeeValues(), employeeStatus: undefined };
    expect(employeeFieldError('name', v)).toBe(M.nameRequired);
    expect(employeeFieldError('email', v)).toBe(M.emailRequired);
    expect(employeeFieldError('user_name', v)).toBe(M.usernameRequired);
    expect(employeeFieldError('employeeStatus', v)).toBe(M.statusRequired);
    expect(employeeFieldError('start_working_day', v)).toBe(M.startWorkingDayRequired);
    expect(employeeFieldError('name', valid())).toBeNull();
  });

  it('checks number fields, the birthday range and a negative remain annual leave', () => {
    expect(employeeFieldError('remain_birthday_leave', { ...valid(), remain_birthday_leave: 'abc' })).toBe('Remain birthday leave must be number');
    expect(employeeFieldError('remain_birthday_leave', { ...valid(), remain_birthday_leave: 1.5 })).toBe(M.birthdayRange);
    expect(employeeFieldError('remain_birthday_leave', { ...valid(), remain_birthday_leave: 0.5 })).toBeNull();
    expect(employeeFieldError('remain_annual_leave', { ...valid(), remain_annual_leave: -2 })).toBe('Remain Annual Leave must be positive number');
    expect(employeeFieldError('numberOfYear', { ...valid(), numberOfYear: 'x' })).toBe('Number of year must be number');
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
