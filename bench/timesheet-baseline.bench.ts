// The baseline of the timesheet recalculation benchmark (issue 3), measured now so the engine has a target: one
// set-based SQL aggregate — first in / last out per employee-day over one period of punches of 10,000 employees
// (about 600,000 punches) — on PGlite and the PostgreSQL server. Run: npm run bench:timesheet-baseline -w @tms/bench
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { addDays } from '../apps/server/src/lib/dates.ts';
import { generateCompany } from './generate-company.ts';
import { freshDatabase, serverAnswers, silentLogger } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const FROM = process.env.BENCH_FROM ?? '2026-10-26';
const TO = process.env.BENCH_TO ?? '2026-11-25';
/** The demo company's clock, as timesheet-recalc.bench.ts takes it: two days after the period, whatever the date. */
const NOW = new Date(`${addDays(TO, 2)}T04:00:00Z`);

const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (await serverAnswers()) kinds.push('postgres');
for (const kind of kinds) {
  const database = await freshDatabase(kind, 'tms_bench_timesheet');
  const silent = silentLogger;
  await prepareData(database.db, { ...loadConfig({}), seedDemo: true }, silent, { now: NOW });
  let started = performance.now();
  const made = await generateCompany(database.db, { employees: EMPLOYEES, fromDate: FROM, toDate: TO });
  const generated = (performance.now() - started) / 1000;
  started = performance.now();
  // First in / last out per employee-day in the company's local day (UTC+7), written into a temporary table as a
  // recalculation would write its rows.
  await database.db.execute(sql`drop table if exists bench_first_last`);
  await database.db.execute(sql`
    create table bench_first_last as
    select employee_id, (punched_at at time zone 'Asia/Ho_Chi_Minh')::date as day,
           min(punched_at) as check_in, max(punched_at) as check_out, count(*) as n
      from punches
     where employee_id is not null
       and punched_at >= (${FROM}::date::timestamp at time zone 'Asia/Ho_Chi_Minh')
       and punched_at < ((${TO}::date + 1)::timestamp at time zone 'Asia/Ho_Chi_Minh')
     group by 1, 2`);
  const aggregate = (performance.now() - started) / 1000;
  const [{ days }] = (await queryRows<{ days: number }>(database.db, sql`select count(*)::int as days from bench_first_last`)) as [{ days: number }];
  if (days === 0) {
    console.error(`[${kind}] the bench measured nothing: no punch in ${FROM}…${TO} was aggregated`);
    process.exit(1);
  }
  console.log(
    `[${kind}] ${made.employees} employees, ${made.punches} punches (generated in ${generated.toFixed(1)} s); ` +
      `baseline first-in/last-out aggregate into ${days} employee-days: ${aggregate.toFixed(2)} s`,
  );
  await database.close();
}
process.exit(0);
