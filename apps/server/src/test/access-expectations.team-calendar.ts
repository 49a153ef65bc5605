import { MATRIX_USERS, type ExpectedAccess } from './access-groups.ts';

/**
 * Who may call each Team Calendar route (merged into EXPECTED_ACCESS): every role (issue 30 §1; a GUEST sees only the
 * owners of requests assigned to them, in SQL).
 */
export const TEAM_CALENDAR_ACCESS: Record<string, ExpectedAccess> = {
  'GET /api/tms/team-calendar': MATRIX_USERS,
  'GET /api/tms/team-calendar/away-count': MATRIX_USERS,
};
