import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { SESSION_IDLE_HOURS } from './session-user.ts';
import { defineJob, enqueueJob, ensureJobQueued, NO_PAYLOAD, type JobContext } from './jobs.ts';

export const MAINTENANCE_JOB = 'maintenance.purge';
export const maintenanceJob = defineJob({ name: MAINTENANCE_JOB, payload: NO_PAYLOAD });
const EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes what has no use any more: sign-in attempts older than a day (the rate limit looks back 15 minutes) and
 * sessions that ended or went idle more than a day ago. Returns the counts. The hourly job also refreshes planner
 * statistics on PGlite.
 */
export async function purgeExpired(db: Db): Promise<{ loginAttempts: number; sessions: number }> {
  const attempts = await queryRows<{ id: number }>(db, sql`delete from login_attempts where at < now() - interval '1 day' returning id`);
  const sessions = await queryRows<{ id: number }>(
    db,
    sql`delete from sessions
         where coalesce(ended_at, last_seen_at + make_interval(hours => ${SESSION_IDLE_HOURS})) < now() - interval '1 day'
     returning id`,
  );
  return { loginAttempts: attempts.length, sessions: sessions.length };
}

/** The hourly job (registered in modules/job-handlers.ts): purge, statistics on PGlite, then queue the next run. */
export async function runMaintenanceJob(_payload: object, { app }: JobContext) {
  const purged = await purgeExpired(app.db);
  // PGlite runs no autovacuum: without fresh statistics the planner mistakes large tables for empty ones and
  // picks full sorts over index scans (measured: the bonus leave list 4x slower). A server's autovacuum does this.
  // Nor does anything merge the pending lists of GIN indexes there: rows added since an index was built stay outside
  // it, and the planner skips the trigram searches (measured: employee search 1.4 s instead of 22 ms at 10,000).
  if (app.database.kind === 'pglite') {
    await app.db.execute(sql`analyze`);
    await app.db.execute(sql`select gin_clean_pending_list(i.indexrelid)
                               from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
                              where a.amname = 'gin'`);
  }
  await enqueueJob(app.db, { job: maintenanceJob, runAt: new Date(Date.now() + EVERY_MS) });
  return purged;
}

/**
 * Makes sure one hourly purge job is queued. Replicas starting together serialise on an advisory lock, so the
 * chain is never doubled.
 */
export async function scheduleMaintenance(db: Db): Promise<void> {
  await ensureJobQueued(db, maintenanceJob);
}
