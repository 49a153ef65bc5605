import { useMemo, useState } from 'react';
import { Breadcrumb, Button, Empty, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { OtComplianceRow } from '@tms/contracts/overtime-limits';
import { REPORT_PAGE } from '@tms/contracts/work-schedule-config';
import { PagedTable } from '../../../components/paged-table.tsx';
import { searchOrReload } from '../../../components/filter-query.ts';
import type { Query } from '../../../lib/api-client.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { reportsTexts } from '../i18n/index.ts';
import { DepartmentShareChart } from '../lazy-charts.tsx';
import { exportOtCompliance, useOtCompliance, useOtComplianceDepartments } from './ot-compliance-api.ts';
import { otComplianceColumns } from './ot-compliance-columns.tsx';
import { OtComplianceFilters } from './ot-compliance-filters.tsx';
import { complianceQueryOf, yearSoFar, type OtComplianceFormValues } from './ot-compliance-rules.ts';

/**
 * /report/overtime-compliance (issue 27 §2; Report → TMS Report): per employee and month the approved overtime hours
 * against the monthly and yearly limits, days over the daily limit, overrides; the filter, Export to Excel, the
 * departments' share of the limit (lazy recharts) and the paged table. Rows follow the caller's scope (RULES.md §3).
 */
export function OtCompliancePage() {
  const initialValues = useMemo<OtComplianceFormValues>(() => ({ months: yearSoFar(), divisions: [], departments: [], users: [], onlyAtRisk: false }), []);
  const [filters, setFilters] = useState<Query | undefined>(() => complianceQueryOf(initialValues));
  const [exporting, setExporting] = useState(false);
  const list = useOtCompliance(filters);
  const chart = useOtComplianceDepartments(filters);
  const { t } = reportsTexts.useT();
  const columns = useMemo(() => otComplianceColumns(t), [t]);

  const onSearch = (values: OtComplianceFormValues) =>
    searchOrReload(filters, setFilters, () => Promise.all([list.refetch(), chart.refetch()]))(complianceQueryOf(values));

  const onExport = async () => {
    if (!filters) return;
    setExporting(true);
    try {
      await exportOtCompliance(filters);
      notifySuccess(t('otCompliance.exported'));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setExporting(false);
    }
  };

  const exportButton = (
    <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void onExport()} loading={exporting} disabled={!filters} data-testid="ot-compliance-export">
      {t('exportButton')}
    </Button>
  );

  return (
    <>
      <Breadcrumb items={[{ title: <Link to={REPORT_PAGE} data-testid="report-breadcrumb">{t('report')}</Link> }, { title: t('otCompliance.title') }]} style={{ marginBottom: 8 }} />
      <Typography.Title level={4}>{t('otCompliance.title')}</Typography.Title>
      <OtComplianceFilters initialValues={initialValues} onSearch={onSearch} onReload={() => setFilters(complianceQueryOf(initialValues))} loading={list.loading} extra={exportButton} />
      {filters && <DepartmentShareChart data={chart.data} loading={chart.isFetching} />}
      <PagedTable<OtComplianceRow>
        {...list.tableProps}
        columns={columns}
        rowKey="key"
        scrollY={550}
        regionLabel={t('otCompliance.rows')}
        data-testid="ot-compliance-table"
        tableProps={{ locale: { emptyText: <Empty description={t('otCompliance.noData')} /> } }}
      />
    </>
  );
}
