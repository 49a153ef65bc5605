import { afterAll, describe, expect, it } from 'vitest';
import { enqueueJob } from './lib/jobs.ts';
import { slowJob } from './test/slow-job.preload.ts';
import { databaseForProcess, spawnScript, type Running } from './test/server-process.ts';

/**
 * ISSUE 7 §5a: the real server process always stops. Each case starts `server.ts` with a slow job queued
 * (test/slow-job.preload.ts), waits until the job runs, signals, and times the exit.
 */
const BOUND_MS = 10_000;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

type Job = { ms: number; holdTransaction?: boolean };

/** A database with `job` queued: a copy of the test template (PGlite data dir, or a server database). */
async function prepareDatabase(job: Job): Promise<NodeJS.ProcessEnv> {
  const database = await databaseForProcess('tms-shutdown-', (cleanup) => cleanups.push(cleanup));
  await database.use((d) => enqueueJob(d.db, { job: slowJob, payload: job, runAt: new Date(Date.now() - 60_000) }));
  return database.env;
}

async function startServer(job: Job): Promise<Running> {
  const dbEnv = await prepareDatabase(job);
  return spawnScript('src/server.ts', {
    env: { ...dbEnv, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', ADMIN_PASSWORD: 'Shutdown-Test-1', LOG_LEVEL: 'warn' },
    preloads: ['./src/test/slow-job.preload.ts'],
    onCleanup: (cleanup) => cleanups.push(cleanup),
  });
}

// Each case is one process start (about 4 s on an idle machine, far more on a loaded one) plus its wait; they run
// side by side (about 20 s in all when idle).
describe('server shutdown', { timeout: 120_000 }, () => {
  it.concurrent('SIGTERM during a long job exits 0 well within the bound, leaving the job to its lease', async () => {
    const server = await startServer({ ms: 60_000 });
    await server.waitFor('slow job');
    const sent = Date.now();
    server.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(at - sent).toBeLessThan(BOUND_MS);
    expect(server.output()).toContain('left to its lease');
  });

  it.concurrent('SIGTERM while a job holds the database exits non-zero at the bound and names what was busy', async () => {
    const server = await startServer({ ms: 60_000, holdTransaction: true });
    await server.waitFor('slow job');
    const sent = Date.now();
    server.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code, server.output()).toBe(1);
    expect(at - sent).toBeGreaterThanOrEqual(BOUND_MS - 500);
    expect(at - sent).toBeLessThan(BOUND_MS + 3_000);
    expect(server.output()).toMatch(/shutdown: not done after 10 s, exiting \(busy: database; job \d+ 'test\.slow' still running\)/);
  });

  it.concurrent('a second signal exits at once', async () => {
    const server = await startServer({ ms: 60_000, holdTransaction: true });
    await server.waitFor('slow job');
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = Date.now();
    server.kill('SIGINT');
    const { code, at } = await server.exited;
    expect(code, server.output()).toBe(1);
    expect(at - second).toBeLessThan(2_000);
    expect(server.output()).toMatch(/shutdown: second SIGINT, exiting now \(busy: job worker; job \d+ 'test\.slow' still running\)/);
  });
});
