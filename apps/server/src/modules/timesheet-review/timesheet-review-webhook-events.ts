import { TIMESHEET_STATUS, type TimesheetInfo, type TimesheetStatus } from '@tms/contracts/timesheet-review';
import type { WebhookEventType } from '@tms/contracts/webhook-events';
import type { DbOrTx } from '../../db/client.ts';
import { queueWebhookEvent, webhookRecordKey } from '../webhook-events/webhook-events.ts';

/**
 * The `timesheet.*` webhook events (issue 30 §3, docs/integrations.md "Events"): a payroll period sent for review,
 * approved, or rejected back to Pending update — the period as GET /api/tms/timesheets/{id} answers it, with its
 * company (a period is reviewed for the whole company).
 */
const TYPE_OF: Partial<Record<TimesheetStatus, WebhookEventType>> = {
  [TIMESHEET_STATUS.PENDING_APPROVAL]: 'timesheet.sent_for_review',
  [TIMESHEET_STATUS.APPROVED]: 'timesheet.approved',
  [TIMESHEET_STATUS.PENDING_UPDATE]: 'timesheet.rejected',
};

export async function queueTimesheetEvent(tx: DbOrTx, to: TimesheetStatus, info: TimesheetInfo, companyId: number | null): Promise<void> {
  const type = TYPE_OF[to];
  if (!type) return;
  await queueWebhookEvent(tx, { type, recordKey: webhookRecordKey('period', info.timesheet_id), data: { ...info, company_id: companyId } });
}
