import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { WEBHOOK_EVENT_DATA_SCHEMAS, type WebhookEventType } from '@tms/contracts/webhook-events';
import { queryRows, type DbOrTx } from '../db/client.ts';
import type { Json } from './json-body.ts';

/**
 * Test-only helpers of the webhook event tests (issue 30 §3): an active endpoint subscribed to some types, inserted
 * directly; the outbox's events with their deliveries; each event's data checked against its published schema.
 */

export type OutboxEvent = { id: number; event_type: WebhookEventType; record_key: string; data: Json; deliveries: { endpoint_id: number; status: string }[] };

export async function clearOutbox(db: DbOrTx): Promise<void> {
  for (const table of [sql`webhook_deliveries`, sql`webhook_events`, sql`webhook_endpoints`]) await db.execute(sql`delete from ${table}`);
}

/** An active endpoint subscribed to `events`; answers its id. */
export async function subscribe(db: DbOrTx, events: readonly WebhookEventType[]): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into webhook_endpoints (url, events, secret) values ('http://localhost:9/hook', ${`{${events.join(',')}}`}::text[], 'secret') returning id`,
  );
  return row!.id;
}

/** The stored events, oldest first, each with its deliveries. */
export function outboxEvents(db: DbOrTx): Promise<OutboxEvent[]> {
  return queryRows<OutboxEvent>(
    db,
    sql`select e.id, e.event_type, e.record_key, e.data,
               coalesce((select json_agg(json_build_object('endpoint_id', d.endpoint_id, 'status', d.status) order by d.id) from webhook_deliveries d where d.event_id = e.id), '[]'::json) as deliveries
          from webhook_events e order by e.id`,
  );
}

/** Every event's data parses with its type's published schema, and each has one pending delivery to `endpoint`. */
export function expectPublished(rows: readonly OutboxEvent[], endpoint: number): void {
  for (const r of rows) {
    const parsed = WEBHOOK_EVENT_DATA_SCHEMAS[r.event_type].safeParse(r.data);
    expect(parsed.success, `${r.event_type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    expect(r.deliveries).toEqual([{ endpoint_id: endpoint, status: 'pending' }]);
  }
}

/** [type, record key] of each event: what most assertions compare. */
export const typesAndKeys = (rows: readonly OutboxEvent[]) => rows.map((r) => [r.event_type, r.record_key]);
