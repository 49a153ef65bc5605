import { describe, expect, it } from 'vitest';
import { REASSIGN_MESSAGES as RM } from '@tms/contracts/reassign';
import { REQUEST_MESSAGES as M, REQUEST_RULE_MESSAGES as R } from '@tms/contracts/requests';
import type { Actor } from '@tms/contracts/roles';
import { actionOfStatus, fromStatuses, isExpired, onsiteEditClosed, reasonRefusal, refusal, requestActions, shownStatus, type RuleCaller, type RuleRequest } from './request-rules.ts';

/** Spec 001 §4.2 and RULES.md §5, pure: every action × status × relationship. Lock date 2026-10-25, today 2026-11-05. */
const LOCK = '2026-10-25';
const TODAY = '2026-11-05';
const OWNER: RuleCaller = { userId: 10, employeeId: 100, actors: ['STAFF'] };
const ASSIGNEE: RuleCaller = { userId: 20, employeeId: 200, actors: ['GROUP_LEAD', 'STAFF'] };
const OTHER_GL: RuleCaller = { userId: 30, employeeId: 300, actors: ['GROUP_LEAD', 'STAFF'] };
const GUEST_ASSIGNEE: RuleCaller = { userId: 40, employeeId: 400, actors: ['GUEST'] };
const HR: RuleCaller = { userId: 50, employeeId: 500, actors: ['HR'] };
const STAFF: RuleCaller = { userId: 60, employeeId: 600, actors: ['STAFF'] };

const req = (over: Partial<RuleRequest> = {}): RuleRequest => ({
  status: 1,
  isExplanation: false,
  requestType: 'LEAVE_REQUEST',
  ownerEmployeeId: 100,
  assigneeUserId: 20,
  createdByRole: null,
  startDate: '2026-11-06',
  ...over,
});
const ctx = (caller: RuleCaller, over: { lockDate?: string | null; today?: string; lastTimesheetEnd?: string | null } = {}) => ({
  caller,
  lockDate: over.lockDate === undefined ? LOCK : over.lockDate,
  today: over.today ?? TODAY,
  lastTimesheetEnd: over.lastTimesheetEnd ?? null,
});

describe('approve', () => {
  it('only the assignee, only PENDING, only after the lock date', () => {
    expect(refusal('approve', req(), ctx(ASSIGNEE))).toBeNull();
    expect(refusal('approve', req(), ctx(OTHER_GL))).toEqual({ statusCode: 403, message: R.notAssignee });
    expect(refusal('approve', req(), ctx(HR))).toEqual({ statusCode: 403, message: R.notAssignee });
    expect(refusal('approve', req({ status: 3 }), ctx(ASSIGNEE))).toEqual({ statusCode: 409, message: R.alreadyChanged });
    expect(refusal('approve', req({ status: 4 }), ctx(ASSIGNEE))?.statusCode).toBe(409);
    expect(refusal('approve', req({ status: 5 }), ctx(ASSIGNEE))?.statusCode).toBe(409);
    expect(refusal('approve', req({ startDate: LOCK }), ctx(ASSIGNEE))).toEqual({ statusCode: 400, message: R.locked });
    expect(refusal('approve', req({ startDate: LOCK }), ctx(ASSIGNEE, { lockDate: null }))).toBeNull();
  });
  it('nobody approves their own request, even as its assignee', () => {
    expect(refusal('approve', req({ assigneeUserId: 10 }), ctx(OWNER))).toEqual({ statusCode: 403, message: R.ownRequest });
  });
  it('a GUEST only where their user id is the assignee', () => {
    expect(refusal('approve', req({ assigneeUserId: 40 }), ctx(GUEST_ASSIGNEE))).toBeNull();
    expect(refusal('approve', req(), ctx(GUEST_ASSIGNEE))?.statusCode).toBe(403);
  });
});

describe('reject', () => {
  it('the assignee on PENDING or APPROVED non-explanations', () => {
    expect(refusal('reject', req(), ctx(ASSIGNEE))).toBeNull();
    expect(refusal('reject', req({ status: 3 }), ctx(ASSIGNEE))).toBeNull();
    expect(refusal('reject', req({ status: 4 }), ctx(ASSIGNEE))?.statusCode).toBe(409);
    expect(refusal('reject', req({ status: 5 }), ctx(ASSIGNEE))?.statusCode).toBe(409);
    expect(refusal('reject', req(), ctx(OTHER_GL))?.statusCode).toBe(403);
    expect(refusal('reject', req({ assigneeUserId: 10 }), ctx(OWNER))).toEqual({ statusCode: 403, message: R.ownRequest });
    expect(refusal('reject', req({ startDate: '2026-10-01' }), ctx(ASSIGNEE))?.statusCode).toBe(400);
  });
  it('HR may reject an APPROVED onsite created by the special role, not other requests', () => {
    expect(refusal('reject', req({ status: 3, requestType: 'ONSITE', createdByRole: 'HR' }), ctx(HR))).toBeNull();
    expect(refusal('reject', req({ status: 3, requestType: 'ONSITE', createdByRole: null }), ctx(HR))?.statusCode).toBe(403);
    expect(refusal('reject', req({ status: 3, requestType: 'LEAVE_REQUEST', createdByRole: 'HR' }), ctx(HR))?.statusCode).toBe(403);
  });
  it('a reason is required', () => {
    expect(reasonRefusal('reject', '  ')).toEqual({ statusCode: 400, message: M.reasonIsRequired });
    expect(reasonRefusal('withdraw', undefined)).toEqual({ statusCode: 400, message: M.reasonIsRequired });
    expect(reasonRefusal('approve', undefined)).toBeNull();
    expect(reasonRefusal('reject', 'no')).toBeNull();
  });
});

describe('withdraw', () => {
  it('the owner on PENDING, or APPROVED not created by the special role', () => {
    expect(refusal('withdraw', req(), ctx(OWNER))).toBeNull();
    expect(refusal('withdraw', req({ status: 3 }), ctx(OWNER))).toBeNull();
    expect(refusal('withdraw', req({ status: 3, createdByRole: 'HR' }), ctx(OWNER))?.statusCode).toBe(409);
    expect(refusal('withdraw', req({ status: 4 }), ctx(OWNER))?.statusCode).toBe(409);
    expect(refusal('withdraw', req(), ctx(ASSIGNEE))).toEqual({ statusCode: 403, message: R.notOwner });
    expect(refusal('withdraw', req(), ctx(HR))?.statusCode).toBe(403);
    expect(refusal('withdraw', req({ startDate: LOCK }), ctx(OWNER))?.statusCode).toBe(400);
  });
});

describe('edit', () => {
  it('the owner while PENDING after the lock date', () => {
    expect(refusal('edit', req(), ctx(OWNER))).toBeNull();
    expect(refusal('edit', req({ status: 3 }), ctx(OWNER))).toEqual({ statusCode: 409, message: R.notPending });
    expect(refusal('edit', req(), ctx(ASSIGNEE))?.statusCode).toBe(403);
    expect(refusal('edit', req({ startDate: '2026-10-20' }), ctx(OWNER))?.statusCode).toBe(400);
  });
  it('HR, HRM, ADMIN edit APPROVED onsite created by the special role; STAFF cannot', () => {
    const onsite = req({ status: 3, requestType: 'ONSITE', createdByRole: 'HR' });
    for (const actor of ['HR', 'HRM', 'ADMIN'] as Actor[]) expect(refusal('edit', onsite, ctx({ userId: 70, employeeId: 700, actors: [actor] }))).toBeNull();
    expect(refusal('edit', onsite, ctx(STAFF))?.statusCode).toBe(403);
    expect(refusal('edit', req({ status: 3, requestType: 'ONSITE', createdByRole: null }), ctx(HR))?.statusCode).toBe(403);
  });
  it('onsite edits stop 10 days before the last timesheet end', () => {
    const onsite = req({ status: 3, requestType: 'ONSITE', createdByRole: 'HR', startDate: '2026-11-10' });
    expect(refusal('edit', onsite, ctx(HR, { today: '2026-11-14', lastTimesheetEnd: '2026-11-25' }))).toBeNull();
    expect(refusal('edit', onsite, ctx(HR, { today: '2026-11-15', lastTimesheetEnd: '2026-11-25' }))).toEqual({ statusCode: 400, message: R.locked });
    expect(refusal('edit', req({ requestType: 'ONSITE', startDate: '2026-11-10' }), ctx(OWNER, { today: '2026-11-20', lastTimesheetEnd: '2026-11-25' }))?.statusCode).toBe(400);
    // A date after that timesheet is not in the closing window.
    expect(onsiteEditClosed('2026-11-20', '2026-11-25', '2026-11-26')).toBe(false);
    expect(onsiteEditClosed('2026-11-20', null, '2026-11-10')).toBe(false);
  });
});

describe('delegate (who may: the reassignment rule of the auth core, RULES.md §5)', () => {
  const inScope = (over: Partial<RuleRequest> = {}) => req({ inCallerLeadScope: true, ...over });
  it('a GROUP_LEAD or DULEAD of the owner, or HR, HRM, ADMIN, on PENDING; never the owner or who filed it', () => {
    expect(refusal('delegate', inScope(), ctx(OTHER_GL))).toBeNull();
    expect(refusal('delegate', inScope(), ctx({ userId: 80, employeeId: 800, actors: ['DULEAD'] }))).toBeNull();
    expect(refusal('delegate', req(), ctx(OTHER_GL))).toEqual({ statusCode: 403, message: RM.outsideScope });
    expect(refusal('delegate', req(), ctx(HR))).toBeNull();
    expect(refusal('delegate', inScope(), ctx(STAFF))).toEqual({ statusCode: 403, message: RM.notMover });
    expect(refusal('delegate', inScope({ ownerEmployeeId: 300 }), ctx(OTHER_GL))).toEqual({ statusCode: 403, message: RM.ownItem });
    expect(refusal('delegate', req({ createdByUserId: 50 }), ctx(HR))).toEqual({ statusCode: 403, message: RM.ownItem });
    expect(refusal('delegate', inScope({ status: 3 }), ctx(OTHER_GL))?.statusCode).toBe(409);
  });
});

describe('explanations, Expired and the action set', () => {
  it('explanation rows are not this flow', () => {
    for (const a of ['approve', 'reject', 'withdraw', 'edit', 'delegate'] as const) expect(refusal(a, req({ isExplanation: true }), ctx(ASSIGNEE))?.statusCode).toBe(404);
  });
  it('a pending request whose date became locked shows Expired (10)', () => {
    expect(isExpired(1, LOCK, LOCK)).toBe(true);
    expect(isExpired(1, '2026-10-26', LOCK)).toBe(false);
    expect(isExpired(3, LOCK, LOCK)).toBe(false);
    expect(shownStatus(1, '2026-10-01', LOCK)).toBe(10);
    expect(shownStatus(1, '2026-10-01', null)).toBe(1);
  });
  it('requestActions agrees with refusal', () => {
    expect(requestActions(req({ inCallerLeadScope: true }), ctx(ASSIGNEE))).toEqual({ approve: true, reject: true, withdraw: false, edit: false, delegate: true });
    expect(requestActions(req(), ctx(ASSIGNEE))).toEqual({ approve: true, reject: true, withdraw: false, edit: false, delegate: false });
    expect(requestActions(req(), ctx(OWNER))).toEqual({ approve: false, reject: false, withdraw: true, edit: true, delegate: false });
    expect(requestActions(req({ startDate: LOCK }), ctx(ASSIGNEE))).toEqual({ approve: false, reject: false, withdraw: false, edit: false, delegate: false });
  });
  it('status codes map to actions and their starting statuses', () => {
    expect(actionOfStatus(3)).toBe('approve');
    expect(actionOfStatus(4)).toBe('reject');
    expect(actionOfStatus(5)).toBe('withdraw');
    expect(actionOfStatus(2)).toBeNull();
    expect(fromStatuses('approve', { createdByRole: null })).toEqual([1]);
    expect(fromStatuses('reject', { createdByRole: null })).toEqual([1, 3]);
    expect(fromStatuses('withdraw', { createdByRole: 'HR' })).toEqual([1]);
    expect(fromStatuses('withdraw', { createdByRole: null })).toEqual([1, 3]);
  });
});

describe('onsite credits', () => {
  it('an approved ONSITE request made by Onsite Management takes no action here: it follows its onsite request', () => {
    const credit = req({ status: 3, requestType: 'ONSITE', createdByRole: 'ONSITE' });
    for (const action of ['approve', 'reject', 'withdraw', 'edit', 'delegate'] as const) {
      for (const caller of [OWNER, ASSIGNEE, HR]) {
        expect(refusal(action, credit, ctx(caller))).toEqual({ statusCode: 409, message: R.managedByOnsite });
      }
    }
    expect(requestActions(credit, ctx(HR))).toEqual(requestActions(req({ status: 5 }), ctx(STAFF)));
  });
});
