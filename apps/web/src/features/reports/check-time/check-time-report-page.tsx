import { useMemo, useState } from 'react';
import { Breadcrumb, Button, Empty, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { CHECK_TIME_TABLE_SCROLL_Y, type CheckTimeRow } from '@tms/contracts/check-time-report';
import { REPORT_PAGE } from '@tms/contracts/work-schedule-config';
import { PagedTable } from '../../../components/paged-table.tsx';
import { searchOrReload } from '../../../components/filter-query.ts';
import type { Query } from '../../../lib/api-client.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { exportCheckTimeReport, useCheckTimeReport, useLateByWeekday } from './check-time-api.ts';
import { reportsTexts } from '../i18n/index.ts';
import { checkTimeColumns } from './check-time-columns.tsx';
import { CheckTimeFilters } from './check-time-filters.tsx';
import { lastTwoWeeks, queryOf, type CheckTimeFormValues } from './check-time-rules.ts';
import { LateByWeekdayChart } from '../lazy-charts.tsx';

/**
 * /report/checkTime, Check in - Check out (spec 001 §2.10, §5.8, §7.9): the filter, Export to Excel, the late arrivals
 * by weekday chart and the paged table (scroll height 550). Nothing loads until Search; rows follow the caller's scope.
 */
export function CheckTimeReportPage() {
  const initialValues = useMemo<CheckTimeFormValues>(() => ({ range: lastTwoWeeks(), departments: [], users: [] }), []);
  const [filters, setFilters] = useState<Query | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const list = useCheckTimeReport(filters);
  const chart = useLateByWeekday(filters);
  const { t } = reportsTexts.useT();
  const columns = useMemo(() => checkTimeColumns(t), [t]);

  const onSearch = (values: CheckTimeFormValues) =>
    searchOrReload(filters, setFilters, () => Promise.all([list.refetch(), chart.refetch()]))(queryOf(values));

  const onExport = async () => {
    if (!filters) return;
    setExporting(true);
    try {
      await exportCheckTimeReport(filters);
      notifySuccess(t('checkTime.exported'));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setExporting(false);
    }
  };

  const exportButton = (
    <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void onExport()} loading={exporting} disabled={!filters} data-testid="check-time-export">
      {t('exportButton')}
    </Button>
  );

  return (
    <>
      <Breadcrumb items={[{ title: <Link to={REPORT_PAGE} data-testid="report-breadcrumb">{t('report')}</Link> }, { title: t('checkTime.title') }]} style={{ marginBottom: 8 }} />
      <Typography.Title level={4}>{t('checkTime.title')}</Typography.Title>
      <CheckTimeFilters initialValues={initialValues} onSearch={onSearch} onReload={() => setFilters(undefined)} loading={list.loading} extra={exportButton} />
      {filters && <LateByWeekdayChart data={chart.data} loading={chart.isFetching} />}
      <PagedTable<CheckTimeRow>
        {...list.tableProps}
        columns={columns}
        rowKey="key"
        scrollY={CHECK_TIME_TABLE_SCROLL_Y}
        regionLabel={t('checkTime.rows')}
        data-testid="check-time-table"
        tableProps={{ locale: { emptyText: <Empty description={filters ? t('checkTime.noData') : t('checkTime.chooseFilter')} /> } }}
      />
    </>
  );
}
