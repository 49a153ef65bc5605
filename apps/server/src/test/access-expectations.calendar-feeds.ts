import type { ExpectedAccess } from './access-groups.ts';

/**
 * Who may call each route of the calendar feeds (issue 30 §2; merged into EXPECTED_ACCESS): every signed-in user, for
 * their own feeds and profile; the feed itself is public, its token the only credential (unknown → 404).
 */
export const CALENDAR_FEEDS_ACCESS: Record<string, ExpectedAccess> = {
  'GET /api/tms/calendar-feeds': 'signed-in',
  'POST /api/tms/calendar-feeds': 'signed-in',
  'DELETE /api/tms/calendar-feeds/:scope': 'signed-in',
  'GET /api/tms/my-profile': 'signed-in',
  'GET /api/calendar/:token.ics': 'public',
};
