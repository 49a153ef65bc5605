#!/usr/bin/env node
// The server suite on six chosen days (issue 7 §1: the suite passes on every day of the year). Each run sets
// TEST_NOW, the default instant of every test app's clock (apps/server/src/test/harness.ts); tests that pin their own
// instant keep it. Prints one row per date and exits non-zero when any run failed. `npm test` stays one run.
//
//   node scripts/test-dates.mjs                       all six dates
//   node scripts/test-dates.mjs 2026-11-28T10:00:00+07:00 …   only these instants
//   node scripts/test-dates.mjs -- src/lib            extra vitest arguments after `--` (e.g. a folder)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

const dashdash = process.argv.indexOf('--');
const chosen = (dashdash < 0 ? process.argv.slice(2) : process.argv.slice(2, dashdash)).map((now) => ({ label: 'chosen', now }));
const extra = dashdash < 0 ? [] : process.argv.slice(dashdash + 1);
for (const c of chosen) if (!Number.isFinite(Date.parse(c.now))) throw new Error(`not an instant: ${c.now}`);
const runs = chosen.length > 0 ? chosen : DATES;

const results = [];
for (const [i, d] of runs.entries()) {
  const report = path.join(reportDir, `run-${i}.json`);
  console.log(`\n=== TEST_NOW=${d.now} (${d.label}) ===`);
  const started = Date.now();
  const child = spawnSync(
    'npx',
    ['vitest', 'run', '--root', 'apps/server', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`, ...extra],
    { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_NOW: d.now } },
  );
  const json = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : {};
  const failedTests = (json.testResults ?? []).flatMap((f) =>
    (f.assertionResults ?? []).filter((a) => a.status === 'failed').map((a) => `${path.relative(root, f.name)} > ${a.fullName}`),
  );
  results.push({
    ...d,
    status: child.status,
    passed: json.numPassedTests ?? 0,
    failed: (json.numFailedTests ?? 0) + (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    files: json.numTotalTestSuites ?? 0,
    seconds: (Date.now() - started) / 1000,
    failedTests,
  });
}

const pad = (s, n) => String(s).padEnd(n);
console.log('\n' + [pad('TEST_NOW', 27), pad('day', 20), pad('passed', 7), pad('failed', 7), pad('seconds', 8), 'result'].join(' '));
for (const r of results) {
  const ok = r.status === 0 && r.failed === 0 && r.passed > 0;
  console.log([pad(r.now, 27), pad(r.label, 20), pad(r.passed, 7), pad(r.failed, 7), pad(r.seconds.toFixed(0), 8), ok ? 'ok' : 'FAILED'].join(' '));
  for (const name of r.failedTests) console.log(`    ✗ ${name}`);
}
const bad = results.filter((r) => r.status !== 0 || r.failed > 0 || r.passed === 0);
console.log(`\ndates: ${results.length - bad.length} passed, ${bad.length} failed`);
fs.rmSync(reportDir, { recursive: true, force: true });
process.exit(bad.length > 0 ? 1 : 0);
