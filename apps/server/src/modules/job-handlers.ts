import { registerJob } from '../lib/jobs.ts';
import { maintenanceJob, runMaintenanceJob } from '../lib/maintenance.ts';
import { notifyMailJob, runNotifyMailJob } from '../lib/notify.ts';
import { runSendEmailJob, sendEmailJob } from './timesheet-export/send-email.ts';
import { leaveAccrualJob, runLeaveAccrualJob } from './leave/accrual.job.ts';
import { leaveDailySettleJob, runLeaveDailySettleJob } from './leave/leave-schedule.ts';
import { runScheduleSwitchJob, scheduleSwitchJob } from './work-schedules/schedule-switch.ts';
import { recalculateSalaryJob, runRecalculateSalaryJob } from './overtime-pay/recalculate-salary.job.ts';
import { registerRecalculationWork } from './recalculation/recalculation.jobs.ts';
import { manualBackupJob, nightlyBackupJob, runManualBackupJob, runNightlyBackupJob } from './backups/backup.job.ts';
import { registerReminderTask } from './my-work/reminders/reminders.task.ts';
import { registerWebhookDelivery } from './webhooks/webhook-delivery.ts';

/**
 * Every background job the server runs, registered in one place (issue 7 §6), once per process from
 * modules/registry.ts: every replica registers the same handlers, so any of them may run any job (lib/jobs.ts). A
 * module that adds a job exports its declaration (`defineJob`: name and payload schema) and its handler, typed by
 * that schema, and is listed here.
 */
export function registerJobHandlers(): void {
  registerJob(maintenanceJob, runMaintenanceJob);
  // The recalculation's jobs and the drain of its queue on every poll of the worker.
  registerRecalculationWork();
  registerJob(sendEmailJob, runSendEmailJob);
  registerJob(leaveAccrualJob, runLeaveAccrualJob);
  registerJob(leaveDailySettleJob, runLeaveDailySettleJob);
  registerJob(notifyMailJob, runNotifyMailJob);
  registerJob(scheduleSwitchJob, runScheduleSwitchJob);
  registerJob(recalculateSalaryJob, runRecalculateSalaryJob);
  registerJob(manualBackupJob, runManualBackupJob);
  registerJob(nightlyBackupJob, runNightlyBackupJob);
  // Issue 30 §4: the daily reminders, checked after the worker's polls (docs/reminders.md).
  registerReminderTask();
  // Webhook deliveries (issue 30 §3): drained on every poll of the worker, in every process.
  registerWebhookDelivery();
}
