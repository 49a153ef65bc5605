import { Button, Drawer, Empty, List, Space } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { WebhookDelivery, WebhookEndpoint } from '@tms/contracts/webhooks';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { useRedeliverWebhook, useWebhookDeliveries } from '../api/webhooks-api.ts';
import { webhooksTexts } from '../i18n/index.ts';
import { DeliveryItem } from './delivery-item.tsx';

/** The delivery log of an endpoint, newest first, with older pages on demand and Redeliver on each delivery. */
export function WebhookDeliveriesDrawer({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = webhooksTexts.useT();
  const phone = usePhoneLayout();
  const log = useWebhookDeliveries(endpoint.id);
  const redeliver = useRedeliverWebhook();
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  const onRedeliver = (d: WebhookDelivery) =>
    void redeliver
      .mutateAsync({ id: endpoint.id, deliveryId: d.id })
      .then(() => notifySuccess(webhooksTexts.t('actions.redeliveryQueued')))
      .catch(() => undefined);
  return (
    <Drawer
      open
      title={t('log.title', { url: endpoint.url })}
      placement="right"
      size={phone ? '100%' : 720}
      onClose={onClose}
      data-testid="webhook-deliveries-drawer"
      extra={
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void log.refetch()} loading={log.isRefetching} data-testid="webhook-deliveries-refresh">
          {t('log.refresh')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <List<WebhookDelivery>
          loading={log.isPending}
          dataSource={items}
          locale={{ emptyText: log.isPending ? null : <Empty description={t('log.empty')} data-testid="webhook-deliveries-empty" /> }}
          renderItem={(d) => <DeliveryItem delivery={d} t={t} redelivering={redeliver.isPending && redeliver.variables?.deliveryId === d.id} onRedeliver={onRedeliver} />}
        />
        {log.hasNextPage ? (
          <Button block onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage} data-testid="webhook-deliveries-more">
            {t('log.more')}
          </Button>
        ) : null}
      </Space>
    </Drawer>
  );
}
