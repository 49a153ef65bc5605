import type { FastifyInstance } from 'fastify';
import { enqueueJob, registerJob, registerWorkerTask, type JobContext } from '../../lib/jobs.ts';
import { calculateWorkingDayJob, notifyWorkingDayCalculated, type CalculatePayload } from '../timesheet/calculate-working-day.ts';
import { employeeRangesOf, rangesOfDays } from '../timesheet/recalculate.ts';
import { JUDGE_EVERY_MS, judgeEndedDaysJob, recalculateDaysJob, unjudgedDays, type RecalculateDaysPayload } from '../timesheet/timesheet-jobs.ts';
import { drainAll } from './drain.ts';
import { recomputeRanges, type RecomputeSummary } from './recompute.ts';

const timing = (app: FastifyInstance) => ({ timeZone: app.clock.timeZone, now: app.clock.now() });

/** Update Employee Check Time (and rows of the job queue from before the recalculation queue): days, then OT pay. */
export async function runRecalculateDaysJob(payload: RecalculateDaysPayload, ctx: JobContext): Promise<RecomputeSummary> {
  const ranges = payload.ranges.map((r) => ({ employeeId: r.e, from: r.f, to: r.t }));
  return recomputeRanges(ctx.app.db, ranges, { ...timing(ctx.app), createdBy: ctx.createdBy });
}

/** The chain that judges days once they have ended (RULES.md §4); it queues its own next link. */
export async function runJudgeEndedDaysJob(_payload: object, ctx: JobContext): Promise<RecomputeSummary> {
  const days = await unjudgedDays(ctx.app.db, timing(ctx.app));
  const summary = await recomputeRanges(ctx.app.db, rangesOfDays(days), timing(ctx.app));
  // The chain's next link; run_at is compared with the database's now(), so it is machine time, not business time.
  await enqueueJob(ctx.app.db, { job: judgeEndedDaysJob, runAt: new Date(Date.now() + JUDGE_EVERY_MS) });
  return summary;
}

/** Calculate working day (spec 001 §5.1, §7.1): recompute the date (flexible staff: to the end of its period), then tell the caller. */
export async function runWorkingDayCalculation(payload: CalculatePayload, ctx: { app: FastifyInstance; createdBy: number | null }): Promise<RecomputeSummary> {
  const { app } = ctx;
  const ranges = await employeeRangesOf(app.db, { employeeIds: payload.employeeIds ?? undefined, from: payload.date, to: payload.date });
  const summary = await recomputeRanges(app.db, ranges, { ...timing(app), createdBy: ctx.createdBy });
  if (ctx.createdBy !== null) {
    await notifyWorkingDayCalculated(app, ctx.createdBy, { date: payload.date, allEmployees: payload.employeeIds === null, ...summary });
  }
  return summary;
}

/** The recalculation's jobs and the queue's drain, registered once per process (modules/job-handlers.ts). */
export function registerRecalculationWork(): void {
  registerJob(recalculateDaysJob, runRecalculateDaysJob);
  registerJob(judgeEndedDaysJob, runJudgeEndedDaysJob);
  registerJob(calculateWorkingDayJob, runWorkingDayCalculation);
  registerWorkerTask('recalculation.drain', (app, { shouldStop }) => drainAll({ db: app.db, clock: app.clock, log: app.log }, { shouldStop }));
}
