// The OT report export (GET /api/tms/excel/report-ot, issue 11) for the data of overtime-pay.bench.ts (10,000
// generated staff, ≈ 5 % doing OT, lines computed by recomputeOvertimePay), through the real app on a real socket,
// (curl in its own process as the client) against ExcelJS's streaming WorkbookWriter alone writing the same cells (same columns, no database, no HTTP) to a
// discarded stream. Target: export ≤ 1.5 × the writer alone. Median of BENCH_RUNS (5), interleaved. PGlite, and the
// PostgreSQL server when it answers. Run: npm run bench:overtime-report -w @tms/bench. Knobs as overtime-pay.bench.ts.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { recomputeOvertimePay } from '../apps/server/src/modules/overtime-pay/ot-pay.service.ts';
import { otReportXlsxColumns, reportRows } from '../apps/server/src/modules/overtime-pay/ot-report.service.ts';
import type { CellValue } from '../apps/server/src/lib/xlsx.ts';
import { benchKinds, freshDatabase, median, sessionToken, timedGet, xlsxWriterAlone } from './lib.ts';
import { prepareOvertimeBench } from './overtime-pay.bench.ts';

const FROM = process.env.BENCH_FROM ?? '2026-09-26';
const TO = process.env.BENCH_TO ?? '2026-10-25';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TZ = 'Asia/Ho_Chi_Minh';

for (const kind of await benchKinds()) {
  const database = await freshDatabase(kind, 'tms_bench_ot_report');
  const db = database.db;
  try {
    const made = await prepareOvertimeBench(db);
    await recomputeOvertimePay(db, { from: FROM, to: TO, includeLocked: true }, { timeZone: TZ, now: new Date() });
    const app = await buildApp({ database, config: { ...loadConfig({}), seedDemo: false } });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { authorization: `Bearer ${await sessionToken(db, 'hr')}` };
    const url = `${address}/api/tms/excel/report-ot?fromDate=${FROM}&toDate=${TO}`;

    // curl as the client in its own process when there is one (bench/lib.ts timedGet).
    const exportOnce = async () => {
      const e = await timedGet(url, headers.authorization);
      if (e.status !== 200) throw new Error(`report-ot answered ${e.status}`);
      return e;
    };
    const rows: Record<string, CellValue>[] = [];
    for await (const r of await reportRows(db, { from: FROM, to: TO }, TZ)) rows.push(r);
    const writerAlone = () => xlsxWriterAlone('Report OT', otReportXlsxColumns(), rows);
    await exportOnce();
    await writerAlone();
    const a: number[] = [];
    const b: number[] = [];
    let last = { status: 0, seconds: 0, bytes: 0, name: null as string | null };
    for (let r = 0; r < RUNS; r++) {
      last = await exportOnce();
      a.push(last.seconds);
      b.push((await writerAlone()).seconds);
    }
    await app.close();
    const [n] = await db.execute(sql`select 1`).then(() => [rows.length]);
    console.log(`[${kind}] data: ${made.employees} generated staff, ${made.ot.requests} OT requests; report rows ${n} (${(last.bytes / 1024).toFixed(0)} KB, ${last.name})`);
    console.log(
      `[${kind}] report-ot export ${(median(a) * 1000).toFixed(0)} ms; ExcelJS writer alone ${(median(b) * 1000).toFixed(0)} ms; ratio ×${(median(a) / median(b)).toFixed(2)} (target ≤ 1.5)`,
    );
  } finally {
    await database.close();
  }
}
