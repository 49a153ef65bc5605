import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../db/client.ts';
import { addDays, companyToday, toDmy } from '../../lib/dates.ts';
import { seedFixture } from '../../test/fixture.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { databaseForProcess, spawnScript } from '../../test/server-process.ts';

/**
 * A crash between a write's commit and its recalculation loses nothing (docs/recalculation.md). A process imports
 * punches — the import's transaction queues their days — and is killed with SIGKILL before anything drains them; the
 * real server then starts on that database and, within 10 s of answering, has recomputed every affected day. On the
 * embedded database and, with DATABASE_URL, on the server. The server runs on the real clock, so the days are the
 * two days before today.
 */
const TZ = 'Asia/Ho_Chi_Minh';
const WITHIN_MS = 10_000;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const PEOPLE = ['staff', 'staff2', 'staff3', 'staff4', 'gl', 'dl', 'pm', 'hr'];

async function prepare(db: Db, days: string[]) {
  const fixture = await seedFixture(db);
  await insertWeekdaySchedule(db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00', minutes: 480 });
  await db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, lack_of_time_allowed, ot_type, apply_date, expire_date)
    select id, 'HCM', 'DAY', 15, 'OT_FIXED', '2020-01-06', '9999-12-30' from employees`);
  await db.execute(sql`
    insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, start_date, end_date)
    select id, 'SG-' || user_name, 'SPEEDGATE', '2020-01-06', '9999-12-30' from employees`);
  await db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
                       values (${fixture.companyId}, 'OPEN', ${addDays(days[0]!, -20)}, ${addDays(days[1]!, 20)}, 20, 0)`);
  return fixture;
}

type StoredDay = { user_name: string; date: string; check_in: string | null; check_out: string | null };

async function storedDays(db: Db, days: string[]): Promise<StoredDay[]> {
  return queryRows<StoredDay>(
    db,
    sql`select e.user_name, d.date::text as date, d.check_in, d.check_out from timesheet_days d join employees e on e.id = d.employee_id
         where d.date = any(${`{${days.join(',')}}`}::date[]) and e.user_name = any(${`{${PEOPLE.join(',')}}`}::text[]) order by 1, 2`,
  );
}

const queued = async (db: Db) => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from recalc_queue`))[0]!.n;

describe('a crash after the commit', { timeout: 240_000 }, () => {
  it('leaves every affected day to be recomputed within 10 s of the restart', async () => {
    const today = companyToday(TZ, new Date());
    const days = [addDays(today, -2), addDays(today, -1)];
    const database = await databaseForProcess('tms-crash-', (cleanup) => cleanups.push(cleanup));
    await database.use((d) => prepare(d.db, days));

    // 1. The write commits and the process dies before the drain.
    const rows = PEOPLE.flatMap((u, i) => days.map((date) => ({ 'Attendance Check System': 'SPEEDGATE', 'Attendance Check ID': `SG-${u}`, Date: toDmy(date)!, 'Check In': `08:${10 + i}`, 'Check Out': `17:${40 + i}` })));
    const writer = spawnScript('src/test/crash-writer.ts', { env: { ...database.env, CRASH_ROWS: JSON.stringify(rows) }, onCleanup: (c) => cleanups.push(c) });
    const died = await writer.exited;
    expect(writer.output()).toContain(`committed ${rows.length}`);
    expect(died.signal).toBe('SIGKILL');
    await database.use(async (d) => {
      expect(await queued(d.db)).toBe(PEOPLE.length);
      expect(await storedDays(d.db, days)).toEqual([]);
    });

    // 2. The server restarts on that database; its job worker drains what the dead process left.
    const server = spawnScript('src/server.ts', {
      env: { ...database.env, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', ADMIN_PASSWORD: 'Crash-Test-1', LOG_LEVEL: 'warn' },
      onCleanup: (c) => cleanups.push(c),
    });
    await server.waitFor('TMS is running');
    const answering = Date.now();
    if (process.env.DATABASE_URL) {
      // A server database can be watched while the server runs: the queue empties within the bound.
      let drainedAfter = Infinity;
      while (Date.now() - answering < WITHIN_MS) {
        if ((await database.use((d) => queued(d.db))) === 0) {
          drainedAfter = Date.now() - answering;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(drainedAfter, server.output()).toBeLessThan(WITHIN_MS);
    } else {
      // The embedded database is the server's alone while it runs: look once the bound has passed.
      await new Promise((resolve) => setTimeout(resolve, WITHIN_MS));
    }
    server.kill('SIGTERM');
    expect((await server.exited).code, server.output()).toBe(0);

    await database.use(async (d) => {
      expect(await queued(d.db)).toBe(0);
      const expected = PEOPLE.flatMap((u, i) => days.map((date) => ({ user_name: u, date, check_in: `08:${10 + i}`, check_out: `17:${40 + i}` })));
      expect(await storedDays(d.db, days)).toEqual(expected.sort((a, b) => (a.user_name + a.date).localeCompare(b.user_name + b.date)));
    });
  });
});
