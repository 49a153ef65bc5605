import { z } from 'zod';
import { envelope, idParamSchema, pagedEnvelope, pagingShape } from './schemas.ts';
import { NOTIFICATION_KINDS } from './notification-kinds.ts';

/**
 * In-app notifications (spec 001 §3 Notification, §7.4; RULES.md §8): the caller's own, newest first.
 * The web's header bell imports only types from here (this file builds zod schemas at load time).
 */
export const NOTIFICATIONS_PATH = '/tms/notifications';
export const NOTIFICATIONS_UNREAD_PATH = `${NOTIFICATIONS_PATH}/unread-count`;
export const NOTIFICATIONS_READ_ALL_PATH = `${NOTIFICATIONS_PATH}/read-all`;

/** Spec 001 §9: the popup shows 5; "see all" uses 10 and direction -1. */
export const NOTIFICATION_POPUP_SIZE = 5;
export const NOTIFICATION_PAGE_SIZE = 10;

/** -1 newest first (default), 1 oldest first. */
export const notificationListQuerySchema = z.object({
  ...pagingShape(NOTIFICATION_PAGE_SIZE),
  direction: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === -1, { error: 'direction must be 1 or -1' })
    .default(-1),
  /** Issue 30 §4: only one kind (notification-kinds.ts); absent = all. */
  kind: z.enum(NOTIFICATION_KINDS).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationIdParamsSchema = z.object({ id: idParamSchema() });

/** Spec 001 §3 Notification (id, notification_type, notification_date, is_read) plus what the bell shows. */
export const notificationItemSchema = z.object({
  id: z.number().int(),
  notification_type: z.string(),
  /** ISO instant. */
  notification_date: z.string(),
  is_read: z.boolean(),
  title: z.string(),
  body: z.string().nullable(),
  /** In-app path of the item, e.g. `/timesheet/request-management?id=42`; null when there is nothing to open. */
  link: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationListResponseSchema = pagedEnvelope(notificationItemSchema);
/** PUT read-all: optionally only one kind (the filter the reader is looking at). */
export const notificationReadAllQuerySchema = z.object({ kind: z.enum(NOTIFICATION_KINDS).optional() });
export const notificationUnreadResponseSchema = envelope(z.object({ unread: z.number().int() }));
export type NotificationUnread = { unread: number };
export const notificationReadResponseSchema = envelope(z.object({ id: z.number().int(), is_read: z.boolean() }));
export const notificationReadAllResponseSchema = envelope(z.object({ updated: z.number().int() }));
export type NotificationReadAll = { updated: number };
