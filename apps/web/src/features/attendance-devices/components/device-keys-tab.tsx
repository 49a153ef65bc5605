import { useState } from 'react';
import { Button, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import type { DeviceKeyRow } from '@tms/contracts/punches';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useDeactivateDeviceKey, useDeviceKeyList } from '../api/device-keys-api.ts';
import { attendanceDevicesTexts } from '../i18n/index.ts';
import { DeviceKeyCreateModal } from './device-key-create-modal.tsx';

/** The Device keys tab: keys of the JSON punch API (`POST /api/tms/check-in-out/punches`), create and deactivate. */
export function DeviceKeysTab() {
  const keys = useDeviceKeyList();
  const deactivate = useDeactivateDeviceKey();
  const [creating, setCreating] = useState(false);
  const { t } = attendanceDevicesTexts.useT();

  const askDeactivate = (k: DeviceKeyRow) =>
    confirmDialog({
      content: t('keys.deactivateConfirm'),
      danger: true,
      onOk: async () => {
        try {
          const result = await deactivate.mutateAsync(k.id);
          notifySuccess(result.message ?? attendanceDevicesTexts.t('keys.deactivated'));
        } catch (error) {
          notifyApiError(error);
          throw error;
        }
      },
    });

  const columns: TableColumnsType<DeviceKeyRow> = [
    { title: t('keys.system'), dataIndex: 'system', key: 'system', width: 120 },
    { title: t('keys.description'), key: 'description', render: (_v, k) => <span data-testid={`device-key-row-${k.id}`}>{k.description ?? ''}</span> },
    { title: t('keys.created'), key: 'created', render: (_v, k) => formatDateTime(k.createdDate) },
    { title: t('keys.lastUsed'), key: 'used', render: (_v, k) => (k.lastUsedDate ? formatDateTime(k.lastUsedDate) : t('never')) },
    {
      title: t('keys.status'),
      key: 'status',
      width: 100,
      render: (_v, k) => <StatusTag label={k.active ? t('active') : t('inactive')} color={k.active ? 'green' : 'default'} />,
    },
    {
      title: t('keys.action'),
      key: 'action',
      width: 90,
      render: (_v, k) =>
        k.active ? (
          <Tooltip title={t('keys.deactivate')}>
            <Button type="text" size="small" danger aria-label={t('keys.deactivateKey', { name: k.description ?? k.id })} icon={<StopOutlined aria-hidden />} onClick={() => askDeactivate(k)} data-testid={`device-key-deactivate-${k.id}`} />
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)} data-testid="device-key-create">
        {t('keys.create')}
      </Button>
      <Table<DeviceKeyRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={keys.data ?? []}
        loading={keys.isFetching}
        pagination={false}
        locale={{ emptyText: t('keys.empty') }}
        data-testid="device-keys-table"
      />
      {creating ? <DeviceKeyCreateModal onClose={() => setCreating(false)} /> : null}
    </Space>
  );
}
