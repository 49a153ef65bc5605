import type { DbOrTx } from '../db/client.ts';
import { notifications } from '../db/schema/platform.ts';

/**
 * RULES.md §8 in-app notification kinds: an item assigned to you, your item approved or rejected, a timesheet sent for
 * review / approved / rejected, a calculation finished. Free text is allowed for kinds not listed here.
 */
export type NotificationType =
  | 'ASSIGNED'
  | 'APPROVED'
  | 'REJECTED'
  | 'TIMESHEET_REVIEW'
  | 'TIMESHEET_APPROVED'
  | 'TIMESHEET_REJECTED'
  | 'CALCULATION_FINISHED'
  | (string & {});

/** Adds one notification for a user; call it in the transaction of the change it reports, so both exist or neither. */
export async function notify(tx: DbOrTx, n: { userId: number; type: NotificationType; title: string; body?: string | null; link?: string | null }): Promise<number> {
  const [row] = await tx
    .insert(notifications)
    .values({ userId: n.userId, notificationType: n.type.slice(0, 40), title: n.title, body: n.body ?? null, link: n.link ?? null })
    .returning({ id: notifications.id });
  if (!row) throw new Error('notifications insert returned no row');
  return row.id;
}
