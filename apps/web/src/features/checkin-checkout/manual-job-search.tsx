import { useState } from 'react';
import { Card, Empty, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ManualJob } from '@tms/contracts/check-in-out-calendar';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import { searchOrReload, toFilterQuery, type FilterField } from '../../components/filter-query.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { DATE_ISO, formatDateTime, formatDmy } from '../../lib/dates.ts';
import { useManualJobs } from './checkin-checkout-api.ts';

const STATUS_COLORS: Record<ManualJob['status'], string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

const FIELDS: FilterField[] = [
  { kind: 'dateRange', name: 'range', label: 'Date range', fromParam: 'start_date', toParam: 'end_date', format: DATE_ISO },
  { kind: 'employee', name: 'employee', label: 'Staff', multiple: true, valueField: 'user_name' },
  { kind: 'department', name: 'department_code', label: 'Department', valueField: 'department_code' },
];

const COLUMNS: TableColumnsType<ManualJob> = [
  { title: 'Status', key: 'status', width: 100, render: (_v, r) => <Tag color={STATUS_COLORS[r.status]} data-testid={`manual-job-status-${r.id}`}>{r.status}</Tag> },
  { title: 'Date range', key: 'range', width: 200, render: (_v, r) => `${formatDmy(r.start_date)} - ${formatDmy(r.end_date)}` },
  { title: 'Recomputed', key: 'effective', width: 200, render: (_v, r) => `${formatDmy(r.effective_start_date)} - ${formatDmy(r.effective_end_date)}` },
  { title: 'Staff', key: 'staff', render: (_v, r) => r.employees.map((e) => `${e.name} - ${e.user_name}`).join(', ') },
  { title: 'Department', dataIndex: 'department_code', key: 'department', width: 120 },
  { title: 'Created by', dataIndex: 'created_by', key: 'by', width: 120 },
  { title: 'Created at', key: 'at', width: 170, render: (_v, r) => formatDateTime(r.created_at) },
  { title: 'Error', dataIndex: 'error', key: 'error', width: 200, ellipsis: true },
];

/** The manual-job search (spec 001 §2.8, §7.7): date range, employee and department; status per job, newest first. */
export function ManualJobSearch() {
  const [filters, setFilters] = useState<FilterQuery>(() => toFilterQuery(FIELDS, undefined));
  const list = useManualJobs(filters, true);
  return (
    <Card title="Manual update jobs" size="small" style={{ marginTop: 16 }} data-testid="manual-job-search">
      <FilterBar
        fields={FIELDS}
        formName="manual-job-filter"
        onSearch={searchOrReload(filters, setFilters, list.refetch)}
        loading={list.loading}
      />
      <PagedTable<ManualJob>
        {...list.tableProps}
        columns={COLUMNS}
        rowKey="id"
        regionLabel="Manual update jobs"
        data-testid="manual-job-table"
        tableProps={{ locale: { emptyText: <Empty description="No job" /> } }}
      />
    </Card>
  );
}
