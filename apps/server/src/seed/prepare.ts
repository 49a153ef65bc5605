import { randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { companyToday } from '../lib/dates.ts';
import { queryRows, type Db, type DbOrTx } from '../db/client.ts';
import { companies, departments, employees } from '../db/schema/organisation.ts';
import { userRoles, users } from '../db/schema/identity.ts';
import { DEMO_PASSWORD, seedDemo, seedReferenceData } from './demo.ts';
import { employeeRangesOf } from '../modules/timesheet/recalculate.ts';
import { clearQueue } from '../modules/timesheet/recalc-queue.repository.ts';
import { recomputeRanges } from '../modules/recalculation/recompute.ts';
import { drainAll } from '../modules/recalculation/drain.ts';
import { fixedClock } from '../lib/clock.ts';
import { settleExpiries } from '../modules/leave/accrual.job.ts';
import { runLeaveAccrual } from '../modules/leave/accrual.service.ts';
import { seedLeaveHistory } from './leave-history.ts';
import { vnHolidaySet } from './holidays.ts';
import { DEMO_ACCOUNTS } from './org.ts';
import { seedDemoRequests, type DemoRequestsSummary } from './requests.ts';
import { insertPeriods, periodMonthOf, periodOfMonth } from './periods.ts';
import { insertStaffPolicies } from './schedules.ts';
import { syncAnnualLeaveColumns } from './administration.ts';

export type Prepared = { demoAccounts?: string[]; demoPassword?: string; generatedAdminPassword?: string };

/** Key of the transaction-level advisory lock that serialises first-start seeding across replicas. */
const SEED_LOCK_KEY = 7_305_011_202;
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!@#%*-_';

async function hasUsers(db: DbOrTx): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(db, sql`select exists (select 1 from users) as found`);
  return Boolean(row?.found);
}

export function generatePassword(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/**
 * First start (RULES.md §2): on a database without users, the demo company (unless SEED_DEMO=false) or just the
 * `admin` user. Several replicas may start at once: the whole seed is one transaction behind an advisory lock, and
 * emptiness is checked again once the lock is held, so exactly one of them seeds. `opts.now` is the app clock's now:
 * the demo's dates are relative to it.
 */
export async function prepareData(db: Db, config: Config, log: FastifyBaseLogger, opts: { now: Date }): Promise<Prepared> {
  if (await hasUsers(db)) return {};
  const { now } = opts;
  const generatedAdminPassword = config.seedDemo || config.adminPassword ? undefined : generatePassword();
  // argon2id once; every demo user shares the hash, which keeps the first start fast.
  const passwordHash = await hash(config.seedDemo ? DEMO_PASSWORD : (config.adminPassword ?? generatedAdminPassword!));
  const started = performance.now();
  let demoRequests: DemoRequestsSummary | null = null;

  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(SEED_LOCK_KEY))})`);
    if (await hasUsers(tx)) return 'already-seeded' as const;
    if (config.seedDemo) return seedDemo(tx, { timeZone: config.companyTimeZone, passwordHash, now });
    await seedFirstAdmin(tx, { timeZone: config.companyTimeZone, passwordHash, now });
    return 'admin' as const;
  });

  // Fresh tables have no planner statistics; PGlite has no autovacuum to gather them (lib/maintenance.ts).
  if (outcome !== 'already-seeded') await db.execute(sql`analyze`);
  // The demo's timesheets are computed from its punches once, approved periods included (they were approved with
  // these values); from then on punches and edits recalculate incrementally.
  if (outcome !== 'already-seeded' && outcome !== 'admin') {
    const { periods } = outcome;
    // Everyone employed during the demo periods: a full recalculation includes the leaver up to their last day; the
    // OT pay of the same days follows. It covers whatever the demo transaction queued, so the queue starts empty.
    const ranges = await employeeRangesOf(db, { from: periods[0]!.fromDate, to: periods[periods.length - 1]!.toDate });
    await recomputeRanges(db, ranges, { timeZone: config.companyTimeZone, now, includeLocked: true });
    await clearQueue(db);
    // The demo periods' leave accrual reads their paid days, so it runs once they are computed. It replays each period
    // as it was accrued when it ended, before its approval locked it (no lock date); then the past leave is taken
    // and carried in date order through the allocation, and then the previous year's settlement and the expiry sweep
    // run, as the job does after its accrual.
    await runLeaveAccrual(db, { employeeIds: null, through: outcome.today, byUserId: null, lockDateOverride: null });
    await seedLeaveHistory(db, outcome.leaveHistory);
    await settleExpiries(db, { employeeIds: null, today: outcome.today, byUserId: null });
    // Requests, explanations and special explanations through their services, on the computed days (issue 9).
    demoRequests = await seedDemoRequests(db, config, log, { now, today: outcome.today });
    // What those writes queued is recomputed before the server answers its first request.
    await drainAll({ db, clock: fixedClock(now, config.companyTimeZone), log });
    // The employee records' annual leave columns from the ledger as it now stands (issue 10, Benefit & Perks).
    await syncAnnualLeaveColumns(db, outcome.today);
  }
  const ms = Math.round(performance.now() - started);
  if (outcome === 'already-seeded') {
    log.info('another instance prepared the database first');
    return {};
  }
  if (outcome === 'admin') {
    log.info({ ms }, 'first start: admin user created');
    return generatedAdminPassword ? { generatedAdminPassword } : {};
  }
  log.info(
    { ms, employees: outcome.employees, punches: outcome.punches, bonusLeaveRows: outcome.bonusLeaveRows, requests: demoRequests, administration: outcome.administration, periods: outcome.periods.map((p) => p.name) },
    'demo data seeded',
  );
  return { demoAccounts: [...DEMO_ACCOUNTS], demoPassword: DEMO_PASSWORD };
}

/** Without demo data: the reference configuration, the current payroll period and one ADMIN user with its employee. */
async function seedFirstAdmin(db: DbOrTx, opts: { timeZone: string; passwordHash: string; now: Date }): Promise<void> {
  const today = companyToday(opts.timeZone, opts.now);
  await seedReferenceData(db, opts.timeZone);
  const [company] = await db.insert(companies).values({ code: 'COMPANY', name: 'Company' }).returning({ id: companies.id });
  const [division] = await db
    .insert(departments)
    .values({ companyId: company!.id, departmentCode: 'DIV-ADMIN', name: 'Administration', nameEn: 'Administration', departmentType: 'Division' })
    .returning({ id: departments.id });
  const [department] = await db
    .insert(departments)
    .values({ companyId: company!.id, departmentCode: 'DEP-ADMIN', name: 'Administration', nameEn: 'Administration', departmentType: 'Department', parentId: division!.id })
    .returning({ id: departments.id });
  const [employee] = await db
    .insert(employees)
    .values({
      name: 'Administrator',
      email: 'admin@localhost',
      userName: 'admin',
      companyId: company!.id,
      departmentId: department!.id,
      divisionId: division!.id,
      workScheduleType: 'HCM',
      workScheduleApplyDate: today,
      startWorkingDay: today,
      seniorityDate: today,
      contractType: 'UNLIMTED',
      nationality: 'VNM',
    })
    .returning({ id: employees.id });
  const [user] = await db.insert(users).values({ username: 'admin', passwordHash: opts.passwordHash, employeeId: employee!.id }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user!.id, role: 'ADMIN' });
  await insertStaffPolicies(db, [{ id: employee!.id, startWorkingDay: today, workScheduleType: 'HCM' }], user!.id);
  await insertPeriods(db, company!.id, [{ ...periodOfMonth(periodMonthOf(today), vnHolidaySet()), status: 0 }]);
}
