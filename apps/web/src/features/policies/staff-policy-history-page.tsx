import { useMemo, useState } from 'react';
import { Button, Empty, Space, Table, Typography } from 'antd';
import { ArrowLeftOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { POLICY_MANAGEMENT_PAGE, POLICY_WRITERS, type PolicyRow } from '@tms/contracts/policies';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import type { FilterField } from '../../components/filter-query.ts';
import { PAGE_SIZE_OPTIONS } from '../../components/paged-table-text.ts';
import type { RemoteOption } from '../../components/remote-select.tsx';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { useEmployeePolicies, type Filters } from './api/policies-api.ts';
import { actionColumn, policyFieldColumns } from './components/policy-columns.tsx';
import { PolicyFormModal } from './components/policy-form-modal.tsx';
import { PolicyHistoryModal } from './components/policy-history-modal.tsx';
import { useRemovePolicy } from './components/use-remove-policy.ts';
import { policiesTexts, type PoliciesT } from './i18n/index.ts';

const filterFields = (t: PoliciesT): readonly FilterField[] => [
  { kind: 'text', name: 'workScheduleCode', label: t('filter.workScheduleCode') },
  { kind: 'text', name: 'ruleType', label: t('filter.workScheduleType') },
  { kind: 'dateRange', name: 'apply', label: t('filter.applied'), fromParam: 'applyFromDate', toParam: 'applyToDate' },
  { kind: 'dateRange', name: 'expire', label: t('filter.expired'), fromParam: 'expireFromDate', toParam: 'expireToDate' },
];

type Dialog = { kind: 'set' } | { kind: 'edit'; row: PolicyRow } | { kind: 'history'; row: PolicyRow } | null;

/**
 * /policy-settings/policy-management-employee/:id (spec 002 §2 Staff policy history): title 'Staff: {name}', the
 * filter, Set Policy, and every policy of the staff (their own and their department's, marked) with history, edit
 * and remove as spec 002 §4 allows.
 */
export function StaffPolicyHistoryPage() {
  const params = useParams();
  const employeeId = Number(params.id);
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const mayWrite = hasRole(user, ...POLICY_WRITERS);
  const { t } = policiesTexts.useT();
  const fields = useMemo(() => filterFields(t), [t]);
  const [filters, setFilters] = useState<Filters>({});
  const [dialog, setDialog] = useState<Dialog>(null);
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const data = useEmployeePolicies(employeeId, filters);
  const staff = data.data?.staff;

  const onRemove = useRemovePolicy('staff');

  const search = (query: FilterQuery) => {
    setPaging((p) => ({ ...p, page: 1 }));
    if (JSON.stringify(query) === JSON.stringify(filters)) void data.refetch();
    else setFilters({ ...query });
  };

  return (
    <>
      <Space align="center" style={{ marginBottom: 8 }}>
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('staffHistory.back')} onClick={() => navigate(POLICY_MANAGEMENT_PAGE)} />
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="staff-policy-title">
          {t('staffHistory.title', { name: staff?.name ?? '' })}
        </Typography.Title>
      </Space>
      <FilterBar
        fields={fields}
        formName="staff-policy-history-filter"
        onSearch={search}
        reloadTo="empty"
        loading={data.isFetching}
        extra={
          mayWrite && staff ? (
            <Button type="primary" icon={<SettingOutlined aria-hidden />} onClick={() => setDialog({ kind: 'set' })} data-testid="staff-policy-set">
              {t('setPolicy')}
            </Button>
          ) : null
        }
      />
      <Table<PolicyRow>
        rowKey={(r) => `${r.source}-${r.id}-${r.apply_date}`}
        data-testid="staff-policy-history-table"
        loading={data.isFetching}
        dataSource={data.data?.items ?? []}
        scroll={{ x: 'max-content', y: 600 }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
        }}
        locale={{ emptyText: <Empty description={t('empty.policy')} /> }}
        columns={[
          ...policyFieldColumns<PolicyRow>(t, (r) => r),
          actionColumn(t, { onHistory: (row) => setDialog({ kind: 'history', row }), onEdit: (row) => setDialog({ kind: 'edit', row }), onRemove }, mayWrite),
        ]}
      />
      {dialog?.kind === 'set' && staff ? (
        <PolicyFormModal
          kind="staff"
          fixedStaff
          staff={[{ value: staff.user_name, label: `${staff.name} - ${staff.user_name}` }] as RemoteOption<never>[]}
          prefill={data.data?.items.find((r) => r.source === 'staff' && r.actions.edit) ?? null}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'edit' ? <PolicyFormModal kind="staff" row={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'history' ? <PolicyHistoryModal kind="staff" id={dialog.row.id} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
