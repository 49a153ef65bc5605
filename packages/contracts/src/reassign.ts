import { z } from 'zod';
import type { Actor } from './roles.ts';
import { envelope, safeText } from './schemas.ts';

/**
 * Changing the assignee of an item (Delegate, Change assignee): requests, explanations and their abnormal cases, fixed
 * and flexible overtime (RULES.md §5; issue 22 part 3). The rule itself is the server's (auth core `reassign-rule.ts`);
 * the lists and details answer it as an action flag, so the web shows the action exactly where the server accepts it.
 */

/** Who may change an assignee at all: a lead for the items of their scope, HR, an HR manager or an admin for any item. */
export const REASSIGN_LEADS = ['GROUP_LEAD', 'DULEAD'] as const satisfies readonly Actor[];
export const REASSIGN_PRIVILEGED = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];
export const REASSIGN_MOVERS = [...REASSIGN_LEADS, ...REASSIGN_PRIVILEGED] as const satisfies readonly Actor[];

/** Refusals of a change of assignee (403; ours, the spec is silent). */
export const REASSIGN_MESSAGES = {
  ownItem: 'You cannot change the assignee of your own item',
  notMover: 'Only a group lead or division lead of the requester, HR, an HR manager or an admin can change the assignee',
  outsideScope: 'You can change the assignee only of the items of the people you lead',
  toRequester: 'The new assignee cannot be the requester',
  toGuest: 'The new assignee cannot be a guest',
  notEntitled: 'The new assignee is not entitled to approve this item',
} as const;

/** A person an item can be handed to (the approver picker): the user id update-assignee takes, and who they are. */
export const assigneeCandidateSchema = z.object({ id: z.number(), user_name: z.string(), name: z.string(), department_name: z.string().nullable(), employee_id: z.number().nullable() });
export type AssigneeCandidate = z.infer<typeof assigneeCandidateSchema>;
export const assigneeCandidatesResponseSchema = envelope(z.array(assigneeCandidateSchema));

/**
 * Ours: `GET /tms/overtime-request/{otRequestId}/assignee-candidates?employee` — the people the caller may hand that
 * overtime request to (either kind), `employee` an optional folded keyword. Requests and explanations use
 * choose-delegator-to-delegate with `requestId`.
 */
export const overtimeAssigneeCandidatesPath = (otRequestId: number | string) => `/tms/overtime-request/${otRequestId}/assignee-candidates`;
export const assigneeCandidatesQuerySchema = z.object({ employee: safeText().trim().max(200).optional() });
