import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import {
  TIMESHEET_GRID_MESSAGES as M,
  TIMESHEET_GRID_PATHS as P,
  gridListResponseSchema,
  myTimesheetResponseSchema,
  type DayEntry,
  type GridRow,
  type MyTimesheet,
} from '@tms/contracts/timesheet-grid';
import { MATRIX_USERS, EXPECTED_ACCESS } from '../../test/access-expectations.ts';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { grantFundRows, useLeave } from '../leave/leave.service.ts';
import { FUND_TYPE } from '../leave/leave.types.ts';
import { recalculate } from '../timesheet/recalculate.ts';
import { insertWeekdaySchedule, insertStaffPolicies } from '../../test/schedules.ts';
import { readJson } from '../../test/json-body.ts';

/**
 * Period T10-2026: Saturday 26/09/2026 … Sunday 25/10/2026 (30 days), computed as on Wednesday 21/10/2026 22:00
 * local, so 22/10 … 25/10 have no stored day. Monday 05/10 is a public holiday. Every fixture employee punches
 * 08:15 and 17:45 on each weekday up to 21/10, except staff on the days below (HCM 08:30–17:30, 15 minutes allowed).
 */
const TZ = 'Asia/Ho_Chi_Minh';
const FROM = '2026-09-26';
const TO = '2026-10-25';
const NOW = new Date('2026-10-21T15:00:00Z');
const HOLIDAY = '2026-10-05';
const STAFF_DAYS: Record<string, string[]> = {
  '2026-09-29': ['08:40', '17:30'], // 10 minutes late, within the allowance
  '2026-09-30': ['09:30', '17:45'], // 60 late: morning lost, case 2
  '2026-10-01': ['08:25', '16:30'], // 60 early: afternoon lost, case 1
  '2026-10-02': ['08:20'], // no check-out: case 5
  '2026-10-06': [], // nothing: case 6, then edited by HR
};
/** Names in ascending order (the fixture's twelve employees). */
const NAMES = [
  'An Admin', 'Dung Division', 'Gia Guest', 'Giang Group', 'Hoa Human', 'Hung Manager',
  'Oanh Other Lead', 'Phuong Project', 'Sang Second', 'Sau Fourth', 'Sinh Third', 'Son Staff',
];

let t: TestApp;
let periodId = 0;
let laterPeriodId = 0;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function get(user: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: await t.as(user) });
  return { status: res.statusCode, body: readJson(res) };
}
async function ok(user: string, url: string) {
  const res = await get(user, url);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  return res.body;
}
async function fails(status: number, message: string, user: string, url: string) {
  const res = await get(user, url);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(status);
  expect(res.body).toMatchObject({ code: status, message, data: null });
}
const list = async (query: string, user = 'hr') => {
  const body = await ok(user, `${P.list}?timesheetId=${periodId}${query}`);
  gridListResponseSchema.parse(body);
  return body as { data: GridRow[]; page: { page: number; size: number; total_element: number } };
};
const rowOf = async (username: string) => (await list(`&employee=${id(username)}`)).data[0]!;
const dayOf = (row: { timesheets: DayEntry[] } | { days: DayEntry[] }, date: string) =>
  ('timesheets' in row ? row.timesheets : row.days).find((d) => d.date_of_issue === date)!;

async function addSchedule(code: string, start: string, end: string, breakStart: string | null, breakEnd: string | null) {
  await insertWeekdaySchedule(t.db, { code, name: `${code} schedule`, start, end, breakStart, breakEnd });
}

async function addEdit(username: string, by: string, date: string, value: number | null, oldValue: number | null, comment: string) {
  await t.db.execute(sql`
    insert into timesheet_overrides (employee_id, date, value, old_value, comment, created_by)
    values (${id(username)}, ${date}, ${value}, ${oldValue}, ${comment}, ${t.fixture.userIds[by]!})`);
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const c = t.fixture.companyId;
  await addSchedule('HCM', '08:30', '17:30', '12:00', '13:00');
  await addSchedule('FLEXIBLE', '07:00', '19:00', null, null);
  await insertStaffPolicies(t.db, 'staff3');
  await t.db.execute(sql`update employees set position_title = 'Developer', total_annual_leave = 99, remain_annual_leave = 99 where id = ${id('staff')}`);
  // Annual leave on the ledger (the summary reads it, not the employee record's columns): 12 h of bonus and 4 h of
  // carryover applied in 2026, a 2025 row that expired in March; 8.5 h used (from the bonus: same expiry, bonus first).
  await grantFundRows(
    t.db,
    [
      { employeeId: id('staff'), fundType: FUND_TYPE.prioritize, hours: 12, applyDate: '2026-01-05', expireDate: '2026-12-31' },
      { employeeId: id('staff'), fundType: FUND_TYPE.reserve, hours: 4, applyDate: '2026-01-01', expireDate: '2026-12-31', financialYear: 2025 },
      { employeeId: id('staff'), fundType: FUND_TYPE.default, hours: 8, applyDate: '2025-03-25', expireDate: '2026-03-31' },
    ],
    null,
  );
  expect((await useLeave(t.db, { employeeId: id('staff'), hours: 8.5, date: '2026-09-29', sourceId: 'test:grid' })).ok).toBe(true);
  await t.db.execute(sql`update employees set work_schedule_type = 'FLEXIBLE' where id = ${id('staff3')}`);
  await t.db.execute(sql`insert into holidays (calendar_code, date, name) values ('VNM_NPH', ${HOLIDAY}, 'Test holiday')`);
  const [p] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
        values (${c}, 'T10-2026', ${FROM}, ${TO}, 19, 0) returning id`,
  );
  periodId = p!.id;
  const [later] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
        values (${c}, 'T11-2026', '2026-10-26', '2026-11-25', 22, 0) returning id`,
  );
  laterPeriodId = later!.id;

  await t.db.execute(sql`
    insert into punches (system, attendance_check_id, employee_id, punched_at, source)
    select 'TEST', e.user_name, e.id, (g.d + v.t) at time zone ${TZ}, 'test'
      from employees e
     cross join generate_series('2026-09-28'::timestamp, '2026-10-21'::timestamp, interval '1 day') as g(d)
     cross join (values (time '08:15'), (time '17:45')) as v(t)
     where extract(isodow from g.d) < 6 and g.d::date <> ${HOLIDAY}::date
       and not (e.user_name = 'staff' and g.d::date in (${sql.join(Object.keys(STAFF_DAYS).map((d) => sql`${d}::date`), sql`, `)}))`);
  for (const [date, clocks] of Object.entries(STAFF_DAYS)) {
    for (const clock of clocks) {
      await t.db.execute(sql`
        insert into punches (system, attendance_check_id, employee_id, punched_at, source)
        values ('TEST', 'staff', ${id('staff')}, (${`${date} ${clock}`}::timestamp at time zone ${TZ}), 'test')`);
    }
  }
  await recalculate(t.db, { from: FROM, to: TO, timeZone: TZ, now: NOW, includeLocked: true });
  // Two edits of staff's 06/10 (HR then Admin) and one of 23/10, a day not computed yet.
  await addEdit('staff', 'hr', '2026-10-06', 0.5, 0, 'first edit');
  await addEdit('staff', 'admin', '2026-10-06', 1, 0.5, 'second edit');
  await addEdit('staff', 'hr', '2026-10-23', 1, null, 'worked from home');
  await addEdit('staff', 'hr', '2026-10-02', 0.5, 0, 'forgot to check out');
  await recalculate(t.db, { employeeIds: [id('staff')], from: FROM, to: TO, timeZone: TZ, now: NOW, includeLocked: true });
  // The late coming of 30/09 explained and approved (RULES.md §5 abnormal case status 3).
  await t.db.execute(sql`update abnormal_cases set status = 3 where employee_id = ${id('staff')} and abnormal_date = '2026-09-30'`);
});
afterAll(() => t?.close());


describe('GET /api/tms/timesheets (HR grid)', () => {
  it('pages 20 by default, sorted by name, with the total count', async () => {
    const body = await list('');
    expect(body.page).toEqual({ page: 1, size: 20, total_element: 12 });
    expect(body.data.map((r) => r.name)).toEqual(NAMES);
    expect(body).toMatchObject({ code: 200, message: 'Success' });
  });

  it('answers later pages, an empty page past the end, and the other direction', async () => {
    expect((await list('&page=2&size=5')).data.map((r) => r.name)).toEqual(NAMES.slice(5, 10));
    const last = await list('&page=3&size=5');
    expect(last.data.map((r) => r.name)).toEqual(NAMES.slice(10));
    const past = await list('&page=4&size=5');
    expect(past.data).toEqual([]);
    expect(past.page).toEqual({ page: 4, size: 5, total_element: 12 });
    expect((await list('&direction=-1')).data.map((r) => r.name)).toEqual([...NAMES].reverse());
    expect((await list('&direction=desc&size=2')).data.map((r) => r.name)).toEqual(['Son Staff', 'Sinh Third']);
  });

  it('sorts by user name, department, violation and total, name breaking ties', async () => {
    expect((await list('&sort=user_name')).data.map((r) => r.user_name)).toEqual([
      'admin', 'dl', 'gl', 'guest', 'hr', 'hrm', 'other', 'pm', 'staff', 'staff2', 'staff3', 'staff4',
    ]);
    expect((await list('&sort=department')).data.map((r) => r.name)).toEqual([
      'Giang Group', 'Sang Second', 'Son Staff',
      'Gia Guest', 'Oanh Other Lead', 'Phuong Project', 'Sau Fourth',
      'An Admin', 'Dung Division', 'Hoa Human', 'Hung Manager', 'Sinh Third',
    ]);
    const byViolation = (await list('&sort=violation&direction=-1')).data;
    expect(byViolation.map((r) => r.name)).toEqual(['Son Staff', ...NAMES.slice(0, 11).reverse()]);
    expect((await list('&sort=total_workday&size=2')).data.map((r) => r.name)).toEqual(['Son Staff', 'An Admin']);
    // An unknown sort key falls back to name (allow-list, ARCHITECTURE.md convention 5).
    expect((await list('&sort=password&size=3')).data.map((r) => r.name)).toEqual(NAMES.slice(0, 3));
  });

  it('pages of any size, sort and direction put together give the whole list in order', async () => {
    for (const sort of ['name', 'user_name', 'department', 'total_workday', 'violation']) {
      for (const direction of ['1', '-1']) {
        const whole = (await list(`&sort=${sort}&direction=${direction}&size=50`)).data.map((r) => r.id);
        for (const size of [5, 7]) {
          const pieces: number[] = [];
          for (let page = 1; page <= Math.ceil(12 / size); page++) pieces.push(...(await list(`&sort=${sort}&direction=${direction}&size=${size}&page=${page}`)).data.map((r) => r.id));
          expect(pieces, `${sort} ${direction} by ${size}`).toEqual(whole);
        }
      }
    }
  });

  it('filters by each part of the grid filter', async () => {
    const names = async (q: string) => (await list(q)).data.map((r) => r.user_name).sort();
    const d = t.fixture.departments;
    expect(await names(`&departmentsFilter=${d.dep1}`)).toEqual(['gl', 'staff', 'staff2']);
    expect(await names(`&departmentsFilter=${d.dep1},${d.dep3}`)).toEqual(['gl', 'guest', 'other', 'pm', 'staff', 'staff2', 'staff4']);
    expect(await names(`&divisions=${t.fixture.divisions.div2}`)).toEqual(['guest', 'other', 'pm', 'staff4']);
    expect(await names(`&employee=${id('staff2')}&employee=${id('hr')}`)).toEqual(['hr', 'staff2']);
    expect(await names('&role=HR')).toEqual(['hr']);
    expect(await names('&role=DULEAD,HRM')).toEqual(['dl', 'hrm', 'other']);
    expect(await names('&location=CGLOBALHCM')).toHaveLength(12);
    expect(await names('&location=ELSEWHERE')).toEqual([]);
    expect(await names('&workScheduleTypes=FLEXIBLE')).toEqual(['staff3']);
    expect(await names('&actionAbnormalCase=true')).toEqual(['staff']);
    expect(await names('&actionAbnormalCase=false')).toHaveLength(12);
    // No request of that reason exists yet: a reason-type filter matches nobody (see 'requests on the timesheet').
    const byReason = await list('&reason_type=ANN_LEAVE_CORP');
    expect(byReason.data).toEqual([]);
    expect(byReason.page.total_element).toBe(0);
    const combined = await list(`&departmentsFilter=${d.dep1}&actionAbnormalCase=true&size=1`);
    expect(combined.page.total_element).toBe(1);
    expect(combined.data[0]!.user_name).toBe('staff');
  });

  it('leaves out employees who did not work in the period', async () => {
    await t.db.execute(sql`update employees set last_working_day = '2026-09-25' where id = ${id('staff4')}`);
    await t.db.execute(sql`update employees set start_working_day = '2026-10-26' where id = ${id('staff2')}`);
    try {
      expect((await list('')).data.map((r) => r.user_name)).not.toContain('staff4');
      expect((await list('')).page.total_element).toBe(10);
    } finally {
      await t.db.execute(sql`update employees set last_working_day = null where id = ${id('staff4')}`);
      await t.db.execute(sql`update employees set start_working_day = '2020-01-06' where id = ${id('staff2')}`);
    }
  });

  it('gives each row the employee, the period total, the violation count and a day for every date', async () => {
    const row = await rowOf('staff');
    expect(row).toMatchObject({
      id: id('staff'),
      name: 'Son Staff',
      user_name: 'staff',
      employmentID: String(id('staff')),
      sf4c_id: 'SFSTAFF',
      role: 'Developer',
      department: 'Department One',
      rule_type: 'DAY',
      // 16 stored working days … see the day values below: 14 whole days, 2 halves, 0.5 and 1 edited, the holiday and 23/10 edited.
      total_workday: 17.5,
      // RULES.md §4 Violation: working days valued below 1 — 30/09, 01/10 and 02/10 (0.5 each); 06/10 edited to 1 is none.
      violationWorkingTime: { countDaysNotEnoughWorkingTime: 3 },
    });
    expect(row.timesheets).toHaveLength(30);
    expect(row.timesheets[0]!.date_of_issue).toBe(FROM);
    expect(row.timesheets[29]!.date_of_issue).toBe(TO);
    const dates = row.timesheets.map((d) => d.date_of_issue);
    expect([...dates].sort()).toEqual(dates);
    expect(row.timesheets.reduce((sum, d) => sum + (d.value ?? 0), 0)).toBe(17.5);
    expect((await rowOf('staff3')).rule_type).toBe('HOUR');
  });

  it('shapes the day cells: check-in/out, late and early flags, weekends, holidays and days not computed yet', async () => {
    const row = await rowOf('staff');
    const blank = { requests: [], history: [], edit_count: 0 };
    expect(dayOf(row, '2026-09-26')).toEqual({
      date_of_issue: '2026-09-26', day_type: 'WEEKEND', value: null, computed_value: null, overridden: false, notation: null,
      check_in_time: null, check_out_time: null, is_late_coming: false, is_early_leaving: false, late_minutes: 0, early_minutes: 0,
      absent_time: 0, active_time: 0, abnormal_reason: null, morning_credit: null, afternoon_credit: null, ...blank,
    });
    expect(dayOf(row, '2026-09-28')).toMatchObject({
      day_type: 'WORKING', value: 1, computed_value: 1, check_in_time: '08:15', check_out_time: '17:45',
      is_late_coming: false, is_early_leaving: false, active_time: 480, abnormal_reason: null,
      morning_credit: 'ATTENDANCE', afternoon_credit: 'ATTENDANCE', ...blank,
    });
    // Late within the allowance: credited, and still shown as late.
    expect(dayOf(row, '2026-09-29')).toMatchObject({ value: 1, check_in_time: '08:40', is_late_coming: true, late_minutes: 10, abnormal_reason: null });
    expect(dayOf(row, '2026-09-30')).toMatchObject({ value: 0.5, is_late_coming: true, is_early_leaving: false, late_minutes: 60, abnormal_reason: '2', morning_credit: null });
    expect(dayOf(row, '2026-10-01')).toMatchObject({ value: 0.5, is_late_coming: false, is_early_leaving: true, early_minutes: 60, abnormal_reason: '1', afternoon_credit: null });
    expect(dayOf(row, '2026-10-02')).toMatchObject({ value: 0.5, computed_value: 0, overridden: true, check_in_time: '08:20', check_out_time: null, abnormal_reason: '5' });
    expect(dayOf(row, HOLIDAY)).toMatchObject({ day_type: 'HOLIDAY', value: 1, notation: 'H', morning_credit: 'HOLIDAY', check_in_time: null });
    // After "today" (21/10) nothing is stored: the weekday decides, and an edit of such a day is its value.
    expect(dayOf(row, '2026-10-22')).toEqual({ ...dayOf(row, '2026-09-26'), date_of_issue: '2026-10-22', day_type: 'WORKING' });
    expect(dayOf(row, '2026-10-23')).toMatchObject({ day_type: 'WORKING', value: 1, computed_value: null, overridden: true, edit_count: 1 });
    expect(dayOf(row, '2026-10-24')).toMatchObject({ day_type: 'WEEKEND', value: null });
    expect(dayOf(await rowOf('staff3'), '2026-09-28')).toMatchObject({ day_type: 'WORKING', value: 1, absent_time: 0, active_time: 570 });
  });

  it('lists the edits of a cell newest first, old → new, with the modifier', async () => {
    const cell = dayOf(await rowOf('staff'), '2026-10-06');
    expect(cell).toMatchObject({ value: 1, computed_value: 0, overridden: true, abnormal_reason: '6', edit_count: 2 });
    expect(cell.history).toEqual([
      {
        old_value: 0.5, new_value: 1, modified_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        modifier: { name: 'An Admin', user_name: 'admin', department: 'Department Two' }, comments: 'second edit',
      },
      {
        old_value: 0, new_value: 0.5, modified_date: expect.any(String),
        modifier: { name: 'Hoa Human', user_name: 'hr', department: 'Department Two' }, comments: 'first edit',
      },
    ]);
    expect(cell.history[0]!.modified_date >= cell.history[1]!.modified_date).toBe(true);
  });

  it('answers gzip to a client that accepts it, the same JSON otherwise', async () => {
    const url = `/api${P.list}?timesheetId=${periodId}`;
    const plain = await t.app.inject({ method: 'GET', url, headers: await t.as('hr') });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const zipped = await t.app.inject({ method: 'GET', url, headers: { ...(await t.as('hr')), 'accept-encoding': 'br;q=1.0, gzip;q=0.8' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    const refused = await t.app.inject({ method: 'GET', url, headers: { ...(await t.as('hr')), 'accept-encoding': 'gzip;q=0, deflate' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a missing or bad timesheet id and unknown periods', async () => {
    await fails(400, M.timesheetRequired, 'hr', P.list);
    await fails(400, M.timesheetRequired, 'hr', `${P.list}?timesheetId=abc`);
    await fails(400, M.timesheetRequired, 'hr', `${P.list}?timesheetId=0`);
    await fails(404, M.timesheetNotFound, 'hr', `${P.list}?timesheetId=999999`);
    await fails(400, MESSAGES_COMMON.invalidIds, 'hr', `${P.list}?timesheetId=${periodId}&departmentsFilter=abc`);
    expect((await get('hr', `${P.list}?timesheetId=${periodId}&size=501`)).status).toBe(400);
    expect((await get('hr', `${P.list}?timesheetId=${periodId}&page=0`)).status).toBe(400);
  });
});

describe('GET /api/tms/timesheets/{id}/statistic', () => {
  it('counts over every filtered employee of the period', async () => {
    const body = await ok('hrm', P.statistic(periodId));
    expect(body.data).toEqual({
      total_employee: 12,
      total_violation_employee: 1,
      total_abnormal_days: 4,
      total_late_coming: 2,
      total_early_leaving: 1,
      total_missing_punch: 2,
      total_edited_cells: 3,
      // 11 employees × (17 days + the holiday) + staff's 17.5.
      total_workday: 215.5,
    });
    expect((await ok('admin', `${P.statistic(periodId)}?departmentsFilter=${t.fixture.departments.dep2}`)).data).toEqual({
      total_employee: 5, total_violation_employee: 0, total_abnormal_days: 0, total_late_coming: 0, total_early_leaving: 0,
      total_missing_punch: 0, total_edited_cells: 0, total_workday: 90,
    });
    expect((await ok('hr', `${P.statistic(periodId)}?actionAbnormalCase=true`)).data).toMatchObject({ total_employee: 1, total_workday: 17.5 });
  });

  it('answers 400 for a bad id and 404 for an unknown period', async () => {
    await fails(400, M.invalidId, 'hr', P.statistic('abc'));
    await fails(404, M.timesheetNotFound, 'hr', P.statistic(999999));
  });
});

describe('GET /api/tms/timesheets/total/{date}', () => {
  it('counts whole days, request-covered days and unexplained half days of the filtered employees', async () => {
    expect((await ok('hr', P.total('2026-09-30'))).data).toEqual({ total_normal: 11, total_authorized: 0, total_halfday_unauthorized: 1 });
    expect((await ok('hr', `${P.total('2026-09-30')}?departmentsFilter=${t.fixture.departments.dep1}`)).data).toEqual({
      total_normal: 2, total_authorized: 0, total_halfday_unauthorized: 1,
    });
    expect((await ok('hr', P.total('2026-10-02'))).data).toEqual({ total_normal: 11, total_authorized: 0, total_halfday_unauthorized: 1 });
    expect((await ok('hr', P.total(HOLIDAY))).data).toEqual({ total_normal: 12, total_authorized: 0, total_halfday_unauthorized: 0 });
    expect((await ok('hr', P.total('2026-09-27'))).data).toEqual({ total_normal: 0, total_authorized: 0, total_halfday_unauthorized: 0 });
    expect((await ok('hr', P.total('2026-10-28'))).data).toEqual({ total_normal: 0, total_authorized: 0, total_halfday_unauthorized: 0 });
  });

  it('refuses an invalid date and a date outside every period', async () => {
    await fails(400, M.invalidDate, 'hr', P.total('2026-02-30'));
    await fails(400, M.invalidDate, 'hr', P.total('30-09-2026'));
    await fails(404, M.dateOutsideTimesheet, 'hr', P.total('2030-01-01'));
  });
});

describe('My Timesheet: GET /api/tms/timesheets/{id}/employee/{employmentID}', () => {
  const mine = async (user: string, username: string, path = P.employee) => {
    const body = await ok(user, path(periodId, id(username)));
    myTimesheetResponseSchema.parse(body);
    return body.data as MyTimesheet;
  };

  it('answers the period, the staff card, every day with its shift, and the summary', async () => {
    const data = await mine('staff', 'staff');
    expect(data.timesheet).toEqual({ timesheet_id: periodId, name: 'T10-2026', from_date: FROM, to_date: TO, status: 0, working_days: 19 });
    expect(data.staff).toEqual({
      id: id('staff'), name: 'Son Staff', user_name: 'staff', employmentID: String(id('staff')), sf4c_id: 'SFSTAFF',
      role: 'Developer', department: 'Department One', rule_type: 'DAY', work_schedule_code: 'HCM', work_schedule_name: 'HCM schedule',
      work_start_time: '08:30', work_end_time: '17:30', url_policy: 'https://policy.test/staff',
    });
    expect(data.days).toHaveLength(30);
    expect(dayOf(data, '2026-09-30')).toMatchObject({ shift: '08:30–17:30', work_schedule_name: 'HCM schedule', value: 0.5, is_late_coming: true, check_in_time: '09:30' });
    expect(dayOf(data, '2026-09-26')).toMatchObject({ shift: null, day_type: 'WEEKEND' });
    expect(dayOf(data, HOLIDAY)).toMatchObject({ shift: null, day_type: 'HOLIDAY', notation: 'H' });
    expect(dayOf(data, '2026-10-22')).toMatchObject({ shift: '08:30–17:30', value: null });
    expect(dayOf(data, '2026-10-06').history).toHaveLength(2);
    expect(data.summary).toEqual({
      total_working_days: 16.5,
      total_paid_leave_days: 0,
      total_public_holidays: 1,
      total_unpaid_leave_days: 0,
      total_onsite_days: 0,
      total_paid_days: 17.5,
      countDaysNotEnoughWorkingTime: 3,
      total_annual_leave: 16,
      remaining_paid_leave_days_of_year: 7.5,
      approved_late_coming_and_early_leaving: 1,
      unapproved_late_coming_and_early_leaving: 1,
      days_forget_taking_attendance_counted_as_working_day: 0,
      days_forget_taking_attendance_counted_as_half_working_day: 1,
      total_absent_time: 0,
      explanation_used: 0,
      explanation_number: 3,
      night_working_hours: 0,
      total_days_off_social_insurance_covers: 0,
      birthday_leave: 0,
      total_offset_leave_days: 0,
      annual_leave_days_used_in_period: 0,
    });
  });

  it('answers the same on the flexible path; an hour-based employee gets their schedule', async () => {
    expect(await mine('staff', 'staff', P.flexibleEmployee)).toEqual(await mine('staff', 'staff'));
    const flexible = await mine('hr', 'staff3', P.flexibleEmployee);
    expect(flexible.staff).toMatchObject({ rule_type: 'HOUR', work_schedule_code: 'FLEXIBLE', work_start_time: '07:00', work_end_time: '19:00' });
    expect(dayOf(flexible, '2026-09-28')).toMatchObject({ shift: '07:00–19:00', work_schedule_name: 'FLEXIBLE schedule', absent_time: 0 });
  });

  it('a period with nothing computed yet answers every date empty', async () => {
    const body = await ok('staff', P.employee(laterPeriodId, id('staff')));
    const data = body.data as MyTimesheet;
    expect(data.days).toHaveLength(31);
    expect(data.days.every((d) => d.value === null && d.history.length === 0)).toBe(true);
    expect(data.summary).toMatchObject({ total_paid_days: 0, total_working_days: 0, countDaysNotEnoughWorkingTime: 0 });
  });

  it('applies the caller scope: own, led department, division, everyone for HR; others 404', async () => {
    for (const [user, username] of [
      ['staff', 'staff'], ['gl', 'staff'], ['gl', 'staff2'], ['dl', 'staff3'], ['dl', 'staff'], ['hr', 'staff4'], ['hrm', 'staff'], ['admin', 'staff3'], ['pm', 'pm'],
    ] as const) {
      for (const path of [P.employee, P.flexibleEmployee]) expect((await get(user, path(periodId, id(username)))).status, `${user} → ${username}`).toBe(200);
      expect((await get(user, `${P.calculateMyTimesheet}?id=${periodId}&employmentID=${id(username)}`)).status).toBe(200);
    }
    for (const [user, username] of [['staff', 'staff2'], ['gl', 'staff3'], ['dl', 'staff4'], ['pm', 'staff'], ['staff2', 'gl']] as const) {
      for (const path of [P.employee, P.flexibleEmployee]) await fails(404, M.employeeNotFound, user, path(periodId, id(username)));
      await fails(404, M.employeeNotFound, user, `${P.calculateMyTimesheet}?id=${periodId}&employmentID=${id(username)}`);
    }
  });

  it('answers 404 for an unknown period or employee and 400 for bad ids', async () => {
    await fails(404, M.timesheetNotFound, 'staff', P.employee(999999, id('staff')));
    await fails(404, M.employeeNotFound, 'hr', P.employee(periodId, 999999));
    await fails(400, M.invalidId, 'staff', P.employee('abc', id('staff')));
    await fails(400, M.invalidId, 'staff', P.flexibleEmployee(periodId, 'x1'));
    await fails(400, M.invalidId, 'staff', `${P.calculateMyTimesheet}?employmentID=${id('staff')}`);
    await fails(404, M.timesheetNotFound, 'staff', `${P.calculateMyTimesheet}?id=999999&employmentID=${id('staff')}`);
  });
});

describe('GET /api/tms/timesheets/get-calculate-my-timesheet', () => {
  it('answers the summary of My Timesheet alone', async () => {
    const summary = (await ok('staff', `${P.calculateMyTimesheet}?id=${periodId}&employmentID=${id('staff')}`)).data;
    expect(summary).toEqual((await ok('staff', P.employee(periodId, id('staff')))).data.summary);
  });
});

describe('notes and integration-rule values', () => {
  it('answer the notations table, and the numeric values in [0, 1] with 1, 0.5 and 0 always offered', async () => {
    expect((await ok('staff', P.notes)).data).toEqual([]);
    expect((await ok('hr', P.ruleIntegrationValues)).data).toEqual([
      { value: 1, notation: 'X', label: 'X (1)' },
      { value: 0.5, notation: 'X/2', label: 'X/2 (0.5)' },
      { value: 0, notation: 'V', label: 'V (0)' },
    ]);
    await t.db.execute(sql`insert into notations (notation, definition, value) values
      ('P', 'Paid leave', '1'), ('X', 'Full day', '1'), ('KL', 'Unpaid leave', '0'), ('H', 'Holiday', '1'),
      ('Q', 'Three quarters', ' 0.75 '), ('N', 'Note only', null), ('W', 'Text', 'abc'), ('Z', 'Double', '2'), ('V', 'Absent', '0')`);
    const notes = (await ok('gl', P.notes)).data;
    expect(notes).toHaveLength(9);
    expect(notes[0]).toEqual({ notation: 'P', definition: 'Paid leave', value: '1' });
    expect(notes[5]).toEqual({ notation: 'N', definition: 'Note only', value: null });
    expect((await ok('admin', P.ruleIntegrationValues)).data).toEqual([
      { value: 1, notation: 'P', label: 'P (1)' },
      { value: 0.75, notation: 'Q', label: 'Q (0.75)' },
      { value: 0.5, notation: 'X/2', label: 'X/2 (0.5)' },
      { value: 0, notation: 'KL', label: 'KL (0)' },
    ]);
  });
});

describe('requests on the timesheet (spec 001 §3 Daily timesheet entry, staff summary; RULES.md §5)', () => {
  type Req = { date: string; type: string; reason: string; status: number; shift?: string | null; minutes?: number | null; hours: number };
  const REQS: Req[] = [
    { date: '2026-10-07', type: 'LEAVE_REQUEST', reason: 'ANN_LEAVE_CORP', status: 3, shift: 'FULL_DAY', hours: 8 },
    { date: '2026-10-08', type: 'EXPLANATION_REQUEST', reason: 'LATE_TRAFFIC', status: 1, minutes: 60, hours: 1 },
    { date: '2026-10-09', type: 'LEAVE_REQUEST', reason: 'SICK_LEAVE_SI', status: 4, shift: 'MORNING', hours: 4 },
    { date: '2026-10-12', type: 'LEAVE_REQUEST', reason: 'BIRTHDAY_LEAVE', status: 3, shift: 'AFTERNOON', hours: 4 },
    { date: '2026-10-13', type: 'LEAVE_REQUEST', reason: 'SICK_LEAVE_SI', status: 3, shift: 'FULL_DAY', hours: 8 },
    { date: '2026-10-14', type: 'LEAVE_REQUEST', reason: 'UNPAID_LEAVE', status: 3, shift: 'MORNING', hours: 4 },
    { date: '2026-10-15', type: 'ONSITE', reason: 'ONSITE', status: 3, shift: 'FULL_DAY', hours: 8 },
    { date: '2026-10-16', type: 'LEAVE_REQUEST', reason: 'ANN_LEAVE_CORP', status: 5, shift: 'FULL_DAY', hours: 8 },
    { date: '2026-10-19', type: 'LEAVE_REQUEST', reason: 'LOA_CORP_11', status: 3, minutes: 120, hours: 2 },
    // Outside the period: counted nowhere.
    { date: '2026-10-27', type: 'LEAVE_REQUEST', reason: 'ANN_LEAVE_CORP', status: 3, shift: 'FULL_DAY', hours: 8 },
  ];

  beforeAll(async () => {
    for (const r of REQS) {
      const [row] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, status, quantity_in_hours)
            values (${id('staff2')}, ${r.type}, ${r.reason}, ${r.date}, ${r.date}, ${r.status}, ${r.hours}) returning id`,
      );
      await t.db.execute(sql`insert into request_dates (request_id, employee_id, date, shift, minutes, hours)
        values (${row!.id}, ${id('staff2')}, ${r.date}, ${r.shift ?? null}, ${r.minutes ?? null}, ${r.hours})`);
    }
  });

  it('shows pending, approved and rejected requests on their day in the grid and My Timesheet, not withdrawn ones', async () => {
    const row = await rowOf('staff2');
    expect(dayOf(row, '2026-10-07').requests).toEqual([
      // The reason's name in the request's language (English without Accept-Language), whatever the field says (issue 25).
      { request_type: 'LEAVE_REQUEST', request_type_name_en: 'Leave Request', reason_type_name_vi: 'Annual leave', request_status: 'APPROVED', quantity_in_hours: 8 },
    ]);
    expect(dayOf(row, '2026-10-08').requests).toMatchObject([{ request_type_name_en: 'Explanation Request', request_status: 'PENDING', quantity_in_hours: 1 }]);
    expect(dayOf(row, '2026-10-09').requests).toMatchObject([{ request_status: 'REJECTED' }]);
    expect(dayOf(row, '2026-10-16').requests).toEqual([]);
    expect(dayOf(row, '2026-10-06').requests).toEqual([]);
    const mine = (await ok('staff2', P.employee(periodId, id('staff2')))).data as MyTimesheet;
    expect(dayOf(mine, '2026-10-07').requests).toEqual(dayOf(row, '2026-10-07').requests);
    // Other employees of the page have no request.
    expect((await rowOf('staff')).timesheets.every((d) => d.requests.length === 0)).toBe(true);
  });

  it('filters by reason type: a request of the reason dated in the period, withdrawn ones left out', async () => {
    const names = async (q: string) => (await list(q)).data.map((r) => r.user_name).sort();
    expect(await names('&reason_type=ANN_LEAVE_CORP')).toEqual(['staff2']);
    expect(await names('&reason_type=LATE_TRAFFIC,ONSITE')).toEqual(['staff2']);
    expect(await names('&reason_type=WORK_ISSUE')).toEqual([]);
    expect(await names(`&reason_type=BIRTHDAY_LEAVE&departmentsFilter=${t.fixture.departments.dep2}`)).toEqual([]);
    expect((await ok('hr', `${P.statistic(periodId)}?reason_type=SICK_LEAVE_SI`)).data.total_employee).toBe(1);
  });

  it('counts the days of approved requests in the summary by kind of reason', async () => {
    const summary = (await ok('staff2', P.employee(periodId, id('staff2')))).data.summary;
    // Paid: annual 1 + birthday 0.5 + offset 120/480; unpaid 0.5; onsite 1; social insurance is neither.
    expect(summary).toMatchObject({ total_paid_leave_days: 1.75, total_unpaid_leave_days: 0.5, total_onsite_days: 1 });
    const { calculateMyTimesheet } = await import('./timesheet-grid.service.ts');
    const user = { userId: t.fixture.userIds.hr!, username: 'hr', employeeId: id('hr'), name: 'Hoa Human', roles: ['HR' as const], isPm: false, actors: ['HR' as const], sessionId: 0 };
    const full = await calculateMyTimesheet({ db: t.db, clock: t.clock }, user, periodId, id('staff2'));
    expect(full).toMatchObject({
      total_days_off_social_insurance_covers: 1,
      birthday_leave: 0.5,
      total_offset_leave_days: 0.25,
      annual_leave_days_used_in_period: 1,
    });
  });
});

describe('approved requests on days not computed yet (issue 26 §2, RULES.md §4)', () => {
  // "Today" is 21/10 (NOW): 22/10 and 23/10 of T10 and all of T11 (26/10 … 25/11) have no stored day.
  type Req = { user: string; date: string; type: string; reason: string; status: number; shift?: string | null; minutes?: number | null; hours: number };
  const REQS: Req[] = [
    { user: 'staff4', date: '2026-10-22', type: 'LEAVE_REQUEST', reason: 'ANN_LEAVE_CORP', status: 3, shift: 'FULL_DAY', hours: 8 },
    { user: 'staff4', date: '2026-10-27', type: 'LEAVE_REQUEST', reason: 'ANN_LEAVE_CORP', status: 3, shift: 'MORNING', hours: 4 },
    { user: 'staff4', date: '2026-10-28', type: 'LEAVE_REQUEST', reason: 'ANN_LEAVE_CORP', status: 3, shift: 'MORNING', hours: 4 },
    { user: 'staff4', date: '2026-10-28', type: 'LEAVE_REQUEST', reason: 'UNPAID_LEAVE', status: 3, shift: 'AFTERNOON', hours: 4 },
    { user: 'staff4', date: '2026-10-29', type: 'LEAVE_REQUEST', reason: 'ANN_LEAVE_CORP', status: 1, shift: 'FULL_DAY', hours: 8 },
    { user: 'staff4', date: '2026-10-30', type: 'LEAVE_REQUEST', reason: 'ANN_LEAVE_CORP', status: 3, minutes: 120, hours: 2 },
    { user: 'staff4', date: '2026-10-31', type: 'LEAVE_REQUEST', reason: 'ANN_LEAVE_CORP', status: 3, shift: 'FULL_DAY', hours: 8 },
    { user: 'staff4', date: '2026-11-02', type: 'ONSITE', reason: 'ONSITE', status: 3, shift: 'FULL_DAY', hours: 8 },
  ];

  beforeAll(async () => {
    // The notation table's half-day notation of P (the notes test above filled the rest of the table).
    await t.db.execute(sql`insert into notations (notation, definition, value) values ('P/2', 'Half a day of paid leave', '0.5')`);
    for (const r of REQS) {
      const [row] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, status, quantity_in_hours)
            values (${id(r.user)}, ${r.type}, ${r.reason}, ${r.date}, ${r.date}, ${r.status}, ${r.hours}) returning id`,
      );
      await t.db.execute(sql`insert into request_dates (request_id, employee_id, date, shift, minutes, hours)
        values (${row!.id}, ${id(r.user)}, ${r.date}, ${r.shift ?? null}, ${r.minutes ?? null}, ${r.hours})`);
    }
  });

  it('an approved leave on a future day of the open period shows its notation and request, with no value', async () => {
    const mine = (await ok('staff4', P.employee(periodId, id('staff4')))).data as MyTimesheet;
    myTimesheetResponseSchema.parse({ code: 200, message: 'Success', data: mine });
    const expected = {
      date_of_issue: '2026-10-22', day_type: 'WORKING', value: null, computed_value: null, notation: 'P',
      requests: [{ request_type: 'LEAVE_REQUEST', request_type_name_en: 'Leave Request', reason_type_name_vi: 'Annual leave', request_status: 'APPROVED', quantity_in_hours: 8 }],
    };
    expect(dayOf(mine, '2026-10-22')).toMatchObject(expected);
    // The HR grid answers the same cell.
    expect(dayOf(await rowOf('staff4'), '2026-10-22')).toMatchObject(expected);
    // Not counted before the day: the Total and the working days stay without it (RULES.md §4: no value yet), while
    // the paid leave days of the period hold it.
    expect(mine.summary).toMatchObject({ total_paid_days: (await rowOf('staff4')).total_workday, total_paid_leave_days: 1 });
  });

  it('the summary adds up as My Timesheet shows it: working days + public holidays = total paid days', async () => {
    for (const user of ['staff', 'staff2', 'staff4']) {
      const s = ((await ok('hr', P.employee(periodId, id(user)))).data as MyTimesheet).summary;
      expect(s.total_working_days + s.total_public_holidays, user).toBeCloseTo(s.total_paid_days, 2);
    }
  });

  it('names a future day as the day engine will: half days, two leaves, not pending, hourly, weekend or onsite', async () => {
    const mine = (await ok('staff4', P.employee(laterPeriodId, id('staff4')))).data as MyTimesheet;
    const notation = (date: string) => dayOf(mine, date).notation;
    expect(notation('2026-10-27')).toBe('P/2');
    expect(notation('2026-10-28')).toBe('P/2+KL');
    expect(notation('2026-10-29')).toBeNull();
    expect(dayOf(mine, '2026-10-29').requests).toMatchObject([{ request_type: 'LEAVE_REQUEST', request_status: 'PENDING' }]);
    expect(notation('2026-10-30')).toBeNull();
    expect(notation('2026-10-31')).toBeNull();
    expect(notation('2026-11-02')).toBeNull();
    expect(dayOf(mine, '2026-11-02').requests).toMatchObject([{ request_type: 'ONSITE', request_type_name_en: 'Onsite', request_status: 'APPROVED' }]);
    expect(mine.days.every((d) => d.value === null)).toBe(true);
  });

  it('carries the request type code in Vietnamese too, the reason in the reader\'s language (issue 25)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api${P.employee(periodId, id('staff4'))}`, headers: { ...(await t.as('staff4')), 'accept-language': 'vi' } });
    const mine = (readJson(res) as { data: MyTimesheet }).data;
    expect(dayOf(mine, '2026-10-22').requests).toEqual([
      { request_type: 'LEAVE_REQUEST', request_type_name_en: 'Leave Request', reason_type_name_vi: 'Nghỉ phép năm', request_status: 'APPROVED', quantity_in_hours: 8 },
    ]);
  });
});

describe('who may call', () => {
  it('matches the access matrix for every read of the page', async () => {
    const urls: Record<string, string> = {
      'GET /api/tms/timesheets': `${P.list}?timesheetId=${periodId}&size=1`,
      'GET /api/tms/timesheets/:id/statistic': P.statistic(periodId),
      'GET /api/tms/timesheets/total/:date': P.total('2026-09-30'),
      'GET /api/tms/timesheets/:id/employee/:employmentID': P.employee(periodId, 0),
      'GET /api/tms/timesheets/flexible/:id/employee/:employmentID': P.flexibleEmployee(periodId, 0),
      'GET /api/tms/timesheets/get-calculate-my-timesheet': `${P.calculateMyTimesheet}?id=${periodId}&employmentID=0`,
      'GET /api/tms/settings/notes': P.notes,
      'GET /api/tms/rule-integration/value': P.ruleIntegrationValues,
    };
    for (const [route, url] of Object.entries(urls)) {
      const allowed = EXPECTED_ACCESS[route] as readonly string[];
      for (const user of MATRIX_USERS) {
        // Each user reads their own employee on the My Timesheet calls.
        const res = await get(user, url.replace(/\/employee\/0$|employmentID=0$/, (m) => m.replace('0', String(id(user)))));
        expect(res.status, `${user} ${route}`).toBe(allowed.includes(user) ? 200 : 403);
      }
    }
  });
});
