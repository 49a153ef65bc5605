import { Select } from 'antd';
import { useSelectClear } from '../../../components/select-clear.tsx';
import { foldedLabelMatch } from '../fold-search.ts';

export type SearchMultiSelectProps<V extends string | number> = {
  value?: V[];
  onChange?: (value: V[]) => void;
  options: { value: V; label: string }[];
  placeholder?: string;
  loading?: boolean;
  /** Set by Form.Item so the label points at the input. */
  id?: string;
  'data-testid'?: string;
};

/**
 * A form's multi-select of reference names (reason types, divisions, departments, roles): searched by label with or
 * without diacritics, responsive tags, the kit's clear button.
 */
export function SearchMultiSelect<V extends string | number>({ value, onChange, options, placeholder, loading, id, ...rest }: SearchMultiSelectProps<V>) {
  const clear = useSelectClear();
  return (
    <Select<V[]>
      id={id}
      data-testid={rest['data-testid']}
      mode="multiple"
      value={value}
      onChange={(next) => onChange?.(next)}
      options={options}
      loading={loading}
      showSearch={{ filterOption: foldedLabelMatch }}
      allowClear={clear}
      maxTagCount="responsive"
      placeholder={placeholder}
      style={{ width: '100%' }}
    />
  );
}
