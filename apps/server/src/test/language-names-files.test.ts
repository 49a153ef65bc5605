import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_LEAVE_IMPORT_COLUMNS, BONUS_LEAVE_IMPORT_COLUMNS_VI, BONUS_LEAVE_PATH } from '@tms/contracts/bonus-leave';
import { WEEKDAYS, WORK_SCHEDULE_CREATE_PATH, WORK_SCHEDULE_REPORT_COLUMNS_VI, WORK_SCHEDULE_REPORT_EXPORT_PATH, WORK_SCHEDULE_UPDATE_PATH } from '@tms/contracts/work-schedule-config';
import { WORK_SCHEDULE_LIST_PATH } from '@tms/contracts/timesheet-modify';
import { REASON_TYPES_LOOKUP_PATH } from '@tms/contracts/special-explanation';
import { REQUEST_EXPORT_COLUMNS, REQUEST_EXPORT_PATH } from '@tms/contracts/request-list';
import { seedRequest } from '../modules/requests/request-list.test-support.ts';
import { queryRows } from '../db/client.ts';
import { createTestApp, defaultTestNow, type TestApp } from './harness.ts';
import { fileUpload, testDates, xlsxFile } from './leave-api.ts';
import { readJson, type Json } from './json-body.ts';
import { insertStaffPolicies, insertWeekdaySchedule } from './schedules.ts';

/**
 * Issue 25: reference names and file headers follow the language of the request (docs/i18n-files-and-names.md).
 * Without Accept-Language a request is English, so every other test reads the English names and headers.
 */

const NOW = defaultTestNow();
const { day, iso } = testDates(NOW);
const VI = { 'accept-language': 'vi-VN,vi;q=0.9' };

let t: TestApp;

async function get(user: string, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api${url}`, headers: { ...(await t.as(user)), ...headers } });
}
async function sheetOf(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as never);
  return workbook.worksheets[0]!;
}
const headerRow = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  // The fixture names its units alike in both columns; give them their Vietnamese names (`name` holds Vietnamese).
  await t.db.execute(sql`update departments set name = 'Khối Một' where department_code = 'DIV1'`);
  await t.db.execute(sql`update departments set name = 'Phòng Một' where department_code = 'DEP1'`);
  await insertWeekdaySchedule(t.db, { code: 'HCM', name: 'Office hours', start: '08:30', end: '17:30' });
  await insertWeekdaySchedule(t.db, { code: 'FLEXIBLE', name: 'Flexible hours', start: '07:00', end: '19:00' });
  await t.db.execute(sql`update work_schedules set work_schedule_name_vi = 'Giờ hành chính' where work_schedule_code = 'HCM'`);
  // An empty Vietnamese name falls back to the English one.
  await t.db.execute(sql`update work_schedules set work_schedule_name_vi = '' where work_schedule_code = 'FLEXIBLE'`);
  await insertStaffPolicies(t.db, 'staff3');
});
afterAll(() => t.close());

describe('reference names in the language of the request', () => {
  it('a department and its division: English without Accept-Language, Vietnamese with vi, in both fields', async () => {
    const find = (body: Json) => (body.data as Json[]).find((d) => d.department_code === 'DIV1')!;
    const en = find(readJson(await get('staff', '/tms/filters/get-all-divisions-departments')));
    expect(en).toMatchObject({ name: 'Division One', nameEn: 'Division One' });
    expect(en.children.find((c: Json) => c.department_code === 'DEP1')).toMatchObject({ name: 'Department One', nameEn: 'Department One' });
    const vi = find(readJson(await get('staff', '/tms/filters/get-all-divisions-departments', VI)));
    expect(vi).toMatchObject({ name: 'Khối Một', nameEn: 'Khối Một' });
    expect(vi.children.find((c: Json) => c.department_code === 'DEP1')).toMatchObject({ name: 'Phòng Một', nameEn: 'Phòng Một' });
  });

  it('the same department name on another page (the staff search)', async () => {
    const staff = (body: Json) => (body.data as Json[]).find((e) => e.user_name === 'staff')!;
    expect(staff(readJson(await get('hr', '/tms/filters/employee?filter=staff')))).toMatchObject({ department_name: { name: 'Department One', nameEn: 'Department One' } });
    expect(staff(readJson(await get('hr', '/tms/filters/employee?filter=staff', VI)))).toMatchObject({
      department_name: { name: 'Phòng Một', nameEn: 'Phòng Một' },
      division_name: { name: 'Khối Một', nameEn: 'Khối Một' },
    });
  });

  it('a reason type', async () => {
    const annual = (body: Json) => (body.data as Json[]).find((r) => r.reason_type_code === 'ANN_LEAVE_CORP')!;
    expect(annual(readJson(await get('staff', REASON_TYPES_LOOKUP_PATH)))).toMatchObject({ reason_type: 'Annual leave', reasons: 'Annual leave' });
    expect(annual(readJson(await get('staff', REASON_TYPES_LOOKUP_PATH, VI)))).toMatchObject({ reason_type: 'Nghỉ phép năm', reasons: 'Nghỉ phép năm' });
  });

  it('a work schedule, falling back to English where the Vietnamese name is empty', async () => {
    const names = async (headers: Record<string, string> = {}) =>
      Object.fromEntries((readJson(await get('hr', WORK_SCHEDULE_LIST_PATH, headers)).data as Json[]).map((s) => [s.work_schedule_code, s.work_schedule_name]));
    expect(await names()).toMatchObject({ HCM: 'Office hours', FLEXIBLE: 'Flexible hours' });
    expect(await names(VI)).toMatchObject({ HCM: 'Giờ hành chính', FLEXIBLE: 'Flexible hours' });
  });

  it('an edit of a work schedule in Vietnamese renames it in Vietnamese only', async () => {
    const days = WEEKDAYS.map((w) =>
      w.day <= 5
        ? { day: w.day, key: w.key, workingDay: true, startTime: '08:00', endTime: '17:00', workingTime: 8, minimumWorkingTime: 8, continuousWorkingTime: 4, breakTime: 1 }
        : { day: w.day, key: w.key, workingDay: false },
    );
    const headers = await t.as('hr');
    const created = await t.app.inject({ method: 'POST', url: `/api${WORK_SCHEDULE_CREATE_PATH}`, headers, payload: { code: 'HN-8', type: 'HCM', name: 'Hanoi office', active: true, days } });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = readJson(created).data;
    const edited = await t.app.inject({ method: 'PUT', url: `/api${WORK_SCHEDULE_UPDATE_PATH}`, headers: { ...headers, ...VI }, payload: { id, version: 1, type: 'HCM', name: 'Văn phòng Hà Nội', days } });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = await queryRows<{ en: string; vi: string }>(t.db, sql`select work_schedule_name as en, work_schedule_name_vi as vi from work_schedules where id = ${id}`);
    expect(row).toEqual({ en: 'Hanoi office', vi: 'Văn phòng Hà Nội' });
  });
});

describe('file headers in the language of the request', () => {
  it('an export: English headers without Accept-Language, Vietnamese with vi, and the names in the same language', async () => {
    const en = await get('hr', WORK_SCHEDULE_REPORT_EXPORT_PATH);
    expect(en.statusCode, en.body).toBe(200);
    const enSheet = await sheetOf(en.rawPayload);
    expect(headerRow(enSheet)).toContain('Work Schedule Name');

    const vi = await get('hr', WORK_SCHEDULE_REPORT_EXPORT_PATH, VI);
    expect(vi.statusCode).toBe(200);
    expect(vi.headers['content-disposition']).toBe(en.headers['content-disposition']);
    const sheet = await sheetOf(vi.rawPayload);
    expect(headerRow(sheet)).toEqual(Object.values(WORK_SCHEDULE_REPORT_COLUMNS_VI));
    const rows = sheet.getRows(2, sheet.rowCount - 1)!.map((r) => (r.values as unknown[]).slice(1));
    const staff = rows.find((r) => r[1] === 'staff')!;
    expect(staff.slice(2, 4)).toEqual(['Phòng Một', 'Khối Một']);
    expect(staff[5]).toBe('Giờ hành chính');
    // A label cell (the row's source: a staff policy) in the same language.
    expect(staff[Object.keys(WORK_SCHEDULE_REPORT_COLUMNS_VI).indexOf('source')]).toBe('Nhân viên');
  });

  it('an export’s label cells (status, request type, shift) in the requester’s language; names and codes as they are', async () => {
    const id = await seedRequest(t, { username: 'staff3', date: iso(3), status: 3, shift: 'MORNING', description: 'label cells' });
    const cells = async (headers: Record<string, string>) => {
      const res = await get('hr', `${REQUEST_EXPORT_PATH}?status=3`, headers);
      expect(res.statusCode, res.body).toBe(200);
      const sheet = await sheetOf(res.rawPayload);
      const row = sheet.getRows(2, sheet.rowCount - 1)!.map((r) => (r.values as unknown[]).slice(1)).find((r) => r[0] === id)!;
      const at = (key: keyof typeof REQUEST_EXPORT_COLUMNS) => row[Object.keys(REQUEST_EXPORT_COLUMNS).indexOf(key)];
      return { type: at('request_type'), shift: at('start_shift'), status: at('status'), user: at('user_name'), description: at('description') };
    };
    expect(await cells({})).toEqual({ type: 'Leave Request', shift: 'MORNING', status: 'APPROVED', user: 'staff3', description: 'label cells' });
    expect(await cells(VI)).toEqual({ type: 'Yêu cầu nghỉ phép', shift: 'Buổi sáng', status: 'Đã duyệt', user: 'staff3', description: 'label cells' });
  });

  it('an import template in the requester’s language', async () => {
    const vi = await get('hr', `${BONUS_LEAVE_PATH}/template`, VI);
    expect(vi.statusCode).toBe(200);
    expect(headerRow(await sheetOf(vi.rawPayload))).toEqual(Object.values(BONUS_LEAVE_IMPORT_COLUMNS_VI));
  });

  const importBonus = async (headers: string[], rows: (string | number | null)[][], language: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api${BONUS_LEAVE_PATH}/import`,
      headers: { ...(await t.as('hr')), ...language },
      payload: fileUpload('file', await xlsxFile('Bonus Leave', headers, rows), 'bonus.xlsx'),
    });
  const bonusRows = async (description: string) =>
    (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from leave_fund_rows where fund_type = 'prioritize_leave' and description = ${description}`))[0]!.n;

  it('an import accepts a file with Vietnamese headers and the same file with English ones', async () => {
    const row = (description: string) => [['staff', 8, description, day(1), day(30)]];
    const vi = await importBonus(Object.values(BONUS_LEAVE_IMPORT_COLUMNS_VI), row('vi headers'));
    expect(vi.statusCode, vi.body).toBe(200);
    expect(await bonusRows('vi headers')).toBe(1);
    const en = await importBonus(Object.values(BONUS_LEAVE_IMPORT_COLUMNS), row('en headers'), VI);
    expect(en.statusCode, en.body).toBe(200);
    expect(await bonusRows('en headers')).toBe(1);
    // Headers typed without diacritics or in another case still name their columns.
    const plain = await importBonus(['TEN DANG NHAP', 'so gio phep', 'Mo ta', 'Ngay ap dung (DD/MM/YYYY)', 'ngày hết hạn (dd/mm/yyyy)'], row('plain headers'));
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await bonusRows('plain headers')).toBe(1);
  });

  it('an import error report has its column headers in the importer’s language, whatever the file’s', async () => {
    const res = await importBonus(Object.values(BONUS_LEAVE_IMPORT_COLUMNS), [['nobody', 8, 'bad row', day(1), day(30)]], VI);
    expect(res.statusCode).toBe(400);
    expect(res.headers.code).toBe('400');
    const sheet = await sheetOf(res.rawPayload);
    expect(headerRow(sheet)).toEqual([...Object.values(BONUS_LEAVE_IMPORT_COLUMNS_VI), 'Lỗi']);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['nobody', 8, 'bad row']);
    expect(await bonusRows('bad row')).toBe(0);

    const english = await importBonus(Object.values(BONUS_LEAVE_IMPORT_COLUMNS_VI), [['nobody', 8, 'bad row', day(1), day(30)]]);
    expect(headerRow(await sheetOf(english.rawPayload))).toEqual([...Object.values(BONUS_LEAVE_IMPORT_COLUMNS), 'Error']);
  });

  it('an import error report’s Error column is in the importer’s language, each message of a row', async () => {
    const bad = [['nobody', 500, 'bad row', day(1), day(30)]];
    const errorCell = async (res: Awaited<ReturnType<typeof importBonus>>) => {
      expect(res.statusCode).toBe(400);
      const sheet = await sheetOf(res.rawPayload);
      return (sheet.getRow(2).values as unknown[])[headerRow(sheet).length];
    };
    expect(await errorCell(await importBonus(Object.values(BONUS_LEAVE_IMPORT_COLUMNS), bad, VI))).toBe(
      'Không tìm thấy nhân viên: nobody; Số giờ phép phải trong khoảng 0-200',
    );
    // The same file without Accept-Language: the spec's English texts.
    expect(await errorCell(await importBonus(Object.values(BONUS_LEAVE_IMPORT_COLUMNS_VI), bad))).toBe('Staff not found: nobody; Leave hour in range 0-200');
  });

  it('a missing column is named in the importer’s language', async () => {
    const res = await importBonus(Object.values(BONUS_LEAVE_IMPORT_COLUMNS).slice(0, 2), [['staff', 8]], VI);
    expect(res.statusCode).toBe(400);
    expect(readJson(res).message).toContain(BONUS_LEAVE_IMPORT_COLUMNS_VI.description);
  });
});
