// OT pay (issue 11, RULES.md §6) for the 10,000-employee company of generate-company.ts over one period, with about
// 5 % of the staff doing OT (generate-overtime.ts: ≈ 500 employees × 4 requests, punches at the windows' ends):
// the time of `recomputeOvertimePay({ from, to })` — the Recalculate Salary job's work — first run (writes every line)
// and second run (rewrites the same), against a plain SQL overlap baseline over the same rows in the same run (one
// statement: per request × staff, the first and last punch of the span, Σ the overlap with the window). Ratios
// printed. PGlite, and the PostgreSQL server when it answers (BENCH_DATABASE_URL).
// Run: npm run bench:overtime-pay -w @tms/bench. Knobs: BENCH_EMPLOYEES, BENCH_OT_EVERY (20), BENCH_OT_PER (4),
// BENCH_RUNS (3), BENCH_ONLY (pglite|postgres).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { recomputeOvertimePay } from '../apps/server/src/modules/overtime-pay/ot-pay.service.ts';
import { generateCompany } from './generate-company.ts';
import { generateOvertime } from './generate-overtime.ts';
import { benchKinds, freshDatabase, silentLogger } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const FROM = process.env.BENCH_FROM ?? '2026-09-26';
const TO = process.env.BENCH_TO ?? '2026-10-25';
const EVERY = Number(process.env.BENCH_OT_EVERY ?? 20);
const PER = Number(process.env.BENCH_OT_PER ?? 4);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TZ = 'Asia/Ho_Chi_Minh';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function baseline(db: Db): Promise<{ seconds: number; hours: number }> {
  const started = performance.now();
  const [row] = await queryRows<{ h: number }>(
    db,
    sql`
    select coalesce(sum(greatest(0, extract(epoch from least(x.co, q.end_at) - greatest(x.ci, q.start_at)))), 0)::float8 / 3600 as h
      from overtime_requests q
      join overtime_request_staff s on s.overtime_request_id = q.id
      cross join lateral (
        select min(p.punched_at) as ci, max(p.punched_at) as co from punches p
         where p.employee_id = s.employee_id
           and p.punched_at between least(q.start_at - interval '2 hours', (q.ot_date + time '04:00') at time zone ${TZ})
                                and greatest(q.end_at + interval '2 hours', (q.ot_date + 1 + time '04:00') at time zone ${TZ})
      ) x
     where q.ot_date between ${FROM}::date and ${TO}::date`,
  );
  return { seconds: (performance.now() - started) / 1000, hours: row!.h };
}

/**
 * The demo company, the generated staff and their OT over one period: BENCH_FROM…BENCH_TO (T10-2026 by default), or
 * the one `pickPeriod` chooses once the demo company exists (report-summary.bench.ts: the latest open one).
 */
export async function prepareOvertimeBench(
  db: Db,
  pickPeriod?: (db: Db) => Promise<{ from: string; to: string }>,
): Promise<{ employees: number; punches: number; ot: Awaited<ReturnType<typeof generateOvertime>>; from: string; to: string }> {
  await prepareData(db, { ...loadConfig({}), seedDemo: true }, silentLogger, { now: new Date() });
  const { from, to } = pickPeriod ? await pickPeriod(db) : { from: FROM, to: TO };
  const made = await generateCompany(db, { employees: EMPLOYEES, fromDate: from, toDate: to });
  const ot = await generateOvertime(db, { fromDate: from, toDate: to, every: EVERY, perEmployee: PER });
  await db.execute(sql`analyze`);
  return { ...made, ot, from, to };
}

if (process.argv[1]?.endsWith('overtime-pay.bench.ts')) {
  for (const kind of await benchKinds()) {
    const database = await freshDatabase(kind, 'tms_bench_ot_pay');
    const db = database.db;
    try {
      let started = performance.now();
      const made = await prepareOvertimeBench(db);
      console.log(
        `[${kind}] data: ${made.employees} generated staff, ${made.punches} punches; OT: ${made.ot.employees} employees, ${made.ot.requests} requests, ${made.ot.punches} OT punches (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
      const base: number[] = [];
      const first: number[] = [];
      const again: number[] = [];
      let hours = 0;
      let summary = { requests: 0, lines: 0 };
      for (let r = 0; r < RUNS; r++) {
        await db.execute(sql`delete from overtime_pay_lines where ot_date between ${FROM}::date and ${TO}::date`);
        const b = await baseline(db);
        base.push(b.seconds);
        hours = b.hours;
        started = performance.now();
        summary = await recomputeOvertimePay(db, { from: FROM, to: TO, includeLocked: true }, { timeZone: TZ, now: new Date() });
        first.push((performance.now() - started) / 1000);
        started = performance.now();
        await recomputeOvertimePay(db, { from: FROM, to: TO, includeLocked: true }, { timeZone: TZ, now: new Date() });
        again.push((performance.now() - started) / 1000);
      }
      const [sum] = await queryRows<{ a: number; p: number }>(
        db,
        sql`select coalesce(sum(duration_actual), 0)::float8 as a, coalesce(sum(pay_hours), 0)::float8 as p from overtime_pay_lines where ot_date between ${FROM}::date and ${TO}::date`,
      );
      const b = median(base);
      console.log(`[${kind}] baseline (SQL Σ overlap of first/last punch with the windows): ${(b * 1000).toFixed(0)} ms, ${hours.toFixed(1)} h before breaks`);
      console.log(
        `[${kind}] recomputeOvertimePay({ from, to }): ${summary.requests} requests, ${summary.lines} lines; first ${(median(first) * 1000).toFixed(0)} ms (×${(median(first) / b).toFixed(1)}), again ${(median(again) * 1000).toFixed(0)} ms (×${(median(again) / b).toFixed(1)}); Σ actual ${sum!.a.toFixed(1)} h, Σ pay hours ${sum!.p.toFixed(1)}`,
      );
    } finally {
      await database.close();
    }
  }
}
