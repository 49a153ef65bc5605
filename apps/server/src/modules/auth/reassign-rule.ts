import { REASSIGN_LEADS, REASSIGN_MESSAGES as M, REASSIGN_PRIVILEGED } from '@tms/contracts/reassign';
import type { Actor } from '@tms/contracts/roles';

/**
 * Who may change the assignee of an item, and to whom (RULES.md §5; issue 22 part 3), PURE: one rule for requests,
 * explanations (and so abnormal cases), fixed and flexible overtime. The write paths refuse with it; the lists and
 * details answer its first half (`moverRefusal`) as their action flag. The facts come from `reassign.repository.ts`.
 *
 * - Nobody changes the assignee of their own item (they are a requester of it, or filed it).
 * - HR, an HR manager or an admin may move any item; a group or division lead only the items of the people they lead.
 * - The new assignee must be entitled to approve the item (`isEntitled`), never a requester and never a guest.
 */

export type Mover = { userId: number; employeeId: number | null; actors: readonly Actor[] };

/** What the rule reads of the item. */
export type ReassignItem = {
  /** The employees whose approver moves: the requester (a fixed overtime: each staff member still pending). */
  requesterEmployeeIds: readonly number[];
  /** Who filed it (a lead or PM filing overtime for a team, HR filing for staff). */
  creatorUserId: number | null;
  /** Every requester is a member of the mover's lead scope (the departments a group lead leads, a division lead's division). */
  inMoverLeadScope: boolean;
};

/** Who is entitled to approve for one requester on the item's date. */
export type RequesterApprovers = {
  employeeId: number;
  /** The lead of the requester's department and of their division (the requester themselves excluded later). */
  leadEmployeeIds: readonly number[];
  /** Delegators of the delegations in force for this member on the item's date. */
  delegatorEmployeeIds: readonly number[];
};

export type ReassignTarget = {
  userId: number;
  employeeId: number | null;
  roles: readonly string[];
  /** An enabled user whose employee (if any) is active. */
  active: boolean;
};

export type ReassignFacts = {
  requesters: readonly RequesterApprovers[];
  /**
   * The PM who approves a project item (overtime, onsite; for flexible overtime the PM stage), or null: not a
   * project item, or a project without a PM.
   */
  projectPmEmployeeId: number | null;
};

export type ReassignRefusal = { statusCode: 403; message: string };

const refused = (message: string): ReassignRefusal => ({ statusCode: 403, message });
const has = (actors: readonly Actor[], wanted: readonly Actor[]) => wanted.some((a) => actors.includes(a));
export const isPrivilegedMover = (mover: Pick<Mover, 'actors'>) => has(mover.actors, REASSIGN_PRIVILEGED);

/** Whether the item is the mover's own: they are one of its requesters, or they filed it. */
export function isOwnItem(mover: Mover, item: Pick<ReassignItem, 'requesterEmployeeIds' | 'creatorUserId'>): boolean {
  const requester = mover.employeeId !== null && item.requesterEmployeeIds.includes(mover.employeeId);
  return requester || (item.creatorUserId !== null && item.creatorUserId === mover.userId);
}

/** Why `mover` may not change this item's assignee at all (whatever the target), or null. The lists' action flag. */
export function moverRefusal(mover: Mover, item: ReassignItem): ReassignRefusal | null {
  if (isOwnItem(mover, item)) return refused(M.ownItem);
  if (isPrivilegedMover(mover)) return null;
  if (!has(mover.actors, REASSIGN_LEADS)) return refused(M.notMover);
  return item.inMoverLeadScope ? null : refused(M.outsideScope);
}

/**
 * Whether `target` may approve the item for `requester`:
 * - a delegate in force for that member on the item's date;
 * - a project item (the project has a PM who is not the requester): its PM — and, moved by HR, an HR manager or an
 *   admin, also the lead chain below; a group or division lead cannot take it away from the PM;
 * - otherwise the lead chain: the lead of the requester's department or division, or an HR manager.
 */
export function isEntitled(target: ReassignTarget, requester: RequesterApprovers, facts: ReassignFacts, mover: Pick<Mover, 'actors'>): boolean {
  const employee = target.employeeId;
  if (employee !== null && requester.delegatorEmployeeIds.includes(employee)) return true;
  const pm = facts.projectPmEmployeeId;
  const heldByPm = pm !== null && pm !== requester.employeeId;
  if (heldByPm && employee === pm) return true;
  const chain = (employee !== null && employee !== requester.employeeId && requester.leadEmployeeIds.includes(employee)) || target.roles.includes('HRM');
  return chain && (!heldByPm || isPrivilegedMover(mover));
}

/** Why the item may not go to `target` (the mover already allowed), or null. */
export function targetRefusal(mover: Mover, item: ReassignItem, facts: ReassignFacts, target: ReassignTarget): ReassignRefusal | null {
  if (target.employeeId !== null && item.requesterEmployeeIds.includes(target.employeeId)) return refused(M.toRequester);
  if (target.roles.includes('GUEST')) return refused(M.toGuest);
  if (!target.active) return refused(M.notEntitled);
  if (facts.requesters.length === 0) return refused(M.notEntitled);
  return facts.requesters.every((r) => isEntitled(target, r, facts, mover)) ? null : refused(M.notEntitled);
}

/** The whole rule: the mover, then the target. */
export function reassignRefusal(mover: Mover, item: ReassignItem, facts: ReassignFacts, target: ReassignTarget): ReassignRefusal | null {
  return moverRefusal(mover, item) ?? targetRefusal(mover, item, facts, target);
}
