import type { CSSProperties } from 'react';
import { Select } from 'antd';
import { useSelectClear } from './select-clear.tsx';

export type OrgUnitSelectProps = {
  /** Chosen ids (or codes per the caller's `valueField`). */
  value?: (string | number)[];
  onChange?: (value: (string | number)[]) => void;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
};

/** The multi-select shared by DivisionSelect and DepartmentSelect: searchable by name, responsive tags. */
export function OrgUnitSelect(props: OrgUnitSelectProps & { options: { value: string | number; label: string }[]; loading: boolean; defaultPlaceholder: string }) {
  const clear = useSelectClear();
  return (
    <Select<(string | number)[]>
      id={props.id}
      data-testid={props['data-testid']}
      mode="multiple"
      value={props.value}
      onChange={(value) => props.onChange?.(value)}
      options={props.options}
      loading={props.loading}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={clear}
      maxTagCount="responsive"
      placeholder={props.placeholder ?? props.defaultPlaceholder}
      disabled={props.disabled}
      style={{ width: '100%', ...props.style }}
    />
  );
}
