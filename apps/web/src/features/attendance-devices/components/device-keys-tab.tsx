import { useState } from 'react';
import { Button, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { DEVICE_PAGE_TEXTS as T } from '@tms/contracts/attendance-devices';
import { PUNCH_MESSAGES as PM, type DeviceKeyRow } from '@tms/contracts/punches';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useDeactivateDeviceKey, useDeviceKeyList } from '../api/device-keys-api.ts';
import { DeviceKeyCreateModal } from './device-key-create-modal.tsx';

/** The Device keys tab: keys of the JSON punch API (`POST /api/tms/check-in-out/punches`), create and deactivate. */
export function DeviceKeysTab() {
  const keys = useDeviceKeyList();
  const deactivate = useDeactivateDeviceKey();
  const [creating, setCreating] = useState(false);

  const askDeactivate = (k: DeviceKeyRow) =>
    confirmDialog({
      content: T.keyDeactivateConfirm,
      danger: true,
      onOk: async () => {
        try {
          const result = await deactivate.mutateAsync(k.id);
          notifySuccess(result.message ?? PM.keyDeactivated);
        } catch (error) {
          notifyApiError(error);
          throw error;
        }
      },
    });

  const columns: TableColumnsType<DeviceKeyRow> = [
    { title: 'System', dataIndex: 'system', key: 'system', width: 120 },
    { title: 'Description', key: 'description', render: (_v, k) => <span data-testid={`device-key-row-${k.id}`}>{k.description ?? ''}</span> },
    { title: 'Created', key: 'created', render: (_v, k) => formatDateTime(k.createdDate) },
    { title: 'Last used', key: 'used', render: (_v, k) => (k.lastUsedDate ? formatDateTime(k.lastUsedDate) : T.never) },
    {
      title: 'Status',
      key: 'status',
      width: 100,
      render: (_v, k) => <StatusTag label={k.active ? 'Active' : 'Inactive'} color={k.active ? 'green' : 'default'} />,
    },
    {
      title: 'Action',
      key: 'action',
      width: 90,
      render: (_v, k) =>
        k.active ? (
          <Tooltip title="Deactivate">
            <Button type="text" size="small" danger aria-label={`Deactivate key ${k.description ?? k.id}`} icon={<StopOutlined aria-hidden />} onClick={() => askDeactivate(k)} data-testid={`device-key-deactivate-${k.id}`} />
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)} data-testid="device-key-create">
        {T.keyCreate}
      </Button>
      <Table<DeviceKeyRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={keys.data ?? []}
        loading={keys.isFetching}
        pagination={false}
        locale={{ emptyText: 'No device key yet' }}
        data-testid="device-keys-table"
      />
      {creating ? <DeviceKeyCreateModal onClose={() => setCreating(false)} /> : null}
    </Space>
  );
}
