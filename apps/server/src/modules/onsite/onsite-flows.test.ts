import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPROVAL_FLOW_MESSAGES as F, APPROVAL_FLOW_PATHS as P } from '@tms/contracts/approval-flows';
import { MY_WORK_PATHS } from '@tms/contracts/my-work';
import { ONSITE_MESSAGES as M, onsiteTimelinePath } from '@tms/contracts/onsite';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { requestWriteApp, type Json } from '../request-days/request-write.test-support.ts';

/**
 * Approval flows on an onsite record's Department stage (docs/onsite.md "Approval flows", docs/approval-flows.md): the
 * flow replaces the single Department approver, step by step; the C&B stage follows unchanged. The company of
 * request-write.test-support: today Thursday 05/11/2026, lock date 25/10/2026; pm manages P1 (members staff, staff4);
 * gl leads DEP1 (staff, staff2, gl); dl leads DIV1 (DEP1, DEP2).
 */
const B = '/api/tms/request-onsite-management';
const MON = '2026-11-02';
const TUE = '2026-11-03';
let t: TestApp;
const emp = (u: string) => t.fixture.employeeIds[u]!;
const uid = (u: string) => t.fixture.userIds[u]!;

async function call(user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: url.startsWith('/api') ? url : `${B}${url}`, headers: await t.as(user), payload: payload as Json });
  return { status: res.statusCode, body: res.json() as Json };
}
const form = (over: Json = {}): Json => ({
  title: 'Công tác Hà Nội',
  projectId: t.fixture.projectId,
  fromDate: MON,
  toDate: TUE,
  type: 'FULL_DAY',
  employeeList: [{ employeeId: emp('staff') }],
  ...over,
});
async function create(user: string, over: Json = {}): Promise<number> {
  const res = await call(user, 'POST', '', form(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}
async function makeFlow(body: Json): Promise<Json> {
  const res = await call('hr', 'POST', `/api${P.list}`, { item_kind: 'ONSITE', priority: 10, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const approve = (user: string, id: number, body: Json = {}) => call(user, 'POST', `/${id}/approve`, body);
const reject = (user: string, id: number, reason: string) => call(user, 'POST', `/${id}/reject`, { reason });
const withdraw = (user: string, id: number, reason: string) => call(user, 'POST', `/${id}/withdraw`, { reason });
const row = async (id: number) =>
  (
    await queryRows<Json>(
      t.db,
      sql`select status, status_department, status_cb, approver_user_id, department_decided_by, approval_flow_name, approval_step, approval_step_count, version
            from onsite_requests where id = ${id}`,
    )
  )[0]!;
const staffRows = async (id: number) =>
  queryRows<Json>(t.db, sql`select r.id, r.status, r.assignee_user_id from onsite_request_staff s join requests r on r.id = s.request_id where s.onsite_request_id = ${id} order by r.employee_id`);
const historyOf = async (id: number) => queryRows<Json>(t.db, sql`select action, changes, created_by_name from history where table_name = 'onsite_requests' and record_id = ${id} order by id`);
const notes = async (u: string, id: number) =>
  (await queryRows<{ t: string }>(t.db, sql`select notification_type as t from notifications where user_id = ${uid(u)} and link = ${`/timesheet/onsite-management?id=${id}`} order by id`)).map((n) => n.t);
const timeline = async (user: string, id: number) => {
  const res = await call(user, 'GET', `/api${onsiteTimelinePath(id)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const listed = async (user: string, id: number) => ((await call(user, 'GET', '?size=500')).body.data as Json[]).find((r) => r.id === id);
const dayValue = async (u: string, date: string) =>
  (await queryRows<{ v: number | null }>(t.db, sql`select value::float8 as v from timesheet_days where employee_id = ${emp(u)} and date = ${date}`))[0]?.v ?? null;
const twoSteps = { name: 'Onsite: PM then DL', steps: [{ rule: 'PM' }, { rule: 'DIVISION_LEAD' }] };

beforeAll(async () => {
  t = await requestWriteApp();
}, 120_000);
afterAll(async () => t?.close());
// Each test configures the flows it needs: the ones of earlier tests stop applying.
beforeEach(async () => {
  await queryRows(t.db, sql`update approval_flows set active = false`);
});

describe('the Department stage under a flow', () => {
  it('two steps: step 1 moves the record to step 2 and nothing else; the last step opens C&B; only C&B credits', async () => {
    await makeFlow(twoSteps);
    const id = await create('staff');
    expect(await row(id)).toMatchObject({ status: 1, status_department: 1, approver_user_id: uid('pm'), approval_flow_name: twoSteps.name, approval_step: 1, approval_step_count: 2 });
    expect(await notes('pm', id)).toEqual(['ASSIGNED']);
    expect((await staffRows(id)).map((r) => [r.status, r.assignee_user_id])).toEqual([[1, uid('pm')]]);
    const filed = (await historyOf(id))[0]!;
    expect(filed.changes).toEqual(expect.arrayContaining([{ field: 'approval_flow', oldValue: null, newValue: twoSteps.name }]));

    // Only the current step's approver acts: the next step's approver and the creator are refused.
    expect(await approve('dl', id)).toMatchObject({ status: 403, body: { message: M.notDepartmentApprover } });
    expect(await approve('staff', id)).toMatchObject({ status: 403, body: { message: M.ownRequest } });
    expect((await listed('pm', id))!.actions).toMatchObject({ approve: true, reject: true });
    expect((await listed('dl', id))!.actions).toMatchObject({ approve: false, reject: false });

    const { version } = await row(id);
    const first = await approve('pm', id, { version });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ status: 1, version: version + 1 });
    expect(await row(id)).toMatchObject({ status: 1, status_department: 1, status_cb: 1, approver_user_id: uid('dl'), department_decided_by: null, approval_step: 2 });
    // The staff rows follow the current approver (Request Management, "What needs me"); nothing is credited.
    expect((await staffRows(id)).map((r) => [r.status, r.assignee_user_id])).toEqual([[1, uid('dl')]]);
    expect(await notes('dl', id)).toEqual(['ASSIGNED']);
    expect(await notes('hr', id)).toEqual([]);
    expect(await notes('staff', id)).toEqual([]);
    // A second approve by the step-1 approver: 409, nothing moves.
    expect(await approve('pm', id)).toMatchObject({ status: 409, body: { message: F.stepDecided } });
    expect(await approve('pm', id, { version })).toMatchObject({ status: 409 });
    expect(await row(id)).toMatchObject({ approval_step: 2, approver_user_id: uid('dl') });

    // The list and the detail say where it stands.
    expect((await listed('staff', id))!.approval_step).toEqual({ step: 2, count: 2, flow_name: twoSteps.name });
    expect((await call('staff', 'GET', `/${id}`)).body.data).toMatchObject({ approval_step: { step: 2, count: 2 }, approver: { user_name: 'dl' }, status_department: { status: 'P' } });
    const mid = await timeline('staff', id);
    expect(mid).toMatchObject({ request_id: id, flow_name: twoSteps.name, current_step: 2, step_count: 2, auto_approved: false });
    expect(mid.steps.map((s: Json) => [s.rule, s.approver.username, s.decision, s.decided_by?.username ?? null])).toEqual([
      ['PM', 'pm', 'APPROVED', 'pm'],
      ['DIVISION_LEAD', 'dl', 'CURRENT', null],
    ]);

    const last = await approve('dl', id);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 1, status_department: 3, status_cb: 1, department_decided_by: uid('dl') });
    expect((await listed('staff', id))!.approval_step).toBeNull();
    expect(await notes('staff', id)).toEqual(['APPROVED']);
    expect(await notes('hr', id)).toEqual(['ASSIGNED']);
    expect(await dayValue('staff', MON)).not.toBe(1);
    // The C&B stage is unchanged: HR decides, and the credit comes with it.
    expect((await approve('hr', id)).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 3, status_cb: 3 });
    expect((await staffRows(id)).map((r) => r.status)).toEqual([3]);
    expect(await dayValue('staff', MON)).toBe(1);
    const done = await timeline('staff', id);
    expect(done).toMatchObject({ current_step: null, status: 3 });
    expect(done.steps.map((s: Json) => [s.decided_by.username, s.decision])).toEqual([
      ['pm', 'APPROVED'],
      ['dl', 'APPROVED'],
    ]);
    const history = await historyOf(id);
    expect(history.map((h) => h.action)).toEqual(['CREATE', 'STATUS', 'STATUS', 'STATUS']);
    expect(history[1]!.changes).toEqual([
      { field: 'approval_step', oldValue: 1, newValue: 2 },
      { field: 'approver_user_id', oldValue: uid('pm'), newValue: uid('dl') },
    ]);

    // The timeline is seen by whoever sees the record: a staff member outside it gets 404, as for the record.
    expect((await call('staff4', 'GET', `/api${onsiteTimelinePath(id)}`)).status).toBe(404);
    expect((await call('staff4', 'GET', `/api${onsiteTimelinePath(999_999)}`)).status).toBe(404);
  });

  it('three steps: a rejection at step 2 rejects the record and its rows; the step after is never reached', async () => {
    await makeFlow({ name: 'Onsite three steps', steps: [{ rule: 'PM' }, { rule: 'DIVISION_LEAD' }, { rule: 'HRM' }] });
    const id = await create('staff');
    expect((await approve('pm', id)).status).toBe(200);
    const rejected = await reject('dl', id, 'No budget this month');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 4, status_department: 4, approval_step: 2 });
    expect((await staffRows(id)).map((r) => r.status)).toEqual([4]);
    expect(await notes('staff', id)).toEqual(['REJECTED']);
    const tl = await timeline('staff', id);
    expect(tl.steps.map((s: Json) => s.decision)).toEqual(['APPROVED', 'REJECTED', 'CLOSED']);
    expect(tl.steps[1]).toMatchObject({ comment: 'No budget this month', decided_by: { username: 'dl' } });
    expect((await approve('hrm', id)).status).toBe(409);
    expect(await row(id)).toMatchObject({ status: 4 });
  });

  it('the creator withdraws at step 2; the waiting approver is told', async () => {
    await makeFlow(twoSteps);
    const id = await create('staff');
    expect((await approve('pm', id)).status).toBe(200);
    expect(await withdraw('pm', id, 'not mine')).toMatchObject({ status: 403, body: { message: M.notCreator } });
    expect((await withdraw('staff', id, 'Trip cancelled')).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 5 });
    expect((await staffRows(id)).map((r) => r.status)).toEqual([5]);
    expect(await notes('dl', id)).toEqual(['ASSIGNED', 'WITHDRAWN']);
    expect((await timeline('staff', id)).steps.map((s: Json) => s.decision)).toEqual(['APPROVED', 'CLOSED']);
    expect((await approve('dl', id)).status).toBe(409);
  });

  it('a flow with no step approves the Department stage at once, by the flow; C&B still decides', async () => {
    // The amount is the calendar days from the first date to the last, both included.
    await makeFlow({ name: 'Short onsite', amount_at_most: 1, priority: 1, steps: [] });
    const id = await create('staff', { fromDate: MON, toDate: MON });
    expect(await row(id)).toMatchObject({ status: 1, status_department: 3, status_cb: 1, approver_user_id: null, department_decided_by: null, approval_step: null, approval_step_count: 0 });
    const history = await historyOf(id);
    expect(history.map((h) => h.action)).toEqual(['CREATE', 'STATUS']);
    expect(history[1]).toMatchObject({ created_by_name: 'Approval flow "Short onsite"', changes: [{ field: 'status_department', oldValue: 1, newValue: 3 }] });
    expect(await notes('hr', id)).toEqual(['ASSIGNED']);
    expect(await notes('pm', id)).toEqual([]);
    expect((await staffRows(id)).map((r) => [r.status, r.assignee_user_id])).toEqual([[1, null]]);
    expect(await timeline('staff', id)).toMatchObject({ auto_approved: true, step_count: 0, steps: [], current_step: null });
    expect((await call('staff', 'GET', `/${id}`)).body.data).toMatchObject({ approval_step: null, status_department: { status: 'A' }, status_CB: { status: 'P' } });
    expect((await approve('hrm', id)).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 3 });
    expect((await staffRows(id)).map((r) => r.status)).toEqual([3]);

    // Two calendar days are over the flow's one: the single step (the project's PM).
    const longer = await create('staff', { fromDate: MON, toDate: TUE });
    expect(await row(longer)).toMatchObject({ status_department: 1, approver_user_id: uid('pm'), approval_flow_name: null });
  });

  it("Request Management's approve of a staff row passes only the record's current step", async () => {
    await makeFlow(twoSteps);
    const id = await create('staff');
    const [staffRow] = await staffRows(id);
    const viaRequests = (user: string) => call(user, 'PUT', '/api/tms/request-management/update-status', { id: staffRow!.id, status_type: 3 });
    const first = await viaRequests('pm');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 1, status_department: 1, approval_step: 2, approver_user_id: uid('dl') });
    expect((await staffRows(id)).map((r) => [r.status, r.assignee_user_id])).toEqual([[1, uid('dl')]]);
    expect((await viaRequests('pm')).status).toBe(409);
    expect((await viaRequests('dl')).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 1, status_department: 3, department_decided_by: uid('dl') });
  });

  it('an edit of a record past step 1 starts its flow again at step 1 and tells step 1', async () => {
    await makeFlow(twoSteps);
    const id = await create('staff');
    expect((await approve('pm', id)).status).toBe(200);
    const { version } = await row(id);
    const edited = await call('staff', 'PUT', `/${id}`, form({ title: 'Onsite Đà Nẵng', version }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 1, status_department: 1, approval_step: 1, approver_user_id: uid('pm') });
    expect((await staffRows(id)).filter((r) => r.status === 1).map((r) => r.assignee_user_id)).toEqual([uid('pm')]);
    expect(await notes('pm', id)).toEqual(['ASSIGNED', 'ASSIGNED']);
    expect((await timeline('staff', id)).steps.map((s: Json) => s.decision)).toEqual(['CURRENT', 'WAITING']);
    const update = (await historyOf(id)).at(-1)!;
    expect(update.action).toBe('UPDATE');
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'approval_step', oldValue: 2, newValue: 1 },
        { field: 'approver_user_id', oldValue: uid('dl'), newValue: uid('pm') },
      ]),
    );
    // dl's turn has gone: step 1 again is pm's.
    expect((await approve('dl', id)).status).toBe(403);
    expect((await approve('pm', id)).status).toBe(200);
    expect(await row(id)).toMatchObject({ approval_step: 2, approver_user_id: uid('dl') });
  });

  it('parallel approvals of one step: one 200, the rest 409, one history entry', async () => {
    await makeFlow(twoSteps);
    const id = await create('staff');
    const answers = await Promise.all(Array.from({ length: 10 }, () => approve('pm', id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect((await historyOf(id)).filter((h) => h.action === 'STATUS')).toHaveLength(1);
    expect(await row(id)).toMatchObject({ approval_step: 2 });
  });
});

describe('"anyone of a role" steps', () => {
  const roleRow = async (id: number) =>
    (await queryRows<Json>(t.db, sql`select approver_user_id, approver_role, approval_step, status, status_department from onsite_requests where id = ${id}`))[0]!;
  const staffAssignees = async (id: number) =>
    (await queryRows<Json>(t.db, sql`select r.status, r.assignee_user_id, r.assignee_role from onsite_request_staff s join requests r on r.id = s.request_id where s.onsite_request_id = ${id} order by r.employee_id`)).map(
      (r) => [r.status, r.assignee_user_id, r.assignee_role],
    );
  const holders = async (role: string) =>
    (await queryRows<{ id: number }>(t.db, sql`select u.id from user_roles r join users u on u.id = r.user_id where r.role = ${role} and not u.disabled order by 1`)).map((r) => r.id);
  const toldAssigned = async (id: number) =>
    (
      await queryRows<{ id: number }>(
        t.db,
        sql`select distinct user_id as id from notifications where link = ${`/timesheet/onsite-management?id=${id}`} and notification_type = 'ASSIGNED' order by 1`,
      )
    ).map((r) => r.id);
  const myWork = async (user: string, id: number) =>
    ((await call(user, 'GET', `/api${MY_WORK_PATHS.waiting}`)).body.data.items as Json[]).find((i) => i.kind === 'ONSITE' && i.id === id);

  it('PM then any HRM: after step 1 the record waits on the role; every HRM is told; an HRM decides, nobody else', async () => {
    const flow = { name: 'Onsite: PM then any HRM', steps: [{ rule: 'PM' }, { rule: 'ROLE', role: 'HRM' }] };
    await makeFlow(flow);
    // A date no earlier test credits: the credit comes only with C&B.
    const WED = '2026-11-04';
    const id = await create('staff', { fromDate: WED, toDate: WED });
    expect(await roleRow(id)).toMatchObject({ approver_user_id: uid('pm'), approver_role: null, approval_step: 1 });
    expect(await staffAssignees(id)).toEqual([[1, uid('pm'), null]]);
    expect((await approve('pm', id)).status).toBe(200);

    // The record and its staff rows wait on the role: no approver.
    expect(await roleRow(id)).toEqual({ approver_user_id: null, approver_role: 'HRM', approval_step: 2, status: 1, status_department: 1 });
    expect(await staffAssignees(id)).toEqual([[1, null, 'HRM']]);
    const passed = (await historyOf(id)).at(-1)!;
    expect(passed.changes).toEqual([
      { field: 'approval_step', oldValue: 1, newValue: 2 },
      { field: 'approver_user_id', oldValue: uid('pm'), newValue: null },
      { field: 'approver_role', oldValue: null, newValue: 'HRM' },
    ]);
    // Every HRM is told (besides pm at step 1), and finds it in My Work at its step.
    const hrms = await holders('HRM');
    expect(hrms.length).toBeGreaterThan(0);
    expect(await toldAssigned(id)).toEqual([...new Set([uid('pm'), ...hrms])].sort((a, b) => a - b));
    expect(await myWork('hrm', id)).toMatchObject({ stage: 'DEPARTMENT', approval_step: { step: 2, count: 2 } });
    expect(await myWork('hr', id)).toBeUndefined();
    expect(await myWork('pm', id)).toBeUndefined();

    // The list, the detail and the timeline: the role decides.
    expect((await listed('hrm', id))!.actions).toMatchObject({ approve: true, reject: true });
    for (const user of ['hr', 'pm', 'dl']) expect((await listed(user, id))?.actions ?? { approve: false }, user).toMatchObject({ approve: false });
    expect((await call('staff', 'GET', `/${id}`)).body.data).toMatchObject({ approver: null, approver_role: 'HRM', approval_step: { step: 2, count: 2 } });
    expect((await timeline('staff', id)).steps[1]).toMatchObject({ rule: 'ROLE', role: 'HRM', approver: null, decision: 'CURRENT' });

    // Nobody without the role decides: HR (not HRM) and dl 403; pm, who decided step 1, 409; the creator 403.
    expect(await approve('hr', id)).toMatchObject({ status: 403, body: { message: M.notDepartmentApprover } });
    expect(await reject('hr', id, 'not mine')).toMatchObject({ status: 403, body: { message: M.notDepartmentApprover } });
    expect((await approve('dl', id)).status).toBe(403);
    expect(await approve('pm', id)).toMatchObject({ status: 409, body: { message: F.stepDecided } });
    expect(await approve('staff', id)).toMatchObject({ status: 403, body: { message: M.ownRequest } });
    expect(await roleRow(id)).toMatchObject({ approval_step: 2, approver_role: 'HRM', status_department: 1 });

    // An HRM approves: the Department stage is approved by them, C&B opens (HR decides; the HRM, its decider, 409).
    const last = await approve('hrm', id);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 1, status_department: 3, status_cb: 1, department_decided_by: uid('hrm') });
    expect((await timeline('staff', id)).steps[1]).toMatchObject({ decision: 'APPROVED', decided_by: { username: 'hrm' } });
    expect(await notes('staff', id)).toEqual(['APPROVED']);
    expect((await approve('hrm', id)).status).toBe(409);
    expect(await dayValue('staff', WED)).not.toBe(1);
    expect((await approve('hr', id)).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 3, status_cb: 3 });
    expect((await staffAssignees(id)).map((r) => r[0])).toEqual([3]);
    expect(await dayValue('staff', WED)).toBe(1);
  });

  it('a rejection at the ROLE step by one of the role rejects the record and its rows', async () => {
    await makeFlow({ name: 'Onsite: PM then any HRM (reject)', steps: [{ rule: 'PM' }, { rule: 'ROLE', role: 'HRM' }] });
    const id = await create('staff');
    expect((await approve('pm', id)).status).toBe(200);
    expect((await reject('hrm', id, 'Over budget')).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 4, status_department: 4, department_decided_by: uid('hrm') });
    expect(await staffAssignees(id)).toEqual([[4, null, 'HRM']]);
    expect((await timeline('staff', id)).steps[1]).toMatchObject({ decision: 'REJECTED', decided_by: { username: 'hrm' }, comment: 'Over budget' });
  });

  it('a ROLE step 1: the role is told at filing, decides through Request Management too; a person step after clears the role', async () => {
    const flow = { name: 'Onsite: any HR then PM', steps: [{ rule: 'ROLE', role: 'HR' }, { rule: 'PM' }] };
    await makeFlow(flow);
    const id = await create('staff');
    expect(await roleRow(id)).toEqual({ approver_user_id: null, approver_role: 'HR', approval_step: 1, status: 1, status_department: 1 });
    expect(await staffAssignees(id)).toEqual([[1, null, 'HR']]);
    expect(await toldAssigned(id)).toEqual(await holders('HR'));
    const filed = (await historyOf(id))[0]!;
    expect(filed.changes).toEqual(expect.arrayContaining([{ field: 'approver_role', oldValue: null, newValue: 'HR' }]));
    expect((await listed('hr', id))!.actions).toMatchObject({ approve: true });
    expect((await listed('hrm', id))!.actions).toMatchObject({ approve: false });
    expect((await approve('hrm', id)).status).toBe(403);
    expect((await approve('pm', id)).status).toBe(403);

    // HR approves the staff row on Request Management: the record passes to step 2 (pm), the rows' role is cleared.
    const [staffRow] = await staffRows(id);
    const viaRequests = (user: string) => call(user, 'PUT', '/api/tms/request-management/update-status', { id: staffRow!.id, status_type: 3 });
    expect((await viaRequests('hrm')).status).toBe(403);
    const first = await viaRequests('hr');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await roleRow(id)).toMatchObject({ approver_user_id: uid('pm'), approver_role: null, approval_step: 2 });
    expect(await staffAssignees(id)).toEqual([[1, uid('pm'), null]]);
    expect(await notes('pm', id)).toEqual(['ASSIGNED']);
    expect((await viaRequests('hr')).status).toBe(409);

    // An edit past step 1 starts again at the ROLE step: the role decides again and is told again.
    const { version } = await row(id);
    const edited = await call('staff', 'PUT', `/${id}`, form({ title: 'Onsite Huế', version }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await roleRow(id)).toMatchObject({ approver_user_id: null, approver_role: 'HR', approval_step: 1 });
    expect((await staffAssignees(id)).filter((r) => r[0] === 1)).toEqual([[1, null, 'HR']]);
    expect(await notes('hr', id)).toEqual(['ASSIGNED', 'ASSIGNED']);
    const update = (await historyOf(id)).at(-1)!;
    expect(update.changes).toEqual(expect.arrayContaining([{ field: 'approver_role', oldValue: null, newValue: 'HR' }]));
    expect((await approve('pm', id)).status).toBe(403);

    // The creator withdraws while the role decides: the role is told.
    expect((await withdraw('staff', id, 'Trip cancelled')).status).toBe(200);
    expect(await notes('hr', id)).toEqual(['ASSIGNED', 'ASSIGNED', 'WITHDRAWN']);
  });

  it('a creator who holds the role is neither told nor allowed to decide their own record', async () => {
    await makeFlow({ name: 'Onsite: any HRM', steps: [{ rule: 'ROLE', role: 'HRM' }] });
    const id = await create('hrm', { employeeList: [{ employeeId: emp('staff') }] });
    expect(await roleRow(id)).toMatchObject({ approver_user_id: null, approver_role: 'HRM', approval_step: 1 });
    expect(await toldAssigned(id)).toEqual((await holders('HRM')).filter((u) => u !== uid('hrm')));
    expect(await approve('hrm', id)).toMatchObject({ status: 403, body: { message: M.ownRequest } });
    expect((await listed('hrm', id))!.actions).toMatchObject({ approve: false });
  });
});

describe('no flow: the single step as before', () => {
  it('a flow of another kind changes nothing; the timeline answers the single Department step', async () => {
    await makeFlow({ name: 'Leave only', item_kind: 'LEAVE_REQUEST', steps: [{ rule: 'HRM' }] });
    const id = await create('staff');
    expect(await row(id)).toMatchObject({ approver_user_id: uid('pm'), approval_flow_name: null, approval_step: null, approval_step_count: null });
    expect((await listed('staff', id))!.approval_step).toBeNull();
    const pending = await timeline('staff', id);
    expect(pending).toMatchObject({ flow_name: null, current_step: 1, step_count: 1 });
    expect(pending.steps).toEqual([expect.objectContaining({ position: 1, rule: null, approver: expect.objectContaining({ username: 'pm' }), decision: 'CURRENT', decided_by: null })]);
    expect((await approve('pm', id)).status).toBe(200);
    expect(await approve('pm', id)).toMatchObject({ status: 409, body: { message: M.alreadyChanged } });
    const decided = await timeline('staff', id);
    expect(decided).toMatchObject({ current_step: null });
    expect(decided.steps[0]).toMatchObject({ decision: 'APPROVED', decided_by: { username: 'pm' }, decided_at: expect.any(String) });
    const rejected = await create('staff');
    expect((await reject('pm', rejected, 'Too early')).status).toBe(200);
    expect((await timeline('staff', rejected)).steps[0]).toMatchObject({ decision: 'REJECTED', comment: 'Too early' });
  });
});
