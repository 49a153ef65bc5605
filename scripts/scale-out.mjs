#!/usr/bin/env node
// Proof that the API scales out (ISSUE 7 §5b): two API processes on one PostgreSQL database, as behind a load
// balancer. It signs in on one process and uses the token on the other, queues calculation jobs through both,
// keeps 20 clients writing through both for ~20 s, SIGKILLs one process halfway, and then checks in the database:
//   session errors  a valid token refused (401) by either process
//   lost writes     a write answered 200 that is not in the database afterwards
//   jobs lost       a queued calculation that never ran;  jobs doubled: one that ran more than once
// Exit 0 only when all are 0 (and no answer was a 5xx). The database and role it creates are dropped at the end.
//   node scripts/scale-out.mjs            (PostgreSQL at SCALE_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres)
// It runs the two-role deployment of the README: MIGRATION_DATABASE_URL owns the schema, DATABASE_URL serves.
import { spawn } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL = process.env.SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = 20;
const LOAD_MS = 20_000;
const KILL_AT_MS = 10_000;
const TOTAL_BOUND_MS = 178_000;
const JOB_WAIT_MS = 135_000; // a job running on the killed process is claimed again when its 120 s lease ends
const DEMO_PASSWORD = 'Passw0rd!';
const TZ = 'Asia/Ho_Chi_Minh';

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const log = (text) => console.log(`[${elapsed()}] ${text}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const suffix = `${Date.now()}_${randomBytes(3).toString('hex')}`;
const dbName = `tms_scaleout_${suffix}`;
const roleName = `tms_scaleout_app_${suffix}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
const processes = [];
let cleaned = false;

async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  await Promise.all(
    processes.map(async (p) => {
      if (p.exitCode !== null || p.signalCode !== null) return;
      p.kill('SIGTERM');
      await Promise.race([p.exited, sleep(12_000)]);
      if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    }),
  );
  try {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`drop role if exists ${roleName}`);
  } catch (err) {
    console.error(`cleanup: ${err.message}`);
  }
  await admin.end().catch(() => {});
}

const watchdog = setTimeout(async () => {
  console.error(`scale-out: not done within ${TOTAL_BOUND_MS / 1000} s, giving up`);
  await cleanup();
  process.exit(2);
}, TOTAL_BOUND_MS);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function dbUrl(user) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  if (user) {
    url.username = user;
    url.password = '';
  }
  return url.toString();
}

/** One API process: `node --import tsx` directly, so SIGKILL hits the server and not a wrapper. */
function startApi(name, port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tms-scale-${name}-`));
  const env = {
    ...process.env,
    DATABASE_URL: dbUrl(roleName),
    MIGRATION_DATABASE_URL: dbUrl(),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.apiName = name;
  child.baseUrl = `http://127.0.0.1:${port}`;
  child.output = '';
  const collect = (chunk) => {
    child.output = (child.output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  child.exited = new Promise((resolve) => child.on('exit', resolve));
  child.ready = new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (child.output.includes('TMS is running')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    child.exited.then(() => {
      clearInterval(timer);
      reject(new Error(`API ${name} exited during start:\n${child.output}`));
    });
  });
  child.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  processes.push(child);
  return child;
}

// ---- HTTP ----
const counts = { requests: 0, byApi: {}, sessionErrors: 0, serverErrors: 0, otherFailures: 0, unknownOutcome: 0, rerouted: 0 };
const failures = [];

async function call(api, method, url, { token, body, headers = {}, clientIp = '10.0.0.1' } = {}) {
  counts.requests += 1;
  counts.byApi[api.apiName] = (counts.byApi[api.apiName] ?? 0) + 1;
  const response = await fetch(`${api.baseUrl}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      // The load balancer's header; TRUST_PROXY=true makes the API see the client's address.
      'x-forwarded-for': clientIp,
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  if (response.status === 401 && token) {
    counts.sessionErrors += 1;
    failures.push(`${api.apiName} ${method} ${url}: 401 with a valid token`);
  } else if (response.status >= 500) {
    counts.serverErrors += 1;
    failures.push(`${api.apiName} ${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
  }
  return { status: response.status, body: json };
}

async function signIn(api, username) {
  const { body } = await call(api, 'GET', '/auth/public-key');
  const seal = (text) =>
    publicEncrypt({ key: body.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text, 'utf8')).toString('base64');
  const answer = await call(api, 'POST', '/login', { body: { username: seal(username), password: seal(DEMO_PASSWORD) } });
  if (answer.status !== 200) throw new Error(`sign-in of ${username} on ${api.apiName}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data.access_token;
}

function companyDate(offsetDays = 0) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}
const dmy = (iso) => iso.split('-').reverse().join('/');

// ---- main ----
await admin.connect();
await admin.query(`create database ${dbName}`);
await admin.query(`create role ${roleName} login nosuperuser nocreatedb nocreaterole`);
log(`database ${dbName}, serving role ${roleName}`);

const [portA, portB] = [await freePort(), await freePort()];
const apiA = startApi('A', portA);
const apiB = startApi('B', portB);
const check = new pg.Client({ connectionString: dbUrl() });
let exitCode = 1;
try {
  // Both start together: migrations and the demo seed each run once (advisory locks), the other waits.
  await Promise.all([apiA.ready, apiB.ready]);
  log(`API A on ${apiA.baseUrl} (pid ${apiA.pid}), API B on ${apiB.baseUrl} (pid ${apiB.pid}) ready`);
  await check.connect();

  // Sign in on one, use the token on the other.
  const hrToken = await signIn(apiA, 'hr');
  const adminToken = await signIn(apiB, 'admin');
  for (const [api, token, user] of [[apiB, hrToken, 'hr'], [apiA, adminToken, 'admin']]) {
    const answer = await call(api, 'GET', `/tms/user/detail?username=${user}`, { token });
    if (answer.status !== 200) throw new Error(`token of ${user} refused on ${api.apiName}: ${answer.status}`);
  }
  log('hr signed in on A and used on B; admin signed in on B and used on A');

  const key = await call(apiA, 'POST', '/tms/check-in-out/device-keys', { token: adminToken, body: { system: 'TMS', description: 'scale-out' } });
  if (key.status !== 200) throw new Error(`device key: ${key.status} ${JSON.stringify(key.body)}`);
  const deviceKey = key.body.data.key;

  const staff = (await check.query(`select u.username from users u join employees e on e.id = u.employee_id
                                      where u.username not in ('admin') order by u.id limit ${CLIENTS}`)).rows.map((r) => r.username);
  const periods = (await check.query(`select id from payroll_periods order by from_date desc limit 3`)).rows.map((r) => r.id);

  // Calculation jobs: each on its own date, so each run leaves one notification to count.
  const jobs = [];
  let dateOffset = 0;
  async function enqueueCalculation(api) {
    while (dateOffset > -40) {
      const date = companyDate(dateOffset--);
      const answer = await call(api, 'PUT', `/tms/timesheets/calculate-working-day-all-employees?date=${date}`, { token: adminToken });
      if (answer.status === 200) {
        jobs.push({ id: answer.body.data.jobId, date, via: api.apiName });
        return;
      }
    }
    throw new Error('no date accepted for a calculation');
  }
  await enqueueCalculation(apiA);
  await enqueueCalculation(apiB);
  log(`calculation jobs ${jobs.map((j) => `${j.id} (${j.date} via ${j.via})`).join(', ')}`);

  // 20 clients, each request to the next live process in turn, as a round-robin balancer would.
  const alive = new Set([apiA, apiB]);
  const writes = [];
  const loadEnd = Date.now() + LOAD_MS;
  const punchBase = Date.now() - 3 * 3600_000;
  async function client(c) {
    const clientIp = `10.0.1.${c + 1}`;
    const own = [];
    for (let n = 0; Date.now() < loadEnd; n += 1) {
      const kind = (c + n) % 4;
      const tag = `scale-${c}-${n}`;
      let request;
      if (kind === 0 || (kind === 1 && own.length === 0)) {
        request = { method: 'POST', url: '/tms/leaves-management/annual-leaves/priority-leave/create', token: hrToken,
          body: { usernames: [staff[c % staff.length]], leaveHour: 1 + (n % 8), description: tag, applyDate: dmy(companyDate(1)), expireDate: dmy(companyDate(60)) },
          record: (body) => { for (const id of body.data) { own.push(id); writes.push({ type: 'bonus leave create', id, description: tag, version: 1 }); } } };
      } else if (kind === 1) {
        const id = own.shift();
        const description = `${tag}-edited`;
        request = { method: 'PUT', url: '/tms/leaves-management/annual-leaves/priority-leave/update', token: hrToken,
          body: { id, version: 1, leaveHour: 9, description, applyDate: dmy(companyDate(1)), expireDate: dmy(companyDate(60)) },
          record: (body) => {
            const row = writes.find((w) => w.type === 'bonus leave create' && w.id === id);
            if (row) Object.assign(row, { description, version: body.data.version, edited: true });
          },
          // No answer (the process died with it): the row is either as created or as edited, both are fine.
          unknown: () => {
            const row = writes.find((w) => w.type === 'bonus leave create' && w.id === id);
            if (row) row.either = { description, version: 2 };
          } };
      } else if (kind === 2) {
        const timesheetId = periods[c % periods.length];
        request = { method: 'POST', url: `/tms/timesheets/${timesheetId}/comments`, token: hrToken, body: { content: tag },
          record: (body) => writes.push({ type: 'comment', id: body.data.comment_id, content: tag }) };
      } else {
        const at = new Date(punchBase + n * 1000).toISOString();
        request = { method: 'POST', url: '/tms/check-in-out/punches', headers: { 'x-device-key': deviceKey },
          body: { punches: [{ system: 'TMS', attendance_check_id: `SCALE-${c}`, timestamp: at }] },
          record: () => writes.push({ type: 'punch', attendanceCheckId: `SCALE-${c}`, at }) };
      }
      for (let tries = 0; tries < 3; tries += 1) {
        const live = [...alive];
        if (live.length === 0) return;
        const api = live[(c + n + tries) % live.length];
        try {
          const answer = await call(api, request.method, request.url, { token: request.token, body: request.body, headers: request.headers, clientIp });
          if (answer.status === 200) request.record(answer.body);
          else if (answer.status < 500 && answer.status !== 401) {
            counts.otherFailures += 1;
            failures.push(`${api.apiName} ${request.method} ${request.url}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
          }
          break;
        } catch (err) {
          // The process is gone: the balancer takes it out. A request it had in hand has an unknown outcome (no 200,
          // so nothing is owed); one refused before it was sent is tried on the survivor.
          alive.delete(api);
          const refused = String(err.cause?.code ?? '').includes('ECONNREFUSED');
          if (!refused) {
            counts.unknownOutcome += 1;
            request.unknown?.();
            break;
          }
          counts.rerouted += 1;
        }
      }
    }
  }

  const load = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  await sleep(3_000);
  await enqueueCalculation(apiB);
  await sleep(KILL_AT_MS - 3_000);
  apiB.kill('SIGKILL');
  await apiB.exited;
  alive.delete(apiB);
  log(`API B killed with SIGKILL mid-load; clients continue on A`);
  await enqueueCalculation(apiA);
  await load;
  log(`load done: ${counts.requests} requests (${Object.entries(counts.byApi).map(([k, v]) => `${k} ${v}`).join(', ')}), ${writes.length} writes answered 200`);

  // The survivor's token check once more, and the hr token after the kill.
  if ((await call(apiA, 'GET', '/tms/user/detail?username=hr', { token: hrToken })).status !== 200) failures.push('hr token refused on A after the kill');

  // ---- checks ----
  let lost = 0;
  for (const w of writes) {
    let found;
    if (w.type === 'bonus leave create') {
      const [row] = (await check.query('select description, version from leave_fund_rows where id = $1', [w.id])).rows;
      found = Boolean(row) && [w, w.either].some((state) => state && row.description === state.description && row.version === state.version);
    } else if (w.type === 'comment') {
      found = (await check.query('select 1 from timesheet_comments where id = $1 and content = $2', [w.id, w.content])).rowCount === 1;
    } else {
      found = (await check.query(`select 1 from punches where system = 'TMS' and attendance_check_id = $1 and punched_at = $2`, [w.attendanceCheckId, w.at])).rowCount === 1;
    }
    if (!found) {
      lost += 1;
      failures.push(`lost: ${JSON.stringify(w)}`);
    }
  }

  const ids = jobs.map((j) => j.id);
  const until = Date.now() + JOB_WAIT_MS;
  let jobRows = [];
  for (;;) {
    jobRows = (await check.query('select id, status, attempts, locked_by from jobs where id = any($1)', [ids])).rows;
    if (jobRows.every((j) => j.status === 'done' || j.status === 'failed') || Date.now() > until) break;
    if (jobRows.some((j) => j.status === 'running' && String(j.locked_by).includes(`:${apiB.pid}:`))) log('a job was running on B: waiting for its lease to end');
    await sleep(jobRows.some((j) => j.status === 'running') ? 5_000 : 500);
  }
  const notes = (await check.query(`select n.body from notifications n join users u on u.id = n.user_id
                                     where u.username = 'admin' and n.body like 'Working day %'`)).rows.map((r) => r.body);
  let jobsLost = 0;
  let jobsDoubled = 0;
  for (const job of jobs) {
    const row = jobRows.find((j) => j.id === job.id);
    const runs = notes.filter((b) => b.startsWith(`Working day ${dmy(job.date)} calculated`)).length;
    if (!row || row.status !== 'done' || runs === 0) {
      jobsLost += 1;
      failures.push(`job ${job.id} (${job.date}): ${row?.status ?? 'missing'}, ${runs} runs`);
    } else if (runs > 1) {
      jobsDoubled += 1;
      failures.push(`job ${job.id} (${job.date}) ran ${runs} times`);
    }
    job.attempts = row?.attempts;
    job.runs = runs;
  }
  const maintenance = Number((await check.query(`select count(*) as n from jobs where name = 'maintenance.purge' and status in ('queued', 'running')`)).rows[0].n);
  if (maintenance !== 1) failures.push(`maintenance chain: ${maintenance} pending purge jobs, expected 1`);

  const byType = {};
  for (const w of writes) byType[w.type] = (byType[w.type] ?? 0) + 1;
  const edits = writes.filter((w) => w.edited).length;
  console.log('\n== scale-out report ==');
  console.log(`processes            2 API processes on one PostgreSQL database (two roles), B SIGKILLed at ${KILL_AT_MS / 1000} s of ${LOAD_MS / 1000} s`);
  console.log(`requests             ${counts.requests} (${Object.entries(counts.byApi).map(([k, v]) => `${k} ${v}`).join(', ')}), ${CLIENTS} clients`);
  console.log(`writes answered 200  ${writes.length} (${Object.entries(byType).map(([k, v]) => `${k} ${v}`).join(', ')}; ${edits} bonus leave rows edited after create)`);
  console.log(`in flight at kill    ${counts.unknownOutcome} (no answer, nothing owed); ${counts.rerouted} refused and sent to A`);
  console.log(`calculation jobs     ${jobs.map((j) => `#${j.id} via ${j.via}: ${j.runs} run, ${j.attempts} attempt`).join('; ')}`);
  console.log(`session errors       ${counts.sessionErrors}`);
  console.log(`lost committed writes ${lost}`);
  console.log(`jobs lost            ${jobsLost}`);
  console.log(`jobs run twice       ${jobsDoubled}`);
  console.log(`5xx answers          ${counts.serverErrors}; other refusals ${counts.otherFailures}; maintenance chain ${maintenance === 1 ? 'single' : maintenance}`);
  if (failures.length) console.log(`details:\n  ${failures.slice(0, 20).join('\n  ')}`);
  const ok = counts.sessionErrors === 0 && lost === 0 && jobsLost === 0 && jobsDoubled === 0 && counts.serverErrors === 0 && maintenance === 1;
  console.log(`result               ${ok ? 'PASS' : 'FAIL'} in ${elapsed()}`);
  exitCode = ok ? 0 : 1;
} catch (err) {
  console.error(`scale-out failed: ${err.stack ?? err}`);
  for (const p of processes) console.error(`--- API ${p.apiName} output (tail) ---\n${p.output.slice(-3000)}`);
} finally {
  await check.end().catch(() => {});
  await cleanup();
  clearTimeout(watchdog);
}
process.exit(exitCode);
