import { ALL_BUT_GUEST_USERS, type ExpectedAccess } from './access-groups.ts';

/**
 * Who may call each route of onsite management (merged into EXPECTED_ACCESS): every role but GUEST (RULES.md §2);
 * rows, stages and actions follow the caller's scope and role in the service.
 */
const B = '/api/tms/request-onsite-management';
export const ONSITE_ACCESS: Record<string, ExpectedAccess> = {
  [`GET ${B}`]: ALL_BUT_GUEST_USERS,
  [`GET ${B}/export`]: ALL_BUT_GUEST_USERS,
  [`GET ${B}/:id`]: ALL_BUT_GUEST_USERS,
  [`POST ${B}`]: ALL_BUT_GUEST_USERS,
  [`PUT ${B}/:id`]: ALL_BUT_GUEST_USERS,
  [`POST ${B}/:id/approve`]: ALL_BUT_GUEST_USERS,
  [`POST ${B}/:id/reject`]: ALL_BUT_GUEST_USERS,
  [`POST ${B}/:id/withdraw`]: ALL_BUT_GUEST_USERS,
  [`GET ${B}/:id/history`]: ALL_BUT_GUEST_USERS,
  [`GET ${B}/:id/approval-timeline`]: ALL_BUT_GUEST_USERS,
  [`GET ${B}/:id/files`]: ALL_BUT_GUEST_USERS,
  [`POST ${B}/:id/files`]: ALL_BUT_GUEST_USERS,
  [`GET ${B}/:id/files/:name`]: ALL_BUT_GUEST_USERS,
  [`DELETE ${B}/:id/files/:name`]: ALL_BUT_GUEST_USERS,
};
