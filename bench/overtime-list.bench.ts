// OT Management list benchmark (issue 23): the demo company plus BENCH_EMPLOYEES generated staff (generate-company.ts)
// with OT requests over the latest passed period still open (generate-overtime.ts: one in BENCH_OT_EVERY staff (1,
// everyone) files BENCH_OT_PER (4) requests, weekday evenings fixed, a Saturday flexible), then the real app in its
// own process under BENCH_CONNECTIONS concurrent clients (autocannon): GET /api/tms/overtime-request (the fixed list,
// 20 a page, random pages, as HR) against a bare Fastify handler in the same process running the same statements (the
// list repository's page and count; no auth, no validation, no service, no response schema). A run with no row or no
// successful answer fails. Run: npm run bench:overtime-list -w @tms/bench. Knobs: BENCH_EMPLOYEES (10000),
// BENCH_OT_EVERY (1), BENCH_OT_PER (4), BENCH_SECONDS (10), BENCH_CONNECTIONS (20), BENCH_ONLY (pglite or postgres).
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { users } from '../apps/server/src/db/schema/identity.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { companyToday } from '../apps/server/src/lib/dates.ts';
import { getLockDate } from '../apps/server/src/modules/payroll-periods/payroll-periods.service.ts';
import { listFixed } from '../apps/server/src/modules/overtime/overtime-list.repository.ts';
import type { SessionUser } from '../apps/server/src/plugins/auth.ts';
import { generateCompany } from './generate-company.ts';
import { generateOvertime } from './generate-overtime.ts';
import { assertAnswered, assertMeasured, bareThenApp, benchKinds, fmt, freshDatabase, measureGets, openPastPeriod, serveUntilStopped, sessionToken, settle, silentLogger, startServeChild, type Kind, type Measured } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const EVERY = Number(process.env.BENCH_OT_EVERY ?? 1);
const PER = Number(process.env.BENCH_OT_PER ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SIZE = 20;
const TZ = 'Asia/Ho_Chi_Minh';
const LIST = '/api/tms/overtime-request';

type Served = { address: string; bare: string; token: string; employees: number; requests: number; period: string; generatedSeconds: number };

/** The child: builds the data, serves the app and the bare handler, prints `Served` as one JSON line. */
async function serve(kind: Kind) {
  const database = await freshDatabase(kind, 'tms_bench_overtime_list');
  const db = database.db;
  const config = { ...loadConfig({}), seedDemo: true };
  const started = performance.now();
  await prepareData(db, config, silentLogger, { now: new Date() });
  const period = await openPastPeriod(db, companyToday(TZ, new Date()));
  const made = await generateCompany(db, { employees: EMPLOYEES, fromDate: period.from, toDate: period.to });
  const ot = await generateOvertime(db, { fromDate: period.from, toDate: period.to, every: EVERY, perEmployee: PER });
  await db.execute(sql`vacuum analyze`);
  const generatedSeconds = (performance.now() - started) / 1000;

  const app = await buildApp({ database, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await sessionToken(db, 'hr');

  // The bare handler: the list repository's statements for HR (management view, everyone), nothing else.
  const [hr] = await db.select().from(users).where(eq(users.username, 'hr'));
  const user: SessionUser = { sessionId: 0, userId: hr!.id, username: 'hr', employeeId: hr!.employeeId, name: 'hr', roles: ['HR'], isPm: false, actors: ['HR'] };
  const ctx = { user, staffView: false, lockDate: await getLockDate(db), timeZone: TZ };
  const bareApp = Fastify();
  bareApp.get('/bare/list', async (request) => {
    const page = Number((request.query as { page?: string }).page ?? 1);
    const { rows, total } = await listFixed(db, {}, ctx, { limit: SIZE, offset: (page - 1) * SIZE });
    return { code: 200, message: 'Success', data: rows, page: { page, size: SIZE, total_element: total } };
  });
  const bare = await bareApp.listen({ port: 0, host: '127.0.0.1' });

  const served: Served = { address, bare, token, employees: made.employees, requests: ot.requests, period: `${period.name} ${period.from}…${period.to}`, generatedSeconds };
  serveUntilStopped(served, () => bareApp.close(), () => app.close(), () => database.close());
}

async function runOn(kind: Kind) {
  const { served: s, stop } = await startServeChild<Served>(fileURLToPath(import.meta.url), kind);
  try {
    const auth = { authorization: `Bearer ${s.token}` };
    const first = (await (await fetch(`${s.address}${LIST}?size=${SIZE}`, { headers: auth })).json()) as { page: { total_element: number }; data: { id: number }[] };
    const bareFirst = (await (await fetch(`${s.bare}/bare/list`)).json()) as { data: { id: number }[] };
    const same = JSON.stringify(first.data.map((r) => r.id)) === JSON.stringify(bareFirst.data.map((r) => r.id));
    const total = first.page.total_element;
    const pages = Math.max(1, Math.ceil(total / SIZE));
    const page = () => 1 + Math.floor(Math.random() * pages);
    const run = async (base: string, path: string, headers: Record<string, string>) => {
      await settle(s.address);
      return measureGets(base, () => `${path}?size=${SIZE}&page=${page()}`, headers, { connections: CONNECTIONS, seconds: SECONDS });
    };
    const { bare, app: listed } = await bareThenApp(run, s.bare, { base: s.address, path: LIST, headers: auth });
    return { kind, s, total, pages, same, bare, listed };
  } finally {
    await stop();
  }
}

const serveKind = process.env.BENCH_SERVE;
if (serveKind === 'pglite' || serveKind === 'postgres') {
  await serve(serveKind);
} else {
  console.log(`OT Management list: ${EMPLOYEES} generated employees, one in ${EVERY} with ${PER} OT requests, ${CONNECTIONS} connections, ${SECONDS} s per case; app in its own process`);
  for (const kind of await benchKinds()) {
    const r = await runOn(kind);
    const line = (label: string, m: Measured) =>
      `  ${label.padEnd(26)} p50 ${fmt(m.p50).padStart(9)}  p95 ${fmt(m.p95).padStart(9)}  p99 ${fmt(m.p99).padStart(9)}  ${m.rps.toFixed(0).padStart(6)} req/s  (${m.count} requests, ${m.non2xx} non-200)`;
    console.log(`\n[${r.kind}] ${r.s.employees} generated employees, ${r.s.requests} OT requests in ${r.s.period} (data in ${r.s.generatedSeconds.toFixed(1)} s)`);
    console.log(`  fixed list: ${r.total} rows, ${r.pages} pages of ${SIZE}; first page the same rows as bare: ${r.same}`);
    console.log(line('bare (same SQL)', r.bare));
    console.log(line('app overtime-request', r.listed));
    console.log(`  ratio: ${(r.listed.rps / r.bare.rps).toFixed(2)}× bare throughput; p95 ${(r.listed.p95 / r.bare.p95).toFixed(2)}× bare`);
    assertMeasured('OT requests listed', r.total);
    assertAnswered('bare list', r.bare);
    assertAnswered('app list', r.listed);
  }
  process.exit(0);
}
