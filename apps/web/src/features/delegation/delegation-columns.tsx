import { Button, Space, Switch, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { DelegationRow } from '@tms/contracts/delegation';
import { StatusTag } from '../../components/status-tag.tsx';
import { periodStateTag } from './delegation-state.ts';
import type { delegationTexts } from './i18n/index.ts';

type DelegationColumnsOptions = {
  canChange: (r: DelegationRow) => boolean;
  setInForce: (id: number, flag: boolean) => Promise<void>;
  openEdit: (id: number) => Promise<void>;
  remove: (ids: number[]) => void;
  /** The page's `t`, so a language switch renames the columns. */
  t: typeof delegationTexts.t;
};

/**
 * The delegator table: Delegator, Department, Members, Status (Scheduled / In force / Ended by the ranges and today),
 * Enabled (the flag, a switch) and Action (edit, delete) for who may change the row.
 */
export function delegationColumns({ canChange, setInForce, openEdit, remove, t }: DelegationColumnsOptions): TableColumnsType<DelegationRow> {
  return [
    { title: t('columns.delegator'), key: 'delegator', render: (_v, r) => <span data-testid={`delegation-row-${r.delegator.user_name ?? r.id}`}>{r.delegator.name}</span> },
    { title: t('columns.department'), key: 'department', render: (_v, r) => r.delegator.department_name.name_en ?? '' },
    { title: t('columns.members'), key: 'members', render: (_v, r) => r.name_list.join(', ') },
    {
      title: t('columns.status'),
      key: 'state',
      width: 130,
      render: (_v, r) => {
        const tag = periodStateTag(r.period_state);
        return tag ? <StatusTag label={t(tag.text)} color={tag.tone} /> : null;
      },
    },
    {
      title: t('columns.enabled'),
      key: 'flag',
      width: 90,
      render: (_v, r) => (
        // The row click opens the member panel: the switch's own click must not.
        <span onClick={(e) => e.stopPropagation()}>
          <Switch
            size="small"
            checked={r.flag}
            disabled={!canChange(r)}
            aria-label={t('columns.enabledOf', { name: r.delegator.name })}
            onChange={(on) => void setInForce(r.id, on)}
            data-testid={`delegation-flag-${r.id}`}
          />
        </span>
      ),
    },
    {
      title: t('columns.action'),
      key: 'action',
      width: 110,
      render: (_v, r) =>
        canChange(r) ? (
          <Space>
            <Tooltip title={t('columns.edit')}>
              <Button type="text" size="small" aria-label={t('columns.editOf', { name: r.delegator.name })} icon={<EditOutlined aria-hidden />} onClick={() => void openEdit(r.id)} data-testid={`delegation-edit-${r.id}`} />
            </Tooltip>
            <Tooltip title={t('columns.delete')}>
              <Button type="text" size="small" danger aria-label={t('columns.deleteOf', { name: r.delegator.name })} icon={<DeleteOutlined aria-hidden />} onClick={() => remove([r.id])} data-testid={`delegation-delete-${r.id}`} />
            </Tooltip>
          </Space>
        ) : null,
    },
  ];
}
