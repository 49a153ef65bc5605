import { Empty, Typography } from 'antd';
import { DEVICE_PAGE_TEXTS as T } from '@tms/contracts/attendance-devices';
import { iclockAddress } from '../device-display.ts';

/** How to point a device at this server (ADMS "Cloud server" settings), where the list is empty and under the table. */
export function IclockAddressHint() {
  const address = iclockAddress(window.location);
  return (
    <Typography.Text type="secondary" data-testid="device-iclock-address">
      Devices push to <Typography.Text code>{address.url}</Typography.Text> (server address {address.host}, port {address.port}).
    </Typography.Text>
  );
}

export function DevicesEmpty() {
  return (
    <Empty
      description={
        <>
          <Typography.Paragraph strong>{T.emptyTitle}</Typography.Paragraph>
          <Typography.Paragraph style={{ maxWidth: 640, margin: '0 auto 8px' }}>{T.emptyHowTo}</Typography.Paragraph>
          <IclockAddressHint />
        </>
      }
    />
  );
}
