import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASSIGN_MESSAGES as RM } from '@tms/contracts/reassign';
import { FIXED_MESSAGES as F } from '@tms/contracts/overtime-fixed';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { flexibleApi, flexibleApp, type Json } from './flexible-overtime.test-support.ts';

/**
 * update-assignee of overtime, both kinds (issue 22 part 3; RULES.md §5): a project item stays with its PM unless a
 * delegation or HR moves it; nobody steers their own; a lead only for their people; never to a requester or a guest.
 * Every refusal is 403 and writes nothing (assignee, row approvers, history, notifications). The detail's flags and
 * the approver picker follow the same rule. Fixture: pm manages P1 (staff, staff4, staff3); gl leads staff; other leads
 * staff4; dl leads gl's division.
 */
let t: TestApp;
const api = flexibleApi(() => t);
const uid = (u: string) => t.fixture.userIds[u]!;
const emp = (u: string) => t.fixture.employeeIds[u]!;
const move = (user: string, id: number, assignee: number) => api.call(user, 'PUT', `/${id}/update-assignee`, { data: { assignee } });

/** Everything a refused change must leave as it was. */
async function written(id: number) {
  const [row] = await queryRows<Json>(
    t.db,
    sql`select o.assignee_user_id, o.pm_user_id, o.manager_user_id, o.version,
               (select array_agg(s.approver_user_id order by s.id) from overtime_request_staff s where s.overtime_request_id = o.id) as approvers,
               (select count(*)::int from history h where h.table_name = 'overtime_requests' and h.record_id = o.id) as history,
               (select count(*)::int from notifications) as notifications
          from overtime_requests o where o.id = ${id}`,
  );
  return row!;
}
async function refusedUnchanged(id: number, attempt: () => Promise<{ status: number; body: Json }>, message: string) {
  const before = await written(id);
  const res = await attempt();
  expect([res.status, res.body.message], JSON.stringify(res.body)).toEqual([403, message]);
  expect(await written(id)).toEqual(before);
}
async function delegate(delegator: string, member: string, date: string) {
  const [d] = await queryRows<{ id: number }>(t.db, sql`insert into delegations (delegator_employee_id, creator_user_id, flag) values (${emp(delegator)}, ${uid('hr')}, true) returning id`);
  await t.db.execute(sql`insert into delegation_members (delegation_id, staff_employee_id, from_date, to_date) values (${d!.id}, ${emp(member)}, ${date}, ${date})`);
}
/** A fixed request filed by `user` for `staff` on `date` 18:00–19:00. */
async function fixed(user: string, staff: string[], date: string): Promise<number> {
  const res = await api.call(user, 'POST', '', {
    title: 'Release night', project_id: t.fixture.projectId, description: 'Deploy', ot_date: date, start_time: `${date} 18:00:00`, end_time: `${date} 19:00:00`,
    ot_type: 'OT_AT_OFFICE', staff: staff.map((u) => ({ employee_id: emp(u) })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}
const fixedDetail = async (user: string, id: number) => (await api.call(user, 'GET', `/${id}`)).body.data as Json;
const candidates = async (user: string, id: number) => {
  const res = await api.call(user, 'GET', `/${id}/assignee-candidates`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as Json[]).map((p) => p.user_name as string).sort();
};

beforeAll(async () => {
  t = await flexibleApp();
}, 120_000);
afterAll(async () => t?.close());

describe('fixed overtime', () => {
  it('gl cannot take staff\'s overtime from its PM (nor give it to dl), so he cannot approve it', async () => {
    const id = await fixed('staff', ['staff'], '2026-11-09');
    expect(await written(id)).toMatchObject({ assignee_user_id: uid('pm'), approvers: [uid('pm')] });
    await refusedUnchanged(id, () => move('gl', id, uid('gl')), RM.notEntitled);
    await refusedUnchanged(id, () => move('gl', id, uid('dl')), RM.notEntitled);
    await refusedUnchanged(id, () => move('gl', id, uid('staff')), RM.toRequester);
    await refusedUnchanged(id, () => move('gl', id, uid('guest')), RM.toGuest);
    expect((await api.call('gl', 'PUT', `/${id}/update-status`, { data: [{ employee_id: emp('staff'), status: 3 }] })).status).toBe(403);
    // The picker offers gl only the PM (the current one); HR may also choose the lead chain.
    expect(await candidates('gl', id)).toEqual(['pm']);
    expect(await candidates('hr', id)).toEqual(['dl', 'gl', 'hrm', 'pm']);
    expect((await api.call('staff2', 'GET', `/${id}/assignee-candidates`)).status).toBe(403);
    // HR moves it to staff's group lead, who may then approve.
    expect((await move('hr', id, uid('gl'))).status).toBe(200);
    expect(await written(id)).toMatchObject({ assignee_user_id: uid('gl'), approvers: [uid('gl')], history: 2 });
    expect((await api.call('gl', 'PUT', `/${id}/update-status`, { data: [{ employee_id: emp('staff'), status: 3 }] })).status).toBe(200);
  });

  it('nobody moves their own: the creator (a lead, or HR, filing for staff)', async () => {
    const id = await fixed('gl', ['staff'], '2026-11-10');
    await refusedUnchanged(id, () => move('gl', id, uid('pm')), RM.ownItem);
    expect((await fixedDetail('gl', id))).toMatchObject({ may_reassign: false, actions: { delegate: false } });
    expect((await fixedDetail('dl', id))).toMatchObject({ may_reassign: true, actions: { delegate: true } });
    const hrs = await fixed('hr', ['staff'], '2026-11-11');
    await refusedUnchanged(hrs, () => move('hr', hrs, uid('gl')), RM.ownItem);
  });

  it('outside the lead\'s scope, and to a non-approver: 403; a delegate in force is entitled', async () => {
    await delegate('gl', 'staff4', '2026-11-13');
    const far = await fixed('staff4', ['staff4'], '2026-11-13');
    expect(await written(far)).toMatchObject({ approvers: [uid('gl')] });
    await refusedUnchanged(far, () => move('gl', far, uid('pm')), RM.outsideScope);
    expect(await fixedDetail('gl', far)).toMatchObject({ may_reassign: false, actions: { delegate: false } });
    const id = await fixed('staff', ['staff'], '2026-11-16');
    await refusedUnchanged(id, () => move('hr', id, uid('staff2')), RM.notEntitled);
    await delegate('staff2', 'staff', '2026-11-16');
    expect((await move('gl', id, uid('staff2'))).status).toBe(200);
  });

  it('an approver who is the row\'s own staff member cannot approve it (a legacy assignment)', async () => {
    const id = await fixed('staff4', ['staff4'], '2026-11-17');
    await t.db.execute(sql`update overtime_request_staff set approver_user_id = ${uid('staff4')} where overtime_request_id = ${id}`);
    const res = await api.call('staff4', 'PUT', `/${id}/update-status`, { data: [{ employee_id: emp('staff4'), status: 3 }] });
    expect([res.status, res.body.message]).toEqual([403, F.ownRow]);
  });
});

describe('flexible overtime', () => {
  it('the PM stage stays with the PM: a lead cannot take it, nor hand it to the requester or a guest', async () => {
    const id = await api.create('staff', { overtimeDate: '18/11/2026' });
    expect(await written(id)).toMatchObject({ assignee_user_id: uid('pm'), pm_user_id: uid('pm') });
    await refusedUnchanged(id, () => move('gl', id, uid('gl')), RM.notEntitled);
    await refusedUnchanged(id, () => move('gl', id, uid('staff')), RM.toRequester);
    await refusedUnchanged(id, () => move('gl', id, uid('guest')), RM.toGuest);
    await refusedUnchanged(id, () => move('hr', id, uid('staff2')), RM.notEntitled);
    expect(((await api.detail('gl', id)).body.data as Json).actions.delegate).toBe(true);
    expect(((await api.detail('staff', id)).body.data as Json)).toMatchObject({ mayReassign: false, actions: { delegate: false } });
    // A delegate in force for staff on that date takes the PM stage, and decides it.
    await delegate('staff2', 'staff', '2026-11-18');
    const ok = await move('gl', id, uid('staff2'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await written(id)).toMatchObject({ assignee_user_id: uid('staff2'), pm_user_id: uid('staff2'), history: 2 });
    expect((await api.change('staff2', id, 'approve')).status).toBe(200);
  });

  it('the manager stage follows the lead chain; nobody moves their own; outside scope 403', async () => {
    const id = await api.create('staff', { overtimeDate: '19/11/2026' });
    await t.db.execute(sql`update overtime_requests set status = 3, assignee_user_id = manager_user_id where id = ${id}`);
    expect(await written(id)).toMatchObject({ manager_user_id: uid('gl'), assignee_user_id: uid('gl') });
    await refusedUnchanged(id, () => move('gl', id, uid('pm')), RM.notEntitled);
    expect((await move('gl', id, uid('dl'))).status).toBe(200);
    expect(await written(id)).toMatchObject({ manager_user_id: uid('dl'), assignee_user_id: uid('dl'), pm_user_id: uid('pm') });
    // Filed by HR for staff: HR's own item.
    const hrs = await api.create('hr', { overtimeDate: '20/11/2026', requesterIds: [emp('staff')] });
    await refusedUnchanged(hrs, () => move('hr', hrs, uid('hrm')), RM.ownItem);
    // gl holds staff4's PM stage by a delegation, but staff4 is not his.
    await delegate('gl', 'staff4', '2026-11-20');
    const far = await api.create('staff4', { overtimeDate: '20/11/2026' });
    expect(await written(far)).toMatchObject({ pm_user_id: uid('gl') });
    await refusedUnchanged(far, () => move('gl', far, uid('pm')), RM.outsideScope);
  });

  it('the requester never decides their own request, whoever holds a stage', async () => {
    const id = await api.create('staff4', { overtimeDate: '23/11/2026' });
    await t.db.execute(sql`update overtime_requests set pm_user_id = ${uid('staff4')}, assignee_user_id = ${uid('staff4')} where id = ${id}`);
    expect((await api.change('staff4', id, 'approve')).status).toBe(403);
  });
});
