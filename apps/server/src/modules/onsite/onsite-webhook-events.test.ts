import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { clearOutbox, expectPublished, outboxEvents, subscribe, typesAndKeys } from '../../test/webhook-outbox.ts';
import { api, requestWriteApp, type Json } from '../request-days/request-write.test-support.ts';

/**
 * Issue 30 §3: the request.* webhook events of onsite records (kind ONSITE, one event per record with its staff), in
 * the write's transaction. The company of request-write.test-support (today Thursday 05/11/2026, T11-2026 open):
 * the Department stage is pm's (P1), the C&B stage HR's; only the C&B approval is final.
 */
const B = '/api/tms/request-onsite-management';
const TYPES = ['request.created', 'request.approved', 'request.rejected', 'request.withdrawn'] as const;
let t: TestApp;
const { status } = api(() => t);
const emp = (u: string) => t.fixture.employeeIds[u]!;

async function call(user: string, url: string, payload?: unknown) {
  const res = await t.app.inject({ method: 'POST', url: `${B}${url}`, headers: await t.as(user), payload: payload as Json });
  return { status: res.statusCode, body: res.json() as Json };
}
async function create(from: string, to: string): Promise<number> {
  const res = await call('staff', '', {
    title: 'Client visit',
    projectId: t.fixture.projectId,
    fromDate: from,
    toDate: to,
    type: 'FULL_DAY',
    location: 'Client site',
    description: 'Go live',
    employeeList: [{ employeeId: emp('staff'), startTime: '08:30', endTime: '17:30', duration: 8 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}
const staffRequestOf = async (id: number) =>
  (await queryRows<{ request_id: number }>(t.db, sql`select request_id from onsite_request_staff where onsite_request_id = ${id}`))[0]!.request_id;

beforeAll(async () => {
  t = await requestWriteApp();
}, 120_000);
afterAll(async () => t?.close());
beforeEach(async () => clearOutbox(t.db));

describe('request.* events of onsite records', () => {
  it('created; the Department approval sends nothing; the C&B approval sends request.approved; a refused approve nothing', async () => {
    const endpoint = await subscribe(t.db, TYPES);
    const id = await create('2026-11-09', '2026-11-10');
    expect((await call('pm', `/${id}/approve`, {})).status).toBe(200);
    expect(typesAndKeys(await outboxEvents(t.db))).toEqual([['request.created', `onsite:${id}`]]);
    expect((await call('hr', `/${id}/approve`, {})).status).toBe(200);
    expect((await call('hr', `/${id}/approve`, {})).status).toBe(409);
    const rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([
      ['request.created', `onsite:${id}`],
      ['request.approved', `onsite:${id}`],
    ]);
    expect(rows[0]!.data).toMatchObject({ kind: 'ONSITE', id, status: 1, fromDate: '2026-11-09', employeeList: [{ employeeId: emp('staff') }] });
    expect(rows[1]!.data).toMatchObject({ status: 3, status_CB: { status_num: 3 } });
    expect(rows[0]!.data).not.toHaveProperty('actions');
    expectPublished(rows, endpoint);
  });

  it('a rejection at the Department stage sends request.rejected', async () => {
    const endpoint = await subscribe(t.db, ['request.rejected']);
    const id = await create('2026-11-16', '2026-11-16');
    expect((await call('pm', `/${id}/reject`, { reason: 'Not needed' })).status).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(rows.map((r) => [r.event_type, r.record_key, r.data.status, r.data.reasonsForRejection])).toEqual([['request.rejected', `onsite:${id}`, 4, 'Not needed']]);
    expectPublished(rows, endpoint);
  });

  it('a withdrawal sends request.withdrawn', async () => {
    const endpoint = await subscribe(t.db, ['request.withdrawn']);
    const id = await create('2026-11-17', '2026-11-17');
    expect((await call('staff', `/${id}/withdraw`, { reason: 'Plans changed' })).status).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(rows.map((r) => [r.event_type, r.record_key, r.data.status])).toEqual([['request.withdrawn', `onsite:${id}`, 5]]);
    expectPublished(rows, endpoint);
  });

  it("Request Management's decisions of an onsite row send the record's events (through the onsite service)", async () => {
    const endpoint = await subscribe(t.db, TYPES);
    const id = await create('2026-11-18', '2026-11-18');
    const row = await staffRequestOf(id);
    expect((await status('pm', row, 3)).status).toBe(200);
    expect((await status('hr', row, 4, 'Budget')).status).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([
      ['request.created', `onsite:${id}`],
      ['request.rejected', `onsite:${id}`],
    ]);
    expectPublished(rows, endpoint);
  });
});
