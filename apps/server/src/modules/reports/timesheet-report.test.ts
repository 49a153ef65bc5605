import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_NUMBER_COLUMNS, SUMMARY_NUMBER_HEADERS_VI, TIMESHEET_REPORT_MESSAGES as M, TIMESHEET_REPORT_PATHS as P, TOTAL_LABEL, reportTotals } from '@tms/contracts/timesheet-report';
import { payrollPeriods } from '../../db/schema/periods.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertOvertime } from '../overtime-pay/ot-pay.test-support.ts';
import type { Json } from '../../test/json-body.ts';

let t: TestApp;
let periodId: number;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function get(user: string, path: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return t.app.inject({ method: 'GET', url: `/api${path}${qs ? `?${qs}` : ''}`, headers: await t.as(user) });
}
async function summary(user: string, query: Record<string, string | number> = {}, path: string = P.summary) {
  const res = await get(user, path, { timesheetId: periodId, size: 100, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Json[]; page: Json };
}
const names = (rows: Json[]) => rows.map((r) => r.user_name).sort();
async function readSheet(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Period T10-2026 (26/09–25/10/2026), ended before the clock's day. */
const FROM = '2026-09-26';
const TO = '2026-10-25';

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-26T10:00:00+07:00' });
  const [p] = await t.db.insert(payrollPeriods).values({ companyId: t.fixture.companyId, name: 'T10-2026', fromDate: FROM, toDate: TO, workingDays: 21, status: 4 }).returning();
  periodId = p!.id;
  const staff = id('staff');
  // Days of staff: a late full day, an early half day, a weekend, a holiday, and an HR edit of a date not computed.
  // The late / early flags are the engine's (RULES.md §4: any late or early minute), stored beside the minutes.
  // Night minutes (Labour Code Art. 98.2) as the engine stores them: 90 + 45 in the period, 60 after it.
  await t.db.execute(sql`insert into timesheet_days (employee_id, date, day_type, value, computed_value, late_minutes, early_minutes, is_late_coming, is_early_leaving, notation, night_minutes) values
    (${staff}, '2026-09-26', 'WEEKEND', null, null, 0, 0, false, false, null, 0),
    (${staff}, '2026-09-28', 'WORKING', 1, 1, 30, 0, true, false, null, 90),
    (${staff}, '2026-09-29', 'WORKING', 0.5, 0.5, 0, 90, false, true, null, 45),
    (${staff}, '2026-09-30', 'WORKING', 0.75, 0.75, 15, 15, true, true, null, 0),
    (${staff}, '2026-10-01', 'HOLIDAY', 1, 1, 0, 0, false, false, 'H', 0),
    (${staff}, '2026-10-26', 'WORKING', 1, 1, 45, 0, true, false, null, 60)`);
  await t.db.execute(sql`insert into timesheet_overrides (employee_id, date, value, old_value, created_at) values
    (${staff}, '2026-10-02', 0.5, null, '2026-10-03T01:00:00Z'), (${staff}, '2026-10-02', 1, 0.5, '2026-10-04T01:00:00Z')`);
  // Reason kinds: paid annual, offset (paid), unpaid, social insurance, and onsite.
  await t.db.execute(sql`insert into reason_types (code, request_type, request_code, name_en, name_vi, effect, paid, social_insurance) values
    ('RPT_ANNUAL', 'LEAVE_REQUEST', 'TIME_OFF', 'Annual', 'Phép năm', 'ANNUAL', true, false),
    ('RPT_OFFSET', 'LEAVE_REQUEST', 'TIME_OFF', 'Offset', 'Nghỉ bù', 'OFFSET', true, false),
    ('RPT_UNPAID', 'LEAVE_REQUEST', 'TIME_OFF', 'Unpaid', 'Không lương', 'NONE', false, false),
    ('RPT_SI', 'LEAVE_REQUEST', 'TIME_OFF', 'Sick', 'Ốm', 'NONE', false, true),
    ('RPT_ONSITE', 'ONSITE', 'ONSITE', 'Onsite', 'Công tác', 'NONE', true, false)`);
  const request = async (type: string, reason: string, status: number, date: string, shift: string) => {
    const [r] = await t.db.execute<{ id: number }>(sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, status)
      values (${staff}, ${type}, ${reason}, ${date}, ${date}, ${status}) returning id`).then((x) => (x as unknown as { rows: { id: number }[] }).rows);
    await t.db.execute(sql`insert into request_dates (request_id, employee_id, date, shift) values (${r!.id}, ${staff}, ${date}, ${shift})`);
  };
  await request('LEAVE_REQUEST', 'RPT_ANNUAL', 3, '2026-10-05', 'FULL_DAY');
  await request('LEAVE_REQUEST', 'RPT_OFFSET', 3, '2026-10-08', 'AFTERNOON');
  await request('LEAVE_REQUEST', 'RPT_UNPAID', 3, '2026-10-06', 'MORNING');
  await request('LEAVE_REQUEST', 'RPT_SI', 3, '2026-10-07', 'FULL_DAY');
  await request('ONSITE', 'RPT_ONSITE', 3, '2026-10-09', 'FULL_DAY');
  await request('LEAVE_REQUEST', 'RPT_ANNUAL', 1, '2026-10-12', 'FULL_DAY'); // pending: not counted
  await request('LEAVE_REQUEST', 'RPT_ANNUAL', 3, '2026-10-26', 'FULL_DAY'); // next period: not counted
  // OT: approved fixed row, approved flexible request; a pending fixed row and one outside the period do not count.
  const line = (req: number, shift: string, dateType: string, night: boolean, actual: number, confirm: number | null, pay: number, nonTax: number, date = '2026-10-10') =>
    t.db.execute(sql`insert into overtime_pay_lines (overtime_request_id, employee_id, ot_date, work_date, shift, date_type, is_night, duration_actual, duration_confirm, coefficient, tax_coefficient, pay_hours, non_tax_hours)
      values (${req}, ${staff}, ${date}, ${date}, ${shift}, ${dateType}, ${night}, ${actual}, ${confirm}, 150, 100, ${pay}, ${nonTax})`);
  const fixed = await insertOvertime(t, { kind: 'FIXED', start: '2026-10-12 18:00', end: '2026-10-12 23:30', staff: [{ employeeId: staff, status: 3 }], status: 0 });
  await line(fixed, 'D', 'WORKDAY', false, 2, null, 3, 1);
  await line(fixed, 'N', 'WORKDAY', true, 1.5, 1, 2, 1.1);
  const flexible = await insertOvertime(t, { kind: 'FLEXIBLE', start: '2026-10-10 08:00', end: '2026-10-10 12:00', staff: [{ employeeId: staff, status: 1 }], status: 5 });
  await line(flexible, 'D', 'DAY_OFF', false, 3, 2.5, 5, 2.5);
  await line(flexible, 'N', 'HOLIDAY', true, 2, null, 6, 4);
  const pending = await insertOvertime(t, { kind: 'FIXED', start: '2026-10-13 18:00', end: '2026-10-13 20:00', staff: [{ employeeId: staff, status: 1 }], status: 0 });
  await line(pending, 'D', 'WORKDAY', false, 2, null, 3, 1, '2026-10-13');
  const later = await insertOvertime(t, { kind: 'FIXED', start: '2026-10-27 18:00', end: '2026-10-27 20:00', staff: [{ employeeId: staff, status: 3 }], status: 0 });
  await line(later, 'D', 'WORKDAY', false, 2, null, 3, 1, '2026-10-27');
  // staff2 joined inside the period (Monday 19 October): five weekdays of it; staff3 on a fixed-term contract.
  await t.db.execute(sql`update employees set start_working_day = '2026-10-19' where id = ${id('staff2')}`);
  await t.db.execute(sql`update employees set contract_type = '1236', contract_start_date = '2026-01-01', contract_end_date = '2026-12-31' where id = ${id('staff3')}`);
});
afterAll(() => t?.close());

describe('GET /api/tms/report/summary', () => {
  it('gives each column its definition on a crafted employee', async () => {
    const row = (await summary('hr', { employee: id('staff') })).data[0]!;
    expect(row).toEqual({
      employee_id: id('staff'), staff: 'Son Staff', user_name: 'staff', department: 'Department One', division: 'Division One',
      onboard_date: '2020-01-06', contract_type: 'UNLIMTED', contract_start_date: null, contract_end_date: null,
      standard_working_days: 21,
      // WORKING values 1 + 0.5 + 0.75 and the edited 2 October (1); paid days add the holiday.
      total_working_days: 3.25, total_public_holidays: 1, total_paid_days: 4.25,
      // 90 + 45 regular night minutes in the period.
      night_working_hours: 2.25,
      // Approved requests in the period: annual 1 and offset 0.5 are paid leave; unpaid morning; social insurance day; onsite.
      total_paid_leave_days: 1.5, total_offset_leave_days: 0.5, total_unpaid_leave_days: 0.5, total_days_off_social_insurance_covers: 1, total_onsite_days: 1,
      // Approved OT lines only; final = confirmed when confirmed, else actual.
      ot_weekday_day_hours: 2, ot_weekday_night_hours: 1, ot_weekend_day_hours: 2.5, ot_weekend_night_hours: 0, ot_holiday_day_hours: 0, ot_holiday_night_hours: 2,
      original_total_ot_hours: 8.5, final_total_ot_hours: 7.5, ot_pay_hours: 16, ot_without_tax: 8.6,
      // 30 + 15 minutes late on two days, 90 + 15 minutes early on two days.
      late_coming_hours: 0.75, late_coming_count: 2, early_leaving_hours: 1.75, early_leaving_count: 2,
    });
  });

  it('counts the standard working days of the employed part for someone who joined inside the period; contract fields', async () => {
    const rows = (await summary('hr', { employee: `${id('staff2')},${id('staff3')}` })).data;
    expect(rows.find((r) => r.user_name === 'staff2')!.standard_working_days).toBe(5);
    expect(rows.find((r) => r.user_name === 'staff3')).toMatchObject({ contract_type: '1236', contract_start_date: '2026-01-01', contract_end_date: '2026-12-31', total_paid_days: 0 });
  });

  it('follows the data scope: GL their departments, DL their division, HR everyone; staff and pm are refused', async () => {
    expect(names((await summary('gl')).data)).toEqual(['gl', 'staff', 'staff2']);
    expect(names((await summary('dl')).data)).toEqual(['admin', 'dl', 'gl', 'hr', 'hrm', 'staff', 'staff2', 'staff3']);
    expect((await summary('hr')).page.total_element).toBe(12);
    expect((await summary('gl', { employee: id('staff3') })).data).toEqual([]);
    for (const user of ['staff', 'pm', 'guest']) expect((await get(user, P.summary, { timesheetId: periodId })).statusCode).toBe(403);
  });

  it('filters by department, division and a keyword with or without diacritics', async () => {
    expect(names((await summary('hr', { departments: t.fixture.departments.dep3 })).data)).toEqual(['guest', 'other', 'pm', 'staff4']);
    expect(names((await summary('hr', { divisions: t.fixture.divisions.div2 })).data)).toEqual(['guest', 'other', 'pm', 'staff4']);
    expect(names((await summary('hr', { keyword: 'Sơn' })).data)).toEqual(['staff']);
    expect(names((await summary('hr', { keyword: 'son sta' })).data)).toEqual(['staff']);
  });

  it('pages by name with the total, default size 10', async () => {
    const all = (await summary('hr')).data.map((r) => r.user_name);
    const first = await get('hr', P.summary, { timesheetId: periodId });
    expect(first.json().page).toEqual({ page: 1, size: 10, total_element: 12 });
    const p2 = (await summary('hr', { page: 2, size: 5 })).data.map((r) => r.user_name);
    expect(p2).toEqual(all.slice(5, 10));
    const beyond = await summary('hr', { page: 9, size: 5 });
    expect(beyond).toMatchObject({ data: [], page: { page: 9, size: 5, total_element: 12 } });
  });

  it('refuses a missing or bad period (400) and answers 404 for an unknown one', async () => {
    const missing = await get('hr', P.summary);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(M.timesheetRequired);
    expect((await get('hr', P.summary, { timesheetId: 'abc' })).statusCode).toBe(400);
    const unknown = await get('hr', P.detail, { timesheetId: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.timesheetNotFound);
  });
});

describe('GET /api/tms/report/detail', () => {
  it('adds every date of the period with the shown value, notation and marks', async () => {
    const row = (await summary('hr', { employee: id('staff') }, P.detail)).data[0]!;
    expect(row.days).toHaveLength(30);
    expect(row.days[0]).toEqual({ date: FROM, value: null, notation: null, late: false, early: false });
    const byDate = Object.fromEntries(row.days.map((d: Json) => [d.date, d]));
    expect(byDate['2026-09-28']).toEqual({ date: '2026-09-28', value: 1, notation: null, late: true, early: false });
    expect(byDate['2026-10-01']).toMatchObject({ value: 1, notation: 'H' });
    expect(byDate['2026-10-02']).toMatchObject({ value: 1 });
    expect(row.total_paid_days).toBe(4.25);
  });
});

describe('GET /api/tms/report/summary-chart', () => {
  it('sums paid, leave, unpaid and OT per department of the filtered employees', async () => {
    const res = await get('gl', P.summaryChart, { timesheetId: periodId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([{ department: 'Department One', employees: 3, paid_days: 4.25, leave_days: 2.5, unpaid_days: 0.5, ot_hours: 7.5 }]);
  });
});

describe('exports', () => {
  it('download-summary writes every filtered row and a totals row equal to the page', async () => {
    const page = (await summary('hr')).data;
    const res = await get('hr', P.exportSummary, { timesheetId: periodId });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Timesheets_Summary_T10-2026.xlsx');
    const rows = await readSheet(res.rawPayload);
    const header = rows[0] as string[];
    expect(header.slice(0, 3)).toEqual(['No', 'Staff', 'User Name']);
    expect(rows).toHaveLength(page.length + 2);
    const col = (h: string) => header.indexOf(h);
    for (const [i, r] of page.entries()) {
      const x = rows[i + 1]!;
      expect(x[col('User Name')]).toBe(r.user_name);
      for (const [key, h] of SUMMARY_NUMBER_COLUMNS) expect(x[col(h)], `${r.user_name} ${key}`).toBe(r[key]);
    }
    const totals = reportTotals(page as never);
    const last = rows[rows.length - 1]!;
    expect(last[col('Staff')]).toBe(TOTAL_LABEL);
    for (const [key, h] of SUMMARY_NUMBER_COLUMNS) expect(last[col(h)]).toBe(totals[key]);
    expect(totals.total_paid_days).toBe(4.25);
    expect(totals.night_working_hours).toBe(2.25);
  });

  it('download (details) adds a column per date; an export with nothing in scope answers "No data export"', async () => {
    const res = await get('gl', P.exportDetail, { timesheetId: periodId, employee: id('staff') });
    expect(res.headers['content-disposition']).toContain('Timesheets_Details_T10-2026.xlsx');
    const rows = await readSheet(res.rawPayload);
    const header = rows[0] as string[];
    expect(header).toContain('28/09');
    expect(rows[1]![header.indexOf('28/09')]).toBe(1);
    // RULES.md §4: a day with a notation shows it with its value, as the details page does.
    expect(rows[1]![header.indexOf('01/10')]).toBe('1 H');
    expect(rows[1]![header.indexOf('Total Paid Days')]).toBe(4.25);
    expect(header.indexOf('Night working hours')).toBe(header.indexOf('Total Paid Days') + 1);
    expect(rows[1]![header.indexOf('Night working hours')]).toBe(2.25);
    const vi = await t.app.inject({
      method: 'GET', url: `/api${P.exportSummary}?timesheetId=${periodId}&employee=${id('staff')}`, headers: { ...(await t.as('hr')), 'accept-language': 'vi' },
    });
    const viRows = await readSheet(vi.rawPayload);
    expect(viRows[1]![(viRows[0] as string[]).indexOf(SUMMARY_NUMBER_HEADERS_VI.night_working_hours)]).toBe(2.25);
    const empty = await get('gl', P.exportSummary, { timesheetId: periodId, employee: id('staff3') });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ message: M.noDataExport, data: null });
    expect((await get('staff', P.exportSummary, { timesheetId: periodId })).statusCode).toBe(403);
  });
});
