import { Badge, Button, Empty, List, Popover, Spin, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  notificationTarget,
  POPUP_SIZE,
  useMarkRead,
  useNotifications,
  useUnreadCount,
  type NotificationItem,
} from '../../features/notifications/api/notifications-api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { bellLabel } from './bell-label.ts';
import { layoutTexts } from './i18n/index.ts';

/**
 * Header bell (spec 001 §7.4, §9; RULES.md §8): the unread count on a badge, a popover with the latest 5; a click marks
 * the item read and opens its link; "See all" opens /notifications. Polls every 30 s and on window focus.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { t } = layoutTexts.useT();
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const latest = useNotifications(1, POPUP_SIZE, true);
  const markRead = useMarkRead();
  const count = unread.data?.unread ?? 0;

  const openItem = (item: NotificationItem) => {
    if (!item.is_read) markRead.mutate(item.id);
    setOpen(false);
    const target = notificationTarget(item.link);
    if (target) void navigate(target);
  };

  const items = latest.data?.items ?? [];
  const content = (
    <div data-testid="notification-popover">
      {latest.isPending ? (
        <Spin size="small" />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} data-testid="notification-empty" />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(item) => (
            <List.Item
              key={item.id}
              data-testid={`notification-item-${item.id}`}
              style={{ cursor: 'pointer', paddingInline: 8, background: item.is_read ? undefined : '#e6f4ff' }}
              onClick={() => openItem(item)}
              role="button"
              tabIndex={0}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  openItem(item);
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
      )}
      <div style={{ textAlign: 'center', borderTop: '1px solid #f0f0f0', paddingTop: 4 }}>
        <Button
          type="link"
          data-testid="notification-see-all"
          onClick={() => {
            setOpen(false);
            void navigate('/notifications');
          }}
        >
          {t('bell.seeAll')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('bell.title')}
      open={open}
      onOpenChange={setOpen}
      content={content}
      styles={{ container: { width: 380, maxWidth: '90vw' } }}
    >
      <Button type="text" aria-label={bellLabel(count, t)} data-testid="notification-bell">
        <Badge count={count} size="small" overflowCount={99} data-testid="notification-unread-count">
          <BellOutlined style={{ fontSize: 18 }} aria-hidden />
        </Badge>
      </Button>
    </Popover>
  );
}
