import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { textArray } from '../../db/sql-fragments.ts';
import type { WebhookEventType } from '@tms/contracts/webhook-events';

/** An event a write records (webhook-events.ts), delivered by the worker after the commit. */
export type QueuedWebhookEvent = {
  type: WebhookEventType;
  /** The record the event is about, e.g. 'request:37': deliveries of one record to one endpoint go out in order. */
  recordKey: string;
  /** The changed record as the API answers it. */
  data: unknown;
};

/**
 * Records events and their deliveries in one statement, in the caller's transaction. An event no active endpoint
 * wants is not stored at all, so the outbox stays empty (and costs one indexless probe of a small table) while no
 * webhook is configured.
 */
export async function insertWebhookEvents(tx: DbOrTx, events: readonly QueuedWebhookEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = JSON.stringify(events.map((e) => ({ event_type: e.type, record_key: e.recordKey, data: e.data ?? null })));
  await tx.execute(sql`
    with wanted as (
      select r.event_type, r.record_key, r.data, r.ord
        -- ROWS FROM: a column definition list cannot be combined with WITH ORDINALITY on the bare function.
        from rows from (json_to_recordset(${rows}::json) as (event_type text, record_key text, data jsonb)) with ordinality as r(event_type, record_key, data, ord)
       where exists (select 1 from webhook_endpoints w where w.active and r.event_type = any(w.events))
       order by r.ord
    ),
    stored as (
      insert into webhook_events (event_type, record_key, data)
      select event_type, record_key, coalesce(data, 'null'::jsonb) from wanted order by ord
      returning id, event_type, record_key
    )
    insert into webhook_deliveries (endpoint_id, event_id, record_key)
    select w.id, s.id, s.record_key
      from stored s
      join webhook_endpoints w on w.active and s.event_type = any(w.events)
     order by s.id, w.id`);
}

/** Which of `types` an active endpoint subscribes to, in one statement: a write with a costly payload builds it only then. */
export async function typesEndpointsWant(db: DbOrTx, types: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ type: string }>(
    db,
    sql`select t.type from unnest(${textArray(types)}) as t(type)
         where exists (select 1 from webhook_endpoints w where w.active and t.type = any(w.events))`,
  );
  return rows.map((r) => r.type);
}
