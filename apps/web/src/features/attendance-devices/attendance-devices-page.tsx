import { Tabs, Typography } from 'antd';
import { DeviceKeysTab } from './components/device-keys-tab.tsx';
import { DevicesTab } from './components/devices-tab.tsx';
import { attendanceDevicesTexts } from './i18n/index.ts';

/**
 * /settings/attendance-devices (issue 13; Admin): the ADMS / iClock devices that push attendance, and the device keys
 * of the JSON punch API, in one place.
 */
export function AttendanceDevicesPage() {
  const { t } = attendanceDevicesTexts.useT();
  return (
    <>
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Tabs
        destroyOnHidden
        data-testid="attendance-devices-tabs"
        items={[
          { key: 'devices', label: t('devicesTab'), children: <DevicesTab /> },
          { key: 'device-keys', label: t('keysTab'), children: <DeviceKeysTab /> },
        ]}
      />
    </>
  );
}
