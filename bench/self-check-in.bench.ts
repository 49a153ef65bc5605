// Self check-in morning rush (issue 28): the demo company plus BENCH_EMPLOYEES generated staff (generate-company.ts),
// every one allowed to self check in at one office place (ANY_PLACE, a 200 m fence) with a user and a session. The real
// app serves in its own process. For BENCH_SECONDS, self check-in punches (POST /api/tms/self-check-in/punches, inside
// the fence, each from a different employee, each with its own idempotency key) arrive as independent people's do (a
// seeded Poisson process, open loop) at BENCH_RATE a second (default 100 on PostgreSQL, a quarter on PGlite) while one
// HR client lists the timesheet grid in a loop. Every BENCH_SAMPLE-th punch is followed: the time from its answer until
// its employee's day shows the punch (its check-in, or its check-out when taken after the break; GET the Check In-Out
// day as that employee). Then the device punch API
// (POST /api/tms/check-in-out/punches, one punch a request) under the same rate, as the comparison; the baseline,
// measured in the same run, is GET /api/health at the same rate.
// Budget: 0 errors, p95 of the punch ≤ 300 ms, every followed punch in its cell within 5 s. The bench exits non-zero
// when a budget is missed or nothing was measured.
// Run: npm run bench:self-check-in -w @tms/bench. Knobs: BENCH_EMPLOYEES (10000), BENCH_SECONDS (60), BENCH_RATE
// (100 on PostgreSQL, 25 on PGlite), BENCH_CONNECTIONS (20), BENCH_SAMPLE (50), BENCH_ONLY (pglite or postgres).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { CHECK_IN_OUT_CALENDAR_PATHS as CAL } from '@tms/contracts/check-in-out-calendar';
import { DEVICE_KEY_HEADER, PUNCHES_PATH } from '@tms/contracts/punches';
import { SELF_CHECK_IN_PUNCHES_PATH } from '@tms/contracts/self-check-in';
import { TIMESHEET_GRID_PATHS as G } from '@tms/contracts/timesheet-grid';
import { buildApp } from '../apps/server/src/app.ts';
import { startJobWorker } from '../apps/server/src/lib/jobs.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { addDays, companyToday } from '../apps/server/src/lib/dates.ts';
import { hashToken } from '../apps/server/src/plugins/auth.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { mulberry32 } from '../apps/server/src/seed/random.ts';
import { generateCompany } from './generate-company.ts';
import { assertAnswered, assertMeasured, benchKinds, fmt, freshDatabase, percentile, serveUntilStopped, sessionToken, settle, silentLogger, startServeChild, type Kind, type Measured } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 50);
const rateOf = (kind: Kind) => Number(process.env.BENCH_RATE ?? (kind === 'postgres' ? 100 : 25));
const P95_BUDGET_MS = 300;
const CELL_BUDGET_MS = 5000;
const TZ = 'Asia/Ho_Chi_Minh';
const OFFICE = { latitude: 10.7769, longitude: 106.7009 };
/** About 55 m from the office centre, ±10 m. */
const INSIDE = { latitude: 10.7774, longitude: 106.7009, accuracy_m: 10 };

type Staff = { token: string; account: string };
type Served = { address: string; staff: Staff[]; hrToken: string; periodId: number; deviceKey: string; employees: number; generatedSeconds: number };

/** The child: builds the data, serves the app, prints `Served` as one JSON line. */
async function serve(kind: Kind) {
  const database = await freshDatabase(kind, 'tms_bench_self_check_in');
  const db = database.db;
  const config = { ...loadConfig({}), seedDemo: true };
  const started = performance.now();
  await prepareData(db, config, silentLogger, { now: new Date() });
  const today = companyToday(TZ, new Date());
  const made = await generateCompany(db, { employees: EMPLOYEES, fromDate: addDays(today, -6), toDate: addDays(today, -1) });

  const [place] = await queryRows<{ id: number }>(
    db,
    sql`insert into check_in_places (name, latitude, longitude, radius_m) values ('Bench office', ${OFFICE.latitude}, ${OFFICE.longitude}, 200) returning id`,
  );
  await db.execute(sql`update staff_policies set self_check_in_mode = 'ANY_PLACE' where employee_id in (select id from employees where user_name like 'bench%')`);
  // What a policy save does for them (self-check-in-policy.ts), in one statement: a TMS config per employee.
  await db.execute(sql`
    insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, start_date, end_date)
    select id, user_name, 'TMS', ${addDays(today, -3)}::date, '9999-12-31' from employees where user_name like 'bench%'`);
  await db.execute(sql`insert into users (username, password_hash, employee_id) select e.user_name, 'bench-no-password', e.id from employees e where e.user_name like 'bench%'`);
  await db.execute(sql`insert into user_roles (user_id, role) select u.id, 'STAFF' from users u where u.username like 'bench%'`);
  const names = await queryRows<{ username: string }>(db, sql`select username from users where username like 'bench%' order by random()`);
  const staff: Staff[] = [];
  for (const { username } of names) {
    const token = await sessionToken(db, username);
    staff.push({ token, account: `BG${username.slice(5)}` });
  }
  const deviceKey = randomUUID() + randomUUID();
  await db.execute(sql`insert into device_keys (system, key_hash, description) values ('SPEEDGATE', ${hashToken(deviceKey)}, 'bench')`);
  const [period] = await queryRows<{ id: number }>(db, sql`select id from payroll_periods where from_date <= ${today}::date and to_date >= ${today}::date order by id limit 1`);
  await db.execute(sql`vacuum analyze`);
  const generatedSeconds = (performance.now() - started) / 1000;
  void place;

  const app = await buildApp({ database, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // As the server runs it (server.ts): the job worker drains the recalculation queue the punches fill.
  const worker = startJobWorker(app);
  const served: Served = { address, staff, hrToken: await sessionToken(db, 'hr'), periodId: Number(period?.id ?? 0), deviceKey, employees: made.employees, generatedSeconds };
  serveUntilStopped(served, () => worker.stop(), () => app.close(), () => database.close());
}

type Rushed = Measured & { errors: string[]; followed: number[] };
type Arrival = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string; follow?: () => Promise<boolean> };

/**
 * Sends requests that arrive at `rate` a second for `seconds` as independent people do: a Poisson process (exponential
 * gaps, seeded), over at most CONNECTIONS keep-alive connections. Open loop: a slow answer does not hold the next
 * arrival back, and each latency is counted from the moment its request was due, so time spent queued in the client
 * for a free connection counts too. (autocannon's `overallRate` releases every connection's quota at the same instant
 * each second — 20 punches in the same millisecond — which measures a synchronised burst, not a rush of people.)
 * `next()` gives each request and, for a followed one, what to poll after its answer.
 */
async function arrivals(base: string, rate: number, seconds: number, next: () => Arrival): Promise<Rushed> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const random = mulberry32(rate * 7919 + seconds);
  const times: number[] = [];
  const errors: string[] = [];
  const followed: Promise<number>[] = [];
  let non2xx = 0;
  const send = (a: Arrival, due: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(`${base}${a.path}`, { method: a.method, agent, headers: { ...a.headers, ...(a.body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const answered = performance.now();
          times.push(answered - due);
          if (res.statusCode !== 200) {
            non2xx += 1;
            if (errors.length < 5) errors.push(`${res.statusCode} ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`);
          } else if (a.follow) {
            const follow = a.follow;
            followed.push(
              (async () => {
                for (;;) {
                  if (await follow()) return performance.now() - answered;
                  if (performance.now() - answered > 30_000) return Infinity;
                  await new Promise((r) => setTimeout(r, 50));
                }
              })(),
            );
          }
          resolve();
        });
      });
      request.on('error', (err) => {
        non2xx += 1;
        times.push(performance.now() - due);
        if (errors.length < 5) errors.push(err.message);
        resolve();
      });
      request.end(a.body);
    });
  const started = performance.now();
  const end = started + seconds * 1000;
  const pending: Promise<void>[] = [];
  for (let due = started - Math.log(1 - random()) * (1000 / rate); due < end; due -= Math.log(1 - random()) * (1000 / rate)) {
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(next(), due));
  }
  await Promise.all(pending);
  agent.destroy();
  const took = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), rps: times.length / took, count: times.length, non2xx, errors, followed: await Promise.all(followed) };
}

/** GETs in a loop by one client until `stop()`; answers the latencies and the failures. */
function listLoop(url: string, authorization: string) {
  const times: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { authorization } });
      await res.arrayBuffer();
      if (res.status !== 200) failures += 1;
      times.push(performance.now() - t0);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p95: percentile(times, 95), count: times.length, failures };
    },
  };
}

async function runKind(kind: Kind): Promise<boolean> {
  const { served, stop } = await startServeChild<Served>(fileURLToPath(import.meta.url), kind);
  try {
    const base = served.address;
    const rate = rateOf(kind);
    console.log(
      `\n[${kind}] ${served.employees} generated staff allowed to self check in (built in ${served.generatedSeconds.toFixed(1)} s); ` +
        `${rate} punches/s for ${SECONDS} s under ${CONNECTIONS} clients while HR lists the grid`,
    );
    assertMeasured('staff with a session', served.staff.length);
    assertMeasured('open period', served.periodId);
    if (rate * SECONDS > served.staff.length) throw new Error(`BENCH_RATE × BENCH_SECONDS (${rate * SECONDS}) exceeds the staff (${served.staff.length}): each punches once`);

    // The baseline, at the same rate: GET /api/health.
    await settle(base);
    const health = await arrivals(base, rate, Math.min(SECONDS, 10), () => ({ method: 'GET', path: '/api/health', headers: {} }));
    console.log(`  baseline GET /api/health at ${rate}/s: p50 ${fmt(health.p50)}, p95 ${fmt(health.p95)}`);

    // The morning rush through the self check-in API, the grid listed meanwhile.
    await settle(base);
    let i = 0;
    const grid = listLoop(`${base}/api${G.list}?timesheetId=${served.periodId}&size=50`, `Bearer ${served.hrToken}`);
    const self = await arrivals(base, rate, SECONDS, () => {
      const s = served.staff[i++ % served.staff.length]!;
      const follow =
        i % SAMPLE === 0
          ? async () => {
              const res = await fetch(`${base}/api${CAL.dayOf(companyToday(TZ, new Date()))}`, { headers: { authorization: `Bearer ${s.token}` } });
              // A day's only punch is its check-in before the break's end, its check-out from then (docs/timesheet-engine.md).
              const body = (await res.json()) as { data?: { check_in_time: string | null; check_out_time: string | null } };
              return Boolean(body.data?.check_in_time ?? body.data?.check_out_time);
            }
          : undefined;
      return { method: 'POST', path: `/api${SELF_CHECK_IN_PUNCHES_PATH}`, headers: { authorization: `Bearer ${s.token}` }, body: JSON.stringify({ idempotency_key: randomUUID(), ...INSIDE }), follow };
    });
    const gridMeasured = await grid.stop();
    console.log(
      `  self check-in punch  p50 ${fmt(self.p50)}  p95 ${fmt(self.p95)}  p99 ${fmt(self.p99)}  ${self.rps.toFixed(0)} req/s  ${self.count} sent, ${self.non2xx} errors` +
        `${self.errors.length ? ` (${self.errors.join(' | ')})` : ''}`,
    );
    assertAnswered('self check-in punches', self);
    assertMeasured('followed punches', self.followed.length);
    const lags = [...self.followed].sort((a, b) => a - b);
    const cellWorst = lags[lags.length - 1]!;
    console.log(`  in its timesheet cell after the answer (${lags.length} followed): p50 ${fmt(percentile(lags, 50))}, p95 ${fmt(percentile(lags, 95))}, worst ${fmt(cellWorst)}`);
    console.log(`  grid list meanwhile: ${gridMeasured.count} lists, p50 ${fmt(gridMeasured.p50)}, p95 ${fmt(gridMeasured.p95)}, ${gridMeasured.failures} failures`);

    // The device punch API under the same load, for comparison.
    await settle(base);
    let j = 0;
    const device = await arrivals(base, rate, SECONDS, () => {
      const s = served.staff[j++ % served.staff.length]!;
      const at = new Date(Date.now() + 2 * 3_600_000).toISOString();
      return { method: 'POST', path: `/api${PUNCHES_PATH}`, headers: { [DEVICE_KEY_HEADER]: served.deviceKey }, body: JSON.stringify({ punches: [{ system: 'SPEEDGATE', attendance_check_id: s.account, timestamp: at }] }) };
    });
    assertAnswered('device punches', device);
    console.log(`  device punch API     p50 ${fmt(device.p50)}  p95 ${fmt(device.p95)}  p99 ${fmt(device.p99)}  ${device.rps.toFixed(0)} req/s  ${device.count} sent, ${device.non2xx} errors`);

    const within = self.non2xx === 0 && self.p95 <= P95_BUDGET_MS && cellWorst <= CELL_BUDGET_MS && gridMeasured.failures === 0;
    console.log(`  ${within ? 'within' : 'MISSES'} the budget: 0 errors, p95 ≤ ${P95_BUDGET_MS} ms, every followed punch in its cell within ${CELL_BUDGET_MS / 1000} s`);
    return within;
  } finally {
    await stop();
  }
}

const serveKind = process.env.BENCH_SERVE;
if (serveKind === 'pglite' || serveKind === 'postgres') {
  await serve(serveKind);
} else {
  let failed = false;
  for (const kind of await benchKinds()) {
    try {
      if (!(await runKind(kind))) failed = true;
    } catch (error) {
      failed = true;
      console.error(`[${kind}] ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failed) console.error('\nbench: the self check-in rush missed its budget or measured nothing');
  process.exit(failed ? 1 : 0);
}
