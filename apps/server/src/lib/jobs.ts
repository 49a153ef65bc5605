import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { JOB_MESSAGES } from '@tms/contracts/jobs';
import { queryRows, type Db, type DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/platform.ts';

/**
 * Durable job queue on the `jobs` table (ARCHITECTURE.md: jobs). Work survives restarts and runs on any replica:
 * a job is claimed with one UPDATE over `FOR UPDATE SKIP LOCKED`, so two workers never take the same job, and the
 * claim holds a lease (`locked_until`) that the running worker extends; a job whose worker died is claimed again
 * once its lease runs out. Handlers are registered per process by name (every replica registers the same ones).
 */

export type JobRow = typeof jobs.$inferSelect;
export type JobContext = {
  app: FastifyInstance;
  jobId: number;
  attempt: number;
  maxAttempts: number;
  createdBy: number | null;
  /** Records how far the job is (`{ done, total }` in `jobs.progress`) for progress bars; cheap, one UPDATE. */
  reportProgress: (done: number, total: number) => Promise<void>;
};

/** The progress a running job reported, as stored in `jobs.progress`. */
export type JobProgress = { done: number; total: number };

/** Writes a job's progress while its claim is still this worker's (a job taken over keeps the new worker's figures). */
export async function reportJobProgress(db: DbOrTx, jobId: number, lockedBy: string | null, progress: JobProgress): Promise<void> {
  const value = JSON.stringify({ done: Math.max(0, Math.floor(progress.done)), total: Math.max(0, Math.floor(progress.total)) });
  await db.execute(
    lockedBy === null
      ? sql`update jobs set progress = ${value}::jsonb where id = ${jobId}`
      : sql`update jobs set progress = ${value}::jsonb where id = ${jobId} and locked_by = ${lockedBy}`,
  );
}

/**
 * A job, declared once by the module that owns its name: the name it is stored under and the zod schema of its
 * payload (documenso's JobDefinition, immich's @OnJob). Enqueueing takes the declaration, so a payload of the wrong
 * shape fails typecheck; the worker parses the stored payload with the same schema before the handler sees it.
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = { readonly name: string; readonly payload: S };

export function defineJob<S extends z.ZodType>(definition: { name: string; payload: S }): JobDefinition<S> {
  return definition;
}

/** The payload of a job that needs none (the links of the recurring chains). */
export const NO_PAYLOAD = z.object({});

/** What runs a job: its payload as the declaration's schema parsed it. */
export type JobRun<S extends z.ZodType> = (payload: z.output<S>, ctx: JobContext) => Promise<unknown> | unknown;

type RegisteredJob = { definition: JobDefinition; run: (payload: unknown, ctx: JobContext) => Promise<unknown> | unknown };

const registered = new Map<string, RegisteredJob>();

/** Registers the handler of a declared job (modules/job-handlers.ts registers them all, once per process). */
export function registerJob<S extends z.ZodType>(definition: JobDefinition<S>, run: JobRun<S>): void {
  registered.set(definition.name, { definition, run: run as RegisteredJob['run'] });
}

/** Thrown when a stored payload no longer parses with its job's schema: retrying cannot help, so the job fails at once. */
export class JobPayloadError extends Error {
  constructor(name: string, error: z.ZodError) {
    const issues = error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; ');
    super(`Job '${name}' has a payload its declaration does not accept: ${issues}`);
    this.name = 'JobPayloadError';
  }
}

/**
 * Work the worker does on every poll besides jobs (the recalculation queue's drain): a task takes what is due from
 * its own table and returns when nothing is left or `shouldStop()` says the worker is stopping.
 */
export type WorkerTask = (app: FastifyInstance, ctx: { shouldStop: () => boolean }) => Promise<unknown>;

const tasks = new Map<string, WorkerTask>();

export function registerWorkerTask(name: string, task: WorkerTask): void {
  tasks.set(name, task);
}

/** Runs every registered task once; a failing task is logged and does not stop the others. */
export async function runWorkerTasks(app: FastifyInstance, shouldStop: () => boolean = () => false): Promise<void> {
  for (const [name, task] of tasks) {
    if (shouldStop()) return;
    try {
      await task(app, { shouldStop });
    } catch (err) {
      app.log.error({ err, task: name }, 'worker task failed');
    }
  }
}

/** What enqueueJob takes: the declared job and a payload of its schema (optional when the schema accepts `{}`). */
export type JobToQueue<S extends z.ZodType> = { job: JobDefinition<S>; createdBy?: number | null; runAt?: Date; maxAttempts?: number } & (Record<string, never> extends z.input<S>
  ? { payload?: z.input<S> }
  : { payload: z.input<S> });

/** Queues a job; inside a transaction it becomes visible to workers only when that transaction commits. */
export async function enqueueJob<S extends z.ZodType>(db: DbOrTx, job: JobToQueue<S>): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      name: job.job.name,
      payload: job.payload ?? {},
      createdBy: job.createdBy ?? null,
      maxAttempts: Math.max(1, job.maxAttempts ?? 3),
      ...(job.runAt ? { runAt: job.runAt } : {}),
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('jobs insert returned no row');
  return row.id;
}

/**
 * Holds a transaction-level advisory lock on a job name until the transaction ends, so "is one queued? then queue it"
 * checks of that name run one after the other (replicas starting together, two clicks at once).
 */
export async function lockJobName(tx: DbOrTx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

/** The id of a job of `name` that is queued (a retry waiting included) or running, whoever started it; else null. */
export async function activeJobId(db: DbOrTx, name: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from jobs where name = ${name} and status in ('queued', 'running') order by id limit 1`);
  return row?.id ?? null;
}

/**
 * Makes sure one job of `job` is queued or running (the first link of a recurring chain, queued at start, at `runAt`
 * or now): under the name's lock, so replicas starting together never double the chain.
 */
export async function ensureJobQueued(db: Db, job: JobDefinition<typeof NO_PAYLOAD>, runAt?: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockJobName(tx, job.name);
    if ((await activeJobId(tx, job.name)) === null) await enqueueJob(tx, { job, payload: {}, runAt });
  });
}

/** The id of a job of `name` in one state (running now, or queued: a chain's next link waiting), else null. */
export async function jobIdIn(db: DbOrTx, name: string, status: 'queued' | 'running'): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from jobs where name = ${name} and status = ${status} order by id limit 1`);
  return row?.id ?? null;
}

export async function getJob(db: DbOrTx, id: number): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

export type WorkerOptions = {
  /** Pause between polls when nothing is due (default 1,000 ms). */
  pollMs?: number;
  /** How long a claim holds before another worker may take the job (default 2 minutes; extended while running). */
  leaseMs?: number;
  /** Delay before retry number `attempt + 1` after attempt `attempt` failed (default 10 s doubling, at most 15 min). */
  backoffMs?: (attempt: number) => number;
  /** Name written to `locked_by` (default host:pid:random). */
  workerId?: string;
};

const DEFAULT_LEASE_MS = 120_000;
const defaultBackoff = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 15 * 60_000);

function defaultWorkerId(): string {
  return `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

type ClaimedJob = { id: number; name: string; payload: unknown; attempts: number; max_attempts: number; created_by: number | null; locked_by: string };

/**
 * Takes the next due job: queued and due, or running with an expired lease (its worker is gone). The lock token
 * in `locked_by` is new per claim, so a worker that lost its lease cannot finish a job someone else took over.
 */
export async function claimJob(db: DbOrTx, opts: { workerId?: string; leaseMs?: number } = {}): Promise<ClaimedJob | null> {
  const token = `${(opts.workerId ?? defaultWorkerId()).slice(0, 60)}/${randomBytes(6).toString('hex')}`;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const [row] = await queryRows<ClaimedJob>(
    db,
    sql`update jobs
           set status = 'running', attempts = attempts + 1, locked_by = ${token},
               locked_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000})
         where id = (select id from jobs
                      where (status = 'queued' and run_at <= clock_timestamp())
                         or (status = 'running' and locked_until < clock_timestamp())
                      order by run_at, id
                      for update skip locked
                      limit 1)
     returning id, name, payload, attempts, max_attempts, created_by, locked_by`,
  );
  return row ?? null;
}

async function finish(db: DbOrTx, job: ClaimedJob, set: { status: 'done' | 'failed' | 'queued'; result?: unknown; error?: string | null; retryInMs?: number }): Promise<boolean> {
  const result = set.result === undefined ? null : JSON.stringify(set.result);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update jobs
           set status = ${set.status},
               result = ${result}::jsonb,
               error = ${set.error ?? null},
               locked_by = null, locked_until = null,
               run_at = case when ${set.status} = 'queued' then clock_timestamp() + make_interval(secs => ${(set.retryInMs ?? 0) / 1000}) else run_at end,
               finished_at = case when ${set.status} = 'queued' then null else clock_timestamp() end
         where id = ${job.id} and locked_by = ${job.locked_by}
     returning id`,
  );
  return rows.length > 0;
}

/** Returns a claimed job to the queue as if it had not been claimed. */
async function release(db: DbOrTx, job: ClaimedJob): Promise<void> {
  await db.execute(sql`update jobs set status = 'queued', attempts = attempts - 1, locked_by = null, locked_until = null
                        where id = ${job.id} and locked_by = ${job.locked_by}`);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, 4000);
}

/** Runs one claimed job to its end state; returns when the row says done, failed or queued again. */
async function runClaimed(app: FastifyInstance, job: ClaimedJob, opts: Required<Pick<WorkerOptions, 'leaseMs' | 'backoffMs'>>): Promise<void> {
  const db = app.db;
  if (job.attempts > job.max_attempts) {
    // Its last attempt was taken by a worker that never came back.
    await finish(db, job, { status: 'failed', error: JOB_MESSAGES.notFinished });
    return;
  }
  const heartbeat = setInterval(() => {
    db.execute(sql`update jobs set locked_until = clock_timestamp() + make_interval(secs => ${opts.leaseMs / 1000})
                    where id = ${job.id} and locked_by = ${job.locked_by}`).catch((err: unknown) => app.log.warn({ err, jobId: job.id }, 'job lease renewal failed'));
  }, Math.max(50, Math.floor(opts.leaseMs / 3)));
  heartbeat.unref();
  try {
    const handler = registered.get(job.name);
    if (!handler) throw new Error(`No handler registered for job '${job.name}'`);
    const parsed = handler.definition.payload.safeParse(job.payload);
    if (!parsed.success) throw new JobPayloadError(job.name, parsed.error);
    const reportProgress = (done: number, total: number) => reportJobProgress(db, job.id, job.locked_by, { done, total });
    const result = await handler.run(parsed.data, { app, jobId: job.id, attempt: job.attempts, maxAttempts: job.max_attempts, createdBy: job.created_by, reportProgress });
    clearInterval(heartbeat);
    if (!(await finish(db, job, { status: 'done', result: result ?? null }))) app.log.warn({ jobId: job.id }, 'job finished after its lease was taken over');
  } catch (error) {
    clearInterval(heartbeat);
    const lastAttempt = job.attempts >= job.max_attempts || error instanceof JobPayloadError;
    app.log.error({ err: error, jobId: job.id, job: job.name, attempt: job.attempts }, lastAttempt ? 'job failed' : 'job failed, will retry');
    await finish(db, job, lastAttempt ? { status: 'failed', error: errorText(error) } : { status: 'queued', error: errorText(error), retryInMs: opts.backoffMs(job.attempts) });
  }
}

/** Processes jobs until none is due; returns how many were taken. For tests and one-shot scripts. */
export async function runDueJobs(app: FastifyInstance, opts: WorkerOptions = {}): Promise<number> {
  const settings = { leaseMs: opts.leaseMs ?? DEFAULT_LEASE_MS, backoffMs: opts.backoffMs ?? defaultBackoff };
  const workerId = opts.workerId ?? defaultWorkerId();
  let count = 0;
  for (;;) {
    const job = await claimJob(app.db, { workerId, leaseMs: settings.leaseMs });
    if (!job) return count;
    count += 1;
    await runClaimed(app, job, settings);
  }
}

/** Default bound of `stop()`: how long a graceful shutdown waits for the running job (server.ts: 10 s in all). */
export const STOP_WAIT_MS = 5_000;

export type JobWorker = {
  /**
   * Stops polling and waits for the running job, at most `waitMs` (default STOP_WAIT_MS). A job still running then is
   * left to its lease (another worker claims it once `locked_until` passes), so the caller may close the database
   * after this resolves without having waited on a job that itself waits on that database. Resolves to the job left
   * running, or null.
   */
  stop(opts?: { waitMs?: number }): Promise<{ id: number; name: string } | null>;
  /** The job being run now, or null. */
  running(): { id: number; name: string } | null;
};

/** Polls for due jobs and runs them one at a time, then the registered worker tasks; the first poll is at once. */
export function startJobWorker(app: FastifyInstance, opts: WorkerOptions = {}): JobWorker {
  const pollMs = opts.pollMs ?? 1_000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();
  let runningJob: { id: number; name: string } | null = null;
  const workerOpts: WorkerOptions = { ...opts, workerId: opts.workerId ?? defaultWorkerId() };
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const backoffMs = opts.backoffMs ?? defaultBackoff;

  const tick = () => {
    timer = null;
    current = (async () => {
      try {
        while (!stopped) {
          const job = await claimJob(app.db, { workerId: workerOpts.workerId, leaseMs });
          if (!job) break;
          if (stopped) {
            // Claimed while stop() was called: hand it back untouched rather than start work the shutdown cuts off.
            await release(app.db, job);
            break;
          }
          runningJob = { id: job.id, name: job.name };
          try {
            await runClaimed(app, job, { leaseMs, backoffMs });
          } finally {
            runningJob = null;
          }
        }
        if (!stopped) {
          runningJob = { id: 0, name: 'worker tasks' };
          try {
            await runWorkerTasks(app, () => stopped);
          } finally {
            runningJob = null;
          }
        }
      } catch (err) {
        if (!stopped) app.log.error({ err }, 'job worker poll failed');
      }
      if (!stopped) timer = setTimeout(tick, pollMs);
    })();
  };
  timer = setTimeout(tick, 0);

  return {
    running: () => runningJob,
    async stop(stopOpts = {}) {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      let wait: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        current.then(() => false),
        new Promise<boolean>((resolve) => {
          wait = setTimeout(() => resolve(true), stopOpts.waitMs ?? STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(wait);
      const left = timedOut ? runningJob : null;
      if (left) app.log.warn({ jobId: left.id, job: left.name }, 'job still running at shutdown; left to its lease');
      return left;
    },
  };
}
