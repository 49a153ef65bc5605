// The department policy benchmark (issue 10, brief H3): the demo company plus a department of 1,000 employees
// without staff policies of their own, each with punches on every working day from the day after the lock date to
// today. A department policy is set for it through the HTTP route (POST /api/tms/department-policy/set-policy), so
// every member's days change schedule; more than 200 employees are left to the job worker's drain of the
// recalculation queue, which is then run to the end. It times the request, the drain, and the total until the
// recomputation is done (aim ≤ 5 s), then an edit of
// the same policy (its expire date) the same way. PGlite always; the PostgreSQL server too when it answers.
// Run: npm run bench:department-policy -w @tms/bench   (BENCH_EMPLOYEES, BENCH_ONLY=pglite|postgres)
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { runDueJobs, runWorkerTasks } from '../apps/server/src/lib/jobs.ts';
import { getLockDate } from '../apps/server/src/modules/payroll-periods/payroll-periods.service.ts';
import { benchKinds, freshDatabase, sessionToken, silentLogger } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 1000);
const ONLY = process.env.BENCH_ONLY;
const TZ = 'Asia/Ho_Chi_Minh';
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

for (const kind of await benchKinds(ONLY)) {
  const database = await freshDatabase(kind, 'tms_bench_department_policy');
  const db = database.db;
  const config = { ...loadConfig({}), seedDemo: true };
  await prepareData(db, config, silentLogger, { now: new Date() });
  const app = await buildApp({ database, config: { ...config, seedDemo: false } });
  await app.ready();

  const lock = (await getLockDate(db)) ?? '2020-01-01';
  const today = (await queryRows<{ today: string }>(db, sql`select (now() at time zone ${TZ})::date::text as today`))[0]!.today;
  const from = new Date(Date.parse(`${lock}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

  // The department, its members (no staff policy: the department's applies), their cards and punches.
  const [dep] = await queryRows<{ id: number }>(
    db,
    sql`insert into departments (company_id, department_code, name, name_en, department_type, parent_id)
        select company_id, 'BENCH_DEP', 'Bench Department', 'Bench Department', 'Department', id
          from departments where department_type = 'Division' order by id limit 1
        returning id`,
  );
  await db.execute(sql`
    insert into employees (name, email, user_name, company_id, department_id, division_id, start_working_day, seniority_date,
                           contract_type, work_schedule_type, location, sf4c_id, employee_status)
    select 'Bench Member ' || i, 'bmember' || i || '@bench.test', 'bmember' || i, d.company_id, d.id, d.parent_id,
           date '2020-01-06', date '2020-01-06', 'UNLIMTED', 'HCM', 'CGLOBALHCM', 'BDM' || i, 'Active'
      from generate_series(1, ${EMPLOYEES}::int) as i, departments d where d.id = ${dep!.id}`);
  await db.execute(sql`
    insert into punches (system, attendance_check_id, employee_id, punched_at, source)
    select 'SPEEDGATE', 'BDM' || e.id, e.id, (day + t) - interval '7 hours', 'bench'
      from employees e
      cross join generate_series(${from}::date, ${today}::date - 1, interval '1 day') as day
      cross join (values (time '09:55'), (time '19:05')) as p(t)
     where e.department_id = ${dep!.id} and extract(isodow from day) < 6`);
  const punches = (await queryRows<{ punches: number }>(db, sql`select count(*)::int as punches from punches where source = 'bench'`))[0]!.punches;

  // An admin session for the HTTP calls.
  const token = await sessionToken(db, 'admin');
  const headers = { authorization: `Bearer ${token}` };

  async function timed(label: string, call: () => Promise<{ statusCode: number; body: string }>) {
    const started = performance.now();
    const res = await call();
    const requestMs = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    const jobStarted = performance.now();
    const jobs = await runDueJobs(app);
    await runWorkerTasks(app);
    const jobMs = performance.now() - jobStarted;
    const days = (
      await queryRows<{ days: number }>(
        db,
        sql`select count(*)::int as days from timesheet_days td join employees e on e.id = td.employee_id
             where e.department_id = ${dep!.id} and td.schedule_code = 'FLEXIBLE' and td.date >= ${from}::date`,
      )
    )[0]!.days;
    if (days === 0) throw new Error(`${label}: no member-day was recomputed on the new schedule: the bench measured nothing`);
    const total = requestMs + jobMs;
    console.log(
      `${kind.padEnd(8)} ${label.padEnd(24)} request ${seconds(requestMs)}  drain ${seconds(jobMs)} (${jobs} job(s))  total ${seconds(total)}  ` +
        `member-days on FLEXIBLE ${days}  ${total <= 5000 ? 'OK (≤ 5 s)' : 'SLOW (> 5 s)'}`,
    );
    return JSON.parse(res.body) as { data: { ids: number[] } };
  }

  // Warm-up: the first request of a fresh process compiles the routes' schemas and plans; not part of the change.
  await app.inject({ method: 'GET', url: '/api/tms/department-policy', headers });
  console.log(`${kind}: ${EMPLOYEES} members, ${punches} punches, days ${from} … ${today} (lock ${lock})`);
  const body = {
    department_ids: [dep!.id],
    work_schedule_code: 'FLEXIBLE',
    rule_type: 'HOUR',
    explanation_number: 3,
    refund_hours_per_explanation: 1,
    explanation_time_per_days: 1,
    lack_of_time_allowed: 30,
    ot_type: 'OT_FLEXIBLE',
    url_policy: 'https://policy.example.com/flexible',
    apply_date: from,
    expire_date: '9999-12-30',
  };
  const set = await timed('set department policy', () => app.inject({ method: 'POST', url: '/api/tms/department-policy/set-policy', headers, payload: body }));
  const id = set.data.ids[0]!;
  await timed('edit (expire date)', () =>
    app.inject({ method: 'PUT', url: '/api/tms/department-policy/edit-policy', headers, payload: { ...body, department_ids: undefined, id, version: 1, expire_date: '2099-12-31' } }),
  );
  await app.close();
  await database.close();
}
