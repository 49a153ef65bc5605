// The OT report export (GET /api/tms/excel/report-ot, issue 11) for the data of overtime-pay.bench.ts (10,000
// generated staff, ≈ 5 % doing OT, lines computed by recomputeOvertimePay), through the real app on a real socket,
// (curl in its own process as the client) against ExcelJS's streaming WorkbookWriter alone writing the same cells (same columns, no database, no HTTP) to a
// discarded stream. Target: export ≤ 1.5 × the writer alone. Median of BENCH_RUNS (5), interleaved. PGlite, and the
// PostgreSQL server when it answers. Run: npm run bench:overtime-report -w @tms/bench. Knobs as overtime-pay.bench.ts.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { recomputeOvertimePay } from '../apps/server/src/modules/overtime-pay/ot-pay.service.ts';
import { OT_REPORT_XLSX_COLUMNS, reportRows } from '../apps/server/src/modules/overtime-pay/ot-report.service.ts';
import type { CellValue } from '../apps/server/src/lib/xlsx.ts';
import { benchKinds, discardStream, freshDatabase, sessionToken } from './lib.ts';
import { prepareOvertimeBench } from './overtime-pay.bench.ts';

const FROM = process.env.BENCH_FROM ?? '2026-09-26';
const TO = process.env.BENCH_TO ?? '2026-10-25';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TZ = 'Asia/Ho_Chi_Minh';
const run = promisify(execFile);
const hasCurl = await run('curl', ['--version']).then(
  () => true,
  () => false,
);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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

    // With curl the client runs in its own process (as a browser would): the server's thread does only the server's
    // work; the time is curl's, first byte sent to last byte received. Without curl, fetch in this process.
    const exportOnce = async () => {
      if (hasCurl) {
        const { stdout } = await run('curl', ['-s', '-o', '/dev/null', '-D', '-', '-H', `authorization: ${headers.authorization}`, '-w', '\n%{http_code} %{size_download} %{time_total}', url]);
        const lines = stdout.trim().split(/\r?\n/);
        const [status, bytes, seconds] = lines[lines.length - 1]!.split(' ').map(Number) as [number, number, number];
        if (status !== 200) throw new Error(`report-ot answered ${status}`);
        const name = lines.find((l) => /^content-disposition:/i.test(l))?.replace(/^content-disposition:\s*/i, '') ?? null;
        return { seconds, bytes, name };
      }
      const started = performance.now();
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`report-ot answered ${res.status}`);
      const bytes = (await res.arrayBuffer()).byteLength;
      return { seconds: (performance.now() - started) / 1000, bytes, name: res.headers.get('content-disposition') };
    };
    const rows: Record<string, CellValue>[] = [];
    for await (const r of await reportRows(db, { from: FROM, to: TO }, TZ)) rows.push(r);
    const writerAlone = async () => {
      const started = performance.now();
      const sink = discardStream();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink.stream, useStyles: true, useSharedStrings: false });
      const sheet = workbook.addWorksheet('Report OT');
      sheet.columns = OT_REPORT_XLSX_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
      for (let i = 0; i < rows.length; i++) {
        sheet.addRow(rows[i]!).commit();
        if ((i + 1) % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      sheet.commit();
      await workbook.commit();
      return { seconds: (performance.now() - started) / 1000, bytes: sink.size() };
    };
    await exportOnce();
    await writerAlone();
    const a: number[] = [];
    const b: number[] = [];
    let last = { seconds: 0, bytes: 0, name: null as string | null };
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
