import { useMemo, useState } from 'react';
import { Button, Empty, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { DelegationRow } from '@tms/contracts/delegation';
import { PRIVILEGED_ROLES } from '@tms/contracts/roles';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import { searchOrReload, toFilterQuery, type FilterField } from '../../components/filter-query.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { useUnfocusMeasureRow } from '../../components/use-unfocus-measure-row.ts';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { useDelegationList } from './api/delegation-api.ts';
import { delegationColumns } from './delegation-columns.tsx';
import { DelegationWizard } from './delegation-wizard.tsx';
import { MemberPanel } from './member-panel.tsx';
import { useDelegationActions } from './use-delegation-actions.ts';
import { delegationTexts } from './i18n/index.ts';

const fields = (t: typeof delegationTexts.t): FilterField[] => [
  { kind: 'text', name: 'delegator', label: t('filters.delegator'), placeholder: t('filters.delegatorPlaceholder') },
  { kind: 'department', name: 'departments', label: t('filters.department') },
];

/**
 * The delegation_list tab (spec 001 §2.9): filters, Add, bulk delete with "Do you Want to delete these items?", the
 * paged delegator table (Delegator, Department, Action: edit, delete) and, on a row click, the member panel. Edit and
 * delete are offered to the delegation's creator and to HR, HRM, ADMIN (the server holds the same rule).
 */
export function DelegationListTab() {
  const { t } = delegationTexts.useT();
  const filterFields = useMemo(() => fields(t), [t]);
  const user = useCurrentUser().data;
  const [filters, setFilters] = useState<FilterQuery>(() => toFilterQuery(fields(delegationTexts.t), undefined));
  const list = useDelegationList(filters);
  const wrapper = useUnfocusMeasureRow();
  const actions = useDelegationActions();
  const { selected } = actions;
  const panelRow = list.rows.find((r) => r.id === actions.panelId) ?? null;
  const canChange = (r: DelegationRow) => hasRole(user, ...PRIVILEGED_ROLES) || (r.creator !== null && r.creator.id === user?.userId);
  const columns = delegationColumns({ canChange, setInForce: actions.setInForce, openEdit: actions.openEdit, remove: actions.remove, t });

  const extra = (
    <Space>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => actions.setWizard({ editing: null })} data-testid="delegation-add">
        {t('list.add')}
      </Button>
      <Button danger icon={<DeleteOutlined aria-hidden />} disabled={selected.length === 0} onClick={() => actions.remove(selected)} data-testid="delegation-bulk-delete">
        {t('list.delete')}
      </Button>
    </Space>
  );

  return (
    <>
      <FilterBar
        fields={filterFields}
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
        onRowClick={(r) => actions.setPanelId(r.id)}
        data-testid="delegation-table"
        tableProps={{
          rowSelection: { selectedRowKeys: selected, onChange: (keys) => actions.setSelected(keys as number[]), getCheckboxProps: (r) => ({ disabled: !canChange(r), 'aria-label': t('list.select', { name: r.delegator.name }) }) },
          locale: { emptyText: <Empty description={t('noData')} /> },
        }}
      />
      </div>
      {panelRow ? <MemberPanel id={panelRow.id} onClose={() => actions.setPanelId(null)} canChange={canChange(panelRow)} /> : null}
      {actions.wizard ? <DelegationWizard editing={actions.wizard.editing} onClose={() => actions.setWizard(null)} /> : null}
    </>
  );
}
