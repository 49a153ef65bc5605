// Employee List benchmark (issue 10): the demo company plus BENCH_EMPLOYEES generated staff (generate-company.ts,
// no punches), then the real app in its own process under BENCH_CONNECTIONS concurrent clients (autocannon):
// GET /api/tms/employee/get-all-employee, 20 a page, filtered and sorted, random pages, against a bare Fastify handler
// in the same process running the same page statement (the employees repository's SQL; no auth, no validation, no
// service, no response schema). Two cases: status + location filter sorted by name; a folded keyword ('nguyen',
// without diacritics, matching Nguyễn) in the default order (newest id first).
// Run: npm run bench:employees -w @tms/bench. Knobs: BENCH_EMPLOYEES (10000), BENCH_SECONDS (10),
// BENCH_CONNECTIONS (20), BENCH_ONLY (pglite or postgres).
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { employeeListQuerySchema } from '@tms/contracts/employees';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { listPage } from '../apps/server/src/modules/employees/employees.repository.ts';
import { generateCompany } from './generate-company.ts';
import { assertAnswered, assertMeasured, bareThenApp, benchKinds, fmt, freshDatabase, measureGets, serveUntilStopped, sessionToken, settle, silentLogger, startServeChild, type Kind, type Measured } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ONLY = process.env.BENCH_ONLY;
const SIZE = 20;
const LIST = '/api/tms/employee/get-all-employee';

/** The two filtered and sorted lists, as query strings (the app and the bare handler read the same ones). */
const CASES = {
  filtered: `employeeStatus=Active&location=CGLOBALHCM&sortField=name&sort=1&size=${SIZE}`,
  keyword: `keyword=${encodeURIComponent('nguyen')}&size=${SIZE}`,
} as const;
type CaseName = keyof typeof CASES;

type Served = { address: string; bare: string; token: string; employees: number; generatedSeconds: number };

/** The child: builds the data, serves the app and the bare handler, prints `Served` as one JSON line. */
async function serve(kind: Kind) {
  const database = await freshDatabase(kind, 'tms_bench_employees');
  const db = database.db;
  const config = { ...loadConfig({}), seedDemo: true };
  const started = performance.now();
  await prepareData(db, config, silentLogger, { now: new Date() });
  // A Saturday and Sunday: staff, accounts and policies, no punches (the list reads none).
  const made = await generateCompany(db, { employees: EMPLOYEES, fromDate: '2026-11-21', toDate: '2026-11-22' });
  // VACUUM, not only ANALYZE: rows inserted after a GIN index was built wait in its pending list, and PGlite has no
  // autovacuum to merge them, so until then the folded trigram indexes of the keyword search are not used.
  await db.execute(sql`vacuum analyze`);
  const generatedSeconds = (performance.now() - started) / 1000;

  const app = await buildApp({ database, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await sessionToken(db, 'hr');

  // The bare handler: plain Fastify, the same statement and the same rows, nothing else.
  const bareApp = Fastify();
  bareApp.get('/bare/list', async (request) => {
    const q = employeeListQuerySchema.parse(request.query);
    const rows = await listPage(db, q);
    return { code: 200, message: 'Success', data: rows, page: { page: q.page, size: q.size, total_element: Number(rows[0]?.total ?? 0) } };
  });
  const bare = await bareApp.listen({ port: 0, host: '127.0.0.1' });

  const served: Served = { address, bare, token, employees: made.employees, generatedSeconds };
  serveUntilStopped(served, () => bareApp.close(), () => app.close(), () => database.close());
}

async function runOn(kind: Kind) {
  const { served: s, stop } = await startServeChild<Served>(fileURLToPath(import.meta.url), kind);
  try {
    const auth = { authorization: `Bearer ${s.token}` };
    const results: Record<CaseName, { total: number; pages: number; app: Measured; bare: Measured; same: boolean }> = {} as never;
    for (const name of Object.keys(CASES) as CaseName[]) {
      const qs = CASES[name];
      const first = (await (await fetch(`${s.address}${LIST}?${qs}`, { headers: auth })).json()) as { page: { total_element: number }; data: { id: number }[] };
      const bareFirst = (await (await fetch(`${s.bare}/bare/list?${qs}`)).json()) as { data: { id: number }[] };
      const same = JSON.stringify(first.data.map((r) => r.id)) === JSON.stringify(bareFirst.data.map((r) => r.id));
      const pages = Math.max(1, Math.ceil(first.page.total_element / SIZE));
      const page = () => 1 + Math.floor(Math.random() * pages);
      const run = async (base: string, path: string, headers: Record<string, string>) => {
        await settle(s.address);
        return measureGets(base, () => `${path}?${qs}&page=${page()}`, headers, { connections: CONNECTIONS, seconds: SECONDS });
      };
      const { bare, app } = await bareThenApp(run, s.bare, { base: s.address, path: LIST, headers: auth });
      results[name] = { total: first.page.total_element, pages, app, bare, same };
    }
    return { kind, s, results };
  } finally {
    await stop();
  }
}

const serveKind = process.env.BENCH_SERVE;
if (serveKind === 'pglite' || serveKind === 'postgres') {
  await serve(serveKind);
} else {
  const kinds = await benchKinds(ONLY);
  console.log(`Employee List: ${EMPLOYEES} generated employees + demo company, ${CONNECTIONS} connections, ${SECONDS} s per case; app in its own process`);
  for (const kind of kinds) {
    const r = await runOn(kind);
    console.log(`\n[${r.kind}] ${r.s.employees} generated employees (data in ${r.s.generatedSeconds.toFixed(1)} s)`);
    for (const [name, c] of Object.entries(r.results)) {
      const line = (label: string, m: Measured) =>
        `  ${label.padEnd(26)} p50 ${fmt(m.p50).padStart(9)}  p95 ${fmt(m.p95).padStart(9)}  p99 ${fmt(m.p99).padStart(9)}  ${m.rps.toFixed(0).padStart(6)} req/s  (${m.count} requests, ${m.non2xx} non-200)`;
      console.log(`  ${name}: ${c.total} rows, ${c.pages} pages of ${SIZE}; first page the same rows as bare: ${c.same}`);
      console.log(line('bare (same SQL)', c.bare));
      console.log(line('app get-all-employee', c.app));
      console.log(`  ratio: ${(c.app.rps / c.bare.rps).toFixed(2)}× bare throughput; bare p95 / app p95 = ${(c.bare.p95 / c.app.p95).toFixed(2)}`);
      assertMeasured(`${name}: rows listed`, c.total);
      assertAnswered(`${name}: bare`, c.bare);
      assertAnswered(`${name}: app`, c.app);
    }
  }
  process.exit(0);
}
