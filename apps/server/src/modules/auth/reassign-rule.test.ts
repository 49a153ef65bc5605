import { describe, expect, it } from 'vitest';
import { REASSIGN_MESSAGES as M } from '@tms/contracts/reassign';
import type { Actor } from '@tms/contracts/roles';
import { moverRefusal, reassignRefusal, type Mover, type ReassignFacts, type ReassignItem, type ReassignTarget } from './reassign-rule.ts';

/**
 * The reassignment rule, table-driven (RULES.md §5; issue 22 part 3). People (employee id = user id + 100):
 * staff 1 (requester, department led by gl 2, division led by dl 3), hrm 4 (HRM), pm 5 (PM of the project),
 * guest 6 (GUEST), delegate 7 (a delegation in force for staff on the date), other 8 (a plain colleague), hr 9 (HR).
 */
const emp = (user: number) => user + 100;
const mover = (user: number, actors: Actor[]): Mover => ({ userId: user, employeeId: emp(user), actors });
const STAFF = mover(1, ['STAFF']);
const GL = mover(2, ['GROUP_LEAD', 'STAFF']);
const DL = mover(3, ['DULEAD', 'STAFF']);
const HRM = mover(4, ['HRM']);
const PM = mover(5, ['STAFF', 'PM']);
const HR = mover(9, ['HR']);
const target = (user: number, roles: string[] = ['STAFF'], active = true): ReassignTarget => ({ userId: user, employeeId: emp(user), roles, active });
const T = { staff: target(1), gl: target(2, ['GROUP_LEAD']), dl: target(3, ['DULEAD']), hrm: target(4, ['HRM']), pm: target(5), guest: target(6, ['GUEST']), delegate: target(7), other: target(8), gone: target(3, ['DULEAD'], false) };

const item = (over: Partial<ReassignItem> = {}): ReassignItem => ({ requesterEmployeeIds: [emp(1)], creatorUserId: 1, inMoverLeadScope: true, ...over });
const personal: ReassignFacts = { requesters: [{ employeeId: emp(1), leadEmployeeIds: [emp(2), emp(3)], delegatorEmployeeIds: [emp(7)] }], projectPmEmployeeId: null };
const project: ReassignFacts = { ...personal, projectPmEmployeeId: emp(5) };

describe('who may change an assignee (moverRefusal)', () => {
  it.each([
    ['the requester', STAFF, item(), M.ownItem],
    ['the one who filed it (a lead filing for staff)', GL, item({ creatorUserId: 2 }), M.ownItem],
    ['a group lead of the requester', GL, item(), null],
    ['a division lead of the requester', DL, item(), null],
    ['a lead outside their scope', GL, item({ inMoverLeadScope: false }), M.outsideScope],
    ['HR, whatever the scope', HR, item({ inMoverLeadScope: false }), null],
    ['an HR manager', HRM, item({ inMoverLeadScope: false }), null],
    ['a PM (not a lead)', PM, item(), M.notMover],
    ['a lead on their own item', GL, item({ requesterEmployeeIds: [emp(2)], creatorUserId: 2 }), M.ownItem],
  ])('%s', (_what, who, it, expected) => {
    expect(moverRefusal(who, it)?.message ?? null).toBe(expected);
  });
});

describe('to whom (reassignRefusal)', () => {
  it.each([
    // Personal items (leave, work outside, explanations): the lead chain, an HRM, a delegate in force.
    ['GL → DL', GL, personal, T.dl, null],
    ['GL → HRM', GL, personal, T.hrm, null],
    ['GL → the delegate in force', GL, personal, T.delegate, null],
    ['GL → the requester', GL, personal, T.staff, M.toRequester],
    ['GL → a guest', GL, personal, T.guest, M.toGuest],
    ['GL → the PM (not above the requester)', GL, personal, T.pm, M.notEntitled],
    ['GL → a colleague', GL, personal, T.other, M.notEntitled],
    ['GL → an inactive lead', GL, personal, T.gone, M.notEntitled],
    ['HR → a colleague', HR, personal, T.other, M.notEntitled],
    // Project items (overtime, onsite): the PM keeps them unless a delegation or HR moves them.
    ['GL → themselves, away from the PM', GL, project, T.gl, M.notEntitled],
    ['DL → HRM, away from the PM', DL, project, T.hrm, M.notEntitled],
    ['GL → the delegate in force', GL, project, T.delegate, null],
    ['GL → back to the PM', GL, project, T.pm, null],
    ['HR → the requester\u2019s lead', HR, project, T.gl, null],
    ['HRM → an HRM', HRM, project, T.hrm, null],
    ['HR → a guest', HR, project, T.guest, M.toGuest],
  ])('%s', (_what, who, facts, to, expected) => {
    expect(reassignRefusal(who, item(), facts, to)?.message ?? null).toBe(expected);
  });

  it('a PM who is the requester does not hold their own item: the lead chain applies', () => {
    const pmOwn: ReassignFacts = { requesters: [{ employeeId: emp(5), leadEmployeeIds: [emp(2)], delegatorEmployeeIds: [] }], projectPmEmployeeId: emp(5) };
    expect(reassignRefusal(DL, item({ requesterEmployeeIds: [emp(5)], creatorUserId: 5 }), pmOwn, T.gl)).toBeNull();
  });

  it('several requesters (a fixed overtime): the target must be entitled for each', () => {
    const team: ReassignFacts = {
      requesters: [personal.requesters[0]!, { employeeId: emp(8), leadEmployeeIds: [emp(2)], delegatorEmployeeIds: [] }],
      projectPmEmployeeId: emp(5),
    };
    const teamItem = item({ requesterEmployeeIds: [emp(1), emp(8)], creatorUserId: 5 });
    expect(reassignRefusal(GL, teamItem, team, T.delegate)?.message).toBe(M.notEntitled);
    expect(reassignRefusal(GL, teamItem, team, T.pm)).toBeNull();
    expect(reassignRefusal(GL, teamItem, team, T.other)?.message).toBe(M.toRequester);
  });

  it('a user without an employee is entitled only as an HR manager', () => {
    const bare = (roles: string[]): ReassignTarget => ({ userId: 50, employeeId: null, roles, active: true });
    expect(reassignRefusal(GL, item(), personal, bare(['HRM']))).toBeNull();
    expect(reassignRefusal(GL, item(), personal, bare(['ADMIN']))?.message).toBe(M.notEntitled);
  });

  it('nothing left to move: refused', () => {
    expect(reassignRefusal(HR, item(), { requesters: [], projectPmEmployeeId: null }, T.hrm)?.message).toBe(M.notEntitled);
  });
});
