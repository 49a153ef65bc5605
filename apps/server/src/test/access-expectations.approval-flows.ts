import { PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/** Who may call each Settings → Approval flows route (merged into EXPECTED_ACCESS): HR, HRM, Admin (issue 29). */
const F = '/api/tms/approval-flows';
export const APPROVAL_FLOWS_ACCESS: Record<string, ExpectedAccess> = {
  [`GET ${F}`]: PRIVILEGED_USERS,
  [`POST ${F}`]: PRIVILEGED_USERS,
  [`PUT ${F}/:id`]: PRIVILEGED_USERS,
  [`DELETE ${F}/:id`]: PRIVILEGED_USERS,
  [`PUT ${F}/:id/active`]: PRIVILEGED_USERS,
  [`GET ${F}/:id/history`]: PRIVILEGED_USERS,
  [`POST ${F}/preview`]: PRIVILEGED_USERS,
  // The timeline of a request: anyone signed in, answered only for a request they can see (404 otherwise).
  ['GET /api/tms/request-management/:id/approval-timeline']: 'signed-in',
};
