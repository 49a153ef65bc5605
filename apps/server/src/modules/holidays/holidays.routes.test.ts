import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOLIDAY_CALENDARS_PATH,
  HOLIDAYS_COPY_PATH,
  HOLIDAYS_GENERATE_PATH,
  HOLIDAYS_IMPORT_PATH,
  HOLIDAYS_PATH,
  HOLIDAYS_PUBLIC_PATH,
  HOLIDAYS_TEMPLATE_PATH,
  holidayHistoryPath,
  holidayPath,
  type HolidayRow,
} from '@tms/contracts/holidays';
import { queryRows } from '../../db/client.ts';
import { runWorkerTasks } from '../../lib/jobs.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { insertOvertime } from '../overtime-pay/ot-pay.test-support.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';

/**
 * Holiday calendars (issue 27 §1; docs/holidays.md). Clock pinned: Wednesday 18 March 2026, 10:00 in the company.
 * T02-2026 (to 25/02) is approved — the lock date; T03-2026 (26/02–25/03) is open with 20 working days.
 */
const NOW = '2026-03-18T10:00:00+07:00';
const DAY = '2026-03-10';
const NEXT = '2026-03-11';
let t: TestApp;
const api = (p: string) => `/api${p}`;
const id = (username: string) => t.fixture.employeeIds[username]!;

type Day = { day_type: string; notation: string | null; value: string | null };
const dayOf = async (date: string) =>
  (await queryRows<Day>(t.db, sql`select day_type, notation, value::text as value from timesheet_days where employee_id = ${id('staff')} and date = ${date}`))[0];
const workingDays = async () => (await queryRows<{ n: number }>(t.db, sql`select working_days as n from payroll_periods where name = 'T03-2026'`))[0]!.n;
const otOf = async (requestId: number) => ({
  dateType: (await queryRows<{ d: string }>(t.db, sql`select date_type as d from overtime_requests where id = ${requestId}`))[0]!.d,
  lines: (await queryRows<{ shift: string; hours: string }>(t.db, sql`select shift, duration_actual::text as hours from overtime_pay_lines where overtime_request_id = ${requestId}`)).map((l) => `${l.shift} ${l.hours}`),
});

async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user = 'hr', payload?: object) {
  return t.app.inject({ method, url: api(url), headers: await t.as(user), payload });
}
const holiday = (date: string, extra: object = {}) => ({ calendar_code: 'VNM_NPH', date, name_en: 'Company day', name_vi: 'Ngày của công ty', kind: 'COMPANY', ...extra });
async function listYear(year: number, user = 'hr'): Promise<HolidayRow[]> {
  const res = await send('GET', `${HOLIDAYS_PATH}?calendar_code=VNM_NPH&year=${year}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.holidays;
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00', minutes: 480 });
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, lack_of_time_allowed, ot_type, apply_date, expire_date)
    select id, 'HCM', 'DAY', 15, 'OT_FIXED', '2020-01-06', '9999-12-30' from employees`);
  await approvePeriodEnding(t.db, t.fixture.companyId, '2026-01-26', '2026-02-25');
  await t.db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
                         values (${t.fixture.companyId}, 'T03-2026', '2026-02-26', '2026-03-25', 20, 0)`);
  for (const [date, hm] of [[DAY, '08:30'], [DAY, '21:30'], [NEXT, '08:30'], [NEXT, '17:30']] as const) {
    await t.db.execute(sql`insert into punches (system, attendance_check_id, employee_id, punched_at, source)
                           values ('TEST', 'staff', ${id('staff')}, ${`${date}T${hm}:00+07:00`}::timestamptz, 'test')`);
  }
  await t.db.transaction((tx) => queueRecalculation(tx, { ranges: [{ employeeId: id('staff'), from: DAY, to: NEXT }] }));
  await runWorkerTasks(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('reading', () => {
  it('every signed-in user lists the calendars and a year of holidays; only HR, HRM and Admin change them', async () => {
    const res = await send('GET', HOLIDAY_CALENDARS_PATH, 'guest');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ code: 'VNM_NPH', employees: 12 })]);
    expect(await listYear(2026, 'staff')).toEqual([]);
    expect((await send('POST', HOLIDAYS_PATH, 'staff', holiday('2026-12-31'))).statusCode).toBe(403);
    expect((await send('GET', `${HOLIDAYS_PATH}?calendar_code=NOPE&year=2026`)).statusCode).toBe(404);
    expect((await send('GET', `${HOLIDAYS_PATH}?calendar_code=VNM_NPH&year=1999`)).json().message).toBe('The year must be from 2000 to 2199');
  });

  it('a new calendar by code, refused twice', async () => {
    const res = await send('POST', HOLIDAY_CALENDARS_PATH, 'admin', { code: 'P1_HOLIDAY', name: 'Project One holidays' });
    expect(res.statusCode, res.body).toBe(200);
    const again = await send('POST', HOLIDAY_CALENDARS_PATH, 'admin', { code: 'P1_HOLIDAY', name: 'x' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'The holiday calendar P1_HOLIDAY already exists']);
    expect((await send('POST', HOLIDAY_CALENDARS_PATH, 'admin', { code: 'bad/code', name: 'x' })).statusCode).toBe(400);
  });
});

describe('a holiday in an open period, and its recalculation', () => {
  it('adding one turns the day into a holiday, lowers the working days and makes the OT a holiday OT; moving and removing it restore them', async () => {
    const requestId = await insertOvertime(t, { kind: 'FLEXIBLE', status: 1, start: `${DAY} 19:00`, end: `${DAY} 21:00`, staff: [{ employeeId: id('staff'), status: 1 }] });
    await t.db.transaction((tx) => queueRecalculation(tx, { overtimeRequestIds: [requestId] }));
    await runWorkerTasks(t.app);
    expect(await dayOf(DAY)).toMatchObject({ day_type: 'WORKING', value: '1.00' });
    expect(await otOf(requestId)).toEqual({ dateType: 'WORKDAY', lines: ['workday 2.00'] });

    const added = await send('POST', HOLIDAYS_PATH, 'hr', holiday(DAY, { kind: 'PUBLIC', name_en: 'Test day', name_vi: 'Ngày thử' }));
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.periods).toEqual([expect.objectContaining({ name: 'T03-2026', working_days: 19, previous: 20 })]);
    expect(await dayOf(DAY)).toMatchObject({ day_type: 'HOLIDAY', notation: 'H', value: '1.00' });
    expect(await workingDays()).toBe(19);
    expect(await otOf(requestId)).toEqual({ dateType: 'HOLIDAY', lines: ['holiday 2.00'] });

    const row = added.json().data.holiday as HolidayRow;
    const moved = await send('PUT', holidayPath(row.id), 'hrm', { date: NEXT, name_en: 'Test day', name_vi: 'Ngày thử', kind: 'PUBLIC', version: row.version });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await dayOf(DAY)).toMatchObject({ day_type: 'WORKING' });
    expect(await dayOf(NEXT)).toMatchObject({ day_type: 'HOLIDAY', notation: 'H' });
    expect(await otOf(requestId)).toEqual({ dateType: 'WORKDAY', lines: ['workday 2.00'] });
    expect(await workingDays()).toBe(19);

    const stale = await send('DELETE', `${holidayPath(row.id)}?version=${row.version}`, 'admin');
    expect(stale.statusCode).toBe(409);
    const removed = await send('DELETE', `${holidayPath(row.id)}?version=${row.version + 1}`, 'admin');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await dayOf(NEXT)).toMatchObject({ day_type: 'WORKING', value: '1.00' });
    expect(await workingDays()).toBe(20);

    const history = (await send('GET', holidayHistoryPath(row.id))).json().data as { action: string }[];
    expect(history.map((h) => h.action).sort()).toEqual(['CREATE', 'DELETE', 'UPDATE']);
    const otHistory = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from history where table_name = 'overtime_requests' and record_id = ${requestId}`);
    expect(otHistory[0]!.n).toBe(2);
  });
});

describe('where a holiday shows', () => {
  it('on the timesheet grid, My Timesheet, the Check In-Out calendar and the OT date-type lookup as soon as it is saved', async () => {
    const date = '2026-03-12';
    const period = (await queryRows<{ id: number }>(t.db, sql`select id from payroll_periods where name = 'T03-2026'`))[0]!.id;
    const added = await send('POST', HOLIDAYS_PATH, 'hr', holiday(date, { kind: 'PUBLIC', name_en: 'Shown day', name_vi: 'Ngày hiện' }));
    expect(added.statusCode, added.body).toBe(200);
    const grid = (await send('GET', `/tms/timesheets?timesheetId=${period}&size=50`, 'hr')).json().data as { user_name: string; timesheets: { date_of_issue: string; day_type: string; notation: string | null }[] }[];
    const cell = grid.find((r) => r.user_name === 'staff')!.timesheets.find((d) => d.date_of_issue === date);
    expect(cell).toMatchObject({ day_type: 'HOLIDAY', notation: 'H' });
    const mine = (await send('GET', `/tms/timesheets/${period}/employee/${id('staff')}`, 'staff')).json().data as { days: { date_of_issue: string; day_type: string }[]; summary: { total_public_holidays: number } };
    expect(mine.days.find((d) => d.date_of_issue === date)).toMatchObject({ day_type: 'HOLIDAY' });
    expect(mine.summary.total_public_holidays).toBe(1);
    const calendar = (await send('GET', `/tms/check-in-out/timesheet-detail?fromDate=2026-03-09&toDate=2026-03-13`, 'staff')).json().data as { timesheets: { date_of_issue: string; is_holiday: boolean }[] };
    expect(calendar.timesheets.filter((d) => d.is_holiday).map((d) => d.date_of_issue)).toEqual([date]);
    expect((await send('GET', `/tms/filters/date-type?date=${date}`, 'staff')).json().data.name).toBe('HOLIDAY');
    const row = added.json().data.holiday as HolidayRow;
    expect((await send('DELETE', `${holidayPath(row.id)}?version=${row.version}`, 'hr')).statusCode).toBe(200);

    // A date after today has no computed day yet: the calendar still shows it, the figures count stored days only.
    const future = '2026-03-24';
    const later = (await send('POST', HOLIDAYS_PATH, 'hr', holiday(future, { kind: 'PUBLIC' }))).json().data.holiday as HolidayRow;
    const gridAgain = (await send('GET', `/tms/timesheets?timesheetId=${period}&size=50`, 'hr')).json().data as typeof grid;
    expect(gridAgain.find((r) => r.user_name === 'staff')!.timesheets.find((d) => d.date_of_issue === future)).toMatchObject({ day_type: 'HOLIDAY', notation: 'H' });
    const mineAgain = (await send('GET', `/tms/timesheets/${period}/employee/${id('staff')}`, 'staff')).json().data as typeof mine;
    expect(mineAgain.days.find((d) => d.date_of_issue === future)).toMatchObject({ day_type: 'HOLIDAY' });
    expect(mineAgain.summary.total_public_holidays).toBe(0);
    const week = (await send('GET', `/tms/check-in-out/timesheet-detail?fromDate=2026-03-23&toDate=2026-03-27`, 'staff')).json().data as typeof calendar;
    expect(week.timesheets.filter((d) => d.is_holiday).map((d) => d.date_of_issue)).toEqual([future]);
    expect((await send('DELETE', `${holidayPath(later.id)}?version=${later.version}`, 'hr')).statusCode).toBe(200);
    expect((await send('GET', `/tms/filters/date-type?date=${date}`, 'staff')).json().data.name).toBe('WORKDAY');
  });
});

describe('rules of a change', () => {
  it('refuses a date on or before the lock date, in English and Vietnamese', async () => {
    const res = await send('POST', HOLIDAYS_PATH, 'hr', holiday('2026-02-20'));
    expect([res.statusCode, res.json().message]).toEqual([409, '20/02/2026 is on or before the lock date 25/02/2026: holidays of locked payroll periods cannot change']);
    const vi = await t.app.inject({ method: 'POST', url: api(HOLIDAYS_PATH), headers: { ...(await t.as('hr')), 'accept-language': 'vi' }, payload: holiday('2026-02-20') });
    expect(vi.json().messageKey).toBe('holidays.locked');
    const ok = (await send('POST', HOLIDAYS_PATH, 'hr', holiday('2026-12-31'))).json().data.holiday as HolidayRow;
    const toLocked = await send('PUT', holidayPath(ok.id), 'hr', { ...holiday('2026-02-24'), version: ok.version });
    expect(toLocked.statusCode).toBe(409);
  });

  it('checks each field and refuses a second holiday on a date', async () => {
    const bad = await send('POST', HOLIDAYS_PATH, 'hr', holiday('2026-12-30', { name_vi: ' ', kind: 'OTHER' }));
    expect([bad.statusCode, bad.json().messages]).toEqual([400, ['Please enter the name in Vietnamese!', 'The kind must be PUBLIC, COMPENSATORY or COMPANY']]);
    expect((await send('POST', HOLIDAYS_PATH, 'hr', holiday('2026-02-31'))).json().message).toBe('Invalid Date!');
    const twice = await send('POST', HOLIDAYS_PATH, 'hr', holiday('2026-12-31'));
    expect([twice.statusCode, twice.json().message]).toEqual([400, 'The calendar already has a holiday on 31/12/2026']);
  });
});

describe('generating, saving and copying a year', () => {
  it('proposes 2027 without saving, saves the reviewed list, and a second save writes only what moved', async () => {
    const proposal = (await send('GET', `${HOLIDAYS_GENERATE_PATH}?year=2027`, 'staff')).json().data as { date: string }[];
    expect(proposal).toHaveLength(14);
    expect(await listYear(2027)).toEqual([]);
    await send('POST', HOLIDAYS_PATH, 'hr', holiday('2027-12-31'));
    const saved = await send('PUT', HOLIDAYS_PUBLIC_PATH, 'hr', { calendar_code: 'VNM_NPH', year: 2027, items: proposal });
    expect([saved.statusCode, saved.json().data.count]).toEqual([200, 14]);
    expect(await listYear(2027)).toHaveLength(15);
    const moved = proposal.map((p) => (p.date === '2027-09-03' ? { ...p, date: '2027-09-01' } : p));
    const again = await send('PUT', HOLIDAYS_PUBLIC_PATH, 'hr', { calendar_code: 'VNM_NPH', year: 2027, items: moved });
    expect(again.json().data.count).toBe(2);
    const dates = (await listYear(2027)).map((h) => h.date);
    expect(dates).toContain('2027-09-01');
    expect(dates).not.toContain('2027-09-03');
    expect(dates).toContain('2027-12-31');
    const wrongYear = await send('PUT', HOLIDAYS_PUBLIC_PATH, 'hr', { calendar_code: 'VNM_NPH', year: 2027, items: [{ ...proposal[0], date: '2028-01-01' }] });
    expect(wrongYear.json().message).toBe('01/01/2028 is not in 2027');
  });

  it("copies a year's company days to the next once", async () => {
    const first = await send('POST', HOLIDAYS_COPY_PATH, 'hr', { calendar_code: 'VNM_NPH', year: 2027 });
    expect([first.statusCode, first.json().message]).toEqual([200, '1 company days copied to the next year']);
    expect((await listYear(2028)).map((h) => `${h.date} ${h.kind}`)).toEqual(['2028-12-31 COMPANY']);
    expect((await send('POST', HOLIDAYS_COPY_PATH, 'hr', { calendar_code: 'VNM_NPH', year: 2027 })).json().data.count).toBe(0);
  });
});

describe('import', () => {
  async function upload(rows: (string | null)[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Holidays');
    ws.addRow(['Date (DD/MM/YYYY)', 'Name (English)', 'Name (Vietnamese)', 'Kind (PUBLIC, COMPENSATORY, COMPANY)', 'Note']);
    for (const r of rows) ws.addRow(r);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = 'holidaysboundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="h.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({ method: 'POST', url: api(`${HOLIDAYS_IMPORT_PATH}?calendar_code=VNM_NPH`), headers: { ...(await t.as('hr')), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
  }

  it('gives the template, refuses a file with one bad row with a report and saves nothing, then imports a good one', async () => {
    const template = await send('GET', HOLIDAYS_TEMPLATE_PATH);
    expect(template.statusCode).toBe(200);
    const bad = await upload([['01/06/2029', 'Founders day', 'Ngày thành lập', 'COMPANY', null], ['20/02/2026', 'Locked', 'Khóa', 'COMPANY', null]]);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('spreadsheetml');
    expect(await listYear(2029)).toEqual([]);
    const good = await upload([['01/06/2029', 'Founders day', 'Ngày thành lập', 'company', 'yearly']]);
    expect(good.statusCode, good.body).toBe(200);
    expect((await listYear(2029)).map((h) => `${h.date} ${h.kind} ${h.name_vi} ${h.note}`)).toEqual(['2029-06-01 COMPANY Ngày thành lập yearly']);
  });
});
