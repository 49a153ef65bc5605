// The HR grid read benchmark (issue: 20 employees × 31 days, p95 < 50 ms under 20 concurrent clients on 10,000
// employees): the demo company plus 10,000 generated staff with one period of punches (generate-company.ts), the
// period's days computed by the real recalculation, about 2 % of the employees with HR edits, then the real Fastify app
// answering GET /api/tms/timesheets?timesheetId=…&page=N (a random page of the whole list per request, size 20) and
// GET /api/tms/timesheets/{id}/statistic, 20 connections for BENCH_SECONDS each (autocannon), with GET /api/health
// (one `select 1`) as the baseline; on PGlite and on the PostgreSQL server when it answers.
// The app runs in a child process (BENCH_SERVE), so the load generator does not share its event loop, as clients on
// other machines would not; on PGlite that process also holds the database.
// Run: npm run bench:timesheet-grid -w @tms/bench. Knobs: BENCH_EMPLOYEES, BENCH_SECONDS, BENCH_CONNECTIONS,
// BENCH_ONLY (pglite or postgres), BENCH_FROM / BENCH_TO (a period of the demo company; by default the latest passed
// period still open on the day it runs, lib.ts openPastPeriod). A run with no stored day or no successful answer fails.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { sessions, users } from '../apps/server/src/db/schema/identity.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { companyToday } from '../apps/server/src/lib/dates.ts';
import { recalculate } from '../apps/server/src/modules/timesheet/recalculate.ts';
import { hashToken } from '../apps/server/src/plugins/auth.ts';
import { generateCompany } from './generate-company.ts';
import { assertAnswered, assertMeasured, fmt, freshDatabase, measureGets, openPastPeriod, serverAnswers, type Measured, silentLogger } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ONLY = process.env.BENCH_ONLY;
const SIZE = 20;
const TZ = 'Asia/Ho_Chi_Minh';
const LIST = '/api/tms/timesheets';

type Kind = 'pglite' | 'postgres';
type Served = {
  address: string;
  token: string;
  periodId: number;
  employees: number;
  punches: number;
  generated: number;
  recalcSeconds: number;
  days: number;
  edits: number;
  period: string;
};

/** The child: builds the data, serves the app, prints `Served` as one JSON line, and stops on SIGTERM. */
async function serve(kind: Kind) {
  const database = await freshDatabase(kind, 'tms_bench_grid');
  const db = database.db;
  const config = { ...loadConfig({}), seedDemo: true };
  const silent = silentLogger;
  let started = performance.now();
  await prepareData(db, config, silent, { now: new Date() });
  const period = await openPastPeriod(db, companyToday(TZ, new Date()));
  const { from: FROM, to: TO } = period;
  const made = await generateCompany(db, { employees: EMPLOYEES, fromDate: FROM, toDate: TO });
  const generated = (performance.now() - started) / 1000;
  started = performance.now();
  await recalculate(db, { from: FROM, to: TO, timeZone: TZ, now: new Date(), includeLocked: true });
  const recalcSeconds = (performance.now() - started) / 1000;

  // HR edits on about 2 % of the employees, three cells each, one of them edited twice: the hover card's trail.
  const [hr] = await db.select().from(users).where(eq(users.username, 'hr'));
  await db.execute(sql`
    insert into timesheet_overrides (employee_id, date, value, old_value, comment, created_by)
    select td.employee_id, td.date, v.value, td.value, 'bench edit', ${hr!.id}
      from timesheet_days td
     cross join (values (0.5), (1.0)) as v(value)
     where td.date between ${FROM}::date and ${TO}::date and td.employee_id % 50 = 0 and td.day_type = 'WORKING'
       and (extract(day from td.date)::int % 10 = 1 or (v.value = 0.5 and extract(day from td.date)::int % 10 in (3, 7)))`);
  await recalculate(db, {
    employeeIds: (await queryRows<{ id: number }>(db, sql`select distinct employee_id as id from timesheet_overrides`)).map((r) => Number(r.id)),
    from: FROM,
    to: TO,
    timeZone: TZ,
    now: new Date(),
    includeLocked: true,
  });
  await db.execute(sql`analyze`);

  const [facts] = await queryRows<{ days: number; edits: number }>(
    db,
    sql`select (select count(*)::int from timesheet_days where date between ${FROM}::date and ${TO}::date) as days,
               (select count(*)::int from timesheet_overrides) as edits`,
  );
  assertMeasured(`stored days of ${period.name} ${FROM}…${TO}`, facts!.days);
  const app = await buildApp({ database, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: hr!.id });
  const served: Served = {
    address, token, periodId: period.id, employees: made.employees, punches: made.punches, generated, recalcSeconds, days: facts!.days, edits: facts!.edits, period: `${period.name} ${FROM}…${TO}`,
  };
  process.once('SIGTERM', () => {
    void (async () => {
      await app.close();
      await database.close();
      process.exit(0);
    })();
  });
  process.stdout.write(`${JSON.stringify(served)}\n`);
}

/** `path()` is asked for every request, so each one can read another page. */
const measure = (base: string, path: () => string, headers: Record<string, string>, connections = CONNECTIONS): Promise<Measured> =>
  measureGets(base, path, headers, { connections, seconds: SECONDS });

/**
 * Waits until the app answers the baseline quickly again: requests still running when a case ends (a queue of
 * statistics on PGlite) must not land in the next case.
 */
async function settle(base: string) {
  for (let i = 0; i < 600; i++) {
    const t0 = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    if (performance.now() - t0 < 20) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** The parent: starts the child for one database, loads it, and stops it. */
async function runOn(kind: Kind) {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_SERVE: kind },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server (${kind}) exited with ${code}`)));
  });
  const s = JSON.parse(line) as Served;
  try {
    // As a browser sends it: the grid answers gzip then (gzip-json.ts); one case measures the plain answer too.
    const plainHeaders = { authorization: `Bearer ${s.token}`, 'accept-encoding': 'identity' };
    const headers = { ...plainHeaders, 'accept-encoding': 'gzip, deflate, br' };
    const first = await fetch(`${s.address}${LIST}?timesheetId=${s.periodId}&page=1&size=${SIZE}`, { headers: plainHeaders });
    const zipped = await fetch(`${s.address}${LIST}?timesheetId=${s.periodId}&page=1&size=${SIZE}`, { headers });
    const zippedBytes = Number(zipped.headers.get('content-length') ?? 0);
    await zipped.arrayBuffer();
    const firstBody = (await first.json()) as { data: { timesheets: unknown[] }[]; page: { total_element: number } };
    const bytes = Number(first.headers.get('content-length') ?? 0);
    const pages = Math.max(1, Math.ceil(firstBody.page.total_element / SIZE));
    const randomPage = () => `${LIST}?timesheetId=${s.periodId}&page=${1 + Math.floor(Math.random() * pages)}&size=${SIZE}`;

    const run = async (path: () => string, h: Record<string, string>, connections = CONNECTIONS) => {
      await settle(s.address);
      return measure(s.address, path, h, connections);
    };
    const statistic = () => `/api/tms/timesheets/${s.periodId}/statistic`;
    // Warm-up: JIT, the pool and the database caches.
    await run(randomPage, headers, 4);
    const cases = {
      baseline: await run(() => '/api/health', {}),
      list: await run(randomPage, headers),
      listPlain: await run(randomPage, plainHeaders),
      firstPage: await run(() => `${LIST}?timesheetId=${s.periodId}&page=1&size=${SIZE}`, headers),
      single: await run(randomPage, headers, 1),
      statisticSingle: await run(statistic, headers, 1),
      statistic: await run(statistic, headers),
    };
    return { kind, s, listed: firstBody.page.total_element, days: firstBody.data[0]?.timesheets.length ?? 0, bytes, zippedBytes, pages, cases };
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
  console.log(
    `Timesheet HR grid: ${EMPLOYEES} generated employees + demo company, ${CONNECTIONS} connections, ${SECONDS} s per case; app in its own process`,
  );
  for (const kind of kinds) {
    const r = await runOn(kind);
    console.log(
      `\n[${r.kind}] ${r.s.employees} generated employees, ${r.s.punches} punches (generated with the demo in ${r.s.generated.toFixed(1)} s); ` +
        `period ${r.s.period} recalculated in ${r.s.recalcSeconds.toFixed(1)} s; stored ${r.s.days} days, ${r.s.edits} HR edits\n` +
        `  grid: ${r.listed} employees in the period, ${r.pages} pages of ${SIZE}, ${r.days} days a row, ${Math.round(r.bytes / 1024)} KB a page (${Math.round(r.zippedBytes / 1024)} KB gzip)`,
    );
    const labels = {
      baseline: 'baseline GET /api/health',
      list: 'grid, random page',
      listPlain: 'grid, random page, no gzip',
      firstPage: 'grid, page 1',
      single: 'grid, random page, one client',
      statistic: 'statistic',
      statisticSingle: 'statistic, one client',
    } as const;
    for (const [key, m] of Object.entries(r.cases) as [keyof typeof labels, Measured][]) {
      console.log(
        `  ${labels[key].padEnd(30)} p50 ${fmt(m.p50).padStart(9)}  p95 ${fmt(m.p95).padStart(9)}  p99 ${fmt(m.p99).padStart(9)}  ${m.rps.toFixed(0).padStart(6)} req/s  (${m.count} requests, ${m.non2xx} non-200)`,
      );
    }
    assertMeasured('employees listed in the grid', r.listed);
    for (const [key, m] of Object.entries(r.cases) as [keyof typeof labels, Measured][]) assertAnswered(labels[key], m);
  }
  process.exit(0);
}
