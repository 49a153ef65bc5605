import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * A port nobody listens on, asked of the OS (listen on port 0) in a child process, since the config is read
 * synchronously. Playwright reads this file again in its worker processes: the port and the data folder found by the
 * first read are passed on in the environment so every process agrees on them (two runs on one machine never collide).
 */
function freePort(): number {
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

process.env.E2E_PORT ??= String(freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'tms-e2e-'));
/**
 * E2E_NOW (an instant with its offset, e.g. 2026-12-26T09:15:00+07:00; scripts/test-dates.mjs --journeys) puts the
 * journeys on another business date: the server starts with BUSINESS_CLOCK_START and the pages' Date is shifted by the
 * same offset (fixtures.ts). Unset: today.
 */
if (process.env.E2E_NOW && process.env.E2E_CLOCK_OFFSET_MS === undefined) {
  const at = Date.parse(process.env.E2E_NOW);
  if (!Number.isFinite(at)) throw new Error(`E2E_NOW is not an instant: ${process.env.E2E_NOW}`);
  process.env.E2E_CLOCK_OFFSET_MS = String(at - Date.now());
}
const clockOffset = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;

/**
 * Browser journeys in the system Chromium against the built app (server and web) on a fresh embedded database with
 * the demo company.
 * One worker: the journeys share that database and the machine has two cores.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // A save's toast waits up to 15 s: on a loaded two-core CI machine an answer of the embedded database (one
  // connection, shared with the job worker's recalculations) passed 10 s now and then.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(dataDir, 'report.json') }]],
  outputDir: path.join(dataDir, 'test-results'),
  use: {
    baseURL: `http://localhost:${port}`,
    acceptDownloads: true,
    // The app turns antd's motion off for a reader who asks for less of it (providers.tsx): no journey waits on a
    // fade, and axe never reads a colour half-way through one.
    reducedMotion: 'reduce',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // The production build (`npm run build`, which `npm test`, `npm run test:e2e` and test-dates.mjs run first): the
    // journeys drive what `npm start` serves, plain node without a loader.
    command: 'node ../apps/server/dist/server.js',
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: path.join(dataDir, 'db'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_DIST: process.env.WEB_DIST ?? '',
      // The server's business time runs from the same shifted instant as the pages' (fixtures.ts).
      BUSINESS_CLOCK_START: clockOffset === 0 ? '' : new Date(Date.now() + clockOffset).toISOString(),
    },
  },
});
