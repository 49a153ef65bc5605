// The Timesheets Summary report (issue 12 "Done when"): the demo company plus 10,000 generated staff with a period of
// punches (generate-company.ts) and OT (generate-overtime.ts, via overtime-pay.bench.ts's preparation), the period's
// days computed by the real recalculation and the OT pay lines by the real pay engine. Then, through the real app
// (app.inject, no socket):
// 1. GET /api/tms/report/summary?timesheetId=…&page=N (a random page of the whole list, size 10, as HR), BENCH_REQUESTS
//    times: p50/p95, against a plain SQL aggregate of the same page's rows (Σ timesheet_days and Σ overtime_pay_lines
//    grouped by employee for the page's employee ids, one statement) measured in the same run. Target p95 ≤ 300 ms.
// 2. GET /api/tms/excel/download-summary (all 10,000+ rows and the totals row) on a real socket (curl in its own
//    process as the client, as overtime-report-export.bench.ts; fetch when there is no curl) against ExcelJS's
//    streaming WorkbookWriter alone writing the same cells (same columns) to a discarded stream. Target ≤ 1.5 ×.
//    Median of BENCH_RUNS, interleaved.
// PGlite, and the PostgreSQL server when it answers (BENCH_DATABASE_URL). Run: npm run bench:report-summary -w @tms/bench.
// Knobs: BENCH_EMPLOYEES, BENCH_FROM / BENCH_TO (a period of the demo company; by default the latest passed period still
// open on the day it runs, lib.ts openPastPeriod), BENCH_REQUESTS (200), BENCH_RUNS (3), BENCH_ONLY. A run with no stored
// day, no OT pay line or no summary row fails.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import type { CellValue } from '../apps/server/src/lib/xlsx.ts';
import type { SessionUser } from '../apps/server/src/plugins/auth.ts';
import { recomputeOvertimePay } from '../apps/server/src/modules/overtime-pay/ot-pay.service.ts';
import { exportRows } from '../apps/server/src/modules/reports/timesheet-report.service.ts';
import { companyToday } from '../apps/server/src/lib/dates.ts';
import { recalculate } from '../apps/server/src/modules/timesheet/recalculate.ts';
import { assertMeasured, benchKinds, fmt, freshDatabase, median, openPastPeriod, percentile, sessionToken, timedGet, xlsxWriterAlone } from './lib.ts';
import { prepareOvertimeBench } from './overtime-pay.bench.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SIZE = 10;
const TZ = 'Asia/Ho_Chi_Minh';

for (const kind of await benchKinds()) {
  const database = await freshDatabase(kind, 'tms_bench_report_summary');
  const db = database.db;
  try {
    let started = performance.now();
    const made = await prepareOvertimeBench(db, (d) => openPastPeriod(d, companyToday(TZ, new Date())));
    const { from: FROM, to: TO } = made;
    await recalculate(db, { from: FROM, to: TO, timeZone: TZ, now: new Date(), includeLocked: true });
    await recomputeOvertimePay(db, { from: FROM, to: TO, includeLocked: true }, { timeZone: TZ, now: new Date() });
    await db.execute(sql`analyze`);
    const [facts] = await queryRows<{ period: number; days: number; lines: number }>(
      db,
      sql`select (select id from payroll_periods where from_date = ${FROM}::date and to_date = ${TO}::date limit 1) as period,
                 (select count(*)::int from timesheet_days where date between ${FROM}::date and ${TO}::date) as days,
                 (select count(*)::int from overtime_pay_lines where ot_date between ${FROM}::date and ${TO}::date) as lines`,
    );
    if (!facts?.period) throw new Error(`no payroll period ${FROM}..${TO} in the demo company (set BENCH_FROM / BENCH_TO)`);
    assertMeasured(`stored timesheet days ${FROM}…${TO}`, facts.days);
    assertMeasured(`OT pay lines ${FROM}…${TO}`, facts.lines);
    console.log(`[${kind}] data: ${made.employees} generated staff, ${facts.days} timesheet days, ${facts.lines} OT pay lines (${((performance.now() - started) / 1000).toFixed(1)} s)`);

    const app = await buildApp({ database, config: { ...loadConfig({}), seedDemo: false } });
    await app.ready();
    const headers = { authorization: `Bearer ${await sessionToken(db, 'hr')}` };
    const first = await app.inject({ method: 'GET', url: `/api/tms/report/summary?timesheetId=${facts.period}&size=${SIZE}`, headers });
    const total = (first.json() as { page: { total_element: number } }).page.total_element;
    const pages = Math.ceil(total / SIZE);
    assertMeasured('employees in the summary', total);

    // 1. Pages and the plain aggregate of the same rows, interleaved.
    const pageMs: number[] = [];
    const plainMs: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const page = 1 + Math.floor(Math.random() * pages);
      started = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/tms/report/summary?timesheetId=${facts.period}&page=${page}&size=${SIZE}`, headers });
      pageMs.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`summary answered ${res.statusCode}: ${res.body}`);
      const ids = (res.json() as { data: { employee_id: number }[] }).data.map((r) => r.employee_id);
      started = performance.now();
      await queryRows(
        db,
        sql`select e.id,
                   (select sum(td.value) from timesheet_days td where td.employee_id = e.id and td.date between ${FROM}::date and ${TO}::date) as paid,
                   (select sum(td.late_minutes) from timesheet_days td where td.employee_id = e.id and td.date between ${FROM}::date and ${TO}::date) as late,
                   (select sum(l.duration_actual) from overtime_pay_lines l where l.employee_id = e.id and l.ot_date between ${FROM}::date and ${TO}::date) as ot
              from employees e where e.id = any(${`{${ids.join(',')}}`}::int[])`,
      );
      plainMs.push(performance.now() - started);
    }
    pageMs.sort((a, b) => a - b);
    plainMs.sort((a, b) => a - b);
    const p95 = percentile(pageMs, 95);
    const plain95 = percentile(plainMs, 95);
    console.log(
      `[${kind}] summary page (size ${SIZE}, ${total} employees, ${REQUESTS} random pages): p50 ${fmt(percentile(pageMs, 50))}, p95 ${fmt(p95)} (target ≤ 300 ms); ` +
        `plain SQL aggregate of the same rows p50 ${fmt(percentile(plainMs, 50))}, p95 ${fmt(plain95)}; ratio p95 ×${(p95 / plain95).toFixed(1)}`,
    );

    // 2. The export against ExcelJS alone writing the same cells.
    const user: SessionUser = { sessionId: 0, userId: 0, username: 'bench', employeeId: null, name: 'Bench', roles: ['HR'], isPm: false, actors: ['HR'] };
    const out = await exportRows({ db }, user, { timesheetId: facts.period }, false);
    const rows: Record<string, CellValue>[] = [];
    for await (const r of out.rows) rows.push(r);
    assertMeasured('rows of the summary export', rows.length);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/tms/excel/download-summary?timesheetId=${facts.period}`;
    const exportOnce = async () => {
      const e = await timedGet(url, headers.authorization);
      if (e.status !== 200) throw new Error(`download-summary answered ${e.status}`);
      return e;
    };
    const writerAlone = () => xlsxWriterAlone('Timesheets Summary', out.columns, rows);
    await exportOnce();
    await writerAlone();
    const a: number[] = [];
    const b: number[] = [];
    let bytes = 0;
    for (let r = 0; r < RUNS; r++) {
      const e = await exportOnce();
      bytes = e.bytes;
      a.push(e.seconds);
      b.push((await writerAlone()).seconds);
    }
    await app.close();
    console.log(
      `[${kind}] download-summary ${rows.length} rows (${(bytes / 1024).toFixed(0)} KB): export ${(median(a) * 1000).toFixed(0)} ms; ExcelJS writer alone ${(median(b) * 1000).toFixed(0)} ms; ratio ×${(median(a) / median(b)).toFixed(2)} (target ≤ 1.5)`,
    );
  } finally {
    await database.close();
  }
}
