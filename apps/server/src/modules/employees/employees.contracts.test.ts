import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LEAVE_BALANCE_PATH } from '@tms/contracts/leave-balance';
import { UPDATE_LEAVE_PATH } from '@tms/contracts/update-leave';
import { queryRows } from '../../db/client.ts';
import { insertWorkSchedules } from '../../seed/schedules.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { periodOfMonth } from '../payroll-periods/period-calendar.ts';

/**
 * The employee form's contract is the contract history's from its start date (RULES.md §7), and the leave accrual
 * reads that history: a probationary employee made official on Employee Detail gets their probation months as
 * probationary leave, usable from the official start, at the next Update Leave (issue 22 §2). Clock: 27 Nov 2026.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-27T10:00:00+07:00' });
  await insertWorkSchedules(t.db);
  await t.db.execute(sql`insert into leave_general_configs (seniority_leave_hour, seniority_leave_year, conditional_month, leave_hour_in_month, advance_leave, apply_date, expire_date)
                         values (8, 5, 80, 12, 2, '2026-01-01', '2026-12-31')`);
  for (const m of ['2026-09', '2026-10', '2026-11', '2026-12']) {
    const p = periodOfMonth(m);
    await t.db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
                           values (${t.fixture.companyId}, ${p.name}, ${p.from}, ${p.to}, 20, 0)`);
  }
});
afterAll(() => t.close());

const call = async (username: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: await t.as(username) });

const contractsOf = (employeeId: number) =>
  queryRows<{ contract_type: string; start_date: string; end_date: string | null }>(
    t.db,
    sql`select contract_type, start_date::text as start_date, end_date::text as end_date from employee_contracts where employee_id = ${employeeId} order by start_date`,
  );

const form = (over: Record<string, unknown>) => ({
  name: 'Trần Thị Thử',
  email: 'thu@cglobal.test',
  user_name: 'thu.probation',
  employeeStatus: 'Active',
  start_working_day: '2026-09-01',
  department: 'DEP1',
  gender: 'F',
  location: 'CGLOBALHCM',
  jobLevel: 'Professional',
  nationality: 'VNM',
  holidayCalendarCode: 'VNM_NPH',
  work_schedule_type: 'HCM',
  remain_birthday_leave: 1,
  ...over,
});

/** Every working day of the periods ending in `months` paid (value 1), 20 a period. */
async function paidIn(employeeId: number, months: readonly string[]) {
  for (const m of months) {
    const p = periodOfMonth(m);
    await t.db.execute(sql`insert into timesheet_days (employee_id, date, day_type, computed_value, value)
                           select ${employeeId}, d::date, 'WORKING', 1, 1 from generate_series(${p.from}::date, ${p.from}::date + 19, interval '1 day') d
                           on conflict (employee_id, date) do update set value = 1`);
  }
}

async function updateLeave() {
  const res = await call('hr', 'POST', `/api${UPDATE_LEAVE_PATH}`, { all: true });
  expect(res.statusCode, res.body).toBe(200);
  await runDueJobs(t.app);
}

const balance = async (username: string, date: string) => (await call('hr', 'GET', `/api${LEAVE_BALANCE_PATH}?username=${username}&date=${date}`)).json().data;

describe('the employee form writes the contract history the accrual reads', () => {
  let id = 0;

  it('create: the form’s probationary contract is the history, with its history entry', async () => {
    const res = await call('hr', 'POST', '/api/tms/employee/create-employee', form({ contract_type: 'P', contract_start_date: '2026-09-01' }));
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().data.id;
    expect(await contractsOf(id)).toEqual([{ contract_type: 'P', start_date: '2026-09-01', end_date: null }]);
    const entries = await queryRows<{ action: string }>(t.db, sql`select action from history where table_name = 'employee_contracts' and employee_id = ${id}`);
    expect(entries.map((e) => e.action)).toEqual(['CREATE']);
  });

  it('made official from 26/11 on Employee Detail: the probation ends the day before, and Update Leave grants the probation months usable from 26/11', async () => {
    await paidIn(id, ['2026-09', '2026-10', '2026-11']);
    await updateLeave();
    // Probation months are granted (and shown) in the periods they are earned, not usable while on probation.
    expect((await balance('thu.probation', '2026-11-27')).remain_annual_leave).toBe(0);

    const detail = (await call('hr', 'GET', `/api/tms/employee/detail/${id}`)).json().data;
    const res = await call('hr', 'PUT', '/api/tms/employee/update-employee', { ...detail, contract_type: 'UNLIMTED', contract_start_date: '2026-11-26' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await contractsOf(id)).toEqual([
      { contract_type: 'P', start_date: '2026-09-01', end_date: '2026-11-25' },
      { contract_type: 'UNLIMTED', start_date: '2026-11-26', end_date: null },
    ]);
    const entries = await queryRows<{ action: string; changes: unknown }>(
      t.db,
      sql`select action, changes from history where table_name = 'employee_contracts' and employee_id = ${id} order by id`,
    );
    expect(entries.map((e) => e.action)).toEqual(['CREATE', 'UPDATE', 'CREATE']);
    expect(entries[1]!.changes).toEqual([{ field: 'end_date', oldValue: null, newValue: '2026-11-25' }]);

    await updateLeave();
    const rows = await queryRows<{ source_key: string; apply_date: string; expire_date: string; grant_date: string }>(
      t.db,
      sql`select f.source_key, f.apply_date::text as apply_date, f.expire_date::text as expire_date, min(l.entry_date)::text as grant_date
            from leave_fund_rows f join leave_ledger l on l.fund_row_id = f.id
           where f.employee_id = ${id} and f.deleted_at is null group by f.id order by f.source_key`,
    );
    // T09 (26 Aug – 25 Sep), T10, T11 were probation: granted on their ends, usable from the official start.
    expect(rows).toEqual(
      ['2026-09', '2026-10', '2026-11'].map((m) => ({ source_key: `reserve_probationary:${m}`, apply_date: '2026-11-26', expire_date: '2026-12-31', grant_date: periodOfMonth(m).to })),
    );
    expect((await balance('thu.probation', '2026-11-25')).remain_annual_leave).toBe(0);
    expect((await balance('thu.probation', '2026-11-27')).remain_annual_leave).toBe(36);
  });

  it('an employee without stored history keeps their earlier contract when the form moves to a new one', async () => {
    const staff2 = t.fixture.employeeIds.staff2!;
    await t.db.execute(sql`update employees set contract_type = 'P', contract_start_date = '2026-09-01', contract_end_date = null where id = ${staff2}`);
    expect(await contractsOf(staff2)).toEqual([]);
    const detail = (await call('hr', 'GET', `/api/tms/employee/detail/${staff2}`)).json().data;
    // An edit that leaves the contract as it was writes no history row: the form already is the history.
    expect((await call('hr', 'PUT', '/api/tms/employee/update-employee', { ...detail, positionTitle: 'Tester' })).statusCode).toBe(200);
    expect(await contractsOf(staff2)).toEqual([]);
    const again = (await call('hr', 'GET', `/api/tms/employee/detail/${staff2}`)).json().data;
    expect((await call('hr', 'PUT', '/api/tms/employee/update-employee', { ...again, contract_type: 'UNLIMTED', contract_start_date: '2026-11-26' })).statusCode).toBe(200);
    expect(await contractsOf(staff2)).toEqual([
      { contract_type: 'P', start_date: '2026-09-01', end_date: '2026-11-25' },
      { contract_type: 'UNLIMTED', start_date: '2026-11-26', end_date: null },
    ]);
  });

  it('a refused save writes no history row', async () => {
    const detail = (await call('hr', 'GET', `/api/tms/employee/detail/${id}`)).json().data;
    const res = await call('hr', 'PUT', '/api/tms/employee/update-employee', { ...detail, contract_type: 'P', contract_start_date: '2026-12-01', version: detail.version - 1 });
    expect(res.statusCode).toBe(409);
    expect(await contractsOf(id)).toHaveLength(2);
  });
});
