// The timesheet recalculation benchmark (issue 3 "Done when"): on the demo company plus 10,000 generated staff with
// one period of punches (generate-company.ts), on PGlite and on the PostgreSQL server when it answers, it times
//   (a) the baseline: one set-based SQL aggregate, first in / last out per employee-day (timesheet-baseline.bench.ts),
//   (b) a full recalculation of the period for every active employee (modules/timesheet/recalculate.ts), its ratio
//       to (a), and a second full run over unchanged data,
//   (c) the incremental recalculation of one employee's month, 50 runs, p50 / p95,
//   (d) the floor of (b): the period's stored rows copied into an empty table like timesheet_days, the least any full
//       recalculation pays to store them (with (a), to read the punches),
// and the peak memory of the process. Run: npm run bench:timesheet -w @tms/bench
// The default period is T11-2026 (26/10–25/11), and the whole run — the demo company's seed included — takes its
// "now" two days after the period's end: the period has fully passed (dates after today are never computed) and is
// still open (the demo locks the periods before it, and the recalculation skips locked days), on whatever date the
// bench runs. A run that computed nothing fails with a non-zero exit instead of printing a ratio of nothing.
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { recalculate } from '../apps/server/src/modules/timesheet/recalculate.ts';
import { addDays } from '../apps/server/src/lib/dates.ts';
import { generateCompany } from './generate-company.ts';
import { freshDatabase, percentile, serverAnswers, silentLogger } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const FROM = process.env.BENCH_FROM ?? '2026-10-26';
const TO = process.env.BENCH_TO ?? '2026-11-25';
/** 11:00 in the company zone two days after the period: the demo's current period is the next one. */
const NOW = new Date(`${addDays(TO, 2)}T04:00:00Z`);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
/** 'pglite' or 'postgres' to run one database only. */
const ONLY = process.env.BENCH_ONLY;
const TZ = 'Asia/Ho_Chi_Minh';
/** Recalculation knobs (defaults of recalculate.ts when unset). */
const TUNING = {
  ...(process.env.BENCH_CHUNK ? { chunkSize: Number(process.env.BENCH_CHUNK) } : {}),
  ...(process.env.BENCH_BATCH ? { batchSize: Number(process.env.BENCH_BATCH) } : {}),
  ...(process.env.BENCH_PARALLEL ? { parallelChunks: Number(process.env.BENCH_PARALLEL) } : {}),
};
/** Stops the bench with a non-zero exit when a measured step did no work: its time would measure nothing. */
function failIfNoWork(kind: string, checks: readonly [failed: boolean, why: string][]): void {
  const failed = checks.filter(([bad]) => bad).map(([, why]) => why);
  if (failed.length === 0) return;
  console.error(`[${kind}] the bench measured nothing: ${failed.join('; ')}`);
  process.exit(1);
}
const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

/** Peak RSS and heap while `work` runs, sampled every 20 ms. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; heap: number }> {
  let rss = process.memoryUsage().rss;
  let heap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 20);
  try {
    const result = await work();
    return { result, rss, heap };
  } finally {
    clearInterval(timer);
  }
}

const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (await serverAnswers()) kinds.push('postgres');
if (ONLY === 'pglite' || ONLY === 'postgres') kinds.splice(0, kinds.length, ONLY);
for (const kind of kinds) {
  const database = await freshDatabase(kind, 'tms_bench_recalc');
  const db = database.db;
  const silent = silentLogger;
  await prepareData(db, { ...loadConfig({}), seedDemo: true }, silent, { now: NOW });
  let started = performance.now();
  const made = await generateCompany(db, { employees: EMPLOYEES, fromDate: FROM, toDate: TO });
  const generated = (performance.now() - started) / 1000;
  const rssBefore = process.memoryUsage().rss;

  // (a) the baseline of timesheet-baseline.bench.ts over the same punches.
  started = performance.now();
  await db.execute(sql`drop table if exists bench_first_last`);
  await db.execute(sql`
    create table bench_first_last as
    select employee_id, (punched_at at time zone ${TZ})::date as day,
           min(punched_at) as check_in, max(punched_at) as check_out, count(*) as n
      from punches
     where employee_id is not null
       and punched_at >= (${FROM}::date::timestamp at time zone ${TZ})
       and punched_at < ((${TO}::date + 1)::timestamp at time zone ${TZ})
     group by 1, 2`);
  const baseline = (performance.now() - started) / 1000;

  // (b) full recalculation, then again over unchanged data.
  started = performance.now();
  const full = await withPeakMemory(() => recalculate(db, { from: FROM, to: TO, timeZone: TZ, now: NOW, ...TUNING }));
  const fullSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const again = await recalculate(db, { from: FROM, to: TO, timeZone: TZ, now: NOW, ...TUNING });
  const againSeconds = (performance.now() - started) / 1000;
  failIfNoWork(kind, [
    [full.result.employees === 0 || full.result.days === 0, `the full recalculation of ${FROM}…${TO} computed ${full.result.employees} employees, ${full.result.days} employee-days (a locked period, or dates after now ${NOW.toISOString()}?)`],
    [full.result.changedDays === 0, 'the full recalculation wrote no row'],
  ]);
  const [stored] = await queryRows<{ days: number; cases: number }>(
    db,
    sql`select (select count(*)::int from timesheet_days where date between ${FROM} and ${TO}) as days,
               (select count(*)::int from abnormal_cases where abnormal_date between ${FROM} and ${TO}) as cases`,
  );

  // (d) The floor of (b)'s writing: the period's stored rows copied into an empty table with timesheet_days' columns
  // and indexes, in two INSERT … SELECT at once (the recalculation writes in two transactions at a time). A full
  // recalculation cannot store its rows for less; with (a), which it also pays to read the punches, this is the least
  // a full run can cost on this machine, whatever its engine does.
  await db.execute(sql`drop table if exists bench_write_floor`);
  await db.execute(sql`create table bench_write_floor (like timesheet_days including defaults including indexes)`);
  started = performance.now();
  await Promise.all(
    [0, 1].map((half) =>
      db.execute(sql`insert into bench_write_floor select * from timesheet_days where date between ${FROM} and ${TO} and employee_id % 2 = ${half}`),
    ),
  );
  const writeFloor = (performance.now() - started) / 1000;
  const [copied] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from bench_write_floor`);
  await db.execute(sql`drop table bench_write_floor`);
  failIfNoWork(kind, [[!copied || copied.n !== stored?.days, `the write floor copied ${copied?.n} rows of ${stored?.days}`]]);

  // (c) one employee's month, incremental.
  const [one] = await queryRows<{ id: number }>(db, sql`select id from employees where user_name = 'bench1'`);
  const times: number[] = [];
  let incremental = { days: 0 };
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    incremental = await recalculate(db, { employeeIds: [Number(one!.id)], from: FROM, to: TO, timeZone: TZ, now: NOW });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  failIfNoWork(kind, [[incremental.days === 0, `the incremental recalculation of bench1's month computed no day`]]);

  console.log(
    `[${kind}] ${made.employees} generated employees (+ demo company), ${made.punches} punches ${FROM}…${TO} (generated in ${generated.toFixed(1)} s)\n` +
      `  (a) baseline first-in/last-out aggregate: ${baseline.toFixed(2)} s\n` +
      `  (b) full recalculation: ${fullSeconds.toFixed(2)} s for ${full.result.employees} employees, ${full.result.days} employee-days ` +
      `(${full.result.changedDays} written, ${full.result.abnormalUpserted} abnormal cases) — ${(fullSeconds / baseline).toFixed(1)}× the baseline; ` +
      `peak RSS ${mb(full.rss)} (${mb(full.rss - rssBefore)} above the start), peak heap ${mb(full.heap)}\n` +
      `      again over unchanged data: ${againSeconds.toFixed(2)} s = ${(againSeconds / baseline).toFixed(1)}× the baseline (${again.changedDays} rows changed); stored: ${stored?.days} days, ${stored?.cases} abnormal cases\n` +
      `  (d) floor: storing the period's ${copied!.n} rows alone (copied into an empty table like timesheet_days) ${writeFloor.toFixed(2)} s = ${(writeFloor / baseline).toFixed(1)}× the baseline; ` +
      `with (a), the least a full recalculation costs here: ${(1 + writeFloor / baseline).toFixed(1)}× the baseline\n` +
      `  (c) incremental, one employee's month (${times.length} runs): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
  );
  await database.close();
}
process.exit(0);
