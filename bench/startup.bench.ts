// Start-up of the server on PGlite, spawn to the first 200 of /api/health, as `npm start` runs it now — the server
// built to JavaScript and run with plain node (apps/server/dist/server.js) — against the old start under tsx's loader
// (apps/server/src/server.ts) as the baseline, measured in the same run (issue 22 §5):
//   npm start, empty data folder   the whole command: web build + server build + start + migrations + demo company
//   server, empty data folder      the server process alone: migrations + demo company
//   server, warm                   the same data folder again
// BENCH_RUNS (1) repeats each and prints the median; the two variants alternate so load drifts hit both alike.
// Each start must answer from its own process: a port already answering, an exit before answering or no answer in
// 180 s stops the bench with the process's output. Run: npm run bench:startup -w @tms/bench
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = 8177;
const runs = Number(process.env.BENCH_RUNS ?? 1);
const tsx = path.join(root, 'node_modules/.bin/tsx');
const built = path.join(root, 'apps/server/dist/server.js');

type Command = { label: string; cmd: string; args: string[] };
const NEW_NPM_START: Command = { label: 'npm start (built)', cmd: 'npm', args: ['start'] };
// What `npm start` ran before (start: `npm run build && npm run start -w @tms/server`, build: the web build alone,
// the server's start: `tsx src/server.ts`), with as many npm processes (about 1 s each here): `npm exec -c` stands in
// for each `npm run` of a script that no longer exists.
const OLD_NPM_START: Command = {
  label: 'old npm start (tsx)',
  cmd: 'npm',
  args: ['exec', '-c', 'npm exec -c "npm run build -w @tms/web" && npm exec -w @tms/server -c "tsx src/server.ts"'],
};
const BUILT: Command = { label: 'node dist/server.js', cmd: process.execPath, args: [built] };
const TSX: Command = { label: 'tsx src/server.ts', cmd: tsx, args: ['apps/server/src/server.ts'] };

async function answers(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}

async function startOnce(command: Command, dataDir: string): Promise<number> {
  if (await answers()) throw new Error(`port ${port} already answers: stop whatever runs there first`);
  const started = performance.now();
  let output = '';
  const child = spawn(command.cmd, command.args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', MIGRATION_DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group: npm and sh do not pass SIGTERM on to the server they start
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((r) => child.once('exit', r));
  const fail = (why: string) => new Error(`${command.label}: ${why}; its output:\n${output.split('\n').slice(-30).join('\n')}`);
  try {
    for (;;) {
      if (await answers()) return (performance.now() - started) / 1000;
      if (child.exitCode !== null || child.signalCode !== null) throw fail(`exited (${child.exitCode ?? child.signalCode}) without answering`);
      if (performance.now() - started > 180_000) throw fail('no answer in 180 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    await waitUntilClosed();
  }
}

/** The next start must not find the previous server still answering on the port. */
async function waitUntilClosed() {
  for (let i = 0; i < 100; i++) {
    if (!(await answers())) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the previous server did not stop');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-startup-'));
const times = new Map<string, number[]>();
const record = (row: string, seconds: number) => times.set(row, [...(times.get(row) ?? []), seconds]);
try {
  for (let run = 0; run < runs; run++) {
    for (const command of run % 2 === 0 ? [NEW_NPM_START, OLD_NPM_START] : [OLD_NPM_START, NEW_NPM_START]) {
      record(`${command.label}, empty data folder`, await startOnce(command, fs.mkdtempSync(path.join(tmp, 'npm-'))));
    }
    // `npm start` above built dist/server.js; the server alone from here on.
    const folders = { built: fs.mkdtempSync(path.join(tmp, 'built-')), tsx: fs.mkdtempSync(path.join(tmp, 'tsx-')) };
    const pair = run % 2 === 0 ? ([['built', BUILT], ['tsx', TSX]] as const) : ([['tsx', TSX], ['built', BUILT]] as const);
    for (const [key, command] of pair) record(`${command.label}, empty data folder`, await startOnce(command, folders[key]));
    for (const [key, command] of pair) record(`${command.label}, warm`, await startOnce(command, folders[key]));
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

const row = (label: string) => median(times.get(label)!);
console.log(`start-up to the first healthy answer, PGlite, median of ${runs} run(s); baseline: the old start under tsx`);
for (const [fresh, old] of [
  [`${NEW_NPM_START.label}, empty data folder`, `${OLD_NPM_START.label}, empty data folder`],
  [`${BUILT.label}, empty data folder`, `${TSX.label}, empty data folder`],
  [`${BUILT.label}, warm`, `${TSX.label}, warm`],
] as const) {
  console.log(`${fresh.padEnd(42)} ${row(fresh).toFixed(1).padStart(5)} s   ${old.padEnd(42)} ${row(old).toFixed(1).padStart(5)} s   ratio ${(row(fresh) / row(old)).toFixed(2)}`);
}
