import { Button, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ShownOnceModal } from '../../components/shown-once-modal.tsx';
import { useWebhookList } from './api/webhooks-api.ts';
import { webhookColumns } from './components/webhook-columns.tsx';
import { WebhookDeliveriesDrawer } from './components/webhook-deliveries-drawer.tsx';
import { WebhookFormModal } from './components/webhook-form-modal.tsx';
import { WebhookList } from './components/webhook-list.tsx';
import { webhooksTexts } from './i18n/index.ts';
import { useWebhookActions } from './use-webhook-actions.ts';

/**
 * /settings/webhooks (issue 30 §3; Admin by the route's roles): the endpoints with their events, Active switch and
 * pending / failed counts; create / edit / delete, Send test event, Rotate secret (the secret shown once) and the
 * delivery log with Redeliver. A phone lists the endpoints as cards.
 */
export function WebhooksPage() {
  const { t } = webhooksTexts.useT();
  const list = useWebhookList();
  const actions = useWebhookActions();
  const create = () => actions.setEditing('new');
  const columns = webhookColumns({
    t,
    toggling: actions.toggling,
    onToggle: actions.onToggle,
    onDeliveries: actions.setLog,
    onTest: actions.onTest,
    onEdit: actions.setEditing,
    onRotate: actions.onRotate,
    onDelete: actions.onDelete,
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={4}>{t('title')}</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ maxWidth: 900, marginBottom: 0 }}>
          {t('intro')}
        </Typography.Paragraph>
      </div>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={create} data-testid="webhook-new">
        {t('newEndpoint')}
      </Button>
      <WebhookList columns={columns} rows={list.data ?? []} loading={list.isPending} onCreate={create} />
      {actions.editing ? (
        <WebhookFormModal endpoint={actions.editing === 'new' ? null : actions.editing} onClose={() => actions.setEditing(null)} onCreated={actions.onCreated} />
      ) : null}
      {actions.log ? <WebhookDeliveriesDrawer endpoint={actions.log} onClose={() => actions.setLog(null)} /> : null}
      {actions.secret ? (
        <ShownOnceModal
          title={actions.secret.reason === 'created' ? t('secret.createdTitle') : t('secret.rotatedTitle')}
          warning={t('secret.warning')}
          value={actions.secret.secret}
          valueLabel={t('secret.label')}
          testIdPrefix="webhook-secret"
          onClose={actions.closeSecret}
        />
      ) : null}
    </Space>
  );
}
