import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { defineJob, ensureJobQueued, NO_PAYLOAD } from '../../lib/jobs.ts';
import { addDays, companyToday } from '../../lib/dates.ts';
import type { EmployeeDay } from './employee-days.ts';
import * as repo from './recalculate.repository.ts';

/**
 * The timesheet's recalculation jobs: their names and payloads; the runners are in modules/recalculation (they
 * recompute the days and then the OT pay, which this core does not know), registered with every other handler in
 * modules/job-handlers.ts. Calculate Working Day's job is in calculate-working-day.ts.
 */

export const RECALCULATE_DAYS_JOB = 'timesheet.recalculate-days';

/** A recalculation job's payload: employee ranges (Update Employee Check Time adds its own fields, kept in the row). */
export const recalculateDaysJob = defineJob({ name: RECALCULATE_DAYS_JOB, payload: z.object({ ranges: z.array(z.object({ e: z.number().int(), f: z.string(), t: z.string() })) }) });
export type RecalculateDaysPayload = z.infer<typeof recalculateDaysJob.payload>;

// Days that end (RULES.md §4: a day is judged only once it has ended)

export const JUDGE_ENDED_DAYS_JOB = 'timesheet.judge-ended-days';
export const judgeEndedDaysJob = defineJob({ name: JUDGE_ENDED_DAYS_JOB, payload: NO_PAYLOAD });
/** How often days that have ended since are judged: a day gets its value at most this long after its end. */
export const JUDGE_EVERY_MS = 15 * 60 * 1000;

/**
 * The employee-days of yesterday and today (company zone) not judged yet or never computed: recomputing them gives
 * a day without a punch after its end its value and abnormal case too. Until a day has ended its recomputation
 * changes nothing, and an unchanged row is not rewritten (writeDays). The job that recomputes them is in
 * modules/recalculation.
 */
export async function unjudgedDays(db: Db, opts: { timeZone: string; now: Date }): Promise<EmployeeDay[]> {
  const today = companyToday(opts.timeZone, opts.now);
  return repo.unjudgedEmployeeDays(db, addDays(today, -1), today);
}

/** Makes sure one judge-ended-days chain is queued; replicas starting together serialise on an advisory lock. */
export async function scheduleJudgingOfEndedDays(db: Db): Promise<void> {
  await ensureJobQueued(db, judgeEndedDaysJob);
}
