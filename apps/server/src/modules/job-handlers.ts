import { registerJobHandler } from '../lib/jobs.ts';
import { MAINTENANCE_JOB, runMaintenanceJob } from '../lib/maintenance.ts';
import { NOTIFY_MAIL_JOB, runNotifyMailJob } from '../lib/notify.ts';
import { runSendEmailJob, SEND_EMAIL_JOB } from './timesheet-export/send-email.ts';
import { LEAVE_ACCRUAL_JOB, runLeaveAccrualJob } from './leave/accrual.job.ts';
import { LEAVE_DAILY_SETTLE_JOB, runLeaveDailySettleJob } from './leave/leave-schedule.ts';
import { runScheduleSwitchJob, SCHEDULE_SWITCH_JOB } from './work-schedules/schedule-switch.ts';
import { RECALCULATE_SALARY_JOB, runRecalculateSalaryJob } from './overtime-pay/recalculate-salary.job.ts';
import { registerRecalculationWork } from './recalculation/recalculation.jobs.ts';

/**
 * Every background job the server runs, registered in one place (issue 7 §6), once per process from
 * modules/registry.ts: every replica registers the same handlers, so any of them may run any job (lib/jobs.ts). A
 * module that adds a job exports its handler and its name and is listed here.
 */
export function registerJobHandlers(): void {
  registerJobHandler(MAINTENANCE_JOB, runMaintenanceJob);
  // The recalculation's jobs and the drain of its queue on every poll of the worker.
  registerRecalculationWork();
  registerJobHandler(SEND_EMAIL_JOB, runSendEmailJob);
  registerJobHandler(LEAVE_ACCRUAL_JOB, runLeaveAccrualJob);
  registerJobHandler(LEAVE_DAILY_SETTLE_JOB, runLeaveDailySettleJob);
  registerJobHandler(NOTIFY_MAIL_JOB, runNotifyMailJob);
  registerJobHandler(SCHEDULE_SWITCH_JOB, runScheduleSwitchJob);
  registerJobHandler(RECALCULATE_SALARY_JOB, runRecalculateSalaryJob);
}
