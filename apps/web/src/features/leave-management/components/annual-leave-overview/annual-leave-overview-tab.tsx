import { useMemo, useState } from 'react';
import { Button, Spin } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import type { LeaveOverviewRow } from '@tms/contracts/leave-overview';
import { FilterBar, type FilterQuery } from '../../../../components/filter-bar.tsx';
import { toFilterQuery, type FilterField } from '../../../../components/filter-query.ts';
import { PagedTable } from '../../../../components/paged-table.tsx';
import { formatDmy } from '../../../../lib/dates.ts';
import { usePeriods, useRoleOptions } from '../../../../lib/lookups.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useExportLeaveOverview } from '../../api/export-leave-overview.ts';
import { useLeaveOverview, type LeaveOverviewFilters } from '../../api/get-leave-overview.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';
import type { ExplainTarget } from './figure-link.tsx';
import { LeaveDetailModal } from './leave-detail-modal.tsx';
import { LeaveExplainDrawer, type ExplainRequest } from './leave-explain-drawer.tsx';
import { overviewColumns } from './overview-columns.tsx';

/** Same parameters with the same values; an empty parameter equals an absent one. */
function sameQuery(a: FilterQuery, b: FilterQuery): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
}

/**
 * The Annual Leave Overview tab (spec 000 §2): payroll period (default the current one), staff, division, department
 * and role filters; Export to Excel; the paged table; a row click opens 'Annual leave detail'; every figure opens
 * Explain, the ledger lines behind it.
 */
export function AnnualLeaveOverviewTab() {
  const periods = usePeriods();
  const roles = useRoleOptions();
  const { t } = leaveManagementTexts.useT();
  const current = periods.data?.find((p) => p.is_current_timesheet);

  const fields = useMemo<FilterField[]>(
    () => [
      {
        kind: 'select',
        name: 'timesheetId',
        label: t('overview.payrollPeriod'),
        options: (periods.data ?? []).map((p) => ({ value: p.timesheet_id, label: `${p.name} (${formatDmy(p.from_date)} - ${formatDmy(p.to_date)})` })),
      },
      { kind: 'employee', name: 'employee', label: t('common.staff'), multiple: true, valueField: 'id' },
      { kind: 'division', name: 'division', label: t('common.division') },
      { kind: 'department', name: 'department', label: t('common.department'), divisionField: 'division' },
      { kind: 'select', name: 'role', label: t('common.role'), multiple: true, options: (roles.data ?? []).map((r) => ({ value: r.code, label: r.name })) },
    ],
    [periods.data, roles.data, t],
  );
  const initialValues = useMemo(() => ({ timesheetId: current?.timesheet_id }), [current]);

  // Until the bar sends its first query the server's default (the current period) applies.
  const [filters, setFilters] = useState<LeaveOverviewFilters>(() => toFilterQuery(fields, initialValues));
  const list = useLeaveOverview(filters);
  const exporting = useExportLeaveOverview();
  const [detail, setDetail] = useState<LeaveOverviewRow | null>(null);
  const [explain, setExplain] = useState<ExplainRequest | null>(null);

  // Search and Reload Search always re-read the list, also when the filters are the ones already shown.
  const search = (query: FilterQuery) => (sameQuery(query, filters) ? void list.refetch() : setFilters(query));

  const explainOf = (row: LeaveOverviewRow) => (target: ExplainTarget) =>
    setExplain({ ...target, employeeId: row.employeeId, employeeName: row.fullName, timesheetId: row.timesheetId });

  const columns = overviewColumns({ page: list.page, size: list.size, onExplain: (row, target) => explainOf(row)(target), t });

  const exportButton = (
    <Button
      icon={<FileExcelOutlined aria-hidden />}
      loading={exporting.isPending}
      onClick={() => exporting.mutate(filters, { onSuccess: (name) => notifySuccess(t('overview.downloaded', { name })) })}
      data-testid="leave-overview-export"
    >
      {t('overview.exportButton')}
    </Button>
  );

  return (
    <>
      {periods.isLoading ? (
        <Spin />
      ) : (
        <FilterBar fields={fields} initialValues={initialValues} formName="leave-overview-filter" onSearch={search} extra={exportButton} loading={list.loading} />
      )}
      <PagedTable<LeaveOverviewRow>
        {...list.tableProps}
        columns={columns}
        rowKey="employeeId"
        data-testid="leave-overview-table"
        tableProps={{
          onRow: (row) => ({
            onClick: (event) => {
              // A figure link opens Explain instead.
              if ((event.target as HTMLElement).closest('button, a')) return;
              setDetail(row);
            },
            style: { cursor: 'pointer' },
            'data-testid': `leave-overview-row-${row.employeeId}`,
          }),
        }}
      />
      {detail ? <LeaveDetailModal row={detail} onExplain={explainOf(detail)} onClose={() => setDetail(null)} /> : null}
      {explain ? <LeaveExplainDrawer request={explain} onClose={() => setExplain(null)} /> : null}
    </>
  );
}
