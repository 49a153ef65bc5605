import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERTIME_LIST_MESSAGES as M } from '@tms/contracts/overtime-list';
import type { TestApp } from '../../test/harness.ts';
import { insertOvertime, overtimeApp, type Json } from './overtime-list.test-support.ts';

/**
 * The overtime list page (spec 001 §2.4, §6, §7.3, §7.10; RULES.md §3): both lists with their columns and filters,
 * scope (PM their projects, staff their own, GL their department, outside nothing), the staff view, Expired derived
 * from the lock date, pages, the export, the lookups. Clock pinned (overtime-list.test-support).
 */
let t: TestApp & { p2: number };
const ids: Record<string, number> = {};

async function get(user: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: await t.as(user) });
  return { status: res.statusCode, body: (res.headers['content-type'] ?? '').toString().includes('json') ? (res.json() as Json) : ({} as Json), raw: res };
}
const fixedTitles = async (user: string, query = '') => {
  const res = await get(user, `/tms/overtime-request${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as Json[]).map((r) => r.title as string);
};
const flexibleTitles = async (user: string, query = '') => {
  const res = await get(user, `/tms/overtime-request/get-list-request-ot-flexible${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as Json[]).map((r) => r.title as string);
};

beforeAll(async () => {
  t = await overtimeApp();
  const P1 = t.fixture.projectId;
  ids.F1 = await insertOvertime(t, { kind: 'FIXED', title: 'Phát hành bản mới', projectId: P1, date: '2026-11-03', creator: 'staff', assignee: 'pm', staff: [{ username: 'staff' }, { username: 'staff4', status: 3 }] });
  ids.F2 = await insertOvertime(t, { kind: 'FIXED', title: 'Old locked OT', projectId: t.p2, date: '2026-10-20', creator: 'staff2', assignee: 'other', staff: [{ username: 'staff2' }] });
  ids.F3 = await insertOvertime(t, {
    kind: 'FIXED',
    title: 'Night migration',
    projectId: t.p2,
    date: '2026-11-04',
    start: '22:00',
    end: '02:00',
    endDate: '2026-11-05',
    otType: 'WORK_OUTSIDE',
    creator: 'hr',
    assignee: 'other',
    staff: [{ username: 'staff3', status: 3 }, { username: 'staff2', status: 4 }],
  });
  ids.X1 = await insertOvertime(t, { kind: 'FLEXIBLE', title: 'Flex pending', projectId: P1, date: '2026-11-02', creator: 'staff4', assignee: 'pm', pm: 'pm', manager: 'other', status: 0, staff: [{ username: 'staff4' }] });
  ids.X2 = await insertOvertime(t, { kind: 'FLEXIBLE', title: 'Flex expired', projectId: P1, date: '2026-10-22', creator: 'staff', assignee: 'pm', pm: 'pm', manager: 'gl', status: 1, staff: [{ username: 'staff' }] });
  ids.X3 = await insertOvertime(t, {
    kind: 'FLEXIBLE',
    title: 'Flex done',
    projectId: t.p2,
    date: '2026-11-03',
    creator: 'staff3',
    assignee: null,
    pm: 'other',
    manager: 'dl',
    status: 5,
    otType: 'OT_FLEXIBLE_IGNORE',
    staff: [{ username: 'staff3', actual: 3, confirm: 2.5 }],
  });
}, 120_000);
afterAll(async () => t?.close());

describe('fixed list (spec 001 §2.4 fixed columns)', () => {
  it('answers every column, the request tag and the staff with shown statuses, newest OT date first', async () => {
    const res = await get('hr', '/tms/overtime-request');
    expect(res.status).toBe(200);
    expect(res.body.page).toEqual({ page: 1, size: 10, total_element: 3 });
    const rows = res.body.data as Json[];
    expect(rows.map((r) => r.title)).toEqual(['Night migration', 'Phát hành bản mới', 'Old locked OT']);
    const [f3, f1, f2] = rows as [Json, Json, Json];
    expect(f3).toMatchObject({
      id: ids.F3,
      project: { id: t.p2, name: 'Dự án Hai', code: 'P2' },
      ot_date: '2026-11-04',
      start_time: '2026-11-04 22:00:00',
      end_time: '2026-11-05 02:00:00',
      ot_type: 'WORK_OUTSIDE',
      approver: { user_name: 'other', name: 'Oanh Other Lead' },
      createdBy: { user_name: 'hr', name: 'Hoa Human' },
      tag: { kind: 'DONE', text: '2/2 DONE' },
      source: 'FORM',
    });
    expect(f1.tag.text).toBe('1/2 PENDING');
    // Staff by name.
    expect(f1.staff).toEqual([
      { employeeId: t.fixture.employeeIds.staff4, name: 'Sau Fourth', user_name: 'staff4', status: 3, statusText: 'APPROVED' },
      { employeeId: t.fixture.employeeIds.staff, name: 'Son Staff', user_name: 'staff', status: 1, statusText: 'PENDING' },
    ]);
    // A pending row on or before the lock date reads EXPIRED (10), derived, never stored.
    expect(f2.tag).toEqual({ kind: 'EXPIRED', text: 'EXPIRED' });
    expect(f2.staff[0]).toMatchObject({ status: 10, statusText: 'EXPIRED' });
  });

  it('filters: keyword without diacritics over title and staff, project, status (shown), dates, staff, OT type', async () => {
    expect(await fixedTitles('hr', '?keyword=phat%20hanh')).toEqual(['Phát hành bản mới']);
    expect(await fixedTitles('hr', '?keyword=sang')).toEqual(['Night migration', 'Old locked OT']);
    expect(await fixedTitles('hr', '?keyword=STAFF4')).toEqual(['Phát hành bản mới']);
    expect(await fixedTitles('hr', `?projectId=${t.p2}`)).toEqual(['Night migration', 'Old locked OT']);
    expect(await fixedTitles('hr', '?status=10')).toEqual(['Old locked OT']);
    expect(await fixedTitles('hr', '?status=1')).toEqual(['Phát hành bản mới']);
    expect(await fixedTitles('hr', '?status=4,10')).toEqual(['Night migration', 'Old locked OT']);
    expect(await fixedTitles('hr', '?fromDate=2026-11-01&toDate=2026-11-03')).toEqual(['Phát hành bản mới']);
    expect(await fixedTitles('hr', `?staff=${t.fixture.employeeIds.staff4}`)).toEqual(['Phát hành bản mới']);
    expect(await fixedTitles('hr', '?otType=WORK_OUTSIDE')).toEqual(['Night migration']);
  });

  it('pages: size and page, total of every match', async () => {
    const res = await get('hr', '/tms/overtime-request?size=2&page=2');
    expect(res.body.page).toEqual({ page: 2, size: 2, total_element: 3 });
    expect((res.body.data as Json[]).map((r) => r.title)).toEqual(['Old locked OT']);
  });

  it('scope (RULES.md §3): PM their projects, GL their department, staff their own, outside nothing, GUEST refused', async () => {
    expect(await fixedTitles('pm')).toEqual(['Phát hành bản mới']);
    expect(await fixedTitles('gl')).toEqual(['Night migration', 'Phát hành bản mới', 'Old locked OT']);
    expect(await fixedTitles('other')).toEqual(['Night migration', 'Phát hành bản mới', 'Old locked OT']);
    expect(await fixedTitles('staff')).toEqual(['Phát hành bản mới']);
    expect(await fixedTitles('staff3')).toEqual(['Night migration']);
    expect(await fixedTitles('staff', `?projectId=${t.p2}`)).toEqual([]);
    expect((await get('guest', '/tms/overtime-request')).status).toBe(403);
  });

  it('the staff view (spec 001 §6) shows only requests where the caller is staff or creator', async () => {
    // staff2 is a member of P2 and staff on F2 and F3; staff4 is staff on F1 and requester of X1 only.
    expect(await fixedTitles('staff2')).toEqual(['Night migration', 'Old locked OT']);
    expect(await fixedTitles('staff4')).toEqual(['Phát hành bản mới']);
  });
});

describe('flexible list (spec 001 §2.4 flexible columns)', () => {
  it('answers staff, OT plan, OTpay hours and confirmation, PM, manager and the shown index', async () => {
    const res = await get('hr', '/tms/overtime-request/get-list-request-ot-flexible');
    expect(res.status).toBe(200);
    const rows = res.body.data as Json[];
    expect(rows.map((r) => r.title)).toEqual(['Flex done', 'Flex pending', 'Flex expired']);
    expect(rows[0]).toMatchObject({
      id: ids.X3,
      staff: { user_name: 'staff3', name: 'Sinh Third' },
      project: { code: 'P2' },
      overtimeDate: '03/11/2026',
      dateType: 'WORKDAY',
      startTime: '18:00',
      endTime: '21:00',
      requestType: 'OT_FLEXIBLE_IGNORE',
      totalTimeActual: 3,
      totalTimeConfirm: 2.5,
      projectManager: { user_name: 'other' },
      manager: { user_name: 'dl' },
      status: 5,
      statusText: 'Approved',
    });
    expect(rows[1]).toMatchObject({ status: 0, statusText: 'Pending PM approval', totalTimeActual: null });
    // Index 1 on or before the lock date reads 7 Expired.
    expect(rows[2]).toMatchObject({ status: 7, statusText: 'Expired' });
  });

  it('filters by shown status, keyword and request type; scope', async () => {
    expect(await flexibleTitles('hr', '?status=7')).toEqual(['Flex expired']);
    expect(await flexibleTitles('hr', '?status=1')).toEqual([]);
    expect(await flexibleTitles('hr', '?keyword=sinh')).toEqual(['Flex done']);
    expect(await flexibleTitles('hr', '?otType=OT_FLEXIBLE')).toEqual(['Flex pending', 'Flex expired']);
    expect(await flexibleTitles('pm')).toEqual(['Flex pending', 'Flex expired']);
    expect(await flexibleTitles('staff')).toEqual(['Flex expired']);
    expect(await flexibleTitles('staff3')).toEqual(['Flex done']);
    expect(await flexibleTitles('gl')).toEqual(['Flex expired']);
    // The manager stage sees the request it decides.
    expect(await flexibleTitles('dl')).toContain('Flex done');
  });
});

describe('Export to Excel (spec 001 §5.6, §7.3)', () => {
  it('needs both dates', async () => {
    for (const q of ['', '?fromDate=2026-11-01', '?toDate=2026-11-30', '?fromDate=bad&toDate=2026-11-30']) {
      const res = await get('hr', `/tms/excel/request-ot${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toBe(M.exportDatesRequired);
    }
  });

  it('names the file Overtime_List_{from}-{to}.xlsx and writes the list rows (fixed, then flexible)', async () => {
    const res = await get('gl', '/tms/excel/request-ot?fromDate=2026-10-01&toDate=2026-11-30');
    expect(res.status).toBe(200);
    expect(String(res.raw.headers['content-disposition'])).toContain('Overtime_List_2026-10-01-2026-11-30.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const list = await fixedTitles('gl', '?fromDate=2026-10-01&toDate=2026-11-30');
    const titles = [];
    for (let i = 2; i <= sheet.rowCount; i++) titles.push(String(sheet.getRow(i).getCell(1).value));
    expect(titles).toEqual(list);
    expect(String(sheet.getRow(2).getCell(8).value)).toBe('2/2 DONE');

    const flex = await get('hr', '/tms/excel/request-ot?fromDate=2026-11-01&toDate=2026-11-30&kind=FLEXIBLE');
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(flex.raw.rawPayload as unknown as ArrayBuffer);
    const s2 = wb2.worksheets[0]!;
    expect(s2.rowCount).toBe(3);
    expect(s2.getRow(2).getCell(1).value).toBe('Flex done');
  });
});

describe('lookups (spec 001 §7.10)', () => {
  it('OT types, flexible request types, flexible statuses', async () => {
    expect((await get('staff', '/tms/filters/ot-type')).body.data.map((o: Json) => o.value)).toEqual(['OT_AT_OFFICE', 'OT_FROM_HOME', 'WORK_OUTSIDE']);
    expect((await get('staff', '/tms/filters/ot-type-flexible')).body.data).toEqual([
      { value: 'OT_FLEXIBLE', label: 'OT mới' },
      { value: 'OT_FLEXIBLE_IGNORE', label: 'Không OT' },
    ]);
    expect((await get('staff', '/tms/filters/status-type-flexible')).body.data.map((o: Json) => o.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('employee-ot: own type, work schedule, Add New and the project list rule; others within scope only', async () => {
    await t.db.execute(sql`update staff_policies set ot_type = 'OT_FLEXIBLE' where employee_id = ${t.fixture.employeeIds.staff!}`);
    const own = await get('staff', '/tms/filters/employee-ot');
    expect(own.body.data).toMatchObject({ username: 'staff', overtimeType: 'OT_FLEXIBLE', isFlexible: true, hasWorkSchedule: true, canAddNew: true, listsAllProjects: false });
    expect(own.body.data.projects.map((p: Json) => p.code)).toEqual(['P1']);
    // Fixed: every project.
    const fixed = await get('staff2', '/tms/filters/employee-ot');
    expect(fixed.body.data).toMatchObject({ overtimeType: 'OT_FIXED', isFlexible: false, canAddNew: true, listsAllProjects: true });
    expect(fixed.body.data.projects.map((p: Json) => p.code).sort()).toEqual(['P1', 'P2']);
    // A flexible user whose policy has ended has no work schedule today: no Add New (the 404-style page).
    await t.db.execute(sql`update staff_policies set ot_type = 'OT_FLEXIBLE', expire_date = '2026-10-31' where employee_id = ${t.fixture.employeeIds.staff4!}`);
    const none = await get('staff4', '/tms/filters/employee-ot');
    expect(none.body.data).toMatchObject({ overtimeType: 'OT_FLEXIBLE', isFlexible: true, hasWorkSchedule: false, canAddNew: false });
    // Others: GL their department, PM their members, outside 404.
    expect((await get('gl', '/tms/filters/employee-ot?username=staff')).body.data.username).toBe('staff');
    expect((await get('pm', '/tms/filters/employee-ot?username=staff4')).status).toBe(200);
    expect((await get('staff', '/tms/filters/employee-ot?username=staff2')).status).toBe(404);
    expect((await get('hr', '/tms/filters/employee-ot?username=nobody')).status).toBe(404);
  });
});
