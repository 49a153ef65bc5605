import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookEnvelope } from '@tms/contracts/webhook-events';
import type { Db } from '../../db/client.ts';
import { registerWorkerTask } from '../../lib/jobs.ts';
import { sendWebhook, WEBHOOK_TIMEOUT_MS } from './webhook-send.ts';
import { claimDeliveries, finishDelivery, type AttemptOutcome, type ClaimedDelivery } from './webhooks.repository.ts';

/**
 * The webhook delivery worker (issue 30 §3): on every poll of the job worker, in every API process, it claims the
 * deliveries whose turn has come (webhooks.repository claimDeliveries: a lease, the in-flight cap per endpoint, in
 * order per record), POSTs them and records each answer. 2xx is delivered; anything else (network error, timeout,
 * refused address, a redirect, any other status) is tried again after 30 s, doubling up to 1 hour, until 24 hours
 * after the delivery was created, when it is marked failed. A worker that dies mid-send leaves its lease to run out,
 * and the delivery is claimed again (at least once: receivers deduplicate by the event id).
 */

export const WEBHOOK_GIVE_UP_SECONDS = 24 * 3600;
const LEASE_MS = 60_000; // well past the 10 s timeout
const BATCH = 20;
const MAX_ROUNDS = 10; // then the job worker gets its turn; the next poll takes the rest

/** Seconds before the attempt after attempt number `attempt` failed: 30 s, 1 min, 2 min … at most 1 hour. */
export function webhookBackoffSeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);
}

export type DeliverOptions = { timeoutMs?: number; leaseMs?: number; batch?: number; maxRounds?: number; workerId?: string };
type DeliverDeps = { db: Db; log?: FastifyBaseLogger };

const defaultWorkerId = () => `${os.hostname().slice(0, 40)}:${process.pid}`;

/** What the receiver gets: the envelope of contracts/webhook-events, as compact JSON (the signed bytes). */
export function envelopeBody(d: Pick<ClaimedDelivery, 'event_uuid' | 'event_type' | 'occurred_at' | 'data'>): string {
  const envelope: WebhookEnvelope = { id: d.event_uuid, type: d.event_type as WebhookEnvelope['type'], occurred_at: d.occurred_at, data: d.data };
  return JSON.stringify(envelope);
}

function outcomeOf(d: ClaimedDelivery, result: Awaited<ReturnType<typeof sendWebhook>>): AttemptOutcome {
  const base = { responseStatus: result.status, responseBody: result.body, durationMs: result.durationMs };
  if (result.status !== null && result.status >= 200 && result.status < 300) return { ...base, status: 'delivered', error: null };
  const error =
    result.error ??
    (result.status !== null && result.status >= 300 && result.status < 400 ? `Answered ${result.status}: redirects are not followed` : `Answered ${result.status ?? 'nothing'}`);
  if (d.age_seconds + result.durationMs / 1000 >= WEBHOOK_GIVE_UP_SECONDS) return { ...base, status: 'failed', error };
  return { ...base, status: 'pending', error, retryInSeconds: webhookBackoffSeconds(d.attempts) };
}

async function deliverOne(deps: DeliverDeps, d: ClaimedDelivery, timeoutMs: number): Promise<void> {
  const result = await sendWebhook({ url: d.url, secret: d.secret, body: envelopeBody(d), eventType: d.event_type, eventId: d.event_uuid, deliveryId: d.id, timeoutMs });
  const outcome = outcomeOf(d, result);
  if (!(await finishDelivery(deps.db, d.id, d.locked_by, outcome))) deps.log?.warn({ deliveryId: d.id }, 'webhook delivery finished after its lease was taken over');
}

/** Delivers what is due, round after round, until nothing is or `shouldStop()`; answers how many attempts were made. */
export async function deliverDueWebhooks(deps: DeliverDeps, opts: DeliverOptions = {}, shouldStop: () => boolean = () => false): Promise<number> {
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  let attempts = 0;
  for (let round = 0; round < (opts.maxRounds ?? MAX_ROUNDS) && !shouldStop(); round += 1) {
    const token = `${(opts.workerId ?? defaultWorkerId()).slice(0, 60)}/${randomBytes(6).toString('hex')}`;
    const claimed = await claimDeliveries(deps.db, { token, leaseMs: opts.leaseMs ?? LEASE_MS, limit: opts.batch ?? BATCH });
    if (claimed.length === 0) break;
    attempts += claimed.length;
    await Promise.all(
      claimed.map((d) => deliverOne(deps, d, timeoutMs).catch((err: unknown) => deps.log?.error({ err, deliveryId: d.id }, 'webhook delivery could not be recorded'))),
    );
  }
  return attempts;
}

/** Registers the delivery on every poll of the job worker (modules/job-handlers.ts). */
export function registerWebhookDelivery(): void {
  registerWorkerTask('webhooks.deliver', (app, { shouldStop }) => deliverDueWebhooks({ db: app.db, log: app.log }, {}, shouldStop));
}
