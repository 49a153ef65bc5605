import { useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Space, Table, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import type { DeviceCommandKind, DeviceCommandRow, DeviceRow } from '@tms/contracts/attendance-devices';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { DATE_DMY, DATE_ISO, formatDateTime } from '../../../lib/dates.ts';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeviceCommands, useQueueCommand } from '../api/attendance-devices-api.ts';
import { COMMAND_STATUS_TONES } from '../device-display.ts';
import { attendanceDevicesTexts, type AttendanceDevicesT } from '../i18n/index.ts';

const columns = (t: AttendanceDevicesT): TableColumnsType<DeviceCommandRow> => [
  { title: t('commands.command'), key: 'kind', render: (_v, c) => <span title={c.command}>{c.kind}</span> },
  { title: t('commands.status'), key: 'status', width: 100, render: (_v, c) => <StatusTag label={t(`commandStatus.${c.status}`)} color={COMMAND_STATUS_TONES[c.status]} /> },
  {
    title: t('commands.queued'),
    key: 'created',
    render: (_v, c) => (c.created_by ? t('commands.queuedBy', { date: formatDateTime(c.created_date), user: c.created_by }) : formatDateTime(c.created_date)),
  },
  { title: t('commands.sent'), key: 'sent', render: (_v, c) => formatDateTime(c.sent_date) },
  { title: t('commands.answered'), key: 'done', render: (_v, c) => (c.done_date ? t('commands.answeredReturn', { date: formatDateTime(c.done_date), code: c.return_code ?? '?' }) : '') },
];

/**
 * A device's commands (issue 13): queue CHECK (re-read the server options), REUPLOAD for a range of device-local days,
 * REBOOT after a confirmation; the device receives them on its next poll. The latest commands with their status.
 */
export function DeviceCommandsDrawer({ device, onClose }: { device: DeviceRow; onClose: () => void }) {
  const commands = useDeviceCommands(device.id);
  const queue = useQueueCommand();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const { t } = attendanceDevicesTexts.useT();

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
    if (!from || !to) return notifyError(t('commands.rangeRequired'));
    void send('REUPLOAD', { from: from.format(DATE_ISO), to: to.format(DATE_ISO) });
  };

  const reboot = () => confirmDialog({ content: t('commands.rebootConfirm'), danger: true, onOk: () => send('REBOOT') });

  return (
    <Drawer open title={t('commands.title', { serial: device.serial_number })} width={760} onClose={onClose} data-testid="device-commands-drawer">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {device.active ? null : <Alert type="warning" showIcon message={t('commands.inactive')} />}
        <Space wrap>
          <Button onClick={() => void send('CHECK')} disabled={!device.active} loading={queue.isPending} title={t('commands.checkHelp')} data-testid="device-command-check">
            {t('commands.check')}
          </Button>
          <Button danger onClick={reboot} disabled={!device.active} title={t('commands.rebootHelp')} data-testid="device-command-reboot">
            {t('commands.reboot')}
          </Button>
        </Space>
        <Space wrap>
          <DatePicker.RangePicker
            format={DATE_DMY}
            value={range}
            onChange={(v) => setRange(v)}
            disabled={!device.active}
            aria-label={t('commands.reuploadRange')}
            data-testid="device-command-range"
          />
          <Button onClick={reupload} disabled={!device.active} title={t('commands.reuploadHelp')} data-testid="device-command-reupload">
            {t('commands.reupload')}
          </Button>
        </Space>
        <Typography.Text type="secondary">{t('commands.help')}</Typography.Text>
        <Table<DeviceCommandRow>
          size="small"
          rowKey="id"
          columns={columns(t)}
          dataSource={commands.data ?? []}
          loading={commands.isFetching}
          pagination={false}
          locale={{ emptyText: t('commands.empty') }}
          data-testid="device-commands-table"
        />
      </Space>
    </Drawer>
  );
}
