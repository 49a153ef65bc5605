import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: the header bell loads this file on every page, and contracts/notifications builds zod schemas.
import type { NotificationItem, NotificationReadAll, NotificationUnread } from '@tms/contracts/notifications';
import type { PageInfo } from '@tms/contracts/api';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

export type { NotificationItem };

/** Same values as NOTIFICATIONS_PATH / NOTIFICATION_POPUP_SIZE / NOTIFICATION_PAGE_SIZE of contracts/notifications. */
export const NOTIFICATIONS_API = '/tms/notifications';
export const POPUP_SIZE = 5;
export const PAGE_SIZE = 10;
/** The bell polls every 30 s (and on window focus). */
export const POLL_MS = 30_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  page: (page: number, size: number) => [...notificationKeys.all, 'list', page, size] as const,
};

export type NotificationPage = { items: NotificationItem[]; page: PageInfo };

/** GET /tms/notifications?page&size&direction=-1: the caller's own, newest first. */
export async function fetchNotifications(page: number, size: number, signal?: AbortSignal): Promise<NotificationPage> {
  const envelope = await apiRequest<NotificationItem[]>('GET', NOTIFICATIONS_API, { query: { page, size, direction: -1 }, signal });
  return { items: Array.isArray(envelope.data) ? envelope.data : [], page: envelope.page ?? { page, size, total_element: 0 } };
}

export const notificationsQuery = (page: number, size: number, poll = false) =>
  queryOptions({
    queryKey: notificationKeys.page(page, size),
    queryFn: ({ signal }) => fetchNotifications(page, size, signal),
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

export function useNotifications(page: number, size: number, poll = false) {
  return useQuery(notificationsQuery(page, size, poll));
}

/** PUT /tms/notifications/{id}: marks one read; every notification query is refreshed. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ id: number; is_read: boolean }>('PUT', `${NOTIFICATIONS_API}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** PUT /tms/notifications/read-all. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<NotificationReadAll>('PUT', `${NOTIFICATIONS_API}/read-all`),
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
