import {
  REQUEST_MESSAGES as M,
  REQUEST_RULE_MESSAGES as R,
  REQUEST_STATUS as S,
  SPECIAL_CREATOR_ROLE,
  ONSITE_CREDIT_ROLE,
  type RequestActions,
} from '@tms/contracts/requests';
import { PRIVILEGED_ROLES, type Actor } from '@tms/contracts/roles';
import { decidesItem } from '@tms/contracts/approval-flows';
import { moverRefusal } from '../auth/reassign-rule.ts';

/**
 * The status and action rules of requests (spec 001 §4.2, RULES.md §5), PURE: the write side enforces them, the list
 * (helper B) and the web compute `actions` with the same functions. Everything the rules need is passed in:
 * the request's facts, the caller, the lock date and, for onsite edits, the last timesheet end.
 */

/** What the rules read of a request. `ownerEmployeeId` is the employee the request is for. */
export type RuleRequest = {
  status: number;
  isExplanation: boolean;
  requestType: string;
  ownerEmployeeId: number;
  assigneeUserId: number | null;
  /** A request at an approval flow's ROLE step: anyone of this role but the owner may act (`assigneeUserId` null). */
  assigneeRole?: string | null;
  createdByRole: string | null;
  /** Who filed it (the owner, or HR for them): nobody changes the assignee of an item they filed. */
  createdByUserId?: number | null;
  /** The owner is in the caller's lead scope (the reassignment rule's fact; a list reads it in its own statement). */
  inCallerLeadScope?: boolean;
  /** First and last date of the request (YYYY-MM-DD). */
  startDate: string;
  endDate?: string;
};

export type RuleCaller = { userId: number; employeeId: number | null; actors: readonly Actor[] };

export type RuleContext = {
  caller: RuleCaller;
  /** RULES.md §4 lock date; null when nothing is locked. */
  lockDate: string | null;
  /** Company today (YYYY-MM-DD). */
  today: string;
  /** The last timesheet end (payroll-periods `latestPeriodEnd`), for the onsite edit window; null when unknown. */
  lastTimesheetEnd?: string | null;
};

export type RequestAction = 'approve' | 'reject' | 'withdraw' | 'edit' | 'delegate';
export type Refusal = { statusCode: 400 | 403 | 404 | 409; message: string };

/** Onsite edits stop this many days before the last timesheet end (spec 001 §4.2, §9). */
export const ONSITE_EDIT_STOP_DAYS = 10;

export function addIsoDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A date may be changed (created, edited, withdrawn, approved, rejected) only after the lock date (RULES.md §4, §5). */
export function isAfterLock(date: string, lockDate: string | null): boolean {
  return lockDate === null || date > lockDate;
}

/** Expired (10): a pending request whose first date is on or before the lock date (RULES.md §5). */
export function isExpired(status: number, startDate: string, lockDate: string | null): boolean {
  return status === S.pending && !isAfterLock(startDate, lockDate);
}

/** The status shown: 10 for an expired pending request, else the stored one. */
export function shownStatus(status: number, startDate: string, lockDate: string | null): number {
  return isExpired(status, startDate, lockDate) ? S.expired : status;
}

const isOwner = (r: RuleRequest, c: RuleCaller) => c.employeeId !== null && c.employeeId === r.ownerEmployeeId;
/** The assignee, or anyone of the assigned role (a ROLE step of an approval flow: the first to act decides). */
const isAssignee = (r: RuleRequest, c: RuleCaller) => decidesItem(r, c);
const hasActor = (c: RuleCaller, wanted: readonly Actor[]) => wanted.some((a) => c.actors.includes(a));
const bySpecialRole = (r: RuleRequest) => r.createdByRole === SPECIAL_CREATOR_ROLE;
const isSpecialOnsite = (r: RuleRequest) => r.requestType === 'ONSITE' && bySpecialRole(r);

/**
 * The onsite edit window (spec 001 §4.2, §9): an onsite request dated on or before the last timesheet end can no longer
 * be edited from ONSITE_EDIT_STOP_DAYS days before that end (the timesheet is being closed).
 */
export function onsiteEditClosed(today: string, lastTimesheetEnd: string | null | undefined, startDate: string): boolean {
  if (!lastTimesheetEnd || startDate > lastTimesheetEnd) return false;
  return today >= addIsoDays(lastTimesheetEnd, -ONSITE_EDIT_STOP_DAYS);
}

/**
 * Why the caller may not do `action` now, or null when allowed. Order: relationship (403) before state (409) before
 * the lock window (400), so a second approve by the assignee answers 409 "already changed".
 * Explanations are refused here (their own flow, spec 001 §4.4).
 */
export function refusal(action: RequestAction, r: RuleRequest, ctx: RuleContext): Refusal | null {
  const c = ctx.caller;
  if (r.isExplanation) return { statusCode: 404, message: R.notFound };
  // An onsite credit follows its onsite request (approve, withdraw and edit happen there), so nothing acts on it here.
  if (r.createdByRole === ONSITE_CREDIT_ROLE) return { statusCode: 409, message: R.managedByOnsite };
  const afterLock = isAfterLock(r.startDate, ctx.lockDate);
  const locked: Refusal = { statusCode: 400, message: R.locked };
  const changed: Refusal = { statusCode: 409, message: R.alreadyChanged };
  switch (action) {
    case 'approve': {
      if (isOwner(r, c)) return { statusCode: 403, message: R.ownRequest };
      if (!isAssignee(r, c)) return { statusCode: 403, message: R.notAssignee };
      if (r.status !== S.pending) return changed;
      return afterLock ? null : locked;
    }
    case 'reject': {
      const hrOnSpecial = r.status === S.approved && isSpecialOnsite(r) && hasActor(c, ['HR']);
      if (isOwner(r, c) && !hrOnSpecial) return { statusCode: 403, message: R.ownRequest };
      if (!isAssignee(r, c) && !hrOnSpecial) return { statusCode: 403, message: R.notAssignee };
      if (r.status !== S.pending && r.status !== S.approved) return changed;
      return afterLock ? null : locked;
    }
    case 'withdraw': {
      if (!isOwner(r, c)) return { statusCode: 403, message: R.notOwner };
      if (!(r.status === S.pending || (r.status === S.approved && !bySpecialRole(r)))) return changed;
      return afterLock ? null : locked;
    }
    case 'edit': {
      if (r.status === S.approved && isSpecialOnsite(r) && hasActor(c, PRIVILEGED_ROLES)) {
        if (onsiteEditClosed(ctx.today, ctx.lastTimesheetEnd, r.startDate)) return locked;
        return afterLock ? null : locked;
      }
      if (!isOwner(r, c)) return { statusCode: 403, message: R.notOwner };
      if (r.status !== S.pending) return { statusCode: 409, message: R.notPending };
      if (r.requestType === 'ONSITE' && onsiteEditClosed(ctx.today, ctx.lastTimesheetEnd, r.startDate)) return locked;
      return afterLock ? null : locked;
    }
    case 'delegate': {
      // Who may change the assignee: the shared reassignment rule (auth core); whom to, once a target is named.
      const mover = moverRefusal(c, { requesterEmployeeIds: [r.ownerEmployeeId], creatorUserId: r.createdByUserId ?? null, inMoverLeadScope: r.inCallerLeadScope ?? false });
      if (mover) return mover;
      if (r.status !== S.pending) return { statusCode: 409, message: R.notPending };
      return afterLock ? null : locked;
    }
  }
}

/** What the caller may do now: the list and the web show exactly the actions the server would accept. */
export function requestActions(r: RuleRequest, ctx: RuleContext): RequestActions {
  return {
    approve: refusal('approve', r, ctx) === null,
    reject: refusal('reject', r, ctx) === null,
    withdraw: refusal('withdraw', r, ctx) === null,
    edit: refusal('edit', r, ctx) === null,
    delegate: refusal('delegate', r, ctx) === null,
  };
}

/** The status an update-status code moves to, and the action it is. */
export function actionOfStatus(statusType: number): RequestAction | null {
  if (statusType === S.approved) return 'approve';
  if (statusType === S.rejected) return 'reject';
  if (statusType === S.withdrawn) return 'withdraw';
  return null;
}

/** Statuses the transition may start from (the conditional UPDATE's `where status in …`). */
export function fromStatuses(action: 'approve' | 'reject' | 'withdraw', r: Pick<RuleRequest, 'createdByRole'>): number[] {
  if (action === 'approve') return [S.pending];
  if (action === 'reject') return [S.pending, S.approved];
  return bySpecialRole(r as RuleRequest) ? [S.pending] : [S.pending, S.approved];
}

/** A reject or withdraw needs a reason (spec 001 §5.2 "Reason is required"). */
export function reasonRefusal(action: RequestAction, reason: string | null | undefined): Refusal | null {
  if ((action === 'reject' || action === 'withdraw') && !(reason ?? '').trim()) return { statusCode: 400, message: M.reasonIsRequired };
  return null;
}
