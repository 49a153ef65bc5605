import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPROVAL_FLOW_MESSAGES as AF, APPROVAL_FLOW_PATHS as P } from '@tms/contracts/approval-flows';
import { MY_WORK_PATHS } from '@tms/contracts/my-work';
import { FIXED_MESSAGES as F, fixedTimelinePath } from '@tms/contracts/overtime-fixed';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { B, fixedApi, fixedApp, type Json } from './fixed-overtime.test-support.ts';

/**
 * Fixed overtime under approval flows (issue 29, docs/overtime.md "Approval flows"): each staff row follows its own
 * flow. The flow "PM then DL" applies to the staff of DEP1 (staff), not to staff4 (DEP3), who keeps the single step
 * (the project's PM). Every rule of the single step holds at every step; only a row's last step has effects.
 */
let t: TestApp;
const api = fixedApi(() => t);
const { call, create, detail, status, row, emp, uid } = api;

beforeAll(async () => {
  t = await fixedApp();
}, 120_000);
afterAll(async () => t?.close());
// Each test configures the flows it needs: the ones of earlier tests stop applying.
beforeEach(async () => {
  await queryRows(t.db, sql`update approval_flows set active = false`);
});

async function makeFlow(body: Json): Promise<Json> {
  const res = await call('hr', 'POST', `/api${P.list}`, { item_kind: 'FIXED_OT', priority: 10, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const pmThenDl = () => makeFlow({ name: 'OT: PM then DL', department_ids: [t.fixture.departments.dep1], steps: [{ rule: 'PM' }, { rule: 'DIVISION_LEAD' }] });

let slot = 0;
/** A fresh weekday window per test (30 minutes unless told), so requests never overlap. */
function window(hours = 0.5): Json {
  // 04/12 is the limits test's own day.
  const days = ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-13', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03'];
  const d = days[slot % days.length]!;
  const start = 18 * 60 + 150 * Math.floor(slot / days.length);
  slot += 1;
  const at = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
  return { ot_date: d, start_time: `${d} ${at(start)}`, end_time: `${d} ${at(start + Math.round(hours * 60))}`, mail_cc: [] };
}
const team = (users: string[]) => ({ staff: users.map((u) => ({ employee_id: emp(u) })) });
const staffRow = (d: Json, u: string) => (d.staff as Json[]).find((s) => s.employee_id === emp(u))!;
const approveAt = (user: string, id: number, u: string, step?: number) => status(user, id, [{ ...row(u, 3), ...(step === undefined ? {} : { approval_step: step }) }]);
const timeline = async (user: string, id: number, u: string) => call(user, 'GET', `/api${fixedTimelinePath(id, emp(u))}`);
const historyOf = async (id: number) =>
  queryRows<Json>(t.db, sql`select action, changes, created_by_name from history where table_name = 'overtime_requests' and record_id = ${id} order by id`);
const notes = async (u: string, id: number) =>
  (await queryRows<{ k: string }>(t.db, sql`select text_key as k from notifications where user_id = ${uid(u)} and link = ${`/timesheet/overtime-management?id=${id}`} order by id`)).map((n) => n.k);
const steps = async (id: number, u: string) =>
  queryRows<Json>(
    t.db,
    sql`select a.position, a.decision, a.decided_by_user_id, a.comment from overtime_approval_steps a join overtime_request_staff s on s.id = a.overtime_staff_id
         where s.overtime_request_id = ${id} and s.employee_id = ${emp(u)} order by a.position`,
  );

describe('a fixed request whose rows follow different flows', () => {
  it('plans each row: the row in the flow waits for step 1 (the PM), the other keeps the single step', async () => {
    await pmThenDl();
    const id = await create('gl', { ...window(), ...team(['staff', 'staff4']) });
    const d = await detail('gl', id);
    expect(staffRow(d, 'staff')).toMatchObject({ status: 1, approver_id: uid('pm'), approval_step: { step: 1, count: 2, flow_name: 'OT: PM then DL' } });
    expect(staffRow(d, 'staff4')).toMatchObject({ status: 1, approver_id: uid('pm'), approval_step: null });
    expect(d.assignee).toBe(uid('pm'));
    expect(await notes('pm', id)).toEqual(['overtimeCreated']);
    const [created] = await historyOf(id);
    expect(created!.changes).toEqual(expect.arrayContaining([{ field: `staff[${emp('staff')}].approval_flow`, oldValue: null, newValue: 'OT: PM then DL (2)' }]));
  });

  it('Approve All by the PM approves the single-step row and passes the flow row to step 2; only the last step decides it', async () => {
    await pmThenDl();
    const id = await create('gl', { ...window(), ...team(['staff', 'staff4']) });
    const all = await status('pm', id, [row('staff', 3), row('staff4', 3)]);
    expect([all.status, all.body.data.items]).toEqual([200, undefined]);
    let d = await detail('gl', id);
    expect(staffRow(d, 'staff4')).toMatchObject({ status: 3, approval_step: null });
    expect(staffRow(d, 'staff')).toMatchObject({ status: 1, approver_id: uid('dl'), approval_step: { step: 2, count: 2 }, decided_date: null });
    // The request's one approver follows the row still waiting; the next approver is told and finds it in My Work.
    expect(d.assignee).toBe(uid('dl'));
    expect(await notes('dl', id)).toEqual(['overtimeAwaitsApproval']);
    const waiting = (await call('dl', 'GET', `/api${MY_WORK_PATHS.waiting}`)).body.data.items as Json[];
    expect(waiting.find((i) => i.kind === 'FIXED_OT' && i.id === id)).toMatchObject({ employee_id: emp('staff'), approval_step: { step: 2, count: 2 } });
    expect((await call('pm', 'GET', `/api${MY_WORK_PATHS.waiting}`)).body.data.items.some((i: Json) => i.kind === 'FIXED_OT' && i.id === id)).toBe(false);
    const history = await historyOf(id);
    expect(history.at(-1)!.changes).toEqual(
      expect.arrayContaining([
        { field: `staff[${emp('staff4')}].status`, oldValue: 1, newValue: 3 },
        { field: `staff[${emp('staff')}].approval_step`, oldValue: 1, newValue: 2 },
        { field: `staff[${emp('staff')}].approver_id`, oldValue: uid('pm'), newValue: uid('dl') },
      ]),
    );
    expect(history.at(-1)!.changes.some((c: Json) => c.field === `staff[${emp('staff')}].status`)).toBe(false);

    // 409 for the PM's second approve of the row (the step they decided); 403 for anyone who is not step 2's approver.
    expect(await approveAt('pm', id, 'staff')).toMatchObject({ status: 409, body: { message: AF.stepDecided } });
    expect(await approveAt('gl', id, 'staff')).toMatchObject({ status: 403, body: { message: F.notApprover } });
    expect(await approveAt('staff', id, 'staff')).toMatchObject({ status: 403 });
    // A stale click (the step seen was 1) never approves step 2.
    expect(await approveAt('dl', id, 'staff', 1)).toMatchObject({ status: 409, body: { message: AF.stepDecided } });

    expect((await approveAt('dl', id, 'staff', 2)).status).toBe(200);
    d = await detail('gl', id);
    expect(staffRow(d, 'staff')).toMatchObject({ status: 3, approval_step: null });
    expect((await steps(id, 'staff')).map((s) => [s.position, s.decision, s.decided_by_user_id])).toEqual([
      [1, 3, uid('pm')],
      [2, 3, uid('dl')],
    ]);
    expect(await approveAt('dl', id, 'staff')).toMatchObject({ status: 409 });
    expect(await notes('staff', id)).toContain('overtimeDecided');
  });

  it('a rejection at step 2 rejects the row with the reason', async () => {
    await pmThenDl();
    const id = await create('gl', { ...window(), ...team(['staff', 'staff4']) });
    expect((await approveAt('pm', id, 'staff')).status).toBe(200);
    const rejected = await status('dl', id, [row('staff', 4, 'Not this week')]);
    expect(rejected.status).toBe(200);
    const d = await detail('gl', id);
    expect(staffRow(d, 'staff')).toMatchObject({ status: 4, reject_reason: 'Not this week', approval_step: null });
    expect(staffRow(d, 'staff4')).toMatchObject({ status: 1 });
    expect((await steps(id, 'staff')).map((s) => [s.position, s.decision, s.comment])).toEqual([
      [1, 3, null],
      [2, 4, 'Not this week'],
    ]);
    const tl = (await timeline('gl', id, 'staff')).body.data;
    expect(tl.steps.map((s: Json) => s.decision)).toEqual(['APPROVED', 'REJECTED']);
  });

  it('the creator withdraws one row, or cancels all, while a row waits at step 2', async () => {
    await pmThenDl();
    const one = await create('gl', { ...window(), ...team(['staff', 'staff4']) });
    expect((await approveAt('pm', one, 'staff')).status).toBe(200);
    expect((await status('gl', one, [row('staff', 5)])).status).toBe(200);
    expect(staffRow(await detail('gl', one), 'staff')).toMatchObject({ status: 5, approval_step: null });
    const tl = (await timeline('gl', one, 'staff')).body.data;
    expect([tl.current_step, tl.steps.map((s: Json) => s.decision)]).toEqual([null, ['APPROVED', 'CLOSED']]);
    expect(await approveAt('dl', one, 'staff', 2)).toMatchObject({ status: 409 });

    const all = await create('gl', { ...window(), ...team(['staff', 'staff4']) });
    expect((await approveAt('pm', all, 'staff')).status).toBe(200);
    expect((await status('gl', all, [row('staff', 6), row('staff4', 6)], { withdraw_reason: 'Release moved' })).status).toBe(200);
    const d = await detail('gl', all);
    expect((d.staff as Json[]).map((s) => s.status)).toEqual([6, 6]);
  });

  it('an edit of a row past step 1 starts its flow again at step 1; a staff member added is planned as at creation', async () => {
    await pmThenDl();
    const id = await create('gl', { ...window(), ...team(['staff']) });
    expect((await approveAt('pm', id, 'staff')).status).toBe(200);
    const d = await detail('gl', id);
    const res = await call('gl', 'PUT', B, { ...api.form({ ...window(), ...team(['staff', 'staff2']) }), id, version: d.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await detail('gl', id);
    expect(staffRow(after, 'staff')).toMatchObject({ id: staffRow(d, 'staff').id, approver_id: uid('pm'), approval_step: { step: 1, count: 2 } });
    expect(staffRow(after, 'staff2')).toMatchObject({ approver_id: uid('pm'), approval_step: { step: 1, count: 2 } });
    expect((await steps(id, 'staff')).map((s) => s.decision)).toEqual([null, null]);
    const [update] = (await historyOf(id)).filter((h) => h.action === 'UPDATE');
    expect(update!.changes).toEqual(expect.arrayContaining([{ field: `staff[${emp('staff')}].approval_step`, oldValue: 2, newValue: 1 }]));
  });
});

describe('approvals at a step and the rest of the single step', () => {
  it("Approve All reports each row: one passes its step, the other an overtime limit refuses (207)", async () => {
    const day = '2026-12-04';
    const at = (from: string, to: string, users: string[]) => ({ ot_date: day, start_time: `${day} ${from}:00`, end_time: `${day} ${to}:00`, mail_cc: [], ...team(users) });
    // staff4 has 8 normal + 3.5 approved overtime hours that day: one more hour passes the daily 12.
    const earlier = await create('gl', at('18:00', '21:30', ['staff4']));
    expect((await status('pm', earlier, [row('staff4', 3)])).status).toBe(200);
    await pmThenDl();
    const id = await create('gl', at('21:30', '22:30', ['staff', 'staff4']));
    const all = await status('pm', id, [row('staff', 3), row('staff4', 3)]);
    expect(all.status).toBe(207);
    expect((all.body.data.items as Json[]).map((i) => [i.employee_id, i.code])).toEqual([
      [emp('staff'), 200],
      [emp('staff4'), 409],
    ]);
    const d = await detail('gl', id);
    expect(staffRow(d, 'staff')).toMatchObject({ status: 1, approver_id: uid('dl'), approval_step: { step: 2 } });
    expect(staffRow(d, 'staff4')).toMatchObject({ status: 1, approver_id: uid('pm') });
  });

  it('of parallel approvals of one step, one passes it and the others answer 409', async () => {
    await pmThenDl();
    const id = await create('gl', { ...window(), ...team(['staff']) });
    const answers = await Promise.all(Array.from({ length: 5 }, () => approveAt('pm', id, 'staff', 1)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await steps(id, 'staff')).map((s) => s.decision)).toEqual([3, null]);
    const passed = (await historyOf(id)).filter((h) => h.changes.some((c: Json) => c.field === `staff[${emp('staff')}].approval_step`));
    expect(passed).toHaveLength(1);
  });

  it("a reassignment moves the current step's approver", async () => {
    await pmThenDl();
    const id = await create('gl', { ...window(), ...team(['staff']) });
    expect((await approveAt('pm', id, 'staff')).status).toBe(200);
    expect((await call('hr', 'PUT', `${B}/${id}/update-assignee`, { data: { assignee: uid('hrm') } })).status).toBe(200);
    const tl = (await timeline('gl', id, 'staff')).body.data;
    expect(tl.steps.map((s: Json) => [s.approver?.username, s.decision])).toEqual([
      ['pm', 'APPROVED'],
      ['hrm', 'CURRENT'],
    ]);
    expect(await approveAt('dl', id, 'staff')).toMatchObject({ status: 403 });
    expect((await approveAt('hrm', id, 'staff', 2)).status).toBe(200);
    expect(staffRow(await detail('gl', id), 'staff')).toMatchObject({ status: 3 });
  });
});

describe('a flow with no step', () => {
  it('approves the rows at once, by the flow, and the pay follows as for an approval', async () => {
    await makeFlow({ name: 'Short OT', amount_at_most: 1, steps: [] });
    const id = await create('gl', { ...window(0.5), ...team(['staff', 'staff4']) });
    const d = await detail('gl', id);
    expect((d.staff as Json[]).map((s) => [s.status, s.approver_id, s.approval_step])).toEqual([
      [3, null, null],
      [3, null, null],
    ]);
    expect(d.assignee).toBeNull();
    // The pay core has computed the approved rows after the commit, as after an approval.
    expect(await queryRows(t.db, sql`select pay_computed_at is not null as done from overtime_request_staff where overtime_request_id = ${id}`)).toEqual([{ done: true }, { done: true }]);
    const history = await historyOf(id);
    expect(history.map((h) => [h.action, h.created_by_name])).toEqual([
      ['CREATE', 'Giang Group'],
      ['STATUS', 'Approval flow "Short OT"'],
    ]);
    const tl = (await timeline('staff', id, 'staff')).body.data;
    expect(tl).toMatchObject({ flow_name: 'Short OT', auto_approved: true, step_count: 0, steps: [] });
    // A longer window is over the flow's amount: the single step.
    const long = await create('gl', { ...window(2), ...team(['staff']) });
    expect(staffRow(await detail('gl', long), 'staff')).toMatchObject({ status: 1, approver_id: uid('pm'), approval_step: null });
  });

  it('leaves a row an overtime limit refuses to its single-step approver', async () => {
    const limits = (month: number) => call('hr', 'POST', '/api/payroll/config-table/update', [{ table_code: 'overtime_limits', table_config: [{ key: 'month_hours', value: month }] }]);
    expect((await limits(1)).status).toBe(200);
    try {
      await makeFlow({ name: 'Any OT', steps: [] });
      const id = await create('gl', { ...window(2), ...team(['staff']) });
      expect(staffRow(await detail('gl', id), 'staff')).toMatchObject({ status: 1, approver_id: uid('pm'), approval_step: null });
      const refused = await approveAt('pm', id, 'staff');
      expect([refused.status, refused.body.messageKey]).toEqual([409, 'otLimit.monthExceeded']);
    } finally {
      await limits(40);
    }
  });
});

describe('the timeline of a staff row', () => {
  it('answers the steps to whoever sees the request, the single step for a row in no flow, and 404 otherwise', async () => {
    await pmThenDl();
    const id = await create('gl', { ...window(), ...team(['staff', 'staff4']) });
    const flowTl = await timeline('staff', id, 'staff');
    expect(flowTl.status).toBe(200);
    expect(flowTl.body.data).toMatchObject({ request_id: id, status: 1, flow_name: 'OT: PM then DL', current_step: 1, step_count: 2 });
    expect(flowTl.body.data.steps.map((s: Json) => [s.rule, s.approver?.username, s.decision])).toEqual([
      ['PM', 'pm', 'CURRENT'],
      ['DIVISION_LEAD', 'dl', 'WAITING'],
    ]);
    const single = (await timeline('pm', id, 'staff4')).body.data;
    expect(single).toMatchObject({ flow_name: null, current_step: 1, step_count: 1 });
    expect(single.steps).toEqual([{ position: 1, rule: null, approver: { user_id: uid('pm'), username: 'pm', name: 'Phuong Project' }, decision: 'CURRENT', decided_by: null, decided_at: null, comment: null }]);
    expect((await status('pm', id, [row('staff4', 3)])).status).toBe(200);
    const decided = (await timeline('pm', id, 'staff4')).body.data;
    expect(decided.steps[0]).toMatchObject({ decision: 'APPROVED', decided_by: { username: 'pm' } });
    // Outside the caller's scope, or staff not on the request: 404.
    expect((await timeline('staff3', id, 'staff')).status).toBe(404);
    expect((await timeline('gl', id, 'staff3')).status).toBe(404);
    expect((await call('gl', 'GET', `/api${B}/999999/approval-timeline?employee_id=${emp('staff')}`)).status).toBe(404);
  });
});

describe('an "anyone of a role" step', () => {
  // A second HRM (no employee), so "every HRM is told" means more than one; a higher user id leaves "the HRM" of the
  // other tests' chains as it was.
  let hrm2 = 0;
  beforeAll(async () => {
    const [u] = await queryRows<{ id: number }>(t.db, sql`insert into users (username, password_hash) values ('hrm2', 'x') returning id`);
    hrm2 = u!.id;
    await queryRows(t.db, sql`insert into user_roles (user_id, role) values (${hrm2}, 'HRM')`);
  });
  const pmThenAnyHrm = () => makeFlow({ name: 'OT: PM then any HRM', department_ids: [t.fixture.departments.dep1], steps: [{ rule: 'PM' }, { rule: 'ROLE', role: 'HRM' }] });
  const waitsOn = async (id: number, u: string) =>
    (await queryRows<Json>(t.db, sql`select approver_user_id, approver_role, status from overtime_request_staff where overtime_request_id = ${id} and employee_id = ${emp(u)}`))[0];
  const assigned = async (id: number, key: string) =>
    (
      await queryRows<{ user_id: number }>(
        t.db,
        sql`select distinct user_id from notifications where link = ${`/timesheet/overtime-management?id=${id}`} and notification_type = 'ASSIGNED' and text_key = ${key} order by 1`,
      )
    ).map((n) => n.user_id);
  const waitingOf = async (user: string, id: number) =>
    ((await call(user, 'GET', `/api${MY_WORK_PATHS.waiting}`)).body.data.items as Json[]).filter((i) => i.kind === 'FIXED_OT' && i.id === id).map((i) => i.employee_id);

  it('after step 1 the rows wait on the role: every HRM is told, finds them in My Work, and any one of them decides; nobody else', async () => {
    await pmThenAnyHrm();
    // staff4 (no flow) first: Approve All stays open while the last row is pending (spec 001 §4.5).
    const id = await create('gl', { ...window(), ...team(['staff4', 'staff', 'staff2']) });
    expect(staffRow(await detail('gl', id), 'staff')).toMatchObject({ approver_id: uid('pm'), approver_role: null, approval_step: { step: 1, count: 2 } });
    // The PM's Approve All passes the flow rows to step 2 and approves the single-step row.
    expect((await status('pm', id, [row('staff', 3), row('staff2', 3), row('staff4', 3)])).status).toBe(200);
    expect(await waitsOn(id, 'staff')).toEqual({ approver_user_id: null, approver_role: 'HRM', status: 1 });
    let d = await detail('gl', id);
    expect(staffRow(d, 'staff')).toMatchObject({ status: 1, approver_id: null, approver: null, approver_role: 'HRM', approval_step: { step: 2, count: 2 } });
    expect(staffRow(d, 'staff4')).toMatchObject({ status: 3, approver_role: null });
    // The request's one approver: the first row still waiting waits on a role, so no one person.
    expect(d.assignee).toBeNull();
    const passed = (await historyOf(id)).at(-1)!;
    expect(passed.changes).toEqual(expect.arrayContaining([{ field: `staff[${emp('staff')}].approver_role`, oldValue: null, newValue: 'HRM' }]));

    // Every enabled HRM is told once (not the PM, nor anyone else), and My Work lists both rows to each HRM.
    expect(await assigned(id, 'overtimeAwaitsApproval')).toEqual([uid('hrm'), hrm2].sort((a, b) => a - b));
    expect((await waitingOf('hrm', id)).sort()).toEqual([emp('staff'), emp('staff2')].sort());
    const mine = ((await call('hrm', 'GET', `/api${MY_WORK_PATHS.waiting}`)).body.data.items as Json[]).find((i) => i.kind === 'FIXED_OT' && i.id === id);
    expect(mine).toMatchObject({ approval_step: { step: 2, count: 2 } });
    expect(await waitingOf('hr', id)).toEqual([]);
    expect(await waitingOf('pm', id)).toEqual([]);

    // The detail offers the HRM Approve / Reject and Approve All; HR (not HRM) gets nothing.
    expect((await detail('hrm', id)).actions).toMatchObject({ approveAll: true, rejectAll: true, rows: { [emp('staff')]: { approve: true, reject: true } } });
    expect((await detail('hr', id)).actions).toMatchObject({ approveAll: false, rejectAll: false, rows: { [emp('staff')]: { approve: false, reject: false } } });
    // Without the role: 403 (the PM's reject too; a second approve of theirs is 409, the step they decided).
    for (const user of ['hr', 'dl', 'gl']) expect((await approveAt(user, id, 'staff', 2)).status, user).toBe(403);
    expect(await status('pm', id, [row('staff', 4, 'No')])).toMatchObject({ status: 403, body: { message: F.notApprover } });
    expect(await approveAt('pm', id, 'staff', 2)).toMatchObject({ status: 409, body: { message: AF.stepDecided } });
    expect((await timeline('staff', id, 'staff')).body.data.steps[1]).toMatchObject({ rule: 'ROLE', role: 'HRM', approver: null, decision: 'CURRENT' });

    // The HRM's Approve All decides both rows: approved, the steps record who, the staff told, the pay computed.
    expect((await status('hrm', id, [{ ...row('staff', 3), approval_step: 2 }, { ...row('staff2', 3), approval_step: 2 }])).status).toBe(200);
    d = await detail('gl', id);
    expect((d.staff as Json[]).map((s) => [s.status, s.approval_step])).toEqual([
      [3, null],
      [3, null],
      [3, null],
    ]);
    expect((await steps(id, 'staff')).map((s) => [s.position, s.decision, s.decided_by_user_id])).toEqual([
      [1, 3, uid('pm')],
      [2, 3, uid('hrm')],
    ]);
    expect((await timeline('staff', id, 'staff')).body.data.steps[1]).toMatchObject({ decision: 'APPROVED', decided_by: { username: 'hrm' } });
    expect(await notes('staff', id)).toContain('overtimeDecided');
    expect(await queryRows(t.db, sql`select pay_computed_at is not null as done from overtime_request_staff where overtime_request_id = ${id} order by id`)).toEqual([
      { done: true },
      { done: true },
      { done: true },
    ]);
    expect(await waitingOf('hrm', id)).toEqual([]);
    // Decided: a second approve by the HRM is 409.
    expect(await approveAt('hrm', id, 'staff', 2)).toMatchObject({ status: 409 });
  });

  it('an HRM rejects a row at the role step', async () => {
    await pmThenAnyHrm();
    const id = await create('gl', { ...window(), ...team(['staff']) });
    expect((await approveAt('pm', id, 'staff', 1)).status).toBe(200);
    expect((await status('hrm', id, [row('staff', 4, 'Budget')])).status).toBe(200);
    expect(staffRow(await detail('gl', id), 'staff')).toMatchObject({ status: 4, reject_reason: 'Budget', approval_step: null });
    expect((await steps(id, 'staff')).map((s) => [s.decision, s.decided_by_user_id, s.comment])).toEqual([
      [3, uid('pm'), null],
      [4, uid('hrm'), 'Budget'],
    ]);
  });

  it('a ROLE step 1: the row waits on the role from its creation; an edit past it starts it again; a delegation hands it to one person', async () => {
    await makeFlow({ name: 'OT: any HRM then DL', department_ids: [t.fixture.departments.dep1], steps: [{ rule: 'ROLE', role: 'HRM' }, { rule: 'DIVISION_LEAD' }] });
    const id = await create('gl', { ...window(), ...team(['staff']) });
    expect(await waitsOn(id, 'staff')).toEqual({ approver_user_id: null, approver_role: 'HRM', status: 1 });
    const d = await detail('gl', id);
    expect(d.assignee).toBeNull();
    expect(staffRow(d, 'staff')).toMatchObject({ approver_id: null, approver_role: 'HRM', approval_step: { step: 1, count: 2 } });
    // Not "nobody": the row is not approved at once, every HRM is told, and the PM (the single step's approver) is not.
    expect(await assigned(id, 'overtimeCreated')).toEqual([uid('hrm'), hrm2].sort((a, b) => a - b));
    expect(await approveAt('pm', id, 'staff', 1)).toMatchObject({ status: 403, body: { message: F.notApprover } });
    expect(await waitingOf('hrm', id)).toEqual([emp('staff')]);

    expect((await approveAt('hrm', id, 'staff', 1)).status).toBe(200);
    expect(await waitsOn(id, 'staff')).toEqual({ approver_user_id: uid('dl'), approver_role: null, status: 1 });
    expect((await detail('gl', id)).assignee).toBe(uid('dl'));

    // The edit starts the flow again at step 1: the role's again, every HRM told again.
    const before = await detail('gl', id);
    const res = await call('gl', 'PUT', B, { ...api.form({ ...window(), ...team(['staff']) }), id, version: before.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await waitsOn(id, 'staff')).toEqual({ approver_user_id: null, approver_role: 'HRM', status: 1 });
    expect(await assigned(id, 'overtimeAssigned')).toEqual([uid('hrm'), hrm2].sort((a, b) => a - b));
    expect((await detail('gl', id)).assignee).toBeNull();

    // HR hands the request to one person: the row is theirs alone, the role no longer decides it.
    expect((await call('hr', 'PUT', `${B}/${id}/update-assignee`, { data: { assignee: uid('dl') } })).status).toBe(200);
    expect(await waitsOn(id, 'staff')).toEqual({ approver_user_id: uid('dl'), approver_role: null, status: 1 });
    expect((await timeline('gl', id, 'staff')).body.data.steps[0]).toMatchObject({ approver: { username: 'dl' }, decision: 'CURRENT' });
    expect(await approveAt('hrm', id, 'staff', 1)).toMatchObject({ status: 403 });
    expect((await approveAt('dl', id, 'staff', 1)).status).toBe(200);
  });
});

describe('with no flow', () => {
  it('behaves as before: every row goes to the PM, decided in one step', async () => {
    const id = await create('gl', { ...window(), ...team(['staff', 'staff4']) });
    const d = await detail('gl', id);
    expect((d.staff as Json[]).map((s) => [s.approver_id, s.approval_step])).toEqual([
      [uid('pm'), null],
      [uid('pm'), null],
    ]);
    expect((await status('pm', id, [row('staff', 3), row('staff4', 3)])).status).toBe(200);
    expect(((await detail('gl', id)).staff as Json[]).map((s) => s.status)).toEqual([3, 3]);
    expect(await queryRows(t.db, sql`select 1 from overtime_approval_steps a join overtime_request_staff s on s.id = a.overtime_staff_id where s.overtime_request_id = ${id}`)).toEqual([]);
  });
});
