import { describe, expect, it } from 'vitest';
import { ONSITE_MESSAGES as M } from '@tms/contracts/onsite';
import { onsiteActions, onsiteRefusal, type OnsiteCaller, type OnsiteContext, type OnsiteFacts } from './onsite-rules.ts';

/**
 * Who decides an onsite record's Department stage at an approval flow's ROLE step ("anyone of a role",
 * docs/approval-flows.md), pure: anyone of the role but the creator; nobody else. Lock date 2026-10-25.
 */
const CREATOR: OnsiteCaller = { userId: 10, employeeId: 100, actors: ['STAFF'] };
const HRM: OnsiteCaller = { userId: 20, employeeId: 200, actors: ['HRM'] };
const HR: OnsiteCaller = { userId: 30, employeeId: 300, actors: ['HR'] };
const PM: OnsiteCaller = { userId: 40, employeeId: 400, actors: ['STAFF', 'PM'] };

const record = (over: Partial<OnsiteFacts> = {}): OnsiteFacts => ({
  status: 1,
  statusDepartment: 1,
  statusCb: 1,
  approverUserId: null,
  approverRole: 'HRM',
  departmentDecidedBy: null,
  createdByUserId: 10,
  creatorPrivileged: false,
  fromDate: '2026-11-06',
  ...over,
});
const ctx = (caller: OnsiteCaller): OnsiteContext => ({ caller, lockDate: '2026-10-25', today: '2026-11-05', lastTimesheetEnd: null });

describe('the Department stage at a ROLE step', () => {
  it('anyone of the role approves and rejects; the API offers them the buttons', () => {
    expect(onsiteRefusal('approve', record(), ctx(HRM))).toBeNull();
    expect(onsiteRefusal('reject', record(), ctx(HRM))).toBeNull();
    expect(onsiteActions(record(), ctx(HRM))).toMatchObject({ approve: true, reject: true });
  });

  it('someone without the role, and the creator even when they hold it, are refused', () => {
    for (const caller of [HR, PM]) {
      expect(onsiteRefusal('approve', record(), ctx(caller))).toEqual({ statusCode: 403, message: M.notDepartmentApprover });
      expect(onsiteActions(record(), ctx(caller))).toMatchObject({ approve: false, reject: false });
    }
    expect(onsiteRefusal('approve', record(), ctx(CREATOR))).toEqual({ statusCode: 403, message: M.ownRequest });
    expect(onsiteRefusal('approve', record({ createdByUserId: 20 }), ctx(HRM))).toEqual({ statusCode: 403, message: M.ownRequest });
  });

  it('a person step decides as before: the role column absent or null names no one', () => {
    expect(onsiteRefusal('approve', record({ approverUserId: 40, approverRole: null }), ctx(PM))).toBeNull();
    expect(onsiteRefusal('approve', record({ approverUserId: 40, approverRole: undefined }), ctx(HRM))).toEqual({ statusCode: 403, message: M.notDepartmentApprover });
  });
});
