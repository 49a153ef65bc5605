import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@tms/contracts/webhook-events';
import { WEBHOOK_PATHS } from '@tms/contracts/webhooks';
import { queryRows } from '../db/client.ts';
import type { TestApp } from './harness.ts';
import { queueWebhookEvent } from '../modules/webhook-events/webhook-events.ts';
import { deliverDueWebhooks, type DeliverOptions } from '../modules/webhooks/webhook-delivery.ts';

/** Test-only helpers of the webhook tests (modules/webhooks): a real local receiver, API calls, events queued as a write would. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of the API under test
export type Json = any;

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; at: number };
/** What the receiver answers a request: a status and body, or 'hang' (never answers). */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

/** A `node:http` server on 127.0.0.1 that records every request and answers as `answer` says. */
export async function startReceiver(answer: (req: Received, index: number) => Answer | Promise<Answer> = () => ({ status: 200, body: 'ok' })) {
  const received: Received[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(entry);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      void Promise.resolve(answer(entry, received.length - 1)).then((a) => {
        if (a === 'hang') {
          res.on('close', () => (inFlight -= 1));
          return;
        }
        inFlight -= 1;
        res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
        res.end(a.body ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export function webhookApi(getT: () => TestApp) {
  const call = async (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) => {
    const t = getT();
    const res = await t.app.inject({ method, url: `/api${url}`, headers: await t.as(user), ...(payload === undefined ? {} : { payload }) });
    return { status: res.statusCode, body: res.json() as Json };
  };
  /** Creates an endpoint as the Admin; answers it with its secret. */
  const createEndpoint = async (over: Json): Promise<Json> => {
    const res = await call('admin', 'POST', WEBHOOK_PATHS.list, { events: ['employee.updated'], ...over });
    if (res.status !== 200) throw new Error(`create endpoint: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  return { call, createEndpoint };
}

/** Records an event as a business write does: in a committed transaction of its own. */
export async function queueEvent(t: TestApp, type: WebhookEventType, recordKey: string, data: Json = { record: recordKey }): Promise<void> {
  await t.db.transaction(async (tx) => queueWebhookEvent(tx, { type, recordKey, data }));
}

/** One run of the delivery worker (short timeout for the tests). */
export const deliver = (t: TestApp, opts: DeliverOptions = {}) => deliverDueWebhooks({ db: t.db }, { timeoutMs: 2_000, ...opts });

export type DeliveryRow = { id: number; status: string; attempts: number; response_status: number | null; response_body: string | null; error: string | null; record_key: string; event_id: number };

export async function deliveriesOf(t: TestApp, endpointId: number): Promise<DeliveryRow[]> {
  return queryRows<DeliveryRow>(t.db, sql`select id, status, attempts, response_status, response_body, error, record_key, event_id from webhook_deliveries where endpoint_id = ${endpointId} order by id`);
}

/** Makes every waiting delivery of the endpoint due now (time passing, without waiting for the backoff). */
export async function makeDue(t: TestApp, endpointId: number): Promise<void> {
  await t.db.execute(sql`update webhook_deliveries set next_attempt_at = now() - interval '1 second' where endpoint_id = ${endpointId} and status = 'pending'`);
}

/** Each test starts without endpoints (their deliveries go with them). */
export async function removeEndpoints(t: TestApp): Promise<void> {
  await t.db.execute(sql`delete from webhook_endpoints`);
}
