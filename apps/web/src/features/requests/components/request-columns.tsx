import { Button, Dropdown, Tooltip, type TableColumnsType } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { RequestRecord } from '@tms/contracts/requests';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import { ACTION_LABELS, dateSpan, quantityText, rowActions, type RequestAction } from './request-actions.ts';
import { shownStatus } from '../../../components/requests/request-form-rules.ts';

/** The request table (spec 001 §2.3; scroll width 1400) with the per-row action menu. */
export function requestColumns(opts: { page: number; size: number; onAction: (action: RequestAction, row: RequestRecord) => void }): TableColumnsType<RequestRecord> {
  return [
    { title: 'No', key: 'no', width: 60, align: 'center', render: (_, __, i) => (opts.page - 1) * opts.size + i + 1 },
    {
      title: 'Staff',
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
    { title: 'Department', key: 'department', width: 150, render: (_, r) => r.employee.department_name ?? '' },
    { title: 'Request type', dataIndex: 'request_type_name', width: 150 },
    { title: 'Reason', dataIndex: 'reason_type_name', width: 170 },
    { title: 'Date', key: 'date', width: 230, render: (_, r) => dateSpan(r, formatDmy) },
    { title: 'Quantity', key: 'quantity', width: 90, align: 'center', render: (_, r) => quantityText(r) },
    { title: 'Approver', key: 'approver', width: 150, render: (_, r) => r.approver?.name ?? r.approver?.user_name ?? '' },
    { title: 'Status', key: 'status', width: 110, render: (_, r) => <StatusTag kind="request" status={shownStatus(r)} /> },
    {
      title: 'Description',
      dataIndex: 'description',
      width: 200,
      ellipsis: { showTitle: false },
      render: (text: string | null) => (text ? <Tooltip styles={{ root: { maxWidth: 350 } }} title={text}>{text}</Tooltip> : ''),
    },
    { title: 'Created date', dataIndex: 'created_date', width: 160, render: (v: string) => formatDateTime(v) },
    {
      title: 'Action',
      key: 'action',
      width: 80,
      fixed: 'right',
      align: 'center',
      render: (_, r) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rowActions(r).map((a) => ({ key: a, label: <span data-testid={`request-action-${a}-${r.id}`}>{ACTION_LABELS[a]}</span>, danger: a === 'reject' || a === 'withdraw' })),
            onClick: ({ key }) => opts.onAction(key as RequestAction, r),
          }}
        >
          <Button size="small" icon={<MoreOutlined aria-hidden />} aria-label={`Actions of request ${r.id}`} data-testid={`request-actions-${r.id}`} />
        </Dropdown>
      ),
    },
  ];
}
