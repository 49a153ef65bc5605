import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertExplanationCompany, insertLateStaffPunches } from '../../test/explanation-company.ts';
import type { Json } from '../../test/json-body.ts';
import { clearOutbox, expectPublished, outboxEvents, subscribe, typesAndKeys } from '../../test/webhook-outbox.ts';
import { recalculate } from '../timesheet/recalculate.ts';

/**
 * Issue 30 §3: the request.* webhook events of explanations (kind EXPLANATION, the Explanation Management record),
 * queued in the write's transaction. Pinned to Wednesday 18/11/2026 10:00 (UTC+7), T11-2026 open; staff arrives at
 * 09:00 (30 minutes late) on each day, so each day is an abnormal case to explain.
 */
const NOW = '2026-11-18T10:00:00+07:00';
const TZ = 'Asia/Ho_Chi_Minh';
const DAYS = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'];
const TYPES = ['request.created', 'request.approved', 'request.rejected', 'request.withdrawn'] as const;

let t: TestApp;
const id = (u: string) => t.fixture.employeeIds[u]!;

async function call(method: 'POST' | 'PUT', user: string, url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: await t.as(user), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: res.json() as Json };
}
const caseOf = async (date: string) =>
  (await queryRows<{ id: number }>(t.db, sql`select id from abnormal_cases where employee_id = ${id('staff')} and abnormal_date = ${date}`))[0]!.id;
async function explain(date: string): Promise<{ caseId: number; requestId: number }> {
  const caseId = await caseOf(date);
  const res = await call('POST', 'staff', `/tms/request-management/create-explanation/${caseId}`, { reason_type: 'LATE_TRAFFIC', title: 'Traffic jam', actual: 'LATE_COMING', description: 'Stuck on the bridge' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { caseId, requestId: res.body.data.request_id as number };
}
const decide = (user: string, caseId: number, status: 3 | 4, reason?: string) =>
  call('PUT', user, `/tms/request-management/update-status-explanation/${caseId}`, { status, ...(reason === undefined ? {} : { reason }) });

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertExplanationCompany(t);
  await insertLateStaffPunches(t, DAYS, TZ);
  await recalculate(t.db, { from: DAYS[0]!, to: DAYS.at(-1)!, timeZone: TZ, now: new Date(NOW) });
}, 120_000);
afterAll(async () => t?.close());
beforeEach(async () => {
  await clearOutbox(t.db);
  await queryRows(t.db, sql`update approval_flows set active = false`);
});

describe('request.* events of explanations', () => {
  it('filed, then approved: created and approved with the Explanation Management record; a second approve (409) adds nothing', async () => {
    const endpoint = await subscribe(t.db, TYPES);
    const { caseId, requestId } = await explain(DAYS[0]!);
    expect((await decide('gl', caseId, 3)).status).toBe(200);
    expect((await decide('gl', caseId, 3)).status).toBe(409);
    const rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([
      ['request.created', `request:${requestId}`],
      ['request.approved', `request:${requestId}`],
    ]);
    expect(rows[0]!.data).toMatchObject({ kind: 'EXPLANATION', id: requestId, abnormal_id: caseId, abnormal_date: DAYS[0], status: 1, employee: { id: id('staff') } });
    expect(rows[1]!.data).toMatchObject({ status: 3, approved_by: { id: t.fixture.userIds['gl'] } });
    expect(rows[0]!.data).not.toHaveProperty('actions');
    expectPublished(rows, endpoint);
  });

  it('a rejection sends request.rejected with the reason', async () => {
    const endpoint = await subscribe(t.db, TYPES);
    const { caseId, requestId } = await explain(DAYS[1]!);
    expect((await decide('gl', caseId, 4, 'No proof')).status).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(rows.map((r) => [r.event_type, r.data.status, r.data.reasons_for_rejection])).toEqual([
      ['request.created', 1, null],
      ['request.rejected', 4, 'No proof'],
    ]);
    expect(rows[1]!.record_key).toBe(`request:${requestId}`);
    expectPublished(rows, endpoint);
  });

  it("the owner's cancel sends request.withdrawn (status 5)", async () => {
    const endpoint = await subscribe(t.db, ['request.withdrawn']);
    const { caseId, requestId } = await explain(DAYS[2]!);
    const res = await call('PUT', 'staff', '/tms/explanation-management/status', { abnormalId: caseId, status: 5 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(rows.map((r) => [r.event_type, r.record_key, r.data.status])).toEqual([['request.withdrawn', `request:${requestId}`, 5]]);
    expectPublished(rows, endpoint);
  });

  it('a two-step flow: the first step sends nothing, the last one request.approved', async () => {
    const flow = await call('POST', 'hr', '/tms/approval-flows', { item_kind: 'EXPLANATION', priority: 1, name: 'GL then HRM', steps: [{ rule: 'GROUP_LEAD' }, { rule: 'HRM' }] });
    expect(flow.status, JSON.stringify(flow.body)).toBe(200);
    const endpoint = await subscribe(t.db, ['request.approved', 'request.rejected']);
    const { caseId, requestId } = await explain(DAYS[3]!);
    expect((await decide('gl', caseId, 3)).status).toBe(200);
    expect(await outboxEvents(t.db)).toEqual([]);
    expect((await decide('hrm', caseId, 3)).status).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(rows.map((r) => [r.event_type, r.record_key, r.data.status])).toEqual([['request.approved', `request:${requestId}`, 3]]);
    expectPublished(rows, endpoint);
  });

  it('a flow with no step approves at filing: created and approved together', async () => {
    const flow = await call('POST', 'hr', '/tms/approval-flows', { item_kind: 'EXPLANATION', priority: 1, name: 'Auto', steps: [] });
    expect(flow.status, JSON.stringify(flow.body)).toBe(200);
    const endpoint = await subscribe(t.db, TYPES);
    const { requestId } = await explain(DAYS[4]!);
    const rows = await outboxEvents(t.db);
    expect(rows.map((r) => [r.event_type, r.record_key, r.data.status])).toEqual([
      ['request.created', `request:${requestId}`, 3],
      ['request.approved', `request:${requestId}`, 3],
    ]);
    expectPublished(rows, endpoint);
  });
});
