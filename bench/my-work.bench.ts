// My Work benchmark (issue 26 §2): the demo company plus BENCH_EMPLOYEES generated staff (generate-company.ts, punches
// over the last week up to today), each with an annual leave grant and one pending leave request (annual, unpaid or
// wedding leave in turn) assigned to one of BENCH_APPROVERS approvers (generated staff with a user, so about
// BENCH_EMPLOYEES / BENCH_APPROVERS items wait for each), two unexplained abnormal cases after the lock date, and one
// pending fixed overtime row for every tenth employee. The real app serves in its own process; BENCH_CONNECTIONS
// concurrent clients (autocannon), each request signed in as a random one of the approvers, call each block in turn
// for BENCH_SECONDS: waiting, waiting-count, balances, today, my-requests, to-do, and period-state as HR. The baseline,
// measured in the same run, is GET /api/health (no session, no SQL): each block's p95 is printed with its ratio to it.
// The budget is p95 ≤ 200 ms per block; the bench exits non-zero when a block misses it, answered nothing, or the
// waiting list it measured was empty.
// Run: npm run bench:my-work -w @tms/bench. Knobs: BENCH_EMPLOYEES (10000), BENCH_APPROVERS (200), BENCH_SECONDS (10),
// BENCH_CONNECTIONS (20), BENCH_ONLY (pglite or postgres).
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { MY_WORK_PATHS } from '@tms/contracts/my-work';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { addDays, companyToday } from '../apps/server/src/lib/dates.ts';
import { getLockDate } from '../apps/server/src/modules/payroll-periods/payroll-periods.service.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { generateCompany } from './generate-company.ts';
import { assertAnswered, assertMeasured, benchMain, fmt, freshDatabase, type Kind, type Measured, percentile, serveUntilStopped, sessionToken, settle, silentLogger, startServeChild } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const APPROVERS = Number(process.env.BENCH_APPROVERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BUDGET_MS = 200;
const TZ = 'Asia/Ho_Chi_Minh';

type Served = { address: string; tokens: string[]; hrToken: string; employees: number; pending: number; cases: number; overtime: number; generatedSeconds: number };

/** The child: builds the data, serves the app, prints `Served` as one JSON line. */
async function serve(kind: Kind) {
  const database = await freshDatabase(kind, 'tms_bench_my_work');
  const db = database.db;
  const config = { ...loadConfig({}), seedDemo: true };
  const started = performance.now();
  await prepareData(db, config, silentLogger, { now: new Date() });
  const today = companyToday(TZ, new Date());
  const lock = (await getLockDate(db)) ?? addDays(today, -30);
  const made = await generateCompany(db, { employees: EMPLOYEES, fromDate: addDays(today, -6), toDate: today });

  // Approvers: the first APPROVERS generated staff get a user each; the others' pending items are spread over them.
  await db.execute(sql`
    insert into users (username, password_hash, employee_id)
    select e.user_name, 'bench-no-password', e.id from employees e
     where e.user_name like 'bench%' and substr(e.user_name, 6)::int <= ${APPROVERS}`);
  await db.execute(sql`insert into user_roles (user_id, role) select u.id, 'GROUP_LEAD' from users u where u.username like 'bench%'`);
  const [counts] = await queryRows<{ pending: number; cases: number; overtime: number }>(
    db,
    sql`
    with emp as (
      select e.id, substr(e.user_name, 6)::int as n from employees e where e.user_name like 'bench%'
    ),
    approver as (
      select substr(u.username, 6)::int as n, u.id as user_id from users u where u.username like 'bench%'
    ),
    grant_rows as (
      insert into leave_fund_rows (employee_id, fund_type, amount, apply_date, expire_date)
      select id, 'default_leave', 40, date_trunc('year', ${today}::date)::date, (date_trunc('year', ${today}::date) + interval '1 year - 1 day')::date from emp
      returning id, employee_id
    ),
    grant_ledger as (
      insert into leave_ledger (fund_row_id, employee_id, amount, cause, entry_date)
      select id, employee_id, 40, 'GRANT', date_trunc('year', ${today}::date)::date from grant_rows returning 1
    ),
    req as (
      insert into requests (employee_id, request_type, reason_type, start_date, end_date, start_shift, end_shift, quantity_in_hours,
                            quantity_in_minutes, status, assignee_user_id, original_assignee_user_id, created_by_user_id, created_at)
      select emp.id, 'LEAVE_REQUEST', (array['ANN_LEAVE_CORP', 'UNPAID_LEAVE', 'PAID_LEAVE_WEDDING'])[1 + emp.n % 3],
             ${today}::date + 7 + emp.n % 14, ${today}::date + 7 + emp.n % 14, 'MORNING', 'AFTERNOON', 8, 480, 1,
             a.user_id, a.user_id, a.user_id, now() - make_interval(mins => emp.n % 5000)
        from emp join approver a on a.n = 1 + emp.n % ${APPROVERS}
       where emp.n > ${APPROVERS}
      returning id, employee_id, start_date
    ),
    req_dates as (insert into request_dates (request_id, employee_id, date, shift, hours) select id, employee_id, start_date, 'FULL_DAY', 8 from req returning 1),
    cases as (
      insert into abnormal_cases (employee_id, abnormal_date, reason, minute_violation, status)
      select emp.id, d, '2', 10 + emp.n % 50, 0
        from emp cross join (values (greatest(${lock}::date + 1, ${today}::date - 3)), (greatest(${lock}::date + 1, ${today}::date - 2))) as v(d)
      on conflict do nothing
      returning 1
    ),
    project as (select id from projects order by id limit 1),
    ot as (
      insert into overtime_requests (kind, title, project_id, ot_date, start_at, end_at, ot_type, date_type, assignee_user_id, created_by_user_id)
      select 'FIXED', 'Bench overtime ' || emp.n, project.id, ${today}::date + 3, (${today}::date + 3 + time '18:00') at time zone ${TZ},
             (${today}::date + 3 + time '20:00') at time zone ${TZ}, 'OT_AT_OFFICE', 'WORKDAY', a.user_id, a.user_id
        from emp cross join project join approver a on a.n = 1 + emp.n % ${APPROVERS}
       where emp.n > ${APPROVERS} and emp.n % 10 = 0
      returning id, assignee_user_id, substr(title, 16)::int as n
    ),
    ot_staff as (
      insert into overtime_request_staff (overtime_request_id, employee_id, status, approver_user_id)
      select ot.id, emp.id, 1, ot.assignee_user_id from ot join emp on emp.n = ot.n returning 1
    )
    select (select count(*)::int from req) as pending, (select count(*)::int from cases) as cases, (select count(*)::int from ot_staff) as overtime,
           (select count(*) from grant_ledger) + (select count(*) from req_dates) as side`,
  );
  await db.execute(sql`vacuum analyze`);
  const generatedSeconds = (performance.now() - started) / 1000;

  const app = await buildApp({ database, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const approverNames = (await queryRows<{ username: string }>(db, sql`select username from users where username like 'bench%' order by id`)).map((r) => r.username);
  const tokens: string[] = [];
  for (const name of approverNames) tokens.push(await sessionToken(db, name));
  const served: Served = { address, tokens, hrToken: await sessionToken(db, 'hr'), employees: made.employees, ...counts!, generatedSeconds };
  serveUntilStopped(served, () => app.close(), () => database.close());
}

/** GETs of one path under CONNECTIONS clients for SECONDS, each request with a random token of `tokens` (none: no header). */
async function measure(base: string, path: string, tokens: readonly string[]): Promise<Measured> {
  const times: number[] = [];
  let non2xx = 0;
  const pick = () => tokens[Math.floor(Math.random() * tokens.length)]!;
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request: Record<string, unknown>) => ({ ...request, path, headers: tokens.length === 0 ? {} : { authorization: `Bearer ${pick()}` } }),
      },
    ],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode !== 200) non2xx += 1;
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), rps: result.requests.average, count: times.length, non2xx };
}

async function runKind(kind: Kind): Promise<boolean> {
  const { served, stop } = await startServeChild<Served>(fileURLToPath(import.meta.url), kind);
  try {
    const base = served.address;
    console.log(
      `\n[${kind}] ${served.employees} generated staff, ${served.tokens.length} approvers, ${served.pending} pending requests, ` +
        `${served.overtime} pending fixed OT rows, ${served.cases} unexplained cases (built in ${served.generatedSeconds.toFixed(1)} s); ` +
        `${CONNECTIONS} clients, ${SECONDS} s a block`,
    );
    assertMeasured('pending requests generated', served.pending);
    // The waiting list must hold items for the approvers measured.
    const sample = await fetch(`${base}/api${MY_WORK_PATHS.waiting}`, { headers: { authorization: `Bearer ${served.tokens[0]}` } });
    const sampleBody = (await sample.json()) as { data: { total: number; items: { balance_after: number | null }[] } };
    assertMeasured('waiting items of an approver', sampleBody.data.total);
    console.log(`  an approver's waiting list: ${sampleBody.data.total} items, ${sampleBody.data.items.filter((i) => i.balance_after !== null).length} with a balance after`);

    await measure(base, '/api/health', []); // warm-up
    await settle(base);
    const baseline = await measure(base, '/api/health', []);
    assertAnswered('baseline /api/health', baseline);
    console.log(`  baseline GET /api/health: p50 ${fmt(baseline.p50)}, p95 ${fmt(baseline.p95)}, ${baseline.rps.toFixed(0)} req/s`);

    const blocks: [string, string, readonly string[]][] = [
      ['waiting', MY_WORK_PATHS.waiting, served.tokens],
      ['waiting-count', MY_WORK_PATHS.waitingCount, served.tokens],
      ['balances', MY_WORK_PATHS.balances, served.tokens],
      ['today', MY_WORK_PATHS.today, served.tokens],
      ['my-requests', MY_WORK_PATHS.myRequests, served.tokens],
      ['to-do', MY_WORK_PATHS.toDo, served.tokens],
      ['period-state (HR)', MY_WORK_PATHS.periodState, [served.hrToken]],
    ];
    let ok = true;
    for (const [label, path, tokens] of blocks) {
      await settle(base);
      const m = await measure(base, `/api${path}`, tokens);
      assertAnswered(label, m);
      const within = m.p95 <= BUDGET_MS && m.non2xx === 0;
      ok &&= within;
      console.log(
        `  ${label.padEnd(18)} p50 ${fmt(m.p50).padStart(9)}  p95 ${fmt(m.p95).padStart(9)}  ${m.rps.toFixed(0).padStart(5)} req/s  ` +
          `${(m.p95 / Math.max(baseline.p95, 1)).toFixed(1).padStart(6)}× baseline p95  ${m.non2xx} non-200  ${within ? 'within' : 'MISSES'} ${BUDGET_MS} ms`,
      );
    }
    return ok;
  } finally {
    await stop();
  }
}

await benchMain(serve, runKind, `a block missed the ${BUDGET_MS} ms p95 budget or measured nothing`);
