import type { WebhookEventType } from '@tms/contracts/webhook-events';
import type { DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { queueWebhookEvents, webhookRecordKey, webhookTypesWanted } from '../webhook-events/webhook-events.ts';
import { toExplanation } from './explanation-record.ts';
import * as xrepo from './explanation.repository.ts';

/**
 * The `request.*` webhook events of an explanation (issue 30 §3, docs/integrations.md "Events"): kind EXPLANATION, the
 * record as Explanation Management answers it without the caller-specific `actions`, read back in the writer's
 * transaction after the change. Filed → created (and approved beside it when a flow with no step approves it at
 * once); the final step's approval → approved; a rejection → rejected; the owner's cancel → withdrawn.
 */

/** A reader with no relation to the record: its `actions` are dropped anyway. */
const NOBODY: SessionUser = { sessionId: 0, userId: 0, username: '', employeeId: null, name: '', roles: [], isPm: false, actors: [] };

export async function queueExplanationEvents(tx: DbOrTx, types: readonly WebhookEventType[], requestId: number): Promise<void> {
  const wanting = await webhookTypesWanted(tx, types);
  const wanted = types.filter((type) => wanting.has(type));
  if (wanted.length === 0) return;
  const row = await xrepo.findExplanation(tx, requestId, xrepo.ALL_EXPLANATIONS);
  if (!row) return;
  const { actions: _actions, ...record } = toExplanation(row, NOBODY, null);
  const data = { kind: 'EXPLANATION' as const, ...record };
  await queueWebhookEvents(tx, wanted.map((type) => ({ type, recordKey: webhookRecordKey('request', requestId), data })));
}
