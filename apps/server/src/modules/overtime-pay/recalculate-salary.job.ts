import { RECALCULATE_SALARY_JOB } from '@tms/contracts/overtime-pay';
import type { DbOrTx } from '../../db/client.ts';
import { addDays } from '../../lib/dates.ts';
import { defineJob, enqueueJob, NO_PAYLOAD, type JobContext } from '../../lib/jobs.ts';
import { notify } from '../../lib/notify.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { recomputeOvertimePay, type OvertimePaySummary } from './ot-pay.service.ts';

/**
 * Recalculate Salary (spec 002 Payroll Configuration; RULES.md §6): a background job that recomputes the OT pay of
 * every request after the lock date with the current coefficients, reporting progress per batch, and notifies the
 * caller when done. Registered in modules/job-handlers.ts.
 */
export { RECALCULATE_SALARY_JOB };
export const recalculateSalaryJob = defineJob({ name: RECALCULATE_SALARY_JOB, payload: NO_PAYLOAD });

/** The page's link in the finished notification. */
export const CONFIGURATION_LINK = '/configuration';
const FAR_FUTURE = '2999-12-31';

/** Queues the job; inside a transaction (a coefficient change) it runs only if that commits. */
export async function enqueueRecalculateSalary(db: DbOrTx, userId: number): Promise<number> {
  return enqueueJob(db, { job: recalculateSalaryJob, payload: {}, createdBy: userId, maxAttempts: 1 });
}

export async function runRecalculateSalaryJob(_payload: object, ctx: JobContext): Promise<OvertimePaySummary & { from: string }> {
  const { app } = ctx;
  const lock = await getLockDate(app.db);
  const from = lock ? addDays(lock, 1) : '1970-01-01';
  await ctx.reportProgress(0, 1);
  const summary = await recomputeOvertimePay(
    app.db,
    { from, to: FAR_FUTURE },
    { timeZone: app.clock.timeZone, now: app.clock.now(), createdBy: ctx.createdBy, onProgress: (done, total) => ctx.reportProgress(done, Math.max(total, 1)) },
  );
  if (ctx.createdBy !== null) {
    const text = { key: 'salaryRecalculated' as const, params: { requests: summary.requests, lines: summary.lines } };
    await notify(app.db, { userId: ctx.createdBy, type: 'CALCULATION_FINISHED', text, link: CONFIGURATION_LINK });
  }
  return { ...summary, from };
}
