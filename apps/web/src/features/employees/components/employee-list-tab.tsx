import { useEffect, useMemo } from 'react';
import { Button, Empty, Select, Space, Tooltip, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { EMPLOYEE_JOB_LEVELS, EMPLOYEE_LOCATIONS, EMPLOYEE_STATUSES, type EmployeeRow } from '@tms/contracts/employees';
import { FilterBar, type FilterQuery, type FilterValues } from '../../../components/filter-bar.tsx';
import { toFilterQuery, type FilterField } from '../../../components/filter-query.ts';
import { PagedTable } from '../../../components/paged-table.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDmy } from '../../../lib/dates.ts';
import { useEmployeeList } from '../api/employees-api.ts';
import { employeesTexts, type EmployeesT } from '../i18n/index.ts';
import { EMPLOYEE_SORTS, sortParams, type EmployeePageState, type EmployeeSort } from './employee-page-state.ts';
import { statusText } from './employee-fields.tsx';
import { contractTypeName, contractTypeOptions } from '../../../components/code-names.ts';
import { commonTexts } from '../../../components/i18n/index.ts';

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** Filters of the Employee List (issue 10): keyword, division, department, status, location, contract type, job level. */
export function employeeFilters(t: EmployeesT, common: typeof commonTexts.t): readonly FilterField[] {
  return [
    { kind: 'text', name: 'keyword', label: t('list.keyword'), placeholder: t('list.keywordPlaceholder') },
    { kind: 'division', name: 'divisionId', label: t('list.division') },
    { kind: 'department', name: 'departmentId', label: t('list.department'), divisionField: 'divisionId' },
    { kind: 'select', name: 'employeeStatus', label: t('list.employeeStatus'), options: EMPLOYEE_STATUSES.map((s) => ({ value: s, label: statusText(t, s) })) },
    { kind: 'select', name: 'location', label: t('list.location'), options: options(EMPLOYEE_LOCATIONS) },
    { kind: 'select', name: 'contractType', label: t('list.contractType'), options: contractTypeOptions(common) },
    { kind: 'select', name: 'jobLevel', label: t('list.jobLevel'), options: options(EMPLOYEE_JOB_LEVELS) },
  ];
}

export function columns(t: EmployeesT, common: typeof commonTexts.t, onEdit: (row: EmployeeRow) => void): TableColumnsType<EmployeeRow> {
  return [
    { title: t('columns.staffId'), dataIndex: 'sf4c_id', key: 'sf4c_id', width: 110, render: (v: string | null) => v ?? '' },
    { title: t('columns.name'), dataIndex: 'name', key: 'name', width: 200 },
    { title: t('columns.username'), dataIndex: 'user_name', key: 'user_name', width: 150 },
    { title: t('columns.email'), dataIndex: 'email', key: 'email', width: 220 },
    { title: t('columns.division'), key: 'division', width: 160, render: (_, r) => r.division_name?.name ?? '' },
    { title: t('columns.department'), key: 'department', width: 160, render: (_, r) => r.department_name?.name ?? '' },
    { title: t('columns.position'), dataIndex: 'positionTitle', key: 'positionTitle', width: 150, render: (v: string | null) => v ?? '' },
    { title: t('columns.jobLevel'), dataIndex: 'jobLevel', key: 'jobLevel', width: 110, render: (v: string | null) => v ?? '' },
    { title: t('columns.contractType'), dataIndex: 'contract_type', key: 'contract_type', width: 140, render: (v: string | null) => contractTypeName(common, v) },
    { title: t('columns.location'), dataIndex: 'location', key: 'location', width: 120, render: (v: string | null) => v ?? '' },
    { title: t('columns.hiredDate'), dataIndex: 'hired_date', key: 'hired_date', width: 110, render: (v: string) => formatDmy(v) },
    { title: t('columns.lastWorkingDay'), dataIndex: 'last_working_day', key: 'last_working_day', width: 130, render: (v: string | null) => (v ? formatDmy(v) : '') },
    {
      title: t('columns.status'),
      dataIndex: 'employeeStatus',
      key: 'employeeStatus',
      width: 110,
      render: (v: string) => <StatusTag label={statusText(t, v)} color={v === 'Active' ? 'green' : 'default'} />,
    },
    {
      title: t('columns.action'),
      key: 'action',
      fixed: 'right',
      width: 80,
      render: (_, row) => (
        <Tooltip title={t('list.edit')}>
          <Button
            type="text"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('list.editName', { name: row.name })}
            data-testid={`employee-edit-${row.id}`}
            onClick={(e) => {
              e.stopPropagation();
              onEdit(row);
            }}
          />
        </Tooltip>
      ),
    },
  ];
}

export type EmployeeListTabProps = {
  state: EmployeePageState;
  setState: (update: (prev: EmployeePageState) => EmployeePageState) => void;
  onAddNew: () => void;
  onOpen: (id: number) => void;
};

/** Employee List (spec 002 §2): filter, paged table (10 a page, size changer), Add New, edit per row, a row opens the detail. */
export function EmployeeListTab({ state, setState, onAddNew, onOpen }: EmployeeListTabProps) {
  const { t } = employeesTexts.useT();
  const { t: common } = commonTexts.useT();
  const fields = useMemo(() => employeeFilters(t, common), [t, common]);
  const query = useMemo(
    () => ({ ...toFilterQuery(fields, state.filters), ...sortParams(state.sort), page: state.page, size: state.size }),
    [fields, state.filters, state.sort, state.page, state.size],
  );
  const list = useEmployeeList(query);
  const rows = list.data?.items;
  const total = list.data?.page.total_element ?? 0;
  const failed = list.data?.failed === true;
  // spec 002 §8: a failed list load empties the list and resets paging.
  useEffect(() => {
    if (failed) setState((s) => (s.page === 1 ? s : { ...s, page: 1 }));
  }, [failed, setState]);

  const search = (_query: FilterQuery, values: FilterValues) => {
    setState((s) => ({ ...s, filters: values, page: 1 }));
    void list.refetch();
  };

  return (
    <>
      <FilterBar
        fields={fields}
        formName="employee-filter"
        initialValues={state.filters}
        reloadTo="empty"
        onSearch={search}
        loading={list.isFetching}
        extra={
          <Space wrap>
            <Select<EmployeeSort>
              aria-label={t('list.sort')}
              data-testid="employee-sort"
              value={state.sort}
              onChange={(sort) => setState((s) => ({ ...s, sort, page: 1 }))}
              options={EMPLOYEE_SORTS.map((s) => ({ value: s.value, label: t(s.label) }))}
              style={{ width: 240 }}
            />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAddNew} data-testid="employee-add-new">
              {t('list.addNew')}
            </Button>
          </Space>
        }
      />
      <PagedTable<EmployeeRow>
        columns={columns(t, common, (row) => onOpen(row.id))}
        rows={failed ? [] : rows}
        total={failed ? 0 : total}
        page={failed ? 1 : state.page}
        size={state.size}
        loading={list.isFetching}
        onChange={(page, size) => setState((s) => ({ ...s, page, size }))}
        rowKey="id"
        onRowClick={(row) => onOpen(row.id)}
        data-testid="employee-table"
        tableProps={{ locale: { emptyText: <Empty description={t('list.empty')} /> } }}
      />
    </>
  );
}
