import type { PunchesStoredData } from '@tms/contracts/webhook-events';
import type { DbOrTx } from '../../db/client.ts';
import { queueWebhookEvent, webhookRecordKey } from '../webhook-events/webhook-events.ts';
import type { AcceptedPunch, InsertPunchesResult } from './punches.repository.ts';

/**
 * `punches.stored` (issue 30 §3, docs/integrations.md "Events"): one event per stored batch — a device upload through
 * the punch API (source API, the device key), a device's ADMS push (ICLOCK, the device), or a timesheet import
 * (IMPORT). A self check-in is one person's punch, not a batch: it sends none (docs/integrations.md).
 */
export type PunchBatchOrigin = Pick<PunchesStoredData, 'source' | 'device' | 'import'> & {
  /** What the batch held before validation (lines of an upload, punches of a JSON batch). */
  received: number;
};

export async function queuePunchBatchEvent(tx: DbOrTx, origin: PunchBatchOrigin, accepted: readonly AcceptedPunch[], inserted: InsertPunchesResult): Promise<void> {
  const instants = accepted.map((p) => Date.parse(p.t)).filter((ms) => Number.isFinite(ms));
  const data: PunchesStoredData = {
    source: origin.source,
    device: origin.device,
    import: origin.import,
    received: origin.received,
    stored: inserted.inserted,
    duplicates: accepted.length - inserted.inserted,
    unmapped: inserted.unmapped,
    employees: new Set(inserted.affected.map((d) => d.employeeId)).size,
    from: instants.length > 0 ? new Date(Math.min(...instants)).toISOString() : null,
    to: instants.length > 0 ? new Date(Math.max(...instants)).toISOString() : null,
  };
  // One key per origin: batches of one device go out in order; imports in order among themselves.
  const key = origin.device ? `device:${origin.source}:${origin.device.id ?? origin.device.serial ?? ''}` : `import:${origin.source}`;
  await queueWebhookEvent(tx, { type: 'punches.stored', recordKey: webhookRecordKey('punches', key), data });
}
