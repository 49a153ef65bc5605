import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPROVAL_FLOW_MESSAGES as F, APPROVAL_FLOW_PATHS as P, approvalFlowPath, requestTimelinePath } from '@tms/contracts/approval-flows';
import { MY_WORK_PATHS } from '@tms/contracts/my-work';
import { REQUEST_RULE_MESSAGES as R } from '@tms/contracts/requests';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { adjustFundRow } from '../leave/leave.service.ts';
import { api, historyOf, ledgerSum, requestRow, requestWriteApp, type Json } from '../request-days/request-write.test-support.ts';

/**
 * Approval flows (issue 29): configuring them, which flow an item follows, and running a request through its steps —
 * every rule of the single step (RULES.md §5) at every step, effects only at the last.
 */
let t: TestApp;
const { call, leave, create, status } = api(() => t);
const uid = (u: string) => t.fixture.userIds[u]!;
const emp = (u: string) => t.fixture.employeeIds[u]!;

beforeAll(async () => {
  t = await requestWriteApp();
}, 120_000);
afterAll(async () => t?.close());
// Each test configures the flows it needs: the ones of earlier tests stop applying.
beforeEach(async () => {
  await queryRows(t.db, sql`update approval_flows set active = false`);
});

const flow = (over: Json = {}) => ({ name: 'Leave: GL then DL', item_kind: 'LEAVE_REQUEST', priority: 10, steps: [{ rule: 'GROUP_LEAD' }, { rule: 'DIVISION_LEAD' }], ...over });
async function makeFlow(body: Json, user = 'hr'): Promise<Json> {
  const res = await call(user, 'POST', `/api${P.list}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const unpaid = (dates: string[]) => leave(dates[0]!, { reason_type: 'UNPAID_LEAVE', request_dates: dates.map((d) => ({ request_date: d, duration: 'FULL_DAY' })) });
const approveAt = (user: string, id: number, step: number) => call(user, 'PUT', 'update-status', { id, status_type: 3, approval_step: step });
/** The stored day of the timesheet (recomputed after each commit that queued it). */
const day = async (username: string, date: string) =>
  (await queryRows<Json>(t.db, sql`select value::float8 as value, morning_credit, notation from timesheet_days where employee_id = ${emp(username)} and date = ${date}`))[0] ?? null;
async function withPolicy(username: string) {
  await t.db.execute(sql`insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation, explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date)
                         select id, 'HCM', 'DAY', 3, 1, 1, 15, 'OT_FIXED', '2020-01-06', '9999-12-30' from employees where id = ${emp(username)} and not exists (select 1 from staff_policies where employee_id = ${emp(username)})`);
}
const timeline = async (user: string, id: number) => (await call(user, 'GET', `/api${requestTimelinePath(id)}`)).body.data;
const flowOf = async (id: number) => (await queryRows<Json>(t.db, sql`select approval_flow_name, approval_step, approval_step_count from requests where id = ${id}`))[0]!;

describe('configuring flows', () => {
  it('HR, HRM and Admin configure; anyone else 403; every change has a history entry', async () => {
    expect((await call('staff', 'POST', `/api${P.list}`, flow())).status).toBe(403);
    expect((await call('gl', 'GET', `/api${P.list}`)).status).toBe(403);
    const created = await makeFlow(flow({ name: 'Config test' }), 'hrm');
    expect(created).toMatchObject({ name: 'Config test', item_kind: 'LEAVE_REQUEST', active: true, used_by: 0, version: 1 });
    expect(created.steps.map((s: Json) => s.rule)).toEqual(['GROUP_LEAD', 'DIVISION_LEAD']);
    const edited = await call('admin', 'PUT', `/api${approvalFlowPath(created.id)}`, flow({ name: 'Config test 2', version: 1, steps: [{ rule: 'USER', user_id: uid('hrm') }] }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.steps).toEqual([{ position: 1, rule: 'USER', user: { user_id: uid('hrm'), username: 'hrm', name: 'Hung Manager' }, role: null }]);
    // A stale version is refused and changes nothing.
    expect(await call('hr', 'PUT', `/api${approvalFlowPath(created.id)}`, flow({ version: 1 }))).toMatchObject({ status: 409, body: { message: F.changedMeanwhile } });
    expect((await call('hr', 'PUT', `/api${approvalFlowPath(created.id)}/active`, { active: false })).body.data.active).toBe(false);
    const history = await call('hr', 'GET', `/api${approvalFlowPath(created.id)}/history`);
    expect(history.body.data.map((h: Json) => h.action)).toEqual(expect.arrayContaining(['CREATE', 'UPDATE', 'STATUS']));
    expect((await call('hr', 'DELETE', `/api${approvalFlowPath(created.id)}`)).status).toBe(200);
    expect((await call('hr', 'GET', `/api${P.list}`)).body.data.some((f: Json) => f.id === created.id)).toBe(false);
    expect((await call('hr', 'DELETE', `/api${approvalFlowPath(created.id)}`)).status).toBe(404);
  });

  it('bad input gets its message and stores nothing', async () => {
    const before = (await call('hr', 'GET', `/api${P.list}`)).body.data.length;
    const cases: [Json, string][] = [
      [flow({ name: '  ' }), F.nameRequired],
      [flow({ name: 'x'.repeat(201) }), F.nameTooLong],
      [flow({ item_kind: 'OVERTIME' }), F.kindRequired],
      [flow({ steps: Array.from({ length: 6 }, () => ({ rule: 'HRM' })) }), F.tooManySteps],
      [flow({ steps: [{ rule: 'USER' }] }), F.stepUserRequired],
      [flow({ steps: [{ rule: 'USER', user_id: 999_999 }] }), F.stepUserNotFound],
      [flow({ amount_over: 5, amount_at_most: 2 }), F.amountRange],
      [flow({ amount_over: -1 }), F.amountInvalid],
      [flow({ priority: 0 }), F.priorityInvalid],
      [flow({ item_kind: 'WORK_OUTSIDE', reason_types: ['ANN_LEAVE_CORP'] }), F.reasonTypesOnlyForLeave],
    ];
    for (const [body, message] of cases) {
      const res = await call('hr', 'POST', `/api${P.list}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    expect((await call('hr', 'GET', `/api${P.list}`)).body.data.length).toBe(before);
  });
});

describe('which flow applies', () => {
  const preview = (over: Json = {}) => call('hr', 'POST', `/api${P.preview}`, { employee_id: emp('staff'), item_kind: 'LEAVE_REQUEST', reason_type: 'ANN_LEAVE_CORP', amount: 3, date: '2026-12-01', ...over });

  it('by kind, reason type, amount, division, department and role; the first by priority; inactive flows never', async () => {
    const none = await preview();
    expect(none.body.data).toMatchObject({ flow: null, auto_approve: false, steps: [], default_approver: { username: 'gl' } });
    const over2 = await makeFlow(flow({ name: 'Over 2 days', amount_over: 2, priority: 20 }));
    const annual = await makeFlow(flow({ name: 'Annual only', reason_types: ['ANN_LEAVE_CORP'], priority: 30, steps: [{ rule: 'HRM' }] }));
    const div2 = await makeFlow(flow({ name: 'Division two', division_ids: [t.fixture.divisions.div2], priority: 5 }));
    const dep1Leads = await makeFlow(flow({ name: 'Leads of DEP1', department_ids: [t.fixture.departments.dep1], requester_roles: ['GROUP_LEAD'], priority: 1 }));
    const name = async (over: Json) => (await preview(over)).body.data.flow?.name ?? null;
    expect(await name({})).toBe(over2.name); // 3 days: over 2, priority 20 before 30
    expect(await name({ amount: 2 })).toBe(annual.name); // exactly 2 is not over 2
    expect(await name({ amount: 2, reason_type: 'UNPAID_LEAVE' })).toBeNull();
    expect(await name({ employee_id: emp('staff4'), amount: 1 })).toBe(div2.name);
    expect(await name({ employee_id: emp('gl'), amount: 1 })).toBe(dep1Leads.name);
    expect(await name({ item_kind: 'WORK_OUTSIDE', reason_type: null })).toBeNull();
    await call('hr', 'PUT', `/api${approvalFlowPath(over2.id)}/active`, { active: false });
    expect(await name({})).toBe(annual.name);
    const atMost = await makeFlow(flow({ name: 'Short unpaid', reason_types: ['UNPAID_LEAVE'], amount_at_most: 1, priority: 2 }));
    expect(await name({ amount: 1, reason_type: 'UNPAID_LEAVE' })).toBe(atMost.name);
    expect(await name({ amount: 1.5, reason_type: 'UNPAID_LEAVE' })).toBeNull();
    expect((await preview({ employee_id: 999_999 })).body.message).toBe(F.employeeRequired);
  });

  it("the request form's approver lookup names the flow and its steps when told the item", async () => {
    await makeFlow(flow({ name: 'Form lookup', reason_types: ['UNPAID_LEAVE'], amount_over: 1 }));
    const ask = async (query: string) => (await call('staff', 'GET', `/api/tms/filters/get-approver-for-user?date=2026-12-01${query}`)).body.data;
    expect(await ask('')).toEqual({ id: uid('gl'), user_name: 'gl', name: 'Giang Group' });
    expect(await ask('&request_type=LEAVE_REQUEST&reason_type=UNPAID_LEAVE&days=1')).toEqual({ id: uid('gl'), user_name: 'gl', name: 'Giang Group' });
    expect(await ask('&request_type=LEAVE_REQUEST&reason_type=UNPAID_LEAVE&days=1.5')).toEqual({
      id: uid('gl'),
      user_name: 'gl',
      name: 'Giang Group',
      approval_flow: { name: 'Form lookup', auto_approve: false, steps: [{ user_name: 'gl', name: 'Giang Group' }, { user_name: 'dl', name: 'Dung Division' }] },
    });
  });

  it('a step whose approver would be the requester passes along the chain; a delegation by a step approver replaces that step', async () => {
    await makeFlow(flow({ name: 'GL, DL, named gl', steps: [{ rule: 'GROUP_LEAD' }, { rule: 'DIVISION_LEAD' }, { rule: 'USER', user_id: uid('gl') }] }));
    // gl leads DEP1, so for gl's own item the group lead step passes to the division lead, and so does the step that
    // names gl (a named user falls back to the group lead, here gl again, then the division lead).
    const own = (await preview({ employee_id: emp('gl') })).body.data.steps;
    expect(own.map((s: Json) => [s.approver.username, s.source])).toEqual([['dl', 'DIVISION_LEAD'], ['dl', 'DIVISION_LEAD'], ['dl', 'DIVISION_LEAD']]);
    // dl (step 2's approver) hands their approval of staff to 'other' for December: step 2 goes to 'other'.
    const [d] = await queryRows<{ id: number }>(t.db, sql`insert into delegations (delegator_employee_id, creator_user_id, flag) values (${emp('other')}, ${uid('dl')}, true) returning id`);
    await queryRows(t.db, sql`insert into delegation_members (delegation_id, staff_employee_id, from_date, to_date) values (${d!.id}, ${emp('staff')}, '2026-12-01', '2026-12-31')`);
    const delegated = (await preview({})).body.data.steps;
    expect(delegated.map((s: Json) => [s.approver.username, s.source])).toEqual([['gl', 'GROUP_LEAD'], ['other', 'DELEGATION'], ['gl', 'USER']]);
    // Outside the delegation's dates the division lead approves step 2 again.
    expect((await preview({ date: '2027-01-04' })).body.data.steps[1].approver.username).toBe('dl');
    await queryRows(t.db, sql`update delegations set flag = false where id = ${d!.id}`);
  });
});

describe('running a request through its steps', () => {
  it('two steps: the first approval moves it to step 2 without drawing leave or touching the timesheet; the last one does', async () => {
    await makeFlow(flow({ name: 'Annual: GL then DL', reason_types: ['ANN_LEAVE_CORP'] }));
    await withPolicy('staff');
    const before = await ledgerSum(t, 'staff');
    // A past day after the lock date, so its cell is computed: it shows the leave only after the last step.
    const date = '2026-11-03';
    const id = await create('staff', leave(date));
    const cellBefore = await day('staff', date);
    expect(await flowOf(id)).toEqual({ approval_flow_name: 'Annual: GL then DL', approval_step: 1, approval_step_count: 2 });
    expect((await requestRow(t, id)).assignee_user_id).toBe(uid('gl'));
    // Only the step's approver acts.
    expect(await status('dl', id, 3)).toMatchObject({ status: 403, body: { message: R.notAssignee } });
    expect(await status('staff', id, 3)).toMatchObject({ status: 403, body: { message: R.ownRequest } });
    const first = await approveAt('gl', id, 1);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await requestRow(t, id)).toMatchObject({ status: 1, assignee_user_id: uid('dl'), approved_by_user_id: null });
    expect(await ledgerSum(t, 'staff')).toBe(before);
    expect(await day('staff', date)).toEqual(cellBefore);
    const [told] = await queryRows<Json>(t.db, sql`select notification_type from notifications where user_id = ${uid('dl')} and link like ${`%id=${id}`}`);
    expect(told).toMatchObject({ notification_type: 'ASSIGNED' });
    // A second approve of step 1 by gl: 409, and nothing moves.
    expect(await approveAt('gl', id, 1)).toMatchObject({ status: 409, body: { message: F.stepDecided } });
    expect(await status('gl', id, 3)).toMatchObject({ status: 409, body: { message: F.stepDecided } });
    // dl finds it waiting in My Work, at step 2 of 2.
    const waiting = (await call('dl', 'GET', `/api${MY_WORK_PATHS.waiting}`)).body.data.items.find((i: Json) => i.kind === 'REQUEST' && i.id === id);
    expect(waiting?.approval_step).toEqual({ step: 2, count: 2 });
    // The list says where it stands.
    const listed = (await call('staff', 'GET', `/api/tms/request-management?status=1&size=50`)).body.data.find((r: Json) => r.id === id);
    expect(listed.approval_step).toEqual({ step: 2, count: 2, flow_name: 'Annual: GL then DL' });
    const mid = await timeline('staff', id);
    expect(mid.steps.map((s: Json) => [s.approver.username, s.decision])).toEqual([['gl', 'APPROVED'], ['dl', 'CURRENT']]);
    expect(mid).toMatchObject({ current_step: 2, step_count: 2, flow_name: 'Annual: GL then DL' });
    const last = await approveAt('dl', id, 2);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(await requestRow(t, id)).toMatchObject({ status: 3, approved_by_user_id: uid('dl') });
    expect(await ledgerSum(t, 'staff')).toBe(before - 8);
    expect(await day('staff', date)).toMatchObject({ value: 1, morning_credit: 'REQUEST' });
    expect(cellBefore?.morning_credit ?? null).toBeNull();
    const done = await timeline('staff', id);
    expect(done.steps.map((s: Json) => [s.decided_by.username, s.decision])).toEqual([['gl', 'APPROVED'], ['dl', 'APPROVED']]);
    expect((await historyOf(t, id)).map((h) => h.action)).toEqual(['CREATE', 'STATUS', 'STATUS']);
    // Someone else's department cannot read the timeline.
    expect((await call('staff4', 'GET', `/api${requestTimelinePath(id)}`)).status).toBe(404);
  });

  it('three steps: a rejection at step 2 rejects the item with its reason; a withdrawal at step 2 withdraws it', async () => {
    await makeFlow(flow({ name: 'Three steps', reason_types: ['UNPAID_LEAVE'], steps: [{ rule: 'GROUP_LEAD' }, { rule: 'DIVISION_LEAD' }, { rule: 'HRM' }] }));
    const rejected = await create('staff2', unpaid(['2026-11-17']));
    expect((await approveAt('gl', rejected, 1)).status).toBe(200);
    expect((await call('dl', 'PUT', 'update-status', { id: rejected, status_type: 4, reason: 'Team is short that day', approval_step: 2 })).status).toBe(200);
    expect(await requestRow(t, rejected)).toMatchObject({ status: 4, reasons_for_rejection: 'Team is short that day' });
    const rt = await timeline('staff2', rejected);
    expect(rt.steps.map((s: Json) => s.decision)).toEqual(['APPROVED', 'REJECTED', 'CLOSED']);
    expect(rt.steps[1].comment).toBe('Team is short that day');
    // hrm, the third step's approver, never became the assignee: refused, and nothing changes.
    expect((await status('hrm', rejected, 3)).status).toBe(403);
    expect(await requestRow(t, rejected)).toMatchObject({ status: 4 });

    const withdrawn = await create('staff2', unpaid(['2026-11-18']));
    expect((await approveAt('gl', withdrawn, 1)).status).toBe(200);
    expect((await status('staff2', withdrawn, 5, 'Not needed')).status).toBe(200);
    expect(await requestRow(t, withdrawn)).toMatchObject({ status: 5 });
    expect((await timeline('staff2', withdrawn)).steps.map((s: Json) => s.decision)).toEqual(['APPROVED', 'CLOSED', 'CLOSED']);

    const passed = await create('staff2', unpaid(['2026-11-19']));
    for (const [user, step] of [['gl', 1], ['dl', 2], ['hrm', 3]] as const) expect((await approveAt(user, passed, step)).status).toBe(200);
    expect(await requestRow(t, passed)).toMatchObject({ status: 3, approved_by_user_id: uid('hrm') });
  });

  it('"anyone of a role": every user of the role is told, any one of them decides; nobody else', async () => {
    await makeFlow(flow({ name: 'GL then any HRM', reason_types: ['UNPAID_LEAVE'], steps: [{ rule: 'GROUP_LEAD' }, { rule: 'ROLE', role: 'HRM' }] }));
    const id = await create('staff2', unpaid(['2026-11-20']));
    expect((await approveAt('gl', id, 1)).status).toBe(200);
    const [waitingOn] = await queryRows<Json>(t.db, sql`select assignee_user_id, assignee_role, status from requests where id = ${id}`);
    expect(waitingOn).toEqual({ assignee_user_id: null, assignee_role: 'HRM', status: 1 });
    // Every HRM but the requester is told (bell), and finds it in My Work.
    const hrms = await queryRows<Json>(t.db, sql`select r.user_id from user_roles r join users u on u.id = r.user_id where r.role = 'HRM' and not u.disabled order by 1`);
    const told = await queryRows<Json>(t.db, sql`select user_id from notifications where link like ${`%id=${id}`} and notification_type = 'ASSIGNED' and user_id <> ${uid('gl')} order by 1`);
    expect(told.map((n) => n.user_id)).toEqual(hrms.map((h) => h.user_id));
    const mine = (await call('hrm', 'GET', `/api${MY_WORK_PATHS.waiting}`)).body.data.items.find((i: Json) => i.kind === 'REQUEST' && i.id === id);
    expect(mine?.approval_step).toEqual({ step: 2, count: 2 });
    // Someone without the role is refused (HR is not HRM), and the list offers them no approve.
    for (const user of ['dl', 'hr']) expect((await approveAt(user, id, 2)).status, user).toBe(403);
    const asHr = (await call('hr', 'GET', `/api/tms/request-management?status=1&size=50`)).body.data.find((r: Json) => r.id === id);
    expect(asHr.actions.approve).toBe(false);
    const asHrm = (await call('hrm', 'GET', `/api/tms/request-management?status=1&size=50`)).body.data.find((r: Json) => r.id === id);
    expect(asHrm.actions.approve).toBe(true);
    expect((await timeline('staff2', id)).steps[1]).toMatchObject({ rule: 'ROLE', role: 'HRM', approver: null, decision: 'CURRENT' });
    // An HRM decides; the step records who.
    expect((await approveAt('hrm', id, 2)).status).toBe(200);
    expect(await requestRow(t, id)).toMatchObject({ status: 3, approved_by_user_id: uid('hrm') });
    expect((await timeline('staff2', id)).steps[1]).toMatchObject({ decision: 'APPROVED', decided_by: { username: 'hrm' } });
    // A ROLE step names its role.
    expect(await call('hr', 'POST', `/api${P.list}`, flow({ steps: [{ rule: 'ROLE' }] }))).toMatchObject({ status: 400, body: { message: F.stepRoleRequired } });
  });

  it('a flow without a step approves at once, recorded as approved by the flow', async () => {
    await makeFlow({ name: 'Short work outside', item_kind: 'WORK_OUTSIDE', amount_at_most: 1, priority: 1, steps: [] });
    // Work outside is filed by HR for the employee (spec 001 §4.2).
    await withPolicy('staff4');
    const id = await create('hr', { employee: emp('staff4'), request_type: 'WORK_OUTSIDE', reason_type: 'WORK_OUTSIDE', request_dates: [{ request_date: '2026-11-04', duration: 'FULL_DAY' }] });
    expect(await requestRow(t, id)).toMatchObject({ status: 3, assignee_user_id: null, approved_by_user_id: null });
    const history = await historyOf(t, id);
    expect(history.map((h) => h.action)).toEqual(['CREATE', 'STATUS']);
    const [by] = await queryRows<Json>(t.db, sql`select created_by_name from history where table_name = 'requests' and record_id = ${id} and action = 'STATUS'`);
    expect(by!.created_by_name).toBe('Approval flow "Short work outside"');
    expect(await timeline('staff4', id)).toMatchObject({ auto_approved: true, step_count: 0, steps: [] });
    // The day is recomputed with the approval: work outside credits it.
    expect(await day('staff4', '2026-11-04')).toMatchObject({ value: 1 });
  });

  it('an edit after step 1 starts the flow again at step 1', async () => {
    await makeFlow(flow({ name: 'Edited', reason_types: ['UNPAID_LEAVE'] }));
    const id = await create('staff2', unpaid(['2026-11-25']));
    expect((await approveAt('gl', id, 1)).status).toBe(200);
    const edited = await call('staff2', 'PUT', 'edit-request', { id, ...unpaid(['2026-11-25', '2026-11-26']) });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await flowOf(id)).toMatchObject({ approval_step: 1 });
    expect((await requestRow(t, id)).assignee_user_id).toBe(uid('gl'));
    expect((await timeline('staff2', id)).steps.map((s: Json) => s.decision)).toEqual(['CURRENT', 'WAITING']);
  });

  it('update-assignee moves the current step; the timeline names the new approver', async () => {
    await makeFlow(flow({ name: 'Reassigned', reason_types: ['UNPAID_LEAVE'] }));
    const id = await create('staff', unpaid(['2026-11-23']));
    expect((await call('gl', 'PUT', 'update-assignee', { id, approver: 'hrm' })).status).toBe(200);
    expect((await timeline('staff', id)).steps[0].approver.username).toBe('hrm');
    expect((await approveAt('hrm', id, 1)).status).toBe(200);
    expect((await requestRow(t, id)).assignee_user_id).toBe(uid('dl'));
  });

  it('20 parallel approves of one step: one 200, the rest 409, one history entry', async () => {
    await makeFlow(flow({ name: 'Parallel', reason_types: ['UNPAID_LEAVE'] }));
    const id = await create('staff', unpaid(['2026-11-24']));
    const answers = await Promise.all(Array.from({ length: 20 }, () => approveAt('gl', id, 1)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect((await historyOf(t, id)).filter((h) => h.action === 'STATUS')).toHaveLength(1);
    expect(await flowOf(id)).toMatchObject({ approval_step: 2 });
  });

  it('a balance enough for one of two three-step requests approved in parallel at their last steps: one succeeds', async () => {
    await makeFlow(flow({ name: 'Annual three steps', reason_types: ['ANN_LEAVE_CORP'], steps: [{ rule: 'GROUP_LEAD' }, { rule: 'DIVISION_LEAD' }, { rule: 'HRM' }] }));
    const balance = await ledgerSum(t, 'gl');
    expect(balance).toBe(16);
    // gl's own requests: their group lead step passes to dl; dl then hrm.
    const a = await create('gl', leave('2026-12-01'));
    const b = await create('gl', leave('2026-12-02'));
    // HR lowers the grant to 8 h meanwhile (as Bonus Leave's edit does), so only one of the two can still be drawn.
    const [grant] = await queryRows<{ id: number }>(t.db, sql`select id from leave_fund_rows where employee_id = ${emp('gl')} and fund_type = 'default_leave'`);
    expect(await adjustFundRow(t.db, { fundRowId: grant!.id, hours: 8 }, uid('hr'))).toMatchObject({ ok: true });
    expect(await ledgerSum(t, 'gl')).toBe(8);
    for (const id of [a, b]) {
      expect((await approveAt('dl', id, 1)).status).toBe(200);
      expect((await approveAt('dl', id, 2)).status).toBe(200);
    }
    const last = await Promise.all([approveAt('hrm', a, 3), approveAt('hrm', b, 3)]);
    expect(last.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(last.find((r) => r.status === 400)!.body.message).toBe(R.insufficientBalance);
    expect(await ledgerSum(t, 'gl')).toBe(0);
  });
});
