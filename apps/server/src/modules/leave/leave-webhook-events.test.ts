import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { seedFixture, type Fixture } from '../../test/fixture.ts';
import { clearOutbox, expectPublished, outboxEvents, subscribe } from '../../test/webhook-outbox.ts';
import { periodOfMonth } from '../payroll-periods/period-calendar.ts';
import { runLeaveAccrual } from './accrual.service.ts';
import { sweepExpiredRows } from './expiry.ts';
import { grantFundRows, removeFundRow } from './leave.service.ts';
import { FUND_TYPE } from './leave.types.ts';

/**
 * Issue 30 §3: leave_balance.changed from the ledger writes that bypass insertLedger — an accrual run (grants,
 * adjustments, removals: cause ACCRUAL), the expiry sweep (EXPIRY, one event per employee) — and a grant's removal.
 * The services take the day they act on; no clock is read.
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
  for (const m of ['2025-12', '2026-01', '2026-02', '2026-03']) {
    const p = periodOfMonth(m);
    await db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status) values (${fixture.companyId}, ${p.name}, ${p.from}, ${p.to}, 20, 0)`);
  }
  await db.execute(sql`insert into leave_general_configs (seniority_leave_hour, seniority_leave_year, conditional_month, leave_hour_in_month, advance_leave, apply_date, expire_date)
                       values (8, 5, 80, 12, 2, '2025-01-01', '2026-12-31')`);
});
afterAll(() => database.close());
beforeEach(async () => {
  await clearOutbox(db);
  await db.execute(sql`delete from leave_ledger`);
  await db.execute(sql`delete from leave_fund_rows`);
  await db.execute(sql`delete from timesheet_days`);
});

async function setPaid(employeeId: number, month: string, paid: number) {
  const p = periodOfMonth(month);
  await db.execute(sql`delete from timesheet_days where employee_id = ${employeeId} and date between ${p.from} and ${p.to}`);
  if (paid === 0) return;
  await db.execute(sql`insert into timesheet_days (employee_id, date, day_type, computed_value, value)
                       select ${employeeId}, d::date, 'WORKING', 1, 1 from generate_series(${p.from}::date, ${p.from}::date + ${paid - 1}::int, interval '1 day') d`);
}

describe('leave_balance.changed outside insertLedger', () => {
  it('an accrual run: its grants, then its adjustments and removals, all with cause ACCRUAL', async () => {
    const endpoint = await subscribe(db, ['leave_balance.changed']);
    const staff = emp('staff');
    for (const m of ['2026-01', '2026-02']) await setPaid(staff, m, 20);
    await runLeaveAccrual(db, { employeeIds: [staff], through: '2026-03-24', byUserId: hr });
    const granted = await outboxEvents(db);
    expect(granted.map((r) => [r.record_key, r.data.cause])).toEqual([[`leave:${staff}`, { kind: 'ACCRUAL', id: null, ledger_cause: 'GRANT' }]]);
    expect(granted[0]!.data).toMatchObject({ employee_id: staff, user_name: 'staff', delta: 25.333 });
    expect(granted[0]!.data.funds).toEqual(expect.arrayContaining([{ fund_type: 'default_leave', delta: 24 }]));
    // February's paid days fall below the condition and January's halve: the run takes back what is no longer earned.
    expectPublished(granted, endpoint);
    await clearOutbox(db);
    const again = await subscribe(db, ['leave_balance.changed']);
    await setPaid(staff, '2026-01', 10);
    await setPaid(staff, '2026-02', 0);
    const second = await runLeaveAccrual(db, { employeeIds: [staff], through: '2026-03-24', byUserId: hr });
    const rows = await outboxEvents(db);
    expect(second.adjusted + second.removed).toBeGreaterThan(0);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.data.cause.kind).toBe('ACCRUAL');
    expect(rows.reduce((sum, r) => sum + r.data.delta, 0)).toBeLessThan(0);
    expectPublished(rows, again);
  });

  it('the expiry sweep: one EXPIRY event per employee, the hours left on each expired row', async () => {
    await grantFundRows(db, [
      { employeeId: emp('staff'), fundType: FUND_TYPE.prioritize, hours: 10, applyDate: '2026-01-01', expireDate: '2026-02-28' },
      { employeeId: emp('staff'), fundType: FUND_TYPE.reserve, hours: 6, applyDate: '2026-01-01', expireDate: '2026-03-09' },
      { employeeId: emp('staff2'), fundType: FUND_TYPE.prioritize, hours: 4, applyDate: '2026-01-01', expireDate: '2026-02-01' },
    ], hr);
    const endpoint = await subscribe(db, ['leave_balance.changed']);
    expect(await sweepExpiredRows(db, { today: '2026-03-10', byUserId: null })).toEqual({ entries: 3 });
    const rows = await outboxEvents(db);
    expect(rows.map((r) => [r.record_key, r.data.delta, r.data.cause])).toEqual([
      [`leave:${emp('staff')}`, -16, { kind: 'EXPIRY', id: null, ledger_cause: 'EXPIRE' }],
      [`leave:${emp('staff2')}`, -4, { kind: 'EXPIRY', id: null, ledger_cause: 'EXPIRE' }],
    ]);
    expect(rows[0]!.data.funds).toEqual(expect.arrayContaining([{ fund_type: FUND_TYPE.prioritize, delta: -10 }, { fund_type: FUND_TYPE.reserve, delta: -6 }]));
    expectPublished(rows, endpoint);
    // A second sweep finds nothing and sends nothing.
    await sweepExpiredRows(db, { today: '2026-03-10', byUserId: null });
    expect(await outboxEvents(db)).toHaveLength(2);
  });

  it("a grant's removal sends REMOVAL with what was left", async () => {
    const [row] = await grantFundRows(db, [{ employeeId: emp('staff'), fundType: FUND_TYPE.prioritize, hours: 5, applyDate: '2026-01-01', expireDate: '2026-12-31' }], hr);
    const endpoint = await subscribe(db, ['leave_balance.changed']);
    expect(await removeFundRow(db, { fundRowId: row!.id }, hr)).toMatchObject({ ok: true });
    const rows = await outboxEvents(db);
    expect(rows.map((r) => [r.data.delta, r.data.cause])).toEqual([[-5, { kind: 'REMOVAL', id: null, ledger_cause: 'REMOVE' }]]);
    expectPublished(rows, endpoint);
  });
});
