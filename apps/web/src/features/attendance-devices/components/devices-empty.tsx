import { Empty, Typography } from 'antd';
import { attendanceDevicesTexts } from '../i18n/index.ts';
import { iclockAddress } from '../device-display.ts';

/** How to point a device at this server (ADMS "Cloud server" settings), where the list is empty and under the table. */
export function IclockAddressHint() {
  const { t } = attendanceDevicesTexts.useT();
  const address = iclockAddress(window.location);
  return (
    <Typography.Text type="secondary" data-testid="device-iclock-address">
      {t('pushTo')} <Typography.Text code>{address.url}</Typography.Text> {t('pushToAddress', { host: address.host, port: address.port })}
    </Typography.Text>
  );
}

export function DevicesEmpty() {
  const { t } = attendanceDevicesTexts.useT();
  return (
    <Empty
      description={
        <>
          <Typography.Paragraph strong>{t('emptyTitle')}</Typography.Paragraph>
          <Typography.Paragraph style={{ maxWidth: 640, margin: '0 auto 8px' }}>{t('emptyHowTo')}</Typography.Paragraph>
          <IclockAddressHint />
        </>
      }
    />
  );
}
