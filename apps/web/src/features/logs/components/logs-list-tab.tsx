import { useMemo, useState } from 'react';
import type { TableColumnsType } from 'antd';
import { LOG_ACTION_COLORS, LOGS_TABLE_HEIGHT, type LogRow } from '@tms/contracts/logs';
import { FilterBar, type FilterQuery } from '../../../components/filter-bar.tsx';
import { toFilterQuery } from '../../../components/filter-query.ts';
import { PagedTable } from '../../../components/paged-table.tsx';
import { sameQuery } from '../../../components/record-tab.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDmy } from '../../../lib/dates.ts';
import { useLogList } from '../api/logs-api.ts';
import { logsTexts, type LogsT } from '../i18n/index.ts';
import { logListFilters, tableName } from './logs-filters.ts';
import { fieldLabel, valueText } from './log-values.ts';
import { historyAuthorName } from '../../../components/history-format.ts';
import { commonTexts } from '../../../components/i18n/index.ts';

export const columnsOf = (t: LogsT, common: typeof commonTexts.t): TableColumnsType<LogRow> => [
  { title: t('list.staff'), key: 'staff', width: 180, render: (_v, r) => historyAuthorName(r.creator, common) },
  { title: t('list.action'), key: 'action', width: 110, render: (_v, r) => <StatusTag label={t(`actions.${r.status}`)} color={LOG_ACTION_COLORS[r.status]} /> },
  { title: t('list.time'), dataIndex: 'create_date_format', key: 'time', width: 170 },
  { title: t('list.table'), key: 'table', width: 200, render: (_v, r) => tableName(t, r.table, r.table_label) },
  { title: t('list.field'), key: 'field', width: 190, render: (_v, r) => fieldLabel(t, r.table, r.field) },
  { title: t('list.employee'), key: 'employee', width: 180, render: (_v, r) => r.employeeId?.name ?? '' },
  { title: t('list.workday'), key: 'workday', width: 150, render: (_v, r) => formatDmy(r.dateOfIssue) },
  { title: t('list.newValue'), key: 'new_value', width: 200, ellipsis: true, render: (_v, r) => valueText(t, common, r, 'new') },
  { title: t('list.oldValue'), key: 'old_value', width: 200, ellipsis: true, render: (_v, r) => valueText(t, common, r, 'old') },
];

const INITIAL = toFilterQuery(logListFilters(logsTexts.t), undefined);

/** Logs List (spec 002 §2 Logs; RULES.md §8): one row per changed field; green Created, orange Updated. */
export function LogsListTab() {
  const [filters, setFilters] = useState<FilterQuery>(INITIAL);
  const list = useLogList(filters);
  const { t } = logsTexts.useT();
  const { t: common } = commonTexts.useT();
  const fields = useMemo(() => logListFilters(t), [t]);
  const columns = useMemo(() => columnsOf(t, common), [t, common]);
  return (
    <>
      <FilterBar fields={fields} formName="logs-filter" onSearch={(q) => (sameQuery(q, filters) ? void list.refetch() : setFilters(q))} loading={list.loading} />
      <PagedTable<LogRow> {...list.tableProps} columns={columns} rowKey="key" scrollY={LOGS_TABLE_HEIGHT} data-testid="logs-table" tableProps={{ locale: { emptyText: t('list.empty') } }} />
    </>
  );
}
