import { Badge, Button, Popover, Space, Spin } from 'antd';
import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  notificationTarget,
  POPUP_SIZE,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useUnreadCount,
  type KindFilter,
  type NotificationItem,
} from '../../features/notifications/api/notifications-api.ts';
import { NotificationKindFilter } from '../../features/notifications/notification-kind-filter.tsx';
import { notificationsTexts } from '../../features/notifications/i18n/index.ts';
import { bellLabel } from './bell-label.ts';
import { layoutTexts } from './i18n/index.ts';

// The popover's list loads when the bell is first opened (notification-list.tsx).
const NotificationList = lazy(() => import('./notification-list.tsx').then((m) => ({ default: m.NotificationList })));

/**
 * Header bell (spec 001 §7.4, §9; RULES.md §8): the unread count on a badge, a popover with the latest 5; a click marks
 * the item read and opens its link; "See all" opens /notifications. Polls every 30 s and on window focus. Issue 30 §4:
 * a kind filter (All, Approvals, My requests, Timesheet, Reminders, Other) and "Mark all as read" (of the kind shown).
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { t } = layoutTexts.useT();
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const [kind, setKind] = useState<KindFilter>(null);
  const latest = useNotifications(1, POPUP_SIZE, true, kind);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const { t: tn } = notificationsTexts.useT();
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
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 4 }} wrap size={4}>
        <NotificationKindFilter value={kind} onChange={setKind} testId="notification-kind-filter" />
        <Button
          type="link"
          size="small"
          icon={<CheckOutlined aria-hidden />}
          data-testid="notification-bell-mark-all-read"
          disabled={count === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(kind)}
        >
          {tn('markAllRead')}
        </Button>
      </Space>
      <Suspense fallback={<Spin size="small" />}>
        <NotificationList items={items} pending={latest.isPending} emptyText={kind ? tn('emptyKind') : t('bell.empty')} onOpen={openItem} />
      </Suspense>
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
      classNames={{ root: 'tms-bell-popover' }}
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
