import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import { KitForm } from './kit-form.tsx';
import { LoadingOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { DATE_DMY } from '@tms/contracts/api';
import { useLanguage } from '../lib/i18n.ts';
import { usePhoneLayout } from '../lib/use-phone-layout.ts';
import { departmentsOf, divisionsDepartmentsQuery } from '../lib/lookups.ts';
import { DepartmentSelect } from './department-select.tsx';
import { DivisionSelect } from './division-select.tsx';
import { FilterFold } from './filter-fold.tsx';
import { useSelectClear } from './select-clear.tsx';
import { EmployeeSelect } from './employee-select.tsx';
import { ProjectSelect } from './project-select.tsx';
import { commonTexts } from './i18n/index.ts';
import { activeFilterCount, emptyFilterValues, toFilterQuery, type FilterField, type FilterQuery, type FilterValues } from './filter-query.ts';

export type { FilterField, FilterQuery, FilterValues } from './filter-query.ts';

export type FilterBarProps = {
  /** The fields, in display order (filter-query.ts documents each kind and its query parameters). */
  fields: readonly FilterField[];
  /** Starting values keyed by field name (dateRange: `[Dayjs, Dayjs]`). Compute the first list query with
   *  `toFilterQuery(fields, initialValues)` so it matches what the bar will send. */
  initialValues?: FilterValues;
  /**
   * 'Search': the flattened query (dates 'DD/MM/YYYY', multi-selects comma-joined, empty → undefined) and the raw
   * values. Callers usually set their filter state and go back to page 1.
   */
  onSearch: (query: FilterQuery, values: FilterValues) => void;
  /**
   * 'Reload Search' resets the fields (to `initialValues`, or to empty with `reloadTo: 'empty'`), calls `onSearch`
   * with the reset query and then `onReload` — use it to refetch when the query did not change.
   */
  onReload?: () => void;
  reloadTo?: 'initial' | 'empty';
  /** Extra buttons after Search / Reload Search (e.g. Add New, Import, Export to Excel). */
  extra?: ReactNode;
  /** Form name, prefix of the field ids (labels point at them); default 'filter'. */
  formName?: string;
  loading?: boolean;
};

/**
 * The filter bar of list pages (spec 000 §2 Shared components): date ranges, selects, division and department
 * (departments narrowed to the chosen divisions), remote staff and project search, checkboxes, free text;
 * buttons 'Search' (data-testid filter-search) and 'Reload Search' (data-testid filter-reload). On a phone the fields
 * fold behind a 'Filters' button with the count in use (issue 26 §3); the `extra` buttons stay in view.
 */
export function FilterBar({ fields, initialValues, onSearch, onReload, reloadTo = 'initial', extra, formName = 'filter', loading }: FilterBarProps) {
  // A language switch re-renders the fields: shared field lists (record-filters.ts) read their labels when shown.
  useLanguage();
  const [form] = Form.useForm<FilterValues>();
  const phone = usePhoneLayout();
  const [folded, setFolded] = useState(true);
  // The count shown is of the filters last searched, not of what is being typed in the open panel.
  const [applied, setApplied] = useState(() => activeFilterCount(fields, initialValues));
  const needsTree = fields.some((f) => f.kind === 'department' && f.divisionField);
  const tree = useQuery({ ...divisionsDepartmentsQuery, enabled: needsTree });

  const submit = (values: FilterValues) => {
    setApplied(activeFilterCount(fields, values));
    setFolded(true);
    onSearch(toFilterQuery(fields, values), values);
  };

  const reload = () => {
    const values = reloadTo === 'empty' ? emptyFilterValues(fields) : { ...emptyFilterValues(fields), ...initialValues };
    form.setFieldsValue(values);
    submit(values);
    onReload?.();
  };

  // Departments no longer under the chosen divisions are dropped (the options are narrowed the same way).
  const onValuesChange = (changed: FilterValues) => {
    for (const field of fields) {
      if (field.kind !== 'department' || !field.divisionField || !(field.divisionField in changed)) continue;
      const divisions = (changed[field.divisionField] as (string | number)[] | undefined) ?? [];
      const allowed = new Set(departmentsOf(tree.data, divisions).flatMap((d) => [String(d.id), d.department_code]));
      const current = (form.getFieldValue(field.name) as (string | number)[] | undefined) ?? [];
      const kept = current.filter((v) => allowed.has(String(v)));
      if (kept.length !== current.length) form.setFieldValue(field.name, kept);
    }
  };

  const bar = (
    <KitForm<FilterValues>
      form={form}
      name={formName}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={onValuesChange}
      role="search"
      className="tms-filter-bar"
    >
      <Row gutter={[16, 0]} align="bottom">
        {fields.map((field) => (
          <Col key={field.name} xs={24} sm={12} md={8} xl={6}>
            <FilterFieldItem field={field} />
          </Col>
        ))}
        <Col flex="auto">
          <FilterActions loading={loading} onReload={reload} extra={phone ? undefined : extra} />
        </Col>
      </Row>
    </KitForm>
  );
  if (!phone) return bar;
  return (
    <FilterFold inUse={applied} open={!folded} onOpen={() => setFolded(false)} onClose={() => setFolded(true)} extra={extra}>
      {bar}
    </FilterFold>
  );
}

/**
 * The filter area's buttons: 'Search' (submits the surrounding form; data-testid filter-search), 'Reload Search'
 * (data-testid filter-reload), then `extra`. Shared by FilterBar and filter areas built on their own fields.
 */
export function FilterActions({ loading, onReload, extra }: { loading?: boolean; onReload: () => void; extra?: ReactNode }) {
  const { t } = commonTexts.useT();
  return (
    <Form.Item label=" " colon={false}>
      <Space wrap>
        {/* A spinner, not antd's `loading`: a loading button swallows clicks, so a search typed while the list was
            refreshing in the background (after an approval, on focus) was silently lost. */}
        <Button type="primary" htmlType="submit" icon={loading ? <LoadingOutlined aria-hidden /> : <SearchOutlined aria-hidden />} aria-busy={loading || undefined} data-testid="filter-search">
          {t('actions.search')}
        </Button>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={onReload} data-testid="filter-reload">
          {t('actions.reloadSearch')}
        </Button>
        {extra}
      </Space>
    </Form.Item>
  );
}

function FilterFieldItem({ field }: { field: FilterField }) {
  const clear = useSelectClear();
  switch (field.kind) {
    case 'dateRange':
      return (
        <Form.Item name={field.name} label={field.label}>
          <DatePicker.RangePicker format={DATE_DMY} allowEmpty={[true, true]} style={{ width: '100%' }} data-testid={`filter-${field.name}`} />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item name={field.name} label={field.label}>
          <Select
            mode={field.multiple ? 'multiple' : undefined}
            options={field.options}
            allowClear={clear}
            showSearch={{ optionFilterProp: 'label' }}
            maxTagCount="responsive"
            placeholder={field.placeholder}
            data-testid={`filter-${field.name}`}
          />
        </Form.Item>
      );
    case 'division':
      return (
        <Form.Item name={field.name} label={field.label}>
          <DivisionSelect valueField={field.valueField} placeholder={field.placeholder} data-testid={`filter-${field.name}`} />
        </Form.Item>
      );
    case 'department': {
      const divisionField = field.divisionField;
      if (!divisionField) {
        return (
          <Form.Item name={field.name} label={field.label}>
            <DepartmentSelect valueField={field.valueField} placeholder={field.placeholder} data-testid={`filter-${field.name}`} />
          </Form.Item>
        );
      }
      return (
        <Form.Item noStyle dependencies={[divisionField]}>
          {({ getFieldValue }) => (
            <Form.Item name={field.name} label={field.label}>
              <DepartmentSelect
                divisions={(getFieldValue(divisionField) as (string | number)[] | undefined) ?? []}
                valueField={field.valueField}
                placeholder={field.placeholder}
                data-testid={`filter-${field.name}`}
              />
            </Form.Item>
          )}
        </Form.Item>
      );
    }
    case 'employee':
      return (
        <Form.Item name={field.name} label={field.label}>
          <EmployeeSelect mode={field.multiple ? 'multiple' : undefined} valueField={field.valueField} initialOptions={field.initialOptions} placeholder={field.placeholder} data-testid={`filter-${field.name}`} />
        </Form.Item>
      );
    case 'project':
      return (
        <Form.Item name={field.name} label={field.label}>
          <ProjectSelect mode={field.multiple ? 'multiple' : undefined} valueField={field.valueField} placeholder={field.placeholder} data-testid={`filter-${field.name}`} />
        </Form.Item>
      );
    case 'checkbox':
      return (
        <Form.Item name={field.name} valuePropName="checked" label=" " colon={false}>
          <Checkbox data-testid={`filter-${field.name}`}>{field.label}</Checkbox>
        </Form.Item>
      );
    case 'text':
      return (
        <Form.Item name={field.name} label={field.label}>
          <Input allowClear placeholder={field.placeholder} data-testid={`filter-${field.name}`} />
        </Form.Item>
      );
  }
}
