import { useState } from 'react';
import { Breadcrumb, Button, Empty, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { REPORT_PAGE, type WorkScheduleReportRow } from '@tms/contracts/work-schedule-config';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import { searchOrReload, toFilterQuery, type FilterField } from '../../components/filter-query.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { formatDmy } from '../../lib/dates.ts';
import { useWorkScheduleTypeOptions } from '../../lib/lookups.ts';
import { notifyApiError } from '../../lib/notify.ts';
import { exportWorkScheduleReport, useWorkScheduleCodeOptions, useWorkScheduleReport } from './api/work-schedule-api.ts';
import { workSchedulesTexts, type WorkSchedulesT } from './i18n/index.ts';

const columns = (t: WorkSchedulesT): TableColumnsType<WorkScheduleReportRow> => [
  { title: t('report.columns.staff'), dataIndex: 'staff', key: 'staff', width: 200 },
  { title: t('report.columns.user_name'), dataIndex: 'user_name', key: 'user_name', width: 140 },
  { title: t('report.columns.department_name'), dataIndex: 'department_name', key: 'department', width: 180 },
  { title: t('report.columns.division_name'), dataIndex: 'division_name', key: 'division', width: 180 },
  { title: t('report.columns.work_schedule_code'), dataIndex: 'work_schedule_code', key: 'code', width: 150 },
  { title: t('report.columns.work_schedule_name'), dataIndex: 'work_schedule_name', key: 'name', width: 220 },
  { title: t('report.columns.work_schedule_type'), dataIndex: 'work_schedule_type', key: 'type', width: 110 },
  { title: t('report.columns.apply_date'), key: 'apply', width: 110, render: (_v, r) => formatDmy(r.apply_date) },
  { title: t('report.columns.expire_date'), key: 'expire', width: 110, render: (_v, r) => formatDmy(r.expire_date) },
  { title: t('report.columns.source'), key: 'source', width: 110, render: (_v, r) => <Tag color={r.source === 'staff' ? 'blue' : 'purple'}>{t(`report.source.${r.source}`)}</Tag> },
];

/**
 * /report/policy-mapping (spec 002 §2 Work schedule report): Export report, the filter (staff, division, department,
 * code, type, apply and expire date ranges sent as DD/MM/YYYY) and the paged table; rows follow the caller's scope.
 */
export function WorkScheduleReportPage() {
  const codes = useWorkScheduleCodeOptions();
  const types = useWorkScheduleTypeOptions();
  const { t } = workSchedulesTexts.useT();
  const fields: FilterField[] = [
    { kind: 'employee', name: 'employee', label: t('report.filter.staff'), multiple: true, valueField: 'id' },
    { kind: 'division', name: 'division', label: t('report.filter.division') },
    { kind: 'department', name: 'department', label: t('report.filter.department'), divisionField: 'division' },
    { kind: 'select', name: 'workScheduleCode', label: t('report.filter.code'), options: codes.options, multiple: true },
    { kind: 'select', name: 'workScheduleType', label: t('report.filter.type'), options: types.options, multiple: true },
    { kind: 'dateRange', name: 'apply', label: t('report.filter.apply'), fromParam: 'applyFromDate', toParam: 'applyToDate' },
    { kind: 'dateRange', name: 'expire', label: t('report.filter.expire'), fromParam: 'expireFromDate', toParam: 'expireToDate' },
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
      {t('report.export')}
    </Button>
  );

  return (
    <>
      <Breadcrumb items={[{ title: <Link to={REPORT_PAGE} data-testid="report-breadcrumb">{t('hub.title')}</Link> }, { title: t('report.title') }]} style={{ marginBottom: 8 }} />
      <Typography.Title level={4}>{t('report.title')}</Typography.Title>
      <FilterBar
        fields={fields}
        formName="work-schedule-report-filter"
        onSearch={searchOrReload(filters, setFilters, list.refetch)}
        extra={exportButton}
        loading={list.loading}
      />
      <PagedTable<WorkScheduleReportRow>
        {...list.tableProps}
        columns={columns(t)}
        rowKey="key"
        regionLabel={t('report.rows')}
        data-testid="work-schedule-report-table"
        tableProps={{ locale: { emptyText: <Empty description={t('report.empty')} /> } }}
      />
    </>
  );
}
