import type { ReactNode } from 'react';
import { Button, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CodeOutlined, EditOutlined, HistoryOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { DEVICE_PAGE_TEXTS as T, type DeviceRow } from '@tms/contracts/attendance-devices';
import { STATUS_TONES } from '../../../components/status-info.ts';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { relativeTime } from '../device-display.ts';

export type DeviceActions = {
  edit: (d: DeviceRow) => void;
  toggleActive: (d: DeviceRow) => void;
  commands: (d: DeviceRow) => void;
  history: (d: DeviceRow) => void;
};

function IconAction({ label, icon, onClick, testId }: { label: string; icon: ReactNode; onClick: () => void; testId: string }) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} icon={icon} onClick={onClick} data-testid={testId} />
    </Tooltip>
  );
}

/** The device table's columns (issue 13): counters are the company's today; times relative with the exact one on hover. */
export function deviceColumns(nowMs: number, act: DeviceActions): TableColumnsType<DeviceRow> {
  return [
    { title: 'Serial number', key: 'serial', render: (_v, d) => <span data-testid={`device-row-${d.serial_number}`}>{d.serial_number}</span> },
    { title: 'Name', dataIndex: 'name', key: 'name', render: (v: string | null) => v ?? '' },
    { title: 'System', dataIndex: 'system', key: 'system', width: 110 },
    { title: 'Time zone', dataIndex: 'time_zone', key: 'time_zone' },
    {
      title: 'Status',
      key: 'active',
      width: 90,
      render: (_v, d) => <StatusTag label={d.active ? 'Active' : 'Inactive'} color={d.active ? 'green' : 'default'} />,
    },
    {
      title: 'Last contact',
      key: 'last_contact',
      render: (_v, d) =>
        d.last_contact_date ? (
          <Tooltip title={formatDateTime(d.last_contact_date)}>
            <span tabIndex={0}>{relativeTime(d.last_contact_date, nowMs)}</span>
          </Tooltip>
        ) : (
          T.never
        ),
    },
    {
      title: 'Last stamp',
      key: 'stamp',
      render: (_v, d) =>
        d.attlog_stamp ? (
          <Tooltip title={d.last_push_date ? `Last upload ${formatDateTime(d.last_push_date)}` : undefined}>
            <span tabIndex={0}>{d.attlog_stamp}</span>
          </Tooltip>
        ) : (
          ''
        ),
    },
    { title: 'Punches today', key: 'today', render: (_v, d) => <span title="stored / received">{`${d.stored_today} / ${d.received_today}`}</span> },
    {
      title: 'Errors today',
      key: 'errors',
      render: (_v, d) => {
        const count = d.errors_today > 0 ? <Typography.Text strong style={{ color: STATUS_TONES.red.color }}>{d.errors_today}</Typography.Text> : <span>0</span>;
        const last = d.last_error ? `${d.last_error}${d.last_error_date ? ` (${formatDateTime(d.last_error_date)})` : ''}` : undefined;
        return last ? (
          <Tooltip title={last}>
            <span tabIndex={0} data-testid={`device-errors-${d.serial_number}`}>{count}</span>
          </Tooltip>
        ) : (
          count
        );
      },
    },
    { title: 'Pending commands', key: 'pending', render: (_v, d) => (d.pending_commands > 0 ? <StatusTag label={String(d.pending_commands)} color="gold" /> : '0') },
    {
      title: 'Action',
      key: 'action',
      width: 150,
      render: (_v, d) => (
        <Space size={0}>
          <IconAction label={`Edit ${d.serial_number}`} icon={<EditOutlined aria-hidden />} onClick={() => act.edit(d)} testId={`device-edit-${d.serial_number}`} />
          <IconAction
            label={`${d.active ? 'Deactivate' : 'Activate'} ${d.serial_number}`}
            icon={d.active ? <PauseCircleOutlined aria-hidden /> : <PlayCircleOutlined aria-hidden />}
            onClick={() => act.toggleActive(d)}
            testId={`device-toggle-${d.serial_number}`}
          />
          <IconAction label={`Commands ${d.serial_number}`} icon={<CodeOutlined aria-hidden />} onClick={() => act.commands(d)} testId={`device-commands-${d.serial_number}`} />
          <IconAction label={`History ${d.serial_number}`} icon={<HistoryOutlined aria-hidden />} onClick={() => act.history(d)} testId={`device-history-${d.serial_number}`} />
        </Space>
      ),
    },
  ];
}
