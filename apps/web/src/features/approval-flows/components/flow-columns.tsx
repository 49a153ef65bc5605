import { Button, Switch, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { ApprovalFlowRow } from '@tms/contracts/approval-flows';
import { RowActionsSpace } from '../../../components/row-actions-space.tsx';
import { formatCount } from '../../../lib/numbers.ts';
import { conditionSummary, kindLabel, stepsText, usedByText, type ConditionNames } from '../flow-display.ts';
import type { ApprovalFlowsT } from '../i18n/index.ts';

export type FlowColumnsOptions = {
  /** The page's `t`, so a language switch renames the columns. */
  t: ApprovalFlowsT;
  names: ConditionNames;
  /** The flow whose Active switch is being saved. */
  toggling: number | null;
  onToggle: (flow: ApprovalFlowRow, active: boolean) => void;
  onEdit: (flow: ApprovalFlowRow) => void;
  onHistory: (flow: ApprovalFlowRow) => void;
  onDelete: (flow: ApprovalFlowRow) => void;
};

/** Delete, or for a flow requests have followed a disabled Delete whose tooltip says to deactivate it instead. */
function DeleteButton({ flow, t, onDelete }: { flow: ApprovalFlowRow; t: ApprovalFlowsT; onDelete: (flow: ApprovalFlowRow) => void }) {
  const inUse = flow.used_by > 0;
  const button = (
    <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('actions.deleteOf', { name: flow.name })} disabled={inUse} onClick={() => onDelete(flow)} data-testid={`flow-delete-${flow.id}`} />
  );
  // A disabled button takes no pointer or focus: the tooltip hangs on a focusable wrapper.
  return inUse ? (
    <Tooltip title={t('messages.inUse')}>
      <span tabIndex={0} data-testid={`flow-delete-blocked-${flow.id}`}>
        {button}
      </span>
    </Tooltip>
  ) : (
    <Tooltip title={t('actions.delete')}>{button}</Tooltip>
  );
}

/** The flows table: name, kind, conditions in words, priority, steps, Active (a switch), how many requests used it, actions. */
export function flowColumns({ t, names, toggling, onToggle, onEdit, onHistory, onDelete }: FlowColumnsOptions): TableColumnsType<ApprovalFlowRow> {
  return [
    { title: t('columns.name'), key: 'name', render: (_v, f) => <Typography.Text strong data-testid={`flow-row-${f.id}`}>{f.name}</Typography.Text> },
    { title: t('columns.kind'), key: 'kind', render: (_v, f) => kindLabel(f.item_kind, t) },
    { title: t('columns.conditions'), key: 'conditions', render: (_v, f) => <span data-testid={`flow-conditions-${f.id}`}>{conditionSummary(f, names, t)}</span> },
    { title: t('columns.priority'), key: 'priority', width: 90, align: 'right', render: (_v, f) => formatCount(f.priority) },
    { title: t('columns.steps'), key: 'steps', render: (_v, f) => <span data-testid={`flow-steps-${f.id}`}>{stepsText(f.steps, t)}</span> },
    {
      title: t('columns.active'),
      key: 'active',
      width: 90,
      render: (_v, f) => (
        <Switch size="small" checked={f.active} loading={toggling === f.id} aria-label={t('columns.activeOf', { name: f.name })} onChange={(on) => onToggle(f, on)} data-testid={`flow-active-${f.id}`} />
      ),
    },
    { title: t('columns.usedBy'), key: 'usedBy', render: (_v, f) => <span data-testid={`flow-used-by-${f.id}`}>{usedByText(f.used_by, t)}</span> },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 130,
      render: (_v, f) => (
        <RowActionsSpace>
          <Tooltip title={t('actions.edit')}>
            <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={t('actions.editOf', { name: f.name })} onClick={() => onEdit(f)} data-testid={`flow-edit-${f.id}`} />
          </Tooltip>
          <Tooltip title={t('actions.history')}>
            <Button type="text" size="small" icon={<HistoryOutlined aria-hidden />} aria-label={t('actions.historyOf', { name: f.name })} onClick={() => onHistory(f)} data-testid={`flow-history-${f.id}`} />
          </Tooltip>
          <DeleteButton flow={f} t={t} onDelete={onDelete} />
        </RowActionsSpace>
      ),
    },
  ];
}
