import type { ReactNode } from 'react';
import { Col, DatePicker, Form, Input, Select } from 'antd';
import { DATE_DMY } from '@tms/contracts/api';
import { EMPLOYEE_GENDERS, EMPLOYEE_STATUSES, type EmployeeIssue } from '@tms/contracts/employees';
import { genderName } from '../../../components/code-names.ts';
import type { commonTexts } from '../../../components/i18n/index.ts';
import { ruleOf } from '../../../components/grant-form-fields.tsx';
import { NumberInput } from '../../../components/number-input.tsx';
import { useSelectClear } from '../../../components/select-clear.tsx';
import { employeesTexts, type EmployeesT } from '../i18n/index.ts';
import { employeeFieldError, employeeMessageText, type EmployeeFormValues } from './employee-form.ts';

export type Field = EmployeeIssue['field'];
export type FieldOption = { value: string | number; label: string };
export const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const REQUIRED: ReadonlySet<Field> = new Set(['name', 'email', 'user_name', 'employeeStatus', 'start_working_day', 'department']);

/** An employee status by its stored value, in the language on screen (a value this page does not know as sent). */
export function statusText(t: EmployeesT, status: string): string {
  return (EMPLOYEE_STATUSES as readonly string[]).includes(status) ? t(`statuses.${status as (typeof EMPLOYEE_STATUSES)[number]}`) : status;
}

export function genderOptions(t: typeof commonTexts.t): FieldOption[] {
  return EMPLOYEE_GENDERS.map((g) => ({ value: g.value, label: genderName(t, g.value) }));
}

export function statusOptions(t: EmployeesT): FieldOption[] {
  return EMPLOYEE_STATUSES.map((s) => ({ value: s, label: statusText(t, s) }));
}

/**
 * The cells of the employee form: a labelled Form.Item in a responsive column, checked by the contract's rule for its
 * field against the whole form (the same the server checks). Used inside the employee form's Form.
 */
export function useEmployeeFields() {
  const form = Form.useFormInstance<EmployeeFormValues>();
  const { t } = employeesTexts.useT();
  const clear = useSelectClear();
  const rule = (field: Field) =>
    ruleOf<unknown>(() => {
      const issue = employeeFieldError(field, form.getFieldsValue(true) as EmployeeFormValues);
      return issue === null ? null : employeeMessageText(issue, t);
    });
  const item = (field: Field, control: ReactNode, extra: { disabled?: boolean; span?: number } = {}) => (
    <Col xs={24} md={12} xl={extra.span ?? 8} key={field}>
      <Form.Item<EmployeeFormValues> name={field as keyof EmployeeFormValues} label={t(`fields.${field}`)} required={REQUIRED.has(field)} rules={[rule(field)]}>
        {control}
      </Form.Item>
    </Col>
  );
  return {
    t,
    /** A clearable Select's allowClear (components/select-clear.tsx), for the sections' own Selects. */
    clear,
    item,
    text: (field: Field, disabled = false) => item(field, <Input disabled={disabled} data-testid={`employee-field-${field}`} autoComplete="off" />),
    // No min/max: they would clamp what was typed, and the contract's rules must name the problem instead.
    number: (field: Field, disabled = false) =>
      item(field, <NumberInput<number> disabled={disabled} style={{ width: '100%' }} data-testid={`employee-field-${field}`} autoComplete="off" />),
    date: (field: Field) => item(field, <DatePicker format={DATE_DMY} style={{ width: '100%' }} data-testid={`employee-field-${field}`} />),
    select: (field: Field, opts: FieldOption[], allowClear = true) =>
      item(field, <Select options={opts} allowClear={allowClear ? clear : false} showSearch={{ optionFilterProp: 'label' }} data-testid={`employee-field-${field}`} />),
  };
}
