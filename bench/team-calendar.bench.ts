// Team Calendar benchmark (issue 30 §1): the demo company plus one generated department of BENCH_PEOPLE staff (500),
// two in three with a leave request this month (1–3 days, approved or pending, annual / unpaid / sick leave,
// work outside now and then) and a stored timesheet day for every past weekday of the month (present, late or absent).
// The real app serves in its own process; BENCH_CONNECTIONS (20) concurrent clients (autocannon) ask for the month
// view of the whole department on one page (`size` = the department) for BENCH_SECONDS (10): as HR with the
// department filter, and as a staff member of that department (their own-department scope). The baseline, measured
// in the same run, is GET /api/health (no session, no SQL). Budget: p95 ≤ 300 ms on PostgreSQL (issue 30); PGlite is
// printed beside it. Exits non-zero when a case misses the budget on PostgreSQL, answered nothing, or answered no rows.
// Run: npm run bench:team-calendar -w @tms/bench. Knobs: BENCH_PEOPLE (500), BENCH_SECONDS (10), BENCH_CONNECTIONS (20),
// BENCH_ONLY (pglite or postgres).
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { TEAM_CALENDAR_PATHS, type TeamCalendarData } from '@tms/contracts/team-calendar';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { companyToday } from '../apps/server/src/lib/dates.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { assertAnswered, assertMeasured, benchMain, fmt, freshDatabase, type Kind, measureGets, serveUntilStopped, sessionToken, settle, silentLogger, startServeChild } from './lib.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BUDGET_MS = 300;
const TZ = 'Asia/Ho_Chi_Minh';

type Served = { address: string; hrToken: string; staffToken: string; departmentId: number; from: string; to: string; people: number; requests: number; days: number; generatedSeconds: number };

/** The request days an answer holds (each request's days in the range). */
const requestDays = (data: TeamCalendarData) => data.people.reduce((n, p) => n + p.requests.reduce((m, r) => m + r.days.length, 0), 0);

/** The month of `today`: its first and last day. */
function monthOf(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/** The child: builds the data (set-based), serves the app, prints `Served` as one JSON line. */
async function serve(kind: Kind) {
  const database = await freshDatabase(kind, 'tms_bench_team_calendar');
  const db = database.db;
  const config = { ...loadConfig({}), seedDemo: true };
  const started = performance.now();
  await prepareData(db, config, silentLogger, { now: new Date() });
  const today = companyToday(TZ, new Date());
  const { from, to } = monthOf(today);
  const [dept] = await queryRows<{ id: number }>(
    db,
    sql`insert into departments (company_id, department_code, name, name_en, department_type, parent_id)
        select company_id, 'BENCH_TC', 'Phòng Bench', 'Bench Department', 'Department', id from departments where department_type = 'Division' order by id limit 1
        returning id`,
  );
  const departmentId = Number(dept!.id);
  const [counts] = await queryRows<{ people: number; requests: number; days: number }>(
    db,
    sql`
    with emp as (
      insert into employees (name, email, user_name, company_id, department_id, division_id, start_working_day, seniority_date, contract_type, work_schedule_type, location, employee_status)
      select 'Bench Calendar ' || i, 'tc' || i || '@bench.test', 'tc' || i, d.company_id, d.id, d.parent_id, date '2020-01-06', date '2020-01-06', 'UNLIMTED', 'HCM', 'CGLOBALHCM', 'Active'
        from generate_series(1, ${PEOPLE}::int) as i cross join departments d where d.id = ${departmentId}
      returning id, substr(user_name, 3)::int as n
    ),
    plan as (
      select emp.id, emp.n, (${from}::date + (emp.n * 7919) % 26)::date as start_date, 1 + emp.n % 3 as days,
             case when emp.n % 2 = 0 then 3 else 1 end as status,
             (array['ANN_LEAVE_CORP', 'UNPAID_LEAVE', 'SICK_LEAVE_SI', 'WORK_OUTSIDE'])[1 + emp.n % 4] as reason
        from emp where emp.n % 3 <> 0
    ),
    req as (
      insert into requests (employee_id, request_type, reason_type, start_date, end_date, status, quantity_in_hours, description)
      select p.id, case when p.reason = 'WORK_OUTSIDE' then 'WORK_OUTSIDE' else 'LEAVE_REQUEST' end, p.reason, p.start_date,
             p.start_date + p.days - 1, p.status, 8 * p.days, 'bench ' || p.n
        from plan p
      returning id, employee_id, start_date, end_date
    ),
    req_dates as (
      insert into request_dates (request_id, employee_id, date, shift, hours)
      select r.id, r.employee_id, d::date, 'FULL_DAY', 8 from req r cross join generate_series(r.start_date, r.end_date, interval '1 day') as d
      returning 1
    ),
    days as (
      insert into timesheet_days (employee_id, date, day_type, check_in, worked_minutes, absent_minutes, is_late_coming)
      select emp.id, d::date, 'WORKING', case when (emp.n + extract(day from d)::int) % 17 = 0 then null else '08:10' end,
             case when (emp.n + extract(day from d)::int) % 17 = 0 then 0 else 480 end,
             case when (emp.n + extract(day from d)::int) % 17 = 0 then 480 else 0 end,
             (emp.n + extract(day from d)::int) % 11 = 0
        from emp cross join generate_series(${from}::date, ${today}::date - 1, interval '1 day') as d
       where extract(isodow from d) < 6
      on conflict do nothing
      returning 1
    )
    select (select count(*)::int from emp) as people, (select count(*)::int from req) as requests,
           (select count(*)::int from days) + 0 * (select count(*) from req_dates) as days`,
  );
  // A staff member of the department signs in: the calendar of their own department.
  await db.execute(sql`insert into users (username, password_hash, employee_id) select 'tc1', 'bench-no-password', id from employees where user_name = 'tc1'`);
  await db.execute(sql`insert into user_roles (user_id, role) select id, 'STAFF' from users where username = 'tc1'`);
  await db.execute(sql`vacuum analyze`);
  const generatedSeconds = (performance.now() - started) / 1000;

  const app = await buildApp({ database, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const served: Served = { address, hrToken: await sessionToken(db, 'hr'), staffToken: await sessionToken(db, 'tc1'), departmentId, from, to, ...counts!, generatedSeconds };
  serveUntilStopped(served, () => app.close(), () => database.close());
}

async function runKind(kind: Kind): Promise<boolean> {
  const { served, stop } = await startServeChild<Served>(fileURLToPath(import.meta.url), kind);
  try {
    const base = served.address;
    console.log(
      `\n[${kind}] ${served.people} staff in one department, ${served.requests} requests, ${served.days} stored days, month ${served.from}…${served.to} ` +
        `(built in ${served.generatedSeconds.toFixed(1)} s); ${CONNECTIONS} clients, ${SECONDS} s a case`,
    );
    assertMeasured('people generated', served.people);
    const month = `${TEAM_CALENDAR_PATHS.calendar}?from=${served.from}&to=${served.to}&size=${Math.min(500, served.people)}`;
    const cases: [string, string, string][] = [
      ['HR, department filter', `/api${month}&department_id=${served.departmentId}`, served.hrToken],
      ['staff, own department', `/api${month}`, served.staffToken],
    ];
    // The answer must hold the department with its days: a calendar of nobody would measure nothing.
    for (const [label, path, token] of cases) {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await res.text();
      const body = JSON.parse(text) as { data: TeamCalendarData; page: { total_element: number } };
      assertMeasured(`${label}: status 200 (got ${res.status})`, res.status === 200 ? 1 : 0);
      assertMeasured(`${label}: people answered`, body.data.people.length);
      assertMeasured(`${label}: request days answered`, requestDays(body.data));
      console.log(`  ${label}: ${body.data.people.length} of ${body.page.total_element} people, ${requestDays(body.data)} request days, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KB`);
    }

    await measureGets(base, () => '/api/health', {}, { connections: CONNECTIONS, seconds: Math.min(3, SECONDS) }); // warm-up
    await settle(base);
    const baseline = await measureGets(base, () => '/api/health', {}, { connections: CONNECTIONS, seconds: SECONDS });
    assertAnswered('baseline /api/health', baseline);
    console.log(`  baseline GET /api/health   p50 ${fmt(baseline.p50).padStart(9)}  p95 ${fmt(baseline.p95).padStart(9)}  ${baseline.rps.toFixed(0).padStart(5)} req/s`);

    let ok = true;
    for (const [label, path, token] of cases) {
      await settle(base);
      const m = await measureGets(base, () => path, { authorization: `Bearer ${token}` }, { connections: CONNECTIONS, seconds: SECONDS });
      assertAnswered(label, m);
      const within = m.p95 <= BUDGET_MS && m.non2xx === 0;
      if (kind === 'postgres') ok &&= within;
      console.log(
        `  ${label.padEnd(24)} p50 ${fmt(m.p50).padStart(9)}  p95 ${fmt(m.p95).padStart(9)}  ${m.rps.toFixed(0).padStart(5)} req/s  ` +
          `${(m.p95 / Math.max(baseline.p95, 1)).toFixed(1).padStart(6)}× baseline p95  ${m.non2xx} non-200  ${within ? 'within' : 'MISSES'} ${BUDGET_MS} ms`,
      );
    }
    return ok;
  } finally {
    await stop();
  }
}

await benchMain(serve, runKind, `a case missed the ${BUDGET_MS} ms p95 budget on PostgreSQL or measured nothing`);
