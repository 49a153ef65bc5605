import type { CSSProperties } from 'react';
import { Select } from 'antd';
import { divisionsOf, useDivisionsDepartments } from '../lib/lookups.ts';

export type DivisionSelectProps = {
  /** Chosen division ids (or codes per `valueField`). */
  value?: (string | number)[];
  onChange?: (value: (string | number)[]) => void;
  valueField?: 'id' | 'department_code';
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
};

/** Multi-select of divisions from get-all-divisions-departments (spec 000 §3 reference lists). */
export function DivisionSelect({ valueField = 'id', ...props }: DivisionSelectProps) {
  const tree = useDivisionsDepartments();
  const options = divisionsOf(tree.data).map((d) => ({ value: valueField === 'id' ? d.id : d.department_code, label: d.name }));
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
      placeholder={props.placeholder ?? 'Select division'}
      disabled={props.disabled}
      style={{ width: '100%', ...props.style }}
    />
  );
}
