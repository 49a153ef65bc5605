import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOOKUP_MESSAGES } from '@tms/contracts/lookups';
import { ROLES } from '@tms/contracts/roles';
import { addDays } from '../../lib/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A search text every fixture employee matches (in sf4c_id), so scope alone decides who is found.
  await t.db.execute(sql`update employees set sf4c_id = 'XYZ-' || user_name`);
});
afterAll(() => t.close());

async function get(as: string, url: string, query: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, query, headers: await t.as(as) });
}

async function searchUserNames(as: string, filter: string): Promise<string[]> {
  const res = await get(as, '/api/tms/filters/employee', { filter });
  expect(res.statusCode).toBe(200);
  return res.json().data.map((e: { user_name: string }) => e.user_name).sort();
}

describe('GET /api/tms/filters/get-all-divisions-departments', () => {
  it('answers divisions with their departments', async () => {
    const res = await get('staff', '/api/tms/filters/get-all-divisions-departments');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((d: { department_code: string }) => d.department_code)).toEqual(['DIV1', 'DIV2']);
    expect(data[0]).toMatchObject({ id: t.fixture.divisions.div1, name: 'Division One', nameEn: 'Division One', department_type: 'Division', status: 'Active' });
    expect(data[0].children.map((d: { department_code: string }) => d.department_code)).toEqual(['DEP1', 'DEP2']);
    expect(data[0].children[0]).toEqual({
      id: t.fixture.departments.dep1,
      department_code: 'DEP1',
      name: 'Department One',
      nameEn: 'Department One',
      department_type: 'Department',
      status: 'Active',
      parent_id: t.fixture.divisions.div1,
    });
    expect(data[1].children.map((d: { department_code: string }) => d.department_code)).toEqual(['DEP3']);
  });
});

describe('GET /api/tms/filters/v2/roles', () => {
  it('lists the roles by short name', async () => {
    const res = await get('guest', '/api/tms/filters/v2/roles');
    expect(res.json().data.map((r: { code: string }) => r.code)).toEqual(ROLES);
    expect(res.json().data).toContainEqual({ code: 'DULEAD', name: 'Division Lead' });
  });
});

describe('GET /api/tms/filters/location and get-all-work-schedule-types', () => {
  it('lists the locations in use and the active schedules\' types, sorted, once each', async () => {
    await t.db.execute(sql`update employees set location = 'CGLOBALDN' where user_name = 'staff2'`);
    await t.db.execute(sql`update employees set location = null where user_name = 'staff3'`);
    await t.db.execute(sql`
      insert into work_schedules (work_schedule_code, work_schedule_type, work_schedule_name, work_start_time, work_end_time, standard_working_time, working_time, active)
      values ('HCM', 'HCM', 'Office', '08:30', '17:30', 480, 480, true), ('HCM2', 'HCM', 'Office 2', '09:00', '18:00', 480, 480, true),
             ('FLEX', 'FLEXIBLE', 'Flexible', '07:00', '19:00', 480, 480, true), ('OLD', 'SHIFT', 'Retired', '06:00', '14:00', 480, 480, false)`);
    expect((await get('staff', '/api/tms/filters/location')).json().data).toEqual(['CGLOBALDN', 'CGLOBALHCM']);
    expect((await get('staff', '/api/tms/filters/get-all-work-schedule-types')).json().data).toEqual(['FLEXIBLE', 'HCM']);
  });
});

describe('GET /api/tms/filters/employee', () => {
  it('finds by name, user name or SF4C id, case-insensitively, with the unit names', async () => {
    const res = await get('hr', '/api/tms/filters/employee', { filter: 'son sta' });
    expect(res.json()).toMatchObject({
      code: 200,
      data: [
        {
          id: t.fixture.employeeIds.staff,
          user_name: 'staff',
          name: 'Son Staff',
          sf4c_id: 'XYZ-staff',
          department_name: { name: 'Department One', nameEn: 'Department One' },
          division_name: { name: 'Division One', nameEn: 'Division One' },
        },
      ],
      page: { page: 1, size: 30, total_element: 1 },
    });
    expect(await searchUserNames('hr', 'STAFF4')).toEqual(['staff4']);
    expect(await searchUserNames('hr', 'xyz-hr')).toEqual(['hr', 'hrm']);
  });

  it('needs 3 characters and takes wildcards literally', async () => {
    const short = await get('hr', '/api/tms/filters/employee', { filter: ' xy ' });
    expect(short.json()).toMatchObject({ code: 200, data: [], page: { total_element: 0 } });
    expect((await get('hr', '/api/tms/filters/employee')).json().data).toEqual([]);
    expect(await searchUserNames('hr', '%%%')).toEqual([]);
    expect(await searchUserNames('hr', '___')).toEqual([]);
  });

  it('limits results to the caller’s data scope (RULES.md §3)', async () => {
    const everyone = ['admin', 'dl', 'gl', 'guest', 'hr', 'hrm', 'other', 'pm', 'staff', 'staff2', 'staff3', 'staff4'];
    expect(await searchUserNames('hr', 'xyz')).toEqual(everyone);
    expect(await searchUserNames('admin', 'xyz')).toEqual(everyone);
    expect(await searchUserNames('hrm', 'xyz')).toEqual(everyone);
    // gl leads DEP1 (gl, staff, staff2).
    expect(await searchUserNames('gl', 'xyz')).toEqual(['gl', 'staff', 'staff2']);
    // dl leads DIV1 (DEP1 and DEP2).
    expect(await searchUserNames('dl', 'xyz')).toEqual(['admin', 'dl', 'gl', 'hr', 'hrm', 'staff', 'staff2', 'staff3']);
    expect(await searchUserNames('staff', 'xyz')).toEqual(['staff']);
    expect(await searchUserNames('pm', 'xyz')).toEqual(['pm']);
    expect(await searchUserNames('guest', 'xyz')).toEqual(['guest']);
  });

  it('pages in name order', async () => {
    const res = await get('hr', '/api/tms/filters/employee', { filter: 'xyz', page: '3', size: '5' });
    expect(res.json().page).toEqual({ page: 3, size: 5, total_element: 12 });
    // Names in order: An, Dung, Gia, Giang, Hoa, Hung, Oanh, Phuong, Sang, Sau, Sinh, Son.
    expect(res.json().data.map((e: { name: string }) => e.name)).toEqual(['Sinh Third', 'Son Staff']);
  });
});

describe('projects', () => {
  it('get-all-projects searches name and code and pages by 40', async () => {
    const res = await get('staff', '/api/tms/filters/get-all-projects', { key: 'p1' });
    expect(res.json()).toEqual({
      code: 200,
      message: 'Success',
      data: [{ project_id: t.fixture.projectId, project_name: 'Project One', project_code: 'P1', status: 'Active' }],
      page: { page: 1, size: 40, total_element: 1 },
    });
    expect((await get('staff', '/api/tms/filters/get-all-projects', { key: 'one' })).json().data).toHaveLength(1);
    expect((await get('staff', '/api/tms/filters/get-all-projects', { key: 'zzz' })).json().data).toEqual([]);
  });

  it('projects lists all projects, filtered by key', async () => {
    expect((await get('guest', '/api/tms/filters/projects')).json().data).toEqual([
      { project_id: t.fixture.projectId, project_name: 'Project One', project_code: 'P1', status: 'Active' },
    ]);
    expect((await get('guest', '/api/tms/filters/projects', { key: 'nothing' })).json().data).toEqual([]);
  });

  it('employee-projects answers the projects the caller works on or manages', async () => {
    const codes = async (as: string) => (await get(as, '/api/tms/filters/employee-projects')).json().data.map((p: { project_code: string }) => p.project_code);
    expect(await codes('staff')).toEqual(['P1']);
    expect(await codes('pm')).toEqual(['P1']);
    expect(await codes('staff2')).toEqual([]);
  });

  it('get-all-employee-by-project needs a project and shows members within scope', async () => {
    const missing = await get('hr', '/api/tms/filters/get-all-employee-by-project');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 400, message: LOOKUP_MESSAGES.projectRequired, data: null });
    expect((await get('hr', '/api/tms/filters/get-all-employee-by-project', { projectId: 'abc' })).json().message).toBe(LOOKUP_MESSAGES.projectRequired);

    const members = async (as: string) =>
      (await get(as, '/api/tms/filters/get-all-employee-by-project', { projectId: String(t.fixture.projectId) })).json().data.map((e: { user_name: string }) => e.user_name).sort();
    expect(await members('hr')).toEqual(['staff', 'staff4']);
    expect(await members('pm')).toEqual(['staff', 'staff4']);
    expect(await members('gl')).toEqual(['staff']);
    expect(await members('staff')).toEqual(['staff']);
    expect(await members('staff2')).toEqual([]);
    expect((await get('hr', '/api/tms/filters/get-all-employee-by-project', { projectId: '999999' })).json().data).toEqual([]);
  });
});

describe('periods, time and lock date', () => {
  it('most-recent-timesheet-approved answers null before anything is approved', async () => {
    const res = await get('staff', '/api/tms/advance/most-recent-timesheet-approved');
    expect(res.json()).toEqual({ code: 200, message: 'Success', data: { toDate: null, toDateFormat: null } });
  });

  it('periods are newest first and mark the one holding today', async () => {
    const today = t.clock.today();
    const company = t.fixture.companyId;
    // Three consecutive periods around today, inserted out of order.
    await t.db.execute(sql`
      insert into payroll_periods (company_id, name, from_date, to_date, working_days, status) values
        (${company}, 'PREV', ${addDays(today, -40)}, ${addDays(today, -11)}, 20, 4),
        (${company}, 'NEXT', ${addDays(today, 20)}, ${addDays(today, 49)}, 20, 0),
        (${company}, 'CURR', ${addDays(today, -10)}, ${addDays(today, 19)}, 20, 0)`);
    const res = await get('staff', '/api/tms/filters/periods');
    const data = res.json().data;
    expect(data.map((p: { name: string }) => p.name)).toEqual(['NEXT', 'CURR', 'PREV']);
    expect(data.map((p: { is_current_timesheet: boolean }) => p.is_current_timesheet)).toEqual([false, true, false]);
    expect(data[1]).toMatchObject({ from_date: addDays(today, -10), to_date: addDays(today, 19), status: 0, is_lock: false, working_days: 20 });
    expect(typeof data[1].timesheet_id).toBe('number');
  });

  it('most-recent-timesheet-approved answers the lock date in both formats', async () => {
    await approvePeriodEnding(t.db, t.fixture.companyId, '2020-01-26', '2020-02-25');
    const today = t.clock.today();
    const expected = addDays(today, -11);
    const res = await get('staff', '/api/tms/advance/most-recent-timesheet-approved');
    expect(res.json().data).toEqual({ toDate: expected, toDateFormat: `${expected.slice(8, 10)}/${expected.slice(5, 7)}/${expected.slice(0, 4)}` });
  });

  it("get-time answers the clock's instant and the company calendar day", async () => {
    const saved = t.clock.now();
    try {
      // 23:30 UTC is 06:30 the next day in Ho Chi Minh City.
      t.clock.set('2026-12-31T23:30:00.000Z');
      const res = await get('guest', '/api/tms/filters/get-time');
      expect(res.json().data).toEqual({ dateTimeNow: '2026-12-31T23:30:00.000Z', today: '2027-01-01', timeZone: 'Asia/Ho_Chi_Minh' });
    } finally {
      t.clock.set(saved);
    }
  });
});
