import type { NotificationItem, NotificationListQuery } from '@tms/contracts/notifications';
import { renderNotificationText } from '@tms/contracts/notification-texts';
import type { NotificationKind } from '@tms/contracts/notification-kinds';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { currentLanguage } from '../../lib/request-language.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import * as repo from './notifications.repository.ts';

/**
 * The caller's own in-app notifications (RULES.md §8). Marking read is not a business record change (no history):
 * a notification is the user's inbox, written by `lib/notify.ts` in the transaction of the change it reports.
 */
export type NotificationsDeps = { db: DbOrTx };

/**
 * Issue 25: each notification is shown in the language the caller reads now (the request's), rendered from its text
 * key and parameters; a row written before it (no key) shows its stored English text.
 */
export async function list({ db }: NotificationsDeps, user: SessionUser, q: NotificationListQuery) {
  const { items, total } = await repo.listNotifications(db, user.userId, q);
  const language = currentLanguage();
  const data: NotificationItem[] = items.map(({ text_key, text_params, ...item }) => ({
    ...item,
    ...renderNotificationText({ key: text_key, params: text_params }, language, { title: item.title, body: item.body }),
  }));
  return { data, page: { page: q.page, size: q.size, total_element: total } };
}

export async function unread({ db }: NotificationsDeps, user: SessionUser) {
  return { unread: await repo.countUnread(db, user.userId) };
}

export async function markRead({ db }: NotificationsDeps, user: SessionUser, id: number) {
  const row = await repo.markRead(db, user.userId, id);
  if (!row) throw notFound('Notification not found');
  return { id: row.id, is_read: true };
}

export async function markAllRead({ db }: NotificationsDeps, user: SessionUser, kind?: NotificationKind) {
  return { updated: await repo.markAllRead(db, user.userId, kind) };
}
