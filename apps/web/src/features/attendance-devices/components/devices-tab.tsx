import { useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { DeviceRow } from '@tms/contracts/attendance-devices';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { FilterBar, type FilterQuery } from '../../../components/filter-bar.tsx';
import { searchOrReload, toFilterQuery, type FilterField } from '../../../components/filter-query.ts';
import { PagedTable } from '../../../components/paged-table.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { deviceKeys, updateDevice, useDeviceList } from '../api/attendance-devices-api.ts';
import { SYSTEM_OPTIONS } from '../device-display.ts';
import { attendanceDevicesTexts, type AttendanceDevicesT } from '../i18n/index.ts';
import { deviceColumns } from './device-columns.tsx';
import { DeviceCommandsDrawer } from './device-commands-drawer.tsx';
import { DeviceFormModal } from './device-form-modal.tsx';
import { DeviceHistoryModal } from './device-history-modal.tsx';
import { DevicesEmpty, IclockAddressHint } from './devices-empty.tsx';

const filterFields = (t: AttendanceDevicesT): FilterField[] => [
  { kind: 'text', name: 'keyword', label: t('filter.keyword'), placeholder: t('filter.keywordPlaceholder') },
  { kind: 'select', name: 'system', label: t('filter.system'), options: SYSTEM_OPTIONS },
  {
    kind: 'select',
    name: 'active',
    label: t('filter.status'),
    options: [
      { label: t('active'), value: 'true' },
      { label: t('inactive'), value: 'false' },
    ],
  },
];
type Dialog = { kind: 'form'; editing: DeviceRow | null } | { kind: 'commands'; id: number } | { kind: 'history'; id: number } | null;

/** The Devices tab (issue 13): filters, the device table, register / edit / (de)activate, commands and history. */
export function DevicesTab() {
  const client = useQueryClient();
  const { t } = attendanceDevicesTexts.useT();
  const fields = useMemo(() => filterFields(t), [t]);
  const [filters, setFilters] = useState<FilterQuery>(() => toFilterQuery(fields, undefined));
  const list = useDeviceList(filters);
  const [dialog, setDialog] = useState<Dialog>(null);

  const setActive = async (d: DeviceRow, active: boolean) => {
    try {
      const result = await updateDevice({ id: d.id, name: d.name, system: d.system, time_zone: d.time_zone, active, version: d.version });
      notifySuccess(result.message);
    } catch (error) {
      notifyApiError(error);
      throw error;
    } finally {
      await client.invalidateQueries({ queryKey: deviceKeys.all });
    }
  };

  const columns = deviceColumns(t, list.fetchedAt, {
    edit: (d) => setDialog({ kind: 'form', editing: d }),
    toggleActive: (d) =>
      d.active ? confirmDialog({ content: t('deactivateConfirm'), danger: true, onOk: () => setActive(d, false) }) : void setActive(d, true).catch(() => undefined),
    commands: (d) => setDialog({ kind: 'commands', id: d.id }),
    history: (d) => setDialog({ kind: 'history', id: d.id }),
  });
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const drawerDevice = dialog?.kind === 'commands' ? list.rows.find((r) => r.id === dialog.id) : undefined;

  const extra = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'form', editing: null })} data-testid="device-register">
      {t('register')}
    </Button>
  );

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <FilterBar fields={fields} formName="device-filter" onSearch={searchOrReload(filters, setFilters, list.refetch)} extra={extra} loading={list.loading} />
      <PagedTable<DeviceRow>
        {...list.tableProps}
        columns={columns}
        rowKey="id"
        scrollX="max-content"
        data-testid="devices-table"
        tableProps={{ locale: { emptyText: filtered ? t('filter.noMatch') : <DevicesEmpty /> } }}
      />
      {list.total > 0 ? <IclockAddressHint /> : null}
      {dialog?.kind === 'form' ? <DeviceFormModal editing={dialog.editing} onClose={() => setDialog(null)} /> : null}
      {drawerDevice ? <DeviceCommandsDrawer device={drawerDevice} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'history' ? <DeviceHistoryModal id={dialog.id} onClose={() => setDialog(null)} /> : null}
    </Space>
  );
}
