import { useMemo, useState } from 'react';
import { Button, Empty, Space } from 'antd';
import { SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { POLICY_WRITERS, type PolicyRow } from '@tms/contracts/policies';
import { FilterBar, type FilterQuery } from '../../../components/filter-bar.tsx';
import type { FilterField } from '../../../components/filter-query.ts';
import { PagedTable } from '../../../components/paged-table.tsx';
import { hasRole, useCurrentUser } from '../../../lib/auth.ts';
import { sessionKey, useSessionState } from '../../../lib/use-session-state.ts';
import { useDepartmentPolicies, type DepartmentPolicyRow, type Filters } from '../api/policies-api.ts';
import { actionColumn, policyFieldColumns } from './policy-columns.tsx';
import { PolicyFormModal } from './policy-form-modal.tsx';
import { PolicyHistoryModal } from './policy-history-modal.tsx';
import { PolicyImportDialog } from './policy-import-dialog.tsx';
import { useRemovePolicy } from './use-remove-policy.ts';
import { policiesTexts, type PoliciesT } from '../i18n/index.ts';

const filterFields = (t: PoliciesT): readonly FilterField[] => [
  { kind: 'division', name: 'division', label: t('filter.division') },
  { kind: 'department', name: 'department', label: t('filter.department'), divisionField: 'division' },
  { kind: 'text', name: 'workSchedule', label: t('filter.workSchedule'), placeholder: t('filter.codeOrName') },
  { kind: 'text', name: 'type', label: t('filter.type'), placeholder: t('filter.type') },
  { kind: 'dateRange', name: 'apply', label: t('filter.applied'), fromParam: 'applyFromDate', toParam: 'applyToDate' },
  { kind: 'dateRange', name: 'expire', label: t('filter.expired'), fromParam: 'expireFromDate', toParam: 'expireToDate' },
];

const parseFilters = (raw: unknown): Filters => (raw && typeof raw === 'object' ? (raw as Filters) : {});

type Dialog = { kind: 'set' } | { kind: 'edit'; row: PolicyRow } | { kind: 'history'; row: PolicyRow } | { kind: 'import' } | null;

/**
 * Current Department Policy (spec 002 §2): department policies with filter, Set Policy (several departments),
 * Import, and history / edit / remove per row. A department's policy applies to each member on the dates no staff
 * policy of theirs covers.
 */
export function CurrentDepartmentPolicyTab() {
  const { data: user } = useCurrentUser();
  const mayWrite = hasRole(user, ...POLICY_WRITERS);
  const { t } = policiesTexts.useT();
  const fields = useMemo(() => filterFields(t), [t]);
  const [filters, setFilters] = useSessionState(sessionKey('tms.policy-management.department.filter', user?.userName), parseFilters);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useDepartmentPolicies(filters);
  const search = (query: FilterQuery) => (JSON.stringify(query) === JSON.stringify(filters) ? void list.refetch() : setFilters({ ...query }));

  const onRemove = useRemovePolicy('department', () => list.afterDelete());

  const buttons = mayWrite ? (
    <Space wrap>
      <Button type="primary" icon={<SettingOutlined aria-hidden />} onClick={() => setDialog({ kind: 'set' })} data-testid="department-policy-set">
        {t('setPolicy')}
      </Button>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setDialog({ kind: 'import' })} data-testid="department-policy-import">
        {t('import')}
      </Button>
    </Space>
  ) : null;

  return (
    <>
      <FilterBar
        fields={fields}
        formName="department-policy-filter"
        initialValues={{ workSchedule: filters.workSchedule, type: filters.type }}
        onSearch={search}
        reloadTo="empty"
        extra={buttons}
        loading={list.loading}
      />
      <PagedTable<DepartmentPolicyRow>
        {...list.tableProps}
        rowKey="id"
        data-testid="department-policy-table"
        columns={[
          { title: t('columns.department'), dataIndex: 'department_name', key: 'department', fixed: 'left' },
          { title: t('columns.division'), dataIndex: 'division_name', key: 'division' },
          { title: t('columns.members'), dataIndex: 'member_count', key: 'members', align: 'right' },
          ...policyFieldColumns<DepartmentPolicyRow>(t, (r) => r).filter((c) => c.key !== 'source'),
          actionColumn(t, { onHistory: (row) => setDialog({ kind: 'history', row }), onEdit: (row) => setDialog({ kind: 'edit', row }), onRemove }, mayWrite) as never,
        ]}
        tableProps={{ locale: { emptyText: <Empty description={t('empty.department')} /> } }}
      />
      {dialog?.kind === 'set' ? <PolicyFormModal kind="department" onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <PolicyFormModal kind="department" row={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'history' ? <PolicyHistoryModal kind="department" id={dialog.row.id} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'import' ? <PolicyImportDialog kind="department" onClose={() => setDialog(null)} /> : null}
    </>
  );
}
