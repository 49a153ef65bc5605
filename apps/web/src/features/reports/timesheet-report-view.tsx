import { useMemo, useState } from 'react';
import { Breadcrumb, Button, Card, Col, Empty, Row, Spin, Statistic, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PeriodOption } from '@tms/contracts/lookups';
import { REPORT_PAGE } from '@tms/contracts/work-schedule-config';
import { TIMESHEET_DETAIL_SCROLL_X, type SummaryChartRow, type TimesheetDetailRow, type TimesheetSummaryRow } from '@tms/contracts/timesheet-report';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import { searchOrReload, toFilterQuery, type FilterField } from '../../components/filter-query.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { formatDmy } from '../../lib/dates.ts';
import { serverTimeQuery, usePeriods } from '../../lib/lookups.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { formatCount, formatDays, formatHours } from '../../lib/numbers.ts';
import { exportTimesheetReport, useSummaryChart, useTimesheetReport, type ReportKind } from './api/timesheet-report-api.ts';
import { reportsTexts } from './i18n/index.ts';
import { detailColumns, summaryColumns } from './report-columns.tsx';
import { lastEndedPeriodId } from './report-period.ts';
import { SummaryChart } from './lazy-charts.tsx';

/** Every 'YYYY-MM-DD' of [from, to] (the details' date columns). */
function datesOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Σ of the chart's departments: the totals of every filtered employee (not just the page). */
export function chartTotals(rows: readonly SummaryChartRow[] | undefined) {
  const sum = (key: keyof Omit<SummaryChartRow, 'department'>, places: number) =>
    Math.round((rows ?? []).reduce((s, r) => s + Math.round(r[key] * 10 ** places), 0)) / 10 ** places;
  return { employees: sum('employees', 0), paid_days: sum('paid_days', 2), leave_days: sum('leave_days', 3), unpaid_days: sum('unpaid_days', 3), ot_hours: sum('ot_hours', 2) };
}

function Totals({ rows, loading }: { rows: readonly SummaryChartRow[] | undefined; loading: boolean }) {
  const { t } = reportsTexts.useT();
  const totals = chartTotals(rows);
  const items = [
    { key: 'employees', title: t('totals.employees'), value: formatCount(totals.employees) },
    { key: 'paid_days', title: t('totals.paid_days'), value: formatDays(totals.paid_days) },
    { key: 'leave_days', title: t('totals.leave_days'), value: formatDays(totals.leave_days) },
    { key: 'unpaid_days', title: t('totals.unpaid_days'), value: formatDays(totals.unpaid_days) },
    { key: 'ot_hours', title: t('totals.ot_hours'), value: formatHours(totals.ot_hours) },
  ];
  return (
    <Card size="small" style={{ marginBottom: 12 }} loading={loading && !rows}>
      <Row gutter={16}>
        {items.map((i) => (
          <Col key={i.key} flex="1 1 150px">
            <Statistic title={i.title} value={i.value} valueRender={() => <span data-testid={`report-total-${i.key}`}>{i.value}</span>} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

function ReportBody({ kind, periods, defaultPeriodId }: { kind: ReportKind; periods: readonly PeriodOption[]; defaultPeriodId: number | null }) {
  const { t } = reportsTexts.useT();
  const fields: FilterField[] = useMemo(
    () => [
      {
        kind: 'select',
        name: 'timesheetId',
        label: t('filters.period'),
        options: periods.map((p) => ({ value: p.timesheet_id, label: `${p.name} (${formatDmy(p.from_date)} - ${formatDmy(p.to_date)})` })),
      },
      { kind: 'division', name: 'divisions', label: t('filters.division') },
      { kind: 'department', name: 'departments', label: t('filters.department'), divisionField: 'divisions' },
      { kind: 'employee', name: 'employee', label: t('filters.staff'), multiple: true, valueField: 'id' },
      { kind: 'text', name: 'keyword', label: t('filters.keyword') },
    ],
    [periods, t],
  );
  const initialValues = { timesheetId: defaultPeriodId ?? undefined };
  const [filters, setFilters] = useState<FilterQuery>(() => toFilterQuery(fields, initialValues));
  const [exporting, setExporting] = useState(false);
  const list = useTimesheetReport(kind, filters);
  const chart = useSummaryChart(kind === 'summary' ? filters : undefined);
  const period = periods.find((p) => String(p.timesheet_id) === String(filters.timesheetId));
  const columns = useMemo(() => (kind === 'detail' && period ? detailColumns(datesOf(period.from_date, period.to_date), t) : summaryColumns(t)), [kind, period, t]);

  const onExport = async () => {
    setExporting(true);
    try {
      await exportTimesheetReport(kind, filters);
      notifySuccess(kind === 'detail' ? t('exportDetailSuccess') : t('exportSuccess'));
    } catch (error) {
      notifyApiError(error, t('exportTimeout'));
    } finally {
      setExporting(false);
    }
  };

  const exportButton = (
    <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void onExport()} loading={exporting} disabled={!filters.timesheetId} data-testid="report-export">
      {t('exportButton')}
    </Button>
  );

  return (
    <>
      <FilterBar
        fields={fields}
        initialValues={initialValues}
        formName={`report-${kind}-filter`}
        onSearch={searchOrReload(filters, setFilters, list.refetch)}
        extra={exportButton}
        loading={list.loading}
      />
      {kind === 'summary' && filters.timesheetId ? (
        <>
          <Totals rows={chart.data} loading={chart.isFetching} />
          <SummaryChart rows={chart.data} loading={chart.isFetching} />
        </>
      ) : null}
      <PagedTable<TimesheetSummaryRow | TimesheetDetailRow>
        {...list.tableProps}
        columns={columns as never}
        rowKey="employee_id"
        scrollX={kind === 'detail' ? TIMESHEET_DETAIL_SCROLL_X : 'max-content'}
        regionLabel={t(`rows.${kind}`)}
        data-testid={`report-${kind}-table`}
        tableProps={{ locale: { emptyText: <Empty description={filters.timesheetId ? t('noData') : t('choosePeriod')} /> } }}
      />
    </>
  );
}

/**
 * /report/summary and /report/detail (spec 001 §2.10): breadcrumb Report > page, filters (period, default the last
 * ended one; division; department; staff; name), Search, Export to Excel (all filtered rows with a totals row), the
 * paginated table with fixed staff columns; the summary adds its totals and the per-department chart, the details a
 * column per date (scroll width 6000).
 */
export function TimesheetReportView({ kind }: { kind: ReportKind }) {
  const periods = usePeriods();
  const serverTime = useQuery(serverTimeQuery);
  const ready = periods.data !== undefined && serverTime.data !== undefined;
  const { t } = reportsTexts.useT();
  const title = t(`titles.${kind}`);
  return (
    <>
      <Breadcrumb items={[{ title: <Link to={REPORT_PAGE} data-testid="report-breadcrumb">{t('report')}</Link> }, { title }]} style={{ marginBottom: 8 }} />
      <Typography.Title level={4}>{title}</Typography.Title>
      {ready ? (
        <ReportBody kind={kind} periods={periods.data ?? []} defaultPeriodId={lastEndedPeriodId(periods.data, serverTime.data?.today)} />
      ) : periods.isError || serverTime.isError ? (
        <Empty description={t('loadFailed')} />
      ) : (
        <Spin data-testid="report-loading" />
      )}
    </>
  );
}
