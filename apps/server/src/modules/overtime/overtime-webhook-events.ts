import { FIXED_STAFF_STATUS as FS, FLEXIBLE_STATUS as XS } from '@tms/contracts/overtime';
import type { RequestEventData, WebhookEventType } from '@tms/contracts/webhook-events';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { queueWebhookEvents, webhookRecordKey, webhookTypesWanted, webhookWanted } from '../webhook-events/webhook-events.ts';
import { toFixed, toFlexible } from './overtime-list.service.ts';
import * as listRepo from './overtime-list.repository.ts';

/**
 * The `request.*` webhook events of overtime (issue 30 §3, docs/integrations.md "Events"): kind OVERTIME, `record` the
 * overtime list's row (GET /api/tms/overtime-list/fixed or /flexible), read back in the writer's transaction, one
 * event per request. A fixed request is one event with its staff rows inside: it is decided once no row is pending
 * (approved when a row is approved, else rejected when one is, else withdrawn), and a later change of that outcome
 * sends the new one. A flexible request: approved at its final approval (5), rejected by the PM (2) or the manager
 * (4), withdrawn when cancelled (6); the PM's approval, the confirmation and a flow's intermediate steps send nothing.
 */
type Outcome = 1 | 3 | 4 | 5;
type OvertimeEventData = Extract<RequestEventData, { kind: 'OVERTIME' }>;

const TYPE_OF: Partial<Record<Outcome, WebhookEventType>> = { 3: 'request.approved', 4: 'request.rejected', 5: 'request.withdrawn' };

/** A fixed request's overall status from its staff rows' statuses (the request numbering: 1, 3, 4, 5). */
export function fixedOutcome(statuses: readonly number[]): Outcome {
  if (statuses.some((s) => s === FS.pending)) return 1;
  if (statuses.some((s) => s === FS.approved)) return 3;
  if (statuses.some((s) => s === FS.rejected)) return 4;
  return 5;
}

/** A flexible request's overall status from its own. */
export function flexibleOutcome(status: number): Outcome {
  if (status === XS.approved) return 3;
  if (status === XS.rejectedByPm || status === XS.rejectedByManager) return 4;
  if (status === XS.cancelled) return 5;
  return 1;
}

/** Reads every request whatever its scope: the list's own statement, stored statuses (no Expired derived). */
const SYSTEM = { sessionId: 0, userId: 0, username: '', employeeId: null, name: '', roles: ['ADMIN'], isPm: false, actors: ['ADMIN'] } satisfies SessionUser;

async function recordsOf(tx: DbOrTx, clock: Clock, kind: 'FIXED' | 'FLEXIBLE', ids: readonly number[]): Promise<OvertimeEventData[]> {
  const ctx = { user: SYSTEM, staffView: false, lockDate: null, timeZone: clock.timeZone };
  const page = { limit: ids.length, offset: 0 };
  if (kind === 'FIXED') {
    const { rows } = await listRepo.listFixed(tx, { ids: [...ids] }, ctx, page);
    return rows.map((r) => {
      const record = toFixed(r);
      return { kind: 'OVERTIME', overtime_type: 'FIXED', id: record.id, status: fixedOutcome(record.staff.map((s) => s.status)), record };
    });
  }
  const { rows } = await listRepo.listFlexible(tx, { ids: [...ids] }, ctx, page);
  return rows.map((r) => {
    const record = toFlexible(r);
    return { kind: 'OVERTIME', overtime_type: 'FLEXIBLE', id: record.id, status: flexibleOutcome(record.status), record };
  });
}

const event = (type: WebhookEventType, data: OvertimeEventData) => ({ type, recordKey: webhookRecordKey('overtime', data.id), data });

/** request.created for each new request, and request.approved beside it for one stored approved at once (an import, a flow with no step). */
export async function queueOvertimeCreated(tx: DbOrTx, clock: Clock, kind: 'FIXED' | 'FLEXIBLE', ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const wanting = await webhookTypesWanted(tx, ['request.created', 'request.approved']);
  const [created, approved] = [wanting.has('request.created'), wanting.has('request.approved')];
  if (!created && !approved) return;
  const records = await recordsOf(tx, clock, kind, ids);
  const byId = new Map(records.map((r) => [r.id, r]));
  await queueWebhookEvents(
    tx,
    ids.flatMap((id) => {
      const data = byId.get(id);
      if (!data) return [];
      return [...(created ? [event('request.created', data)] : []), ...(approved && data.status === 3 ? [event('request.approved', data)] : [])];
    }),
  );
}

/** After a status change of a fixed request's rows: the request's decision, when it became final or changed. `before`: the rows' statuses before. */
export async function queueFixedDecision(tx: DbOrTx, clock: Clock, id: number, before: readonly number[]): Promise<void> {
  const types = ['request.approved', 'request.rejected', 'request.withdrawn'] as const;
  const wanted = await webhookTypesWanted(tx, types);
  if (wanted.size === 0) return;
  const [data] = await recordsOf(tx, clock, 'FIXED', [id]);
  if (!data || data.status === 1 || data.status === fixedOutcome(before)) return;
  const type = TYPE_OF[data.status as Outcome];
  if (type && wanted.has(type)) await queueWebhookEvents(tx, [event(type, data)]);
}

/** After a flexible request moved to `to`: its final decision, if `to` is one. */
export async function queueFlexibleDecision(tx: DbOrTx, clock: Clock, id: number, to: number): Promise<void> {
  const type = TYPE_OF[flexibleOutcome(to)];
  if (!type || !(await webhookWanted(tx, type))) return;
  const [data] = await recordsOf(tx, clock, 'FLEXIBLE', [id]);
  if (data) await queueWebhookEvents(tx, [event(type, data)]);
}
