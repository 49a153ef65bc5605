import type { Db } from '../../db/client.ts';
import { defineJob, enqueueJob, ensureJobQueued, NO_PAYLOAD, type JobContext } from '../../lib/jobs.ts';
import { financialYearOf } from './accrual-engine.ts';
import { sweepExpiredRows } from './expiry.ts';
import { settleYearEnd, type YearEndSummary } from './year-end.ts';

/**
 * The leave chain (docs/leave-ledger.md "Schedule"): every hour the expiry sweep, and the previous financial year's
 * settlement (from 1 January on; when nothing changed it writes nothing). Like the timesheet's judge-ended-days
 * chain, each link queues the next; the server queues the first at start (once across replicas).
 */
export const LEAVE_DAILY_SETTLE_JOB = 'leave.daily-settle';
export const leaveDailySettleJob = defineJob({ name: LEAVE_DAILY_SETTLE_JOB, payload: NO_PAYLOAD });
const EVERY_MS = 60 * 60 * 1000;

export type LeaveDailySettleSummary = { today: string; expiredEntries: number; yearEnd: YearEndSummary };

export async function runLeaveDailySettleJob(_payload: object, ctx: JobContext): Promise<LeaveDailySettleSummary> {
  const today = ctx.app.clock.today();
  const expiry = await sweepExpiredRows(ctx.app.db, { today, byUserId: null });
  const yearEnd = await settleYearEnd(ctx.app.db, { employeeIds: null, financialYear: financialYearOf(today) - 1, byUserId: null });
  // The next link; run_at is compared with the database's now(), so it is machine time, not business time.
  await enqueueJob(ctx.app.db, { job: leaveDailySettleJob, runAt: new Date(Date.now() + EVERY_MS) });
  return { today, expiredEntries: expiry.entries, yearEnd };
}

/** Makes sure one leave chain is queued; replicas starting together serialise on an advisory lock. */
export async function scheduleLeaveDailySettle(db: Db): Promise<void> {
  await ensureJobQueued(db, leaveDailySettleJob);
}
