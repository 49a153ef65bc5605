import { useMemo, useState } from 'react';
import { Typography, type TableColumnsType } from 'antd';
import { LOGS_TABLE_HEIGHT, type ConnectionHistoryRow } from '@tms/contracts/logs';
import { FilterBar, type FilterQuery } from '../../../components/filter-bar.tsx';
import { toFilterQuery } from '../../../components/filter-query.ts';
import { PagedTable } from '../../../components/paged-table.tsx';
import { sameQuery } from '../../../components/record-tab.tsx';
import { useConnectionHistories } from '../api/logs-api.ts';
import { logsTexts, type LogsT } from '../i18n/index.ts';
import { connectionFilters } from './logs-filters.ts';

const columnsOf = (t: LogsT): TableColumnsType<ConnectionHistoryRow> => [
  { title: t('connection.dateTime'), dataIndex: 'date_time_format', key: 'date_time', width: 180 },
  {
    title: t('connection.error'),
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
  { title: t('connection.details'), dataIndex: 'error_details', key: 'error_details', width: 600 },
];

const INITIAL = toFilterQuery(connectionFilters(logsTexts.t), undefined);

/** Connection History (spec 002 §2 Logs; RULES.md §8): device punch API, HR-system import and mail errors. */
export function ConnectionHistoryTab() {
  const [filters, setFilters] = useState<FilterQuery>(INITIAL);
  const list = useConnectionHistories(filters);
  const { t } = logsTexts.useT();
  const fields = useMemo(() => connectionFilters(t), [t]);
  const columns = useMemo(() => columnsOf(t), [t]);
  return (
    <>
      <FilterBar fields={fields} formName="connection-filter" onSearch={(q) => (sameQuery(q, filters) ? void list.refetch() : setFilters(q))} loading={list.loading} />
      <PagedTable<ConnectionHistoryRow>
        {...list.tableProps}
        columns={columns}
        rowKey="id"
        scrollY={LOGS_TABLE_HEIGHT}
        data-testid="connection-history-table"
        tableProps={{ locale: { emptyText: t('connection.empty') } }}
      />
    </>
  );
}
