import { LEAD_AND_PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/**
 * Who may call each route of Delegation Management (merged into EXPECTED_ACCESS): the page's roles, GROUP_LEAD,
 * DULEAD, HR, HRM, ADMIN (RULES.md §2). choose-delegator-to-delegate belongs to Explanation Management.
 */
export const DELEGATION_ACCESS: Record<string, ExpectedAccess> = Object.fromEntries(
  [
    'GET /api/tms/delegate/get-all-delegate',
    'GET /api/tms/delegate/get-detail-delegate',
    'GET /api/tms/delegate/get-member-delegator',
    'GET /api/tms/delegate/delegation-explanation',
    'GET /api/tms/delegate/choose-delegator',
    'GET /api/tms/delegate/search-delegator',
    'GET /api/tms/delegate/choose-delegator-pageable',
    'GET /api/tms/delegate/choose-member-for-delegator',
    'GET /api/tms/delegate/search-member-for-delegator',
    'GET /api/tms/filters/get-all-member-for-delegate',
    'POST /api/tms/delegate/create-delegator',
    'POST /api/tms/delegate/edit-delegator',
    'PUT /api/tms/delegate/delete-delegator',
  ].map((route) => [route, LEAD_AND_PRIVILEGED_USERS]),
);
