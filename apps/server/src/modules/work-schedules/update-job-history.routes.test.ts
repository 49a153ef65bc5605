import { isWeekendIso } from '@tms/contracts/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMESHEET_MODIFY_MESSAGES as M, UPDATE_JOB_HISTORY_PATH, WORK_SCHEDULE_LIST_PATH } from '@tms/contracts/timesheet-modify';
import { queryRows } from '../../db/client.ts';
import { addDays, companyToday, toDmy } from '../../lib/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { recalculate } from '../timesheet/recalculate.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { readJson, type Json } from '../../test/json-body.ts';

const TZ = 'Asia/Ho_Chi_Minh';
/** Pinned (issue 7 §1): the test depends on the weekday of today and on which days have ended. */
const NOW = new Date('2026-03-18T10:00:00+07:00');
const today = companyToday(TZ, NOW);
const at = (date: string, clock: string) => `${date}T${clock}:00+07:00`;
const PERIOD_A = { from: addDays(today, -60), to: addDays(today, -31) };
const PERIOD_B = { from: addDays(today, -30), to: addDays(today, 5) };
const WORKDAYS: string[] = [];
for (let i = 28; i >= 1; i--) if (!isWeekendIso(addDays(today, -i))) WORKDAYS.push(addDays(today, -i));
/** staff2 works 10:00–19:00 from here on: 90 minutes late on HCM (08:30–17:30), on time on LATE. */
const SWITCH = WORKDAYS[10]!;

let t: TestApp;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function call(user: string | null, method: 'GET' | 'PUT', url: string, payload?: unknown) {
  const headers = user ? await t.as(user) : {};
  const res = await t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: readJson(res) };
}
const update = (user: string | null, userId: number | string | undefined, payload?: unknown) =>
  call(user, 'PUT', userId === undefined ? UPDATE_JOB_HISTORY_PATH : `${UPDATE_JOB_HISTORY_PATH}?userId=${userId}`, payload);

async function footprint() {
  const [row] = await queryRows<Json>(
    t.db,
    sql`select (select count(*) from history)::int as history,
               (select md5(string_agg(id || ':' || employee_id || ':' || work_schedule_code || ':' || rule_type || ':' || apply_date || ':' || expire_date || ':' || version, ',' order by id)) from staff_policies) as policies,
               (select md5(string_agg(id || ':' || coalesce(work_schedule_type, '-') || ':' || coalesce(work_schedule_apply_date::text, '-') || ':' || version, ',' order by id)) from employees) as employees,
               (select md5(coalesce(string_agg(employee_id || ':' || date || ':' || coalesce(value::text, '-') || ':' || late_minutes, ',' order by employee_id, date), '')) from timesheet_days) as days`,
  );
  return row!;
}
async function expectRefused(status: number, message: unknown, user: string, userId: number | string | undefined, payload?: unknown) {
  const before = await footprint();
  const res = await update(user, userId, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ code: status, message, data: null });
  expect(await footprint()).toEqual(before);
}

type Policy = { id: number; work_schedule_code: string; rule_type: string; apply_date: string; expire_date: string; work_start_time: string | null; work_end_time: string | null; ot_type: string; explanation_number: number; created_by: number | null; version: number };
const policiesOf = (username: string) =>
  queryRows<Policy>(
    t.db,
    sql`select id, work_schedule_code, rule_type, apply_date::text as apply_date, expire_date::text as expire_date,
               to_char(work_start_time, 'HH24:MI') as work_start_time, to_char(work_end_time, 'HH24:MI') as work_end_time,
               ot_type, explanation_number, created_by, version
          from staff_policies where employee_id = ${id(username)} order by apply_date, id`,
  );
const employeeOf = async (username: string) =>
  (await queryRows<{ work_schedule_type: string | null; work_schedule_apply_date: string | null; version: number }>(
    t.db,
    sql`select work_schedule_type, work_schedule_apply_date::text as work_schedule_apply_date, version from employees where id = ${id(username)}`,
  ))[0]!;
const historyOf = (table: string, recordId: number) =>
  queryRows<{ action: string; employee_id: number; changes: Json[]; new_record: Json; created_by_username: string }>(
    t.db,
    sql`select action, employee_id, changes, new_record, created_by_username from history where table_name = ${table} and record_id = ${recordId} order by id`,
  );
const dayOf = async (username: string, date: string) =>
  (await queryRows<{ value: string | null; late_minutes: number; schedule_code: string | null; mode: string | null }>(
    t.db,
    sql`select value::text as value, late_minutes, schedule_code, mode from timesheet_days where employee_id = ${id(username)} and date = ${date}`,
  ))[0];
const caseOf = async (username: string, date: string) =>
  (await queryRows<{ reason: string }>(t.db, sql`select reason from abnormal_cases where employee_id = ${id(username)} and abnormal_date = ${date}`))[0];

async function addSchedule(code: string, type: string, name: string, start: string, end: string, breakStart: string | null, breakEnd: string | null, active = true) {
  await insertWeekdaySchedule(t.db, { code, type, name, start, end, breakStart, breakEnd, active });
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await addSchedule('HCM', 'HCM', 'Office hours 08:30-17:30', '08:30', '17:30', '12:00', '13:00');
  await addSchedule('FLEXIBLE', 'FLEXIBLE', 'Flexible hours 07:00-19:00', '07:00', '19:00', null, null);
  await addSchedule('LATE', 'HCM', 'Late shift 10:00-19:00', '10:00', '19:00', '14:00', '15:00');
  await addSchedule('OLD', 'HCM', 'A retired schedule', '08:00', '17:00', '12:00', '13:00', false);
  // Every employee but guest has an open-ended HCM policy (as the demo seed's staffPolicyRow makes them).
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, lack_of_time_allowed, ot_type, apply_date, expire_date, work_start_time, work_end_time)
    select id, 'HCM', 'DAY', 3, 15, 'OT_FIXED', '2020-01-06', '9999-12-30', '08:30', '17:30' from employees where user_name <> 'guest'`);
  const c = t.fixture.companyId;
  await t.db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
    values (${c}, 'A', ${PERIOD_A.from}, ${PERIOD_A.to}, 20, 4), (${c}, 'B', ${PERIOD_B.from}, ${PERIOD_B.to}, 20, 0)`);
  for (const d of WORKDAYS) {
    for (const clock of ['10:00', '19:00']) {
      await t.db.execute(sql`insert into punches (system, attendance_check_id, employee_id, punched_at, source)
        values ('TEST', 'staff2', ${id('staff2')}, ${at(d, clock)}::timestamptz, 'test')`);
    }
  }
  await recalculate(t.db, { from: PERIOD_B.from, to: today, timeZone: TZ, now: NOW });
});
afterAll(() => t?.close());

describe('PUT /api/tms/timesheets/update-job-history refusals, nothing written', () => {
  const body = () => ({ work_schedule_code: 'LATE', apply_date: SWITCH });

  it('answers the contract texts for the query and body', async () => {
    await expectRefused(400, M.employeeRequired, 'hr', undefined, body());
    await expectRefused(400, M.employeeRequired, 'hr', 'abc', body());
    await expectRefused(400, M.employeeRequired, 'hr', 0, body());
    await expectRefused(400, M.scheduleRequired, 'hr', id('staff2'), undefined);
    await expectRefused(400, M.scheduleRequired, 'hr', id('staff2'), { apply_date: SWITCH });
    await expectRefused(400, M.scheduleRequired, 'hr', id('staff2'), { work_schedule_code: ' ', apply_date: SWITCH });
    await expectRefused(400, M.applyDateRequired, 'hr', id('staff2'), { work_schedule_code: 'LATE' });
    await expectRefused(400, 'Invalid Date!', 'hr', id('staff2'), { work_schedule_code: 'LATE', apply_date: '31/12/2026' });
  });

  it('an unknown employee, an unknown or inactive schedule are 404', async () => {
    await expectRefused(404, M.employeeNotFound, 'hr', 999_999, body());
    await expectRefused(404, M.scheduleNotFound, 'hr', id('staff2'), { ...body(), work_schedule_code: 'NOPE' });
    await expectRefused(404, M.scheduleNotFound, 'hr', id('staff2'), { ...body(), work_schedule_code: 'OLD' });
  });

  it('an apply date on or before the lock date is 400 with the lock date', async () => {
    const message = M.applyDateLocked(toDmy(PERIOD_A.to)!);
    expect(message).toBe(`Apply date must be after the most recent approved timesheet (${toDmy(PERIOD_A.to)})`);
    await expectRefused(400, message, 'hr', id('staff2'), { ...body(), apply_date: PERIOD_A.to });
    await expectRefused(400, message, 'admin', id('staff2'), { ...body(), apply_date: addDays(PERIOD_A.to, -40) });
  });

  it('no staff policy on the apply date is 400', async () => {
    await expectRefused(400, M.noPolicy, 'hr', id('guest'), body());
  });

  it('HRM, leads and staff are 403; no session is 401', async () => {
    for (const user of ['hrm', 'dl', 'gl', 'staff', 'guest']) await expectRefused(403, expect.any(String), user, id('staff2'), body());
    expect((await update(null, id('staff2'), body())).status).toBe(401);
  });
});

describe('changing the schedule', () => {
  it('splits the policy at the apply date, records both, follows on the employee and recomputes the days', async () => {
    const before = WORKDAYS[9]!;
    expect(await dayOf('staff2', SWITCH)).toMatchObject({ value: '0.50', late_minutes: 90, schedule_code: 'HCM' });
    expect(await caseOf('staff2', SWITCH)).toMatchObject({ reason: '2' });
    const [old] = await policiesOf('staff2');

    const res = await update('hr', id('staff2'), { work_schedule_code: 'LATE', apply_date: SWITCH });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const days = Math.round((Date.parse(today) - Date.parse(SWITCH)) / 86_400_000) + 1;
    expect(res.body).toMatchObject({ code: 200, message: 'Update Successfully', data: { policyId: expect.any(Number), recalculatedDays: days } });

    const policies = await policiesOf('staff2');
    expect(policies).toEqual([
      { ...old, expire_date: addDays(SWITCH, -1), version: 2 },
      {
        ...old,
        id: res.body.data.policyId,
        work_schedule_code: 'LATE',
        rule_type: 'DAY',
        apply_date: SWITCH,
        expire_date: '9999-12-30',
        work_start_time: '10:00',
        work_end_time: '19:00',
        created_by: t.fixture.userIds.hr,
        version: 1,
      },
    ]);
    expect(await historyOf('staff_policies', old!.id)).toEqual([
      {
        action: 'UPDATE',
        employee_id: id('staff2'),
        changes: [{ field: 'expire_date', oldValue: '9999-12-30', newValue: addDays(SWITCH, -1) }],
        new_record: expect.objectContaining({ id: old!.id, work_schedule_code: 'HCM', expire_date: addDays(SWITCH, -1), version: 2 }),
        created_by_username: 'hr',
      },
    ]);
    const [created] = await historyOf('staff_policies', res.body.data.policyId);
    expect(created).toMatchObject({ action: 'CREATE', new_record: { work_schedule_code: 'LATE', apply_date: SWITCH, expire_date: '9999-12-30' } });
    expect(created!.changes).toEqual(
      expect.arrayContaining([
        { field: 'work_schedule_code', oldValue: null, newValue: 'LATE' },
        { field: 'apply_date', oldValue: null, newValue: SWITCH },
      ]),
    );

    // In force today: the employee's current schedule follows, with its own history entry.
    expect(await employeeOf('staff2')).toEqual({ work_schedule_type: 'HCM', work_schedule_apply_date: SWITCH, version: 2 });
    expect((await historyOf('employees', id('staff2')))[0]).toMatchObject({
      action: 'UPDATE',
      changes: [{ field: 'work_schedule_apply_date', oldValue: null, newValue: SWITCH }],
    });

    // The days from the apply date follow the new hours: on time, a full day, the abnormal case gone; before it, unchanged.
    expect(await dayOf('staff2', SWITCH)).toMatchObject({ value: '1.00', late_minutes: 0, schedule_code: 'LATE' });
    expect(await caseOf('staff2', SWITCH)).toBeUndefined();
    expect(await dayOf('staff2', before)).toMatchObject({ value: '0.50', late_minutes: 90, schedule_code: 'HCM' });
  });

  it('changes a policy starting on the apply date in place; FLEXIBLE is hour-based', async () => {
    const [, current] = await policiesOf('staff2');
    const res = await update('admin', id('staff2'), { work_schedule_code: 'FLEXIBLE', apply_date: SWITCH });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.policyId).toBe(current!.id);
    const policies = await policiesOf('staff2');
    expect(policies).toHaveLength(2);
    expect(policies[1]).toEqual({ ...current, work_schedule_code: 'FLEXIBLE', rule_type: 'HOUR', work_start_time: '07:00', work_end_time: '19:00', version: 2 });
    const entries = await historyOf('staff_policies', current!.id);
    expect(entries.map((e) => e.action)).toEqual(['CREATE', 'UPDATE']);
    expect(entries[1]!.changes).toEqual([
      { field: 'work_schedule_code', oldValue: 'LATE', newValue: 'FLEXIBLE' },
      { field: 'rule_type', oldValue: 'DAY', newValue: 'HOUR' },
      { field: 'work_start_time', oldValue: '10:00', newValue: '07:00' },
    ]);
    expect(await employeeOf('staff2')).toMatchObject({ work_schedule_type: 'FLEXIBLE', version: 3 });
    expect(await dayOf('staff2', SWITCH)).toMatchObject({ mode: 'HOUR', schedule_code: 'FLEXIBLE' });
  });

  it('the schedule it already has changes nothing but answers 200', async () => {
    const before = await footprint();
    const res = await update('hr', id('staff2'), { work_schedule_code: 'FLEXIBLE', apply_date: SWITCH });
    expect(res.status).toBe(200);
    expect(await footprint()).toEqual(before);
  });

  it('a future apply date splits the policy but leaves today and the stored days as they are', async () => {
    const future = addDays(today, 3);
    const employeeBefore = await employeeOf('staff3');
    const res = await update('hr', id('staff3'), { work_schedule_code: 'LATE', apply_date: future });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.recalculatedDays).toBe(0);
    expect((await policiesOf('staff3')).map((p) => [p.work_schedule_code, p.apply_date, p.expire_date])).toEqual([
      ['HCM', '2020-01-06', addDays(future, -1)],
      ['LATE', future, '9999-12-30'],
    ]);
    expect(await employeeOf('staff3')).toEqual(employeeBefore);
  });
});

describe('GET /api/tms/employee/get-all-work-schedule', () => {
  it('lists the active schedules by name for HR, HRM and Admin; others 403', async () => {
    for (const user of ['hr', 'hrm', 'admin']) {
      const res = await call(user, 'GET', WORK_SCHEDULE_LIST_PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        code: 200,
        message: 'Success',
        data: [
          { work_schedule_code: 'FLEXIBLE', work_schedule_name: 'Flexible hours 07:00-19:00', work_schedule_type: 'FLEXIBLE', work_start_time: '07:00', work_end_time: '19:00' },
          { work_schedule_code: 'LATE', work_schedule_name: 'Late shift 10:00-19:00', work_schedule_type: 'HCM', work_start_time: '10:00', work_end_time: '19:00' },
          { work_schedule_code: 'HCM', work_schedule_name: 'Office hours 08:30-17:30', work_schedule_type: 'HCM', work_start_time: '08:30', work_end_time: '17:30' },
        ],
      });
    }
    for (const user of ['staff', 'gl', 'dl', 'guest']) expect((await call(user, 'GET', WORK_SCHEDULE_LIST_PATH)).status).toBe(403);
  });
});
