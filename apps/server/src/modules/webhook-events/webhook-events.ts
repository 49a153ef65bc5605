import type { WebhookEventType } from '@tms/contracts/webhook-events';
import type { DbOrTx } from '../../db/client.ts';
import { insertWebhookEvents, typesEndpointsWant, type QueuedWebhookEvent } from './webhook-events.repository.ts';

/**
 * The webhook outbox (issue 30 §3): a write that changes something an integrator may subscribe to calls
 * `queueWebhookEvent` in its own transaction, so the event exists exactly when the change does and a crash after
 * the commit loses nothing; the delivery worker (modules/webhooks) only drains what was recorded.
 */

export async function queueWebhookEvent(tx: DbOrTx, event: QueuedWebhookEvent): Promise<void> {
  await insertWebhookEvents(tx, [event]);
}

/** Many events of one write (an import, an accrual run) in one statement, in the given order. */
export async function queueWebhookEvents(tx: DbOrTx, events: readonly QueuedWebhookEvent[]): Promise<void> {
  const CHUNK = 5000;
  for (let start = 0; start < events.length; start += CHUNK) await insertWebhookEvents(tx, events.slice(start, start + CHUNK));
}

/** The record key of an event: kind and id. */
export function webhookRecordKey(kind: string, id: number | string): string {
  return `${kind}:${id}`;
}

/**
 * Whether any active endpoint subscribes to `type`. Writers whose payload costs a read (a bulk run, a record read
 * back in full) ask first, so a deployment without webhooks pays one probe of a small table and nothing more.
 */
export async function webhookWanted(tx: DbOrTx, type: WebhookEventType): Promise<boolean> {
  return (await webhookTypesWanted(tx, [type])).size > 0;
}

/** Which of the types a write may record are wanted, in one probe (a write that may record several asks once). */
export async function webhookTypesWanted(tx: DbOrTx, types: readonly WebhookEventType[]): Promise<Set<WebhookEventType>> {
  if (types.length === 0) return new Set();
  return new Set((await typesEndpointsWant(tx, types)) as WebhookEventType[]);
}
