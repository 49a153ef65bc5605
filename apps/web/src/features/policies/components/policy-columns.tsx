import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { EXPLANATION_LABELS, type PolicyRow } from '@tms/contracts/policies';
import { formatDmy } from '../../../lib/dates.ts';

/** The source of a policy in force: a department-sourced one is shown as such (spec 002 §2, brief). */
export function SourceTag({ row }: { row: Pick<PolicyRow, 'source' | 'is_from'> }) {
  if (row.source === 'department') return <Tag color="purple">Department</Tag>;
  if (row.is_from === 'default_hrms') return <Tag color="default">HR system</Tag>;
  return <Tag color="blue">Staff</Tag>;
}

export type PolicyActionHandlers = {
  onHistory?: (row: PolicyRow) => void;
  onEdit?: (row: PolicyRow) => void;
  onRemove?: (row: PolicyRow) => void;
};

/** The policy's own columns (code, type, rule, explanation fields, lack of time, OT rule, link, dates, source). */
export function policyFieldColumns<Row>(get: (row: Row) => PolicyRow | null | undefined): TableColumnsType<Row> {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);
  return [
    { title: 'Work Schedule Code', key: 'code', render: (_: unknown, r: Row) => text(get(r)?.work_schedule_code) },
    { title: 'Work Schedule Type', key: 'type', render: (_: unknown, r: Row) => text(get(r)?.work_schedule_type) },
    { title: 'Rule', key: 'rule', render: (_: unknown, r: Row) => text(get(r)?.rule_type) },
    { title: EXPLANATION_LABELS.explanation_number, key: 'n', align: 'right', render: (_: unknown, r: Row) => text(get(r)?.explanation_number) },
    { title: EXPLANATION_LABELS.refund_hours_per_explanation, key: 'h', align: 'right', render: (_: unknown, r: Row) => text(get(r)?.refund_hours_per_explanation) },
    { title: EXPLANATION_LABELS.explanation_time_per_days, key: 'd', align: 'right', render: (_: unknown, r: Row) => text(get(r)?.explanation_time_per_days) },
    { title: 'Lack Of Time Allowed', key: 'lack', align: 'right', render: (_: unknown, r: Row) => text(get(r)?.lack_of_time_allowed) },
    { title: 'OT Rule', key: 'ot', render: (_: unknown, r: Row) => text(get(r)?.ot_type) },
    {
      title: 'Policy Link',
      key: 'link',
      render: (_: unknown, r: Row) => {
        const url = get(r)?.url_policy;
        return url ? (
          <Typography.Link href={url} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 200 }} onClick={(e) => e.stopPropagation()}>
            {url}
          </Typography.Link>
        ) : (
          '-'
        );
      },
    },
    { title: 'Date Applied', key: 'apply', render: (_: unknown, r: Row) => (get(r)?.apply_date ? formatDmy(get(r)!.apply_date) : '-') },
    { title: 'Date Expired', key: 'expire', render: (_: unknown, r: Row) => (get(r)?.expire_date ? formatDmy(get(r)!.expire_date) : '-') },
    { title: 'Source', key: 'source', render: (_: unknown, r: Row) => (get(r) ? <SourceTag row={get(r)!} /> : <Tag>None</Tag>) },
  ];
}

/** History / edit / remove, each only when the row's actions allow it (spec 002 §4). */
export function actionColumn(handlers: PolicyActionHandlers, mayWrite: boolean): TableColumnsType<PolicyRow>[number] {
  return {
    title: 'Action',
    key: 'action',
    fixed: 'right',
    render: (_: unknown, row: PolicyRow) => (
      <Space size={4}>
        {handlers.onHistory ? (
          <Tooltip title="History">
            <Button size="small" type="text" icon={<HistoryOutlined />} aria-label="History" disabled={!row.actions.history} onClick={() => handlers.onHistory!(row)} data-testid={`policy-history-${row.id}`} />
          </Tooltip>
        ) : null}
        {mayWrite && handlers.onEdit ? (
          <Tooltip title="Edit">
            <Button size="small" type="text" icon={<EditOutlined />} aria-label="Edit" disabled={!row.actions.edit} onClick={() => handlers.onEdit!(row)} data-testid={`policy-edit-${row.id}`} />
          </Tooltip>
        ) : null}
        {mayWrite && handlers.onRemove ? (
          <Tooltip title="Remove">
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="Remove" disabled={!row.actions.remove} onClick={() => handlers.onRemove!(row)} data-testid={`policy-remove-${row.id}`} />
          </Tooltip>
        ) : null}
      </Space>
    ),
  };
}
