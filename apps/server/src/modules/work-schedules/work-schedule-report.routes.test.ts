import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_SCHEDULE_REPORT_COLUMNS as C, WORK_SCHEDULE_REPORT_EXPORT_PATH, WORK_SCHEDULE_REPORT_FILE, WORK_SCHEDULE_REPORT_PATH } from '@tms/contracts/work-schedule-config';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import type { Json } from '../../test/json-body.ts';

let t: TestApp;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function get(user: string, path: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return t.app.inject({ method: 'GET', url: `/api${path}${qs ? `?${qs}` : ''}`, headers: await t.as(user) });
}
const list = async (user: string, query: Record<string, string | number> = {}) => {
  const res = await get(user, WORK_SCHEDULE_REPORT_PATH, { size: 100, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Json[]; page: Json };
};
const userNames = (rows: Json[]) => [...new Set(rows.map((r) => r.user_name))].sort();

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-26T10:00:00+07:00' });
  await insertWeekdaySchedule(t.db, { code: 'HCM', type: 'HCM', name: 'Office hours', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await insertWeekdaySchedule(t.db, { code: 'FLEXIBLE', type: 'FLEXIBLE', name: 'Flexible hours', start: '07:00', end: '19:00' });
  // Everyone but staff4 and guest has an open HCM staff policy; staff3 moves to FLEXIBLE in 2026.
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, ot_type, apply_date, expire_date)
    select id, 'HCM', 'DAY', 'OT_FIXED', '2020-01-06', case when user_name = 'staff3' then '2025-12-31'::date else '9999-12-30'::date end
      from employees where user_name not in ('staff4', 'guest')`);
  await t.db.execute(sql`insert into staff_policies (employee_id, work_schedule_code, rule_type, ot_type, apply_date, expire_date)
    values (${id('staff3')}, 'FLEXIBLE', 'HOUR', 'OT_FLEXIBLE', '2026-01-01', '9999-12-30')`);
  // DEP3 (staff4, guest, pm, other) has a department policy: it applies where no staff policy covers the date.
  await t.db.execute(sql`insert into department_policies (department_id, work_schedule_code, rule_type, ot_type, apply_date, expire_date)
    values (${t.fixture.departments.dep3}, 'FLEXIBLE', 'HOUR', 'OT_FLEXIBLE', '2026-03-01', '2026-12-31')`);
});
afterAll(() => t?.close());

describe('GET /api/tms/report/work-schedule', () => {
  it('lists the policy in force per employee and range, staff and department sources, with names and units', async () => {
    const body = await list('hr');
    expect(body.page).toEqual({ page: 1, size: 100, total_element: body.data.length });
    const staff3 = body.data.filter((r) => r.user_name === 'staff3');
    expect(staff3.map((r) => [r.work_schedule_code, r.apply_date, r.expire_date, r.source])).toEqual([
      ['HCM', '2020-01-06', '2025-12-31', 'staff'],
      ['FLEXIBLE', '2026-01-01', '9999-12-30', 'staff'],
    ]);
    expect(staff3[1]).toMatchObject({ staff: 'Sinh Third', department_name: 'Department Two', division_name: 'Division One', work_schedule_name: 'Flexible hours', work_schedule_type: 'FLEXIBLE' });
    const staff4 = body.data.filter((r) => r.user_name === 'staff4');
    expect(staff4).toHaveLength(1);
    expect(staff4[0]).toMatchObject({ source: 'department', work_schedule_code: 'FLEXIBLE', apply_date: '2026-03-01', expire_date: '2026-12-31' });
    // pm has a staff policy of their own: the department policy does not show for them.
    expect(body.data.filter((r) => r.user_name === 'pm').map((r) => r.source)).toEqual(['staff']);
    expect(new Set(body.data.map((r) => r.key)).size).toBe(body.data.length);
  });

  it('filters by staff, division, department, code, type and the apply and expire ranges (DD/MM/YYYY)', async () => {
    expect(userNames((await list('hr', { employee: `${id('staff')},${id('staff3')}` })).data)).toEqual(['staff', 'staff3']);
    expect(userNames((await list('hr', { department: t.fixture.departments.dep3 })).data)).toEqual(['guest', 'other', 'pm', 'staff4']);
    expect(userNames((await list('hr', { division: t.fixture.divisions.div2 })).data)).toEqual(['guest', 'other', 'pm', 'staff4']);
    expect(userNames((await list('hr', { workScheduleCode: 'flexible' })).data)).toEqual(['guest', 'staff3', 'staff4']);
    expect(userNames((await list('hr', { workScheduleType: 'FLEXIBLE' })).data)).toEqual(['guest', 'staff3', 'staff4']);
    const applied = (await list('hr', { applyFromDate: '01/01/2026', applyToDate: '28/02/2026' })).data;
    expect(applied.map((r) => [r.user_name, r.apply_date])).toEqual([['staff3', '2026-01-01']]);
    const expiring = (await list('hr', { expireFromDate: '01/01/2025', expireToDate: '31/12/2026' })).data;
    expect(expiring.map((r) => [r.user_name, r.expire_date]).sort()).toEqual([
      ['guest', '2026-12-31'],
      ['staff3', '2025-12-31'],
      ['staff4', '2026-12-31'],
    ]);
    const bad = await get('hr', WORK_SCHEDULE_REPORT_PATH, { applyFromDate: '2026-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES_COMMON.invalidDate);
  });

  it('follows the data scope: a group lead sees their department, a division lead their division; staff are refused', async () => {
    expect(userNames((await list('gl')).data)).toEqual(['gl', 'staff', 'staff2']);
    expect(userNames((await list('dl')).data)).toEqual(['admin', 'dl', 'gl', 'hr', 'hrm', 'staff', 'staff2', 'staff3']);
    expect(userNames((await list('gl', { department: t.fixture.departments.dep3 })).data)).toEqual([]);
    expect((await get('staff', WORK_SCHEDULE_REPORT_PATH)).statusCode).toBe(403);
    expect((await get('staff', WORK_SCHEDULE_REPORT_EXPORT_PATH)).statusCode).toBe(403);
  });

  it('pages with the total', async () => {
    const first = await list('hr', { page: 1, size: 3 });
    const second = await list('hr', { page: 2, size: 3 });
    expect(first.data).toHaveLength(3);
    expect(second.page.total_element).toBe(first.page.total_element);
    expect(second.data[0]!.key).not.toBe(first.data[0]!.key);
    const past = await list('hr', { page: 99, size: 10 });
    expect(past.data).toEqual([]);
    expect(past.page.total_element).toBe(first.page.total_element);
  });
});

describe('GET /api/tms/excel/job-info-mapping', () => {
  async function exported(user: string, query: Record<string, string | number> = {}) {
    const res = await get(user, WORK_SCHEDULE_REPORT_EXPORT_PATH, query);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(WORK_SCHEDULE_REPORT_FILE);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    return rows;
  }
  const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

  it('has the same rows as the list, in the same order, for the same filters and scope', async () => {
    for (const [user, query] of [
      ['hr', {}],
      ['gl', {}],
      ['dl', { workScheduleType: 'HCM', applyFromDate: '01/01/2020' }],
    ] as const) {
      const rows = await exported(user, query);
      expect(rows[0]).toEqual(Object.values(C));
      const listed = (await list(user, query)).data;
      expect(rows.slice(1)).toEqual(
        listed.map((r) => [r.staff, r.user_name, r.department_name ?? '', r.division_name ?? '', r.work_schedule_code, r.work_schedule_name ?? '', r.work_schedule_type ?? '', dmy(r.apply_date), dmy(r.expire_date), r.source === 'staff' ? 'Staff' : 'Department']),
      );
    }
  });
});
