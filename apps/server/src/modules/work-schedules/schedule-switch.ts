import { SYSTEM_AUTHOR_NAMES } from '@tms/contracts/history-authors';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordHistories, systemHistoryAuthor, type HistoryAuthor, type HistoryRecordEntry } from '../../lib/history.ts';
import { defineJob, enqueueJob, ensureJobQueued, NO_PAYLOAD, type JobContext } from '../../lib/jobs.ts';
import * as repo from './policy.repository.ts';

/**
 * The schedule switch (spec 002 §3 Employee work_schedule_type / work_schedule_apply_date): a policy dated later takes
 * effect on its day, so every day the employees' current schedule type and its apply date — what user detail's
 * requestType and the schedule filters read — are set from the policy in force today (`employee_policies`: staff
 * policy, else the department's), set-based, one history entry per changed employee. A policy write calls the same
 * function for the employees it touched in its own transaction (switchSchedulesIn).
 */
export const SCHEDULE_SWITCH_JOB = 'work-schedules.schedule-switch';
export const scheduleSwitchJob = defineJob({ name: SCHEDULE_SWITCH_JOB, payload: NO_PAYLOAD });
const EVERY_MS = 60 * 60 * 1000;

/** The author of the job's history entries (no user). */
export const SCHEDULE_SWITCH_AUTHOR = systemHistoryAuthor(SYSTEM_AUTHOR_NAMES.scheduleSwitch);

const FIELDS = ['work_schedule_type', 'work_schedule_apply_date'] as const;

/** Switches `employeeIds` (null = everyone) to the policy in force today; answers how many changed. */
export async function switchSchedulesNow(deps: { db: Db; clock: Clock }, employeeIds: readonly number[] | null, by: HistoryAuthor = SCHEDULE_SWITCH_AUTHOR): Promise<number> {
  return deps.db.transaction(async (tx) => switchSchedulesIn(tx, deps.clock.today(), employeeIds, by));
}

/** The same in the caller's transaction (a policy write switches its employees together with the policy). */
export async function switchSchedulesIn(tx: DbOrTx, today: string, employeeIds: readonly number[] | null, by: HistoryAuthor = SCHEDULE_SWITCH_AUTHOR): Promise<number> {
  const changed = await repo.switchSchedules(tx, today, employeeIds);
  const entries: HistoryRecordEntry[] = changed.map((e) => ({
    tableName: repo.EMPLOYEES_TABLE,
    recordId: Number(e.id),
    employeeId: Number(e.id),
    action: 'UPDATE',
    changes: [
      { field: FIELDS[0], oldValue: e.old_type, newValue: e.work_schedule_type },
      { field: FIELDS[1], oldValue: e.old_date, newValue: e.work_schedule_apply_date },
    ].filter((c) => c.oldValue !== c.newValue),
    newRecord: { id: Number(e.id), work_schedule_type: e.work_schedule_type, work_schedule_apply_date: e.work_schedule_apply_date, version: Number(e.version) },
  }));
  await recordHistories(tx, entries, by);
  return changed.length;
}

/**
 * The job: switch everyone, then queue the next link (hourly, so a day's switch happens within the first hour of the
 * day whatever time the server started; when nothing changed it writes nothing).
 */
export async function runScheduleSwitchJob(_payload: object, ctx: JobContext): Promise<{ today: string; switched: number }> {
  const switched = await switchSchedulesNow(ctx.app, null);
  // run_at is compared with the database's now(), so it is machine time, not business time.
  await enqueueJob(ctx.app.db, { job: scheduleSwitchJob, runAt: new Date(Date.now() + EVERY_MS) });
  return { today: ctx.app.clock.today(), switched };
}

/** Makes sure one switch chain is queued (called once at server start; replicas serialise on the name's lock). */
export async function scheduleScheduleSwitch(db: Db): Promise<void> {
  await ensureJobQueued(db, scheduleSwitchJob);
}
