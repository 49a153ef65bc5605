import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import type { PolicyRow } from '@tms/contracts/policies';
import { formatDmy } from '../../../lib/dates.ts';
import { localizeNumberText } from '../../../lib/numbers.ts';
import { policiesTexts, type PoliciesT } from '../i18n/index.ts';
import { otRuleName, ruleTypeName } from './policy-code-names.ts';

/** The source of a policy in force: a department-sourced one is shown as such (spec 002 §2, brief). */
export function SourceTag({ row }: { row: Pick<PolicyRow, 'source' | 'is_from'> }) {
  const { t } = policiesTexts.useT();
  if (row.source === 'department') return <Tag color="purple">{t('source.department')}</Tag>;
  if (row.is_from === 'default_hrms') return <Tag color="default">{t('source.hrms')}</Tag>;
  return <Tag color="blue">{t('source.staff')}</Tag>;
}

export type PolicyActionHandlers = {
  onHistory?: (row: PolicyRow) => void;
  onEdit?: (row: PolicyRow) => void;
  onRemove?: (row: PolicyRow) => void;
};

/** The policy's own columns (code, type, rule, explanation fields, lack of time, OT rule, link, dates, source). */
export function policyFieldColumns<Row>(t: PoliciesT, get: (row: Row) => PolicyRow | null | undefined): TableColumnsType<Row> {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);
  // Numbers in the language on screen (0,5 in Vietnamese).
  const number = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : localizeNumberText(String(v)));
  return [
    { title: t('columns.code'), key: 'code', render: (_: unknown, r: Row) => text(get(r)?.work_schedule_code) },
    { title: t('columns.type'), key: 'type', render: (_: unknown, r: Row) => text(get(r)?.work_schedule_type) },
    { title: t('columns.rule'), key: 'rule', render: (_: unknown, r: Row) => text(ruleTypeName(t, get(r)?.rule_type)) },
    { title: t('explanation.explanation_number'), key: 'n', align: 'right', render: (_: unknown, r: Row) => number(get(r)?.explanation_number) },
    { title: t('explanation.refund_hours_per_explanation'), key: 'h', align: 'right', render: (_: unknown, r: Row) => number(get(r)?.refund_hours_per_explanation) },
    { title: t('explanation.explanation_time_per_days'), key: 'd', align: 'right', render: (_: unknown, r: Row) => number(get(r)?.explanation_time_per_days) },
    { title: t('columns.lack'), key: 'lack', align: 'right', render: (_: unknown, r: Row) => number(get(r)?.lack_of_time_allowed) },
    { title: t('columns.ot'), key: 'ot', render: (_: unknown, r: Row) => text(otRuleName(t, get(r)?.ot_type)) },
    {
      title: t('columns.link'),
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
    { title: t('columns.applied'), key: 'apply', render: (_: unknown, r: Row) => (get(r)?.apply_date ? formatDmy(get(r)!.apply_date) : '-') },
    { title: t('columns.expired'), key: 'expire', render: (_: unknown, r: Row) => (get(r)?.expire_date ? formatDmy(get(r)!.expire_date) : '-') },
    { title: t('columns.source'), key: 'source', render: (_: unknown, r: Row) => (get(r) ? <SourceTag row={get(r)!} /> : <Tag>{t('source.none')}</Tag>) },
  ];
}

/** History / edit / remove, each only when the row's actions allow it (spec 002 §4). */
export function actionColumn(t: PoliciesT, handlers: PolicyActionHandlers, mayWrite: boolean): TableColumnsType<PolicyRow>[number] {
  return {
    title: t('columns.action'),
    key: 'action',
    fixed: 'right',
    render: (_: unknown, row: PolicyRow) => (
      <Space size={4}>
        {handlers.onHistory ? (
          <Tooltip title={t('actions.history')}>
            <Button size="small" type="text" icon={<HistoryOutlined />} aria-label={t('actions.history')} disabled={!row.actions.history} onClick={() => handlers.onHistory!(row)} data-testid={`policy-history-${row.id}`} />
          </Tooltip>
        ) : null}
        {mayWrite && handlers.onEdit ? (
          <Tooltip title={t('actions.edit')}>
            <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('actions.edit')} disabled={!row.actions.edit} onClick={() => handlers.onEdit!(row)} data-testid={`policy-edit-${row.id}`} />
          </Tooltip>
        ) : null}
        {mayWrite && handlers.onRemove ? (
          <Tooltip title={t('actions.remove')}>
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('actions.remove')} disabled={!row.actions.remove} onClick={() => handlers.onRemove!(row)} data-testid={`policy-remove-${row.id}`} />
          </Tooltip>
        ) : null}
      </Space>
    ),
  };
}
