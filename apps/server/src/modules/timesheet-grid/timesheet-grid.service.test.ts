import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { grantFundRows, removeFundRow, useLeave } from '../leave/leave.service.ts';
import { FUND_TYPE } from '../leave/leave.types.ts';
import { calculateMyTimesheet } from './timesheet-grid.service.ts';

/**
 * My Timesheet "Annual Leave" (docs/leave-balances.md): total = hours granted on the annual funds' rows applied in
 * the period's financial year; remaining = hours usable on the period's last day, or today while it runs. The clock
 * is pinned to Tuesday 10/11/2026, inside T11-2026 (26/10 – 25/11).
 */
const NOW = '2026-11-10T10:00:00+07:00';

let t: TestApp;
const periods: Record<string, number> = {};
const hr = (): SessionUser => ({
  sessionId: 1,
  userId: t.fixture.userIds.hr!,
  username: 'hr',
  employeeId: t.fixture.employeeIds.hr!,
  name: 'Hoa Human',
  roles: ['HR'],
  isPm: false,
  actors: ['HR'],
});

async function addPeriod(name: string, from: string, to: string) {
  const [p] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
        values (${t.fixture.companyId}, ${name}, ${from}, ${to}, 20, 0) returning id`,
  );
  periods[name] = p!.id;
}

async function annualLeave(username: string, period: string) {
  const summary = await calculateMyTimesheet({ db: t.db, clock: t.clock }, hr(), periods[period]!, t.fixture.employeeIds[username]!);
  return { total: summary.total_annual_leave, remaining: summary.remaining_paid_leave_days_of_year };
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await addPeriod('T10-2026', '2026-09-26', '2026-10-25');
  await addPeriod('T11-2026', '2026-10-26', '2026-11-25');
  await addPeriod('T01-2027', '2026-12-26', '2027-01-25');
  const staff = t.fixture.employeeIds.staff!;
  const rows = await grantFundRows(
    t.db,
    [
      // Applied in 2026, usable all year: 24 h of accrual and 10.125 h of seniority.
      { employeeId: staff, fundType: FUND_TYPE.default, hours: 24, applyDate: '2026-01-25', expireDate: '2026-12-31' },
      { employeeId: staff, fundType: FUND_TYPE.seniority, hours: 10.125, applyDate: '2026-02-25', expireDate: '2026-12-31' },
      // Bonus that expires between T10's end and today: usable on 25/10, not today.
      { employeeId: staff, fundType: FUND_TYPE.prioritize, hours: 6, applyDate: '2026-05-01', expireDate: '2026-11-01' },
      // Bonus applied after today, inside T11: in the year's total, not usable yet.
      { employeeId: staff, fundType: FUND_TYPE.prioritize, hours: 3, applyDate: '2026-11-20', expireDate: '2026-12-31' },
      // Carryover of 2025 applied in 2026, counted in 2026's total.
      { employeeId: staff, fundType: FUND_TYPE.reserve, hours: 5, applyDate: '2026-01-01', expireDate: '2026-06-30', financialYear: 2025 },
      // A 2025 row: not in 2026's total.
      { employeeId: staff, fundType: FUND_TYPE.prioritize, hours: 7, applyDate: '2025-06-01', expireDate: '2026-12-31' },
      // Removed: out of every figure.
      { employeeId: staff, fundType: FUND_TYPE.prioritize, hours: 50, applyDate: '2026-03-01', expireDate: '2026-12-31' },
      // Project leave is days, never annual leave.
      { employeeId: staff, fundType: FUND_TYPE.project, hours: 2, applyDate: '2026-03-01', expireDate: '2026-12-31', projectId: t.fixture.projectId },
      // 2027's first accrual, applied on T01-2027's end.
      { employeeId: staff, fundType: FUND_TYPE.default, hours: 8, applyDate: '2027-01-25', expireDate: '2027-12-31' },
    ],
    null,
  );
  await removeFundRow(t.db, { fundRowId: rows[6]!.id }, null);
  // 4 h taken in October, drawn from the row expiring first (the bonus expiring 01/11; the carryover expired in June).
  expect((await useLeave(t.db, { employeeId: staff, hours: 4, date: '2026-10-15', sourceId: 'test:ts' })).ok).toBe(true);
});
afterAll(() => t.close());

describe('My Timesheet Annual Leave', () => {
  it('totals the hours granted in the period’s financial year and reads what is usable on an ended period’s last day', async () => {
    // 24 + 10.125 + 6 + 3 + 5 = 48.125 → 48.13; usable on 25/10: 24 + 10.125 + (6 − 4) + 7 = 43.125 → 43.13.
    expect(await annualLeave('staff', 'T10-2026')).toEqual({ total: 48.13, remaining: 43.13 });
  });

  it('reads what is usable today while the period runs', async () => {
    // On 10/11 the 6 h bonus has expired and the 3 h bonus is not applied yet: 24 + 10.125 + 7.
    expect(await annualLeave('staff', 'T11-2026')).toEqual({ total: 48.13, remaining: 41.13 });
  });

  it('counts a period that ends in January in the new financial year', async () => {
    // Only the 2027 accrual is in 2027's total; the period has not started, so today's usable hours.
    expect(await annualLeave('staff', 'T01-2027')).toEqual({ total: 8, remaining: 41.13 });
  });

  it('answers 0 for an employee without fund rows', async () => {
    expect(await annualLeave('staff2', 'T10-2026')).toEqual({ total: 0, remaining: 0 });
  });
});
