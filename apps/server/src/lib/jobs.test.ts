import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { queryRows, type Database } from '../db/client.ts';
import { dbPlugin } from '../plugins/db.ts';
import { createTestDatabase } from '../test/database.ts';
import { claimJob, defineJob, enqueueJob, getJob, registerJob, runDueJobs, startJobWorker } from './jobs.ts';

let database: Database;
let app: FastifyInstance;
const noBackoff = () => 0;
/** A job of the tests below whose payload is anything. */
const testJob = (name: string) => defineJob({ name, payload: z.unknown() });

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  await app.register(dbPlugin, { database, config: { ...loadConfig({}), seedDemo: false } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await sleep(20);
  }
}

describe('job queue', () => {
  it('runs an enqueued job in the worker and stores its result', async () => {
    const seen: unknown[] = [];
    const calculate = defineJob({ name: 'test.calculate', payload: z.object({ date: z.string() }) });
    registerJob(calculate, async (payload, ctx) => {
      seen.push({ payload, attempt: ctx.attempt, createdBy: ctx.createdBy });
      return { employees: 12, date: payload.date };
    });
    const worker = startJobWorker(app, { pollMs: 20 });
    try {
      const id = await enqueueJob(app.db, { job: calculate, payload: { date: '2026-11-20' }, createdBy: 3 });
      const job = await waitFor(() => getJob(app.db, id), (j) => j?.status === 'done');
      expect(job).toMatchObject({ status: 'done', attempts: 1, result: { employees: 12, date: '2026-11-20' }, error: null, lockedBy: null, lockedUntil: null });
      expect(job!.finishedAt).toBeInstanceOf(Date);
      expect(seen).toEqual([{ payload: { date: '2026-11-20' }, attempt: 1, createdBy: 3 }]);
    } finally {
      await worker.stop();
    }
  });

  it('a job enqueued in a transaction runs only after it commits', async () => {
    registerJob(testJob('test.tx'), async () => 'ok');
    let id = 0;
    await app.db.transaction(async (tx) => {
      id = await enqueueJob(tx, { job: testJob('test.tx') });
    });
    await expect(
      app.db.transaction(async (tx) => {
        await enqueueJob(tx, { job: testJob('test.tx') });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await runDueJobs(app)).toBe(1);
    expect((await getJob(app.db, id))!.status).toBe('done');
  });

  it('retries a throwing handler up to maxAttempts, then marks it failed with the error', async () => {
    let calls = 0;
    registerJob(testJob('test.flaky'), async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const id = await enqueueJob(app.db, { job: testJob('test.flaky'), maxAttempts: 3 });
    expect(await runDueJobs(app, { backoffMs: noBackoff })).toBe(3);
    expect(calls).toBe(3);
    expect(await getJob(app.db, id)).toMatchObject({ status: 'failed', attempts: 3, error: 'boom 3', lockedBy: null });
  });

  it('waits the backoff before a retry and succeeds on a later attempt', async () => {
    let calls = 0;
    registerJob(testJob('test.second-time'), async (_payload, ctx) => {
      calls += 1;
      if (ctx.attempt === 1) throw new Error('not yet');
      return 'fine';
    });
    const id = await enqueueJob(app.db, { job: testJob('test.second-time') });
    expect(await runDueJobs(app)).toBe(1);
    const [waiting] = await queryRows<{ status: string; error: string; wait_s: number }>(
      app.db,
      sql`select status, error, extract(epoch from run_at - clock_timestamp())::float8 as wait_s from jobs where id = ${id}`,
    );
    expect(waiting).toMatchObject({ status: 'queued', error: 'not yet' });
    expect(waiting!.wait_s).toBeGreaterThan(5);
    expect(await runDueJobs(app)).toBe(0);
    await app.db.execute(sql`update jobs set run_at = clock_timestamp() where id = ${id}`);
    expect(await runDueJobs(app)).toBe(1);
    expect(await getJob(app.db, id)).toMatchObject({ status: 'done', attempts: 2, result: 'fine' });
    expect(calls).toBe(2);
  });

  it('does not run a job before its runAt', async () => {
    registerJob(testJob('test.later'), async () => 'late');
    const id = await enqueueJob(app.db, { job: testJob('test.later'), runAt: new Date(Date.now() + 60_000) });
    expect(await runDueJobs(app)).toBe(0);
    expect((await getJob(app.db, id))!.status).toBe('queued');
  });

  it('fails a job nobody can handle once its attempts are used', async () => {
    const id = await enqueueJob(app.db, { job: testJob('test.unknown'), maxAttempts: 2 });
    expect(await runDueJobs(app, { backoffMs: noBackoff })).toBe(2);
    expect(await getJob(app.db, id)).toMatchObject({ status: 'failed', attempts: 2, error: "No handler registered for job 'test.unknown'" });
  });

  it('claims again a job whose worker died (lease expired)', async () => {
    let runs = 0;
    registerJob(testJob('test.orphan'), async () => {
      runs += 1;
      return 'recovered';
    });
    const id = await enqueueJob(app.db, { job: testJob('test.orphan') });
    // A worker takes the job with a short lease and then disappears without finishing it.
    const claimed = await claimJob(app.db, { workerId: 'crashed-worker', leaseMs: 100 });
    expect(claimed).toMatchObject({ id, attempts: 1 });
    expect(await runDueJobs(app)).toBe(0);
    await sleep(200);
    expect(await runDueJobs(app)).toBe(1);
    expect(runs).toBe(1);
    expect(await getJob(app.db, id)).toMatchObject({ status: 'done', attempts: 2, result: 'recovered' });
  });

  it('fails a job whose last attempt was lost with its worker', async () => {
    registerJob(testJob('test.orphan-last'), async () => 'never');
    const id = await enqueueJob(app.db, { job: testJob('test.orphan-last'), maxAttempts: 1 });
    await claimJob(app.db, { workerId: 'crashed-worker', leaseMs: 50 });
    await sleep(150);
    expect(await runDueJobs(app)).toBe(1);
    expect(await getJob(app.db, id)).toMatchObject({ status: 'failed', result: null });
    expect((await getJob(app.db, id))!.error).toContain('did not finish');
  });

  it('keeps the lease of a long job alive, so no other worker takes it', async () => {
    let runs = 0;
    registerJob(testJob('test.long'), async () => {
      runs += 1;
      await sleep(800);
      return 'long done';
    });
    const id = await enqueueJob(app.db, { job: testJob('test.long') });
    const first = runDueJobs(app, { leaseMs: 300, workerId: 'w1' });
    await sleep(100);
    // Another worker keeps polling while the first one runs past several lease lengths.
    let othersRan = 0;
    for (let i = 0; i < 8; i += 1) {
      othersRan += await runDueJobs(app, { leaseMs: 300, workerId: 'w2' });
      await sleep(100);
    }
    await first;
    expect(othersRan).toBe(0);
    expect(runs).toBe(1);
    expect(await getJob(app.db, id)).toMatchObject({ status: 'done', attempts: 1, result: 'long done' });
  });

  it('never gives one job to two workers', async () => {
    const executions = new Map<number, number>();
    registerJob(testJob('test.race'), async (_payload, ctx) => {
      executions.set(ctx.jobId, (executions.get(ctx.jobId) ?? 0) + 1);
      await sleep(2);
      return ctx.jobId;
    });
    const ids: number[] = [];
    for (let i = 0; i < 40; i += 1) ids.push(await enqueueJob(app.db, { job: testJob('test.race'), payload: { i } }));
    const [a, b] = await Promise.all([runDueJobs(app, { workerId: 'worker-a' }), runDueJobs(app, { workerId: 'worker-b' })]);
    expect(a + b).toBe(40);
    expect([...executions.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...executions.values()].every((n) => n === 1)).toBe(true);
    const [counts] = await queryRows<{ done: number }>(app.db, sql`select count(*)::int as done from jobs where name = 'test.race' and status = 'done' and attempts = 1`);
    expect(counts!.done).toBe(40);
  });

  it('hands each job to exactly one of many simultaneous claims', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) ids.push(await enqueueJob(app.db, { job: testJob('test.claims') }));
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => claimJob(app.db, { workerId: `claimer-${i}` })));
    const taken = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(taken.sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(claims.filter((c) => c !== null).map((c) => c!.locked_by)).size).toBe(10);
    await app.db.execute(sql`update jobs set status = 'done', locked_by = null, locked_until = null where name = 'test.claims'`);
  });

  it('stop() lets the running job finish', async () => {
    let finished = false;
    registerJob(testJob('test.graceful'), async () => {
      await sleep(300);
      finished = true;
      return 'finished';
    });
    const id = await enqueueJob(app.db, { job: testJob('test.graceful') });
    const worker = startJobWorker(app, { pollMs: 10 });
    await waitFor(() => getJob(app.db, id), (j) => j?.status === 'running');
    await worker.stop();
    expect(finished).toBe(true);
    expect((await getJob(app.db, id))!.status).toBe('done');
  });

  it('stop() waits for a running job only up to its bound and leaves the job to its lease', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    registerJob(testJob('test.stuck'), async () => {
      await gate;
      return 'late';
    });
    const id = await enqueueJob(app.db, { job: testJob('test.stuck') });
    const worker = startJobWorker(app, { pollMs: 10 });
    await waitFor(() => getJob(app.db, id), (j) => j?.status === 'running');
    expect(worker.running()).toEqual({ id, name: 'test.stuck' });
    const started = Date.now();
    expect(await worker.stop({ waitMs: 200 })).toEqual({ id, name: 'test.stuck' });
    expect(Date.now() - started).toBeLessThan(2_000);
    const left = (await getJob(app.db, id))!;
    expect(left.status).toBe('running');
    expect(left.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    release();
    await waitFor(() => getJob(app.db, id), (j) => j?.status === 'done');
  });
});

describe('declared jobs (defineJob)', () => {
  const accrual = defineJob({ name: 'test.typed-accrual', payload: z.object({ employeeIds: z.array(z.number().int()).nullable(), reason: z.enum(['update-leave', 'year-end']) }) });

  it('enqueueing a payload of the wrong shape does not typecheck', async () => {
    // Checked by `tsc -p apps/server`: each line below is a type error, and the test file fails typecheck if one is not.
    const wrong = async () => {
      // @ts-expect-error employeeIds must be numbers
      await enqueueJob(app.db, { job: accrual, payload: { employeeIds: ['7'], reason: 'update-leave' } });
      // @ts-expect-error reason must be one of the declared ones
      await enqueueJob(app.db, { job: accrual, payload: { employeeIds: null, reason: 'whenever' } });
      // @ts-expect-error a job with a payload schema needs its payload
      await enqueueJob(app.db, { job: accrual });
    };
    expect(wrong).toBeTypeOf('function');
    // The right shape typechecks and runs.
    registerJob(accrual, (payload) => ({ ids: payload.employeeIds, reason: payload.reason }));
    const id = await enqueueJob(app.db, { job: accrual, payload: { employeeIds: [7], reason: 'year-end' } });
    await runDueJobs(app, { backoffMs: noBackoff });
    expect(await getJob(app.db, id)).toMatchObject({ status: 'done', result: { ids: [7], reason: 'year-end' } });
  });

  it('a stored payload that no longer parses fails the job at once, naming the job and the field, without running it', async () => {
    let ran = 0;
    registerJob(accrual, () => {
      ran += 1;
    });
    // A row queued before the declaration changed (or written by hand): the schema now refuses it.
    const [row] = await queryRows<{ id: number }>(
      app.db,
      sql`insert into jobs (name, payload, max_attempts) values (${accrual.name}, ${JSON.stringify({ employeeIds: 'all', reason: 'update-leave' })}::jsonb, 3) returning id`,
    );
    await runDueJobs(app, { backoffMs: noBackoff });
    const job = (await getJob(app.db, row!.id))!;
    expect(ran).toBe(0);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job.error).toMatch(/^Job 'test\.typed-accrual' has a payload its declaration does not accept: employeeIds: /);
  });
});
