import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { seedFixture, type Fixture } from '../../test/fixture.ts';
import { fundRowBalance } from './allocation.ts';
import { sweepExpiredRows } from './expiry.ts';
import { ledgerTotalsJoin } from './leave.repository.ts';
import { grantFundRows, removeFundRow, returnLeave, useLeave } from './leave.service.ts';
import { FUND_TYPE, type LeaveFundType } from './leave.types.ts';

/**
 * The expiry sweep against the database (docs/leave-ledger.md "Expiry"): an expired row with hours left gets one
 * EXPIRE entry of them on its expire date, a second sweep none; rows the year end settles, live rows and removed rows
 * are left alone; a row's own figures (used, remaining, expired) stay what they were.
 */

let database: Database;
let db: Db;
let fixture: Fixture;
let hr: number;
const emp = (username: string) => fixture.employeeIds[username]!;
const TODAY = '2026-03-10';

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  fixture = await seedFixture(db);
  hr = fixture.userIds.hr!;
});
afterAll(() => database.close());

const grant = async (fundType: LeaveFundType, hours: number, applyDate: string, expireDate: string, employeeId = emp('staff')) =>
  (await grantFundRows(db, [{ employeeId, fundType, hours, applyDate, expireDate, ...(fundType === FUND_TYPE.project ? { projectId: fixture.projectId } : {}) }], hr))[0]!.id;

const expiries = () =>
  queryRows<{ fund_row_id: number; amount: string; cause_ref: string; entry_date: string }>(
    db,
    sql`select fund_row_id, amount::text, cause_ref, entry_date::text from leave_ledger where cause = 'EXPIRE' order by id`,
  );
async function figures(id: number) {
  const [t] = await queryRows<{ granted: string; used: string; remaining: string; expire_date: string }>(
    db,
    sql`select t.granted, t.used, t.remaining, f.expire_date::text as expire_date from leave_fund_rows f ${ledgerTotalsJoin(sql`f.id`)} where f.id = ${id}`,
  );
  return { ...fundRowBalance({ granted: Number(t!.granted), used: Number(t!.used), expireDate: t!.expire_date }, TODAY), remaining: Number(t!.remaining) };
}

describe('sweepExpiredRows', () => {
  it('expires what is left on rows past their date, once; bonus figures stay the same', async () => {
    const bonus = await grant(FUND_TYPE.prioritize, 10, '2026-01-01', '2026-02-28');
    expect(await useLeave(db, { employeeId: emp('staff'), hours: 3, date: '2026-02-02', sourceId: 'req:bonus' })).toMatchObject({ ok: true });
    const project = await grant(FUND_TYPE.project, 2.5, '2026-01-01', '2026-03-09');
    const oddDefault = await grant(FUND_TYPE.default, 12, '2026-01-25', '2026-02-27');
    const carry = await grant(FUND_TYPE.reserve, 6, '2026-01-01', '2026-03-09');
    expect(await useLeave(db, { employeeId: emp('staff'), hours: 6, date: '2026-03-09', sourceId: 'req:carry', fundTypes: [FUND_TYPE.reserve] })).toMatchObject({ ok: true });
    // Not swept: the year end's rows, a row expiring today, a removed row.
    const yearEnd = await grant(FUND_TYPE.default, 12, '2025-11-25', '2025-12-31');
    const live = await grant(FUND_TYPE.prioritize, 4, '2026-01-01', TODAY);
    const removed = await grant(FUND_TYPE.prioritize, 4, '2026-01-01', '2026-02-01');
    await removeFundRow(db, { fundRowId: removed }, hr);
    const before = await figures(bonus);
    expect(before).toMatchObject({ usedHours: 3, expiredHours: 7, remainHours: 0, remaining: 7 });

    expect(await sweepExpiredRows(db, { today: TODAY, byUserId: null })).toEqual({ entries: 3 });
    expect(await expiries()).toEqual([
      { fund_row_id: bonus, amount: '-7.000', cause_ref: `expired:${bonus}`, entry_date: '2026-02-28' },
      { fund_row_id: project, amount: '-2.500', cause_ref: `expired:${project}`, entry_date: '2026-03-09' },
      { fund_row_id: oddDefault, amount: '-12.000', cause_ref: `expired:${oddDefault}`, entry_date: '2026-02-27' },
    ]);
    expect(await figures(bonus)).toEqual({ ...before, remaining: 0 });
    expect((await figures(carry)).remaining).toBe(0);
    expect((await figures(yearEnd)).remaining).toBe(12);
    expect((await figures(live)).remaining).toBe(4);

    expect(await sweepExpiredRows(db, { today: TODAY, byUserId: null })).toEqual({ entries: 0 });
    // A withdrawal after the sweep gives the hours back to the row, where they stay expired (planReturn).
    await returnLeave(db, { sourceId: 'req:bonus' });
    expect((await figures(bonus)).remaining).toBe(0);
    expect(await sweepExpiredRows(db, { today: TODAY, byUserId: null })).toEqual({ entries: 0 });
    // The next day, the row that expired today is swept.
    expect(await sweepExpiredRows(db, { today: '2026-03-11', byUserId: null })).toEqual({ entries: 1 });
  });
});
