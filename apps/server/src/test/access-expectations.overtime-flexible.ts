import { ALL_BUT_GUEST_USERS, type ExpectedAccess } from './access-groups.ts';

/**
 * Who may call each flexible overtime route (merged into EXPECTED_ACCESS): every role but GUEST (RULES.md §2 pages by
 * role); which request and which action follow RULES.md §3 and contracts `flexibleRefusal` in the service.
 */
const B = '/api/tms/overtime-request';
const F = '/api/tms/overtime-management/v2/:id';
export const OVERTIME_FLEXIBLE_ACCESS: Record<string, ExpectedAccess> = {
  [`POST ${B}/create`]: ALL_BUT_GUEST_USERS,
  [`PUT ${B}/edit`]: ALL_BUT_GUEST_USERS,
  [`GET ${B}/detail-ot-flexible`]: ALL_BUT_GUEST_USERS,
  [`PUT ${B}/flexible-change-status`]: ALL_BUT_GUEST_USERS,
  [`GET ${B}/flexible-projects`]: ALL_BUT_GUEST_USERS,
  ['GET /api/tms/filters/project/:id/role-employee']: ALL_BUT_GUEST_USERS,
  [`GET ${F}/get-all-file-upload`]: ALL_BUT_GUEST_USERS,
  [`GET ${F}/download`]: ALL_BUT_GUEST_USERS,
  [`POST ${F}/upload`]: ALL_BUT_GUEST_USERS,
  [`DELETE ${F}/:name`]: ALL_BUT_GUEST_USERS,
  // Issue 29: the manager stage's approval steps (the request's scope in the service: 404 outside it).
  [`GET ${F}/approval-timeline`]: ALL_BUT_GUEST_USERS,
};
