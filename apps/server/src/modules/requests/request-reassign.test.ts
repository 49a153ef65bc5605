import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASSIGN_MESSAGES as RM } from '@tms/contracts/reassign';
import { REQUEST_RULE_MESSAGES } from '@tms/contracts/requests';
import { REQUEST_LIST_PATH } from '@tms/contracts/request-list';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { api, FRI, FRI2, MON, requestWriteApp, TUE, WED, type Json } from '../request-days/request-write.test-support.ts';

/**
 * Approvals the requester cannot steer (issue 22 part 3; RULES.md §5): update-assignee of requests (leave, onsite),
 * update-explanation's change of assignee (explanations and so abnormal cases), the action flags of the lists and the
 * approver picker, all from the shared reassignment rule. Every refusal is 403 and writes nothing: the assignee, the
 * history and the notifications stay as they were.
 * Fixture: gl leads DEP1 (staff, staff2, gl), dl leads DIV1 (DEP1, DEP2: hrm, dl, staff3), other leads DEP3 and DIV2
 * (pm, guest, staff4); pm manages P1 (staff, staff4).
 */
let t: TestApp;
const { call, leave, create, status } = api(() => t);
const uid = (u: string) => t.fixture.userIds[u]!;
const emp = (u: string) => t.fixture.employeeIds[u]!;
const unpaid = (date: string) => leave(date, { reason_type: 'UNPAID_LEAVE' });
const move = (user: string, id: number, approver: number | string) => call(user, 'PUT', 'update-assignee', { id, approver });

/** What a refused change must leave untouched: the assignee, the history and every notification. */
async function writtenFor(requestId: number) {
  const [row] = await queryRows<Json>(
    t.db,
    sql`select r.assignee_user_id, r.status, r.version,
               (select count(*)::int from history h where h.table_name = 'requests' and h.record_id = r.id) as history,
               (select count(*)::int from notifications) as notifications
          from requests r where r.id = ${requestId}`,
  );
  return row!;
}
async function refusedUnchanged(requestId: number, attempt: () => Promise<{ status: number; body: Json }>, message: string) {
  const before = await writtenFor(requestId);
  const res = await attempt();
  expect([res.status, res.body.message], JSON.stringify(res.body)).toEqual([403, message]);
  expect(await writtenFor(requestId)).toEqual(before);
}
async function listed(user: string, id: number): Promise<Json> {
  const res = await call(user, 'GET', `/api${REQUEST_LIST_PATH}?size=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as Json[]).find((r) => r.id === id)!;
}
/** A delegation in force: `delegator` approves `member`'s items dated in [from, to]. */
async function delegate(delegator: string, member: string, from: string, to: string) {
  const [d] = await queryRows<{ id: number }>(t.db, sql`insert into delegations (delegator_employee_id, creator_user_id, flag) values (${emp(delegator)}, ${uid('hr')}, true) returning id`);
  await t.db.execute(sql`insert into delegation_members (delegation_id, staff_employee_id, from_date, to_date) values (${d!.id}, ${emp(member)}, ${from}, ${to})`);
}

beforeAll(async () => {
  t = await requestWriteApp();
}, 120_000);
afterAll(async () => t?.close());

describe('update-assignee of a request', () => {
  it('gl cannot steer his own leave (to guest, pm, hrm); the list offers him no Delegate on it', async () => {
    const id = await create('gl', unpaid(MON));
    expect((await writtenFor(id)).assignee_user_id).toBe(uid('dl'));
    for (const to of ['guest', 'pm', 'hrm']) await refusedUnchanged(id, () => move('gl', id, uid(to)), RM.ownItem);
    expect((await listed('gl', id)).actions.delegate).toBe(false);
    // The guest never became the assignee, so the approval the issue saw is refused too.
    expect((await status('guest', id, 3)).status).toBe(404);
    expect((await listed('dl', id)).actions).toMatchObject({ approve: true, delegate: true });
  });

  it('a lead of the requester moves it only to someone entitled: never the requester, a guest or a non-approver', async () => {
    const id = await create('staff', unpaid(TUE));
    expect((await writtenFor(id)).assignee_user_id).toBe(uid('gl'));
    await refusedUnchanged(id, () => move('gl', id, uid('staff')), RM.toRequester);
    await refusedUnchanged(id, () => move('gl', id, 'guest'), RM.toGuest);
    await refusedUnchanged(id, () => move('gl', id, uid('pm')), RM.notEntitled);
    await refusedUnchanged(id, () => move('gl', id, uid('staff2')), RM.notEntitled);
    await refusedUnchanged(id, () => move('hr', id, uid('staff2')), RM.notEntitled);
    // The division lead and an HR manager are above staff: allowed, with history and a notification.
    const moved = await move('gl', id, 'dl');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await writtenFor(id)).toMatchObject({ assignee_user_id: uid('dl'), history: 2 });
    const [n] = await queryRows<Json>(t.db, sql`select notification_type from notifications where user_id = ${uid('dl')} and link like ${`%id=${id}`}`);
    expect(n).toEqual({ notification_type: 'ASSIGNED' });
    expect((await move('hr', id, uid('hrm'))).status).toBe(200);
    expect((await status('hrm', id, 3)).status).toBe(200);
  });

  it('outside the lead\'s scope: a lead who only sees the item (a delegate) cannot move it; HR can', async () => {
    await delegate('gl', 'staff4', FRI2, FRI2);
    const id = await create('staff4', unpaid(FRI2));
    expect((await writtenFor(id)).assignee_user_id).toBe(uid('gl'));
    await refusedUnchanged(id, () => move('gl', id, uid('hrm')), RM.outsideScope);
    expect((await listed('gl', id)).actions).toMatchObject({ approve: true, delegate: false });
    // Out of sight altogether: 404 (RULES.md §3).
    const hidden = await create('staff3', unpaid(FRI2));
    expect((await move('gl', hidden, uid('hrm'))).status).toBe(404);
    // HR, HRM and Admin may move any item, here to staff4's own lead.
    expect((await move('admin', id, uid('other'))).status).toBe(200);
  });

  it('a delegate in force for that member and date is entitled; outside the range they are not', async () => {
    await delegate('staff2', 'staff', WED, WED);
    const outside = await create('staff', unpaid(FRI));
    await refusedUnchanged(outside, () => move('gl', outside, uid('staff2')), RM.notEntitled);
    // An item dated inside the range was routed to staff2 at creation; moved away, it may come back to them.
    const routed = await create('staff', unpaid(WED));
    expect((await writtenFor(routed)).assignee_user_id).toBe(uid('staff2'));
    expect((await move('gl', routed, 'dl')).status).toBe(200);
    expect((await move('gl', routed, uid('staff2'))).status).toBe(200);
  });

  it('a project item (onsite) stays with its PM: its approver is the onsite record\'s, so nobody moves the row here', async () => {
    const res = await call('staff', 'POST', 'create-request/', { request_type: 'ONSITE', reason_type: 'ONSITE', project_id: t.fixture.projectId, request_dates: [{ request_date: '2026-11-16', duration: 'FULL_DAY' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id as number;
    expect((await writtenFor(id)).assignee_user_id).toBe(uid('pm'));
    // One onsite record, one status (docs/onsite.md): the row's approver is the record's Department approver, which
    // Request Management does not change, for a lead or for HR.
    for (const [who, to] of [['gl', uid('gl')], ['dl', uid('hrm')], ['hr', uid('gl')]] as const) {
      const before = await writtenFor(id);
      const moved = await move(who, id, to);
      expect([moved.status, moved.body.message], JSON.stringify(moved.body)).toEqual([409, REQUEST_RULE_MESSAGES.managedByOnsite]);
      expect(await writtenFor(id)).toEqual(before);
    }
  });

  it('roles that may not move anything are refused at the door', async () => {
    const id = await create('staff2', unpaid('2026-11-17'));
    for (const who of ['staff', 'pm', 'guest']) {
      const before = await writtenFor(id);
      expect((await move(who, id, uid('dl'))).status).toBe(403);
      expect(await writtenFor(id)).toEqual(before);
    }
  });
});

describe('the approver picker (choose-delegator-to-delegate?requestId)', () => {
  const picker = async (user: string, id: number, employee = '') => {
    const res = await call(user, 'GET', `/api/tms/delegate/choose-delegator-to-delegate?requestId=${id}${employee ? `&employee=${employee}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as Json[]).map((p) => p.user_name as string).sort();
  };

  it('offers only the people the caller may hand the item to', async () => {
    const id = await create('staff2', unpaid('2026-11-18'));
    expect(await picker('gl', id)).toEqual(['dl', 'gl', 'hrm']);
    expect(await picker('gl', id, 'hr')).toEqual(['hrm']);
    // Nobody for one's own item, or for a caller who may not move it.
    const own = await create('gl', unpaid('2026-11-18'));
    expect(await picker('gl', own)).toEqual([]);
    expect(await picker('staff2', id)).toEqual([]);
    expect(await picker('dl', own)).toEqual(['dl', 'hrm']);
  });
});

describe('change of assignee of an explanation (and its abnormal case)', () => {
  /** An unexplained late case of `username`, explained by them; answers the case and the explanation request. */
  async function explained(username: string, date: string) {
    const [c] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into abnormal_cases (employee_id, abnormal_date, reason, minute_violation, start_time, end_time, status)
          values (${emp(username)}, ${date}, '2', 30, '08:30', '12:00', 0) returning id`,
    );
    const res = await call(username, 'POST', `create-explanation/${c!.id}`, { reason_type: 'LATE_TRAFFIC', title: `Late ${date}`, actual: 'LATE_COMING', description: 'Traffic' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { caseId: c!.id, requestId: res.body.data.request_id as number };
  }
  const hand = (user: string, id: number, assignee: number) => call(user, 'PUT', '/api/tms/explanation-management/update-explanation', { id, assignee });
  const caseRow = async (user: string, caseId: number) => {
    const res = await call(user, 'GET', `/api/tms/abnormal-case/?size=50&status=1`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as Json[]).find((c) => c.id === caseId)!;
  };
  const explanationRow = async (user: string, id: number) => {
    const res = await call(user, 'GET', `/api/tms/explanation-management?id=${id}`);
    return (res.body.data as Json[])[0]!;
  };

  it('the owner cannot hand over their own explanation, even while editing it; the flags say so', async () => {
    const e = await explained('staff', '2026-11-02');
    await refusedUnchanged(e.requestId, () => hand('staff', e.requestId, uid('dl')), RM.ownItem);
    await refusedUnchanged(e.requestId, () => call('staff', 'PUT', '/api/tms/explanation-management/update-explanation', { id: e.requestId, title: 'New title', description: 'Traffic', assignee: uid('hrm') }), RM.ownItem);
    expect((await explanationRow('staff', e.requestId)).title).toBe('Late 2026-11-02');
    expect((await explanationRow('staff', e.requestId)).actions.changeAssignee).toBe(false);
    expect((await caseRow('staff', e.caseId)).actions.delegate).toBe(false);
    expect((await explanationRow('gl', e.requestId)).actions.changeAssignee).toBe(true);
    expect((await caseRow('gl', e.caseId)).actions.delegate).toBe(true);
  });

  it('a lead moves it only to someone entitled; a lead of own explanation cannot; outside scope 403', async () => {
    const e = await explained('staff2', '2026-11-03');
    await refusedUnchanged(e.requestId, () => hand('gl', e.requestId, uid('staff2')), RM.toRequester);
    await refusedUnchanged(e.requestId, () => hand('gl', e.requestId, uid('guest')), RM.toGuest);
    await refusedUnchanged(e.requestId, () => hand('gl', e.requestId, uid('pm')), RM.notEntitled);
    const mine = await explained('gl', '2026-11-03');
    await refusedUnchanged(mine.requestId, () => hand('gl', mine.requestId, uid('guest')), RM.ownItem);
    await refusedUnchanged(mine.requestId, () => hand('gl', mine.requestId, uid('pm')), RM.ownItem);
    // The current assignee without a lead's scope (dl holds gl's explanation, but only as the assignee of staff4's).
    await delegate('dl', 'staff4', '2026-11-04', '2026-11-04');
    const far = await explained('staff4', '2026-11-04');
    expect((await writtenFor(far.requestId)).assignee_user_id).toBe(uid('dl'));
    await refusedUnchanged(far.requestId, () => hand('dl', far.requestId, uid('hrm')), RM.outsideScope);
    expect((await caseRow('dl', far.caseId)).actions).toMatchObject({ approve: true, delegate: false });
    // Allowed: to the division lead (Delegated, 6), then HR hands it to an HR manager.
    const ok = await hand('gl', e.requestId, uid('dl'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await hand('hr', e.requestId, uid('hrm'))).status).toBe(200);
    expect(await writtenFor(e.requestId)).toMatchObject({ assignee_user_id: uid('hrm'), status: 6 });
  });
});
