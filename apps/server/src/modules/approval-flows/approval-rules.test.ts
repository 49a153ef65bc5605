import { describe, expect, it } from 'vitest';
import { decidesItem } from '@tms/contracts/approval-flows';
import { chooseFlow, flowMatches, resolveSteps, type ApprovalItem, type FlowConditions, type RequesterPeople } from './approval-rules.ts';

/** The pure rules of approval flows: conditions, priority, and each step's approver along the chain. */
const flow = (over: Partial<FlowConditions> = {}): FlowConditions => ({
  id: 1, name: 'f', itemKind: 'LEAVE_REQUEST', reasonTypes: [], amountOver: null, amountAtMost: null, divisionIds: [], departmentIds: [], requesterRoles: [], priority: 10, active: true, ...over,
});
const item: ApprovalItem = { kind: 'LEAVE_REQUEST', reasonType: 'ANN_LEAVE_CORP', amount: 3, divisionId: 1, departmentId: 11, roles: ['STAFF'] };
const person = (user_id: number, username: string) => ({ user_id, username, name: username.toUpperCase() });
const people = (over: Partial<RequesterPeople> = {}): RequesterPeople => ({
  groupLead: person(2, 'gl'), divisionLead: person(3, 'dl'), pm: person(4, 'pm'), hrm: person(5, 'hrm'), named: new Map([[6, person(6, 'boss')]]), delegation: null, ...over,
});

describe('flowMatches', () => {
  it.each([
    ['empty conditions', {}, true],
    ['inactive', { active: false }, false],
    ['another kind', { itemKind: 'WORK_OUTSIDE' }, false],
    ['reason listed', { reasonTypes: ['ANN_LEAVE_CORP'] }, true],
    ['reason not listed', { reasonTypes: ['UNPAID_LEAVE'] }, false],
    ['amount over 2 (3)', { amountOver: 2 }, true],
    ['amount over 3 (3)', { amountOver: 3 }, false],
    ['amount at most 3 (3)', { amountAtMost: 3 }, true],
    ['amount at most 2.99 (3)', { amountAtMost: 2.99 }, false],
    ['division listed', { divisionIds: [1, 2] }, true],
    ['division not listed', { divisionIds: [2] }, false],
    ['department not listed', { departmentIds: [12] }, false],
    ['role listed', { requesterRoles: ['STAFF'] }, true],
    ['role not listed', { requesterRoles: ['GROUP_LEAD'] }, false],
  ] as const)('%s', (_name, over, expected) => {
    expect(flowMatches(flow(over as Partial<FlowConditions>), item)).toBe(expected);
  });
  it('a requester without a department matches only flows that name none', () => {
    expect(flowMatches(flow({ departmentIds: [11] }), { ...item, departmentId: null })).toBe(false);
    expect(flowMatches(flow(), { ...item, departmentId: null })).toBe(true);
  });
});

describe('chooseFlow', () => {
  it('the lowest priority number whose conditions hold, then the lowest id', () => {
    const flows = [flow({ id: 1, priority: 5, amountOver: 10 }), flow({ id: 2, priority: 7 }), flow({ id: 3, priority: 7 }), flow({ id: 4, priority: 9 })];
    expect(chooseFlow(flows, item)?.id).toBe(2);
    expect(chooseFlow(flows, { ...item, amount: 11 })?.id).toBe(1);
    expect(chooseFlow([], item)).toBeNull();
  });
});

describe('resolveSteps', () => {
  const rules = (...r: [string, number | null][]) => r.map(([rule, userId]) => ({ rule, userId }) as Parameters<typeof resolveSteps>[0][number]);
  const names = (steps: ReturnType<typeof resolveSteps>) => steps.map((s) => `${s.approver?.username ?? '-'}:${s.source ?? '-'}`);
  it('each rule its own approver', () => {
    expect(names(resolveSteps(rules(['GROUP_LEAD', null], ['DIVISION_LEAD', null], ['PM', null], ['HRM', null], ['USER', 6]), people()))).toEqual([
      'gl:GROUP_LEAD', 'dl:DIVISION_LEAD', 'pm:PM', 'hrm:HRM', 'boss:USER',
    ]);
  });
  it('a missing approver (or the requester, already left out) passes along the chain', () => {
    const p = people({ groupLead: null, pm: null, named: new Map() });
    expect(names(resolveSteps(rules(['GROUP_LEAD', null], ['PM', null], ['USER', 6]), p))).toEqual(['dl:DIVISION_LEAD', 'dl:DIVISION_LEAD', 'dl:DIVISION_LEAD']);
    expect(names(resolveSteps(rules(['DIVISION_LEAD', null]), people({ divisionLead: null, hrm: null })))).toEqual(['-:-']);
  });
  it('a delegation replaces the step of the approver who created it, else the first step', () => {
    const byDl = people({ delegation: { delegator: person(9, 'deputy'), creatorUserId: 3 } });
    expect(names(resolveSteps(rules(['GROUP_LEAD', null], ['DIVISION_LEAD', null]), byDl))).toEqual(['gl:GROUP_LEAD', 'deputy:DELEGATION']);
    const byHr = people({ delegation: { delegator: person(9, 'deputy'), creatorUserId: 77 } });
    expect(names(resolveSteps(rules(['GROUP_LEAD', null], ['DIVISION_LEAD', null]), byHr))).toEqual(['deputy:DELEGATION', 'dl:DIVISION_LEAD']);
    expect(resolveSteps([], byHr)).toEqual([]);
  });
  it('a ROLE step names nobody (anyone of its role decides), and a delegation never takes it', () => {
    const steps = resolveSteps([{ rule: 'ROLE', userId: null, role: 'HRM' }, { rule: 'GROUP_LEAD', userId: null }], people({ delegation: { delegator: person(9, 'deputy'), creatorUserId: 77 } }));
    expect(steps[0]).toMatchObject({ rule: 'ROLE', role: 'HRM', approver: null, source: 'ROLE' });
    expect(names(steps)).toEqual(['-:ROLE', 'gl:GROUP_LEAD']);
  });
});

describe('decidesItem', () => {
  const caller = { userId: 5, actors: ['STAFF', 'HRM'] };
  it('the assignee, or anyone holding the role of a ROLE step', () => {
    expect(decidesItem({ assigneeUserId: 5 }, caller)).toBe(true);
    expect(decidesItem({ assigneeUserId: 6 }, caller)).toBe(false);
    expect(decidesItem({ assigneeUserId: null, assigneeRole: 'HRM' }, caller)).toBe(true);
    expect(decidesItem({ assigneeUserId: null, assigneeRole: 'HR' }, caller)).toBe(false);
    expect(decidesItem({ assigneeUserId: null, assigneeRole: null }, caller)).toBe(false);
  });
});
