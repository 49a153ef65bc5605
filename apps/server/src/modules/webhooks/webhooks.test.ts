import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES as M, WEBHOOK_PATHS as P, webhookDeliveriesPath, webhookPath, webhookRedeliverPath, webhookRotatePath, webhookTestPath } from '@tms/contracts/webhooks';
import { WEBHOOK_HEADERS, WEBHOOK_TEST_EVENT } from '@tms/contracts/webhook-events';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { deliver, deliveriesOf, queueEvent, removeEndpoints, startReceiver, webhookApi, type Json, type Receiver } from '../../test/webhooks.ts';

/**
 * Settings → Webhooks (issue 30 §3): the Admin's endpoint API, its validation and history, the delivery log,
 * redeliver and the test event; and the signature, checked with the snippet docs/integrations.md gives integrators.
 */
let t: TestApp;
let receiver: Receiver;
const { call, createEndpoint } = webhookApi(() => t);

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T10:00:00+07:00' });
  receiver = await startReceiver();
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(async () => {
  await removeEndpoints(t);
  receiver.received.length = 0;
});

const historyOf = (id: number) => queryRows<Json>(t.db, sql`select action, changes, new_record from history where table_name = 'webhook_endpoints' and record_id = ${id} order by id`);

describe('endpoints', () => {
  it('only the Admin manages webhooks', async () => {
    for (const user of ['hr', 'hrm', 'dl', 'gl', 'staff', 'guest']) {
      expect((await call(user, 'GET', P.list)).status, user).toBe(403);
      expect((await call(user, 'POST', P.list, { url: receiver.url(), events: ['employee.created'] })).status, user).toBe(403);
    }
    expect((await call('admin', 'GET', P.list)).status).toBe(200);
  });

  it('create answers the secret once; update, rotate and delete keep a history without it', async () => {
    const created = await createEndpoint({ url: receiver.url(), description: ' Payroll ', events: ['request.approved', 'employee.created', 'request.approved'] });
    expect(created).toMatchObject({ url: receiver.url(), description: 'Payroll', active: true, version: 1, pending_count: 0, failed_count: 0, max_in_flight: 4 });
    // Listed in the contracts' order, each once.
    expect(created.events).toEqual(['request.approved', 'employee.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = (await call('admin', 'GET', P.list)).body.data;
    expect(list).toHaveLength(1);
    expect(list[0].secret).toBeUndefined();

    const stale = { url: receiver.url('/v2'), events: ['employee.updated'], active: false, description: null, version: 1 };
    const updated = await call('admin', 'PUT', webhookPath(created.id), stale);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ url: receiver.url('/v2'), events: ['employee.updated'], active: false, description: null, version: 2 });
    expect(await call('admin', 'PUT', webhookPath(created.id), stale)).toMatchObject({ status: 409, body: { message: M.changedMeanwhile } });

    const rotated = await call('admin', 'POST', webhookRotatePath(created.id));
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(created.secret);

    expect((await call('admin', 'DELETE', webhookPath(created.id))).status).toBe(200);
    expect((await call('admin', 'DELETE', webhookPath(created.id))).status).toBe(404);
    const history = await historyOf(created.id);
    expect(history.map((h) => h.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'DELETE']);
    expect(history[2].changes).toEqual([{ field: 'secret', oldValue: null, newValue: 'rotated' }]);
    const text = JSON.stringify(history);
    expect(text).not.toContain(created.secret);
    expect(text).not.toContain(rotated.body.data.secret);
  });

  it('bad input gets a clear 400 and stores nothing; unknown ids are 404', async () => {
    const cases: [Json, string][] = [
      [{ url: '' }, M.urlRequired],
      [{ url: 'not a url' }, M.urlInvalid],
      [{ url: 'ftp://example.com/x' }, M.urlInvalid],
      [{ url: 'http://example.com/hook' }, M.urlNotHttps],
      [{ url: 'https://user:pw@example.com/hook' }, M.urlCredentials],
      [{ url: 'https://169.254.169.254/latest/meta-data' }, M.urlForbiddenHost],
      [{ url: 'https://metadata.google.internal/computeMetadata' }, M.urlForbiddenHost],
      [{ url: 'https://[fe80::1]/hook' }, M.urlForbiddenHost],
      [{ url: 'https://example.com/hook', events: [] }, M.eventsRequired],
      [{ url: 'https://example.com/hook', events: ['employee.fired'] }, M.eventUnknown],
      [{ url: 'https://example.com/hook', description: 'x'.repeat(201) }, M.descriptionTooLong],
      [{ url: 'https://example.com/hook', max_in_flight: 0 }, M.maxInFlightInvalid],
      [{ url: 'https://example.com/hook', max_in_flight: 21 }, M.maxInFlightInvalid],
      [{ url: 'https://example.com/hook', max_in_flight: 1.5 }, M.maxInFlightInvalid],
      [{ url: 'https://example.com/hook', max_in_flight: '3' }, M.maxInFlightInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await call('admin', 'POST', P.list, { events: ['employee.created'], ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(message);
    }
    expect((await call('admin', 'GET', P.list)).body.data).toEqual([]);
    // http is fine to the local machine (testing).
    for (const url of ['http://localhost:9/x', 'http://127.0.0.1:9/x', 'http://[::1]:9/x']) await createEndpoint({ url });
    expect((await call('admin', 'PUT', webhookPath(999_999), { url: 'https://example.com', events: ['employee.created'], active: true, version: 1 })).status).toBe(404);
    expect((await call('admin', 'POST', webhookRotatePath(999_999))).status).toBe(404);
    expect((await call('admin', 'POST', webhookTestPath(999_999))).status).toBe(404);
    expect((await call('admin', 'GET', webhookDeliveriesPath(999_999))).status).toBe(404);
  });
});

describe('deliveries at once', () => {
  it('is chosen at creation (4 when left out), changed by an edit with a history entry, kept by an edit without it', async () => {
    const created = await createEndpoint({ url: receiver.url(), max_in_flight: 2 });
    expect(created.max_in_flight).toBe(2);
    const base = { url: receiver.url(), events: ['employee.created'], active: true, description: null };
    const kept = await call('admin', 'PUT', webhookPath(created.id), { ...base, version: 1 });
    expect(kept.body.data).toMatchObject({ max_in_flight: 2, version: 2 });
    const changed = await call('admin', 'PUT', webhookPath(created.id), { ...base, max_in_flight: 7, version: 2 });
    expect(changed.body.data).toMatchObject({ max_in_flight: 7, version: 3 });
    const bad = await call('admin', 'PUT', webhookPath(created.id), { ...base, max_in_flight: 99, version: 3 });
    expect(bad.status).toBe(400);
    expect((await call('admin', 'GET', P.list)).body.data[0].max_in_flight).toBe(7);
    const history = await historyOf(created.id);
    expect(history[0].new_record).toMatchObject({ max_in_flight: 2 });
    expect(history[2].changes).toEqual([{ field: 'max_in_flight', oldValue: 2, newValue: 7 }]);
  });
});

describe('signature', () => {
  /** The Node snippet of docs/integrations.md "## Webhooks", loaded as the integrator would paste it. */
  async function documentedVerifier(): Promise<(secret: string, body: string, header: string) => boolean> {
    const docPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/integrations.md');
    const doc = fs.readFileSync(docPath, 'utf8');
    const section = doc.slice(doc.indexOf('## Webhooks'));
    const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
    expect(code, 'docs/integrations.md ## Webhooks has a ```js snippet').toContain('verifyTmsSignature');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tms-webhook-doc-')), 'verify.mjs');
    fs.writeFileSync(file, code!);
    const mod = (await import(pathToFileURL(file).href)) as { verifyTmsSignature: (secret: string, body: string, header: string) => boolean };
    return mod.verifyTmsSignature;
  }

  it('a real delivery verifies with the documented snippet; a changed body or another secret does not', async () => {
    const endpoint = await createEndpoint({ url: receiver.url('/signed'), events: ['employee.updated'] });
    await queueEvent(t, 'employee.updated', 'employee:7', { id: 7, name: 'Nguyễn Văn A' });
    expect(await deliver(t)).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.path).toBe('/signed');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toMatch(/^TMS-Webhooks\//);
    expect(got.headers[WEBHOOK_HEADERS.event.toLowerCase()]).toBe('employee.updated');
    const envelope = JSON.parse(got.body);
    expect(envelope).toMatchObject({ type: 'employee.updated', data: { id: 7, name: 'Nguyễn Văn A' } });
    expect(Object.keys(envelope)).toEqual(['id', 'type', 'occurred_at', 'data']);
    expect(got.headers[WEBHOOK_HEADERS.eventId.toLowerCase()]).toBe(envelope.id);
    const [delivery] = await deliveriesOf(t, endpoint.id);
    expect(got.headers[WEBHOOK_HEADERS.delivery.toLowerCase()]).toBe(String(delivery!.id));
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, response_status: 200, response_body: 'ok', error: null });

    const verify = await documentedVerifier();
    const header = String(got.headers[WEBHOOK_HEADERS.signature.toLowerCase()]);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(endpoint.secret, got.body, header)).toBe(true);
    expect(verify(endpoint.secret, got.body.replace('Nguyễn', 'Nguyen'), header)).toBe(false);
    expect(verify('whsec_other', got.body, header)).toBe(false);
    expect(verify(endpoint.secret, got.body, header.replace(/t=\d+/, 't=1000000000'))).toBe(false);
  });

  it('after a rotation deliveries are signed with the new secret', async () => {
    const endpoint = await createEndpoint({ url: receiver.url() });
    const rotated = (await call('admin', 'POST', webhookRotatePath(endpoint.id))).body.data;
    await queueEvent(t, 'employee.updated', 'employee:8');
    await deliver(t);
    const verify = await documentedVerifier();
    const got = receiver.received[0]!;
    const header = String(got.headers[WEBHOOK_HEADERS.signature.toLowerCase()]);
    expect(verify(rotated.secret, got.body, header)).toBe(true);
    expect(verify(endpoint.secret, got.body, header)).toBe(false);
  });
});

describe('log, redeliver and test event', () => {
  it('the log pages newest first with the counts on the list', async () => {
    const endpoint = await createEndpoint({ url: receiver.url() });
    for (const n of [1, 2, 3]) await queueEvent(t, 'employee.updated', `employee:${n}`);
    const first = (await call('admin', 'GET', `${webhookDeliveriesPath(endpoint.id)}?size=2`)).body.data;
    expect(first.items.map((d: Json) => d.record_key)).toEqual(['employee:3', 'employee:2']);
    expect(first.items[0]).toMatchObject({ event_type: 'employee.updated', status: 'pending', attempts: 0, response_status: null, last_attempt_at: null });
    expect(first.items[0].event_id).toMatch(/^[0-9a-f-]{36}$/);
    const second = (await call('admin', 'GET', `${webhookDeliveriesPath(endpoint.id)}?size=2&before=${first.next_before}`)).body.data;
    expect(second.items.map((d: Json) => d.record_key)).toEqual(['employee:1']);
    expect(second.next_before).toBeNull();
    expect((await call('admin', 'GET', P.list)).body.data[0]).toMatchObject({ pending_count: 3, failed_count: 0 });
    await deliver(t);
    expect((await call('admin', 'GET', P.list)).body.data[0]).toMatchObject({ pending_count: 0, failed_count: 0 });
    const log = (await call('admin', 'GET', webhookDeliveriesPath(endpoint.id))).body.data.items;
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 1, response_status: 200, response_body: 'ok' });
    expect(log[0].delivered_at).not.toBeNull();
    expect(typeof log[0].duration_ms).toBe('number');
  });

  it('redeliver sends the same event again to the same endpoint', async () => {
    const endpoint = await createEndpoint({ url: receiver.url() });
    const other = await createEndpoint({ url: receiver.url('/other') });
    await queueEvent(t, 'employee.updated', 'employee:9');
    await deliver(t);
    expect(receiver.received).toHaveLength(2);
    const [original] = await deliveriesOf(t, endpoint.id);
    const res = await call('admin', 'POST', webhookRedeliverPath(endpoint.id, original!.id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending', attempts: 0, record_key: 'employee:9' });
    expect(res.body.data.id).toBeGreaterThan(original!.id);
    await deliver(t);
    const toEndpoint = receiver.received.filter((r) => r.path === '/hook');
    expect(toEndpoint).toHaveLength(2);
    expect(toEndpoint[1]!.headers['x-tms-event-id']).toBe(toEndpoint[0]!.headers['x-tms-event-id']);
    expect(toEndpoint[1]!.headers['x-tms-delivery']).toBe(String(res.body.data.id));
    expect(receiver.received.filter((r) => r.path === '/other')).toHaveLength(1);
    // Another endpoint's delivery, or none, is not found under this endpoint.
    const [othersDelivery] = await deliveriesOf(t, other.id);
    expect((await call('admin', 'POST', webhookRedeliverPath(endpoint.id, othersDelivery!.id))).body.message).toBe(M.deliveryNotFound);
    expect((await call('admin', 'POST', webhookRedeliverPath(endpoint.id, 999_999))).status).toBe(404);
    expect((await call('staff', 'POST', webhookRedeliverPath(endpoint.id, original!.id))).status).toBe(403);
  });

  it('a test event goes to that endpoint only, whatever it subscribes to', async () => {
    const endpoint = await createEndpoint({ url: receiver.url('/a'), events: ['punches.stored'] });
    await createEndpoint({ url: receiver.url('/b'), events: ['punches.stored'] });
    const res = await call('admin', 'POST', webhookTestPath(endpoint.id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ event_type: WEBHOOK_TEST_EVENT, status: 'pending' });
    await deliver(t);
    expect(receiver.received.map((r) => r.path)).toEqual(['/a']);
    const body = JSON.parse(receiver.received[0]!.body);
    expect(body).toMatchObject({ type: WEBHOOK_TEST_EVENT, data: { endpoint_id: endpoint.id, sent_by: 'admin' } });
  });

  it('delete removes the endpoint with its deliveries', async () => {
    const endpoint = await createEndpoint({ url: receiver.url() });
    await queueEvent(t, 'employee.updated', 'employee:10');
    expect(await deliveriesOf(t, endpoint.id)).toHaveLength(1);
    expect((await call('admin', 'DELETE', webhookPath(endpoint.id))).status).toBe(200);
    expect(await deliveriesOf(t, endpoint.id)).toHaveLength(0);
    expect(await deliver(t)).toBe(0);
    expect(receiver.received).toHaveLength(0);
  });
});
