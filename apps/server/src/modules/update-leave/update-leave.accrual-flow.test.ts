import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_CONFIG_PATH } from '@tms/contracts/general-config';
import { jobStatusPath } from '@tms/contracts/jobs';
import { LEAVE_OVERVIEW_EXPLAIN_PATH, LEAVE_OVERVIEW_PATH } from '@tms/contracts/leave-overview';
import { UPDATE_LEAVE_PATH } from '@tms/contracts/update-leave';
import { queryRows } from '../../db/client.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { periodOfMonth } from '../payroll-periods/period-calendar.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readJson, type Json } from '../../test/json-body.ts';

/**
 * The accrual journey through the API (issue 8 "Done when", with the clock the browser journey cannot move): HR sets a
 * general configuration of 8 h/month from tomorrow; once a payroll period under it has ended with enough paid days,
 * Update Leave grants staff 8 hours, and the overview, its month list and Explain all read those 8 hours.
 */

let t: TestApp;
const April = periodOfMonth('2026-04'); // 26 Mar – 25 Apr 2026
let periodId: number;

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: await t.as(user), payload: payload as Json });
  return { status: res.statusCode, body: readJson(res) };
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T10:00:00+07:00' });
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
        values (${t.fixture.companyId}, ${April.name}, ${April.from}, ${April.to}, 20, 0) returning id`,
  );
  periodId = row!.id;
  // staff was paid 20 of the period's 20 working days (the final day values the timesheet engine writes).
  await t.db.execute(sql`insert into timesheet_days (employee_id, date, day_type, computed_value, value)
                         select ${t.fixture.employeeIds.staff!}, d::date, 'WORKING', 1, 1
                           from generate_series(${April.from}::date, ${April.from}::date + 19, interval '1 day') d`);
});
afterAll(() => t.close());

describe('a general configuration of 8 h/month reaches the overview through Update Leave', () => {
  it('grants 8 hours for the period once it has ended, and every view of the figure agrees', async () => {
    const created = await call('hr', 'POST', `${GENERAL_CONFIG_PATH}/create`, {
      seniorityLeaveHour: 0,
      seniorityLeaveYear: 0,
      conditionalMonth: 80,
      leaveHourInMonth: 8,
      advanceLeave: 0,
      applyDate: '11/03/2026',
      expireDate: '31/12/2026',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    // Before the period ends nothing is accrued.
    let started = await call('hr', 'POST', UPDATE_LEAVE_PATH, { usernames: ['staff'] });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await runDueJobs(t.app);
    expect((await call('hr', 'GET', jobStatusPath(started.body.data.jobId))).body.data).toMatchObject({ status: 'done', percent: 100, result: { granted: 0 } });

    t.clock.set('2026-04-27T09:00:00+07:00');
    started = await call('hr', 'POST', UPDATE_LEAVE_PATH, { usernames: ['staff'] });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await runDueJobs(t.app);
    const job = (await call('hr', 'GET', jobStatusPath(started.body.data.jobId))).body.data;
    expect(job).toMatchObject({ status: 'done', percent: 100, result: { employees: 1, granted: 1, conflicts: 0 } });

    const staffId = t.fixture.employeeIds.staff!;
    const overview = await call('hr', 'GET', `${LEAVE_OVERVIEW_PATH}?timesheetId=${periodId}&employee=${staffId}`);
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    const row = overview.body.data.find((r: Json) => r.employeeId === staffId);
    expect(row.annual_leave.default_leave).toMatchObject({ availability_begin_period: 0, addition_leave: 8, used_in_period: 0, expired: 0 });
    expect(row.total_leave_detail.leave_fund_availability_end_of_period).toBe(8);
    expect(row.month_leave_list.find((m: Json) => m.month === '04/2026')).toEqual({ month: '04/2026', totalLeave: 8 });
    expect(row.month_leave_list.filter((m: Json) => m.totalLeave > 0)).toHaveLength(1);

    const explain = await call('hr', 'GET', `${LEAVE_OVERVIEW_EXPLAIN_PATH}?employeeId=${staffId}&timesheetId=${periodId}&figure=addition_leave&fundType=default_leave`);
    expect(explain.status, JSON.stringify(explain.body)).toBe(200);
    expect(explain.body.data.total).toBe(8);
    expect(explain.body.data.lines).toHaveLength(1);
    expect(explain.body.data.lines[0]).toMatchObject({ cause: 'GRANT', hours: 8, entryDate: '25/04/2026' });

    // Running it again changes nothing (same inputs → no new rows).
    started = await call('hr', 'POST', UPDATE_LEAVE_PATH, { usernames: ['staff'] });
    await runDueJobs(t.app);
    expect((await call('hr', 'GET', jobStatusPath(started.body.data.jobId))).body.data.result).toMatchObject({ granted: 0, adjusted: 0, removed: 0 });
  });
});
