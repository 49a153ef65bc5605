#!/usr/bin/env node
// Proof that the built server always stops (issue 22 §5; README: "exits within 10 s"). Acceptance runs stopped
// `npm start` with SIGTERM to its process group and found some groups still alive minutes later, under load; the
// cause was tsx's loader thread. This starts the built server the way `npm start` does (npm → sh → node
// apps/server/dist/server.js, in a process group of its own) again and again, keeps a few clients busy against it
// (a sign-in, authenticated reads, the OpenAPI document) for a moment, SIGTERMs the group, and checks that every
// process of the group is gone within 10 s. It prints each cycle, then the maximum and median, and exits 1 if any
// group outlived the bound (its processes, their state and wait channel are printed, then it is SIGKILLed) or any
// start failed.
//   node scripts/stop-stress.mjs                     50 cycles, one data folder reused (the first start seeds it)
//   node scripts/stop-stress.mjs --cycles 10 --fresh an empty data folder each cycle (no demo company, faster)
//   node scripts/stop-stress.mjs --direct            `node apps/server/dist/server.js` alone, without npm
//   node scripts/stop-stress.mjs --tsx               the old start, `tsx apps/server/src/server.ts`, for comparison
// Options: --cycles N (50), --port P (first port, 18400; cycle i uses P + i). Run `npm run build` first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './api-sign-in.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BOUND_MS = 10_000;
const READY_TIMEOUT_MS = 180_000;
const PASSWORD = 'Passw0rd!';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const cycles = option('--cycles', 50);
const firstPort = option('--port', 18400);
const fresh = args.includes('--fresh');
const mode = args.includes('--tsx') ? 'tsx' : args.includes('--direct') ? 'direct' : 'npm';

const built = path.join(ROOT, 'apps/server/dist/server.js');
if (mode !== 'tsx' && !fs.existsSync(built)) {
  console.error('stop-stress: apps/server/dist/server.js is missing; run `npm run build` first');
  process.exit(2);
}
const command = {
  npm: ['npm', ['run', 'start', '-w', '@tms/server']],
  direct: [process.execPath, [built]],
  tsx: [path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts']],
}[mode];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-stop-stress-'));

/** The live (not zombie) processes of group `pgid`, from /proc; elsewhere, whether the group answers signal 0. */
function groupMembers(pgid) {
  if (!fs.existsSync('/proc/self/stat')) {
    try {
      process.kill(-pgid, 0);
      return [{ pid: pgid, state: '?', wchan: '?', threads: '?', args: '(group alive)' }];
    } catch {
      return [];
    }
  }
  const members = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so split after its last ')'.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) !== pgid || state === 'Z') continue;
      const read = (file) => {
        try {
          return fs.readFileSync(`/proc/${entry}/${file}`, 'utf8');
        } catch {
          return '?';
        }
      };
      const threads = /Threads:\s+(\d+)/.exec(read('status'))?.[1] ?? '?';
      members.push({ pid: Number(entry), state, wchan: read('wchan'), threads, args: read('cmdline').split('\0').join(' ').trim() });
    } catch {
      // the process ended while being read
    }
  }
  return members;
}

/** Clients that keep the server busy until it stops answering: reads, the OpenAPI document, repeated sign-ins. */
function startTraffic(baseUrl, token) {
  let stop = false;
  const counts = { answered: 0, failed: 0 };
  const loop = async (request) => {
    while (!stop) {
      try {
        const response = await request();
        await response.arrayBuffer();
        counts.answered += 1;
      } catch {
        counts.failed += 1;
        await sleep(50);
      }
    }
  };
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const loops = [
    loop(() => fetch(`${baseUrl}/api/tms/user/detail?username=admin`, auth)),
    loop(() => fetch(`${baseUrl}/api/tms/notifications/unread-count`, auth)),
    loop(() => fetch(`${baseUrl}/api/docs/json`)),
    loop(async () => {
      await signIn(baseUrl, 'admin', PASSWORD);
      return new Response('');
    }),
  ];
  return {
    counts,
    end: async () => {
      stop = true;
      await Promise.all(loops);
    },
  };
}

async function waitReady(baseUrl, child) {
  const started = Date.now();
  while (Date.now() - started < READY_TIMEOUT_MS) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited before it was ready (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

async function cycle(i, sharedDataDir) {
  const port = firstPort + i;
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fresh ? fs.mkdtempSync(path.join(workDir, 'data-')) : sharedDataDir;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', MIGRATION_DATABASE_URL: '', LOG_LEVEL: 'warn' };
  if (fresh) Object.assign(env, { SEED_DEMO: 'false', ADMIN_PASSWORD: PASSWORD });
  let output = '';
  // detached: the server's own process group, as a shell starts `npm start`; the group is what gets the signal.
  const child = spawn(command[0], command[1], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const pgid = child.pid;
  const result = { i, port, readyMs: 0, stopMs: 0, exit: '', straggler: false, failed: '', answered: 0 };
  try {
    result.readyMs = await waitReady(baseUrl, child);
    const token = await signIn(baseUrl, 'admin', PASSWORD);
    const traffic = startTraffic(baseUrl, token);
    // A different moment of the load each cycle: 200 ms to 2 s of it before the signal.
    await sleep(200 + ((i * 379) % 1800));
    const sent = Date.now();
    process.kill(-pgid, 'SIGTERM');
    let members = groupMembers(pgid);
    while (members.length > 0 && Date.now() - sent < BOUND_MS) {
      await sleep(20);
      members = groupMembers(pgid);
    }
    result.stopMs = Date.now() - sent;
    if (members.length > 0) {
      result.straggler = true;
      console.log(`  cycle ${i + 1}: still running ${BOUND_MS / 1000} s after SIGTERM:`);
      for (const m of members) console.log(`    pid ${m.pid} state ${m.state} wchan ${m.wchan} threads ${m.threads}: ${m.args}`);
      console.log(output.split('\n').slice(-15).map((line) => `    | ${line}`).join('\n'));
      process.kill(-pgid, 'SIGKILL');
    }
    await traffic.end();
    result.answered = traffic.counts.answered;
    result.exit = String(await exited);
  } catch (error) {
    result.failed = error.message;
    console.log(output.split('\n').slice(-15).map((line) => `    | ${line}`).join('\n'));
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
  } finally {
    if (fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

const results = [];
const sharedDataDir = path.join(workDir, 'data');
console.log(`stop-stress: ${cycles} cycles of '${[path.basename(command[0]), ...command[1]].join(' ')}', ${fresh ? 'a fresh data folder each' : 'one data folder reused'}, ports ${firstPort}–${firstPort + cycles - 1}`);
try {
  for (let i = 0; i < cycles; i += 1) {
    const r = await cycle(i, sharedDataDir);
    results.push(r);
    const line = r.failed
      ? `FAILED: ${r.failed}`
      : `ready ${(r.readyMs / 1000).toFixed(1)} s, ${r.answered} answers, SIGTERM → group gone in ${(r.stopMs / 1000).toFixed(2)} s (exit ${r.exit})${r.straggler ? '  STRAGGLER' : ''}`;
    console.log(`cycle ${String(i + 1).padStart(2)}/${cycles} port ${r.port}: ${line}`);
  }
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}

const stopped = results.filter((r) => !r.failed).map((r) => r.stopMs).sort((a, b) => a - b);
const stragglers = results.filter((r) => r.straggler).length;
const failed = results.filter((r) => r.failed).length;
const seconds = (ms) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);
console.log(
  `stop-stress: ${results.length} cycles, ${stopped.length} stopped, max ${seconds(stopped.at(-1))}, median ${seconds(stopped[Math.floor((stopped.length - 1) / 2)])}, ` +
    `stragglers ${stragglers}, failed starts ${failed} — ${stragglers === 0 && failed === 0 ? 'OK' : 'FAIL'}`,
);
process.exit(stragglers === 0 && failed === 0 ? 0 : 1);
