import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_MESSAGES as M,
  type WebhookCreateValues,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookUpdateValues,
  type WebhookWithSecret,
} from '@tms/contracts/webhooks';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { diffFields, recordHistory } from '../../lib/history.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { inTransaction } from '../leave/leave.service.ts';
import { isRefusedHost } from './webhook-address.ts';
import * as repo from './webhooks.repository.ts';

/**
 * Settings → Webhooks (issue 30 §3; Admin): endpoints with their events and signing secret, each change with a
 * history entry (the secret's value is never written there), the delivery log, redeliver and 'send test event'.
 */
export type WebhooksDeps = { db: Db; clock: Clock };
export const WEBHOOKS_TABLE = 'webhook_endpoints';
const FIELDS = ['url', 'description', 'events', 'active', 'max_in_flight'] as const;

/** 32 random bytes: `whsec_<base64url>`. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

const snapshot = (e: Pick<WebhookEndpoint, (typeof FIELDS)[number]>) => ({ url: e.url, description: e.description, events: e.events, active: e.active, max_in_flight: e.max_in_flight });

/** The URL rules the schema cannot see: a host that is a refused address (169.254.169.254) or a metadata name. */
function checkHost(url: string): void {
  if (isRefusedHost(new URL(url).hostname)) throw badRequest(M.urlForbiddenHost);
}

async function mustFind(db: DbOrTx, id: number, forUpdate = false): Promise<WebhookEndpoint> {
  const row = await repo.findEndpoint(db, id, { forUpdate });
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function listEndpoints({ db }: WebhooksDeps): Promise<WebhookEndpoint[]> {
  return repo.listEndpoints(db);
}

/** Creates an endpoint and answers its signing secret: the only time it is shown. */
export async function createEndpoint({ db }: WebhooksDeps, user: SessionUser, v: WebhookCreateValues): Promise<WebhookWithSecret> {
  checkHost(v.url);
  return inTransaction(db, async (tx) => {
    const secret = newWebhookSecret();
    const id = await repo.insertEndpoint(tx, v, secret, user.userId);
    const after = await mustFind(tx, id);
    await recordHistory(tx, { tableName: WEBHOOKS_TABLE, recordId: id, action: 'CREATE', changes: diffFields(null, snapshot(after), FIELDS), newRecord: snapshot(after), by: user });
    return { ...after, secret };
  });
}

export async function updateEndpoint({ db }: WebhooksDeps, user: SessionUser, id: number, v: WebhookUpdateValues): Promise<WebhookEndpoint> {
  return inTransaction(db, async (tx) => {
    const before = await mustFind(tx, id, true);
    checkHost(v.url);
    if (!(await repo.updateEndpoint(tx, id, v))) throw conflict(M.changedMeanwhile);
    const after = await mustFind(tx, id);
    await recordHistory(tx, { tableName: WEBHOOKS_TABLE, recordId: id, action: 'UPDATE', changes: diffFields(snapshot(before), snapshot(after), FIELDS), newRecord: snapshot(after), by: user });
    return after;
  });
}

/** Deletes the endpoint with its deliveries (pending ones are never sent). */
export async function deleteEndpoint({ db }: WebhooksDeps, user: SessionUser, id: number): Promise<{ id: number }> {
  return inTransaction(db, async (tx) => {
    const before = await mustFind(tx, id, true);
    await repo.deleteEndpoint(tx, id);
    await recordHistory(tx, { tableName: WEBHOOKS_TABLE, recordId: id, action: 'DELETE', changes: diffFields(snapshot(before), {}, FIELDS), newRecord: snapshot(before), by: user });
    return { id };
  });
}

/** A new secret, answered once; deliveries from now on are signed with it (one being sent keeps the old signature). */
export async function rotateSecret({ db }: WebhooksDeps, user: SessionUser, id: number): Promise<WebhookWithSecret> {
  return inTransaction(db, async (tx) => {
    await mustFind(tx, id, true);
    const secret = newWebhookSecret();
    await repo.setSecret(tx, id, secret);
    const after = await mustFind(tx, id);
    // The entry says that the secret changed, never what it is.
    await recordHistory(tx, { tableName: WEBHOOKS_TABLE, recordId: id, action: 'UPDATE', changes: [{ field: 'secret', oldValue: null, newValue: 'rotated' }], newRecord: snapshot(after), by: user });
    return { ...after, secret };
  });
}

export async function deliveries({ db }: WebhooksDeps, id: number, before: number | null, size: number): Promise<WebhookDeliveryPage> {
  await mustFind(db, id);
  const items = await repo.deliveryPage(db, id, before, size);
  return { items, next_before: items.length === size ? items[items.length - 1]!.id : null };
}

/** A new pending delivery of the same event to the same endpoint; the original stays in the log as it was. */
export async function redeliver({ db }: WebhooksDeps, id: number, deliveryId: number): Promise<WebhookDelivery> {
  return inTransaction(db, async (tx) => {
    await mustFind(tx, id);
    const newId = await repo.insertRedelivery(tx, id, deliveryId);
    if (newId === null) throw notFound(M.deliveryNotFound);
    return (await repo.findDelivery(tx, id, newId))!;
  });
}

/**
 * Records a `webhook.test` event with a delivery to this endpoint only, whatever events it subscribes to (a paused
 * endpoint gets it once active again, like any delivery).
 */
export async function sendTestEvent({ db, clock }: WebhooksDeps, user: SessionUser, id: number): Promise<WebhookDelivery> {
  return inTransaction(db, async (tx) => {
    await mustFind(tx, id);
    const deliveryId = await repo.insertTestEvent(tx, id, { endpoint_id: id, message: `Test event from TMS at ${clock.now().toISOString()}`, sent_by: user.username });
    return (await repo.findDelivery(tx, id, deliveryId))!;
  });
}
