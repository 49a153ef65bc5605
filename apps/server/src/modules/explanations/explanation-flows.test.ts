import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPROVAL_FLOW_MESSAGES as F } from '@tms/contracts/approval-flows';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertExplanationCompany, insertLateStaffPunches } from '../../test/explanation-company.ts';
import { recalculate } from '../timesheet/recalculate.ts';
import type { Json } from '../../test/json-body.ts';

/**
 * Explanations under approval flows (issue 29): an explanation's amount is its explained minutes; a flow without a
 * step approves it at once; a two-step flow keeps the case pending until its last step. Pinned to Wednesday
 * 18/11/2026 10:00 (UTC+7), T11-2026 open; staff arrives at 09:00 (30 minutes late) on each day.
 */
const NOW = '2026-11-18T10:00:00+07:00';
const TZ = 'Asia/Ho_Chi_Minh';
const DAYS = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'];

let t: TestApp;
const id = (u: string) => t.fixture.employeeIds[u]!;
const uid = (u: string) => t.fixture.userIds[u]!;

async function call(method: 'GET' | 'POST' | 'PUT', user: string, url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: await t.as(user), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: res.json() as Json };
}
const caseOf = async (date: string) =>
  (await queryRows<{ id: number; status: number }>(t.db, sql`select id, status from abnormal_cases where employee_id = ${id('staff')} and abnormal_date = ${date}`))[0]!;
const explanationOf = async (caseId: number) =>
  (await queryRows<Json>(t.db, sql`select id, status, assignee_user_id, assignee_role, approved_by_user_id, approval_flow_name, approval_step, approval_step_count from requests where abnormal_case_id = ${caseId} and is_explanation order by id desc limit 1`))[0]!;
const explain = (caseId: number) =>
  call('POST', 'staff', `/tms/request-management/create-explanation/${caseId}`, { reason_type: 'LATE_TRAFFIC', title: 'Traffic jam', actual: 'LATE_COMING', description: 'Stuck on the bridge' });
const decide = (user: string, caseId: number, status: 3 | 4, reason?: string) =>
  call('PUT', user, `/tms/request-management/update-status-explanation/${caseId}`, { status, ...(reason === undefined ? {} : { reason }) });
const makeFlow = async (body: Json) => {
  const res = await call('POST', 'hr', '/tms/approval-flows', { item_kind: 'EXPLANATION', priority: 1, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Json;
};

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertExplanationCompany(t);
  await insertLateStaffPunches(t, DAYS, TZ);
  await recalculate(t.db, { from: DAYS[0]!, to: DAYS.at(-1)!, timeZone: TZ, now: new Date(NOW) });
}, 120_000);
afterAll(async () => t?.close());
beforeEach(async () => {
  await queryRows(t.db, sql`update approval_flows set active = false`);
});

describe('explanations under approval flows', () => {
  it('a flow of explanations of at most 30 minutes with no step approves one at once, by the flow', async () => {
    const short = await makeFlow({ name: 'Short lateness', reason_types: ['LATE_TRAFFIC'], amount_at_most: 30, steps: [] });
    const c = await caseOf(DAYS[0]!);
    const res = await explain(c.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 3, case_status: 3 });
    expect(await caseOf(DAYS[0]!)).toMatchObject({ status: 3 });
    expect(await explanationOf(c.id)).toMatchObject({ status: 3, assignee_user_id: null, approved_by_user_id: null, approval_flow_name: 'Short lateness', approval_step_count: 0 });
    const [by] = await queryRows<Json>(t.db, sql`select created_by_name from history where table_name = 'requests' and record_id = ${res.body.data.request_id} and action = 'STATUS'`);
    expect(by!.created_by_name).toBe('Approval flow "Short lateness"');
    // With it switched off, a flow for longer explanations does not take a 30-minute one: the single step does.
    expect((await call('PUT', 'hr', `/tms/approval-flows/${short.id}/active`, { active: false })).status).toBe(200);
    await makeFlow({ name: 'Long lateness', amount_over: 30, steps: [{ rule: 'HRM' }] });
    const other = await caseOf(DAYS[1]!);
    expect((await explain(other.id)).status).toBe(200);
    expect(await explanationOf(other.id)).toMatchObject({ status: 1, approval_flow_name: null, assignee_user_id: uid('gl') });
  });

  it('two steps: the case stays pending after the first; a second approve of it is 409; the last one approves', async () => {
    await makeFlow({ name: 'GL then HRM', steps: [{ rule: 'GROUP_LEAD' }, { rule: 'HRM' }] });
    const c = await caseOf(DAYS[2]!);
    expect((await explain(c.id)).status).toBe(200);
    expect(await explanationOf(c.id)).toMatchObject({ status: 1, assignee_user_id: uid('gl'), approval_step: 1, approval_step_count: 2 });
    expect((await decide('hrm', c.id, 3)).status).toBe(403);
    const first = await decide('gl', c.id, 3);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await caseOf(DAYS[2]!)).toMatchObject({ status: 1 });
    expect(await explanationOf(c.id)).toMatchObject({ status: 1, assignee_user_id: uid('hrm'), approval_step: 2 });
    expect(await decide('gl', c.id, 3)).toMatchObject({ status: 409, body: { message: F.stepDecided } });
    // Explanation Management shows where it stands.
    const listed = (await call('GET', 'staff', '/tms/explanation-management?size=50')).body.data.find((r: Json) => r.abnormal_id === c.id);
    expect(listed?.approval_step).toEqual({ step: 2, count: 2 });
    const last = await decide('hrm', c.id, 3);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(await caseOf(DAYS[2]!)).toMatchObject({ status: 3 });
    expect(await explanationOf(c.id)).toMatchObject({ status: 3, approved_by_user_id: uid('hrm') });
    const requestId = (await explanationOf(c.id)).id as number;
    const timeline = await call('GET', 'staff', `/tms/request-management/${requestId}/approval-timeline`);
    expect(timeline.body.data.steps.map((s: Json) => [s.decided_by?.username, s.decision])).toEqual([['gl', 'APPROVED'], ['hrm', 'APPROVED']]);
  });

  it('a rejection at step 2 rejects the explanation and its case', async () => {
    await makeFlow({ name: 'GL then DL', steps: [{ rule: 'GROUP_LEAD' }, { rule: 'DIVISION_LEAD' }] });
    const c = await caseOf(DAYS[3]!);
    expect((await explain(c.id)).status).toBe(200);
    expect((await decide('gl', c.id, 3)).status).toBe(200);
    expect((await decide('dl', c.id, 4, 'No proof')).status).toBe(200);
    expect(await caseOf(DAYS[3]!)).toMatchObject({ status: 4 });
    const requestId = (await explanationOf(c.id)).id as number;
    const timeline = await call('GET', 'staff', `/tms/request-management/${requestId}/approval-timeline`);
    expect(timeline.body.data.steps.map((s: Json) => [s.decision, s.comment])).toEqual([['APPROVED', null], ['REJECTED', 'No proof']]);
  });

  it('an "anyone of a role" step: every HRM is told and any of them decides; a group lead may not', async () => {
    await makeFlow({ name: 'Any HRM', steps: [{ rule: 'ROLE', role: 'HRM' }] });
    const c = await caseOf(DAYS[4]!);
    expect((await explain(c.id)).status).toBe(200);
    expect(await explanationOf(c.id)).toMatchObject({ status: 1, assignee_user_id: null, assignee_role: 'HRM', approval_step: 1 });
    const told = await queryRows<Json>(t.db, sql`select user_id from notifications where notification_type = 'ASSIGNED' and link like ${`%${c.id}%`} order by 1`);
    expect(told.map((n) => n.user_id)).toContain(uid('hrm'));
    expect((await decide('gl', c.id, 3)).status).toBe(403);
    const listed = (await call('GET', 'hrm', '/tms/explanation-management?size=50')).body.data.find((r: Json) => r.abnormal_id === c.id);
    expect(listed.actions.approve).toBe(true);
    const done = await decide('hrm', c.id, 3);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await caseOf(DAYS[4]!)).toMatchObject({ status: 3 });
    expect(await explanationOf(c.id)).toMatchObject({ status: 3, approved_by_user_id: uid('hrm') });
  });
});
