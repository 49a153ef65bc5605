import { useRef } from 'react';
import { Table, type TableColumnsType, type TableRef } from 'antd';
import type { WebhookEndpoint } from '@tms/contracts/webhooks';
import { TableCards, type CardLayout } from '../../../components/table-cards.tsx';
import { useScrollRegion } from '../../../components/use-scroll-region.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { webhooksTexts } from '../i18n/index.ts';
import { WebhooksEmpty } from './webhooks-empty.tsx';

/** On a phone each endpoint is a card: its URL, the Active switch, events and counts, and the actions. */
const CARD: CardLayout = { title: ['url'], status: 'active', fields: ['events', 'pending', 'failed'], actions: 'actions' };

type WebhookListProps = { columns: TableColumnsType<WebhookEndpoint>; rows: WebhookEndpoint[]; loading: boolean; onCreate: () => void };

/** The endpoints: a table at desktop width (scrolling sideways in its own box if need be), cards on a phone. */
export function WebhookList({ columns, rows, loading, onCreate }: WebhookListProps) {
  const { t } = webhooksTexts.useT();
  const phone = usePhoneLayout();
  const tableRef = useRef<TableRef>(null);
  useScrollRegion(tableRef, t('tableRegion'));
  const empty = loading ? null : <WebhooksEmpty onCreate={onCreate} />;
  if (phone) return <TableCards<WebhookEndpoint> columns={columns} rows={rows} layout={CARD} rowKey="id" loading={loading} empty={empty} aria-label={t('tableRegion')} data-testid="webhooks-table" />;
  return (
    <Table<WebhookEndpoint>
      ref={tableRef}
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      data-testid="webhooks-table"
    />
  );
}
