import { Button, Space, Switch, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { DelegationRow } from '@tms/contracts/delegation';

type DelegationColumnsOptions = {
  canChange: (r: DelegationRow) => boolean;
  setInForce: (id: number, flag: boolean) => Promise<void>;
  openEdit: (id: number) => Promise<void>;
  remove: (ids: number[]) => void;
};

/** The delegator table: Delegator, Department, Members, In force (a switch) and Action (edit, delete) for who may change the row. */
export function delegationColumns({ canChange, setInForce, openEdit, remove }: DelegationColumnsOptions): TableColumnsType<DelegationRow> {
  return [
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
}
