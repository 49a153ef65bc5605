import type { WebhookEventType } from '@tms/contracts/webhook-events';
import type { DbOrTx } from '../../db/client.ts';
import { queueWebhookEvents, webhookRecordKey, webhookTypesWanted } from '../webhook-events/webhook-events.ts';
import * as repo from './employees.repository.ts';
import type { EmployeeDetail } from '@tms/contracts/employees';

/**
 * The `employee.*` webhook events (issue 30 §3, docs/integrations.md "Events"): the employee as GET
 * /api/tms/employees/{id} answers it, read back in the write's transaction. `employee.terminated` goes beside
 * `employee.updated` when the write records a last working day (set, or moved to another date).
 */
export async function queueEmployeeEvents(
  tx: DbOrTx,
  employeeId: number,
  change: { created: true } | { lastWorkingDayBefore: string | null },
  // The service's own mapper, passed in so this file does not import the service back.
  toDetail: (stored: repo.StoredEmployee) => EmployeeDetail,
): Promise<void> {
  const types: WebhookEventType[] = [];
  if ('created' in change) types.push('employee.created');
  else types.push('employee.updated');
  const wanting = await webhookTypesWanted(tx, 'created' in change ? types : [...types, 'employee.terminated']);
  const wanted = types.filter((type) => wanting.has(type));
  const terminationRecorded = wanting.has('employee.terminated');
  if (wanted.length === 0 && !terminationRecorded) return;
  const stored = await repo.findDetail(tx, employeeId);
  if (!stored) return;
  const data = toDetail(stored);
  if (terminationRecorded && !('created' in change) && data.last_working_day !== null && data.last_working_day !== change.lastWorkingDayBefore) wanted.push('employee.terminated');
  await queueWebhookEvents(tx, wanted.map((type) => ({ type, recordKey: webhookRecordKey('employee', employeeId), data })));
}
