import { Button, Descriptions, List, Space, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import type { WebhookDelivery } from '@tms/contracts/webhooks';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import type { WebhooksT } from '../i18n/index.ts';
import { DELIVERY_TONES, eventLabel } from '../webhook-display.ts';

type DeliveryItemProps = { delivery: WebhookDelivery; t: WebhooksT; redelivering: boolean; onRedeliver: (d: WebhookDelivery) => void };

/** One delivery of the log: status, event, record, attempts, answer code and excerpt, error, times; and Redeliver. */
export function DeliveryItem({ delivery: d, t, redelivering, onRedeliver }: DeliveryItemProps) {
  const times = [
    { key: 'created', label: t('log.created'), children: formatDateTime(d.created_at) },
    ...(d.last_attempt_at ? [{ key: 'last', label: t('log.lastAttempt'), children: formatDateTime(d.last_attempt_at) }] : []),
    ...(d.next_attempt_at && d.attempts > 0 ? [{ key: 'next', label: t('log.nextAttempt'), children: formatDateTime(d.next_attempt_at) }] : []),
    ...(d.delivered_at ? [{ key: 'delivered', label: t('log.delivered'), children: formatDateTime(d.delivered_at) }] : []),
    { key: 'attempts', label: t('log.attempts'), children: String(d.attempts) },
    { key: 'code', label: t('log.code'), children: d.response_status === null ? '—' : String(d.response_status) },
    ...(d.duration_ms === null ? [] : [{ key: 'duration', label: t('log.duration'), children: t('log.durationMs', { ms: d.duration_ms }) }]),
    { key: 'event-id', label: t('log.eventId'), children: <Typography.Text copyable style={{ overflowWrap: 'anywhere' }}>{d.event_id}</Typography.Text> },
  ];
  return (
    <List.Item data-testid={`webhook-delivery-${d.id}`}>
      <Space direction="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Space wrap size={8}>
            <StatusTag label={t(`statuses.${d.status}`)} color={DELIVERY_TONES[d.status]} />
            <Typography.Text strong>{eventLabel(d.event_type, t)}</Typography.Text>
            <Typography.Text type="secondary">
              {t('log.record')}: {d.record_key}
            </Typography.Text>
          </Space>
          <Button size="small" icon={<RedoOutlined aria-hidden />} loading={redelivering} aria-label={t('log.redeliverOf', { id: d.id })} onClick={() => onRedeliver(d)} data-testid={`webhook-redeliver-${d.id}`}>
            {t('log.redeliver')}
          </Button>
        </Space>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={times} />
        {d.error ? (
          <Typography.Paragraph type="danger" style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid={`webhook-delivery-error-${d.id}`}>
            {t('log.error')}: {d.error}
          </Typography.Paragraph>
        ) : null}
        {d.response_body ? (
          <div>
            <Typography.Text type="secondary">{t('log.answer')}</Typography.Text>
            <pre style={{ margin: 0, maxHeight: 160, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12, background: '#fafafa', padding: 8 }}>{d.response_body}</pre>
          </div>
        ) : null}
      </Space>
    </List.Item>
  );
}
