import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPROVAL_FLOW_MESSAGES as F, APPROVAL_FLOW_PATHS as P } from '@tms/contracts/approval-flows';
import { MY_WORK_PATHS } from '@tms/contracts/my-work';
import { FLEXIBLE_MESSAGES as M, FLEXIBLE_OT_PATHS } from '@tms/contracts/overtime-flexible';
import { OT_LIMIT_DEFAULTS } from '@tms/contracts/overtime-limits';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { flexibleApi, flexibleApp, type Json } from './flexible-overtime.test-support.ts';

/**
 * Flexible overtime's manager stage under approval flows (issue 29, docs/approval-flows.md, docs/overtime-flexible.md):
 * the flow chosen at creation (amount: the window's hours), the PM stage unchanged, step by step at 3 with effects
 * only at the last step, a rejection at any step, the automatic approval of a flow of no step, who may act (403, 409),
 * the batch deciding only the caller's current step, a new confirmation and a reassignment at 3, the limits gate at
 * every step, the timeline and its scope, and no flow as before. Company: flexible-overtime.test-support.ts (staff:
 * group lead gl, division lead dl; project P1's PM pm).
 */
let t: TestApp;
const api = flexibleApi(() => t);
const { call, create, change, detail, row, historyOf, notes, payLine } = api;
const uid = (u: string) => t.fixture.userIds[u]!;

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** The open weekdays before the clock (26/10 … 04/11/2026): windows that have ended, so the PM may confirm them. */
const PAST = ['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-11-02', '2026-11-03', '2026-11-04'].map(dmy);
let pastN = 0;
/** A fresh ended window of `hours` (≤ 2): one date after another, two hours apart on the same date. */
function past(hours = 1): Json {
  const n = pastN++;
  const start = 18 + 2 * Math.floor(n / PAST.length);
  return { overtimeDate: PAST[n % PAST.length]!, startTime: `${start}:00`, endTime: `${start + hours}:00` };
}
let futureN = 0;
const future = (): Json => ({ overtimeDate: dmy(`2026-11-${String(10 + (futureN % 5)).padStart(2, '0')}`), startTime: `${18 + Math.floor(futureN++ / 5)}:00`, endTime: `${19 + Math.floor((futureN - 1) / 5)}:00` });

const timelinePath = (id: number) => `/api${FLEXIBLE_OT_PATHS.approvalTimeline(id)}`;
const timeline = async (user: string, id: number) => (await call(user, 'GET', timelinePath(id))).body.data;
const staffRow = async (id: number) =>
  (await queryRows<Json>(t.db, sql`select id, approver_user_id, approval_flow_name, approval_step, approval_step_count from overtime_request_staff where overtime_request_id = ${id}`))[0]!;
const steps = async (id: number) =>
  queryRows<Json>(
    t.db,
    sql`select s.position, s.approver_user_id, s.decision, s.decided_by_user_id, s.comment from overtime_approval_steps s
          join overtime_request_staff r on r.id = s.overtime_staff_id where r.overtime_request_id = ${id} order by s.position`,
  );

async function makeFlow(body: Json): Promise<Json> {
  const res = await call('hr', 'POST', `/api${P.list}`, { item_kind: 'FLEXIBLE_OT', priority: 10, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const GL_DL = { name: 'OT: GL then DL', steps: [{ rule: 'GROUP_LEAD' }, { rule: 'DIVISION_LEAD' }] };

/** staff's request through the PM stage: approved by the PM, its pay line written, confirmed → 3. */
async function atManager(window: Json = past()): Promise<number> {
  const id = await create('staff', window);
  expect((await change('pm', id, 'approve')).status).toBe(200);
  await payLine(id);
  const confirmed = await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 1 }] });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await flexibleApp();
}, 120_000);
afterAll(async () => t?.close());
// Each test configures the flows it needs: the ones of earlier tests stop applying.
beforeEach(async () => {
  await queryRows(t.db, sql`update approval_flows set active = false`);
});

describe('the flow of a new request', () => {
  it('chosen at creation by the window hours: step 1 holds the manager stage from the start; the PM stage is unchanged', async () => {
    await makeFlow({ ...GL_DL, name: 'Up to 2 h', amount_at_most: 2 });
    await makeFlow({ name: 'Over 2 h: HRM', amount_over: 2, steps: [{ rule: 'HRM' }] });
    const short = await create('staff', future());
    expect(await row(short)).toMatchObject({ status: 0, assignee_user_id: uid('pm'), pm_user_id: uid('pm'), manager_user_id: uid('gl') });
    expect(await staffRow(short)).toMatchObject({ approver_user_id: uid('gl'), approval_flow_name: 'Up to 2 h', approval_step: 1, approval_step_count: 2 });
    expect((await steps(short)).map((s) => s.approver_user_id)).toEqual([uid('gl'), uid('dl')]);
    const created = (await historyOf(short))[0]!;
    expect(created.changes).toEqual(expect.arrayContaining([{ field: 'approval_flow', oldValue: null, newValue: 'Up to 2 h' }]));
    // 18:00 → 21:00 is 3 hours.
    const long = await create('staff', { ...future(), startTime: '21:00', endTime: '23:59' });
    expect(await row(long)).toMatchObject({ manager_user_id: uid('hrm') });
    expect(await staffRow(long)).toMatchObject({ approval_flow_name: 'Over 2 h: HRM', approval_step_count: 1 });
    // Before the confirmation the steps wait; the detail names no step yet.
    const tl = await timeline('staff', short);
    expect(tl).toMatchObject({ request_id: short, status: 0, flow_name: 'Up to 2 h', current_step: null, step_count: 2 });
    expect(tl.steps.map((s: Json) => [s.rule, s.approver.username, s.decision])).toEqual([
      ['GROUP_LEAD', 'gl', 'WAITING'],
      ['DIVISION_LEAD', 'dl', 'WAITING'],
    ]);
    expect((await detail('staff', short)).body.data.approval_step).toBeNull();
    // An edit at the PM stage keeps the flow and its step 1 (flexible-overtime.service.ts editFlexibleOvertime).
    const edited = await call('staff', 'PUT', '/edit', api.form({ ...future(), id: short, version: 1, title: 'Renamed' }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await staffRow(short)).toMatchObject({ approver_user_id: uid('gl'), approval_step: 1 });
    // A cancellation at the PM stage closes the steps.
    expect((await change('staff', short, 'cancel', { reason: 'Not needed' })).status).toBe(200);
    expect((await timeline('staff', short)).steps.map((s: Json) => s.decision)).toEqual(['CLOSED', 'CLOSED']);
  });
});

describe('the manager stage step by step', () => {
  it('two steps: step 1 moves the request to step 2 (still 3, no effect); only the last approval approves it and tells the requester', async () => {
    await makeFlow(GL_DL);
    const id = await atManager();
    const before = await row(id);
    expect(before).toMatchObject({ status: 3, assignee_user_id: uid('gl'), manager_user_id: uid('gl') });
    expect(await notes('gl', id)).toEqual(['ASSIGNED']);
    const d = (await detail('gl', id)).body.data;
    expect(d.approval_step).toEqual({ step: 1, count: 2, flow_name: GL_DL.name });
    expect(d.actions).toMatchObject({ approve: true, reject: true });
    expect((await timeline('staff', id)).steps.map((s: Json) => s.decision)).toEqual(['CURRENT', 'WAITING']);

    const first = await change('gl', id, 'approve', { reason: 'Fine by me', approval_step: 1 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data[0]).toMatchObject({ id, code: 200, status: 3 });
    expect(await row(id)).toMatchObject({ status: 3, assignee_user_id: uid('dl'), manager_user_id: uid('dl'), version: (before.version as number) + 1 });
    expect(await staffRow(id)).toMatchObject({ approver_user_id: uid('dl'), approval_step: 2 });
    // No effect yet: the requester is told nothing new (only the PM stage's approval), the next approver is.
    expect(await notes('staff', id)).toEqual(['APPROVED']);
    expect(await notes('dl', id)).toEqual(['ASSIGNED']);
    const h = await historyOf(id);
    expect(h.at(-1)!.changes).toEqual(
      expect.arrayContaining([
        { field: 'approval_step', oldValue: 1, newValue: 2 },
        { field: 'manager_user_id', oldValue: uid('gl'), newValue: uid('dl') },
        { field: 'approval_comment', oldValue: null, newValue: 'Fine by me' },
      ]),
    );
    expect((await detail('dl', id)).body.data).toMatchObject({ approval_step: { step: 2, count: 2 }, actions: { approve: true } });
    const mid = await timeline('staff', id);
    expect(mid).toMatchObject({ current_step: 2 });
    expect(mid.steps.map((s: Json) => [s.decision, s.decided_by?.username ?? null, s.comment])).toEqual([
      ['APPROVED', 'gl', 'Fine by me'],
      ['CURRENT', null, null],
    ]);

    const last = await change('dl', id, 'approve', { approval_step: 2 });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 5, assignee_user_id: null });
    expect(await notes('staff', id)).toEqual(['APPROVED', 'APPROVED']);
    expect((await steps(id)).map((s) => [s.decision, s.decided_by_user_id])).toEqual([
      [3, uid('gl')],
      [3, uid('dl')],
    ]);
    const done = await timeline('staff', id);
    expect(done).toMatchObject({ status: 5, current_step: null, auto_approved: false });
    expect(done.steps.map((s: Json) => s.decision)).toEqual(['APPROVED', 'APPROVED']);
    expect((await detail('staff', id)).body.data.approval_step).toBeNull();
  });

  it('a rejection at step 2 rejects the request with its reason; nobody cancels it at the manager stage, in a flow or not', async () => {
    await makeFlow(GL_DL);
    const id = await atManager();
    expect((await change('gl', id, 'approve')).status).toBe(200);
    // As at the single step (contracts flexibleRefusal): no cancellation once confirmed.
    expect((await change('staff', id, 'cancel', { reason: 'x' })).status).toBe(409);
    const res = await change('dl', id, 'reject', { reason: 'Not agreed' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 4, reasons_for_rejection: 'Not agreed', assignee_user_id: null });
    expect(await notes('staff', id)).toEqual(['APPROVED', 'REJECTED']);
    const tl = await timeline('staff', id);
    expect(tl.steps.map((s: Json) => [s.decision, s.comment])).toEqual([
      ['APPROVED', null],
      ['REJECTED', 'Not agreed'],
    ]);
  });

  it('only the current step approver acts (403); a second approve is 409 with one history entry; a stale step is 409', async () => {
    await makeFlow(GL_DL);
    const id = await atManager();
    for (const u of ['dl', 'staff', 'hr']) expect((await change(u, id, 'approve')).status, u).toBe(403);
    expect((await change('dl', id, 'reject', { reason: 'x' })).status).toBe(403);
    expect((await change('gl', id, 'approve', { approval_step: 1 })).status).toBe(200);
    const again = await change('gl', id, 'approve', { approval_step: 1 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(F.stepDecided);
    // Without the step seen too: gl decided step 1 and does not hold step 2.
    expect((await change('gl', id, 'approve')).body.message).toBe(F.stepDecided);
    expect((await change('gl', id, 'reject', { reason: 'x' })).status).toBe(403);
    // dl on a stale page (step 1 shown) approves nothing.
    expect((await change('dl', id, 'approve', { approval_step: 1 })).body.message).toBe(F.stepDecided);
    expect((await historyOf(id)).filter((h) => h.action === 'STATUS')).toHaveLength(3);
    expect(await row(id)).toMatchObject({ status: 3, manager_user_id: uid('dl') });
  });

  it('twenty approvals of one step at once: one passes it, the rest 409, one history entry', async () => {
    await makeFlow(GL_DL);
    const id = await atManager();
    const results = await Promise.all(Array.from({ length: 20 }, () => change('gl', id, 'approve')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    // The PM's approval and confirmation, and the one step passed.
    expect((await historyOf(id)).filter((h) => h.action === 'STATUS')).toHaveLength(3);
    expect(await staffRow(id)).toMatchObject({ approval_step: 2 });
  });

  it('a flow of no step: the confirmation approves the request at once, its history by the flow', async () => {
    await makeFlow({ name: 'Short OT: automatic', amount_at_most: 1, steps: [] });
    const id = await create('staff', past());
    expect(await row(id)).toMatchObject({ manager_user_id: null });
    expect(await staffRow(id)).toMatchObject({ approval_flow_name: 'Short OT: automatic', approval_step: null, approval_step_count: 0, approver_user_id: uid('pm') });
    expect((await change('pm', id, 'approve')).status).toBe(200);
    await payLine(id);
    const res = await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 1 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data[0].status).toBe(5);
    expect(await row(id)).toMatchObject({ status: 5, assignee_user_id: null });
    expect(await notes('staff', id)).toEqual(['APPROVED', 'APPROVED']);
    const entries = await queryRows<Json>(t.db, sql`select action, changes, created_by_name from history where table_name = 'overtime_requests' and record_id = ${id} order by id`);
    expect(entries.slice(-2).map((e) => [e.created_by_name, e.changes[0]])).toEqual([
      ['Phuong Project', { field: 'status', oldValue: 1, newValue: 3 }],
      ['Approval flow "Short OT: automatic"', { field: 'status', oldValue: 3, newValue: 5 }],
    ]);
    expect(await timeline('staff', id)).toMatchObject({ auto_approved: true, flow_name: 'Short OT: automatic', steps: [] });
  });

  it('a new confirmation past step 1 starts the flow again at step 1, whose approver is told', async () => {
    await makeFlow(GL_DL);
    const id = await atManager();
    expect((await change('gl', id, 'approve')).status).toBe(200);
    const again = await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 0.5, reason: 'Left early' }] });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 3, assignee_user_id: uid('gl'), manager_user_id: uid('gl') });
    expect(await staffRow(id)).toMatchObject({ approver_user_id: uid('gl'), approval_step: 1 });
    expect(await notes('gl', id)).toEqual(['ASSIGNED', 'ASSIGNED']);
    expect((await timeline('staff', id)).steps.map((s: Json) => [s.decision, s.decided_by])).toEqual([
      ['CURRENT', null],
      ['WAITING', null],
    ]);
    expect((await historyOf(id)).at(-1)!.changes).toEqual(expect.arrayContaining([{ field: 'approval_step', oldValue: 2, newValue: 1 }]));
    // gl approves the new terms again.
    expect((await change('gl', id, 'approve', { approval_step: 1 })).status).toBe(200);
  });

  it('a reassignment at 3 moves the current step to the new approver', async () => {
    await makeFlow(GL_DL);
    const id = await atManager();
    const version = (await row(id)).version;
    const res = await call('hr', 'PUT', `/api/tms/overtime-request/${id}/update-assignee`, { data: { assignee: uid('dl') }, version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await row(id)).toMatchObject({ assignee_user_id: uid('dl'), manager_user_id: uid('dl') });
    expect(await staffRow(id)).toMatchObject({ approver_user_id: uid('dl'), approval_step: 1 });
    expect((await steps(id)).map((s) => s.approver_user_id)).toEqual([uid('dl'), uid('dl')]);
    expect((await change('gl', id, 'approve')).status).toBe(403);
    expect((await timeline('staff', id)).steps[0]).toMatchObject({ approver: { username: 'dl' }, decision: 'CURRENT' });
  });

  it('the overtime limits hold at every step (409), unless HR approves the step over them with a reason', async () => {
    await makeFlow(GL_DL);
    const id = await atManager();
    const limit = (value: number) => call('hr', 'POST', '/api/payroll/config-table/update', [{ table_code: 'overtime_limits', table_config: [{ key: 'month_hours', value }] }]);
    expect((await limit(1)).status).toBe(200);
    try {
      const refused = await change('gl', id, 'approve');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^Overtime limit exceeded/);
      expect(await staffRow(id)).toMatchObject({ approval_step: 1 });
      const over = await change('hr', id, 'approve', { overrideReason: 'Customer deadline' });
      expect(over.status, JSON.stringify(over.body)).toBe(200);
      expect(await row(id)).toMatchObject({ status: 3, manager_user_id: uid('dl') });
      expect((await timeline('staff', id)).steps[0]).toMatchObject({ decision: 'APPROVED', decided_by: { username: 'hr' } });
      expect((await change('dl', id, 'approve')).status).toBe(409);
    } finally {
      expect((await limit(OT_LIMIT_DEFAULTS.month)).status).toBe(200);
    }
    expect((await change('dl', id, 'approve')).status).toBe(200);
    expect((await row(id)).status).toBe(5);
  });
});

describe('"anyone of a role" steps (rule ROLE)', () => {
  const roleOf = async (id: number) => (await queryRows<Json>(t.db, sql`select assignee_role from overtime_requests where id = ${id}`))[0]!.assignee_role;
  const poolRow = async (id: number) => (await queryRows<Json>(t.db, sql`select approver_user_id, approver_role, approval_step from overtime_request_staff where overtime_request_id = ${id}`))[0]!;
  const hrms = async () => (await queryRows<Json>(t.db, sql`select r.user_id from user_roles r join users u on u.id = r.user_id where r.role = 'HRM' and not u.disabled order by 1`)).map((r) => r.user_id);
  const assignedTo = async (id: number) =>
    (
      await queryRows<Json>(
        t.db,
        sql`select distinct user_id from notifications where link = ${`/timesheet/overtime-management/${id}`} and notification_type = 'ASSIGNED' and user_id <> ${uid('pm')} order by 1`,
      )
    ).map((n) => n.user_id);
  const waitingOf = async (user: string, id: number) =>
    ((await call(user, 'GET', `/api${MY_WORK_PATHS.waiting}`)).body.data.items as Json[]).find((i) => i.kind === 'FLEXIBLE_OT' && i.id === id);
  /** A second HRM (admin), so "every HRM" is more than one. */
  const withSecondHrm = async (run: () => Promise<void>) => {
    await queryRows(t.db, sql`insert into user_roles (user_id, role) values (${uid('admin')}, 'HRM')`);
    try {
      await run();
    } finally {
      await queryRows(t.db, sql`delete from user_roles where user_id = ${uid('admin')} and role = 'HRM'`);
    }
  };

  it('step 2 of HRM: after step 1 it waits on the role; every HRM is told and finds it in My Work; nobody else decides; an HRM approves it', async () => {
    await withSecondHrm(async () => {
      await makeFlow({ name: 'OT: GL then any HRM', steps: [{ rule: 'GROUP_LEAD' }, { rule: 'ROLE', role: 'HRM' }] });
      const id = await atManager();
      expect((await change('gl', id, 'approve', { approval_step: 1 })).status).toBe(200);
      expect(await row(id)).toMatchObject({ status: 3, assignee_user_id: null, manager_user_id: null });
      expect(await roleOf(id)).toBe('HRM');
      expect(await poolRow(id)).toEqual({ approver_user_id: null, approver_role: 'HRM', approval_step: 2 });
      expect((await historyOf(id)).at(-1)!.changes).toEqual(expect.arrayContaining([{ field: 'assignee_role', oldValue: null, newValue: 'HRM' }]));
      // Every HRM (two) is told; gl was told of step 1.
      const pool = await hrms();
      expect(pool).toHaveLength(2);
      expect(await assignedTo(id)).toEqual([uid('gl'), ...pool].sort((a, b) => a - b));
      for (const u of ['hrm', 'admin']) expect((await waitingOf(u, id))?.approval_step, u).toEqual({ step: 2, count: 2 });
      expect(await waitingOf('hr', id)).toBeUndefined();
      // The detail answers the role and offers Approve to its holders only.
      const asHrm = (await detail('hrm', id)).body.data;
      expect(asHrm).toMatchObject({ approver: null, assignee: null, approverRole: 'HRM', approval_step: { step: 2, count: 2 }, actions: { approve: true, reject: true } });
      expect((await detail('hr', id)).body.data.actions).toMatchObject({ approve: false, reject: false });
      for (const u of ['hr', 'dl', 'staff']) expect((await change(u, id, 'approve', { approval_step: 2 })).status, u).toBe(403);
      expect((await change('hr', id, 'reject', { reason: 'x' })).status).toBe(403);
      // gl decided step 1: a second approve of theirs is a 409.
      expect((await change('gl', id, 'approve')).body.message).toBe(F.stepDecided);
      expect((await timeline('staff', id)).steps[1]).toMatchObject({ rule: 'ROLE', role: 'HRM', approver: null, decision: 'CURRENT' });

      const last = await change('hrm', id, 'approve', { approval_step: 2 });
      expect(last.status, JSON.stringify(last.body)).toBe(200);
      expect(last.body.data[0]).toMatchObject({ id, code: 200, status: 5 });
      expect(await row(id)).toMatchObject({ status: 5, assignee_user_id: null });
      expect(await roleOf(id)).toBeNull();
      expect(await notes('staff', id)).toEqual(['APPROVED', 'APPROVED']);
      expect((await timeline('staff', id)).steps[1]).toMatchObject({ decision: 'APPROVED', decided_by: { username: 'hrm' } });
      expect(await waitingOf('admin', id)).toBeUndefined();
      // The other HRM comes second: the stage is decided.
      expect((await change('admin', id, 'approve', { approval_step: 2 })).status).toBe(409);
    });
  });

  it('step 1 of HRM: the confirmation hands it to the role (not an automatic approval); a new confirmation tells them again; an HRM rejects', async () => {
    await withSecondHrm(async () => {
      await makeFlow({ name: 'OT: any HRM', steps: [{ rule: 'ROLE', role: 'HRM' }] });
      const id = await create('staff', past());
      expect(await row(id)).toMatchObject({ status: 0, assignee_user_id: uid('pm'), manager_user_id: null });
      expect(await roleOf(id)).toBeNull();
      expect(await poolRow(id)).toEqual({ approver_user_id: null, approver_role: 'HRM', approval_step: 1 });
      expect((await detail('staff', id)).body.data).toMatchObject({ approver: null, approverRole: 'HRM' });
      expect((await change('pm', id, 'approve')).status).toBe(200);
      await payLine(id);
      const confirmed = await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 1 }] });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body.data[0].status).toBe(3);
      expect(await row(id)).toMatchObject({ status: 3, assignee_user_id: null, manager_user_id: null });
      expect(await roleOf(id)).toBe('HRM');
      expect((await historyOf(id)).at(-1)!.changes).toEqual(expect.arrayContaining([{ field: 'assignee_role', oldValue: null, newValue: 'HRM' }]));
      expect(await assignedTo(id)).toEqual(await hrms());
      expect(await waitingOf('hrm', id)).toMatchObject({ stage: 'MANAGER', approval_step: { step: 1, count: 1 } });
      // A new confirmation at step 1 keeps the role and tells its users again.
      expect((await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 0.5, reason: 'Left early' }] })).status).toBe(200);
      expect(await roleOf(id)).toBe('HRM');
      expect(await notes('hrm', id)).toEqual(['ASSIGNED', 'ASSIGNED']);
      expect((await change('hr', id, 'reject', { reason: 'x' })).status).toBe(403);
      const res = await change('admin', id, 'reject', { reason: 'Not agreed' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await row(id)).toMatchObject({ status: 4, reasons_for_rejection: 'Not agreed', assignee_user_id: null });
      expect(await roleOf(id)).toBeNull();
      expect((await timeline('staff', id)).steps).toMatchObject([{ rule: 'ROLE', decision: 'REJECTED', decided_by: { username: 'admin' }, comment: 'Not agreed' }]);
    });
  });

  it('a restart past step 1 gives the step back to the role; a reassignment hands it to one person', async () => {
    await makeFlow({ name: 'OT: any HRM then DL', steps: [{ rule: 'ROLE', role: 'HRM' }, { rule: 'DIVISION_LEAD' }] });
    const id = await atManager();
    // The batch form too: an HRM's batch decides the step.
    expect((await change('hrm', [id], 'approve')).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 3, assignee_user_id: uid('dl'), manager_user_id: uid('dl') });
    expect(await roleOf(id)).toBeNull();
    expect((await historyOf(id)).at(-1)!.changes).toEqual(expect.arrayContaining([{ field: 'assignee_role', oldValue: 'HRM', newValue: null }]));
    const again = await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 0.5, reason: 'Left early' }] });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 3, assignee_user_id: null, manager_user_id: null });
    expect(await roleOf(id)).toBe('HRM');
    expect(await poolRow(id)).toEqual({ approver_user_id: null, approver_role: 'HRM', approval_step: 1 });
    expect(await notes('hrm', id)).toEqual(['ASSIGNED', 'ASSIGNED']);
    // HR hands the step to gl: theirs alone from now on.
    const version = (await row(id)).version;
    const moved = await call('hr', 'PUT', `/api/tms/overtime-request/${id}/update-assignee`, { data: { assignee: uid('gl') }, version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await row(id)).toMatchObject({ assignee_user_id: uid('gl'), manager_user_id: uid('gl') });
    expect(await roleOf(id)).toBeNull();
    expect(await poolRow(id)).toEqual({ approver_user_id: uid('gl'), approver_role: null, approval_step: 1 });
    expect((await detail('hrm', id)).body.data).toMatchObject({ approverRole: null, actions: { approve: false } });
    // The restart cleared hrm's decision: they hold no part in it now.
    expect((await change('hrm', id, 'approve', { approval_step: 1 })).status).toBe(403);
    expect((await change('gl', id, 'approve', { approval_step: 1 })).status).toBe(200);
    expect(await row(id)).toMatchObject({ assignee_user_id: uid('dl') });
  });

  it('HR approving with an override reason decides an HRM step in its place, as at a step of one person', async () => {
    await makeFlow({ name: 'OT: any HRM then DL', steps: [{ rule: 'ROLE', role: 'HRM' }, { rule: 'DIVISION_LEAD' }] });
    const id = await atManager();
    const res = await change('hr', id, 'approve', { overrideReason: 'Customer deadline', approval_step: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 3, manager_user_id: uid('dl') });
    expect((await timeline('staff', id)).steps[0]).toMatchObject({ rule: 'ROLE', decision: 'APPROVED', decided_by: { username: 'hr' } });
  });
});

describe('the batch (several ids)', () => {
  it("approves only the caller's current step of each item: 207 with per-item codes", async () => {
    await makeFlow({ ...GL_DL, name: 'Up to 1 h: GL, DL', amount_at_most: 1 });
    await makeFlow({ name: 'Over 1 h: DL, GL', amount_over: 1, steps: [{ rule: 'DIVISION_LEAD' }, { rule: 'GROUP_LEAD' }] });
    const mine = await atManager();
    const notMine = await atManager(past(2));
    expect(await row(notMine)).toMatchObject({ manager_user_id: uid('dl') });
    const decided = await atManager();
    expect((await change('gl', decided, 'approve')).status).toBe(200);
    const res = await change('gl', [mine, notMine, decided], 'approve');
    expect(res.status, JSON.stringify(res.body)).toBe(207);
    expect(res.body.data.map((i: Json) => [i.id, i.code, i.message, i.status])).toEqual([
      [mine, 200, M.updateStatusSuccess, 3],
      [notMine, 403, M.notAllowed, null],
      [decided, 409, F.stepDecided, null],
    ]);
    expect(await staffRow(mine)).toMatchObject({ approval_step: 2 });
    expect(await staffRow(notMine)).toMatchObject({ approval_step: 1 });
    expect(await staffRow(decided)).toMatchObject({ approval_step: 2 });
    // dl's batch: step 1 of the long one, the last step of the one gl passed.
    const dl = await change('dl', [notMine, decided], 'approve');
    expect(dl.status).toBe(200);
    expect(dl.body.data.map((i: Json) => i.status)).toEqual([3, 5]);
  });
});

describe('the timeline route', () => {
  it('whoever sees the request; 404 for anyone else and for an unknown id', async () => {
    await makeFlow(GL_DL);
    const id = await create('staff', future());
    for (const u of ['staff', 'pm', 'gl', 'dl', 'hr']) expect((await call(u, 'GET', timelinePath(id))).status, u).toBe(200);
    for (const u of ['staff2', 'staff4']) expect((await call(u, 'GET', timelinePath(id))).status, u).toBe(404);
    expect((await call('hr', 'GET', timelinePath(999_999))).status).toBe(404);
  });
});

describe('no flow: as before', () => {
  it('a flow of another kind, or one whose conditions do not hold, changes nothing: the single step is the manager', async () => {
    await makeFlow({ name: 'Long OT only', amount_over: 10, steps: [{ rule: 'HRM' }] });
    await makeFlow({ name: 'Leave', item_kind: 'LEAVE_REQUEST', steps: [{ rule: 'HRM' }] });
    const id = await create('staff', past());
    expect(await row(id)).toMatchObject({ manager_user_id: uid('gl') });
    expect(await staffRow(id)).toMatchObject({ approver_user_id: uid('pm'), approval_flow_name: null, approval_step: null, approval_step_count: null });
    const waiting = await timeline('staff', id);
    expect(waiting).toMatchObject({ flow_name: null, current_step: null, step_count: 1, steps: [{ position: 1, rule: null, approver: { username: 'gl' }, decision: 'WAITING' }] });
    expect((await change('pm', id, 'approve')).status).toBe(200);
    await payLine(id);
    expect((await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 1 }] })).status).toBe(200);
    expect((await detail('gl', id)).body.data.approval_step).toBeNull();
    expect(await timeline('staff', id)).toMatchObject({ current_step: 1, steps: [{ decision: 'CURRENT' }] });
    expect((await change('gl', id, 'approve')).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 5, assignee_user_id: null });
    expect(await timeline('staff', id)).toMatchObject({ status: 5, steps: [{ decision: 'APPROVED', decided_by: { username: 'gl' } }] });
    expect((await steps(id)).length).toBe(0);
    expect((await change('gl', id, 'approve')).status).toBe(409);
  });
});
