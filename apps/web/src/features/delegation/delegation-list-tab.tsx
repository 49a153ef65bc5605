import { useState } from 'react';
import { Button, Empty, Space, Switch, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { DELEGATION_MESSAGES as M, type DelegationDetail, type DelegationRow } from '@tms/contracts/delegation';
import { PRIVILEGED_ROLES } from '@tms/contracts/roles';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import { searchOrReload, toFilterQuery, type FilterField } from '../../components/filter-query.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { useUnfocusMeasureRow } from '../../components/use-unfocus-measure-row.ts';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { deleteDelegations, delegationKeys, editDelegation, fetchDelegationDetail, useDelegationList } from './api/delegation-api.ts';
import { DelegationWizard } from './delegation-wizard.tsx';
import { MemberPanel } from './member-panel.tsx';

const FIELDS: FilterField[] = [
  { kind: 'text', name: 'delegator', label: 'Delegator', placeholder: 'Delegator name' },
  { kind: 'department', name: 'departments', label: 'Department' },
];

/**
 * The delegation_list tab (spec 001 §2.9): filters, Add, bulk delete with "Do you Want to delete these items?", the
 * paged delegator table (Delegator, Department, Action: edit, delete) and, on a row click, the member panel. Edit and
 * delete are offered to the delegation's creator and to HR, HRM, ADMIN (the server holds the same rule).
 */
export function DelegationListTab() {
  const client = useQueryClient();
  const user = useCurrentUser().data;
  const [filters, setFilters] = useState<FilterQuery>(() => toFilterQuery(FIELDS, undefined));
  const list = useDelegationList(filters);
  const wrapper = useUnfocusMeasureRow();
  const [selected, setSelected] = useState<number[]>([]);
  const [panelId, setPanelId] = useState<number | null>(null);
  const [wizard, setWizard] = useState<{ editing: DelegationDetail | null } | null>(null);
  const panelRow = list.rows.find((r) => r.id === panelId) ?? null;
  const canChange = (r: DelegationRow) => hasRole(user, ...PRIVILEGED_ROLES) || (r.creator !== null && r.creator.id === user?.userId);

  const remove = (ids: number[]) =>
    confirmDialog({
      content: M.confirmDelete,
      danger: true,
      onOk: async () => {
        try {
          await deleteDelegations(ids);
          notifySuccess(M.deleted);
          setSelected([]);
          if (panelId !== null && ids.includes(panelId)) setPanelId(null);
          await client.invalidateQueries({ queryKey: delegationKeys.all });
        } catch (error) {
          notifyApiError(error);
          throw error;
        }
      },
    });

  /** Pauses or resumes a delegation (spec 001 §3 `flag`): a paused one routes nothing (RULES.md §5). */
  const setInForce = async (id: number, flag: boolean) => {
    try {
      const full = await fetchDelegationDetail(id);
      await editDelegation({
        id,
        version: full.version,
        delegator: full.delegator.id,
        flag,
        staff_list: full.staff_list.map((s) => ({ staff_id: s.staff_id, from_date: s.from_date, to_date: s.to_date })),
      });
      notifySuccess(M.updated);
    } catch (error) {
      notifyApiError(error);
    } finally {
      await client.invalidateQueries({ queryKey: delegationKeys.all });
    }
  };

  const openEdit = async (id: number) => {
    try {
      setWizard({ editing: await fetchDelegationDetail(id) });
    } catch (error) {
      notifyApiError(error);
    }
  };

  const columns: TableColumnsType<DelegationRow> = [
    { title: 'Delegator', key: 'delegator', render: (_v, r) => <span data-testid={`delegation-row-${r.delegator.user_name ?? r.id}`}>{r.delegator.name}</span> },
    { title: 'Department', key: 'department', render: (_v, r) => r.delegator.department_name.name_en ?? '' },
    { title: 'Members', key: 'members', render: (_v, r) => r.name_list.join(', ') },
    {
      title: 'In force',
      key: 'flag',
      width: 90,
      render: (_v, r) => (
        // The row click opens the member panel: the switch's own click must not.
        <span onClick={(e) => e.stopPropagation()}>
          <Switch
            size="small"
            checked={r.flag}
            disabled={!canChange(r)}
            aria-label={`${r.delegator.name} in force`}
            onChange={(on) => void setInForce(r.id, on)}
            data-testid={`delegation-flag-${r.id}`}
          />
        </span>
      ),
    },
    {
      title: 'Action',
      key: 'action',
      width: 110,
      render: (_v, r) =>
        canChange(r) ? (
          <Space>
            <Tooltip title="Edit">
              <Button type="text" size="small" aria-label={`Edit ${r.delegator.name}`} icon={<EditOutlined aria-hidden />} onClick={() => void openEdit(r.id)} data-testid={`delegation-edit-${r.id}`} />
            </Tooltip>
            <Tooltip title="Delete">
              <Button type="text" size="small" danger aria-label={`Delete ${r.delegator.name}`} icon={<DeleteOutlined aria-hidden />} onClick={() => remove([r.id])} data-testid={`delegation-delete-${r.id}`} />
            </Tooltip>
          </Space>
        ) : null,
    },
  ];

  const extra = (
    <Space>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setWizard({ editing: null })} data-testid="delegation-add">
        Add
      </Button>
      <Button danger icon={<DeleteOutlined aria-hidden />} disabled={selected.length === 0} onClick={() => remove(selected)} data-testid="delegation-bulk-delete">
        Delete
      </Button>
    </Space>
  );

  return (
    <>
      <FilterBar
        fields={FIELDS}
        formName="delegation-filter"
        onSearch={searchOrReload(filters, setFilters, list.refetch)}
        extra={extra}
        loading={list.loading}
      />
      <div ref={wrapper}>
      <PagedTable<DelegationRow>
        {...list.tableProps}
        columns={columns}
        rowKey="id"
        onRowClick={(r) => setPanelId(r.id)}
        data-testid="delegation-table"
        tableProps={{
          rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), getCheckboxProps: (r) => ({ disabled: !canChange(r), 'aria-label': `Select ${r.delegator.name}` }) },
          locale: { emptyText: <Empty description="No data" /> },
        }}
      />
      </div>
      {panelRow ? <MemberPanel id={panelRow.id} onClose={() => setPanelId(null)} canChange={canChange(panelRow)} /> : null}
      {wizard ? <DelegationWizard editing={wizard.editing} onClose={() => setWizard(null)} /> : null}
    </>
  );
}
