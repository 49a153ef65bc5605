import { useMemo, useState } from 'react';
import { Card, Empty, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ManualJob } from '@tms/contracts/check-in-out-calendar';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import { searchOrReload, toFilterQuery, type FilterField } from '../../components/filter-query.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { DATE_ISO, formatDateTime, formatDmy } from '../../lib/dates.ts';
import { useManualJobs } from './checkin-checkout-api.ts';
import { checkinCheckoutTexts } from './i18n/index.ts';
import { personText } from '../../lib/person-text.ts';

const STATUS_COLORS: Record<ManualJob['status'], string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };
/** On a phone each job is a card (issue 26 §3): its range as the title, its status, the rest as labelled values. */
const JOB_CARD = { title: ['range'], status: 'status', fields: ['effective', 'staff', 'department', 'by', 'at', 'error'] };

type Translate = ReturnType<typeof checkinCheckoutTexts.useT>['t'];

/** The filter fields, in the reader's language. */
function filterFields(t: Translate): FilterField[] {
  return [
    { kind: 'dateRange', name: 'range', label: t('jobs.dateRange'), fromParam: 'start_date', toParam: 'end_date', format: DATE_ISO },
    { kind: 'employee', name: 'employee', label: t('jobs.staff'), multiple: true, valueField: 'user_name' },
    { kind: 'department', name: 'department_code', label: t('jobs.department'), valueField: 'department_code' },
  ];
}

/** The job table's columns, in the reader's language. */
function jobColumns(t: Translate): TableColumnsType<ManualJob> {
  return [
    {
      title: t('jobs.status'),
      key: 'status',
      width: 100,
      render: (_v, r) => (
        <Tag color={STATUS_COLORS[r.status]} data-testid={`manual-job-status-${r.id}`}>
          {t(`jobs.statuses.${r.status}`)}
        </Tag>
      ),
    },
    { title: t('jobs.dateRange'), key: 'range', width: 200, render: (_v, r) => `${formatDmy(r.start_date)} - ${formatDmy(r.end_date)}` },
    { title: t('jobs.recomputed'), key: 'effective', width: 200, render: (_v, r) => `${formatDmy(r.effective_start_date)} - ${formatDmy(r.effective_end_date)}` },
    { title: t('jobs.staff'), key: 'staff', render: (_v, r) => r.employees.map((e) => `${e.name} - ${e.user_name}`).join(', ') },
    { title: t('jobs.department'), dataIndex: 'department_code', key: 'department', width: 120 },
    // Who queued it by name, the username beside it, as the Staff column shows people.
    { title: t('jobs.createdBy'), key: 'by', width: 180, render: (_v, r) => personText(r.created_by_name, r.created_by) },
    { title: t('jobs.createdAt'), key: 'at', width: 170, render: (_v, r) => formatDateTime(r.created_at) },
    { title: t('jobs.error'), dataIndex: 'error', key: 'error', width: 200, ellipsis: true },
  ];
}

/** The manual-job search (spec 001 §2.8, §7.7): date range, employee and department; status per job, newest first. */
export function ManualJobSearch() {
  const { t } = checkinCheckoutTexts.useT();
  const fields = useMemo(() => filterFields(t), [t]);
  const columns = useMemo(() => jobColumns(t), [t]);
  const [filters, setFilters] = useState<FilterQuery>(() => toFilterQuery(fields, undefined));
  const list = useManualJobs(filters, true);
  return (
    <Card title={t('jobs.title')} size="small" style={{ marginTop: 16 }} data-testid="manual-job-search">
      <FilterBar
        fields={fields}
        formName="manual-job-filter"
        onSearch={searchOrReload(filters, setFilters, list.refetch)}
        loading={list.loading}
      />
      <PagedTable<ManualJob>
        {...list.tableProps}
        columns={columns}
        rowKey="id"
        card={JOB_CARD}
        regionLabel={t('jobs.title')}
        data-testid="manual-job-table"
        tableProps={{ locale: { emptyText: <Empty description={t('jobs.empty')} /> } }}
      />
    </Card>
  );
}
