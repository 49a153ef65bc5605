// The move from the embedded database to a PostgreSQL server (issue 24 §3, README "Outgrowing the embedded
// database"): the demo company plus N generated staff (generate-company.ts) with the latest open passed period's punches
// and computed days, in a PGlite data folder as `npm start` leaves it; then `npm run db:move`'s own steps
// (cli/db-move-steps.ts moveToServer) into a fresh server database: the dump, the restore, the verification (every
// table's rows and checksum, the API sample), their sum — the downtime, the server being stopped meanwhile — and the
// sizes. For 1,000 and 10,000 staff by default; BENCH_EMPLOYEES=N (or N,M) picks. Needs the server at
// BENCH_DATABASE_URL (it creates and drops tms_bench_move); fails when the copy did not verify or copied nothing.
// Run: npm run bench:db-move -w @tms/bench
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { companyToday } from '../apps/server/src/lib/dates.ts';
import { recalculate } from '../apps/server/src/modules/timesheet/recalculate.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { moveToServer } from '../apps/server/src/cli/db-move-steps.ts';
import { generateCompany } from './generate-company.ts';
import { assertMeasured, openPastPeriod, SERVER_URL, serverAnswers, silentLogger } from './lib.ts';

const SIZES = (process.env.BENCH_EMPLOYEES ?? '1000,10000').split(',').map(Number);
const TZ = 'Asia/Ho_Chi_Minh';
const NAME = `tms_bench_move${(process.env.BENCH_DB_SUFFIX ?? '').replace(/[^a-z0-9_]/gi, '')}`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A data folder with the demo company, `employees` more staff and the open passed period's days computed. */
async function buildDataDir(dataDir: string, employees: number): Promise<{ seconds: number; period: string }> {
  const started = performance.now();
  const now = new Date();
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    await prepareData(database.db, { ...loadConfig({ DATA_DIR: dataDir }), seedDemo: true }, silentLogger, { now });
    const period = await openPastPeriod(database.db, companyToday(TZ, now));
    const made = await generateCompany(database.db, { employees, fromDate: period.from, toDate: period.to });
    assertMeasured('generated employees', made.employees);
    await recalculate(database.db, { from: period.from, to: period.to, timeZone: TZ, now, includeLocked: true });
    return { seconds: (performance.now() - started) / 1000, period: period.name };
  } finally {
    await database.close();
  }
}

if (!(await serverAnswers())) throw new Error(`bench: no PostgreSQL server answers at ${SERVER_URL} (BENCH_DATABASE_URL)`);
for (const employees of SIZES) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-bench-move-'));
  try {
    const built = await buildDataDir(dataDir, employees);
    await onServer(`drop database if exists ${NAME} with (force)`);
    await onServer(`create database ${NAME}`);
    const url = Object.assign(new URL(SERVER_URL), { pathname: `/${NAME}` }).toString();
    const config = loadConfig({ DATA_DIR: dataDir });
    const report = await moveToServer({ config, to: url }, () => {});
    assertMeasured('rows copied', report.tables.rows);
    if (!report.ok) throw new Error(`bench: the copy did not verify: ${JSON.stringify({ tables: report.tables.differences, api: report.api?.differences })}`);
    const { dumpMs, restoreMs, verifyMs } = report.timings;
    console.log(
      `[${employees} generated employees + demo company, period ${built.period} computed; built in ${built.seconds.toFixed(0)} s]\n` +
        `  ${report.tables.tables} tables, ${report.tables.rows} rows; API sample ${report.api?.calls.length ?? 0} calls equal\n` +
        `  dump ${s(dumpMs)}, restore ${s(restoreMs)}, verify ${s(verifyMs)}: downtime ${s(dumpMs + restoreMs + verifyMs)}\n` +
        `  backup file ${mb(report.sizes.file)}, embedded database ${mb(report.sizes.source)}, server database ${mb(report.sizes.target)}`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await onServer(`drop database if exists ${NAME} with (force)`);
  }
}
