import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from './db/client.ts';
import { enqueueJob } from './lib/jobs.ts';
import { createTestDatabase } from './test/database.ts';
import { SLOW_JOB } from './test/slow-job.preload.ts';

/**
 * ISSUE 7 §5a: the real server process always stops. Each case starts `server.ts` with a slow job queued
 * (test/slow-job.preload.ts), waits until the job runs, signals, and times the exit.
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BOUND_MS = 10_000;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

type Job = { ms: number; holdTransaction?: boolean };

/** A database with `job` queued: a copy of the test template (PGlite data dir, or a server database). */
async function prepareDatabase(job: Job): Promise<NodeJS.ProcessEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-shutdown-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir };
  let database: Database;
  if (process.env.DATABASE_URL) {
    const server = await createTestDatabase();
    // The server runs the two-role deployment: migrations as the owner, requests as the serving role.
    env.DATABASE_URL = server.servingUrl;
    env.MIGRATION_DATABASE_URL = server.ownerUrl;
    cleanups.push(() => server.close());
    database = server;
  } else {
    const template = inject('pgliteTemplate');
    database = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), pgliteLoadDataDir: new Blob([fs.readFileSync(template)]), migrate: false });
  }
  await enqueueJob(database.db, { name: SLOW_JOB, payload: job, runAt: new Date(Date.now() - 60_000) });
  if (!process.env.DATABASE_URL) await database.close();
  return env;
}

type Running = { output: () => string; waitFor(text: string, timeoutMs?: number): Promise<void>; exited: Promise<{ code: number | null; at: number }>; kill(signal: NodeJS.Signals): void };

async function startServer(job: Job): Promise<Running> {
  const dbEnv = await prepareDatabase(job);
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: undefined, MIGRATION_DATABASE_URL: undefined, ...dbEnv, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', ADMIN_PASSWORD: 'Shutdown-Test-1', LOG_LEVEL: 'warn' };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  // node itself (not npx) so the signal reaches the server process and nothing in between.
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './src/test/slow-job.preload.ts', 'src/server.ts'], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on('exit', (code) => resolve({ code, at: Date.now() })));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return {
    output: () => output,
    exited,
    kill: (signal) => child.kill(signal),
    waitFor: (text, timeoutMs = 90_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no '${text}' from the server within ${timeoutMs} ms; output:\n${output}`));
        }, timeoutMs);
        listeners.add(check);
        void exited.then(() => setTimeout(check, 0));
        check();
      }),
  };
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
