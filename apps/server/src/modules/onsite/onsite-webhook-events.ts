import type { WebhookEventType } from '@tms/contracts/webhook-events';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { queueWebhookEvents, webhookRecordKey, webhookTypesWanted } from '../webhook-events/webhook-events.ts';
import { toRow } from './onsite-view.ts';
import * as repo from './onsite.repository.ts';

/**
 * The `request.*` webhook events of an onsite record (issue 30 §3, docs/integrations.md "Events"): kind ONSITE, one
 * event per record (its staff in `employeeList`), the record as GET /api/tms/onsite/{id} answers it without the
 * caller-specific `actions` (and without cc and files), read back in the writer's transaction. Filed → created; the
 * C&B approval (the record's final one) → approved — the Department stage's approval and a flow's intermediate steps
 * send nothing; a rejection at either stage → rejected; a withdrawal → withdrawn. Request Management's decisions of
 * an onsite row come through the onsite service (request-days/onsite-port.ts), so they send the same events.
 */

const NOBODY = { userId: 0, employeeId: null, roles: [], isPm: false, actors: [] };

export async function queueOnsiteEvents(tx: DbOrTx, clock: Clock, types: readonly WebhookEventType[], id: number): Promise<void> {
  const wanting = await webhookTypesWanted(tx, types);
  const wanted = types.filter((type) => wanting.has(type));
  if (wanted.length === 0) return;
  const row = await repo.findOnsite(tx, id, 'all');
  if (!row) return;
  const { actions: _actions, ...record } = toRow(row, { caller: NOBODY, lockDate: null, today: clock.today(), lastTimesheetEnd: null });
  const data = { kind: 'ONSITE' as const, ...record };
  await queueWebhookEvents(tx, wanted.map((type) => ({ type, recordKey: webhookRecordKey('onsite', id), data })));
}
