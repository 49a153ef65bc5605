import type { NotificationListQuery } from '@tms/contracts/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { countUnread, listNotifications, markAllRead, markRead } from './notifications.repository.ts';

/**
 * The caller's own in-app notifications (RULES.md §8). Marking read is not a business record change (no history):
 * a notification is the user's inbox, written by `lib/notify.ts` in the transaction of the change it reports.
 */
export function notificationsService({ db }: { db: DbOrTx }) {
  return {
    async list(user: SessionUser, q: NotificationListQuery) {
      const { items, total } = await listNotifications(db, user.userId, q);
      return { data: items, page: { page: q.page, size: q.size, total_element: total } };
    },
    unread: async (user: SessionUser) => ({ unread: await countUnread(db, user.userId) }),
    async markRead(user: SessionUser, id: number) {
      const row = await markRead(db, user.userId, id);
      if (!row) throw notFound('Notification not found');
      return { id: row.id, is_read: true };
    },
    markAllRead: async (user: SessionUser) => ({ updated: await markAllRead(db, user.userId) }),
  };
}
