import { sql } from 'drizzle-orm';
import type { WebhookCreateValues, WebhookDelivery, WebhookEndpoint, WebhookTestData, WebhookUpdateValues } from '@tms/contracts/webhooks';
import { WEBHOOK_TEST_EVENT } from '@tms/contracts/webhook-events';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { isoInstant, textArray } from '../../db/sql-fragments.ts';

/** All SQL of Settings → Webhooks and of the delivery worker (issue 30 §3). */

const endpointSelect = sql`
  select e.id, e.url, e.description, e.events, e.active, e.max_in_flight, e.version,
         ${isoInstant(sql`e.created_at`)} as created_at, ${isoInstant(sql`e.updated_at`)} as updated_at,
         (select count(*)::int from webhook_deliveries d where d.endpoint_id = e.id and d.status in ('pending', 'sending')) as pending_count,
         (select count(*)::int from webhook_deliveries d where d.endpoint_id = e.id and d.status = 'failed') as failed_count
    from webhook_endpoints e`;

export async function listEndpoints(db: DbOrTx): Promise<WebhookEndpoint[]> {
  return queryRows<WebhookEndpoint>(db, sql`${endpointSelect} order by e.id`);
}

export async function findEndpoint(db: DbOrTx, id: number, opts: { forUpdate?: boolean } = {}): Promise<WebhookEndpoint | undefined> {
  const rows = await queryRows<WebhookEndpoint>(db, sql`${endpointSelect} where e.id = ${id} ${opts.forUpdate ? sql`for update of e` : sql``}`);
  return rows[0];
}

export async function insertEndpoint(tx: DbOrTx, v: WebhookCreateValues, secret: string, userId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into webhook_endpoints (url, description, events, active, max_in_flight, secret, created_by)
        values (${v.url}, ${v.description}, ${textArray(v.events)}, ${v.active}, ${v.max_in_flight}, ${secret}, ${userId}) returning id`,
  );
  return row!.id;
}

/** The endpoint at the version read; false when it moved meanwhile. */
export async function updateEndpoint(tx: DbOrTx, id: number, v: WebhookUpdateValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update webhook_endpoints
           set url = ${v.url}, description = ${v.description}, events = ${textArray(v.events)}, active = ${v.active},
               max_in_flight = coalesce(${v.max_in_flight ?? null}::int, max_in_flight), version = version + 1, updated_at = now()
         where id = ${id} and version = ${v.version} returning id`,
  );
  return rows.length > 0;
}

export async function setSecret(tx: DbOrTx, id: number, secret: string): Promise<void> {
  await tx.execute(sql`update webhook_endpoints set secret = ${secret}, version = version + 1, updated_at = now() where id = ${id}`);
}

/** The endpoint and (by the foreign key's cascade) its deliveries; the events stay for other endpoints. */
export async function deleteEndpoint(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`delete from webhook_endpoints where id = ${id}`);
}

const deliverySelect = sql`
  select d.id, v.event_type, v.event_id::text as event_id, d.record_key, d.status, d.attempts, d.response_status, d.response_body,
         d.error, d.duration_ms, ${isoInstant(sql`d.created_at`)} as created_at,
         case when d.last_attempt_at is null then null else ${isoInstant(sql`d.last_attempt_at`)} end as last_attempt_at,
         case when d.status = 'pending' then ${isoInstant(sql`d.next_attempt_at`)} else null end as next_attempt_at,
         case when d.delivered_at is null then null else ${isoInstant(sql`d.delivered_at`)} end as delivered_at
    from webhook_deliveries d join webhook_events v on v.id = d.event_id`;

/** One page of an endpoint's deliveries, newest first, older than `before` when given. */
export async function deliveryPage(db: DbOrTx, endpointId: number, before: number | null, size: number): Promise<WebhookDelivery[]> {
  return queryRows<WebhookDelivery>(
    db,
    sql`${deliverySelect} where d.endpoint_id = ${endpointId} ${before === null ? sql`` : sql`and d.id < ${before}`} order by d.id desc limit ${size}`,
  );
}

export async function findDelivery(db: DbOrTx, endpointId: number, deliveryId: number): Promise<WebhookDelivery | undefined> {
  const rows = await queryRows<WebhookDelivery>(db, sql`${deliverySelect} where d.endpoint_id = ${endpointId} and d.id = ${deliveryId}`);
  return rows[0];
}

/** A new pending delivery of the event of `deliveryId` to the same endpoint (it goes after the record's others). */
export async function insertRedelivery(tx: DbOrTx, endpointId: number, deliveryId: number): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into webhook_deliveries (endpoint_id, event_id, record_key)
        select endpoint_id, event_id, record_key from webhook_deliveries where id = ${deliveryId} and endpoint_id = ${endpointId}
        returning id`,
  );
  return rows[0]?.id ?? null;
}

/** A `webhook.test` event with one delivery, to this endpoint only, whatever it subscribes to. */
export async function insertTestEvent(tx: DbOrTx, endpointId: number, data: WebhookTestData): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`with ev as (
          insert into webhook_events (event_type, record_key, data)
          values (${WEBHOOK_TEST_EVENT}, ${`webhook-test:${endpointId}`}, ${JSON.stringify(data)}::jsonb)
          returning id, record_key
        )
        insert into webhook_deliveries (endpoint_id, event_id, record_key) select ${endpointId}, id, record_key from ev returning id`,
  );
  return row!.id;
}

// ---- The delivery worker ----

/** A claimed delivery with what it takes to send it. */
export type ClaimedDelivery = {
  id: number;
  endpoint_id: number;
  url: string;
  secret: string;
  event_uuid: string;
  event_type: string;
  occurred_at: string;
  data: unknown;
  attempts: number;
  /** Seconds since the delivery was created (by the database's clock): past 24 hours a failure is final. */
  age_seconds: number;
  locked_by: string;
};

/** Waiting deliveries whose turn has come (pending and due), or whose sender's lease ran out (it died sending). */
const due = sql`((d.status = 'pending' and d.next_attempt_at <= clock_timestamp()) or (d.status = 'sending' and d.locked_until < clock_timestamp()))`;

/**
 * Claims up to `limit` due deliveries under a lease, in one transaction: first the active endpoints with due work
 * are locked (`for no key update skip locked`: another worker claiming for the same endpoint waits its turn or
 * skips it, while business writes inserting deliveries — which take only a key-share lock — never wait), then, seen
 * afresh after those locks, each endpoint gets at most `max_in_flight` minus its live leases, taking the oldest
 * deliveries whose record has no older one still waiting (in order per record).
 */
export async function claimDeliveries(db: DbOrTx, opts: { token: string; leaseMs: number; limit: number }): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    const endpoints = await queryRows<{ id: number }>(
      tx,
      sql`select e.id from webhook_endpoints e
           where e.active and exists (select 1 from webhook_deliveries d where d.endpoint_id = e.id and ${due})
           order by e.id limit 50
           for no key update skip locked`,
    );
    if (endpoints.length === 0) return [];
    const ids = sql`${`{${endpoints.map((e) => e.id).join(',')}}`}::int[]`;
    return queryRows<ClaimedDelivery>(
      tx,
      sql`with free as (
            select e.id, e.max_in_flight - (select count(*)::int from webhook_deliveries s
                                             where s.endpoint_id = e.id and s.status = 'sending' and s.locked_until >= clock_timestamp()) as slots
              from webhook_endpoints e where e.id = any(${ids})
          ),
          candidates as (
            select d.id, row_number() over (partition by d.endpoint_id order by d.id) as rn, f.slots
              from webhook_deliveries d join free f on f.id = d.endpoint_id
             where ${due}
               and not exists (select 1 from webhook_deliveries o
                                where o.endpoint_id = d.endpoint_id and o.record_key = d.record_key and o.id < d.id
                                  and o.status in ('pending', 'sending'))
          ),
          chosen as (select id from candidates where rn <= slots order by id limit ${opts.limit})
          update webhook_deliveries w
             set status = 'sending', attempts = w.attempts + 1, locked_by = ${opts.token},
                 locked_until = clock_timestamp() + make_interval(secs => ${opts.leaseMs / 1000}), last_attempt_at = clock_timestamp()
            from chosen c, webhook_endpoints e, webhook_events v
           where w.id = c.id and e.id = w.endpoint_id and v.id = w.event_id
       returning w.id, w.endpoint_id, e.url, e.secret, v.event_id::text as event_uuid, v.event_type,
                 ${isoInstant(sql`v.occurred_at`)} as occurred_at, v.data, w.attempts,
                 extract(epoch from clock_timestamp() - w.created_at)::float8 as age_seconds, w.locked_by`,
    );
  });
}

export type AttemptOutcome = {
  status: 'delivered' | 'pending' | 'failed';
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  /** pending: seconds until the next attempt. */
  retryInSeconds?: number;
};

/** Records an attempt's outcome while the claim is still this worker's; false when its lease was taken over. */
export async function finishDelivery(db: DbOrTx, id: number, token: string, o: AttemptOutcome): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update webhook_deliveries
           set status = ${o.status}, response_status = ${o.responseStatus}, response_body = ${o.responseBody}, error = ${o.error},
               duration_ms = ${o.durationMs}, locked_by = null, locked_until = null,
               delivered_at = case when ${o.status} = 'delivered' then clock_timestamp() else null end,
               next_attempt_at = case when ${o.status} = 'pending'
                                      then least(clock_timestamp() + make_interval(secs => ${o.retryInSeconds ?? 0}), created_at + interval '24 hours')
                                      else next_attempt_at end
         where id = ${id} and locked_by = ${token} returning id`,
  );
  return rows.length > 0;
}
