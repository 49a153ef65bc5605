import { CONNECTION_HISTORIES_PATH, LOG_LISTS_PATH, MAIL_OUTBOX_PATH, type ConnectionHistoryRow, type LogRow, type MailOutboxRow } from '@tms/contracts/logs';
import type { Query } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';

/** GET /tms/logs/log-lists: one row per changed field, newest first. */
export function useLogList(filters: Query) {
  return usePagedList<LogRow>({ queryKey: ['logs', 'log-lists'], path: LOG_LISTS_PATH, filters });
}

/** GET /tms/logs/connection-histories: integration errors, newest first. */
export function useConnectionHistories(filters: Query) {
  return usePagedList<ConnectionHistoryRow>({ queryKey: ['logs', 'connection-histories'], path: CONNECTION_HISTORIES_PATH, filters });
}

/** GET /tms/logs/mail-outbox (ADMIN): the mail the application wrote, newest first. */
export function useMailOutbox(filters: Query) {
  return usePagedList<MailOutboxRow>({ queryKey: ['logs', 'mail-outbox'], path: MAIL_OUTBOX_PATH, filters });
}
