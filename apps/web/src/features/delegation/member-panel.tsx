import { useState } from 'react';
import { Button, Drawer, Empty, Input, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { DELEGATION_SEARCH_DEBOUNCE_MS, type StaffRange } from '@tms/contracts/delegation';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { formatDmy } from '../../lib/dates.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { deleteDelegations, delegationKeys, editDelegation, fetchDelegationDetail, useDelegationDetail } from './api/delegation-api.ts';
import { delegationTexts } from './i18n/index.ts';

const columns = (t: typeof delegationTexts.t): TableColumnsType<StaffRange> => [
  { title: t('memberPanel.member'), key: 'name', render: (_v, r) => r.staff_info.name },
  { title: t('memberPanel.department'), key: 'department', render: (_v, r) => r.staff_info.department ?? '' },
  { title: t('memberPanel.from'), key: 'from', width: 110, render: (_v, r) => formatDmy(r.from_date) },
  { title: t('memberPanel.to'), key: 'to', width: 110, render: (_v, r) => formatDmy(r.to_date) },
];

/**
 * The member-detail panel on the right (spec 001 §2.9): members with from/to, search by member, delete selected
 * (with "Do you Want to delete these items?"). Deleting members is an edit with the reduced list (its version);
 * deleting every member deletes the delegation.
 */
export function MemberPanel({ id, onClose, canChange }: { id: number; onClose: () => void; canChange: boolean }) {
  const { t } = delegationTexts.useT();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const employee = useDebouncedValue(text.trim(), DELEGATION_SEARCH_DEBOUNCE_MS);
  const detail = useDelegationDetail(id, employee);
  const [selected, setSelected] = useState<number[]>([]);
  const rows = detail.data?.staff_list ?? [];

  const removeSelected = () =>
    confirmDialog({
      content: t('messages.confirmDelete'),
      danger: true,
      onOk: async () => {
        try {
          const full = await fetchDelegationDetail(id);
          const kept = full.staff_list.filter((s) => !selected.includes(s.id));
          if (kept.length === 0) await deleteDelegations([id]);
          else
            await editDelegation({
              id,
              version: full.version,
              delegator: full.delegator.id,
              flag: full.flag,
              staff_list: kept.map((s) => ({ staff_id: s.staff_id, from_date: s.from_date, to_date: s.to_date })),
            });
          notifySuccess(delegationTexts.t('messages.staffDeleted'));
          setSelected([]);
          await client.invalidateQueries({ queryKey: delegationKeys.all });
          if (kept.length === 0) onClose();
        } catch (error) {
          notifyApiError(error);
          throw error;
        }
      },
    });

  return (
    <Drawer open onClose={onClose} width="35%" placement="right" destroyOnHidden title={detail.data ? t('memberPanel.title', { name: detail.data.delegator.name }) : t('memberPanel.fallbackTitle')} data-testid="delegation-member-panel">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search placeholder={t('memberPanel.search')} allowClear value={text} onChange={(e) => setText(e.target.value)} aria-label={t('memberPanel.search')} data-testid="member-panel-search" />
        {canChange ? (
          <Button danger icon={<DeleteOutlined aria-hidden />} disabled={selected.length === 0} onClick={removeSelected} data-testid="member-panel-delete">
            {t('memberPanel.delete')}
          </Button>
        ) : null}
      </Space>
      <Table<StaffRange>
        size="small"
        rowKey="id"
        columns={columns(t)}
        dataSource={rows}
        loading={detail.isFetching}
        pagination={false}
        rowSelection={canChange ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
        locale={{ emptyText: <Empty description={t('noData')} /> }}
        data-testid="member-panel-table"
      />
    </Drawer>
  );
}
