import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import {
  CHECK_TIME_COLUMNS as C,
  CHECK_TIME_LATE_BY_WEEKDAY_PATH,
  CHECK_TIME_REPORT_EXPORT_PATH,
  CHECK_TIME_REPORT_MESSAGES as M,
  CHECK_TIME_REPORT_PATH,
  type CheckTimeRow,
} from '@tms/contracts/check-time-report';
import { employees } from '../../db/schema/organisation.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as checkTimeReport from './check-time-report.service.ts';

let t: TestApp;
const id = (username: string) => t.fixture.employeeIds[username]!;
type Query = Record<string, string | number>;

async function get(user: string, path: string, query: Query = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return t.app.inject({ method: 'GET', url: `/api${path}${qs ? `?${qs}` : ''}`, headers: await t.as(user) });
}
async function list(user: string, query: Query) {
  const res = await get(user, CHECK_TIME_REPORT_PATH, { size: 500, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: CheckTimeRow[]; page: { page: number; size: number; total_element: number } };
}
const userNames = (rows: CheckTimeRow[]) => [...new Set(rows.map((r) => r.user_name))].sort();

/** Week of Monday 2 to Sunday 8 November 2026 (the clock is on 26 November, so every day has ended). */
const RANGE = { fromDate: '2026-11-02', toDate: '2026-11-08' };

type Day = { user: string; date: string; type?: string; in?: string | null; out?: string | null; late?: number; early?: number; absent?: number; value?: string | null };
async function insertDay(d: Day) {
  const type = d.type ?? 'WORKING';
  await t.db.execute(sql`
    insert into timesheet_days (employee_id, date, day_type, check_in, check_out, late_minutes, early_minutes, absent_minutes, value, computed_value, is_late_coming)
    values (${id(d.user)}, ${d.date}::date, ${type}, ${d.in === undefined ? '08:30' : d.in}, ${d.out === undefined ? '17:30' : d.out},
            ${d.late ?? 0}, ${d.early ?? 0}, ${d.absent ?? 0}, ${d.value === undefined ? (type === 'WORKING' ? '1.00' : null) : d.value}::numeric,
            ${d.value === undefined ? (type === 'WORKING' ? '1.00' : null) : d.value}::numeric, ${(d.late ?? 0) > 0})`);
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-26T10:00:00+07:00' });
  // An employee whose name would be a formula in a spreadsheet (RULES.md §1): written as text.
  const [formula] = await t.db
    .insert(employees)
    .values({ name: '=HYPERLINK("http://x","y")', email: 'f@cglobal.test', userName: 'formula', companyId: t.fixture.companyId, departmentId: t.fixture.departments.dep2, divisionId: t.fixture.divisions.div1, startWorkingDay: '2020-01-06' })
    .returning();
  t.fixture.employeeIds.formula = formula!.id;
  // Every fixture employee works Monday–Friday on time; the weekend is stored without punches.
  for (const user of ['admin', 'hr', 'hrm', 'dl', 'gl', 'pm', 'staff', 'guest', 'staff2', 'staff3', 'staff4', 'other', 'formula']) {
    for (const date of ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06']) {
      if (user === 'staff' && date === '2026-11-03') continue;
      if (user === 'staff2' && date === '2026-11-02') continue;
      await insertDay({ user, date });
    }
    if (user !== 'staff') await insertDay({ user, date: '2026-11-07', type: 'WEEKEND', in: null, out: null });
    await insertDay({ user, date: '2026-11-08', type: 'WEEKEND', in: null, out: null });
  }
  // The crafted day: staff came 20 minutes late and left 20 minutes early on Tuesday; worked on Saturday.
  await insertDay({ user: 'staff', date: '2026-11-03', in: '08:50', out: '17:10', late: 20, early: 20, value: '0.50' });
  await insertDay({ user: 'staff', date: '2026-11-07', type: 'WEEKEND', in: '09:00', out: '12:00' });
  // staff2 came 45 minutes late on Monday; staff4 (project P1) an hour late on Thursday; a no-show for staff3 on Friday.
  await insertDay({ user: 'staff2', date: '2026-11-02', in: '09:15', out: '17:30', late: 45, value: '0.50' });
  await t.db.execute(sql`update timesheet_days set late_minutes = 60, is_late_coming = true, check_in = '09:30' where employee_id = ${id('staff4')} and date = '2026-11-05'`);
  await t.db.execute(sql`update timesheet_days set check_in = null, check_out = null, absent_minutes = 480, value = 0 where employee_id = ${id('staff3')} and date = '2026-11-06'`);
  // Outside the range: not listed.
  await insertDay({ user: 'staff', date: '2026-11-09', late: 99 });
});
afterAll(() => t?.close());

describe('GET /api/tms/report/check-time', () => {
  it('lists one row per employee-day with the stored check times, minutes and value, ordered by staff, user, date', async () => {
    const body = await list('hr', { ...RANGE, departments: t.fixture.departments.dep1 });
    const staff = body.data.filter((r) => r.user_name === 'staff');
    expect(staff.map((r) => r.date_of_issue)).toEqual(['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07']);
    expect(staff[1]).toEqual({
      key: `${id('staff')}-2026-11-03`,
      employee_id: id('staff'),
      staff: 'Son Staff',
      user_name: 'staff',
      department: 'Department One',
      date_of_issue: '2026-11-03',
      checkin: '08:50',
      checkout: '17:10',
      late_time: 20,
      early_leave: 20,
      absent: 0,
      working_day: 0.5,
    });
    // A weekend worked is listed without a value; a weekend without punches is not.
    expect(staff[5]).toMatchObject({ checkin: '09:00', checkout: '12:00', working_day: null });
    expect(body.data.map((r) => r.staff)).toEqual([...body.data.map((r) => r.staff)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(userNames(body.data)).toEqual(['gl', 'staff', 'staff2']);
    expect(body.page.total_element).toBe(5 + 6 + 5);
  });

  it('passes a stored day without punches and with absent minutes through as it is', async () => {
    const rows = (await list('hr', { ...RANGE, users: 'staff3' })).data;
    expect(rows.at(-1)).toMatchObject({ date_of_issue: '2026-11-06', checkin: null, checkout: null, absent: 480, working_day: 0 });
  });

  it('filters by project members, departments and users (user names in any case, or employee ids)', async () => {
    expect(userNames((await list('hr', { ...RANGE, project: t.fixture.projectId })).data)).toEqual(['staff', 'staff4']);
    expect(userNames((await list('hr', { ...RANGE, departments: `${t.fixture.departments.dep2},${t.fixture.departments.dep3}` })).data)).toEqual([
      'admin', 'dl', 'formula', 'guest', 'hr', 'hrm', 'other', 'pm', 'staff3', 'staff4',
    ]);
    expect(userNames((await list('hr', { ...RANGE, users: `STAFF2,${id('staff4')}` })).data)).toEqual(['staff2', 'staff4']);
    // A membership with dates counts only inside them.
    await t.db.execute(sql`update project_members set to_date = '2026-11-04' where employee_id = ${id('staff4')}`);
    try {
      const rows = (await list('hr', { ...RANGE, project: t.fixture.projectId, users: 'staff4' })).data;
      expect(rows.map((r) => r.date_of_issue)).toEqual(['2026-11-02', '2026-11-03', '2026-11-04']);
    } finally {
      await t.db.execute(sql`update project_members set to_date = null where employee_id = ${id('staff4')}`);
    }
    // The filters combine: project P1 within department One.
    expect(userNames((await list('hr', { ...RANGE, project: t.fixture.projectId, departments: t.fixture.departments.dep1 })).data)).toEqual(['staff']);
  });

  it('follows the data scope: a group lead their department, a division lead their division; staff are refused', async () => {
    const all = `${t.fixture.departments.dep1},${t.fixture.departments.dep2},${t.fixture.departments.dep3}`;
    expect(userNames((await list('gl', { ...RANGE, departments: all })).data)).toEqual(['gl', 'staff', 'staff2']);
    expect(userNames((await list('dl', { ...RANGE, departments: all })).data)).toEqual(['admin', 'dl', 'formula', 'gl', 'hr', 'hrm', 'staff', 'staff2', 'staff3']);
    expect(userNames((await list('gl', { ...RANGE, users: 'staff4' })).data)).toEqual([]);
    expect(userNames((await list('hrm', { ...RANGE, users: 'staff4' })).data)).toEqual(['staff4']);
    for (const path of [CHECK_TIME_REPORT_PATH, CHECK_TIME_REPORT_EXPORT_PATH, CHECK_TIME_LATE_BY_WEEKDAY_PATH]) {
      expect((await get('staff', path, { ...RANGE, users: 'staff' })).statusCode).toBe(403);
      expect((await get('guest', path, { ...RANGE, users: 'staff' })).statusCode).toBe(403);
    }
  });

  it('pages with the total', async () => {
    const q = { ...RANGE, departments: t.fixture.departments.dep1 };
    const first = await list('hr', { ...q, page: 1, size: 4 });
    const second = await list('hr', { ...q, page: 2, size: 4 });
    const whole = await list('hr', q);
    expect(first.data).toHaveLength(4);
    expect([...first.data, ...second.data].map((r) => r.key)).toEqual(whole.data.slice(0, 8).map((r) => r.key));
    expect(second.page).toEqual({ page: 2, size: 4, total_element: 16 });
    const past = await list('hr', { ...q, page: 99, size: 10 });
    expect(past.data).toEqual([]);
    expect(past.page.total_element).toBe(16);
  });
});

describe('validation (spec 001 §5.8): 400 with the message, on the list, the export and the chart alike', () => {
  const cases: [string, Query, string][] = [
    ['no range', { departments: 1 }, M.rangeRequired],
    ['only one date', { fromDate: '2026-11-02', users: 'staff' }, M.rangeRequired],
    ['a date that does not exist', { fromDate: '2026-02-31', toDate: '2026-03-05', users: 'staff' }, M.dateInvalid],
    ['a DD/MM/YYYY date', { fromDate: '02/11/2026', toDate: '08/11/2026', users: 'staff' }, M.dateInvalid],
    ['from after to', { fromDate: '2026-11-08', toDate: '2026-11-02', users: 'staff' }, M.fromAfterTo],
    ['over 3 months', { fromDate: '2026-01-01', toDate: '2026-04-01', users: 'staff' }, M.rangeTooLong],
    ['none of project, departments, users', { ...RANGE }, M.filterRequired],
    ['bad department ids', { ...RANGE, departments: 'abc' }, MESSAGES_COMMON.invalidIds],
    ['a project id out of range', { ...RANGE, project: '2147483648' }, MESSAGES_COMMON.invalidId],
    ['a project id that is not a number', { ...RANGE, project: 'x' }, MESSAGES_COMMON.invalidId],
  ];
  it.each(cases)('%s', async (_name, query, message) => {
    for (const path of [CHECK_TIME_REPORT_PATH, CHECK_TIME_REPORT_EXPORT_PATH, CHECK_TIME_LATE_BY_WEEKDAY_PATH]) {
      const res = await get('hr', path, query);
      expect(res.statusCode, `${path} ${res.body}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('reports every broken rule in messages, the first as message', async () => {
    const res = await get('hr', CHECK_TIME_REPORT_PATH, { fromDate: '2026-01-01', toDate: '2026-06-01' });
    expect(res.json()).toMatchObject({ code: 400, message: M.rangeTooLong, messages: [M.rangeTooLong, M.filterRequired] });
  });

  it('accepts a range of exactly 3 months (1 January to 31 March) and a project alone', async () => {
    expect((await get('hr', CHECK_TIME_REPORT_PATH, { fromDate: '2026-01-01', toDate: '2026-03-31', project: t.fixture.projectId })).statusCode).toBe(200);
    expect((await get('hr', CHECK_TIME_REPORT_PATH, { fromDate: '2026-11-30', toDate: '2027-02-27', users: 'staff' })).statusCode).toBe(200);
  });
});

describe('GET /api/tms/excel/report-check-time', () => {
  async function exported(user: string, query: Query) {
    const res = await get(user, CHECK_TIME_REPORT_EXPORT_PATH, query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`Check_In_Out_${query.fromDate}-${query.toDate}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }
  const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  const cells = (r: CheckTimeRow) => [r.staff, r.user_name, r.department, dmy(r.date_of_issue), r.checkin, r.checkout, r.late_time, r.early_leave, r.absent, r.working_day];
  const norm = (row: unknown[]) => Array.from({ length: 10 }, (_, i) => row[i] ?? null);

  it('has the rows of the list, in the same order, for the same filters and scope', async () => {
    for (const [user, query] of [
      ['hr', { ...RANGE, departments: `${t.fixture.departments.dep1},${t.fixture.departments.dep2}` }],
      ['gl', { ...RANGE, project: t.fixture.projectId }],
      ['dl', { ...RANGE, users: 'staff,staff3,staff4' }],
    ] as const) {
      const rows = await exported(user, query);
      expect(rows[0]).toEqual(Object.values(C));
      expect(rows.slice(1).map(norm)).toEqual((await list(user, query)).data.map(cells));
    }
  });

  it('writes a name that looks like a formula as text', async () => {
    const rows = await exported('hr', { ...RANGE, users: 'formula' });
    expect(rows[1]![0]).toBe('=HYPERLINK("http://x","y")');
  });

  it('reads the rows in keyset chunks that together equal the list', async () => {
    const hr = { employeeId: id('hr'), roles: ['HR'], actors: ['HR'], isPm: false } as unknown as SessionUser;
    const query = { ...RANGE, departments: [t.fixture.departments.dep1, t.fixture.departments.dep2, t.fixture.departments.dep3] };
    const deps = { db: t.db, exportChunk: 3 };
    const out: unknown[] = [];
    for await (const row of checkTimeReport.exportRows(deps, hr, query).rows) out.push(row);
    const listed = await checkTimeReport.list(deps, hr, { ...query, page: 1, size: 500 });
    expect(out).toHaveLength(listed.page.total_element);
    expect(out.map((r) => (r as { key: string }).key)).toEqual(listed.data.map((r) => r.key));
  });
});

describe('GET /api/tms/report/check-time/late-by-weekday', () => {
  it('counts late days and late minutes per weekday, Monday to Friday, for the filter and scope', async () => {
    const res = await get('hr', CHECK_TIME_LATE_BY_WEEKDAY_PATH, { ...RANGE, departments: `${t.fixture.departments.dep1},${t.fixture.departments.dep3}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { weekday: 1, label: 'Mon', late_days: 1, late_minutes: 45 },
      { weekday: 2, label: 'Tue', late_days: 1, late_minutes: 20 },
      { weekday: 3, label: 'Wed', late_days: 0, late_minutes: 0 },
      { weekday: 4, label: 'Thu', late_days: 1, late_minutes: 60 },
      { weekday: 5, label: 'Fri', late_days: 0, late_minutes: 0 },
    ]);
    const gl = (await get('gl', CHECK_TIME_LATE_BY_WEEKDAY_PATH, { ...RANGE, project: t.fixture.projectId })).json().data as { late_days: number }[];
    expect(gl.map((d) => d.late_days)).toEqual([0, 1, 0, 0, 0]);
  });
});
