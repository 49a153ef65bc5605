import { describe, expect, it } from 'vitest';
import { checkConfirmation, decidesManagerStage, flexibleActions, flexibleRefusal, FLEXIBLE_MESSAGES as M, type FlexibleFacts } from '@tms/contracts/overtime-flexible';
import { localizeMessage } from '@tms/contracts/i18n/server-messages';
import { decidesItem } from '@tms/contracts/approval-flows';

/**
 * The enable rules of spec 001 §4.6 as a table (contracts `flexibleActions`, which the page shows and the server
 * enforces) and the §5.6 confirmation rule. Users: 1 the requester (employee 11), 2 the PM stage (employee 12, the
 * project's PM), 3 the manager, 4 someone else. The OT: 09/11/2026 18:00–21:00 (+07), lock date 25/10/2026.
 */
const requester = { userId: 1, employeeId: 11 };
const pm = { userId: 2, employeeId: 12 };
const manager = { userId: 3, employeeId: 13 };
const stranger = { userId: 4, employeeId: 14 };
const before = { now: '2026-11-09T12:00:00Z', lockDate: '2026-10-25' };
const after = { now: '2026-11-09T14:00:01Z', lockDate: '2026-10-25' };
const locked = { now: '2026-12-01T00:00:00Z', lockDate: '2026-11-25' };

function facts(status: number, over: Partial<FlexibleFacts> = {}): FlexibleFacts {
  return {
    statusStored: status,
    otDate: '2026-11-09',
    endAt: '2026-11-09T14:00:00.000Z',
    creatorIsPm: false,
    requester,
    createdBy: requester,
    pms: [{ userId: pm.userId, employeeId: pm.employeeId }],
    approver: { userId: manager.userId },
    project: { pmEmployeeId: pm.employeeId },
    ...over,
  };
}
const on = (f: FlexibleFacts, v: { userId: number; employeeId: number; actors?: readonly string[] }, ctx: { now: string; lockDate: string | null }) => {
  const a = flexibleActions(f, v, ctx);
  return (['edit', 'cancel', 'confirm', 'approve', 'reject'] as const).filter((k) => a[k]).join(',');
};

describe('flexibleActions (spec 001 §4.6)', () => {
  it.each([
    ['index 0, requester', facts(0), requester, before, 'edit,cancel'],
    ['index 0, PM', facts(0), pm, before, 'approve,reject'],
    ['index 0, manager', facts(0), manager, after, ''],
    ['index 0, someone else', facts(0), stranger, before, ''],
    ['index 1, requester', facts(1), requester, after, ''],
    ['index 1, PM before the end', facts(1), pm, before, ''],
    ['index 1, PM after the end', facts(1), pm, after, 'confirm'],
    ['index 1, PM, created by the PM', facts(1, { creatorIsPm: true, createdBy: pm }), pm, after, 'edit,cancel,confirm'],
    ['index 2, anyone', facts(2), pm, after, ''],
    ['index 3, manager before the end', facts(3), manager, before, ''],
    ['index 3, manager after the end', facts(3), manager, after, 'approve,reject'],
    ['index 3, PM after the end', facts(3), pm, after, 'confirm'],
    ['index 4, 5, 6: nothing', facts(5), manager, after, ''],
    ['index 0 locked (Expired)', facts(0), pm, locked, ''],
    ['index 3 locked (Expired)', facts(3), manager, locked, ''],
  ])('%s → [%s]', (_name, f, v, ctx, expected) => {
    expect(on(f, v, ctx)).toBe(expected);
  });

  it('delegate: when the server\'s reassignment rule lets the viewer move it, at an open stage (0, 1, 3), not locked', () => {
    const mayMove = (status: number) => facts(status, { mayReassign: true });
    expect([0, 1, 3].map((s) => flexibleActions(mayMove(s), stranger, before).delegate)).toEqual([true, true, true]);
    expect([2, 4, 5, 6].map((s) => flexibleActions(mayMove(s), stranger, before).delegate)).toEqual([false, false, false, false]);
    expect(flexibleActions(facts(0), stranger, before).delegate).toBe(false);
    expect(flexibleActions(mayMove(0), stranger, locked).delegate).toBe(false);
  });

  it('the requester never approves or rejects their own request, even holding a stage', () => {
    const ownStage = facts(0, { pms: [{ userId: requester.userId, employeeId: requester.employeeId }] });
    expect(flexibleRefusal('approve', ownStage, requester, before)).toEqual({ code: 403, message: M.notAllowed });
    expect(flexibleRefusal('reject', facts(3, { approver: { userId: requester.userId } }), requester, after)).toEqual({ code: 403, message: M.notAllowed });
  });

  it('the confirm item reads "Edit confirmation" at index 3', () => {
    expect(flexibleActions(facts(1), pm, after).confirmLabel).toBe('Confirm');
    expect(flexibleActions(facts(3), pm, after).confirmLabel).toBe('Edit confirmation');
  });

  it('the refusal says why: 403 no part, 409 wrong status, 400 locked or not ended', () => {
    expect(flexibleRefusal('approve', facts(0), stranger, before)).toEqual({ code: 403, message: M.notAllowed });
    expect(flexibleRefusal('approve', facts(1), pm, before)).toEqual({ code: 409, message: M.statusChanged });
    expect(flexibleRefusal('approve', facts(0), pm, locked)).toEqual({ code: 400, message: M.dateLocked });
    expect(flexibleRefusal('approve', facts(3), manager, before)).toEqual({ code: 400, message: M.notEnded });
    expect(flexibleRefusal('confirm', facts(1), pm, before)).toEqual({ code: 400, message: M.notEnded });
  });
});

describe('issue 29: the manager stage at an approval flow\'s "anyone of a role" step', () => {
  const pool = (status: number) => facts(status, { approver: null, approverRole: 'HRM' });
  const hrm = { userId: 5, employeeId: 15, actors: ['HRM'] };
  const hr = { userId: 6, employeeId: 16, actors: ['HR', 'PM'] };

  it('anyone of the role decides it (not the requester, even holding it); nobody else; once decided, 409 as for the manager', () => {
    expect(on(pool(3), hrm, after)).toBe('approve,reject');
    expect(on(pool(3), hr, after)).toBe('');
    expect(on(pool(3), manager, after)).toBe('');
    expect(flexibleRefusal('approve', pool(3), { ...requester, actors: ['HRM'] }, after)).toEqual({ code: 403, message: M.notAllowed });
    expect(flexibleRefusal('approve', pool(3), hrm, before)).toEqual({ code: 400, message: M.notEnded });
    expect(flexibleRefusal('approve', pool(5), hrm, after)).toEqual({ code: 409, message: M.statusChanged });
    expect(flexibleRefusal('approve', pool(5), hr, after)).toEqual({ code: 403, message: M.notAllowed });
  });

  it('who decides is the approval core\'s rule (`decidesItem`), case by case', () => {
    const cases = [
      { approver: { userId: 3 }, approverRole: null, viewer: manager },
      { approver: { userId: 3 }, approverRole: null, viewer: hrm },
      { approver: null, approverRole: 'HRM', viewer: hrm },
      { approver: null, approverRole: 'HRM', viewer: hr },
      { approver: null, approverRole: 'HRM', viewer: manager },
      { approver: null, approverRole: null, viewer: hrm },
    ] as const;
    for (const c of cases) {
      const viewer = { userId: c.viewer.userId, actors: 'actors' in c.viewer ? c.viewer.actors : [] };
      expect(decidesManagerStage(c, viewer), JSON.stringify(c)).toBe(decidesItem({ assigneeUserId: c.approver?.userId ?? null, assigneeRole: c.approverRole }, viewer));
    }
  });
});

describe('checkConfirmation (spec 001 §5.6)', () => {
  const line = { duration_actual: 2.5 };
  it.each([
    [{ duration_confirm: null }, 1, { value: 2.5, reason: null }],
    [{ duration_confirm: '' }, 3, { value: 2.5, reason: null }],
    [{ duration_confirm: 2.5 }, 3, { value: 2.5, reason: null }],
    [{ duration_confirm: 1.234 }, 1, { value: 1.23, reason: null }],
    [{ duration_confirm: 1.235, reason: ' late ' }, 3, { value: 1.24, reason: 'late' }],
    [{ duration_confirm: 0, reason: 'none worked' }, 3, { value: 0, reason: 'none worked' }],
    [{ duration_confirm: 2.51 }, 1, { error: 'OTpay confirmation can not be higher than total time of shift is 2.50' }],
    [{ duration_confirm: -0.01 }, 1, { error: M.confirmNegative }],
    [{ duration_confirm: 'abc' }, 1, { error: M.confirmRequired }],
    [{ duration_confirm: 2 }, 3, { error: 'Reason confirm is required' }],
    [{ duration_confirm: 2, reason: 'r'.repeat(1001) }, 3, { error: M.reasonTooLong }],
  ])('%j at index %i → %j', (input, status, expected) => {
    const checked = checkConfirmation(line, input, status);
    if (!('error' in checked)) return expect(checked).toEqual(expected);
    expect({ error: checked.error.text }).toEqual(expected);
    // The key and parameters the web translates name the same message as the text the server sends.
    expect(localizeMessage(checked.error.key, checked.error.params, 'en')).toBe(checked.error.text);
  });
});
