import { ONSITE_CB_DECIDERS, ONSITE_MESSAGES as M, ONSITE_STAFF_EDITORS, type OnsiteActions } from '@tms/contracts/onsite';
import type { Actor } from '@tms/contracts/roles';
import { decidesItem } from '@tms/contracts/approval-flows';
import { isAfterLock, onsiteEditClosed } from './request-rules.ts';

/**
 * Who may do what to an onsite request now (spec 002 §4, §6; RULES.md §5), PURE: the write side enforces it and the list
 * and detail answer the same as `actions`, so the web shows exactly what the server accepts.
 * Order: relationship (403) before state (409) before the lock window (400), as for requests.
 */
export type OnsiteFacts = {
  status: number;
  statusDepartment: number;
  statusCb: number;
  approverUserId: number | null;
  /**
   * An approval flow's ROLE step deciding the Department stage: anyone of this role decides (`approverUserId` is then
   * null; docs/approval-flows.md "Anyone of a role"). Absent or null: the approver alone.
   */
  approverRole?: string | null;
  departmentDecidedBy: number | null;
  createdByUserId: number | null;
  /** The creator holds HR, HRM or ADMIN (an approved request they created stays editable by HR, like requests). */
  creatorPrivileged: boolean;
  fromDate: string;
};
export type OnsiteCaller = { userId: number; employeeId: number | null; actors: readonly Actor[] };
export type OnsiteContext = { caller: OnsiteCaller; lockDate: string | null; today: string; lastTimesheetEnd: string | null };
export type OnsiteAction = 'approve' | 'reject' | 'withdraw' | 'edit';
export type OnsiteRefusal = { statusCode: 400 | 403 | 409; message: string };

const has = (c: OnsiteCaller, wanted: readonly Actor[]) => wanted.some((a) => c.actors.includes(a));
const changed: OnsiteRefusal = { statusCode: 409, message: M.alreadyChanged };
const locked: OnsiteRefusal = { statusCode: 400, message: M.locked };

export const departmentStage = (r: OnsiteFacts) => r.status === 1 && r.statusDepartment === 1;
export const cbStage = (r: OnsiteFacts) => r.status === 1 && r.statusDepartment === 3 && r.statusCb === 1;

function decision(r: OnsiteFacts, ctx: OnsiteContext): OnsiteRefusal | null {
  const c = ctx.caller;
  const creator = r.createdByUserId === c.userId;
  // The Department approver, or (a ROLE step) anyone of its role: the first of them to act decides.
  const approver = decidesItem({ assigneeUserId: r.approverUserId, assigneeRole: r.approverRole ?? null }, c);
  const cbDecider = has(c, ONSITE_CB_DECIDERS);
  const afterLock = isAfterLock(r.fromDate, ctx.lockDate);
  if (departmentStage(r)) {
    if (creator) return { statusCode: 403, message: M.ownRequest };
    if (!approver) return { statusCode: 403, message: M.notDepartmentApprover };
    return afterLock ? null : locked;
  }
  if (cbStage(r)) {
    if (creator) return { statusCode: 403, message: M.ownRequest };
    // The Department decider already acted on this request: a second click is "already changed".
    if (r.departmentDecidedBy === c.userId) return changed;
    if (!cbDecider) return { statusCode: 403, message: M.notCbApprover };
    return afterLock ? null : locked;
  }
  if (approver || cbDecider || r.departmentDecidedBy === c.userId) return changed;
  return { statusCode: 403, message: M.notDepartmentApprover };
}

export function onsiteRefusal(action: OnsiteAction, r: OnsiteFacts, ctx: OnsiteContext): OnsiteRefusal | null {
  const c = ctx.caller;
  const creator = r.createdByUserId === c.userId;
  const privileged = has(c, ONSITE_CB_DECIDERS);
  const afterLock = isAfterLock(r.fromDate, ctx.lockDate);
  switch (action) {
    case 'approve':
    case 'reject':
      return decision(r, ctx);
    case 'withdraw': {
      if (r.status === 1) {
        if (!creator) return { statusCode: 403, message: M.notCreator };
        return afterLock ? null : locked;
      }
      if (r.status === 3) {
        // After the final approval the creator or HR cancels it, credit included, while every date is after the lock.
        if (!creator && !privileged) return { statusCode: 403, message: M.notCreator };
        return afterLock ? null : locked;
      }
      return creator || privileged ? changed : { statusCode: 403, message: M.notCreator };
    }
    case 'edit': {
      const closed = onsiteEditClosed(ctx.today, ctx.lastTimesheetEnd, r.fromDate);
      if (r.status === 1 && r.statusDepartment === 1 && r.statusCb === 1) {
        if (!creator && !privileged) return { statusCode: 403, message: M.notCreator };
        if (closed) return { statusCode: 400, message: M.editClosed };
        return afterLock ? null : locked;
      }
      if (r.status === 3 && r.creatorPrivileged && privileged) {
        if (closed) return { statusCode: 400, message: M.editClosed };
        return afterLock ? null : locked;
      }
      return creator || privileged ? { statusCode: 409, message: M.notEditable } : { statusCode: 403, message: M.notCreator };
    }
  }
}

/** Adding or removing staff (spec 002 §6): HR only, on top of the edit rule. */
export const mayChangeStaff = (c: OnsiteCaller) => has(c, ONSITE_STAFF_EDITORS);

export function onsiteActions(r: OnsiteFacts, ctx: OnsiteContext): OnsiteActions {
  const edit = onsiteRefusal('edit', r, ctx) === null;
  return {
    approve: onsiteRefusal('approve', r, ctx) === null,
    reject: onsiteRefusal('reject', r, ctx) === null,
    withdraw: onsiteRefusal('withdraw', r, ctx) === null,
    edit,
    editStaff: edit && mayChangeStaff(ctx.caller),
    files: edit,
  };
}
