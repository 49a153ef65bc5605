import { useState } from 'react';
import { Button, Drawer, Empty, Input, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { DELEGATION_MESSAGES as M, DELEGATION_SEARCH_DEBOUNCE_MS, type StaffRange } from '@tms/contracts/delegation';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { formatDmy } from '../../lib/dates.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { deleteDelegations, delegationKeys, editDelegation, fetchDelegationDetail, useDelegationDetail } from './api/delegation-api.ts';

const COLUMNS: TableColumnsType<StaffRange> = [
  { title: 'Member', key: 'name', render: (_v, r) => r.staff_info.name },
  { title: 'Department', key: 'department', render: (_v, r) => r.staff_info.department ?? '' },
  { title: 'From', key: 'from', width: 110, render: (_v, r) => formatDmy(r.from_date) },
  { title: 'To', key: 'to', width: 110, render: (_v, r) => formatDmy(r.to_date) },
];

/**
 * The member-detail panel on the right (spec 001 §2.9): members with from/to, search by member, delete selected
 * (with "Do you Want to delete these items?"). Deleting members is an edit with the reduced list (its version);
 * deleting every member deletes the delegation.
 */
export function MemberPanel({ id, onClose, canChange }: { id: number; onClose: () => void; canChange: boolean }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const employee = useDebouncedValue(text.trim(), DELEGATION_SEARCH_DEBOUNCE_MS);
  const detail = useDelegationDetail(id, employee);
  const [selected, setSelected] = useState<number[]>([]);
  const rows = detail.data?.staff_list ?? [];

  const removeSelected = () =>
    confirmDialog({
      content: M.confirmDelete,
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
          notifySuccess(M.staffDeleted);
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
    <Drawer open onClose={onClose} width="35%" placement="right" destroyOnHidden title={detail.data ? `Members of ${detail.data.delegator.name}` : 'Members'} data-testid="delegation-member-panel">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search placeholder="Search member" allowClear value={text} onChange={(e) => setText(e.target.value)} aria-label="Search member" data-testid="member-panel-search" />
        {canChange ? (
          <Button danger icon={<DeleteOutlined aria-hidden />} disabled={selected.length === 0} onClick={removeSelected} data-testid="member-panel-delete">
            Delete
          </Button>
        ) : null}
      </Space>
      <Table<StaffRange>
        size="small"
        rowKey="id"
        columns={COLUMNS}
        dataSource={rows}
        loading={detail.isFetching}
        pagination={false}
        rowSelection={canChange ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
        locale={{ emptyText: <Empty description="No data" /> }}
        data-testid="member-panel-table"
      />
    </Drawer>
  );
}
