import { Button, Switch, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined, SendOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { WebhookEndpoint } from '@tms/contracts/webhooks';
import { RowActionsSpace } from '../../../components/row-actions-space.tsx';
import { formatCount } from '../../../lib/numbers.ts';
import type { WebhooksT } from '../i18n/index.ts';
import { eventsText } from '../webhook-display.ts';

export type WebhookColumnsOptions = {
  t: WebhooksT;
  /** The endpoint whose Active switch is being saved. */
  toggling: number | null;
  onToggle: (endpoint: WebhookEndpoint, active: boolean) => void;
  onDeliveries: (endpoint: WebhookEndpoint) => void;
  onTest: (endpoint: WebhookEndpoint) => void;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onRotate: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
};

function IconAction({ title, label, icon, onClick, testId, danger }: { title: string; label: string; icon: React.ReactNode; onClick: () => void; testId: string; danger?: boolean }) {
  return (
    <Tooltip title={title}>
      <Button type="text" size="small" danger={danger} icon={icon} aria-label={label} onClick={onClick} data-testid={testId} />
    </Tooltip>
  );
}

/** The endpoints table: URL (and description), events by name, Active (a switch), pending / failed counts, actions. */
export function webhookColumns(o: WebhookColumnsOptions): TableColumnsType<WebhookEndpoint> {
  const { t } = o;
  return [
    {
      title: t('columns.url'),
      key: 'url',
      render: (_v, e) => (
        <div style={{ maxWidth: 360, overflowWrap: 'anywhere' }} data-testid={`webhook-row-${e.id}`}>
          <Typography.Text strong>{e.url}</Typography.Text>
          {e.description ? <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{e.description}</Typography.Paragraph> : null}
        </div>
      ),
    },
    { title: t('columns.events'), key: 'events', render: (_v, e) => <div style={{ maxWidth: 320 }} data-testid={`webhook-events-${e.id}`}>{eventsText(e.events, t)}</div> },
    {
      title: t('columns.active'),
      key: 'active',
      width: 90,
      render: (_v, e) => <Switch size="small" checked={e.active} loading={o.toggling === e.id} aria-label={t('columns.activeOf', { url: e.url })} onChange={(on) => o.onToggle(e, on)} data-testid={`webhook-active-${e.id}`} />,
    },
    { title: t('columns.pending'), key: 'pending', width: 90, align: 'right', render: (_v, e) => <span data-testid={`webhook-pending-${e.id}`}>{formatCount(e.pending_count)}</span> },
    {
      title: t('columns.failed'),
      key: 'failed',
      width: 90,
      align: 'right',
      render: (_v, e) => (
        <Typography.Text type={e.failed_count > 0 ? 'danger' : undefined} data-testid={`webhook-failed-${e.id}`}>
          {formatCount(e.failed_count)}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 190,
      render: (_v, e) => (
        <RowActionsSpace>
          <IconAction title={t('actions.deliveries')} label={t('actions.deliveriesOf', { url: e.url })} icon={<UnorderedListOutlined aria-hidden />} onClick={() => o.onDeliveries(e)} testId={`webhook-deliveries-${e.id}`} />
          <IconAction title={t('actions.sendTest')} label={t('actions.sendTestOf', { url: e.url })} icon={<SendOutlined aria-hidden />} onClick={() => o.onTest(e)} testId={`webhook-test-${e.id}`} />
          <IconAction title={t('actions.edit')} label={t('actions.editOf', { url: e.url })} icon={<EditOutlined aria-hidden />} onClick={() => o.onEdit(e)} testId={`webhook-edit-${e.id}`} />
          <IconAction title={t('actions.rotate')} label={t('actions.rotateOf', { url: e.url })} icon={<KeyOutlined aria-hidden />} onClick={() => o.onRotate(e)} testId={`webhook-rotate-${e.id}`} />
          <IconAction title={t('actions.delete')} label={t('actions.deleteOf', { url: e.url })} icon={<DeleteOutlined aria-hidden />} onClick={() => o.onDelete(e)} testId={`webhook-delete-${e.id}`} danger />
        </RowActionsSpace>
      ),
    },
  ];
}
