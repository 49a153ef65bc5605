import { Button, Empty, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../components/paged-table.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { notificationsTexts } from './i18n/index.ts';
import { NOTIFICATIONS_API, notificationKeys, notificationTarget, PAGE_SIZE, useMarkAllRead, useMarkRead, useUnreadCount, type KindFilter, type NotificationItem } from './api/notifications-api.ts';
import { NotificationKindFilter } from './notification-kind-filter.tsx';

/**
 * /notifications (spec 001 §7.4, §9 "see all": size 10, direction -1): the caller's notifications newest first,
 * a click opens the item (and marks it read), Mark read per row, Mark all as read; issue 30 §4: a kind filter (the
 * reminders are the kind Reminders), and Mark all as read marks the kind shown.
 */
export function NotificationsPage() {
  const navigate = useNavigate();
  const [kind, setKind] = useState<KindFilter>(null);
  const filters = kind ? { direction: -1, kind } : { direction: -1 };
  const list = usePagedList<NotificationItem>({ queryKey: [...notificationKeys.all, 'page-list'], path: NOTIFICATIONS_API, filters, initialSize: PAGE_SIZE });
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unreadCount = unread.data?.unread ?? 0;
  const { t } = notificationsTexts.useT();

  const open = (item: NotificationItem) => {
    if (!item.is_read) markRead.mutate(item.id);
    const target = notificationTarget(item.link);
    if (target) void navigate(target);
  };

  const columns: TableColumnsType<NotificationItem> = [
    {
      title: t('notification'),
      key: 'title',
      render: (_, item) => (
        <div>
          <Typography.Text strong={!item.is_read}>{item.title}</Typography.Text>
          {item.body ? (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0, whiteSpace: 'pre-line' }}>
              {item.body}
            </Typography.Paragraph>
          ) : null}
        </div>
      ),
    },
    { title: t('date'), key: 'date', width: 180, render: (_, item) => formatDateTime(item.notification_date) },
    {
      title: t('status'),
      key: 'status',
      width: 100,
      render: (_, item) => (item.is_read ? <Tag>{t('read')}</Tag> : <Tag color="blue">{t('unread')}</Tag>),
    },
    {
      title: t('action'),
      key: 'action',
      width: 130,
      render: (_, item) =>
        item.is_read ? null : (
          <Button
            size="small"
            icon={<CheckOutlined aria-hidden />}
            data-testid={`notification-mark-read-${item.id}`}
            loading={markRead.isPending && markRead.variables === item.id}
            onClick={(e) => {
              e.stopPropagation();
              markRead.mutate(item.id);
            }}
          >
            {t('markRead')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Space wrap>
          <NotificationKindFilter value={kind} onChange={setKind} testId="notifications-kind-filter" />
          <Button
            data-testid="notification-mark-all-read"
            icon={<CheckOutlined aria-hidden />}
            disabled={unreadCount === 0}
            loading={markAll.isPending}
            onClick={() =>
              markAll.mutate(kind, {
                onSuccess: (res) => notifySuccess(notificationsTexts.t('markedRead', { count: res.data.updated })),
              })
            }
          >
            {t('markAllRead')}
          </Button>
        </Space>
      </Space>
      <PagedTable<NotificationItem>
        {...list.tableProps}
        columns={columns}
        rowKey="id"
        onRowClick={open}
        card={{ title: ['title'], status: 'status', fields: ['date'], actions: 'action' }}
        tableProps={{
          locale: { emptyText: <Empty description={kind ? t('emptyKind') : t('empty')} data-testid="notifications-empty" /> },
        }}
        data-testid="notifications-table"
      />
    </>
  );
}
