import { useState } from 'react';
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

const FILTERS: readonly FilterField[] = [
  { kind: 'division', name: 'division', label: 'Division' },
  { kind: 'department', name: 'department', label: 'Department', divisionField: 'division' },
  { kind: 'text', name: 'workSchedule', label: 'Work Schedule', placeholder: 'Code or name' },
  { kind: 'text', name: 'type', label: 'Type', placeholder: 'Type' },
  { kind: 'dateRange', name: 'apply', label: 'Date Applied', fromParam: 'applyFromDate', toParam: 'applyToDate' },
  { kind: 'dateRange', name: 'expire', label: 'Date Expired', fromParam: 'expireFromDate', toParam: 'expireToDate' },
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
  const [filters, setFilters] = useSessionState(sessionKey('tms.policy-management.department.filter', user?.userName), parseFilters);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useDepartmentPolicies(filters);
  const search = (query: FilterQuery) => (JSON.stringify(query) === JSON.stringify(filters) ? void list.refetch() : setFilters({ ...query }));

  const onRemove = useRemovePolicy('department', () => list.afterDelete());

  const buttons = mayWrite ? (
    <Space wrap>
      <Button type="primary" icon={<SettingOutlined aria-hidden />} onClick={() => setDialog({ kind: 'set' })} data-testid="department-policy-set">
        Set Policy
      </Button>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setDialog({ kind: 'import' })} data-testid="department-policy-import">
        Import
      </Button>
    </Space>
  ) : null;

  return (
    <>
      <FilterBar
        fields={FILTERS}
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
          { title: 'Department', dataIndex: 'department_name', key: 'department', fixed: 'left' },
          { title: 'Division', dataIndex: 'division_name', key: 'division' },
          { title: 'Members', dataIndex: 'member_count', key: 'members', align: 'right' },
          ...policyFieldColumns<DepartmentPolicyRow>((r) => r).filter((c) => c.key !== 'source'),
          actionColumn({ onHistory: (row) => setDialog({ kind: 'history', row }), onEdit: (row) => setDialog({ kind: 'edit', row }), onRemove }, mayWrite) as never,
        ]}
        tableProps={{ locale: { emptyText: <Empty description="No department policy" /> } }}
      />
      {dialog?.kind === 'set' ? <PolicyFormModal kind="department" onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <PolicyFormModal kind="department" row={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'history' ? <PolicyHistoryModal kind="department" id={dialog.row.id} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'import' ? <PolicyImportDialog kind="department" onClose={() => setDialog(null)} /> : null}
    </>
  );
}
