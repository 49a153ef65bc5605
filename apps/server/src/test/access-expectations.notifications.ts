import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the notifications (merged into EXPECTED_ACCESS): every signed-in user, their own. */
export const NOTIFICATION_ACCESS: Record<string, ExpectedAccess> = {
  'GET /api/tms/notifications': 'signed-in',
  'GET /api/tms/notifications/unread-count': 'signed-in',
  'PUT /api/tms/notifications/read-all': 'signed-in',
  'PUT /api/tms/notifications/:id': 'signed-in',
};
