import type { DbOrTx } from '../../db/client.ts';
import { z } from 'zod';
import { defineJob, type JobContext } from '../../lib/jobs.ts';
import { financialYearOf } from './accrual-engine.ts';
import { runLeaveAccrual, type AccrualConflict } from './accrual.service.ts';
import { sweepExpiredRows } from './expiry.ts';
import { settleYearEnd } from './year-end.ts';

/**
 * The leave accrual job (issue 8 §2): writes the accrual engine's fund rows and the year-end movements for one
 * employee, some, or all; safe to run again (same inputs → no new rows).
 */
export const LEAVE_ACCRUAL_JOB = 'leave-accrual';

export const leaveAccrualJob = defineJob({
  name: LEAVE_ACCRUAL_JOB,
  payload: z.object({
    /** null: every employee. */
    employeeIds: z.array(z.number().int()).nullable(),
    /** What started the run: HR's Update Leave, a payroll period sent for review or approved, or the year end. */
    reason: z.enum(['update-leave', 'period-review', 'period-close', 'year-end']),
  }),
});
export type LeaveAccrualPayload = z.infer<typeof leaveAccrualJob.payload>;

export type LeaveAccrualSummary = {
  employees: number;
  granted: number;
  adjusted: number;
  removed: number;
  conflicts: number;
  /** EXPIRE entries written: the previous year's settlement and the expiry sweep. */
  expiredEntries: number;
  ms: number;
  /** The first conflicts (a change below a row's used hours, not applied), by employee then key. */
  conflictList: AccrualConflict[];
};

/**
 * One full settlement of leave on `today`: the accrual of the current and previous financial year, then the
 * previous year's year end (its end has passed; a changed accrual or carryover moves only the difference), then the
 * expiry sweep. The job runs it; the demo seed runs it once its timesheets are computed.
 */
export async function settleLeave(
  db: DbOrTx,
  opts: { employeeIds: readonly number[] | null; today: string; byUserId: number | null; onProgress?: (done: number, total: number) => Promise<void> | void },
): Promise<LeaveAccrualSummary> {
  const started = performance.now();
  const accrual = await runLeaveAccrual(db, { employeeIds: opts.employeeIds, through: opts.today, byUserId: opts.byUserId, onProgress: opts.onProgress });
  const expiredEntries = await settleExpiries(db, opts);
  return {
    employees: accrual.employees,
    granted: accrual.granted,
    adjusted: accrual.adjusted,
    removed: accrual.removed,
    conflicts: accrual.conflicts,
    expiredEntries,
    ms: Math.round(performance.now() - started),
    conflictList: accrual.conflictList,
  };
}

/**
 * What follows the accrual in a settlement: the previous financial year's year end (its end has passed; a changed
 * accrual or carryover moves only the difference), then the expiry sweep. Answers the EXPIRE entries written.
 */
export async function settleExpiries(db: DbOrTx, opts: { employeeIds: readonly number[] | null; today: string; byUserId: number | null }): Promise<number> {
  const yearEnd = await settleYearEnd(db, { employeeIds: opts.employeeIds, financialYear: financialYearOf(opts.today) - 1, byUserId: opts.byUserId });
  const expiry = await sweepExpiredRows(db, { today: opts.today, byUserId: opts.byUserId });
  return yearEnd.entries + expiry.entries;
}

export async function runLeaveAccrualJob(payload: LeaveAccrualPayload, ctx: JobContext): Promise<LeaveAccrualSummary> {
  return settleLeave(ctx.app.db, { employeeIds: payload.employeeIds, today: ctx.app.clock.today(), byUserId: ctx.createdBy, onProgress: ctx.reportProgress });
}
