#!/usr/bin/env node
// The server suite on six chosen days (issue 7 §1: the suite passes on every day of the year). Each run sets
// TEST_NOW, the default instant of every test app's clock (apps/server/src/test/harness.ts); tests that pin their own
// instant keep it. Prints one row per date and exits non-zero when any run failed. `npm test` stays one run.
// With --journeys, the browser journeys instead, on the 26th, the 25th and 1 January (issue 22 §0): the web app is
// built once, and each run sets E2E_NOW, which starts the server's business clock and shifts the pages' Date there
// (e2e/playwright.config.ts, e2e/fixtures.ts).
//
//   node scripts/test-dates.mjs                       all six dates
//   node scripts/test-dates.mjs 2026-11-28T10:00:00+07:00 …   only these instants
//   node scripts/test-dates.mjs -- src/lib            extra vitest arguments after `--` (e.g. a folder)
//   node scripts/test-dates.mjs --journeys            the journeys on the three dates (about 10 minutes each)
//   node scripts/test-dates.mjs --journeys 2027-01-01T11:00:00+07:00 -- requests   one date, journeys matching 'requests'
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-test-dates-'));

/** Company time (Asia/Ho_Chi_Minh, UTC+7): business hours, and one early morning before the day has ended. */
const DATES = [
  { label: 'Monday', now: '2026-11-23T10:00:00+07:00' },
  { label: 'Saturday', now: '2026-11-28T14:30:00+07:00' },
  { label: '25th (period end)', now: '2026-12-25T03:25:00+07:00' },
  { label: '26th (period start)', now: '2026-12-26T09:15:00+07:00' },
  { label: '1 January', now: '2027-01-01T11:00:00+07:00' },
  { label: '31 December', now: '2026-12-31T16:45:00+07:00' },
];

/** The journeys' dates: a period's first day, its last day (the morning, before the day has ended), New Year's Day. */
const JOURNEY_DATES = [
  { label: '26th (period start)', now: '2026-12-26T09:15:00+07:00' },
  { label: '25th (period end)', now: '2026-12-25T08:40:00+07:00' },
  { label: '1 January', now: '2027-01-01T11:00:00+07:00' },
];

const journeys = process.argv.includes('--journeys');
const args = process.argv.slice(2).filter((a) => a !== '--journeys');
const dashdash = args.indexOf('--');
const chosen = (dashdash < 0 ? args : args.slice(0, dashdash)).map((now) => ({ label: 'chosen', now }));
const extra = dashdash < 0 ? [] : args.slice(dashdash + 1);
for (const c of chosen) if (!Number.isFinite(Date.parse(c.now))) throw new Error(`not an instant: ${c.now}`);
const runs = chosen.length > 0 ? chosen : journeys ? JOURNEY_DATES : DATES;

/** One vitest run of the server suite with TEST_NOW. */
function serverRun(d, report) {
  const child = spawnSync(
    'npx',
    ['vitest', 'run', '--root', 'apps/server', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`, ...extra],
    { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_NOW: d.now } },
  );
  const json = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : {};
  const failedTests = (json.testResults ?? []).flatMap((f) =>
    (f.assertionResults ?? []).filter((a) => a.status === 'failed').map((a) => `${path.relative(root, f.name)} > ${a.fullName}`),
  );
  return {
    status: child.status,
    passed: json.numPassedTests ?? 0,
    failed: (json.numFailedTests ?? 0) + (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    failedTests,
  };
}

/** One Playwright run of the journeys with E2E_NOW (a fresh server and demo company each time). */
function journeyRun(d, report, chromium) {
  const child = spawnSync('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...extra], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_NOW: d.now, PLAYWRIGHT_JSON_OUTPUT_NAME: report, CHROMIUM_PATH: chromium },
  });
  const json = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : {};
  const failedTests = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) if (!spec.ok) failedTests.push(`${spec.file} > ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of json.suites ?? []) walk(suite);
  const stats = json.stats ?? {};
  return {
    status: child.status,
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (stats.skipped ?? 0),
    failedTests,
  };
}

let chromium;
if (journeys) {
  chromium = ensureChromium();
  if (!chromium) process.exit(1);
  console.log('\n=== build (web and server, once for every date) ===');
  if (spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}

const results = [];
for (const [i, d] of runs.entries()) {
  const report = path.join(reportDir, `run-${i}.json`);
  console.log(`\n=== ${journeys ? 'E2E_NOW' : 'TEST_NOW'}=${d.now} (${d.label}) ===`);
  const started = Date.now();
  const outcome = journeys ? journeyRun(d, report, chromium) : serverRun(d, report);
  results.push({ ...d, ...outcome, seconds: (Date.now() - started) / 1000 });
}

const pad = (s, n) => String(s).padEnd(n);
console.log('\n' + [pad(journeys ? 'E2E_NOW' : 'TEST_NOW', 27), pad('day', 20), pad('passed', 7), pad('failed', 7), pad('seconds', 8), 'result'].join(' '));
for (const r of results) {
  const ok = r.status === 0 && r.failed === 0 && r.passed > 0;
  console.log([pad(r.now, 27), pad(r.label, 20), pad(r.passed, 7), pad(r.failed, 7), pad(r.seconds.toFixed(0), 8), ok ? 'ok' : 'FAILED'].join(' '));
  for (const name of r.failedTests) console.log(`    ✗ ${name}`);
}
const bad = results.filter((r) => r.status !== 0 || r.failed > 0 || r.passed === 0);
console.log(`\ndates: ${results.length - bad.length} passed, ${bad.length} failed`);
fs.rmSync(reportDir, { recursive: true, force: true });
process.exit(bad.length > 0 ? 1 : 0);
