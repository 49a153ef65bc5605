// Cold start (empty data folder: migrations + demo company) and warm start (same folder again) of `npm start`'s
// server process on PGlite, measured from spawn to the first 200 of /api/health. Run: npm run bench:startup
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = 8177;

async function startOnce(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true, // own process group: npx does not pass SIGTERM on to the server it starts
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return (performance.now() - started) / 1000;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 180_000) throw new Error('server did not start in 180 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    await waitUntilClosed();
  }
}

/** The next start must not find the previous server still answering on the port. */
async function waitUntilClosed() {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the previous server did not stop');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-startup-'));
// Baseline in the same run: the same process started with no database work beyond opening it is not separable,
// so the baseline is a bare `tsx` start of a script that only imports the server's dependencies.
const baselineStart = performance.now();
await new Promise((r) => spawn('npx', ['tsx', '-e', "await import('fastify'); await import('@electric-sql/pglite')"], { cwd: root, stdio: 'ignore' }).once('exit', r));
const baseline = (performance.now() - baselineStart) / 1000;
const cold = await startOnce(dataDir);
const warm = await startOnce(dataDir);
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`baseline (tsx + import fastify, pglite): ${baseline.toFixed(1)} s`);
console.log(`cold start (empty data folder, migrations + demo company): ${cold.toFixed(1)} s`);
console.log(`warm start (same data folder): ${warm.toFixed(1)} s`);
