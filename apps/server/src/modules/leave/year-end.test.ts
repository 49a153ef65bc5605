import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { seedFixture, type Fixture } from '../../test/fixture.ts';
import { remainFinancialLeaveOf } from './financial-year.ts';
import { grantFundRows, useLeave } from './leave.service.ts';
import { FUND_TYPE, type LeaveFundType } from './leave.types.ts';
import { settleYearEnd } from './year-end.ts';

/**
 * The year-end settlement against the database (docs/leave-ledger.md "Year end"): unused default and seniority hours
 * of the year leave as EXPIRE entries on 31 Dec, the carried part as `carryover:<fy>`; a carryover added afterwards
 * moves only the difference, and the result equals a settlement made with the carryover from the start.
 */

let database: Database;
let db: Db;
let fixture: Fixture;
let hr: number;
const emp = (username: string) => fixture.employeeIds[username]!;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  fixture = await seedFixture(db);
  hr = fixture.userIds.hr!;
});
afterAll(() => database.close());

const grant = async (employeeId: number, fundType: LeaveFundType, hours: number, applyDate: string, key: string) =>
  (await grantFundRows(db, [{ employeeId, fundType, hours, applyDate, expireDate: '2025-12-31', financialYear: 2025, sourceKey: key }], hr))[0]!.id;

/** 2025: default 12 h (Oct) and 12 h (Nov), seniority 2 h (Nov); 5 h used on 1 Dec (seniority first, then October). */
async function yearOf(employeeId: number) {
  const oct = await grant(employeeId, FUND_TYPE.default, 12, '2025-10-25', 'default:2025-10');
  const nov = await grant(employeeId, FUND_TYPE.default, 12, '2025-11-25', 'default:2025-11');
  const sen = await grant(employeeId, FUND_TYPE.seniority, 2, '2025-11-25', 'seniority:2025-11');
  expect(await useLeave(db, { employeeId, hours: 5, date: '2025-12-01', sourceId: `req:${employeeId}` })).toMatchObject({ ok: true });
  return { oct, nov, sen };
}
const carryOver = (employeeId: number, hours: number) =>
  grantFundRows(db, [{ employeeId, fundType: FUND_TYPE.reserve, hours, applyDate: '2026-01-01', expireDate: '2026-03-31', financialYear: 2025, cause: 'CARRYOVER' }], hr);

const yearEndEntries = (employeeId: number) =>
  queryRows<{ fund_row_id: number; amount: string; cause: string; cause_ref: string; entry_date: string }>(
    db,
    sql`select fund_row_id, amount::text, cause, cause_ref, entry_date::text from leave_ledger
         where employee_id = ${employeeId} and cause = 'EXPIRE' order by id`,
  );
/** Σ of the year end's entries per (row in grant order, cause_ref), the rows named by their position. */
async function settledSums(employeeId: number, rows: Record<string, number>) {
  const name = new Map(Object.entries(rows).map(([k, v]) => [v, k]));
  const sums = await queryRows<{ fund_row_id: number; cause_ref: string; hours: string }>(
    db,
    sql`select fund_row_id, cause_ref, sum(amount)::text as hours from leave_ledger
         where employee_id = ${employeeId} and cause = 'EXPIRE' group by 1, 2 having sum(amount) <> 0 order by 1, 2`,
  );
  return sums.map((s) => [name.get(s.fund_row_id), s.cause_ref, Number(s.hours)]);
}
const rowSums = (employeeId: number) =>
  queryRows<{ fund_row_id: number; total: string }>(
    db,
    sql`select f.id as fund_row_id, coalesce(sum(l.amount), 0)::text as total from leave_fund_rows f left join leave_ledger l on l.fund_row_id = f.id
         where f.employee_id = ${employeeId} and f.fund_type in ('default_leave', 'seniority_leave') group by f.id order by f.id`,
  );

describe('settleYearEnd', () => {
  it('expires the unused hours on 31 Dec; a second settle writes nothing; the cap is the same before and after', async () => {
    const staff = emp('staff');
    const rows = await yearOf(staff);
    expect(await remainFinancialLeaveOf(db, { employeeId: staff, financialYear: 2025 })).toBe(21);
    expect(await settleYearEnd(db, { employeeIds: [staff], financialYear: 2025, byUserId: null })).toEqual({ employees: 1, entries: 2 });
    expect(await yearEndEntries(staff)).toEqual([
      { fund_row_id: rows.oct, amount: '-9.000', cause: 'EXPIRE', cause_ref: 'year-end:2025', entry_date: '2025-12-31' },
      { fund_row_id: rows.nov, amount: '-12.000', cause: 'EXPIRE', cause_ref: 'year-end:2025', entry_date: '2025-12-31' },
    ]);
    expect((await rowSums(staff)).map((r) => Number(r.total))).toEqual([0, 0, 0]);
    expect(await remainFinancialLeaveOf(db, { employeeId: staff, financialYear: 2025 })).toBe(21);
    expect(await settleYearEnd(db, { employeeIds: [staff], financialYear: 2025, byUserId: null })).toEqual({ employees: 1, entries: 0 });
  });

  it('a carryover added after the year end moves only the difference; the sums equal a fresh settle', async () => {
    const staff = emp('staff');
    const rows = await queryRows<{ id: number; source_key: string }>(db, sql`select id, source_key from leave_fund_rows where employee_id = ${staff} order by id`);
    const named = { oct: rows[0]!.id, nov: rows[1]!.id, sen: rows[2]!.id };
    const before = (await yearEndEntries(staff)).length;
    await carryOver(staff, 10);
    expect(await remainFinancialLeaveOf(db, { employeeId: staff, financialYear: 2025 })).toBe(11);
    const second = await settleYearEnd(db, { employeeIds: [staff], financialYear: 2025, byUserId: hr });
    expect(second.entries).toBe(4);
    // Carried hours leave the rows in the order of use: October's 9 first, then 1 of November's.
    expect((await yearEndEntries(staff)).slice(before).map((e) => [e.fund_row_id, e.amount, e.cause_ref])).toEqual([
      [named.oct, '-9.000', 'carryover:2025'],
      [named.oct, '9.000', 'year-end:2025'],
      [named.nov, '-1.000', 'carryover:2025'],
      [named.nov, '1.000', 'year-end:2025'],
    ]);

    // staff2: the same year with the carryover in place before its only settle.
    const staff2 = emp('staff2');
    const fresh = await yearOf(staff2);
    await carryOver(staff2, 10);
    await settleYearEnd(db, { employeeIds: [staff2], financialYear: 2025, byUserId: hr });
    expect(await settledSums(staff, named)).toEqual(await settledSums(staff2, fresh));
    expect(await settledSums(staff, named)).toEqual([
      ['oct', 'carryover:2025', -9],
      ['nov', 'carryover:2025', -1],
      ['nov', 'year-end:2025', -11],
    ]);
    expect((await rowSums(staff)).map((r) => Number(r.total))).toEqual([0, 0, 0]);

    // The carryover removed again: the hours come back to the year end's expiry.
    await db.execute(sql`update leave_fund_rows set deleted_at = now() where employee_id = ${staff} and fund_type = 'reserve_leave'`);
    await settleYearEnd(db, { employeeIds: null, financialYear: 2025, byUserId: hr });
    expect(await settledSums(staff, named)).toEqual([
      ['oct', 'year-end:2025', -9],
      ['nov', 'year-end:2025', -12],
    ]);
    expect(await remainFinancialLeaveOf(db, { employeeId: staff, financialYear: 2025 })).toBe(21);
  });

  it('settles everyone set-based and touches no other year or fund', async () => {
    const staff3 = emp('staff3');
    await grant(staff3, FUND_TYPE.default, 12, '2025-06-25', 'default:2025-06');
    const [bonus] = await grantFundRows(db, [{ employeeId: staff3, fundType: FUND_TYPE.prioritize, hours: 4, applyDate: '2025-06-01', expireDate: '2025-12-31' }], hr);
    const [other] = await grantFundRows(db, [{ employeeId: staff3, fundType: FUND_TYPE.default, hours: 12, applyDate: '2024-06-25', expireDate: '2024-12-31', financialYear: 2024 }], hr);
    const summary = await settleYearEnd(db, { employeeIds: null, financialYear: 2025, byUserId: null });
    expect(summary.employees).toBe(3);
    expect(summary.entries).toBe(1);
    const touched = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from leave_ledger where fund_row_id in (${bonus!.id}, ${other!.id}) and cause = 'EXPIRE'`);
    expect(touched[0]!.n).toBe(0);
    expect(await settleYearEnd(db, { employeeIds: null, financialYear: 2025, byUserId: null })).toMatchObject({ entries: 0 });
  });
});
