import { Badge, Empty, List, Spin, Typography } from 'antd';
import type { NotificationItem } from '../../features/notifications/api/notifications-api.ts';
import { formatDateTime } from '../../lib/dates.ts';

/**
 * The bell's latest notifications (spec 001 §7.4). A module of its own, fetched when the bell is first opened: antd's
 * List brings its pagination along, which the first load of every page would otherwise carry (issue 26 §5).
 */
export function NotificationList({ items, pending, emptyText, onOpen }: { items: NotificationItem[]; pending: boolean; emptyText: string; onOpen: (item: NotificationItem) => void }) {
  if (pending) return <Spin size="small" />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} data-testid="notification-empty" />;
  return (
    <List
      size="small"
      dataSource={items}
      renderItem={(item) => (
        <List.Item
          key={item.id}
          data-testid={`notification-item-${item.id}`}
          style={{ cursor: 'pointer', paddingInline: 8, background: item.is_read ? undefined : '#e6f4ff' }}
          onClick={() => onOpen(item)}
          role="button"
          tabIndex={0}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              onOpen(item);
            }
          }}
        >
          <List.Item.Meta
            title={
              <Typography.Text strong={!item.is_read} ellipsis>
                {!item.is_read ? <Badge status="processing" /> : null} {item.title}
              </Typography.Text>
            }
            description={
              <>
                {item.body ? (
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                    {item.body}
                  </Typography.Paragraph>
                ) : null}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(item.notification_date)}
                </Typography.Text>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
