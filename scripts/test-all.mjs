#!/usr/bin/env node
// The whole suite (README "Test"): typecheck, server unit + API tests, web unit tests, build, browser journeys.
// Prints one closing line 'tests: N passed, N failed' that CI reads; exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-test-report-'));
let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args, opts = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  const ok = result.status === 0;
  console.log(`=== ${label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(label);
  return ok;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

/** What each failed journey said, repeated at the very end: CI keeps only part of a long output. */
const failedJourneys = [];
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const stats = report.stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += (stats.unexpected ?? 0) + (stats.skipped ?? 0);
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        const message = (last?.errors ?? []).map((e) => plain(e.message ?? '')).join('\n');
        failedJourneys.push(`${spec.file}:${spec.line} › ${spec.title}\n${message.slice(0, 3000)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
}

const only = process.argv[2]; // optional: lint | api | api-server | web | e2e

// The journeys' browser is found (or installed) first, so a machine without one learns it before the long steps.
let chromium;
if (!only || only === 'e2e') {
  chromium = ensureChromium();
  if (!chromium) process.exit(1);
}
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reportDir, name)}`];

if (!only) {
  if (run('typecheck', 'npx', ['tsc', '-p', 'packages/contracts']) && run('typecheck server', 'npx', ['tsc', '-p', 'apps/server'])) {
    run('typecheck web', 'npx', ['tsc', '-p', 'apps/web']);
    run('typecheck bench', 'npx', ['tsc', '-p', 'bench']);
  }
}
if (!only || only === 'lint') {
  // ESLint with the import boundaries (docs/ARCHITECTURE.md "Lint and boundaries"); any error fails the run.
  run('lint (ESLint, import boundaries)', 'npx', ['eslint', '.']);
  run('lint: rule tests', 'npx', ['vitest', 'run', '--root', 'tools/lint', ...vitestJson('lint.json')]);
  countVitest(path.join(reportDir, 'lint.json'));
}
/**
 * The API tests where a PostgreSQL server behaves unlike the embedded database (several connections, locks, roles,
 * pg_dump): what CI runs a second time on a server (.ci/run). Paths are vitest filters under apps/server.
 */
const SERVER_SENSITIVE_TESTS = [
  'src/db/',
  'src/cli/',
  'src/seed/',
  'src/lib/jobs',
  'src/lib/history',
  'src/lib/maintenance',
  'src/server-shutdown',
  'src/modules/recalculation/',
  'src/modules/backups/',
  'src/modules/leave/leave.service',
  'src/modules/check-in-out/punches.routes',
  'src/modules/requests/request-write.status',
  'src/modules/overtime/fixed-overtime',
  'src/modules/timesheet-review/',
  'src/modules/webhooks/webhook-delivery', // claims, leases and the in-flight cap across connections (issue 30)
  'src/modules/my-work/reminders/', // two runners at once: one reminder a person a day (issue 30)
];
if (only === 'api-server') {
  run('server: server-sensitive API tests (PostgreSQL server)', 'npx', ['vitest', 'run', '--root', 'apps/server', ...SERVER_SENSITIVE_TESTS, ...vitestJson('server.json')]);
  countVitest(path.join(reportDir, 'server.json'));
}
if (!only || only === 'api') {
  run(`server: unit + API tests (${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite'})`, 'npx', ['vitest', 'run', '--root', 'apps/server', ...vitestJson('server.json')]);
  countVitest(path.join(reportDir, 'server.json'));
}
if (!only || only === 'web') {
  run('web: unit tests', 'npx', ['vitest', 'run', '--root', 'apps/web', ...vitestJson('web.json')]);
  countVitest(path.join(reportDir, 'web.json'));
}
if (!only || only === 'e2e') {
  if (run('build (web and server)', 'npm', ['run', 'build', '--silent'])) {
    run('browser journeys (Playwright, Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportDir, 'e2e.json'), CHROMIUM_PATH: chromium },
    });
    countPlaywright(path.join(reportDir, 'e2e.json'));
  }
}

fs.rmSync(reportDir, { recursive: true, force: true });
for (const journey of failedJourneys) console.log(`\n--- failed journey: ${journey}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
