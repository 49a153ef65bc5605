// The leave accrual benchmark (issue 8 §2 "Done when": a full run for 10,000 employees in ≤ 10 s). On PGlite and on
// the PostgreSQL server when it answers, with 10,000 generated employees, the 12 payroll periods of 2025 and a paid
// day for every weekday (generate-leave.ts), it times
//   (a) a full runLeaveAccrual from an empty ledger (every default and seniority row of the year granted),
//   (b) a second run over unchanged data (nothing to write),
//   (c) the baseline: one plain SQL sum over the same ledger (`select employee_id, sum(amount) … group by`),
// and prints the ratios. Run: npm run bench:leave-accrual -w @tms/bench (or npx tsx bench/leave-accrual.bench.ts).
// Knobs: BENCH_EMPLOYEES (10000), BENCH_ONLY (pglite or postgres).
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.ts';
import { runLeaveAccrual } from '../apps/server/src/modules/leave/accrual.service.ts';
import { generateLeaveCompany, LEAVE_BENCH_YEAR } from './generate-leave.ts';
import { freshDatabase, serverAnswers } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const ONLY = process.env.BENCH_ONLY;
const THROUGH = `${LEAVE_BENCH_YEAR}-12-31`;

const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (ONLY !== 'pglite' && (await serverAnswers())) kinds.push('postgres');
if (ONLY === 'pglite' || ONLY === 'postgres') kinds.splice(0, kinds.length, ONLY);
for (const kind of kinds) {
  const database = await freshDatabase(kind, 'tms_bench_leave_accrual');
  const db = database.db;
  let started = performance.now();
  const made = await generateLeaveCompany(db, { employees: EMPLOYEES });
  const generated = (performance.now() - started) / 1000;

  started = performance.now();
  const full = await runLeaveAccrual(db, { employeeIds: null, through: THROUGH, byUserId: null });
  const fullSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  const again = await runLeaveAccrual(db, { employeeIds: null, through: THROUGH, byUserId: null });
  const againSeconds = (performance.now() - started) / 1000;

  // The baseline, run twice (the first warms the cache) and the second timed.
  await queryRows(db, sql`select employee_id, sum(amount) from leave_ledger group by employee_id`);
  started = performance.now();
  const sums = await queryRows<{ employee_id: number }>(db, sql`select employee_id, sum(amount) from leave_ledger group by employee_id`);
  const baseline = (performance.now() - started) / 1000;
  const [stored] = await queryRows<{ rows: number; ledger: number }>(db, sql`select (select count(*)::int from leave_fund_rows) as rows, (select count(*)::int from leave_ledger) as ledger`);

  console.log(
    `[${kind}] ${made.employees} employees, ${made.periods} payroll periods of ${LEAVE_BENCH_YEAR}, ${made.days} paid-day rows (generated in ${generated.toFixed(1)} s)\n` +
      `  (a) full accrual from empty: ${fullSeconds.toFixed(2)} s — ${full.granted} rows granted (${stored?.rows} fund rows, ${stored?.ledger} ledger rows), ${full.conflicts} conflicts — ${(fullSeconds / baseline).toFixed(1)}× the baseline\n` +
      `  (b) again, nothing changed: ${againSeconds.toFixed(2)} s (${again.granted + again.adjusted + again.removed} written) — ${(againSeconds / baseline).toFixed(1)}× the baseline\n` +
      `  (c) baseline Σ ledger per employee: ${(baseline * 1000).toFixed(0)} ms (${sums.length} employees)`,
  );
  await database.close();
}
process.exit(0);
