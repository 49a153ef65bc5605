import { ALL_BUT_GUEST_USERS, LEAD_AND_PRIVILEGED_USERS, type ExpectedAccess } from './access-groups.ts';

/**
 * Who may call each fixed overtime and overtime comment route (merged into EXPECTED_ACCESS): every role but GUEST
 * (RULES.md §2), except update-status — a GUEST decides the rows whose approver they are (RULES.md §3; the service
 * refuses anything else) — and update-assignee with its candidates (GROUP_LEAD, DULEAD for their people; HR, HRM,
 * ADMIN any: the reassignment rule, RULES.md §5).
 */
const B = '/api/tms/overtime-request';
const FB = '/api/tms/request-management/overtime';
export const OVERTIME_FIXED_ACCESS: Record<string, ExpectedAccess> = {
  [`POST ${B}`]: ALL_BUT_GUEST_USERS,
  [`PUT ${B}`]: ALL_BUT_GUEST_USERS,
  [`GET ${B}/project-members`]: ALL_BUT_GUEST_USERS,
  [`GET ${B}/:id`]: ALL_BUT_GUEST_USERS,
  [`GET ${B}/:id/history`]: ALL_BUT_GUEST_USERS,
  // Issue 29: a staff row's approval timeline, as the detail (outside the caller's scope 404).
  [`GET ${B}/:id/approval-timeline`]: ALL_BUT_GUEST_USERS,
  [`PUT ${B}/:otRequestId/update-status`]: 'signed-in',
  [`PUT ${B}/:otRequestId/update-assignee`]: LEAD_AND_PRIVILEGED_USERS,
  [`GET ${B}/:otRequestId/assignee-candidates`]: LEAD_AND_PRIVILEGED_USERS,
  [`PUT ${B}/:requestId/:receiver_id/comment`]: ALL_BUT_GUEST_USERS,
  [`GET ${B}/:id/comments`]: ALL_BUT_GUEST_USERS,
  [`PUT ${B}/comments/:commentId`]: ALL_BUT_GUEST_USERS,
  [`DELETE ${B}/comments/:commentId`]: ALL_BUT_GUEST_USERS,
  [`POST ${FB}/:id/upload`]: ALL_BUT_GUEST_USERS,
  [`GET ${FB}/get-all-file-list`]: ALL_BUT_GUEST_USERS,
  [`GET ${FB}/:id/download`]: ALL_BUT_GUEST_USERS,
  [`GET ${FB}/:id/delete-file`]: ALL_BUT_GUEST_USERS,
};
