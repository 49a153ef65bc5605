import { Button, Dropdown, Tooltip, type TableColumnsType } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { REQUEST_STATUS, type RequestRecord } from '@tms/contracts/requests';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import { actionLabel, dateSpan, quantityText, rowActions, type RequestAction } from './request-actions.ts';
import { shownStatus } from '../../../components/requests/request-form-rules.ts';
import { pendingStepLabel } from '../../../components/approval-timeline/pending-step-label.ts';
import type { requestsTexts } from '../i18n/index.ts';

/** 'Pending — step 2 of 3 (dl)' for a pending request in an approval flow (issue 29); undefined for the usual status. */
export const requestStepLabel = (r: RequestRecord) =>
  pendingStepLabel({ approval_step: r.approval_step, pending: shownStatus(r) === REQUEST_STATUS.pending, approverUserName: r.approver?.user_name });

/** The request table (spec 001 §2.3; scroll width 1400) with the per-row action menu; texts by `t` (the page's). */
export function requestColumns(opts: {
  page: number;
  size: number;
  onAction: (action: RequestAction, row: RequestRecord) => void;
  t: typeof requestsTexts.t;
}): TableColumnsType<RequestRecord> {
  const { t } = opts;
  return [
    { title: t('columns.no'), key: 'no', width: 60, align: 'center', render: (_, __, i) => (opts.page - 1) * opts.size + i + 1 },
    {
      title: t('columns.staff'),
      key: 'employee',
      width: 200,
      render: (_, r) => (
        <span>
          {r.employee.name}
          <br />
          <small>{r.employee.user_name}</small>
        </span>
      ),
    },
    { title: t('columns.department'), key: 'department', width: 150, render: (_, r) => r.employee.department_name ?? '' },
    { title: t('columns.requestType'), dataIndex: 'request_type_name', width: 150, render: (_: unknown, row: RequestRecord) => t(`requestTypes.${row.request_type}`) },
    { title: t('columns.reason'), dataIndex: 'reason_type_name', width: 170 },
    { title: t('columns.date'), key: 'date', width: 230, render: (_, r) => dateSpan(r, formatDmy, t) },
    { title: t('columns.quantity'), key: 'quantity', width: 90, align: 'center', render: (_, r) => quantityText(r, t) },
    { title: t('columns.approver'), key: 'approver', width: 150, render: (_, r) => r.approver?.name ?? r.approver?.user_name ?? '' },
    { title: t('columns.status'), key: 'status', width: 190, render: (_, r) => <StatusTag kind="request" status={shownStatus(r)} label={requestStepLabel(r)} /> },
    {
      title: t('columns.description'),
      dataIndex: 'description',
      width: 200,
      ellipsis: { showTitle: false },
      render: (text: string | null) => (text ? <Tooltip styles={{ root: { maxWidth: 350 } }} title={text}>{text}</Tooltip> : ''),
    },
    { title: t('columns.createdDate'), dataIndex: 'created_date', width: 160, render: (v: string) => formatDateTime(v) },
    {
      title: t('columns.action'),
      key: 'action',
      width: 80,
      fixed: 'right',
      align: 'center',
      render: (_, r) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rowActions(r).map((a) => ({ key: a, label: <span data-testid={`request-action-${a}-${r.id}`}>{actionLabel(a, t)}</span>, danger: a === 'reject' || a === 'withdraw' })),
            onClick: ({ key }) => opts.onAction(key as RequestAction, r),
          }}
        >
          <Button size="small" icon={<MoreOutlined aria-hidden />} aria-label={t('columns.actionsOf', { id: r.id })} data-testid={`request-actions-${r.id}`} />
        </Dropdown>
      ),
    },
  ];
}
