import { REQUEST_STATUS, type RequestRecord } from '@tms/contracts/requests';
import type { WebhookEventType } from '@tms/contracts/webhook-events';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { queueWebhookEvents, webhookRecordKey, webhookTypesWanted, webhookWanted } from '../webhook-events/webhook-events.ts';
import { toRecord } from './request-list.service.ts';
import { requestRowsById } from './request-webhook-events.repository.ts';

/**
 * The `request.*` webhook events of leave and work outside requests (issue 30 §3, docs/integrations.md
 * "Events"): the record as the request list answers it, without the caller-specific `actions`, read back in the
 * writer's transaction after the change. Rows of an onsite record are left to the onsite module (kind ONSITE).
 */
// Explanations are the explanations module's (their Explanation Management record); the request routes refuse them.
const KIND_OF: Record<string, 'LEAVE' | 'WORK_OUTSIDE'> = { LEAVE_REQUEST: 'LEAVE', WORK_OUTSIDE: 'WORK_OUTSIDE' };

/** A record seen by nobody in particular: its `actions` are dropped anyway. */
const NOBODY = { userId: 0, employeeId: null, actors: [] };

export function requestEventData(record: RequestRecord): (Omit<RequestRecord, 'actions'> & { kind: 'LEAVE' | 'WORK_OUTSIDE' }) | null {
  const kind = KIND_OF[record.request_type];
  if (!kind) return null;
  const { actions: _actions, ...rest } = record;
  return { kind, ...rest };
}

/** Queues `type` for each of these requests (one event per request), when an endpoint wants it. */
export async function queueRequestEvents(tx: DbOrTx, clock: Clock, type: WebhookEventType, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || !(await webhookWanted(tx, type))) return;
  await queueWebhookEvents(tx, (await recordsOf(tx, clock, ids)).map((data) => ({ type, recordKey: webhookRecordKey('request', data.id), data })));
}

/**
 * request.created for each new request, and request.approved beside it for one stored approved at once (an import, an
 * approval flow with no step): an integrator that follows approvals sees every approved request.
 */
export async function queueCreatedRequestEvents(tx: DbOrTx, clock: Clock, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const wanting = await webhookTypesWanted(tx, ['request.created', 'request.approved']);
  const [created, approved] = [wanting.has('request.created'), wanting.has('request.approved')];
  if (!created && !approved) return;
  const events = (await recordsOf(tx, clock, ids)).flatMap((data) => {
    const recordKey = webhookRecordKey('request', data.id);
    return [
      ...(created ? [{ type: 'request.created' as const, recordKey, data }] : []),
      ...(approved && data.status === REQUEST_STATUS.approved ? [{ type: 'request.approved' as const, recordKey, data }] : []),
    ];
  });
  await queueWebhookEvents(tx, events);
}

async function recordsOf(tx: DbOrTx, clock: Clock, ids: readonly number[]) {
  const rows = await requestRowsById(tx, ids);
  const ctx = { caller: NOBODY, lockDate: null, today: clock.today() };
  return rows.flatMap((row) => {
    const data = requestEventData(toRecord(row, ctx));
    return data ? [data] : [];
  });
}
