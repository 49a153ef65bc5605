import type { CSSProperties } from 'react';
import { Select } from 'antd';
import { departmentsOf, useDivisionsDepartments } from '../lib/lookups.ts';

export type DepartmentSelectProps = {
  /** Chosen department ids (or codes per `valueField`). */
  value?: (string | number)[];
  onChange?: (value: (string | number)[]) => void;
  /** Chosen divisions (ids or codes): only their departments are offered; all departments when empty. */
  divisions?: readonly (string | number)[];
  valueField?: 'id' | 'department_code';
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
};

/** Multi-select of departments, narrowed to the chosen divisions (spec 000 §2 filter bar). */
export function DepartmentSelect({ valueField = 'id', ...props }: DepartmentSelectProps) {
  const tree = useDivisionsDepartments();
  const options = departmentsOf(tree.data, props.divisions).map((d) => ({ value: valueField === 'id' ? d.id : d.department_code, label: d.name }));
  return (
    <Select<(string | number)[]>
      id={props.id}
      data-testid={props['data-testid']}
      mode="multiple"
      value={props.value}
      onChange={(value) => props.onChange?.(value)}
      options={options}
      loading={tree.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      maxTagCount="responsive"
      placeholder={props.placeholder ?? 'Select department'}
      disabled={props.disabled}
      style={{ width: '100%', ...props.style }}
    />
  );
}
