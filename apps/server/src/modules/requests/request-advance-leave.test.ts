import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LEAVE_BALANCE_PATH } from '@tms/contracts/leave-balance';
import { REQUEST_RULE_MESSAGES as R } from '@tms/contracts/requests';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertStaffPolicies, insertWeekdaySchedule } from '../../test/schedules.ts';
import { runLeaveAccrual } from '../leave/accrual.service.ts';
import { grantFundRows } from '../leave/leave.service.ts';
import { api, type Json } from '../request-days/request-write.test-support.ts';

/**
 * Advance leave (RULES.md §5, §7; issue 22 §2): an annual leave request may use, beyond the hours on fund rows, the
 * default accrual of the next `advanceLeave` periods of the financial year. On Friday 27/11/2026 the next period is
 * T12 (26/11 – 25/12; T01 is next year's), 12 h a month: staff with 36 h sees `remain_annual_leave` 36 and
 * `annual_leave_balance_hours` 48, and a 40-hour request is accepted and approved — the 4 hours beyond the rows are a
 * debit against T12's grant, settled when it is made. Creation and approval check the figure get-balance shows.
 */
let t: TestApp;
const { call, leave, create, status } = api(() => t);
const WEEK = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
const emp = (u: string) => t.fixture.employeeIds[u]!;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-27T10:00:00+07:00' });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await insertWeekdaySchedule(t.db, { code: 'FLEXIBLE', start: '07:00', end: '19:00' });
  await insertStaffPolicies(t.db, 'staff3');
  await t.db.execute(sql`insert into leave_general_configs (seniority_leave_hour, seniority_leave_year, conditional_month, leave_hour_in_month, advance_leave, apply_date, expire_date)
                         values (0, 5, 80, 12, 2, '2026-01-01', '2026-12-31')`);
  for (const u of ['staff', 'staff2']) {
    await grantFundRows(t.db, [{ employeeId: emp(u), fundType: 'default_leave', hours: 36, applyDate: '2026-01-01', expireDate: '2026-12-31' }], null);
  }
});
afterAll(() => t.close());

const balance = async (u: string, date = WEEK[0]!) => (await call('hr', 'GET', `/api${LEAVE_BALANCE_PATH}?username=${u}&date=${date}`)).body.data as Json;
const week = (dates: readonly string[]) => leave(dates[0]!, { request_dates: dates.map((d) => ({ request_date: d, duration: 'FULL_DAY' })) });
const futureRow = (u: string) =>
  queryRows<{ id: number; amount: string; apply_date: string; remaining: string }>(
    t.db,
    sql`select f.id, f.amount::text, f.apply_date::text, coalesce(sum(l.amount), 0)::text as remaining
          from leave_fund_rows f left join leave_ledger l on l.fund_row_id = f.id
         where f.employee_id = ${emp(u)} and f.source_key = 'default:2026-12' and f.deleted_at is null group by f.id`,
  );

describe('advance leave', () => {
  let id = 0;

  it('shows 36 on the rows and 48 with the advance; a 40-hour request is accepted and approved', async () => {
    expect(await balance('staff')).toMatchObject({ remain_annual_leave: 36, annual_leave_balance_hours: 48 });
    id = await create('staff', week(WEEK));
    const approved = await status('gl', id, 3);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // 36 h from the rows, 4 h as a debit against T12's grant: a row of that month, no hours granted yet.
    const [row] = await futureRow('staff');
    expect(row).toMatchObject({ amount: '0.000', apply_date: '2026-12-25', remaining: '-4.000' });
    expect(await balance('staff')).toMatchObject({ remain_annual_leave: 0, annual_leave_balance_hours: 8 });
  });

  it('creation and approval check the figure shown: 16 h more is refused, 8 h fits', async () => {
    const over = await call('staff', 'POST', 'create-request/', week(['2026-12-07', '2026-12-08']));
    expect(over).toMatchObject({ status: 400, body: { message: R.insufficientBalance } });
    const fits = await create('staff', week(['2026-12-07']));
    expect((await status('gl', fits, 3)).status).toBe(200);
    expect(await balance('staff')).toMatchObject({ annual_leave_balance_hours: 0 });
    expect((await futureRow('staff'))[0]!.remaining).toBe('-12.000');
  });

  it('a withdrawal gives the advance back to the future grant it drew on', async () => {
    const withdrawn = await status('staff', id, 5, 'Plans changed.');
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect((await futureRow('staff'))[0]!.remaining).toBe('-8.000');
    expect(await balance('staff')).toMatchObject({ remain_annual_leave: 36, annual_leave_balance_hours: 40 });
  });

  it('the accrual of T12 settles the debit with its grant, dated on the period end', async () => {
    await t.db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status) values (${t.fixture.companyId}, 'T12-2026', '2026-11-26', '2026-12-25', 20, 0)`);
    await t.db.execute(sql`insert into timesheet_days (employee_id, date, day_type, computed_value, value)
                           select ${emp('staff')}, d::date, 'WORKING', 1, 1 from generate_series('2026-11-26'::date, '2026-12-15'::date, interval '1 day') d`);
    expect(await runLeaveAccrual(t.db, { employeeIds: [emp('staff')], through: '2026-12-26', byUserId: null })).toMatchObject({ granted: 0, adjusted: 1, conflicts: 0 });
    const [row] = await futureRow('staff');
    expect(row).toMatchObject({ amount: '12.000', remaining: '4.000' });
    const grant = await queryRows<{ cause: string; entry_date: string }>(t.db, sql`select cause, entry_date::text from leave_ledger where fund_row_id = ${row!.id} and cause = 'GRANT'`);
    expect(grant).toEqual([{ cause: 'GRANT', entry_date: '2026-12-25' }]);
  });

  it('parallel approvals with the advance never take more than the rows and the advance hold', async () => {
    const days = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11'];
    // Created while the row held 100 h (creation counts the pending requests too), then back to 36 h.
    const setGrant = (hours: number) => t.db.execute(sql`update leave_ledger set amount = ${hours} where employee_id = ${emp('staff2')} and cause = 'GRANT'`);
    await setGrant(100);
    const ids: number[] = [];
    for (const d of days) ids.push(await create('staff2', week([d])));
    await setGrant(36);
    // Approved at once, 8 h each: 6 fit (36 on the rows, 12 ahead).
    const answers = await Promise.all(ids.map((i) => status('gl', i, 3)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(6);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 400 && a.body.message === R.insufficientBalance)).toBe(true);
    expect((await futureRow('staff2'))[0]!.remaining).toBe('-12.000');
    const [rows] = await queryRows<{ below: number }>(
      t.db,
      sql`select count(*)::int as below from (select f.id, sum(l.amount) as s from leave_fund_rows f join leave_ledger l on l.fund_row_id = f.id
                                              where f.employee_id = ${emp('staff2')} and f.source_key is null group by f.id) x where x.s < 0`,
    );
    expect(rows!.below).toBe(0);
    expect(await balance('staff2')).toMatchObject({ remain_annual_leave: 0, annual_leave_balance_hours: 0 });
  });
});
