// The timesheet list export (POST /api/tms/excel/{id}/rule) for the whole 10,000-employee company (generate-company.ts,
// days computed by the real recalculation), through the real app on a real socket, against ExcelJS's streaming
// WorkbookWriter writing the same cells alone (no database, no HTTP) to a discarded stream. Prints time, peak RSS
// (sampled every 50 ms; max − the baseline taken after a GC, and the max) and file size, and the ratio
// export / writer alone, on PGlite and on the PostgreSQL server when it answers. Also times the detail export (rule2).
// Each case runs BENCH_RUNS times (3), interleaved; the median is reported (the machine is shared, figures are noisy).
// The period is the latest one passed and still open on the day it runs (lib.ts openPastPeriod), so every day of it is
// computed; a run that computed no day, or exported no cell, fails.
// Run: npm run bench:timesheet-export -w @tms/bench. Knobs: BENCH_EMPLOYEES, BENCH_ONLY (pglite|postgres), BENCH_RUNS,
// BENCH_FROM / BENCH_TO (another period of the demo company).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { sessions, users } from '../apps/server/src/db/schema/identity.ts';
import { hashToken } from '../apps/server/src/plugins/auth.ts';
import { companyToday } from '../apps/server/src/lib/dates.ts';
import { recalculate } from '../apps/server/src/modules/timesheet/recalculate.ts';
import { employeeFilterSql } from '../apps/server/src/modules/timesheet/employee-filter.repository.ts';
import { listBatches, listSheet, loadPeriod, EXPORT_CHUNK } from '../apps/server/src/modules/timesheet-export/timesheet-export.service.ts';
import type { SheetRow } from '../apps/server/src/modules/timesheet-export/timesheet-export.sheets.ts';
import { openSheet, ROWS_PER_TURN, writePlainRow } from '../apps/server/src/modules/timesheet-export/xlsx-stream.ts';
import { TIMESHEET_EXPORT_PATHS } from '../packages/contracts/src/timesheet-export.ts';
import { generateCompany } from './generate-company.ts';
import { assertMeasured, discardStream, freshDatabase, openPastPeriod, serverAnswers, silentLogger } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const ONLY = process.env.BENCH_ONLY;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TZ = 'Asia/Ho_Chi_Minh';
const run = promisify(execFile);
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Time and peak RSS of `work`; the baseline is taken after a full GC. */
async function measure<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; base: number; peak: number }> {
  gc();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, seconds: (performance.now() - started) / 1000, base, peak };
  } finally {
    clearInterval(timer);
  }
}

/**
 * POSTs `{}` and reads the whole body, keeping only its size. With curl the client runs in its own process (as a
 * browser would), so the server's thread does only the server's work; the time is curl's, first byte sent to last
 * byte received. Without curl, fetch in this process.
 */
async function download(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; seconds: number; disposition: string | null }> {
  if (hasCurl) {
    const args = ['-s', '-X', 'POST', '-o', '/dev/null', '-D', '-', '-H', 'content-type: application/json', '--data', '{}', '-w', '\n%{http_code} %{size_download} %{time_total}'];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    const { stdout } = await run('curl', [...args, url]);
    const lines = stdout.trim().split(/\r?\n/);
    const [status, bytes, seconds] = lines[lines.length - 1]!.split(' ').map(Number) as [number, number, number];
    const disposition = lines.find((l) => /^content-disposition:/i.test(l))?.replace(/^content-disposition:\s*/i, '') ?? null;
    return { status, bytes, seconds, disposition };
  }
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
  let bytes = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  return { status: res.status, bytes, seconds: (performance.now() - started) / 1000, disposition: res.headers.get('content-disposition') };
}

const hasCurl = await run('curl', ['--version']).then(
  () => true,
  () => false,
);

function median<T>(runs: T[], key: (r: T) => number): T {
  return [...runs].sort((a, b) => key(a) - key(b))[Math.floor((runs.length - 1) / 2)]!;
}

const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (await serverAnswers()) kinds.push('postgres');
if (ONLY === 'pglite' || ONLY === 'postgres') kinds.splice(0, kinds.length, ONLY);
const silent = silentLogger;

for (const kind of kinds) {
  const database = await freshDatabase(kind, 'tms_bench_export');
  const db = database.db;
  const config = { ...loadConfig({}), seedDemo: true };
  const started = performance.now();
  await prepareData(db, config, silent, { now: new Date() });
  const period = await openPastPeriod(db, companyToday(TZ, new Date()));
  const { from: FROM, to: TO } = period;
  const made = await generateCompany(db, { employees: EMPLOYEES, fromDate: FROM, toDate: TO });
  const computed = await recalculate(db, { from: FROM, to: TO, timeZone: TZ, now: new Date() });
  assertMeasured(`employee-days computed in ${period.name} ${FROM}…${TO}`, computed.days);
  const prepared = (performance.now() - started) / 1000;

  const app = await buildApp({ database, config: { ...config, seedDemo: false } });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: admin!.id });
  const headers = { authorization: `Bearer ${token}` };

  // Warm-up (not timed): the route, the queries and ExcelJS's code paths once on one employee, so neither side below
  // pays the first-call compilation.
  const [one] = await queryRows<{ id: number }>(db, sql`select id from employees where user_name = 'bench1'`);
  const warm = await fetch(`${address}/api${TIMESHEET_EXPORT_PATHS.rule(period.id)}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ employee_id: [one!.id] }),
  });
  await warm.arrayBuffer();

  const url = (path: string) => `${address}/api${path}`;
  const exportList = async () => {
    const r = await download(url(TIMESHEET_EXPORT_PATHS.rule(period.id)), headers);
    if (r.status !== 200) throw new Error(`export answered ${r.status}`);
    return r;
  };

  // The same cells for the writer alone: read into memory first (not timed), then written to a discarded stream.
  const p = await loadPeriod(db, period.id, admin!.employeeId);
  const { spec, dates } = listSheet(p);
  const rows: SheetRow[] = [];
  for await (const batch of listBatches(db, employeeFilterSql({}, p), p, dates.length)) rows.push(...batch);
  const cells = rows.length * (rows[0]?.length ?? 0);
  assertMeasured('cells of the list export', cells);
  // (b1) the writer work the export does (xlsx-stream.ts: same options, header rows, shared cell style, same turns)
  const writerAlone = async () => {
    const sink = discardStream();
    const { workbook, sheet } = openSheet(sink.stream, spec);
    for (let i = 0; i < rows.length; i += 1) {
      writePlainRow(sheet, rows[i]!);
      if ((i + 1) % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    sheet.commit();
    await workbook.commit();
    return sink.size();
  };
  // (b2) ExcelJS with its default options (no styles table, no shared strings): addRow(values).commit() per row
  const writerDefaults = async () => {
    const sink = discardStream();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink.stream });
    const sheet = workbook.addWorksheet(spec.name);
    for (const leading of spec.leading) sheet.addRow(leading.values).commit();
    for (let i = 0; i < rows.length; i += 1) {
      sheet.addRow(rows[i]!).commit();
      if ((i + 1) % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    sheet.commit();
    await workbook.commit();
    return sink.size();
  };

  const runsA: Awaited<ReturnType<typeof measure<Awaited<ReturnType<typeof exportList>>>>>[] = [];
  const runsB1: Awaited<ReturnType<typeof measure<number>>>[] = [];
  const runsB2: Awaited<ReturnType<typeof measure<number>>>[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    runsA.push(await measure(exportList));
    runsB1.push(await measure(writerAlone));
    runsB2.push(await measure(writerDefaults));
  }
  rows.length = 0;
  const exported = median(runsA, (r) => r.result.seconds);
  const alone = median(runsB1, (r) => r.seconds);
  const plain = median(runsB2, (r) => r.seconds);
  const list = (runs: number[]) => runs.map((x) => x.toFixed(2)).join(' / ');
  /** Memory: the worst of the runs, above its baseline and absolute. */
  const memory = (runs: { base: number; peak: number }[]) =>
    `peak RSS +${mb(Math.max(...runs.map((r) => r.peak - r.base)))} (max ${mb(Math.max(...runs.map((r) => r.peak)))})`;

  // (c) the detail (rule2) for information: one row per employee-day
  const detail = await measure(() => download(url(TIMESHEET_EXPORT_PATHS.rule2(period.id)), headers));

  const [counts] = await queryRows<{ employees: number }>(db, sql`select count(*)::int as employees from employees`);
  console.log(
    `[${kind}] ${made.employees} generated + demo = ${counts!.employees} employees, ${computed.days} employee-days computed ${FROM}…${TO} (prepared in ${prepared.toFixed(1)} s); ` +
      `${cells} cells in the list (${dates.length} day columns), ${EXPORT_CHUNK} employees per chunk; median of ${RUNS} runs\n` +
      `  (a) export rule through the app (${hasCurl ? 'curl' : 'fetch'}): ${exported.result.seconds.toFixed(2)} s (${list(runsA.map((r) => r.result.seconds))}), ` +
      `${mb(exported.result.bytes)} (${exported.result.bytes} bytes), ${memory(runsA)}  ${exported.result.disposition}\n` +
      `  (b) ExcelJS streaming writer alone, same cells, no database, no HTTP:\n` +
      `      as the export writes them (styles on, one shared cell style): ${alone.seconds.toFixed(2)} s (${list(runsB1.map((r) => r.seconds))}), ${alone.result} bytes, ` +
      `${memory(runsB1)}\n` +
      `      ExcelJS defaults (no styles): ${plain.seconds.toFixed(2)} s (${list(runsB2.map((r) => r.seconds))}), ${plain.result} bytes, ${memory(runsB2)}\n` +
      `      ratio export / writer alone: ${(exported.result.seconds / alone.seconds).toFixed(2)}× (${(exported.result.seconds / plain.seconds).toFixed(2)}× the defaults)\n` +
      `  (c) export rule2 (detail, one row per employee-day): ${detail.result.seconds.toFixed(2)} s, ${mb(detail.result.bytes)}, ${memory([detail])}`,
  );
  await app.close();
  await database.close();
}
process.exit(0);
