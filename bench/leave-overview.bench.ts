// The Annual Leave Overview on 10,000 generated staff with a realistic ledger (generate-leave-ledger.ts) on top of the
// demo company, through the real app on a real socket: the overview page (20 rows, pages varied) p50/p95 over
// BENCH_REQUESTS sequential requests, and the export of everyone (LeaveFund.xlsx). Baselines measured in the same
// run: a plain SQL sum over the same ledger (`select employee_id, sum(amount) from leave_ledger group by employee_id`)
// and ExcelJS's streaming writer alone writing the same rows (no database, no HTTP). Aims: page p95 ≤ 100 ms;
// export ≤ 1.5 × the writer alone. On PGlite and, when it answers, the PostgreSQL server at BENCH_DATABASE_URL.
// Run: npx tsx bench/leave-overview.bench.ts. Knobs: BENCH_EMPLOYEES (10000), BENCH_REQUESTS (50), BENCH_RUNS (3),
// BENCH_ONLY (pglite|postgres).
import { randomBytes } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { sessions, users } from '../apps/server/src/db/schema/identity.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { hashToken, type SessionUser } from '../apps/server/src/plugins/auth.ts';
import { exportCells, openLeaveFundSheet, writeCells } from '../apps/server/src/modules/leave-overview/leave-overview.export.ts';
import { exportOverview } from '../apps/server/src/modules/leave-overview/leave-overview.service.ts';
import { LEAVE_FUND_EXPORT_PATH, LEAVE_OVERVIEW_PATH, type LeaveOverviewRow } from '../packages/contracts/src/leave-overview.ts';
import { generateLeaveLedger } from './generate-leave-ledger.ts';
import { fmt, freshDatabase, percentile, serverAnswers, silentLogger } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_ONLY;
const PAGE_SIZE = 20;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** ExcelJS's streaming writer alone: the same cells to a discarded stream. */
async function writerAlone(rows: LeaveOverviewRow[]): Promise<void> {
  const out = new PassThrough();
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  out.pipe(sink);
  const { workbook, sheet } = openLeaveFundSheet(out);
  rows.forEach((r, i) => writeCells(sheet, exportCells(r, i + 1)));
  sheet.commit();
  await workbook.commit();
}

async function runOn(kind: 'pglite' | 'postgres') {
  const database = await freshDatabase(kind, 'tms_bench_leave_overview');
  const config = { ...loadConfig({}), seedDemo: true };
  const silent = silentLogger;
  await prepareData(database.db, config, silent, { now: new Date() });
  const generated = await generateLeaveLedger(database.db, { employees: EMPLOYEES, year: new Date().getFullYear() });
  const app = await buildApp({ database, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const [hr] = await database.db.select().from(users).where(eq(users.username, 'hr'));
  const token = randomBytes(32).toString('base64url');
  await database.db.insert(sessions).values({ tokenHash: hashToken(token), userId: hr!.id });
  const headers = { authorization: `Bearer ${token}` };

  const first = (await (await fetch(`${address}/api${LEAVE_OVERVIEW_PATH}?page=1&size=${PAGE_SIZE}`, { headers })).json()) as { page: { total_element: number } };
  const total = first.page.total_element;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const sumTimes: number[] = [];
  for (let i = 0; i < 5; i += 1) sumTimes.push(await timed(() => queryRows(database.db, sql`select employee_id, sum(amount) from leave_ledger group by employee_id`)));

  const pageTimes: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const page = 1 + ((i * 7919) % pages);
    pageTimes.push(
      await timed(async () => {
        const res = await fetch(`${address}/api${LEAVE_OVERVIEW_PATH}?page=${page}&size=${PAGE_SIZE}`, { headers });
        if (res.status !== 200) throw new Error(`page ${page}: ${res.status}`);
        await res.arrayBuffer();
      }),
    );
  }
  pageTimes.sort((a, b) => a - b);

  // The rows the export writes, gathered once (not timed) for the writer-alone baseline.
  const user: SessionUser = { sessionId: 0, userId: hr!.id, username: 'hr', employeeId: hr!.employeeId, name: 'hr', roles: ['HR'], isPm: false, actors: ['HR'] };
  const rows: LeaveOverviewRow[] = [];
  for await (const batch of (await exportOverview({ db: database.db, clock: systemClock(config.companyTimeZone) }, user, {})).batches) rows.push(...batch);

  const exportTimes: number[] = [];
  const writerTimes: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run += 1) {
    exportTimes.push(
      await timed(async () => {
        const res = await fetch(`${address}/api${LEAVE_FUND_EXPORT_PATH}`, { headers });
        if (res.status !== 200) throw new Error(`export: ${res.status}`);
        bytes = (await res.arrayBuffer()).byteLength;
      }),
    );
    writerTimes.push(await timed(() => writerAlone(rows)));
  }
  await app.close();
  await database.close();
  return { kind, generated, total, rows: rows.length, bytes, sum: median(sumTimes), pageTimes, exportMs: median(exportTimes), writerMs: median(writerTimes) };
}

const kinds: ('pglite' | 'postgres')[] = ONLY === 'postgres' ? [] : ['pglite'];
if (ONLY !== 'pglite' && (await serverAnswers())) kinds.push('postgres');
console.log(`Annual Leave Overview: ${EMPLOYEES} generated staff + demo company; ${REQUESTS} page requests of ${PAGE_SIZE}; export ${RUNS} runs (median)`);
for (const kind of kinds) {
  const r = await runOn(kind);
  const p95 = percentile(r.pageTimes, 95);
  console.log(`\n[${r.kind}] generated: ${r.generated.employees} staff, ${r.generated.fundRows} fund rows, ${r.generated.entries} ledger entries; overview total ${r.total}`);
  console.log(`  baseline SQL sum per employee       ${fmt(r.sum).padStart(10)}`);
  console.log(`  overview page (${PAGE_SIZE} rows)            p50 ${fmt(percentile(r.pageTimes, 50))}  p95 ${fmt(p95)}  (aim ≤ 100 ms: ${p95 <= 100 ? 'met' : 'NOT met'}; p95 / SQL sum ${(p95 / r.sum).toFixed(2)}x)`);
  console.log(`  export of ${r.rows} rows                ${fmt(r.exportMs).padStart(10)}  (${(r.bytes / 1048576).toFixed(1)} MB)`);
  console.log(`  ExcelJS writer alone, same rows     ${fmt(r.writerMs).padStart(10)}`);
  const ratio = r.exportMs / r.writerMs;
  console.log(`  ratio export / writer alone: ${ratio.toFixed(2)}x (aim ≤ 1.5x: ${ratio <= 1.5 ? 'met' : 'NOT met'}); export / SQL sum ${(r.exportMs / r.sum).toFixed(1)}x`);
}
process.exit(0);
