import { useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Space, Table, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { DEVICE_COMMAND_LABELS, DEVICE_MESSAGES as M, type DeviceCommandKind, type DeviceCommandRow, type DeviceRow } from '@tms/contracts/attendance-devices';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { DATE_DMY, DATE_ISO, formatDateTime } from '../../../lib/dates.ts';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeviceCommands, useQueueCommand } from '../api/attendance-devices-api.ts';
import { COMMAND_STATUS_TONES } from '../device-display.ts';

const COLUMNS: TableColumnsType<DeviceCommandRow> = [
  { title: 'Command', key: 'kind', render: (_v, c) => <span title={c.command}>{c.kind}</span> },
  { title: 'Status', key: 'status', width: 100, render: (_v, c) => <StatusTag label={c.status} color={COMMAND_STATUS_TONES[c.status]} /> },
  { title: 'Queued', key: 'created', render: (_v, c) => `${formatDateTime(c.created_date)}${c.created_by ? ` by ${c.created_by}` : ''}` },
  { title: 'Sent', key: 'sent', render: (_v, c) => formatDateTime(c.sent_date) },
  { title: 'Answered', key: 'done', render: (_v, c) => (c.done_date ? `${formatDateTime(c.done_date)} (return ${c.return_code ?? '?'})` : '') },
];

/**
 * A device's commands (issue 13): queue CHECK (re-read the server options), REUPLOAD for a range of device-local days,
 * REBOOT after a confirmation; the device receives them on its next poll. The latest commands with their status.
 */
export function DeviceCommandsDrawer({ device, onClose }: { device: DeviceRow; onClose: () => void }) {
  const commands = useDeviceCommands(device.id);
  const queue = useQueueCommand();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);

  const send = async (kind: DeviceCommandKind, dates?: { from: string; to: string }) => {
    try {
      const result = await queue.mutateAsync({ id: device.id, kind, ...dates });
      notifySuccess(result.message);
    } catch (error) {
      notifyApiError(error);
    }
  };

  const reupload = () => {
    const [from, to] = range ?? [null, null];
    if (!from || !to) return notifyError(M.commandRangeRequired);
    void send('REUPLOAD', { from: from.format(DATE_ISO), to: to.format(DATE_ISO) });
  };

  const reboot = () => confirmDialog({ content: M.rebootConfirm, danger: true, onOk: () => send('REBOOT') });

  return (
    <Drawer open title={`Commands: ${device.serial_number}`} width={760} onClose={onClose} data-testid="device-commands-drawer">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {device.active ? null : <Alert type="warning" showIcon message={M.commandInactive} />}
        <Space wrap>
          <Button onClick={() => void send('CHECK')} disabled={!device.active} loading={queue.isPending} title={DEVICE_COMMAND_LABELS.CHECK} data-testid="device-command-check">
            Check
          </Button>
          <Button danger onClick={reboot} disabled={!device.active} title={DEVICE_COMMAND_LABELS.REBOOT} data-testid="device-command-reboot">
            Reboot
          </Button>
        </Space>
        <Space wrap>
          <DatePicker.RangePicker
            format={DATE_DMY}
            value={range}
            onChange={(v) => setRange(v)}
            disabled={!device.active}
            aria-label="Re-upload range"
            data-testid="device-command-range"
          />
          <Button onClick={reupload} disabled={!device.active} title={DEVICE_COMMAND_LABELS.REUPLOAD} data-testid="device-command-reupload">
            Re-upload attendance
          </Button>
        </Space>
        <Typography.Text type="secondary">
          {`Check: ${DEVICE_COMMAND_LABELS.CHECK.toLowerCase()}. Reboot: ${DEVICE_COMMAND_LABELS.REBOOT.toLowerCase()}. Re-upload: ${DEVICE_COMMAND_LABELS.REUPLOAD.toLowerCase()}. A device receives its commands on its next poll.`}
        </Typography.Text>
        <Table<DeviceCommandRow>
          size="small"
          rowKey="id"
          columns={COLUMNS}
          dataSource={commands.data ?? []}
          loading={commands.isFetching}
          pagination={false}
          locale={{ emptyText: 'No command sent yet' }}
          data-testid="device-commands-table"
        />
      </Space>
    </Drawer>
  );
}
