import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Col, Form, Row, Select } from 'antd';
import { ReadOutlined } from '@ant-design/icons';
import { DepartmentSelect } from '../../../components/department-select.tsx';
import { DivisionSelect } from '../../../components/division-select.tsx';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { FilterActions } from '../../../components/filter-bar.tsx';
import type { RemoteOption, RemoteValue } from '../../../components/remote-select.tsx';
import { REASON_TYPES_LOOKUP_PATH, type ReasonTypeOption } from '@tms/contracts/special-explanation';
import { apiGet } from '../../../lib/api-client.ts';
import { departmentsOf, useDivisionsDepartments, useLocationOptions, useRoleOptions, useWorkScheduleTypeOptions } from '../../../lib/lookups.ts';
import { timesheetTexts } from '../i18n/index.ts';
import { EMPTY_FILTER, keepLabels, type ListFilterValues } from './list-state.ts';

export type ListFilterBarProps = {
  /** The applied filter (restored from the session on entry). */
  value: ListFilterValues;
  /** Labels of the chosen staff, so restored ids show as names. */
  employeeLabels: Record<string, string>;
  /** Search (also with an unchanged filter: the caller reloads then) and Reload Search (empty filter). */
  onSearch: (filter: ListFilterValues, employeeLabels: Record<string, string>) => void;
  onNote: () => void;
  loading?: boolean;
};

const colProps = { xs: 24, sm: 12, md: 8, xl: 6 } as const;

/** GET /tms/filters/reason-types: every active reason (spec 001 §3 Lookups), for the Reason type filter. */
function useReasonTypeOptions() {
  const query = useQuery({
    queryKey: ['reason-types', null],
    queryFn: ({ signal }) => apiGet<ReasonTypeOption[]>(REASON_TYPES_LOOKUP_PATH, {}, { signal }),
    staleTime: 10 * 60_000,
  });
  return { ...query, options: (query.data ?? []).map((r) => ({ value: r.reason_type_code, label: `${r.reason_type} (${r.reasons})` })) };
}

/**
 * The list tab's filter area (spec 001 §2.1): Division, Department (narrowed to the divisions), Staff (ids), Role,
 * Location, Work schedule type, Reason type (values `reasonTypes`, sent as `reason_type`) and "Abnormal case only"; Search, Reload Search and Note. Built on the shared selects
 * rather than FilterBar so a remembered staff choice keeps its names (FilterBar's staff field takes no labels).
 */
export function ListFilterBar({ value, employeeLabels, onSearch, onNote, loading }: ListFilterBarProps) {
  const [form] = Form.useForm<ListFilterValues>();
  const { t } = timesheetTexts.useT();
  const tree = useDivisionsDepartments();
  const roles = useRoleOptions();
  const locations = useLocationOptions();
  const scheduleTypes = useWorkScheduleTypeOptions();
  const reasonTypes = useReasonTypeOptions();
  // Labels of staff picked since the last search (kept across re-renders until Search).
  const picked = useRef<Record<string, string>>({});

  // A filter applied from outside (restore, reload) shows in the fields.
  useEffect(() => form.setFieldsValue(value), [form, value]);

  const initialStaff = Object.entries(employeeLabels).map(([id, label]) => ({ value: Number(id), label }));

  const rememberLabels = (_v: RemoteValue | RemoteValue[] | undefined, options: RemoteOption<unknown> | RemoteOption<unknown>[] | undefined) => {
    for (const option of Array.isArray(options) ? options : options ? [options] : []) picked.current[String(option.value)] = option.label;
  };

  const submit = (values: ListFilterValues) => {
    const filter = { ...EMPTY_FILTER, ...values, abnormalOnly: values.abnormalOnly === true };
    onSearch(filter, keepLabels(filter.employees, { ...employeeLabels, ...picked.current }));
  };

  const reload = () => {
    form.setFieldsValue(EMPTY_FILTER);
    onSearch({ ...EMPTY_FILTER }, {});
  };

  // Departments no longer under the chosen divisions are dropped (their options are narrowed the same way).
  const onValuesChange = (changed: Partial<ListFilterValues>) => {
    if (!changed.divisions) return;
    const allowed = new Set(departmentsOf(tree.data, changed.divisions).map((d) => d.id));
    const current = form.getFieldValue('departments') as number[] | undefined;
    if (current?.some((id) => !allowed.has(id))) form.setFieldValue('departments', current.filter((id) => allowed.has(id)));
  };

  return (
    <Form<ListFilterValues> form={form} name="timesheet-filter" layout="vertical" initialValues={value} onFinish={submit} onValuesChange={onValuesChange} role="search">
      <Row gutter={[16, 0]} align="bottom">
        <Col {...colProps}>
          <Form.Item name="divisions" label={t('filter.division')}>
            <DivisionSelect data-testid="ts-filter-divisions" />
          </Form.Item>
        </Col>
        <Col {...colProps}>
          <Form.Item noStyle dependencies={['divisions']}>
            {({ getFieldValue }) => (
              <Form.Item name="departments" label={t('filter.department')}>
                <DepartmentSelect divisions={(getFieldValue('divisions') as number[] | undefined) ?? []} data-testid="ts-filter-departments" />
              </Form.Item>
            )}
          </Form.Item>
        </Col>
        <Col {...colProps}>
          <Form.Item name="employees" label={t('filter.staff')}>
            <EmployeeSelect mode="multiple" valueField="id" initialOptions={initialStaff} onChange={rememberLabels} data-testid="ts-filter-employees" />
          </Form.Item>
        </Col>
        <Col {...colProps}>
          <Form.Item name="roles" label={t('filter.role')}>
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder={t('filter.selectRole')}
              loading={roles.isLoading}
              options={(roles.data ?? []).map((r) => ({ value: r.code, label: r.name }))}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="ts-filter-roles"
            />
          </Form.Item>
        </Col>
        <Col {...colProps}>
          <Form.Item name="locations" label={t('filter.location')}>
            <Select mode="multiple" allowClear maxTagCount="responsive" placeholder={t('filter.selectLocation')} options={locations.options} loading={locations.isLoading} data-testid="ts-filter-locations" />
          </Form.Item>
        </Col>
        <Col {...colProps}>
          <Form.Item name="workScheduleTypes" label={t('filter.workScheduleType')}>
            <Select mode="multiple" allowClear maxTagCount="responsive" placeholder={t('filter.selectType')} options={scheduleTypes.options} loading={scheduleTypes.isLoading} data-testid="ts-filter-work-schedule-types" />
          </Form.Item>
        </Col>
        <Col {...colProps}>
          {/* Employees with a pending, approved or rejected request of the reason in the period (query `reason_type`). */}
          <Form.Item name="reasonTypes" label={t('filter.reasonType')}>
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder={t('filter.selectReason')}
              options={reasonTypes.options}
              loading={reasonTypes.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="ts-filter-reason-types"
            />
          </Form.Item>
        </Col>
        <Col {...colProps}>
          <Form.Item name="abnormalOnly" valuePropName="checked" label=" " colon={false}>
            <Checkbox data-testid="ts-filter-abnormal">{t('filter.abnormalOnly')}</Checkbox>
          </Form.Item>
        </Col>
        <Col flex="auto">
          <FilterActions
            loading={loading}
            onReload={reload}
            extra={
              <Button icon={<ReadOutlined aria-hidden />} onClick={onNote} data-testid="ts-note-button">
                {t('filter.note')}
              </Button>
            }
          />
        </Col>
      </Row>
    </Form>
  );
}
