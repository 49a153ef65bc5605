import { Tabs, Typography } from 'antd';
import { DEVICE_PAGE_TEXTS as T } from '@tms/contracts/attendance-devices';
import { DeviceKeysTab } from './components/device-keys-tab.tsx';
import { DevicesTab } from './components/devices-tab.tsx';

/**
 * /settings/attendance-devices (issue 13; Admin): the ADMS / iClock devices that push attendance, and the device keys
 * of the JSON punch API, in one place.
 */
export function AttendanceDevicesPage() {
  return (
    <>
      <Typography.Title level={4}>{T.title}</Typography.Title>
      <Tabs
        destroyOnHidden
        data-testid="attendance-devices-tabs"
        items={[
          { key: 'devices', label: T.devicesTab, children: <DevicesTab /> },
          { key: 'device-keys', label: T.keysTab, children: <DeviceKeysTab /> },
        ]}
      />
    </>
  );
}
