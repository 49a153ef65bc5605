import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: the header bell loads this file on every page, and contracts/notifications builds zod schemas.
import type { NotificationItem, NotificationReadAll, NotificationUnread } from '@tms/contracts/notifications';
import type { PageInfo } from '@tms/contracts/api';
import type { NotificationKind } from '@tms/contracts/notification-kinds';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

export type { NotificationItem, NotificationKind };

/** The filter of the bell and the page (issue 30 §4): a kind, or null for all. */
export type KindFilter = NotificationKind | null;
const kindQuery = (kind: KindFilter) => (kind ? { kind } : {});

/** Same values as NOTIFICATIONS_PATH / NOTIFICATION_POPUP_SIZE / NOTIFICATION_PAGE_SIZE of contracts/notifications. */
export const NOTIFICATIONS_API = '/tms/notifications';
export const POPUP_SIZE = 5;
export const PAGE_SIZE = 10;
/** The bell polls every 30 s (and on window focus). */
export const POLL_MS = 30_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  page: (page: number, size: number, kind: KindFilter = null) => [...notificationKeys.all, 'list', page, size, kind ?? 'ALL'] as const,
};

export type NotificationPage = { items: NotificationItem[]; page: PageInfo };

/** GET /tms/notifications?page&size&direction=-1: the caller's own, newest first. */
export async function fetchNotifications(page: number, size: number, signal?: AbortSignal, kind: KindFilter = null): Promise<NotificationPage> {
  const envelope = await apiRequest<NotificationItem[]>('GET', NOTIFICATIONS_API, { query: { page, size, direction: -1, ...kindQuery(kind) }, signal });
  return { items: Array.isArray(envelope.data) ? envelope.data : [], page: envelope.page ?? { page, size, total_element: 0 } };
}

export const notificationsQuery = (page: number, size: number, poll = false, kind: KindFilter = null) =>
  queryOptions({
    queryKey: notificationKeys.page(page, size, kind),
    queryFn: ({ signal }) => fetchNotifications(page, size, signal, kind),
    refetchInterval: poll ? POLL_MS : false,
    refetchOnWindowFocus: true,
    // A poll that fails says nothing (the next one retries); the page shows its own failures.
    meta: { silent: poll },
  });

export const unreadQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => apiGet<NotificationUnread>(`${NOTIFICATIONS_API}/unread-count`, undefined, { signal }),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    meta: { silent: true },
  });

export function useUnreadCount() {
  return useQuery(unreadQuery());
}

export function useNotifications(page: number, size: number, poll = false, kind: KindFilter = null) {
  return useQuery(notificationsQuery(page, size, poll, kind));
}

/** PUT /tms/notifications/{id}: marks one read; every notification query is refreshed. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ id: number; is_read: boolean }>('PUT', `${NOTIFICATIONS_API}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** PUT /tms/notifications/read-all (of one kind when given: the filter on screen). */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: KindFilter | void) => apiRequest<NotificationReadAll>('PUT', `${NOTIFICATIONS_API}/read-all`, { query: kindQuery(kind ?? null) }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Where a notification opens: its in-app link, only when it is a path of this app (never an outside URL). */
export function notificationTarget(link: string | null | undefined): string | null {
  if (!link) return null;
  const trimmed = link.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//')) return null;
  return trimmed;
}
