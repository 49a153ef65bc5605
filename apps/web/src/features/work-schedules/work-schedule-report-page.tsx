import { useState } from 'react';
import { Breadcrumb, Button, Empty, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { REPORT_PAGE, SOURCE_LABELS, WORK_SCHEDULE_MESSAGES as M, WORK_SCHEDULE_REPORT_COLUMNS as C, type WorkScheduleReportRow } from '@tms/contracts/work-schedule-config';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import { searchOrReload, toFilterQuery, type FilterField } from '../../components/filter-query.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { formatDmy } from '../../lib/dates.ts';
import { useWorkScheduleTypeOptions } from '../../lib/lookups.ts';
import { notifyApiError } from '../../lib/notify.ts';
import { exportWorkScheduleReport, useWorkScheduleCodeOptions, useWorkScheduleReport } from './api/work-schedule-api.ts';

const COLUMNS: TableColumnsType<WorkScheduleReportRow> = [
  { title: C.staff, dataIndex: 'staff', key: 'staff', width: 200 },
  { title: C.user_name, dataIndex: 'user_name', key: 'user_name', width: 140 },
  { title: C.department_name, dataIndex: 'department_name', key: 'department', width: 180 },
  { title: C.division_name, dataIndex: 'division_name', key: 'division', width: 180 },
  { title: C.work_schedule_code, dataIndex: 'work_schedule_code', key: 'code', width: 150 },
  { title: C.work_schedule_name, dataIndex: 'work_schedule_name', key: 'name', width: 220 },
  { title: C.work_schedule_type, dataIndex: 'work_schedule_type', key: 'type', width: 110 },
  { title: C.apply_date, key: 'apply', width: 110, render: (_v, r) => formatDmy(r.apply_date) },
  { title: C.expire_date, key: 'expire', width: 110, render: (_v, r) => formatDmy(r.expire_date) },
  { title: C.source, key: 'source', width: 110, render: (_v, r) => <Tag color={r.source === 'staff' ? 'blue' : 'purple'}>{SOURCE_LABELS[r.source]}</Tag> },
];

/**
 * /report/policy-mapping (spec 002 §2 Work schedule report): Export report, the filter (staff, division, department,
 * code, type, apply and expire date ranges sent as DD/MM/YYYY) and the paged table; rows follow the caller's scope.
 */
export function WorkScheduleReportPage() {
  const codes = useWorkScheduleCodeOptions();
  const types = useWorkScheduleTypeOptions();
  const fields: FilterField[] = [
    { kind: 'employee', name: 'employee', label: 'Staff', multiple: true, valueField: 'id' },
    { kind: 'division', name: 'division', label: 'Division' },
    { kind: 'department', name: 'department', label: 'Department', divisionField: 'division' },
    { kind: 'select', name: 'workScheduleCode', label: 'Work Schedule Code', options: codes.options, multiple: true },
    { kind: 'select', name: 'workScheduleType', label: 'Work Schedule Type', options: types.options, multiple: true },
    { kind: 'dateRange', name: 'apply', label: 'Apply Date', fromParam: 'applyFromDate', toParam: 'applyToDate' },
    { kind: 'dateRange', name: 'expire', label: 'Expire Date', fromParam: 'expireFromDate', toParam: 'expireToDate' },
  ];
  const [filters, setFilters] = useState<FilterQuery>(() => toFilterQuery(fields, undefined));
  const [exporting, setExporting] = useState(false);
  const list = useWorkScheduleReport(filters);

  const onExport = async () => {
    setExporting(true);
    try {
      await exportWorkScheduleReport(filters);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setExporting(false);
    }
  };

  const exportButton = (
    <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void onExport()} loading={exporting} data-testid="work-schedule-report-export">
      Export report
    </Button>
  );

  return (
    <>
      <Breadcrumb items={[{ title: <Link to={REPORT_PAGE} data-testid="report-breadcrumb">Report</Link> }, { title: 'Work Schedule Report' }]} style={{ marginBottom: 8 }} />
      <Typography.Title level={4}>Work Schedule Report</Typography.Title>
      <FilterBar
        fields={fields}
        formName="work-schedule-report-filter"
        onSearch={searchOrReload(filters, setFilters, list.refetch)}
        extra={exportButton}
        loading={list.loading}
      />
      <PagedTable<WorkScheduleReportRow>
        {...list.tableProps}
        columns={COLUMNS}
        rowKey="key"
        regionLabel="Work Schedule Report rows"
        data-testid="work-schedule-report-table"
        tableProps={{ locale: { emptyText: <Empty description={M.noReportData} /> } }}
      />
    </>
  );
}
