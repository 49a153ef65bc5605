import { useMemo, useState } from 'react';
import { Empty, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { DelegationExplanationRow } from '@tms/contracts/delegation';
import { explanationLink } from '@tms/contracts/explanations';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import { searchOrReload, toFilterQuery, type FilterField } from '../../components/filter-query.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { formatDateTime, formatDmy } from '../../lib/dates.ts';
import { useDelegationExplanations } from './api/delegation-api.ts';
import { delegationTexts } from './i18n/index.ts';

type DelegationT = typeof delegationTexts.t;

const fields = (t: DelegationT): FilterField[] => [{ kind: 'text', name: 'employee', label: t('filters.staff'), placeholder: t('filters.staffPlaceholder') }];
const STATUS_COLORS: Record<number, string> = { 1: 'gold', 3: 'green', 4: 'red', 5: 'default', 6: 'blue' };
const STATUSES = [1, 3, 4, 5, 6] as const;

/** The status as the server names it (EXPLANATION_STATUS_TEXT), in the reader's language; an unknown one as sent. */
function statusText(row: DelegationExplanationRow, t: DelegationT): string {
  const status = STATUSES.find((s) => s === row.status);
  return status ? t(`statusText.${status}`) : row.statusText;
}

const columns = (t: DelegationT): TableColumnsType<DelegationExplanationRow> => [
  { title: t('explanations.title'), key: 'title', render: (_v, r) => <Link to={explanationLink(r.id)}>{r.title || `#${r.id}`}</Link> },
  { title: t('explanations.createdBy'), key: 'employee', render: (_v, r) => r.employee.name },
  { title: t('explanations.department'), key: 'department', render: (_v, r) => r.employee.department ?? '' },
  { title: t('explanations.delegator'), key: 'delegator', render: (_v, r) => r.delegator.name },
  { title: t('explanations.explanationDate'), key: 'date', width: 130, render: (_v, r) => formatDmy(r.abnormal_date) },
  { title: t('explanations.createdDate'), key: 'created', width: 170, render: (_v, r) => formatDateTime(r.created_date) },
  { title: t('explanations.statusType'), key: 'status', width: 120, render: (_v, r) => <Tag color={STATUS_COLORS[r.status] ?? 'default'}>{statusText(r, t)}</Tag> },
];

/**
 * The explanation-request tab (spec 001 §2.9, §7.8, direction -1): explanations of members dated inside their ranges
 * and held by the delegator (docs/delegation.md).
 */
export function DelegationExplanationTab() {
  const { t } = delegationTexts.useT();
  const filterFields = useMemo(() => fields(t), [t]);
  const [filters, setFilters] = useState<FilterQuery>(() => toFilterQuery(fields(delegationTexts.t), undefined));
  const list = useDelegationExplanations(filters, true);
  return (
    <>
      <FilterBar
        fields={filterFields}
        formName="delegation-explanation-filter"
        onSearch={searchOrReload(filters, setFilters, list.refetch)}
        loading={list.loading}
      />
      <PagedTable<DelegationExplanationRow>
        {...list.tableProps}
        columns={columns(t)}
        rowKey="id"
        regionLabel={t('explanations.region')}
        data-testid="delegation-explanation-table"
        tableProps={{ locale: { emptyText: <Empty description={t('noData')} /> } }}
      />
    </>
  );
}
