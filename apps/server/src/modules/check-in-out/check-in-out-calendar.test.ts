import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IN_OUT_CALENDAR_PATHS as P, CHECK_IN_OUT_MESSAGES as M, type CalendarData, type DayData, type ManualJob } from '@tms/contracts/check-in-out-calendar';
import { runDueJobs } from '../../lib/jobs.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertStaffPolicies, insertWeekdaySchedule } from '../../test/schedules.ts';
import { recalculate } from '../timesheet/recalculate.ts';

/**
 * Check In-Out Time (spec 001 §2.8, §5.8, §7.7; RULES.md §3, §4). The clock is fixed on Thursday 12/03/2026 10:00
 * company time. Everyone punches 08:15 and 17:45 on the weekdays from 02/03 to 11/03, except staff, who comes at 09:30
 * on Wednesday 04/03 (late). Tuesday 03/03 is a public holiday. staff2 works the NIGHT schedule 18:00–02:00 and
 * punches 18:00 on Monday 09/03 and 01:50 on Tuesday 10/03.
 */
const TZ = 'Asia/Ho_Chi_Minh';
const NOW = '2026-03-12T10:00:00+07:00';
const FROM = '2026-03-02';
const TO = '2026-03-11';
const LATE = '2026-03-04';
const HOLIDAY = '2026-03-03';

let t: TestApp;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function call(user: string, method: 'GET' | 'PUT', url: string, body?: unknown) {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: await t.as(user), ...(body === undefined ? {} : { payload: body as object }) });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: unknown; page?: { total_element: number } } };
}
async function ok<T>(user: string, method: 'GET' | 'PUT', url: string, body?: unknown): Promise<{ message: string; data: T; page?: { total_element: number } }> {
  const res = await call(user, method, url, body);
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body as { message: string; data: T; page?: { total_element: number } };
}
const calendar = (user: string, query: string) => ok<CalendarData>(user, 'GET', `${P.detail}?${query}`).then((r) => r.data);

async function punch(username: string, date: string, clock: string) {
  await t.db.execute(sql`
    insert into punches (system, attendance_check_id, employee_id, punched_at, source)
    values ('SPEEDGATE', ${username}, ${id(username)}, (${`${date} ${clock}`}::timestamp at time zone ${TZ}), 'test')`);
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await insertWeekdaySchedule(t.db, { code: 'NIGHT', start: '18:00', end: '02:00' });
  await insertStaffPolicies(t.db, 'nobody');
  await t.db.execute(sql`update staff_policies set work_schedule_code = 'NIGHT' where employee_id = ${id('staff2')}`);
  await t.db.execute(sql`update employees set work_schedule_type = 'NIGHT' where id = ${id('staff2')}`);
  await t.db.execute(sql`insert into holidays (calendar_code, date, name) values ('VNM_NPH', ${HOLIDAY}, 'Test holiday')`);
  await t.db.execute(sql`
    insert into punches (system, attendance_check_id, employee_id, punched_at, source)
    select 'SPEEDGATE', e.user_name, e.id, (g.d + v.t) at time zone ${TZ}, 'test'
      from employees e
     cross join generate_series(${FROM}::timestamp, ${TO}::timestamp, interval '1 day') as g(d)
     cross join (values (time '08:15'), (time '17:45')) as v(t)
     where extract(isodow from g.d) < 6 and e.user_name <> 'staff2'
       and not (e.user_name = 'staff' and g.d::date = ${LATE}::date and v.t = time '08:15')`);
  await punch('staff', LATE, '09:30');
  await punch('staff2', '2026-03-09', '18:00');
  await punch('staff2', '2026-03-10', '01:50');
  await recalculate(t.db, { from: '2026-02-01', to: '2026-03-12', timeZone: TZ, now: t.clock.now() });
});
afterAll(() => t?.close());

describe('GET timesheet-detail (the calendar)', () => {
  it('answers the caller by default with the stored days, the late day and the holiday flagged', async () => {
    const data = await calendar('staff', `fromDate=${FROM}&toDate=${TO}`);
    expect(data).toMatchObject({ start_working_day: '2020-01-06', user_name: 'staff', from_date: FROM, to_date: TO, range_cut: false });
    expect(data.timesheets).toHaveLength(10);
    const day = (d: string) => data.timesheets.find((x) => x.date_of_issue === d)!;
    expect(day(LATE)).toMatchObject({ check_in_time: '09:30', check_out_time: '17:45', is_late_coming: true, is_early_leaving: false, is_holiday: false });
    expect(day('2026-03-05')).toMatchObject({ check_in_time: '08:15', check_out_time: '17:45', is_late_coming: false, is_early_leaving: false });
    expect(day(HOLIDAY)).toMatchObject({ is_holiday: true });
    expect(day('2026-03-07')).toMatchObject({ check_in_time: null, is_holiday: false });
  });

  it('cuts a range over one month to one month (spec 001 §5.8)', async () => {
    const data = await calendar('staff', 'fromDate=2026-01-10&toDate=2026-03-05');
    expect(data).toMatchObject({ from_date: '2026-01-10', to_date: '2026-02-09', range_cut: true });
    expect(data.timesheets).toHaveLength(31);
    expect(data.timesheets.at(-1)!.date_of_issue).toBe('2026-02-09');
  });

  it.each([
    ['staff', 'staff2', 404],
    ['staff', 'staff', 200],
    ['gl', 'staff', 200],
    ['gl', 'staff3', 404],
    ['dl', 'staff3', 200],
    ['dl', 'staff4', 404],
    ['hr', 'staff4', 200],
    ['hrm', 'staff4', 200],
    ['admin', 'staff4', 200],
    ['pm', 'staff', 404],
  ])('%s reading %s → %i (RULES.md §3 scope)', async (user, target, status) => {
    const res = await call(user, 'GET', `${P.detail}?employee=${target}&fromDate=${FROM}&toDate=${TO}`);
    expect(res.status).toBe(status);
    if (status === 404) expect(res.body.message).toBe(M.employeeNotFound);
  });

  it('takes an employee id as well as a username, and refuses GUEST', async () => {
    expect((await calendar('hr', `employee=${id('staff')}&fromDate=${FROM}&toDate=${TO}`)).user_name).toBe('staff');
    expect((await call('guest', 'GET', `${P.detail}?fromDate=${FROM}&toDate=${TO}`)).status).toBe(403);
  });

  it.each([
    ['fromDate=2026-02-31&toDate=2026-03-05', M.invalidDate],
    ['fromDate=05/03/2026&toDate=2026-03-05', M.invalidDate],
    ['toDate=2026-03-05', M.invalidDate],
    ['fromDate=2026-03-06&toDate=2026-03-05', M.rangeOrder],
  ])('%s → 400 %s', async (query, message) => {
    const res = await call('staff', 'GET', `${P.detail}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('GET check-in-out/{day} (the drawer)', () => {
  it('lists the staff info and the punches of the day in order', async () => {
    const { data } = await ok<DayData>('gl', 'GET', `${P.dayOf(LATE)}?employee=staff`);
    expect(data.staff).toMatchObject({ name: 'Son Staff', user_name: 'staff', staff_id: 'SFSTAFF', department: 'Department One' });
    expect(data).toMatchObject({ date: LATE, check_in_time: '09:30', check_out_time: '17:45' });
    expect(data.check_times.map((p) => [p.time, p.system])).toEqual([
      ['09:30:00', 'SPEEDGATE'],
      ['17:45:00', 'SPEEDGATE'],
    ]);
  });

  it('gives a punch before 04:00 to the previous day when that day’s schedule ends after midnight (RULES.md §4)', async () => {
    const monday = (await ok<DayData>('hr', 'GET', `${P.dayOf('2026-03-09')}?employee=staff2`)).data;
    expect(monday.check_times.map((p) => `${p.date} ${p.time}`)).toEqual(['2026-03-09 18:00:00', '2026-03-10 01:50:00']);
    const tuesday = (await ok<DayData>('hr', 'GET', `${P.dayOf('2026-03-10')}?employee=staff2`)).data;
    expect(tuesday.check_times).toEqual([]);
  });

  it('keeps a punch before 04:00 on its own day after a day schedule', async () => {
    await punch('staff3', '2026-03-10', '01:30');
    const { data } = await ok<DayData>('hr', 'GET', `${P.dayOf('2026-03-10')}?employee=staff3`);
    expect(data.check_times.map((p) => p.time)).toEqual(['01:30:00', '08:15:00', '17:45:00']);
    const before = (await ok<DayData>('hr', 'GET', `${P.dayOf('2026-03-09')}?employee=staff3`)).data;
    expect(before.check_times.map((p) => p.time)).toEqual(['08:15:00', '17:45:00']);
  });

  it('answers 404 outside the scope and 400 "Invalid Date!" for a bad day', async () => {
    expect((await call('staff', 'GET', `${P.dayOf(LATE)}?employee=staff2`)).status).toBe(404);
    const bad = await call('staff', 'GET', P.dayOf('2026-13-01'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(M.invalidDate);
  });
});

describe('PUT / GET check-in-out/manual (Update Employee Check Time)', () => {
  it('queues a recalculation that re-reads the punches; its status shows in the search', async () => {
    // A punch stored without its recalculation (as if the device hook had missed it): the update picks it up.
    await t.db.execute(sql`delete from punches where employee_id = ${id('staff4')} and punched_at = ('2026-03-05 08:15'::timestamp at time zone ${TZ})`);
    await punch('staff4', '2026-03-05', '10:05');
    const before = await calendar('hr', `employee=staff4&fromDate=2026-03-05&toDate=2026-03-05`);
    expect(before.timesheets[0]).toMatchObject({ check_in_time: '08:15', is_late_coming: false });

    const res = await ok<ManualJob>('hr', 'PUT', P.manual, { department_code: 'DEP3', employee: ['staff4'], start_date: '2026-03-01', end_date: '2026-03-31' });
    expect(res.message).toBe(M.updated);
    // Cut to today (12/03); the request's own range is kept for the search.
    expect(res.data).toMatchObject({ status: 'queued', start_date: '2026-03-01', end_date: '2026-03-31', effective_end_date: '2026-03-12', created_by: 'hr', created_by_name: 'Hoa Human' });
    expect(res.data.employees.map((e) => e.user_name)).toEqual(['staff4']);

    const queued = await ok<ManualJob[]>('admin', 'GET', `${P.manual}?employee=staff4`);
    expect(queued.data.map((j) => [j.id, j.status])).toEqual([[res.data.id, 'queued']]);

    await runDueJobs(t.app);
    const after = await calendar('hr', `employee=staff4&fromDate=2026-03-05&toDate=2026-03-05`);
    expect(after.timesheets[0]).toMatchObject({ check_in_time: '10:05', is_late_coming: true });
    const done = await ok<ManualJob[]>('hrm', 'GET', `${P.manual}?start_date=2026-03-10&end_date=2026-03-20&department_code=DEP3`);
    expect(done.data.map((j) => [j.id, j.status])).toEqual([[res.data.id, 'done']]);
    expect(done.page?.total_element).toBe(1);
    // Filters that do not match.
    expect((await ok<ManualJob[]>('hr', 'GET', `${P.manual}?employee=staff`)).data).toEqual([]);
    expect((await ok<ManualJob[]>('hr', 'GET', `${P.manual}?end_date=2026-02-28`)).data).toEqual([]);
    expect((await ok<ManualJob[]>('hr', 'GET', `${P.manual}?department_code=DEP1`)).data).toEqual([]);
  });

  it.each([
    [{ employee: [], start_date: FROM, end_date: TO }, M.staffRequired],
    [{ start_date: FROM, end_date: TO }, M.staffRequired],
    [{ employee: ['nobody-here'], start_date: FROM, end_date: TO }, M.employeeNotFound],
    [{ employee: ['staff'], start_date: '2026-02-30', end_date: TO }, M.invalidDate],
    [{ employee: ['staff'], start_date: TO, end_date: FROM }, M.rangeOrder],
    [{ employee: ['staff'], department_code: 'NOPE', start_date: FROM, end_date: TO }, M.departmentNotFound],
    [{ employee: ['staff'], start_date: '2026-03-13', end_date: '2026-03-20' }, M.future],
    // Text PostgreSQL cannot store is refused before any SQL (the list's own message: the union reports one).
    [{ employee: 'a\u0000b', start_date: FROM, end_date: TO }, M.staffRequired],
    [{ employee: ['x'.repeat(101)], start_date: FROM, end_date: TO }, M.employeeNotFound],
  ])('refuses %j with 400 and queues nothing', async (body, message) => {
    const res = await call('hr', 'PUT', P.manual, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('is HR, HRM and ADMIN only', async () => {
    for (const user of ['staff', 'gl', 'dl', 'guest']) {
      expect((await call(user, 'PUT', P.manual, { employee: ['staff'], start_date: FROM, end_date: TO })).status).toBe(403);
      expect((await call(user, 'GET', P.manual)).status).toBe(403);
    }
  });

  it('does not recompute dates on or before the lock date (RULES.md §4)', async () => {
    await approvePeriodEnding(t.db, t.fixture.companyId, '2026-01-26', '2026-02-25');
    const locked = await call('hr', 'PUT', P.manual, { employee: ['staff'], start_date: '2026-02-01', end_date: '2026-02-25' });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(M.locked('25/02/2026'));
    const part = await ok<ManualJob>('hr', 'PUT', P.manual, { employee: [String(id('staff'))], start_date: '2026-02-20', end_date: '2026-03-02' });
    expect(part.data).toMatchObject({ effective_start_date: '2026-02-26', effective_end_date: '2026-03-02' });
    await runDueJobs(t.app);
  });
});
