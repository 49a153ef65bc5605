import { useEffect, useId, useRef, useState } from 'react';
import { Button, Col, Form, Row } from 'antd';
import { DownOutlined, ReadOutlined, UpOutlined } from '@ant-design/icons';
import { DepartmentSelect } from '../../../components/department-select.tsx';
import { DivisionSelect } from '../../../components/division-select.tsx';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { FilterActions } from '../../../components/filter-bar.tsx';
import type { RemoteOption, RemoteValue } from '../../../components/remote-select.tsx';
import { departmentsOf, useDivisionsDepartments } from '../../../lib/lookups.ts';
import { timesheetTexts, type TimesheetT } from '../i18n/index.ts';
import { MoreFilterFields } from './list-more-filters.tsx';
import { EMPTY_FILTER, keepLabels, moreFiltersInUse, type ListFilterValues } from './list-state.ts';

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

/** The first line's three fields leave room for the buttons beside them from 992 px (issue 26 §12). */
const firstLineCol = { xs: 24, sm: 12, md: 8, lg: 5 } as const;
const moreCol = { xs: 24, sm: 12, md: 8, xl: 6 } as const;

/** The buttons after Search and Reload Search: Note, and the toggle of the other filters (a fragment: Space lays them out). */
function extraButtons(t: TimesheetT, onNote: () => void, more: { open: boolean; inUse: number; controls: string; toggle: () => void }) {
  const label = more.open ? t('filter.fewerFilters') : more.inUse > 0 ? t('filter.moreFiltersCount', { count: more.inUse }) : t('filter.moreFilters');
  return (
    <>
      <Button icon={<ReadOutlined aria-hidden />} onClick={onNote} data-testid="ts-note-button">
        {t('filter.note')}
      </Button>
      <Button
        type="link"
        icon={more.open ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
        iconPlacement="end"
        onClick={more.toggle}
        aria-expanded={more.open}
        aria-controls={more.controls}
        data-testid="ts-filter-more"
      >
        {label}
      </Button>
    </>
  );
}

/**
 * The list tab's filter area (spec 001 §2.1) on one line (issue 26 §12): Division, Department (narrowed to the
 * divisions), Staff (ids) and the buttons — Search, Reload Search, Note, More filters; the other filters
 * (list-more-filters.tsx) open under it, and open by themselves when a remembered filter uses them. Built on the shared
 * selects rather than FilterBar so a remembered staff choice keeps its names (FilterBar's staff field takes no labels).
 */
export function ListFilterBar({ value, employeeLabels, onSearch, onNote, loading }: ListFilterBarProps) {
  const [form] = Form.useForm<ListFilterValues>();
  const { t } = timesheetTexts.useT();
  const tree = useDivisionsDepartments();
  const moreId = useId();
  const [moreOpen, setMoreOpen] = useState(() => moreFiltersInUse(value) > 0);
  const moreInUse = Form.useWatch((values: ListFilterValues) => moreFiltersInUse(values), form) ?? moreFiltersInUse(value);
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

  const more = { open: moreOpen, inUse: moreInUse, controls: moreId, toggle: () => setMoreOpen((open) => !open) };
  return (
    <Form<ListFilterValues> form={form} name="timesheet-filter" layout="vertical" initialValues={value} onFinish={submit} onValuesChange={onValuesChange} role="search">
      <Row gutter={[16, 0]} align="bottom" wrap>
        <Col {...firstLineCol}>
          <Form.Item name="divisions" label={t('filter.division')}>
            <DivisionSelect data-testid="ts-filter-divisions" />
          </Form.Item>
        </Col>
        <Col {...firstLineCol}>
          <Form.Item noStyle dependencies={['divisions']}>
            {({ getFieldValue }) => (
              <Form.Item name="departments" label={t('filter.department')}>
                <DepartmentSelect divisions={(getFieldValue('divisions') as number[] | undefined) ?? []} data-testid="ts-filter-departments" />
              </Form.Item>
            )}
          </Form.Item>
        </Col>
        <Col {...firstLineCol}>
          <Form.Item name="employees" label={t('filter.staff')}>
            <EmployeeSelect mode="multiple" valueField="id" initialOptions={initialStaff} onChange={rememberLabels} data-testid="ts-filter-employees" />
          </Form.Item>
        </Col>
        <Col flex="auto">
          <FilterActions loading={loading} onReload={reload} extra={extraButtons(t, onNote, more)} />
        </Col>
      </Row>
      {/* Folded away, not unmounted: the fields keep their values and are searched with the rest. */}
      <div id={moreId} hidden={!moreOpen} data-testid="ts-filter-more-fields">
        <Row gutter={[16, 0]} align="bottom">
          <MoreFilterFields colProps={moreCol} />
        </Row>
      </div>
    </Form>
  );
}
