import { describe, expect, it } from 'vitest';
import { decidesRow, fixedActions, fixedRefusal, type FixedFacts } from '@tms/contracts/overtime-fixed';

/** The enable rules of spec 001 §4.5 as pure functions (contracts `fixedActions`), which the drawer and the server share. */
const PM = { userId: 10, actors: ['STAFF', 'PM'] as const };
const CREATOR = { userId: 20, actors: ['GROUP_LEAD', 'STAFF'] as const };
const facts = (statuses: number[], over: Partial<FixedFacts> = {}): FixedFacts => ({
  created_by_user_id: 20,
  start_at: '2026-11-09T11:00:00.000Z', // 18:00 company time
  ot_date: '2026-11-09',
  staff: statuses.map((status, i) => ({ employee_id: i + 1, status, approver_id: 10 })),
  ...over,
});
const before = { now: '2026-11-05T03:00:00.000Z', lockDate: '2026-10-25' };
const afterStart = { now: '2026-11-09T11:30:00.000Z', lockDate: '2026-10-25' };
const locked = { now: '2026-11-05T03:00:00.000Z', lockDate: '2026-11-09' };

describe('fixedActions (spec 001 §4.5)', () => {
  it('Approve All: disabled by a rejected, cancelled or expired row, by the last row approved, and by the lock', () => {
    expect(fixedActions(facts([1, 1]), PM, before).approveAll).toBe(true);
    expect(fixedActions(facts([1, 4]), PM, before).approveAll).toBe(false);
    expect(fixedActions(facts([1, 6]), PM, before).approveAll).toBe(false);
    expect(fixedActions(facts([1, 3]), PM, before).approveAll).toBe(false);
    expect(fixedActions(facts([3, 1]), PM, before).approveAll).toBe(true);
    expect(fixedActions(facts([1, 1]), PM, locked).approveAll).toBe(false);
    expect(fixedActions(facts([1, 1]), CREATOR, before).approveAll).toBe(false);
  });

  it('Reject All: disabled by a cancelled or expired first row, all rejected, the lock, or an approved row after the start', () => {
    expect(fixedActions(facts([1, 3]), PM, before).rejectAll).toBe(true);
    expect(fixedActions(facts([6, 1]), PM, before).rejectAll).toBe(false);
    expect(fixedActions(facts([4, 4]), PM, before).rejectAll).toBe(false);
    expect(fixedActions(facts([1, 1]), PM, locked).rejectAll).toBe(false);
    expect(fixedActions(facts([1, 3]), PM, afterStart).rejectAll).toBe(false);
    expect(fixedActions(facts([1, 1]), PM, afterStart).rejectAll).toBe(true);
  });

  it('single approve only pending before the lock; single reject not for rejected or cancelled, nor approved after the start', () => {
    const rows = fixedActions(facts([1, 3, 4, 6, 5]), PM, before).rows;
    expect(Object.values(rows).map((r) => [r.approve, r.reject])).toEqual([
      [true, true],
      [false, true],
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect(fixedActions(facts([3]), PM, afterStart).rows['1']!.reject).toBe(false);
    expect(fixedActions(facts([1]), PM, locked).rows['1']!.approve).toBe(false);
  });

  it('edit: creator, all pending, not locked; withdraw: creator, not cancelled, approved → before the start, else before the lock', () => {
    expect(fixedActions(facts([1, 1]), CREATOR, before).edit).toBe(true);
    expect(fixedActions(facts([1, 3]), CREATOR, before).edit).toBe(false);
    expect(fixedActions(facts([1, 1]), PM, before).edit).toBe(false);
    expect(fixedActions(facts([1, 3]), CREATOR, before).withdraw).toBe(true);
    expect(fixedActions(facts([1, 3]), CREATOR, afterStart).withdraw).toBe(false);
    expect(fixedActions(facts([1, 1]), CREATOR, afterStart).withdraw).toBe(true);
    expect(fixedActions(facts([1, 1]), CREATOR, locked).withdraw).toBe(false);
    expect(fixedActions(facts([6, 1]), CREATOR, before).withdraw).toBe(false);
  });

  it('delegate: when the server\'s reassignment rule lets the viewer move it, something is pending and not locked', () => {
    const mayMove = (statuses: number[]) => facts(statuses, { may_reassign: true });
    expect(fixedActions(mayMove([1]), PM, before).delegate).toBe(true);
    expect(fixedActions(mayMove([3]), PM, before).delegate).toBe(false);
    expect(fixedActions(facts([1]), CREATOR, before).delegate).toBe(false);
    expect(fixedActions(facts([1], { may_reassign: false }), CREATOR, before).delegate).toBe(false);
    expect(fixedActions(mayMove([1]), PM, locked).delegate).toBe(false);
  });

  it('nobody approves or rejects their own row, even as its approver', () => {
    const self = { userId: 10, employeeId: 1, actors: ['STAFF'] as const };
    const rows = fixedActions(facts([1, 1]), self, before).rows;
    expect([rows['1'], rows['2']]).toEqual([
      { approve: false, reject: false, withdraw: false },
      { approve: true, reject: true, withdraw: false },
    ]);
    expect(fixedRefusal('approve', facts([1, 1]), self, before, 1)).toEqual({ statusCode: 403, message: 'You cannot approve or reject your own overtime' });
  });

  it('a row at an approval flow\'s ROLE step is decided by anyone of its role, never by someone without it (issue 29)', () => {
    const HRM = { userId: 30, employeeId: 300, actors: ['HRM'] as const };
    const HR = { userId: 31, employeeId: 301, actors: ['HR'] as const };
    // Row 1 waits on any HRM; row 2 on the PM.
    const f = facts([1, 1], { staff: [{ employee_id: 1, status: 1, approver_id: null, approver_role: 'HRM' }, { employee_id: 2, status: 1, approver_id: 10 }] });
    expect(fixedActions(f, HRM, before)).toMatchObject({ approveAll: true, rejectAll: true, rows: { '1': { approve: true, reject: true }, '2': { approve: false, reject: false } } });
    expect(fixedActions(f, HR, before)).toMatchObject({ approveAll: false, rejectAll: false, rows: { '1': { approve: false, reject: false } } });
    expect(fixedRefusal('approve', f, HR, before, 1)).toEqual({ statusCode: 403, message: 'Only the approver of this staff member can approve or reject' });
    expect(fixedActions(f, PM, before).rows['1']).toMatchObject({ approve: false, reject: false });
    // The role holder's own row stays refused as their own.
    expect(fixedRefusal('approve', f, { ...HRM, employeeId: 1 }, before, 1)).toEqual({ statusCode: 403, message: 'You cannot approve or reject your own overtime' });
    expect(decidesRow({ approver_id: null, approver_role: 'HRM' }, HRM)).toBe(true);
    expect(decidesRow({ approver_id: null, approver_role: null }, HRM)).toBe(false);
    expect(decidesRow({ approver_id: null }, { userId: 0, actors: [] })).toBe(false);
    expect(decidesRow({ approver_id: 30 }, HRM)).toBe(true);
  });

  it('refusals carry 403 (relationship) before 409 (state) before 400 (lock / started)', () => {
    expect(fixedRefusal('approve', facts([3]), CREATOR, before, 1)?.statusCode).toBe(403);
    expect(fixedRefusal('approve', facts([3]), PM, before, 1)?.statusCode).toBe(409);
    expect(fixedRefusal('approve', facts([1]), PM, locked, 1)?.statusCode).toBe(400);
    expect(fixedRefusal('reject', facts([3]), PM, afterStart, 1)?.statusCode).toBe(400);
  });
});
