import { useState } from 'react';
import { Empty, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { DelegationExplanationRow } from '@tms/contracts/delegation';
import { explanationLink } from '@tms/contracts/explanations';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import { searchOrReload, toFilterQuery, type FilterField } from '../../components/filter-query.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { formatDateTime, formatDmy } from '../../lib/dates.ts';
import { useDelegationExplanations } from './api/delegation-api.ts';

const FIELDS: FilterField[] = [{ kind: 'text', name: 'employee', label: 'Staff', placeholder: 'Staff name' }];
const STATUS_COLORS: Record<number, string> = { 1: 'gold', 3: 'green', 4: 'red', 5: 'default', 6: 'blue' };

const COLUMNS: TableColumnsType<DelegationExplanationRow> = [
  { title: 'Title', key: 'title', render: (_v, r) => <Link to={explanationLink(r.id)}>{r.title || `#${r.id}`}</Link> },
  { title: 'Created By', key: 'employee', render: (_v, r) => r.employee.name },
  { title: 'Department', key: 'department', render: (_v, r) => r.employee.department ?? '' },
  { title: 'Delegator', key: 'delegator', render: (_v, r) => r.delegator.name },
  { title: 'Explanation Date', key: 'date', width: 130, render: (_v, r) => formatDmy(r.abnormal_date) },
  { title: 'Created Date', key: 'created', width: 170, render: (_v, r) => formatDateTime(r.created_date) },
  { title: 'Status Type', key: 'status', width: 120, render: (_v, r) => <Tag color={STATUS_COLORS[r.status] ?? 'default'}>{r.statusText}</Tag> },
];

/**
 * The explanation-request tab (spec 001 §2.9, §7.8, direction -1): explanations of members dated inside their ranges
 * and held by the delegator (docs/delegation.md).
 */
export function DelegationExplanationTab() {
  const [filters, setFilters] = useState<FilterQuery>(() => toFilterQuery(FIELDS, undefined));
  const list = useDelegationExplanations(filters, true);
  return (
    <>
      <FilterBar
        fields={FIELDS}
        formName="delegation-explanation-filter"
        onSearch={searchOrReload(filters, setFilters, list.refetch)}
        loading={list.loading}
      />
      <PagedTable<DelegationExplanationRow>
        {...list.tableProps}
        columns={COLUMNS}
        rowKey="id"
        regionLabel="Delegated explanation requests"
        data-testid="delegation-explanation-table"
        tableProps={{ locale: { emptyText: <Empty description="No data" /> } }}
      />
    </>
  );
}
