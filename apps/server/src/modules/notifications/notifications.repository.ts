import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { textArray } from '../../db/sql-fragments.ts';
import type { NotificationItem } from '@tms/contracts/notifications';
import { NOTIFICATION_KIND_TYPES, type NotificationKind } from '@tms/contracts/notification-kinds';

/**
 * The SQL of the caller's notifications (spec 001 §3, §7.4): every statement filters on `user_id`, so another user's
 * row is simply not found (RULES.md §3 → 404).
 */
/** A stored notification: its English title and body, and the key and parameters its text is rendered from (issue 25). */
export type StoredNotification = NotificationItem & { text_key: string | null; text_params: unknown };
type ItemRow = StoredNotification & { total: number };

/** Issue 30 §4: the types of one kind (OTHER: every type of no listed kind); no kind, every type. */
function ofKind(kind: NotificationKind | undefined): SQL {
  if (kind === undefined) return sql`true`;
  if (kind === 'OTHER') return sql`not (n.notification_type = any(${textArray(Object.values(NOTIFICATION_KIND_TYPES).flat())}))`;
  return sql`n.notification_type = any(${textArray(NOTIFICATION_KIND_TYPES[kind])})`;
}

/** One page of the user's notifications with the total count (one statement). `direction` -1 newest first. */
export async function listNotifications(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number; direction: number; kind?: NotificationKind },
): Promise<{ items: StoredNotification[]; total: number }> {
  const order = q.direction === 1 ? sql`n.notification_date asc, n.id asc` : sql`n.notification_date desc, n.id desc`;
  const rows = await queryRows<ItemRow>(
    db,
    sql`select n.id, n.notification_type, to_json(n.notification_date) #>> '{}' as notification_date, n.is_read, n.title, n.body, n.link, n.text_key, n.text_params,
               count(*) over ()::int as total
          from notifications n
         where n.user_id = ${userId} and ${ofKind(q.kind)}
         order by ${order}
         limit ${q.size} offset ${(q.page - 1) * q.size}`,
  );
  if (rows.length === 0 && q.page > 1) {
    const [c] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from notifications n where n.user_id = ${userId} and ${ofKind(q.kind)}`);
    return { items: [], total: c?.total ?? 0 };
  }
  return { items: rows.map(({ total: _total, ...item }) => item), total: rows[0]?.total ?? 0 };
}

/** Unread count of the user (served by the partial index notifications_unread_idx). */
export async function countUnread(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await queryRows<{ unread: number }>(db, sql`select count(*)::int as unread from notifications where user_id = ${userId} and not is_read`);
  return row?.unread ?? 0;
}

/** Marks one of the user's notifications read; null when it is not theirs (or does not exist). */
export async function markRead(db: DbOrTx, userId: number, id: number): Promise<{ id: number } | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`update notifications set is_read = true where id = ${id} and user_id = ${userId} returning id`);
  return row ?? null;
}

/** Marks every unread notification of the user (of one kind, when given) read; returns how many changed. */
export async function markAllRead(db: DbOrTx, userId: number, kind?: NotificationKind): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update notifications n set is_read = true where n.user_id = ${userId} and not n.is_read and ${ofKind(kind)} returning n.id`,
  );
  return rows.length;
}
