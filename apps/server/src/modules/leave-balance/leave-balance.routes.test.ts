import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_BALANCE_MESSAGES as M, LEAVE_BALANCE_PATH } from '@tms/contracts/leave-balance';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { grantFundRows, useLeave } from '../leave/leave.service.ts';
import { FUND_TYPE } from '../leave/leave.types.ts';
import { readJson } from '../../test/json-body.ts';

const URL = `/api${LEAVE_BALANCE_PATH}`;
/** The figures depend on the date (advance leave counts the periods left in the year): the clock is pinned. */
const NOW = '2026-06-10T10:00:00+07:00';

let t: TestApp;
async function balance(user: string, query: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: URL, query, headers: await t.as(user) });
  return { status: res.statusCode, body: readJson(res) };
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const staff = t.fixture.employeeIds.staff!;
  const hr = t.fixture.userIds.hr!;
  // staff: 60 usable bonus hours in 2026 (40 + 20), one expired row and one not yet applied (both count for nothing),
  // 5 hours already used; carryover 10 hours; staff3: nothing at all.
  await grantFundRows(
    t.db,
    [
      { employeeId: staff, fundType: FUND_TYPE.prioritize, hours: 40, applyDate: '2026-01-05', expireDate: '2026-12-31' },
      { employeeId: staff, fundType: FUND_TYPE.prioritize, hours: 20, applyDate: '2026-03-01', expireDate: '2026-09-30' },
      { employeeId: staff, fundType: FUND_TYPE.prioritize, hours: 8, applyDate: '2025-01-01', expireDate: '2026-05-31' },
      { employeeId: staff, fundType: FUND_TYPE.prioritize, hours: 16, applyDate: '2026-07-01', expireDate: '2026-12-31' },
      { employeeId: staff, fundType: FUND_TYPE.reserve, hours: 10, applyDate: '2026-01-01', expireDate: '2026-06-30', financialYear: 2025 },
      // Project leave is counted in days and is never annual leave.
      { employeeId: staff, fundType: FUND_TYPE.project, hours: 3, applyDate: '2026-01-01', expireDate: '2026-12-31', projectId: t.fixture.projectId },
    ],
    hr,
  );
  const used = await useLeave(t.db, { employeeId: staff, hours: 5, date: '2026-06-02', sourceId: 'test:1' });
  expect(used.ok).toBe(true);
  // General configuration in force all year: 8 h a month, 2 periods usable ahead.
  await t.db.execute(sql`insert into leave_general_configs (seniority_leave_hour, seniority_leave_year, conditional_month, leave_hour_in_month, advance_leave, apply_date, expire_date)
                         values (8, 5, 80, 8, 2, '2026-01-01', '2026-12-31')`);
  await t.db.execute(sql`update employees set remain_offset_leave = 12.5, remain_birthday_leave = 1 where id = ${staff}`);
});
afterAll(() => t.close());

describe('GET /tms/filters/get-balance', () => {
  it('answers the annual hours usable today from the fund rows, and with the advance hours added', async () => {
    const { status, body } = await balance('staff');
    expect(status, JSON.stringify(body)).toBe(200);
    // 40 + 20 + 10 carryover − 5 used = 65; advance: the June and July periods (ending 25/06, 25/07) at 8 h = 16.
    expect(body.data).toEqual({ remain_annual_leave: 65, annual_leave_balance_hours: 81, remainOffsetLeave: 12.5, remain_birthday_leave: 1 });
  });

  it('reads the date asked for: rows expired or not yet applied on it count for nothing', async () => {
    // 01/07: the carryover (from which the 5 h were drawn: earliest expiry first) expired on 30/06, the 16 h row
    // applies; advance: July and August.
    const july = await balance('hr', { username: 'staff', date: '2026-07-01' });
    expect(july.body.data.remain_annual_leave).toBe(40 + 20 + 16);
    expect(july.body.data.annual_leave_balance_hours).toBe(76 + 16);
    // 26/12: the advance belongs to next year's accrual (leave-ledger.md), so the balance is the usable hours.
    const lateDecember = await balance('hr', { username: 'staff', date: '2026-12-26' });
    expect(lateDecember.body.data).toMatchObject({ remain_annual_leave: 40 + 16, annual_leave_balance_hours: 56 });
  });

  it('gives a staff member without fund rows only the advance', async () => {
    const { body } = await balance('staff3');
    expect(body.data).toEqual({ remain_annual_leave: 0, annual_leave_balance_hours: 16, remainOffsetLeave: 0, remain_birthday_leave: 1 });
  });

  it('gives no advance to a probationary contract', async () => {
    await t.db.execute(sql`insert into employee_contracts (employee_id, contract_type, start_date) values (${t.fixture.employeeIds.staff4!}, 'P', '2026-01-01')`);
    const { body } = await balance('staff4');
    expect(body.data.annual_leave_balance_hours).toBe(0);
  });

  it('lets a user read their own figures, any case of the username', async () => {
    expect((await balance('staff', { username: 'STAFF' })).body.data.remain_annual_leave).toBe(65);
  });

  it('lets leads read their scope only and answers 404 outside it (RULES.md §3)', async () => {
    expect((await balance('gl', { username: 'staff' })).status).toBe(200);
    expect((await balance('dl', { username: 'staff3' })).status).toBe(200);
    const outside = await balance('gl', { username: 'staff3' });
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe(M.staffNotFound);
    expect((await balance('staff', { username: 'staff2' })).status).toBe(404);
    expect((await balance('other', { username: 'staff' })).status).toBe(404);
    expect((await balance('hrm', { username: 'staff4' })).status).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for a bad date', async () => {
    expect((await balance('hr', { username: 'nobody' })).status).toBe(404);
    const bad = await balance('staff', { date: '2026-02-31' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(M.invalidDate);
    expect((await balance('staff', { date: '10/06/2026' })).status).toBe(400);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
