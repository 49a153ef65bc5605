import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { runWorkerTasks } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { guardedLookup, isRefusedAddress, isRefusedHost } from './webhook-address.ts';
import { webhookBackoffSeconds } from './webhook-delivery.ts';
import { sendWebhook } from './webhook-send.ts';
import { claimDeliveries } from './webhooks.repository.ts';
import { deliver, deliveriesOf, makeDue, queueEvent, removeEndpoints, startReceiver, webhookApi, type Answer, type Json, type Receiver } from '../../test/webhooks.ts';

/**
 * The delivery worker (issue 30 §3) against real receivers on 127.0.0.1: retries with backoff, in order per record,
 * the in-flight cap, nothing lost between commit and delivery, no redirects, the timeout, the SSRF guard and the
 * 24-hour give-up. Time is moved by setting `next_attempt_at` / `created_at` (the queue runs on the database's clock).
 */
let t: TestApp;
let receivers: Receiver[] = [];
const { createEndpoint } = webhookApi(() => t);

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T10:00:00+07:00' });
}, 120_000);
afterAll(async () => t?.close());
beforeEach(async () => removeEndpoints(t));
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

async function receiver(answer?: (req: { body: string; path: string }, index: number) => Answer | Promise<Answer>) {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}
const eventIdOf = (body: string) => (JSON.parse(body) as Json).id as string;
const recordOf = (body: string) => (JSON.parse(body) as Json).data.record as string;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('retries and order', () => {
  it('a receiver that fails twice then succeeds gets the event delivered once, after retries with backoff', async () => {
    const r = await receiver((_req, i) => (i < 2 ? { status: 500, body: 'busy' } : { status: 204 }));
    const endpoint = await createEndpoint({ url: r.url() });
    await queueEvent(t, 'employee.updated', 'employee:1');

    await deliver(t);
    let [d] = await deliveriesOf(t, endpoint.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, response_status: 500, response_body: 'busy', error: 'Answered 500' });
    // The next attempt waits the backoff: running again now sends nothing.
    const [{ wait }] = (await queryRows<{ wait: number }>(t.db, sql`select extract(epoch from next_attempt_at - last_attempt_at)::float8 as wait from webhook_deliveries where id = ${d!.id}`)) as [{ wait: number }];
    expect(wait).toBeGreaterThan(25);
    expect(wait).toBeLessThan(35);
    expect(await deliver(t)).toBe(0);

    await makeDue(t, endpoint.id);
    await deliver(t);
    [d] = await deliveriesOf(t, endpoint.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 2 });
    await makeDue(t, endpoint.id);
    await deliver(t);
    [d] = await deliveriesOf(t, endpoint.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, response_status: 204, error: null });
    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((x) => eventIdOf(x.body))).size).toBe(1);
    await makeDue(t, endpoint.id);
    expect(await deliver(t)).toBe(0);
    expect(r.received).toHaveLength(3);
  });

  it('backoff: 30 s doubling, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(webhookBackoffSeconds)).toEqual([30, 60, 120, 240, 1920, 3600, 3600]);
  });

  it('deliveries of one record go in order while an earlier one is retrying; other records go on', async () => {
    let failFirst = true;
    const r = await receiver((req) => {
      if (recordOf(req.body) === 'request:1' && failFirst) {
        failFirst = false;
        return { status: 503 };
      }
      return { status: 200 };
    });
    const endpoint = await createEndpoint({ url: r.url(), events: ['request.created', 'request.approved'] });
    await queueEvent(t, 'request.created', 'request:1', { record: 'request:1', step: 'created' });
    await queueEvent(t, 'request.created', 'request:2', { record: 'request:2', step: 'created' });
    await queueEvent(t, 'request.approved', 'request:1', { record: 'request:1', step: 'approved' });

    await deliver(t);
    // request:1's first event failed and waits; its second is held back behind it; request:2 went.
    expect(r.received.map((x) => JSON.parse(x.body).data)).toEqual([
      { record: 'request:1', step: 'created' },
      { record: 'request:2', step: 'created' },
    ]);
    const rows = await deliveriesOf(t, endpoint.id);
    expect(rows.map((x) => [x.record_key, x.status, x.attempts])).toEqual([
      ['request:1', 'pending', 1],
      ['request:2', 'delivered', 1],
      ['request:1', 'pending', 0],
    ]);

    await makeDue(t, endpoint.id);
    await deliver(t);
    const one = r.received.filter((x) => recordOf(x.body) === 'request:1').map((x) => JSON.parse(x.body).data.step);
    expect(one).toEqual(['created', 'created', 'approved']);
    expect((await deliveriesOf(t, endpoint.id)).every((x) => x.status === 'delivered')).toBe(true);
  });
});

describe('in flight', () => {
  it('at most max_in_flight deliveries of an endpoint are sent at once', async () => {
    const r = await receiver(async () => {
      await sleep(150);
      return { status: 200 };
    });
    const endpoint = await createEndpoint({ url: r.url() });
    await t.db.execute(sql`update webhook_endpoints set max_in_flight = 2 where id = ${endpoint.id}`);
    for (let n = 1; n <= 5; n += 1) await queueEvent(t, 'employee.updated', `employee:${n}`);

    // The claim itself holds the cap: live leases count, a second worker gets nothing while two are out.
    const first = await claimDeliveries(t.db, { token: 'worker-a', leaseMs: 60_000, limit: 20 });
    expect(first).toHaveLength(2);
    expect(await claimDeliveries(t.db, { token: 'worker-b', leaseMs: 60_000, limit: 20 })).toHaveLength(0);
    // Those two were taken by a worker that died: once their leases run out, they are taken over.
    await t.db.execute(sql`update webhook_deliveries set locked_until = now() - interval '1 second' where locked_by = 'worker-a'`);

    await deliver(t);
    expect(r.maxInFlight()).toBe(2);
    expect(r.received).toHaveLength(5);
    expect((await deliveriesOf(t, endpoint.id)).map((x) => [x.status, x.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 2],
      ['delivered', 1],
      ['delivered', 1],
      ['delivered', 1],
    ]);
  });

  it('an inactive endpoint is not sent to; its deliveries wait until it is active again', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint({ url: r.url() });
    await queueEvent(t, 'employee.updated', 'employee:3');
    await t.db.execute(sql`update webhook_endpoints set active = false where id = ${endpoint.id}`);
    expect(await deliver(t)).toBe(0);
    await t.db.execute(sql`update webhook_endpoints set active = true where id = ${endpoint.id}`);
    expect(await deliver(t)).toBe(1);
    expect(r.received).toHaveLength(1);
  });
});

describe('durability', () => {
  it('a crash between commit and delivery loses nothing: a later worker delivers the committed event', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint({ url: r.url() });
    // The write commits its event; no worker runs (the process "crashed" before delivering).
    await queueEvent(t, 'employee.updated', 'employee:4');
    expect(r.received).toHaveLength(0);
    expect(await deliveriesOf(t, endpoint.id)).toMatchObject([{ status: 'pending', attempts: 0 }]);
    // A rolled-back write records nothing.
    await expect(
      t.db.transaction(async (tx) => {
        const { queueWebhookEvent } = await import('../webhook-events/webhook-events.ts');
        await queueWebhookEvent(tx, { type: 'employee.updated', recordKey: 'employee:5', data: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A new process starts: its job worker's tasks (the registered 'webhooks.deliver') deliver it.
    await runWorkerTasks(t.app);
    expect(r.received.map((x) => recordOf(x.body))).toEqual(['employee:4']);
    expect(await deliveriesOf(t, endpoint.id)).toMatchObject([{ status: 'delivered', attempts: 1 }]);
  });

  it('a delivery whose worker died mid-send is taken over once its lease runs out', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint({ url: r.url() });
    await queueEvent(t, 'employee.updated', 'employee:6');
    await claimDeliveries(t.db, { token: 'dead-worker', leaseMs: 60_000, limit: 20 });
    expect(await deliver(t)).toBe(0);
    await t.db.execute(sql`update webhook_deliveries set locked_until = now() - interval '1 second' where endpoint_id = ${endpoint.id}`);
    expect(await deliver(t)).toBe(1);
    expect(await deliveriesOf(t, endpoint.id)).toMatchObject([{ status: 'delivered', attempts: 2 }]);
  });
});

describe('what is refused or cut off', () => {
  it('a redirect is not followed: a 3xx is a failure', async () => {
    const r = await receiver((req) => (req.path === '/hook' ? { status: 302, headers: { location: '/elsewhere' }, body: 'moved' } : { status: 200 }));
    const endpoint = await createEndpoint({ url: r.url() });
    await queueEvent(t, 'employee.updated', 'employee:7');
    await deliver(t);
    expect(r.received.map((x) => x.path)).toEqual(['/hook']);
    const [d] = await deliveriesOf(t, endpoint.id);
    expect(d).toMatchObject({ status: 'pending', response_status: 302, response_body: 'moved' });
    expect(d!.error).toContain('redirects are not followed');
  });

  it('a receiver that does not answer in time is cut off and retried', async () => {
    const r = await receiver(() => 'hang');
    const endpoint = await createEndpoint({ url: r.url() });
    await queueEvent(t, 'employee.updated', 'employee:8');
    const started = Date.now();
    await deliver(t, { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5_000);
    const [d] = await deliveriesOf(t, endpoint.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, response_status: null, error: 'Timed out after 300 ms' });
  });

  it('keeps only the first 1 KB of an answer', async () => {
    const r = await receiver(() => ({ status: 200, body: 'x'.repeat(5000) }));
    const endpoint = await createEndpoint({ url: r.url() });
    await queueEvent(t, 'employee.updated', 'employee:9');
    await deliver(t);
    const [d] = await deliveriesOf(t, endpoint.id);
    expect(d!.status).toBe('delivered');
    expect(d!.response_body).toHaveLength(1024);
  });

  it('link-local and metadata addresses are refused, and the refusal is the delivery error', async () => {
    // Stored as if it had been allowed earlier (the API refuses it at creation): the worker checks every time.
    const endpoint = await createEndpoint({ url: 'https://example.com/hook' });
    await t.db.execute(sql`update webhook_endpoints set url = 'http://169.254.169.254/latest/meta-data/' where id = ${endpoint.id}`);
    await queueEvent(t, 'employee.updated', 'employee:10');
    await deliver(t);
    const [d] = await deliveriesOf(t, endpoint.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(d!.error).toMatch(/^Refused to connect to 169\.254\.169\.254/);

    for (const url of ['http://metadata.google.internal/x', 'http://[fe80::1]/x', 'http://[fd00:ec2::254]/x', 'http://100.100.100.200/x', 'http://0.0.0.0/x', 'http://224.0.0.1/x', 'http://[::ffff:169.254.169.254]/x']) {
      const result = await sendWebhook({ url, secret: 's', body: '{}', eventType: 'webhook.test', eventId: 'x', deliveryId: 1, timeoutMs: 500 });
      expect(result.error, url).toMatch(/^Refused to connect/);
      expect(result.status).toBeNull();
    }
    expect(['169.254.1.1', 'fe80::abcd', '::', 'ff02::1', '255.255.255.255'].every(isRefusedAddress)).toBe(true);
    expect(['127.0.0.1', '::1', '10.1.2.3', '192.168.1.10', '8.8.8.8', '2001:db8::1'].some(isRefusedAddress)).toBe(false);
    expect(isRefusedHost('METADATA.GOOGLE.INTERNAL')).toBe(true);
    expect(isRefusedHost('localhost')).toBe(false);
  });

  it('a host name is resolved by the guard, and the socket connects to the address it checked', async () => {
    const r = await receiver();
    const url = r.url().replace('127.0.0.1', 'localhost');
    const result = await sendWebhook({ url, secret: 's', body: '{}', eventType: 'webhook.test', eventId: 'x', deliveryId: 1, timeoutMs: 2_000 });
    expect(result).toMatchObject({ status: 200, body: 'ok', error: null });
    const one = await new Promise<string>((resolve, reject) => guardedLookup('localhost', { family: 4 }, (err, address) => (err ? reject(err) : resolve(address as string))));
    expect(one).toBe('127.0.0.1');
    const all = await new Promise<unknown>((resolve, reject) => guardedLookup('localhost', { all: true }, (err, address) => (err ? reject(err) : resolve(address))));
    expect(Array.isArray(all)).toBe(true);
    const refused = await new Promise<Error | null>((resolve) => guardedLookup('metadata.google.internal', {}, (err) => resolve(err)));
    expect(refused?.message).toMatch(/^Refused to connect to metadata\.google\.internal/);
  });

  it('gives up 24 hours after the delivery was created', async () => {
    const r = await receiver(() => ({ status: 500 }));
    const endpoint = await createEndpoint({ url: r.url() });
    await queueEvent(t, 'employee.updated', 'employee:11');
    await queueEvent(t, 'employee.updated', 'employee:12');
    const [old, young] = await deliveriesOf(t, endpoint.id);
    await t.db.execute(sql`update webhook_deliveries set created_at = now() - interval '24 hours 1 minute' where id = ${old!.id}`);
    await t.db.execute(sql`update webhook_deliveries set created_at = now() - interval '23 hours 59 minutes', attempts = 9 where id = ${young!.id}`);
    await deliver(t);
    const rows = await deliveriesOf(t, endpoint.id);
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 1, response_status: 500 });
    // The other gets one last try at its 24th hour, not an hour later.
    expect(rows[1]).toMatchObject({ status: 'pending', attempts: 10 });
    const [{ late }] = (await queryRows<{ late: boolean }>(t.db, sql`select next_attempt_at <= created_at + interval '24 hours' as late from webhook_deliveries where id = ${young!.id}`)) as [{ late: boolean }];
    expect(late).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: '/api/tms/webhooks', headers: await t.as('admin') });
    expect(list.json().data[0]).toMatchObject({ pending_count: 1, failed_count: 1 });
  });
});
