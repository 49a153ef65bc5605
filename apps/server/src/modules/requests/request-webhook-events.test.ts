import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_DATA_SCHEMAS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@tms/contracts/webhook-events';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { api, FRI, MON, requestWriteApp, TUE, type Json } from '../request-days/request-write.test-support.ts';
import { createRequests } from './request.service.ts';

/** Issue 30 §3: the request.* and leave_balance.changed events, queued in the write's own transaction. */
let t: TestApp;
const { create, leave, status } = api(() => t);
const emp = (u: string) => t.fixture.employeeIds[u]!;

beforeAll(async () => {
  t = await requestWriteApp();
}, 120_000);
afterAll(async () => t?.close());
beforeEach(async () => {
  for (const table of [sql`webhook_deliveries`, sql`webhook_events`, sql`webhook_endpoints`]) await t.db.execute(sql`delete from ${table}`);
});

async function subscribe(events: readonly WebhookEventType[]) {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into webhook_endpoints (url, events, secret) values ('http://localhost:9/hook', ${`{${events.join(',')}}`}::text[], 'secret') returning id`,
  );
  return row!.id;
}

type EventRow = { id: number; event_type: WebhookEventType; record_key: string; data: Json; deliveries: { endpoint_id: number; status: string }[] };
async function events(): Promise<EventRow[]> {
  return queryRows<EventRow>(
    t.db,
    sql`select e.id, e.event_type, e.record_key, e.data,
               (select json_agg(json_build_object('endpoint_id', d.endpoint_id, 'status', d.status) order by d.id) from webhook_deliveries d where d.event_id = e.id) as deliveries
          from webhook_events e order by e.id`,
  );
}

/** Every stored event's data parses with its type's published schema. */
function parsesAll(rows: readonly EventRow[]) {
  for (const r of rows) {
    const parsed = WEBHOOK_EVENT_DATA_SCHEMAS[r.event_type].safeParse(r.data);
    expect(parsed.success, `${r.event_type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  }
}

describe('request.* events of leave requests', () => {
  it('created, approved and withdrawn each queue one event with the record and a pending delivery per endpoint', async () => {
    const endpoint = await subscribe(['request.created', 'request.approved', 'request.rejected', 'request.withdrawn']);
    const id = await create('staff', leave(FRI));
    expect((await status('gl', id, 3)).status).toBe(200);
    expect((await status('staff', id, 5, 'plans changed')).status).toBe(200);
    const rows = await events();
    expect(rows.map((r) => [r.event_type, r.record_key])).toEqual([
      ['request.created', `request:${id}`],
      ['request.approved', `request:${id}`],
      ['request.withdrawn', `request:${id}`],
    ]);
    expect(rows.map((r) => r.data.status)).toEqual([1, 3, 5]);
    expect(rows[0]!.data).toMatchObject({ kind: 'LEAVE', id, request_type: 'LEAVE_REQUEST', employee: { id: emp('staff') }, start_date: FRI });
    expect(rows[0]!.data).not.toHaveProperty('actions');
    for (const r of rows) expect(r.deliveries).toEqual([{ endpoint_id: endpoint, status: 'pending' }]);
    parsesAll(rows);
  });

  it('a rejection queues request.rejected; a refused decision (409) queues nothing', async () => {
    await subscribe(['request.rejected', 'request.approved']);
    const id = await create('staff', leave(MON, { reason_type: 'UNPAID_LEAVE' }));
    expect((await status('gl', id, 4, 'no')).status).toBe(200);
    expect((await status('gl', id, 3)).status).toBe(409);
    const rows = await events();
    expect(rows.map((r) => r.event_type)).toEqual(['request.rejected']);
    expect(rows[0]!.data).toMatchObject({ status: 4, reasons_for_rejection: 'no' });
    parsesAll(rows);
  });

  it('stores nothing when no active endpoint subscribes (an inactive one, or one for other types)', async () => {
    const inactive = await subscribe(['request.created']);
    await t.db.execute(sql`update webhook_endpoints set active = false where id = ${inactive}`);
    await subscribe(['employee.created']);
    await create('staff', leave(TUE, { reason_type: 'UNPAID_LEAVE' }));
    expect(await events()).toEqual([]);
  });

  it('the event is part of the write: a transaction that rolls back after it leaves no event', async () => {
    await subscribe(['request.created']);
    const author = { userId: t.fixture.userIds['hr']!, employeeId: emp('hr'), roles: ['HR'], actors: [] } as never;
    await expect(
      t.db.transaction(async (tx) => {
        await createRequests({ db: tx, clock: t.clock }, author, [{ ...leave(TUE, { reason_type: 'UNPAID_LEAVE' }), employeeId: emp('staff2') } as never]);
        expect((await queryRows(tx, sql`select 1 from webhook_events`)).length).toBe(1);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await events()).toEqual([]);
  });
});

describe('leave_balance.changed', () => {
  it('an approval draws the hours: one event for the employee with the request as its cause; the withdrawal gives them back', async () => {
    await subscribe(['leave_balance.changed']);
    const id = await create('staff2', leave(FRI));
    expect((await status('gl', id, 3)).status).toBe(200);
    expect((await status('staff2', id, 5, 'plans changed')).status).toBe(200);
    const rows = await events();
    expect(rows.map((r) => [r.event_type, r.record_key, r.data.delta, r.data.cause])).toEqual([
      ['leave_balance.changed', `leave:${emp('staff2')}`, -8, { kind: 'REQUEST_APPROVED', id, ledger_cause: 'USE' }],
      ['leave_balance.changed', `leave:${emp('staff2')}`, 8, { kind: 'REQUEST_WITHDRAWN', id, ledger_cause: 'RETURN' }],
    ]);
    expect(rows[0]!.data).toMatchObject({ employee_id: emp('staff2'), user_name: 'staff2' });
    parsesAll(rows);
  });
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and describes every event type under webhooks, with its envelope and data schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: Json }> } } }> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const punches = doc.webhooks['punches.stored']!.post.requestBody.content['application/json']!.schema;
    expect(punches.required).toEqual(expect.arrayContaining(['id', 'type', 'occurred_at', 'data']));
    expect(Object.keys(punches.properties.data.properties)).toEqual(expect.arrayContaining(['source', 'received', 'stored', 'duplicates', 'employees', 'from', 'to']));
  });
});
