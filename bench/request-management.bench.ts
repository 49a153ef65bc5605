// Request Management benchmark (issue 9): the demo company plus BENCH_EMPLOYEES generated staff (generate-company.ts,
// punches over the open period) and BENCH_PER_EMPLOYEE generated leave requests each (statuses mixed, all assigned to
// `hrm`), then the real app in its own process under BENCH_CONNECTIONS concurrent clients (autocannon):
// - the request list, 20 a page, a random page of every status (GET /api/tms/request-management), against a bare
//   Fastify handler running the same page statement (the list repository's SQL, no auth, no validation, no service);
// - approve (PUT /api/tms/request-management/update-status, status 3, each request a different pending one; the write
//   side's rules, history and the synchronous recalculation of the day included), against a bare Fastify handler
//   running the same statements as the real path, like for like (issue 23): in one transaction the row read under
//   its lock, the conditional UPDATE (the transition), its dates, the ledger draw of its reason, the history row and
//   the day's queue row; after the commit the drain of that queue row (the day's recomputation). The bare handler
//   times each step, printed as the profile of an approval;
// - the time from sending an approval to the recomputed cell (the day of an approved full-day unpaid leave goes from
//   "0.00 -" to "0.00 KL", RULES.md §4), BENCH_LATENCY_RUNS times, one at a time; no cell recomputed fails the bench.
// Both bare handlers run in the app's process on the same database, on another port.
// Run: npm run bench:requests -w @tms/bench. Knobs: BENCH_EMPLOYEES (10000), BENCH_PER_EMPLOYEE (4), BENCH_SECONDS
// (10), BENCH_CONNECTIONS (20), BENCH_LATENCY_RUNS (20), BENCH_ONLY (pglite or postgres).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { sessions, users } from '../apps/server/src/db/schema/identity.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { addDays, companyToday } from '../apps/server/src/lib/dates.ts';
import { getLockDate } from '../apps/server/src/modules/payroll-periods/payroll-periods.service.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { recordHistory } from '../apps/server/src/lib/history.ts';
import { inTransaction } from '../apps/server/src/modules/leave/leave.service.ts';
import { drainScope } from '../apps/server/src/modules/recalculation/drain.ts';
import { listRequests } from '../apps/server/src/modules/requests/request-list.repository.ts';
import { applyEffects } from '../apps/server/src/modules/request-days/request-effects.ts';
import type { FundEffect } from '../apps/server/src/modules/request-days/request-form.ts';
import { findRequest, requestDates, transition } from '../apps/server/src/modules/request-days/request.repository.ts';
import { newRecalcScope, queueRecalculation } from '../apps/server/src/modules/timesheet/recalc-queue.ts';
import { recalculate } from '../apps/server/src/modules/timesheet/recalculate.ts';
import { hashToken } from '../apps/server/src/plugins/auth.ts';
import { generateCompany } from './generate-company.ts';
import { assertAnswered, assertMeasured, fmt, freshDatabase, percentile, serveUntilStopped, serverAnswers, silentLogger } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const PER_EMPLOYEE = Number(process.env.BENCH_PER_EMPLOYEE ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const LATENCY_RUNS = Number(process.env.BENCH_LATENCY_RUNS ?? 20);
const ONLY = process.env.BENCH_ONLY;
const SIZE = 20;
const TZ = 'Asia/Ho_Chi_Minh';
const LIST = '/api/tms/request-management';
const ALL_STATUSES = '1,3,4,5,10';

type Kind = 'pglite' | 'postgres';
type Served = {
  address: string;
  bare: string;
  token: string;
  employees: number;
  requests: number;
  generatedSeconds: number;
  from: string;
  to: string;
  approveIds: number[];
  bareApproveIds: number[];
  latency: { id: number; employeeId: number; date: string }[];
};
type Measured = { p50: number; p95: number; p99: number; rps: number; count: number; non2xx: number; statuses: Record<number, number> };

/** The child: builds the data, serves the app and the bare handlers, prints `Served` as one JSON line. */
async function serve(kind: Kind) {
  const database = await freshDatabase(kind, 'tms_bench_requests');
  const db = database.db;
  const config = { ...loadConfig({}), seedDemo: true };
  const silent = silentLogger;
  const started = performance.now();
  await prepareData(db, config, silent, { now: new Date() });
  const today = companyToday(TZ, new Date());
  const lock = (await getLockDate(db)) ?? addDays(today, -30);
  // The open days: after the lock date, up to yesterday (a day is judged once it has ended), at most four weeks.
  const to = addDays(today, -1);
  const from = [addDays(lock, 1), addDays(to, -27)].sort().at(-1)!;
  const made = await generateCompany(db, { employees: EMPLOYEES, fromDate: from, toDate: to });
  const [hrm] = await db.select().from(users).where(eq(users.username, 'hrm'));

  // Requests: PER_EMPLOYEE a bench employee on distinct weekdays of [from, to]; 40 % pending, 40 % approved, 10 %
  // rejected, 10 % withdrawn; reasons annual / unpaid / wedding in turn; all assigned to hrm.
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`
    with days as (
      select array_agg(d::date order by d) as ds, count(*)::int as n
        from generate_series(${from}::date, ${to}::date, interval '1 day') d where extract(isodow from d) < 6
    ),
    emp as (select e.id, row_number() over (order by e.id)::int as rn from employees e where e.user_name like 'bench%'),
    src as (
      select emp.id as employee_id, k, emp.rn,
             days.ds[1 + ((emp.rn + k * greatest(1, days.n / ${PER_EMPLOYEE}::int)) % days.n)] as d
        from emp cross join generate_series(1, ${PER_EMPLOYEE}::int) k cross join days
    ),
    ins as (
      insert into requests (employee_id, request_type, reason_type, start_date, end_date, start_shift, end_shift, quantity_in_hours,
                            quantity_in_minutes, description, status, assignee_user_id, original_assignee_user_id, created_by_user_id, created_at)
      select employee_id, 'LEAVE_REQUEST', (array['ANN_LEAVE_CORP', 'UNPAID_LEAVE', 'PAID_LEAVE_WEDDING'])[1 + (rn + k) % 3], d, d,
             'MORNING', 'AFTERNOON', 8, 480, 'bench request ' || k,
             case when (rn * 7 + k) % 10 < 4 then 1 when (rn * 7 + k) % 10 < 8 then 3 when (rn * 7 + k) % 10 < 9 then 4 else 5 end,
             ${hrm!.id}, ${hrm!.id}, ${hrm!.id}, now() - make_interval(mins => (rn * 37 + k * 11) % 50000)
        from src where d is not null
      returning id, employee_id, start_date
    ),
    dates as (insert into request_dates (request_id, employee_id, date, shift, hours) select id, employee_id, start_date, 'FULL_DAY', 8 from ins returning 1)
    select count(*)::int as n from dates`,
  );

  // The approval → cell runs: LATENCY_RUNS bench employees absent (no punches) on the last open weekday, their day
  // computed (0), and a pending full-day unpaid leave for it.
  let day = to;
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) day = addDays(day, -1);
  const latencyEmployees = (
    await queryRows<{ id: number }>(db, sql`select id from employees where user_name like 'bench%' order by id desc limit ${LATENCY_RUNS}`)
  ).map((r) => Number(r.id));
  const ids = `{${latencyEmployees.join(',')}}`;
  await db.execute(sql`delete from requests where employee_id = any(${ids}::int[])`);
  await db.execute(sql`delete from punches where employee_id = any(${ids}::int[]) and punched_at >= (${day}::date - 1)::timestamptz and punched_at < (${day}::date + 2)::timestamptz`);
  await recalculate(db, { employeeIds: latencyEmployees, from: day, to: day, timeZone: TZ, now: new Date(), includeLocked: false });
  const latency = await queryRows<{ id: number; employeeId: number; date: string }>(
    db,
    sql`
    with ins as (
      insert into requests (employee_id, request_type, reason_type, start_date, end_date, start_shift, end_shift, quantity_in_hours,
                            quantity_in_minutes, status, assignee_user_id, original_assignee_user_id, created_by_user_id)
      select e, 'LEAVE_REQUEST', 'UNPAID_LEAVE', ${day}::date, ${day}::date, 'MORNING', 'AFTERNOON', 8, 480, 1, ${hrm!.id}, ${hrm!.id}, ${hrm!.id}
        from unnest(${ids}::int[]) e
      returning id, employee_id, start_date
    ), dates as (insert into request_dates (request_id, employee_id, date, shift, hours) select id, employee_id, start_date, 'FULL_DAY', 8 from ins returning 1)
    select id, employee_id as "employeeId", start_date::text as date from ins`,
  );

  // Approvable: pending requests of a reason that draws no fund (no balance needed), split between app and bare. Not
  // the demo company's pending explanations: update-status answers 404 for them (they have their own endpoint).
  const approvable = (
    await queryRows<{ id: number }>(
      db,
      sql`select id from requests where status = 1 and not is_explanation and reason_type <> 'ANN_LEAVE_CORP' and employee_id <> all(${ids}::int[]) order by random()`,
    )
  ).map((r) => Number(r.id));
  const half = Math.floor(approvable.length / 2);
  // VACUUM as well as ANALYZE: the steady state of a table that autovacuum keeps, whose visibility map lets the list's
  // page and count be read from the index alone (a table just filled has none yet).
  await db.execute(sql`vacuum analyze`);
  const generatedSeconds = (performance.now() - started) / 1000;

  const app = await buildApp({ database, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: hrm!.id });

  // The bare handlers: plain Fastify, the same statements, nothing else.
  const bareApp = Fastify();
  const lockDate = await getLockDate(db);
  bareApp.get('/bare/list', async (request) => {
    const page = Number((request.query as { page?: string }).page ?? 1);
    const filter = { status: [1, 3, 4, 5, 10], sort: 'created_date' as const, direction: -1 as const };
    const rows = await listRequests(db, { filter, scope: sql`true`, lockDate, timeZone: TZ, limit: SIZE, offset: (page - 1) * SIZE });
    return { code: 200, message: 'Success', data: rows, page: { page, size: SIZE, total_element: Number(rows[0]?.total ?? 0) } };
  });
  // Like for like: the statements of the real approval (request.service.ts changeStatus) without the HTTP session,
  // the scope and the rules' reads; each step's time summed for the profile.
  const clock = systemClock(TZ);
  const by = { userId: hrm!.id, username: 'hrm', name: 'hrm' };
  const steps = { read: 0, transition: 0, dates: 0, ledger: 0, history: 0, queue: 0, commit: 0, recompute: 0, approvals: 0 };
  const timed = async <T>(step: keyof typeof steps, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      steps[step] += performance.now() - t0;
    }
  };
  bareApp.put('/bare/approve', async (request, reply) => {
    const { id } = request.body as { id: number };
    let commitStarted = 0;
    const moved = await inTransaction(db, async (tx) => {
      const row = await timed('read', () => findRequest(tx, id, { reach: 'all', userId: hrm!.id }, { forUpdate: true }));
      if (!row) return null;
      const done = await timed('transition', () => transition(tx, id, { from: [1], to: 3, approvedBy: hrm!.id }));
      if (!done) return null;
      const dates = await timed('dates', () => requestDates(tx, id));
      const effect = { id, employeeId: row.employee_id, effect: row.effect as FundEffect, dates: dates.map((d) => ({ date: d.date, fundAmount: d.hours })) };
      await timed('ledger', () => applyEffects(tx, effect, by));
      await timed('history', () =>
        recordHistory(tx, {
          tableName: 'requests', recordId: id, employeeId: row.employee_id, action: 'STATUS',
          changes: [{ field: 'status', oldValue: row.status, newValue: 3 }], newRecord: { id, status: 3, version: done.version }, by,
        }),
      );
      await timed('queue', () => queueRecalculation(tx, dates.map((d) => ({ employeeId: row.employee_id, date: d.date })), { createdBy: hrm!.id }));
      commitStarted = performance.now();
      return { ...done, employeeId: row.employee_id };
    });
    if (commitStarted) steps.commit += performance.now() - commitStarted;
    if (!moved) return reply.code(409).send({ code: 409, message: 'already changed' });
    const scope = newRecalcScope();
    scope.employees.add(moved.employeeId);
    await timed('recompute', () => drainScope({ db, clock }, scope));
    steps.approvals += 1;
    return { code: 200, message: 'Success', data: { id: moved.id, status: moved.status, version: moved.version } };
  });
  bareApp.get('/bare/profile', async () => steps);
  bareApp.get('/bare/cell', async (request) => {
    const q = request.query as { e: string; d: string };
    // Value and notation: an approved unpaid leave leaves the day at 0 and marks it KL (RULES.md §4).
    const [row] = await queryRows<{ value: string | null }>(
      db,
      sql`select value::text || ' ' || coalesce(notation, '-') as value from timesheet_days where employee_id = ${Number(q.e)} and date = ${q.d}::date`,
    );
    return { value: row?.value ?? null };
  });
  const bare = await bareApp.listen({ port: 0, host: '127.0.0.1' });

  const served: Served = {
    address,
    bare,
    token,
    employees: made.employees,
    requests: Number(counted?.n ?? 0),
    generatedSeconds,
    from,
    to,
    approveIds: approvable.slice(0, half),
    bareApproveIds: approvable.slice(half),
    latency: latency.map((l) => ({ id: Number(l.id), employeeId: Number(l.employeeId), date: l.date })),
  };
  serveUntilStopped(served, () => bareApp.close(), () => app.close(), () => database.close());
}

/** Each request is built by `next()` (another page, another id to approve). */
async function measure(base: string, method: 'GET' | 'PUT', next: () => { path: string; body?: string }, headers: Record<string, string>): Promise<Measured> {
  const times: number[] = [];
  let non2xx = 0;
  const statuses: Record<number, number> = {};
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    requests: [{ method, setupRequest: (request: Record<string, unknown>) => ({ ...request, ...next() }) }],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode !== 200) {
      non2xx += 1;
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    }
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), rps: result.requests.average, count: times.length, non2xx, statuses };
}

async function settle(base: string) {
  for (let i = 0; i < 600; i++) {
    const t0 = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    if (performance.now() - t0 < 20) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}

async function runOn(kind: Kind) {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], { env: { ...process.env, BENCH_SERVE: kind }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server (${kind}) exited with ${code}`)));
  });
  const s = JSON.parse(line) as Served;
  try {
    const auth = { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' };
    const first = (await (await fetch(`${s.address}${LIST}?status=${ALL_STATUSES}&size=${SIZE}`, { headers: auth })).json()) as { page: { total_element: number }; data: unknown[] };
    const pages = Math.max(1, Math.ceil(first.page.total_element / SIZE));
    const page = () => 1 + Math.floor(Math.random() * pages);
    const queue = (ids: number[]) => {
      let i = 0;
      return () => ({ path: '', body: JSON.stringify({ id: ids[i++ % ids.length], status_type: 3 }) });
    };
    const appApprove = queue(s.approveIds);
    const bareApprove = queue(s.bareApproveIds);
    const run = async (base: string, method: 'GET' | 'PUT', next: () => { path: string; body?: string }, headers: Record<string, string>) => {
      await settle(s.address);
      return measure(base, method, next, headers);
    };
    // Warm-up of both.
    await run(s.address, 'GET', () => ({ path: `${LIST}?status=${ALL_STATUSES}&size=${SIZE}&page=${page()}` }), auth);
    await run(s.bare, 'GET', () => ({ path: `/bare/list?page=${page()}` }), {});
    const cases = {
      bareList: await run(s.bare, 'GET', () => ({ path: `/bare/list?page=${page()}` }), {}),
      list: await run(s.address, 'GET', () => ({ path: `${LIST}?status=${ALL_STATUSES}&size=${SIZE}&page=${page()}` }), auth),
      listPending: await run(s.address, 'GET', () => ({ path: `${LIST}?size=${SIZE}&page=${1 + Math.floor(Math.random() * Math.max(1, pages * 0.4))}` }), auth),
      bareApprove: await run(s.bare, 'PUT', () => ({ ...bareApprove(), path: '/bare/approve' }), { 'content-type': 'application/json' }),
      approve: await run(s.address, 'PUT', () => ({ ...appApprove(), path: `${LIST}/update-status` }), auth),
    };
    const profile = (await (await fetch(`${s.bare}/bare/profile`)).json()) as Record<string, number>;
    // Approval → recomputed cell, one at a time.
    await settle(s.address);
    const cellTimes: number[] = [];
    let unchanged = 0;
    for (const l of s.latency) {
      const cell = async () => ((await (await fetch(`${s.bare}/bare/cell?e=${l.employeeId}&d=${l.date}`)).json()) as { value: string | null }).value;
      const before = await cell();
      const t0 = performance.now();
      const res = await fetch(`${s.address}${LIST}/update-status`, { method: 'PUT', headers: auth, body: JSON.stringify({ id: l.id, status_type: 3 }) });
      await res.arrayBuffer();
      let value = await cell();
      while (value === before && performance.now() - t0 < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        value = await cell();
      }
      if (value === before) unchanged += 1;
      else cellTimes.push(performance.now() - t0);
      if (cellTimes.length === 1 && value !== before) console.log(`  (cell ${l.employeeId} ${l.date}: ${before} → ${value}, approve answered ${res.status})`);
    }
    cellTimes.sort((a, b) => a - b);
    return { kind, s, total: first.page.total_element, pages, cases, cellTimes, unchanged, profile };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const serveKind = process.env.BENCH_SERVE;
if (serveKind === 'pglite' || serveKind === 'postgres') {
  await serve(serveKind);
} else {
  const kinds: Kind[] = ['pglite'];
  if (await serverAnswers()) kinds.push('postgres');
  if (ONLY === 'pglite' || ONLY === 'postgres') kinds.splice(0, kinds.length, ONLY);
  let failed = false;
  console.log(`Request Management: ${EMPLOYEES} generated employees × ${PER_EMPLOYEE} requests + demo company, ${CONNECTIONS} connections, ${SECONDS} s per case; app in its own process`);
  for (const kind of kinds) {
    const r = await runOn(kind);
    assertMeasured('generated requests', r.s.requests);
    console.log(
      `\n[${r.kind}] ${r.s.employees} employees, ${r.s.requests} requests (data in ${r.s.generatedSeconds.toFixed(1)} s, open days ${r.s.from}…${r.s.to}); ` +
        `list of every status: ${r.total} rows, ${r.pages} pages of ${SIZE}`,
    );
    const labels = {
      bareList: 'bare list page (same SQL)',
      list: 'list, random page',
      listPending: 'list, default (Pending)',
      bareApprove: 'bare approve (same statements)',
      approve: 'approve (update-status 3)',
    } as const;
    for (const [key, m] of Object.entries(r.cases) as [keyof typeof labels, Measured][]) {
      console.log(
        `  ${labels[key].padEnd(28)} p50 ${fmt(m.p50).padStart(9)}  p95 ${fmt(m.p95).padStart(9)}  p99 ${fmt(m.p99).padStart(9)}  ${m.rps.toFixed(0).padStart(6)} req/s  (${m.count} requests, ${m.non2xx} non-200${m.non2xx ? `: ${Object.entries(m.statuses).map(([code, n]) => `${n} × ${code}`).join(', ')}` : ''})`,
      );
    }
    const { approvals, ...stepMs } = r.profile;
    const perApproval = Object.entries(stepMs).map(([step, ms]) => `${step} ${(ms! / Math.max(1, approvals!)).toFixed(1)}`).join(', ');
    console.log(`  profile of a bare approval under load (ms each, mean of ${approvals}): ${perApproval}`);
    const c = r.cases;
    console.log(
      `  ratios: list ${(c.list.rps / c.bareList.rps).toFixed(2)}× bare throughput, p95 ${(c.list.p95 / c.bareList.p95).toFixed(2)}× bare; ` +
        `approve ${(c.approve.rps / c.bareApprove.rps).toFixed(2)}× bare throughput, p95 ${(c.approve.p95 / c.bareApprove.p95).toFixed(2)}× bare`,
    );
    console.log(
      `  approval → recomputed cell (${r.cellTimes.length} runs, ${r.unchanged} unchanged after 10 s): p50 ${fmt(percentile(r.cellTimes, 50))}, ` +
        `p95 ${fmt(percentile(r.cellTimes, 95))}, max ${fmt(r.cellTimes[r.cellTimes.length - 1] ?? NaN)}`,
    );
    // A bench that measured nothing fails loudly: rows listed, answers in every case, every approval in its cell.
    assertMeasured('requests listed', r.total);
    for (const [key, m] of Object.entries(r.cases) as [keyof typeof labels, Measured][]) assertAnswered(labels[key], m);
    if (r.cellTimes.length === 0 || r.unchanged > 0) {
      console.error(`  FAILED: ${r.unchanged} of ${r.cellTimes.length + r.unchanged} approvals never reached their cell within 10 s`);
      failed = true;
    }
  }
  process.exit(failed ? 1 : 0);
}
