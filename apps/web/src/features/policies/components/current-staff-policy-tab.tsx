import { useMemo, useState } from 'react';
import { Button, Empty, Space } from 'antd';
import { DownOutlined, SettingOutlined, UploadOutlined, UpOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { POLICY_WRITERS, STAFF_POLICY_PAGE, type CurrentPolicyRow } from '@tms/contracts/policies';
import { FilterBar, type FilterQuery } from '../../../components/filter-bar.tsx';
import type { FilterField } from '../../../components/filter-query.ts';
import { PagedTable } from '../../../components/paged-table.tsx';
import type { RemoteOption } from '../../../components/remote-select.tsx';
import { hasRole, useCurrentUser } from '../../../lib/auth.ts';
import { formatDmy } from '../../../lib/dates.ts';
import { sessionKey, useSessionState } from '../../../lib/use-session-state.ts';
import { useCurrentPolicies, workScheduleCodesQuery, type Filters } from '../api/policies-api.ts';
import { policyFieldColumns } from './policy-columns.tsx';
import { PolicyFormModal } from './policy-form-modal.tsx';
import { PolicyImportDialog } from './policy-import-dialog.tsx';
import { useUnfocusMeasureRow } from '../../../components/use-unfocus-measure-row.ts';
import { policiesTexts } from '../i18n/index.ts';

const parseFilters = (raw: unknown): Filters => (raw && typeof raw === 'object' ? (raw as Filters) : {});

type Dialog = { kind: 'set'; staff: RemoteOption<never>[]; prefill: CurrentPolicyRow['policy'] } | { kind: 'import' } | null;

/**
 * Current Staff Policy (spec 002 §2; HR, HRM, Admin): the filter bar (staff, division, department, work schedule
 * code and type) with More Filters (project, onboard date range, applied and expired ranges), Set Policy and Import,
 * and a selectable table of employees with the policy in force today — a department-sourced one shown as such.
 * A row opens the staff's policy history. Filters are kept for the session.
 */
export function CurrentStaffPolicyTab() {
  const { data: user } = useCurrentUser();
  const mayWrite = hasRole(user, ...POLICY_WRITERS);
  const navigate = useNavigate();
  const [filters, setFilters] = useSessionState(sessionKey('tms.policy-management.staff.filter', user?.userName), parseFilters);
  const [more, setMore] = useState(false);
  const [selected, setSelected] = useState<CurrentPolicyRow[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const schedules = useQuery(workScheduleCodesQuery);
  const list = useCurrentPolicies(filters);
  const wrapper = useUnfocusMeasureRow();
  const { t } = policiesTexts.useT();

  const fields = useMemo<FilterField[]>(() => {
    const base: FilterField[] = [
      { kind: 'employee', name: 'staff', label: t('filter.staff'), multiple: true, valueField: 'id' },
      { kind: 'division', name: 'division', label: t('filter.division') },
      { kind: 'department', name: 'department', label: t('filter.department'), divisionField: 'division' },
      { kind: 'select', name: 'workScheduleCode', label: t('filter.workScheduleCode'), options: (schedules.data ?? []).map((s) => ({ value: s.work_schedule_code, label: s.work_schedule_code })) },
      {
        kind: 'select',
        name: 'workScheduleType',
        label: t('filter.workScheduleType'),
        options: [...new Set((schedules.data ?? []).map((s) => s.work_schedule_type))].map((t) => ({ value: t, label: t })),
      },
    ];
    const extra: FilterField[] = [
      { kind: 'project', name: 'project', label: t('filter.project'), multiple: true },
      { kind: 'dateRange', name: 'onboard', label: t('filter.onboard'), fromParam: 'onboardFromDate', toParam: 'onboardToDate' },
      { kind: 'dateRange', name: 'apply', label: t('filter.applied'), fromParam: 'applyFromDate', toParam: 'applyToDate' },
      { kind: 'dateRange', name: 'expire', label: t('filter.expired'), fromParam: 'expireFromDate', toParam: 'expireToDate' },
    ];
    return more ? [...base, ...extra] : base;
  }, [schedules.data, more, t]);

  const search = (query: FilterQuery) => {
    const next = { ...query };
    if (JSON.stringify(next) === JSON.stringify(filters)) void list.refetch();
    else setFilters(next);
  };

  const openSet = () => {
    const staff = selected.map((r) => ({ value: r.user_name, label: `${r.fullName} - ${r.user_name}` })) as RemoteOption<never>[];
    const prefill = selected.length > 0 && selected[0]!.policy?.source === 'staff' ? selected[0]!.policy : null;
    setDialog({ kind: 'set', staff, prefill });
  };

  const buttons = (
    <Space wrap>
      <Button icon={more ? <UpOutlined /> : <DownOutlined />} onClick={() => setMore((m) => !m)} data-testid="policy-more-filters">
        {t('filter.more')}
      </Button>
      {mayWrite ? (
        <>
          <Button type="primary" icon={<SettingOutlined aria-hidden />} onClick={openSet} data-testid="policy-set">
            {t('setPolicy')}
          </Button>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => setDialog({ kind: 'import' })} data-testid="policy-import">
            {t('import')}
          </Button>
        </>
      ) : null}
    </Space>
  );

  return (
    <>
      <FilterBar
        fields={fields}
        formName="staff-policy-filter"
        initialValues={{ workScheduleCode: filters.workScheduleCode, workScheduleType: filters.workScheduleType }}
        onSearch={search}
        reloadTo="empty"
        extra={buttons}
        loading={list.loading}
      />
      <div ref={wrapper}>
      <PagedTable<CurrentPolicyRow>
        {...list.tableProps}
        rowKey="employee_id"
        data-testid="staff-policy-table"
        onRowClick={(row) => navigate(`${STAFF_POLICY_PAGE}/${row.employee_id}`)}
        columns={[
          { title: t('columns.staff'), key: 'staff', fixed: 'left', render: (_: unknown, r: CurrentPolicyRow) => `${r.fullName} - ${r.user_name}` },
          { title: t('columns.department'), dataIndex: 'department_name', key: 'department' },
          { title: t('columns.onboard'), key: 'hired', render: (_: unknown, r: CurrentPolicyRow) => (r.hired_date ? formatDmy(r.hired_date) : '-') },
          ...policyFieldColumns<CurrentPolicyRow>(t, (r) => r.policy),
        ]}
        tableProps={{
          rowSelection: mayWrite
            ? { selectedRowKeys: selected.map((r) => r.employee_id), onChange: (_keys, rows) => setSelected(rows), preserveSelectedRowKeys: true }
            : undefined,
          locale: { emptyText: <Empty description={t('empty.staff')} /> },
        }}
      />
      </div>
      {dialog?.kind === 'set' ? <PolicyFormModal kind="staff" staff={dialog.staff} prefill={dialog.prefill} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'import' ? <PolicyImportDialog kind="staff" onClose={() => setDialog(null)} /> : null}
    </>
  );
}
