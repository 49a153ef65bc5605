import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { seedFixture, type Fixture } from '../../test/fixture.ts';
import { periodOfMonth } from '../payroll-periods/period-calendar.ts';
import { runLeaveAccrual } from './accrual.service.ts';

/**
 * Persisting the accrual engine (docs/leave-ledger.md "Persisting") against the database: grants with source keys,
 * nothing written the second time, paid-days and configuration changes, probation turned official, conflicts below
 * the used hours, one employee or all, progress. The service takes the day it accrues through; no clock is read.
 */

let database: Database;
let db: Db;
let fixture: Fixture;
let hr: number;

const emp = (username: string) => fixture.employeeIds[username]!;
const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04'];
const period = (month: string) => periodOfMonth(month);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  fixture = await seedFixture(db);
  hr = fixture.userIds.hr!;
  for (const m of ['2025-12', ...MONTHS]) {
    const p = period(m);
    await db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
                         values (${fixture.companyId}, ${p.name}, ${p.from}, ${p.to}, 20, 0)`);
  }
});
afterAll(() => database.close());

/** Each test starts without leave rows, configurations, contracts or days. */
beforeEach(async () => {
  await db.execute(sql`delete from leave_ledger`);
  await db.execute(sql`delete from leave_fund_rows`);
  await db.execute(sql`delete from leave_general_configs`);
  await db.execute(sql`delete from employee_contracts`);
  await db.execute(sql`delete from timesheet_days`);
  await insertConfig({ leaveHourInMonth: 12, applyDate: '2025-01-01', expireDate: '2026-12-31' });
});

async function insertConfig(c: { leaveHourInMonth: number; applyDate: string; expireDate: string }) {
  await db.execute(sql`insert into leave_general_configs (seniority_leave_hour, seniority_leave_year, conditional_month, leave_hour_in_month, advance_leave, apply_date, expire_date)
                       values (8, 5, 80, ${c.leaveHourInMonth}, 2, ${c.applyDate}, ${c.expireDate})`);
}

/** `paid` paid days (value 1) in the period of `month` for the employees (the final values an HR edit also writes). */
async function setPaid(employeeIds: readonly number[], month: string, paid: number) {
  const p = period(month);
  for (const id of employeeIds) {
    await db.execute(sql`delete from timesheet_days where employee_id = ${id} and date between ${p.from} and ${p.to}`);
    await db.execute(sql`insert into timesheet_days (employee_id, date, day_type, computed_value, value)
                         select ${id}, d::date, 'WORKING', 1, 1 from generate_series(${p.from}::date, ${p.from}::date + ${paid - 1}::int, interval '1 day') d`);
  }
}

const counts = async () =>
  (await queryRows<{ rows: number; ledger: number }>(db, sql`select (select count(*)::int from leave_fund_rows) as rows, (select count(*)::int from leave_ledger) as ledger`))[0]!;

const rowsOf = (employeeId: number) =>
  queryRows<{ id: number; source_key: string; fund_type: string; amount: string; apply_date: string; expire_date: string; financial_year: number; description: string; deleted: boolean }>(
    db,
    sql`select id, source_key, fund_type, amount::text, apply_date::text, expire_date::text, financial_year, description, deleted_at is not null as deleted
          from leave_fund_rows where employee_id = ${employeeId} order by source_key, id`,
  );
const ledgerOf = (employeeId: number) =>
  queryRows<{ key: string; amount: string; cause: string; entry_date: string; created_by: number | null }>(
    db,
    sql`select f.source_key as key, l.amount::text, l.cause, l.entry_date::text, l.created_by
          from leave_ledger l join leave_fund_rows f on f.id = l.fund_row_id where l.employee_id = ${employeeId} order by l.id`,
  );

const run = (employeeIds: number[] | null, through: string, extra: { onProgress?: (d: number, t: number) => void; chunkSize?: number } = {}) =>
  runLeaveAccrual(db, { employeeIds, through, byUserId: hr, ...extra });

describe('runLeaveAccrual', () => {
  it('first run: one row per earned month and fund with its GRANT entry, keyed; periods not ended are left out', async () => {
    const staff = emp('staff');
    for (const m of ['2026-01', '2026-02', '2026-03']) await setPaid([staff], m, 20);
    const summary = await run([staff], '2026-03-24');
    expect(summary).toMatchObject({ employees: 1, granted: 4, adjusted: 0, removed: 0, conflicts: 0 });
    // Seniority since 2020-01-06: 6 full years → 8 h a year, accrued in twelfths (0.667 + 0.666 + …).
    expect((await rowsOf(staff)).map((r) => [r.source_key, r.fund_type, r.amount, r.apply_date, r.expire_date, r.financial_year, r.description])).toEqual([
      ['default:2026-01', 'default_leave', '12.000', '2026-01-25', '2026-12-31', 2026, 'Monthly accrual T01-2026'],
      ['default:2026-02', 'default_leave', '12.000', '2026-02-25', '2026-12-31', 2026, 'Monthly accrual T02-2026'],
      ['seniority:2026-01', 'seniority_leave', '0.667', '2026-01-25', '2026-12-31', 2026, 'Seniority accrual T01-2026'],
      ['seniority:2026-02', 'seniority_leave', '0.666', '2026-02-25', '2026-12-31', 2026, 'Seniority accrual T02-2026'],
    ]);
    expect((await ledgerOf(staff)).map((l) => [l.key, l.amount, l.cause, l.entry_date, l.created_by])).toEqual([
      ['default:2026-01', '12.000', 'GRANT', '2026-01-25', hr],
      ['default:2026-02', '12.000', 'GRANT', '2026-02-25', hr],
      ['seniority:2026-01', '0.667', 'GRANT', '2026-01-25', hr],
      ['seniority:2026-02', '0.666', 'GRANT', '2026-02-25', hr],
    ]);
    // T03 ends on the 25th: accrued once that day has come.
    expect(await run([staff], '2026-03-25')).toMatchObject({ granted: 2 });
  });

  it('second run with the same inputs writes nothing', async () => {
    const staff = emp('staff');
    for (const m of MONTHS) await setPaid([staff], m, 18);
    await run(null, '2026-04-30');
    const before = await counts();
    expect(before.rows).toBeGreaterThan(0);
    expect(await run(null, '2026-04-30')).toMatchObject({ granted: 0, adjusted: 0, removed: 0, conflicts: 0 });
    expect(await counts()).toEqual(before);
  });

  it('a paid-days change (an HR edit of a day) below the threshold removes the month, back above grants it again', async () => {
    const staff = emp('staff');
    for (const m of ['2026-01', '2026-02']) await setPaid([staff], m, 20);
    await run([staff], '2026-03-01');
    await db.execute(sql`update timesheet_days set value = 0 where employee_id = ${staff} and date in (select date from timesheet_days where employee_id = ${staff} and date between '2026-01-26' and '2026-02-25' order by date limit 5)`);
    // 15 of 20 days paid < 80 %: T02 no longer earns.
    expect(await run([staff], '2026-03-01')).toMatchObject({ granted: 0, removed: 2 });
    const rows = await rowsOf(staff);
    expect(rows.filter((r) => r.deleted).map((r) => r.source_key)).toEqual(['default:2026-02', 'seniority:2026-02']);
    expect((await ledgerOf(staff)).filter((l) => l.cause === 'REMOVE').map((l) => [l.key, l.amount, l.entry_date])).toEqual([
      ['default:2026-02', '-12.000', '2026-02-25'],
      ['seniority:2026-02', '-0.666', '2026-02-25'],
    ]);
    await db.execute(sql`update timesheet_days set value = 1 where employee_id = ${staff} and date between '2026-01-26' and '2026-02-25'`);
    expect(await run([staff], '2026-03-01')).toMatchObject({ granted: 2, removed: 0 });
    expect((await rowsOf(staff)).filter((r) => !r.deleted).map((r) => r.source_key)).toEqual(['default:2026-01', 'default:2026-02', 'seniority:2026-01', 'seniority:2026-02']);
  });

  it('a configuration change mid-year adjusts the months it governs with ADJUST entries of the difference', async () => {
    const staff = emp('staff');
    for (const m of MONTHS) await setPaid([staff], m, 20);
    await run([staff], '2026-04-30');
    // A new configuration from 1 March (latest apply date wins): 14 h a month from T03 on.
    await insertConfig({ leaveHourInMonth: 14, applyDate: '2026-03-01', expireDate: '2026-12-31' });
    expect(await run([staff], '2026-04-30')).toMatchObject({ granted: 0, adjusted: 2, removed: 0 });
    const rows = await rowsOf(staff);
    expect(rows.filter((r) => r.fund_type === 'default_leave').map((r) => [r.source_key, r.amount])).toEqual([
      ['default:2026-01', '12.000'],
      ['default:2026-02', '12.000'],
      ['default:2026-03', '14.000'],
      ['default:2026-04', '14.000'],
    ]);
    expect((await ledgerOf(staff)).filter((l) => l.cause === 'ADJUST').map((l) => [l.key, l.amount, l.entry_date])).toEqual([
      ['default:2026-03', '2.000', '2026-03-25'],
      ['default:2026-04', '2.000', '2026-04-25'],
    ]);
    const [versions] = await queryRows<{ v: number[] }>(db, sql`select array_agg(version order by source_key) as v from leave_fund_rows where employee_id = ${staff} and fund_type = 'default_leave'`);
    expect(versions!.v).toEqual([1, 1, 2, 2]);
  });

  it('a probationary contract turned official: the probation months, granted when earned, become usable from the official start', async () => {
    const staff2 = emp('staff2');
    await db.execute(sql`update employees set seniority_date = '2025-12-01' where id = ${staff2}`);
    try {
      for (const m of MONTHS) await setPaid([staff2], m, 20);
      await db.execute(sql`insert into employee_contracts (employee_id, contract_type, start_date, end_date) values (${staff2}, 'P', '2025-12-01', '2026-02-10')`);
      // RULES.md §7: granted in the period it is earned, shown there; not usable while no official contract follows
      // (it applies the day after the configuration's expiry, when it expires with it).
      expect(await run([staff2], '2026-04-30')).toMatchObject({ granted: 2 });
      expect((await rowsOf(staff2)).map((r) => [r.source_key, r.amount, r.apply_date, r.expire_date])).toEqual([
        ['reserve_probationary:2026-01', '12.000', '2027-01-01', '2026-12-31'],
        ['reserve_probationary:2026-02', '12.000', '2027-01-01', '2026-12-31'],
      ]);
      await db.execute(sql`insert into employee_contracts (employee_id, contract_type, start_date, end_date) values (${staff2}, 'UNLIMTED', '2026-02-11', null)`);
      // T02 (26 Jan – 25 Feb) now ends under the official contract: the whole period is default leave.
      expect(await run([staff2], '2026-04-30')).toMatchObject({ granted: 3, adjusted: 1, removed: 1 });
      expect((await rowsOf(staff2)).filter((r) => !r.deleted).map((r) => [r.source_key, r.amount, r.apply_date, r.expire_date])).toEqual([
        ['default:2026-02', '12.000', '2026-02-25', '2026-12-31'],
        ['default:2026-03', '12.000', '2026-03-25', '2026-12-31'],
        ['default:2026-04', '12.000', '2026-04-25', '2026-12-31'],
        ['reserve_probationary:2026-01', '12.000', '2026-02-11', '2026-12-31'],
      ]);
      // The probation month's grant stays dated when it was earned; becoming usable writes no entry.
      expect((await ledgerOf(staff2)).filter((l) => l.key.startsWith('reserve_probationary')).map((l) => [l.key, l.amount, l.cause, l.entry_date])).toEqual([
        ['reserve_probationary:2026-01', '12.000', 'GRANT', '2026-01-25'],
        ['reserve_probationary:2026-02', '12.000', 'GRANT', '2026-02-25'],
        ['reserve_probationary:2026-02', '-12.000', 'REMOVE', '2026-02-25'],
      ]);
    } finally {
      await db.execute(sql`update employees set seniority_date = '2020-01-06' where id = ${staff2}`);
    }
  });

  it('nothing is dated on or before the lock date: a contract moved later removes locked months in the first open period', async () => {
    const staff = emp('staff');
    for (const m of MONTHS) await setPaid([staff], m, 20);
    await run([staff], '2026-04-30');
    // T01 and T02 approved: the lock date is 25 Feb.
    await db.execute(sql`update payroll_periods set status = 4 where company_id = ${fixture.companyId} and to_date in ('2026-01-25', '2026-02-25')`);
    try {
      await db.execute(sql`insert into employee_contracts (employee_id, contract_type, start_date, end_date) values (${staff}, 'UNLIMTED', '2026-03-01', null)`);
      expect(await run([staff], '2026-04-30')).toMatchObject({ removed: 4, adjusted: 0, granted: 0 });
      const removals = (await ledgerOf(staff)).filter((l) => l.cause === 'REMOVE');
      expect(removals.map((l) => [l.key, l.entry_date])).toEqual([
        ['default:2026-01', '2026-02-26'],
        ['default:2026-02', '2026-02-26'],
        ['seniority:2026-01', '2026-02-26'],
        ['seniority:2026-02', '2026-02-26'],
      ]);
      // Back to the whole year: granted again, in the first open period too (T01's and T02's own grants stay).
      await db.execute(sql`delete from employee_contracts where employee_id = ${staff}`);
      expect(await run([staff], '2026-04-30')).toMatchObject({ granted: 4 });
      expect((await ledgerOf(staff)).filter((l) => l.cause === 'GRANT').map((l) => l.entry_date).filter((d) => d <= '2026-02-25')).toHaveLength(4);
      expect((await ledgerOf(staff)).slice(-4).every((l) => l.cause === 'GRANT' && l.entry_date === '2026-02-26')).toBe(true);
    } finally {
      await db.execute(sql`update payroll_periods set status = 0 where company_id = ${fixture.companyId}`);
    }
  });

  it('a change below the used hours is a conflict: counted, listed, not applied', async () => {
    const staff = emp('staff');
    for (const m of ['2026-01', '2026-02']) await setPaid([staff], m, 20);
    await run([staff], '2026-03-01');
    const [row] = await queryRows<{ id: number }>(db, sql`select id from leave_fund_rows where employee_id = ${staff} and source_key = 'default:2026-02'`);
    await db.execute(sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date, cause_ref) values (${staff}, ${row!.id}, -5, 'USE', '2026-02-27', 'req:1')`);
    await setPaid([staff], '2026-02', 10);
    const before = await counts();
    const summary = await run([staff], '2026-03-01');
    expect(summary).toMatchObject({ granted: 0, adjusted: 0, removed: 1, conflicts: 1 });
    expect(summary.conflictList).toEqual([{ employeeId: staff, fundRowId: row!.id, key: 'default:2026-02', usedHours: 5, wantedHours: 0 }]);
    // The unused seniority row of that month went; the used default row stayed as it was.
    expect((await rowsOf(staff)).filter((r) => r.deleted).map((r) => r.source_key)).toEqual(['seniority:2026-02']);
    expect((await counts()).ledger).toBe(before.ledger + 1);
    // A smaller change still above the used hours is applied.
    await insertConfig({ leaveHourInMonth: 6, applyDate: '2026-02-01', expireDate: '2026-12-31' });
    await setPaid([staff], '2026-02', 20);
    expect(await run([staff], '2026-03-01')).toMatchObject({ adjusted: 1, conflicts: 0, granted: 1 });
  });

  it('one employee or all; progress per chunk; rows of older years are never touched', async () => {
    const everyone = Object.values(fixture.employeeIds);
    for (const m of ['2026-01', '2026-02']) await setPaid(everyone, m, 20);
    const staff = emp('staff');
    const [old] = await queryRows<{ id: number }>(
      db,
      sql`insert into leave_fund_rows (employee_id, fund_type, amount, apply_date, expire_date, source_key) values (${staff}, 'default_leave', 12, '2024-05-25', '2024-12-31', 'default:2024-05') returning id`,
    );
    expect(await run([staff], '2026-03-01')).toMatchObject({ employees: 1, granted: 4 });
    expect((await counts()).rows).toBe(5);
    const progress: [number, number][] = [];
    const summary = await run(null, '2026-03-01', { chunkSize: 5, onProgress: (d, t) => void progress.push([d, t]) });
    expect(summary).toMatchObject({ employees: everyone.length, granted: (everyone.length - 1) * 4 });
    expect(progress).toEqual([
      [0, 12],
      [5, 12],
      [10, 12],
      [12, 12],
    ]);
    expect((await rowsOf(staff)).find((r) => r.id === old!.id)).toMatchObject({ deleted: false, amount: '12.000' });
    // A run naming an unknown id runs for nobody.
    expect(await run([999_999], '2026-03-01')).toMatchObject({ employees: 0, granted: 0 });
  });

  it('recomputes the previous financial year too: a January run still fixes December', async () => {
    const staff = emp('staff');
    await setPaid([staff], '2025-12', 20);
    await setPaid([staff], '2026-01', 20);
    expect(await run([staff], '2026-01-26')).toMatchObject({ granted: 4 });
    expect((await rowsOf(staff)).filter((r) => r.fund_type === 'default_leave').map((r) => [r.source_key, r.expire_date, r.financial_year])).toEqual([
      ['default:2025-12', '2025-12-31', 2025],
      ['default:2026-01', '2026-12-31', 2026],
    ]);
    await setPaid([staff], '2025-12', 5);
    expect(await run([staff], '2026-01-26')).toMatchObject({ removed: 2 });
  });
});
