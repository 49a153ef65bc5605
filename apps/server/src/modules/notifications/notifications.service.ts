import type { NotificationListQuery } from '@tms/contracts/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import * as repo from './notifications.repository.ts';

/**
 * The caller's own in-app notifications (RULES.md §8). Marking read is not a business record change (no history):
 * a notification is the user's inbox, written by `lib/notify.ts` in the transaction of the change it reports.
 */
export type NotificationsDeps = { db: DbOrTx };

export async function list({ db }: NotificationsDeps, user: SessionUser, q: NotificationListQuery) {
  const { items, total } = await repo.listNotifications(db, user.userId, q);
  return { data: items, page: { page: q.page, size: q.size, total_element: total } };
}

export async function unread({ db }: NotificationsDeps, user: SessionUser) {
  return { unread: await repo.countUnread(db, user.userId) };
}

export async function markRead({ db }: NotificationsDeps, user: SessionUser, id: number) {
  const row = await repo.markRead(db, user.userId, id);
  if (!row) throw notFound('Notification not found');
  return { id: row.id, is_read: true };
}

export async function markAllRead({ db }: NotificationsDeps, user: SessionUser) {
  return { updated: await repo.markAllRead(db, user.userId) };
}
