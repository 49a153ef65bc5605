import type { ReactNode } from 'react';
import { Button, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CodeOutlined, EditOutlined, HistoryOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { DeviceRow } from '@tms/contracts/attendance-devices';
import { STATUS_TONES } from '../../../components/status-info.ts';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatCount } from '../../../lib/numbers.ts';
import { relativeTime } from '../device-display.ts';
import type { AttendanceDevicesT } from '../i18n/index.ts';
import { RowActionsSpace } from '../../../components/row-actions-space.tsx';

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
export function deviceColumns(t: AttendanceDevicesT, nowMs: number, act: DeviceActions): TableColumnsType<DeviceRow> {
  return [
    { title: t('columns.serial'), key: 'serial', render: (_v, d) => <span data-testid={`device-row-${d.serial_number}`}>{d.serial_number}</span> },
    { title: t('columns.name'), dataIndex: 'name', key: 'name', render: (v: string | null) => v ?? '' },
    { title: t('columns.system'), dataIndex: 'system', key: 'system', width: 110 },
    { title: t('columns.timeZone'), dataIndex: 'time_zone', key: 'time_zone' },
    {
      title: t('columns.status'),
      key: 'active',
      width: 90,
      render: (_v, d) => <StatusTag label={d.active ? t('active') : t('inactive')} color={d.active ? 'green' : 'default'} />,
    },
    {
      title: t('columns.lastContact'),
      key: 'last_contact',
      render: (_v, d) =>
        d.last_contact_date ? (
          <Tooltip title={formatDateTime(d.last_contact_date)}>
            <span tabIndex={0}>{relativeTime(d.last_contact_date, nowMs)}</span>
          </Tooltip>
        ) : (
          t('never')
        ),
    },
    {
      title: t('columns.lastStamp'),
      key: 'stamp',
      render: (_v, d) =>
        d.attlog_stamp ? (
          <Tooltip title={d.last_push_date ? t('columns.lastUpload', { date: formatDateTime(d.last_push_date) }) : undefined}>
            <span tabIndex={0}>{d.attlog_stamp}</span>
          </Tooltip>
        ) : (
          ''
        ),
    },
    { title: t('columns.punchesToday'), key: 'today', render: (_v, d) => <span title={t('columns.storedReceived')}>{`${formatCount(d.stored_today)} / ${formatCount(d.received_today)}`}</span> },
    {
      title: t('columns.errorsToday'),
      key: 'errors',
      render: (_v, d) => {
        const count = d.errors_today > 0 ? <Typography.Text strong style={{ color: STATUS_TONES.red.color }}>{formatCount(d.errors_today)}</Typography.Text> : <span>0</span>;
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
    { title: t('columns.pendingCommands'), key: 'pending', render: (_v, d) => (d.pending_commands > 0 ? <StatusTag label={formatCount(d.pending_commands)} color="gold" /> : '0') },
    {
      title: t('columns.action'),
      key: 'action',
      width: 150,
      render: (_v, d) => (
        <RowActionsSpace>
          <IconAction label={t('actions.edit', { serial: d.serial_number })} icon={<EditOutlined aria-hidden />} onClick={() => act.edit(d)} testId={`device-edit-${d.serial_number}`} />
          <IconAction
            label={d.active ? t('actions.deactivate', { serial: d.serial_number }) : t('actions.activate', { serial: d.serial_number })}
            icon={d.active ? <PauseCircleOutlined aria-hidden /> : <PlayCircleOutlined aria-hidden />}
            onClick={() => act.toggleActive(d)}
            testId={`device-toggle-${d.serial_number}`}
          />
          <IconAction label={t('actions.commands', { serial: d.serial_number })} icon={<CodeOutlined aria-hidden />} onClick={() => act.commands(d)} testId={`device-commands-${d.serial_number}`} />
          <IconAction label={t('actions.history', { serial: d.serial_number })} icon={<HistoryOutlined aria-hidden />} onClick={() => act.history(d)} testId={`device-history-${d.serial_number}`} />
        </RowActionsSpace>
      ),
    },
  ];
}
