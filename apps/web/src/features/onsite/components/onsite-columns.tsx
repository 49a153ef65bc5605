import { Button, Dropdown, Space, Tooltip, type TableColumnsType } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { OnsiteRow } from '@tms/contracts/onsite';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDmy } from '../../../lib/dates.ts';
import { MENU_LABELS, menuActions, stageTag, staffTooltip, typeLabel, type OnsiteMenuAction } from './onsite-view.ts';

/** The two-stage tag: "Department P/A/R" then "C&B P/A/R", coloured by status; hover lists the staff (spec 002 §2). */
export function StageTags({ row }: { row: OnsiteRow }) {
  const dept = stageTag(row.status_department);
  const cb = stageTag(row.status_CB);
  return (
    <Tooltip
      title={
        <div data-testid={`onsite-staff-tooltip-${row.id}`}>
          {staffTooltip(row).map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      }
    >
      <Space size={4} data-testid={`onsite-status-${row.id}`} data-department={dept.letter} data-cb={cb.letter}>
        <StatusTag label={dept.text} color={dept.tone} />
        <StatusTag label={cb.text} color={cb.tone} />
        {row.status === 5 ? <StatusTag label="Withdrawn" color="default" /> : null}
      </Space>
    </Tooltip>
  );
}

export function onsiteColumns(opts: { onAction: (action: OnsiteMenuAction, row: OnsiteRow) => void; onOpen: (row: OnsiteRow) => void }): TableColumnsType<OnsiteRow> {
  return [
    {
      title: 'Title',
      dataIndex: 'title',
      width: 240,
      render: (title: string, r) => (
        <Button type="link" style={{ padding: 0, whiteSpace: 'normal', textAlign: 'left', height: 'auto' }} onClick={() => opts.onOpen(r)} data-testid={`onsite-open-${r.id}`}>
          {title}
        </Button>
      ),
    },
    {
      title: 'Project',
      key: 'project',
      width: 200,
      render: (_, r) => (
        <span>
          {r.projectName}
          <br />
          <small>{r.projectCode}</small>
        </span>
      ),
    },
    { title: 'From - To', key: 'range', width: 190, render: (_, r) => `${formatDmy(r.fromDate)} - ${formatDmy(r.toDate)}` },
    { title: 'Type', dataIndex: 'type', width: 100, render: (t: string) => typeLabel(t) },
    { title: 'Approver', key: 'approver', width: 160, render: (_, r) => r.approver?.name ?? '' },
    { title: 'Created By', key: 'createdBy', width: 160, render: (_, r) => r.createdBy?.name ?? '' },
    { title: 'Status', key: 'status', width: 220, render: (_, r) => <StageTags row={r} /> },
    {
      title: 'Action',
      key: 'action',
      width: 80,
      fixed: 'right',
      align: 'center',
      render: (_, r) => {
        const items = menuActions(r.actions);
        if (items.length === 0) return null;
        return (
          <Dropdown
            trigger={['click']}
            menu={{
              items: items.map((a) => ({ key: a, label: <span data-testid={`onsite-action-${a}-${r.id}`}>{MENU_LABELS[a]}</span>, danger: a === 'reject' || a === 'withdraw' })),
              onClick: ({ key }) => opts.onAction(key as OnsiteMenuAction, r),
            }}
          >
            <Button size="small" icon={<MoreOutlined aria-hidden />} aria-label={`Actions of onsite request ${r.id}`} data-testid={`onsite-actions-${r.id}`} />
          </Dropdown>
        );
      },
    },
  ];
}
