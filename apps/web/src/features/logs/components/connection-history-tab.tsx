import { useState } from 'react';
import { Typography, type TableColumnsType } from 'antd';
import { LOGS_MESSAGES, LOGS_TABLE_HEIGHT, type ConnectionHistoryRow } from '@tms/contracts/logs';
import { FilterBar, type FilterQuery } from '../../../components/filter-bar.tsx';
import { toFilterQuery } from '../../../components/filter-query.ts';
import { PagedTable } from '../../../components/paged-table.tsx';
import { sameQuery } from '../../../components/record-tab.tsx';
import { useConnectionHistories } from '../api/logs-api.ts';
import { CONNECTION_FILTERS } from './logs-filters.ts';

const COLUMNS: TableColumnsType<ConnectionHistoryRow> = [
  { title: 'Date and time', dataIndex: 'date_time_format', key: 'date_time', width: 180 },
  {
    title: 'Error',
    key: 'code',
    width: 220,
    render: (_v, r) => (
      <>
        {r.code}
        <div>
          <Typography.Text type="secondary">{r.source}</Typography.Text>
        </div>
      </>
    ),
  },
  { title: 'Details', dataIndex: 'error_details', key: 'error_details', width: 600 },
];

const INITIAL = toFilterQuery(CONNECTION_FILTERS, undefined);

/** Connection History (spec 002 §2 Logs; RULES.md §8): device punch API, HR-system import and mail errors. */
export function ConnectionHistoryTab() {
  const [filters, setFilters] = useState<FilterQuery>(INITIAL);
  const list = useConnectionHistories(filters);
  return (
    <>
      <FilterBar fields={CONNECTION_FILTERS} formName="connection-filter" onSearch={(q) => (sameQuery(q, filters) ? void list.refetch() : setFilters(q))} loading={list.loading} />
      <PagedTable<ConnectionHistoryRow>
        {...list.tableProps}
        columns={COLUMNS}
        rowKey="id"
        scrollY={LOGS_TABLE_HEIGHT}
        data-testid="connection-history-table"
        tableProps={{ locale: { emptyText: LOGS_MESSAGES.noConnectionHistory } }}
      />
    </>
  );
}
