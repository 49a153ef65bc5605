import { useState } from 'react';
import type { TableColumnsType } from 'antd';
import { LOG_ACTION_COLORS, LOGS_MESSAGES, LOGS_TABLE_HEIGHT, type LogRow } from '@tms/contracts/logs';
import { FilterBar, type FilterQuery } from '../../../components/filter-bar.tsx';
import { toFilterQuery } from '../../../components/filter-query.ts';
import { PagedTable } from '../../../components/paged-table.tsx';
import { sameQuery } from '../../../components/record-tab.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDmy } from '../../../lib/dates.ts';
import { useLogList } from '../api/logs-api.ts';
import { LOG_LIST_FILTERS } from './logs-filters.ts';

const COLUMNS: TableColumnsType<LogRow> = [
  { title: 'Staff', key: 'staff', width: 180, render: (_v, r) => r.creator.name ?? r.creator.username ?? '' },
  { title: 'Action', key: 'action', width: 110, render: (_v, r) => <StatusTag label={r.status} color={LOG_ACTION_COLORS[r.status]} /> },
  { title: 'Time', dataIndex: 'create_date_format', key: 'time', width: 170 },
  { title: 'Table', dataIndex: 'table_label', key: 'table', width: 200 },
  { title: 'Field', dataIndex: 'field', key: 'field', width: 170 },
  { title: 'Employee Modified', key: 'employee', width: 180, render: (_v, r) => r.employeeId?.name ?? '' },
  { title: 'Workday Modified', key: 'workday', width: 150, render: (_v, r) => formatDmy(r.dateOfIssue) },
  { title: 'New Value', dataIndex: 'new_value', key: 'new_value', width: 200, ellipsis: true },
  { title: 'Old Value', dataIndex: 'old_value', key: 'old_value', width: 200, ellipsis: true },
];

const INITIAL = toFilterQuery(LOG_LIST_FILTERS, undefined);

/** Logs List (spec 002 §2 Logs; RULES.md §8): one row per changed field; green Created, orange Updated. */
export function LogsListTab() {
  const [filters, setFilters] = useState<FilterQuery>(INITIAL);
  const list = useLogList(filters);
  return (
    <>
      <FilterBar fields={LOG_LIST_FILTERS} formName="logs-filter" onSearch={(q) => (sameQuery(q, filters) ? void list.refetch() : setFilters(q))} loading={list.loading} />
      <PagedTable<LogRow> {...list.tableProps} columns={COLUMNS} rowKey="key" scrollY={LOGS_TABLE_HEIGHT} data-testid="logs-table" tableProps={{ locale: { emptyText: LOGS_MESSAGES.noLogs } }} />
    </>
  );
}
