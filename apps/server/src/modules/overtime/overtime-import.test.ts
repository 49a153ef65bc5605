import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERTIME_MESSAGES } from '@tms/contracts/overtime';
import { OVERTIME_IMPORT_COLUMNS as C, OVERTIME_IMPORT_PATH, OVERTIME_IMPORT_TEMPLATE_FILE, OVERTIME_IMPORT_TEMPLATE_PATH, OVERTIME_LIST_MESSAGES as M } from '@tms/contracts/overtime-list';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { fileUpload, xlsxFile } from '../../test/leave-api.ts';
import { insertOvertime, overtimeApp, type Json } from './overtime-list.test-support.ts';

/**
 * Import Overtime (spec 001 §2.4, §6, §7.3; RULES.md §1): template, all or nothing with the xlsx error report,
 * grouping into IMPORT fixed requests approved by the importer, history, the lock date, overlaps with OT filed in the
 * app, and `type=overwrite`. Clock pinned: Thursday 05/11/2026, lock date 25/10/2026.
 */
const HEADERS = [C.username, C.projectCode, C.otDate, C.start, C.end, C.otType, C.title, C.description];
let t: TestApp & { p2: number };

async function upload(rows: (string | number | Date | null)[][], opts: { user?: string; overwrite?: boolean; headers?: string[] } = {}) {
  const file = await xlsxFile('Overtime', opts.headers ?? HEADERS, rows);
  return t.app.inject({
    method: 'POST',
    url: `/api${OVERTIME_IMPORT_PATH}${opts.overwrite ? '?type=overwrite' : ''}`,
    headers: await t.as(opts.user ?? 'hr'),
    payload: fileUpload('file', file, 'overtime.xlsx') as never,
  });
}
async function reportErrors(res: { rawPayload: Buffer }): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const col = header.indexOf('Error') + 1;
  const out: string[] = [];
  for (let i = 2; i <= sheet.rowCount; i++) out.push(String(sheet.getRow(i).getCell(col).value ?? ''));
  return out;
}
const imported = async () =>
  queryRows<Json>(
    t.db,
    sql`select o.id, o.title, o.kind, o.source, o.ot_date::text as ot_date, o.ot_type, o.date_type, o.description,
               to_char(o.start_at at time zone 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD HH24:MI') as s, to_char(o.end_at at time zone 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD HH24:MI') as e,
               (select json_agg(json_build_object('u', em.user_name, 'status', st.status, 'by', st.decided_by_user_id) order by em.user_name)
                  from overtime_request_staff st join employees em on em.id = st.employee_id where st.overtime_request_id = o.id) as staff
          from overtime_requests o where o.source = 'IMPORT' order by o.id`,
  );
const count = async () => Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from overtime_requests`))[0]!.n);

beforeAll(async () => {
  t = await overtimeApp();
}, 120_000);
afterAll(async () => t?.close());

describe('template', () => {
  it('has the import columns (ADMIN, HRM, HR)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api${OVERTIME_IMPORT_TEMPLATE_PATH}`, headers: await t.as('hrm') });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(OVERTIME_IMPORT_TEMPLATE_FILE);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect((await t.app.inject({ method: 'GET', url: `/api${OVERTIME_IMPORT_TEMPLATE_PATH}`, headers: await t.as('staff') })).statusCode).toBe(403);
  });
});

describe('all or nothing (RULES.md §1)', () => {
  it('a file with any bad row writes nothing and answers the error report naming each problem', async () => {
    const before = await count();
    const res = await upload([
      ['staff', 'P1', '09/11/2026', '18:00', '21:00', 'OT_AT_OFFICE', 'Release', null],
      ['nobody', 'P9', '31/02/2026', '25:00', '21:00', 'NIGHT', '', null],
      ['staff2', 'P2', '20/10/2026', '18:00', '18:00', 'OT_AT_OFFICE', 'Locked', null],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.headers.code).toBe('400');
    const errors = await reportErrors(res);
    expect(errors[0]).toBe('');
    expect(errors[1]!.split('; ')).toEqual([
      M.importUsernameUnknown('nobody'),
      M.importProjectUnknown('P9'),
      M.importDateInvalid,
      M.importTimeInvalid(C.start),
      M.importTypeInvalid,
      OVERTIME_MESSAGES.titleRequired,
    ]);
    expect(errors[2]!.split('; ')).toEqual([OVERTIME_MESSAGES.dateLocked, OVERTIME_MESSAGES.endAfterStart]);
    expect(await count()).toBe(before);
  });

  it('a missing column is a 400 before any row', async () => {
    const res = await upload([['staff']], { headers: [C.username] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.importMissingColumn(C.projectCode));
  });

  it('only ADMIN, HRM, HR import', async () => {
    expect((await upload([], { user: 'staff' })).statusCode).toBe(403);
    expect((await upload([], { user: 'gl' })).statusCode).toBe(403);
  });
});

describe('a good file', () => {
  it('groups rows into IMPORT fixed requests approved by the importer, across midnight, with history', async () => {
    const res = await upload([
      ['staff', 'P1', '09/11/2026', '18:00', '21:00', 'OT_AT_OFFICE', 'Release', 'Go live'],
      ['staff4', 'P1', '09/11/2026', '18:00', '21:00', 'OT_AT_OFFICE', 'Release', null],
      ['staff2', 'p2', '10/11/2026', '22:00', '02:00', 'WORK_OUTSIDE', 'Migration', null],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.code).toBe('200');
    expect(res.json()).toEqual({ code: 200, message: OVERTIME_MESSAGES.importSuccess, messageKey: 'overtime.importSuccess', params: {}, data: { count: 3, limits: [] } });
    const rows = await imported();
    const hr = t.fixture.userIds.hr;
    expect(rows).toMatchObject([
      { title: 'Release', kind: 'FIXED', source: 'IMPORT', ot_date: '2026-11-09', ot_type: 'OT_AT_OFFICE', date_type: 'WORKDAY', description: 'Go live', s: '2026-11-09 18:00', e: '2026-11-09 21:00',
        staff: [{ u: 'staff', status: 3, by: hr }, { u: 'staff4', status: 3, by: hr }] },
      { title: 'Migration', ot_date: '2026-11-10', s: '2026-11-10 22:00', e: '2026-11-11 02:00', staff: [{ u: 'staff2', status: 3, by: hr }] },
    ]);
    const history = await queryRows<Json>(t.db, sql`select action from history where table_name = 'overtime_requests' and record_id = ${rows[0]!.id}`);
    expect(history).toEqual([{ action: 'CREATE' }]);
    // They show in the list as done.
    const list = await t.app.inject({ method: 'GET', url: '/api/tms/overtime-request?keyword=release', headers: await t.as('hr') });
    expect(list.json().data[0]).toMatchObject({ source: 'IMPORT', tag: { text: '2/2 DONE' } });
  });

  it('refuses overlaps inside the file and with OT filed in the app; without overwrite also with imported OT', async () => {
    await insertOvertime(t, { kind: 'FIXED', title: 'Filed', projectId: t.fixture.projectId, date: '2026-11-12', creator: 'staff', assignee: 'pm', staff: [{ username: 'staff' }] });
    const res = await upload([
      ['staff', 'P1', '12/11/2026', '20:00', '22:00', 'OT_AT_OFFICE', 'Clash form', null],
      ['staff3', 'P2', '13/11/2026', '18:00', '21:00', 'OT_AT_OFFICE', 'A', null],
      ['staff3', 'P2', '13/11/2026', '20:00', '23:00', 'OT_AT_OFFICE', 'B', null],
      ['staff4', 'P1', '09/11/2026', '20:00', '22:00', 'OT_AT_OFFICE', 'Clash import', null],
    ]);
    expect(res.statusCode).toBe(400);
    expect(await reportErrors(res)).toEqual([M.importOverlapsForm, M.importOverlapsFile, M.importOverlapsFile, M.importOverlapsImport]);
  });

  it('type=overwrite replaces the overlapping imported OT of the same staff; a request left empty goes', async () => {
    const before = await imported();
    const res = await upload(
      [
        ['staff4', 'P1', '09/11/2026', '19:00', '22:00', 'OT_AT_OFFICE', 'Release v2', null],
        ['staff2', 'P2', '10/11/2026', '23:00', '03:00', 'WORK_OUTSIDE', 'Migration v2', null],
      ],
      { overwrite: true },
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await imported();
    const release = after.find((r) => r.id === before[0]!.id)!;
    expect(release.staff).toEqual([{ u: 'staff', status: 3, by: t.fixture.userIds.hr }]);
    expect(after.find((r) => r.id === before[1]!.id)).toBeUndefined();
    expect(after.map((r) => r.title)).toEqual(['Release', 'Release v2', 'Migration v2']);
    const actions = async (id: number) =>
      (await queryRows<Json>(t.db, sql`select action from history where table_name = 'overtime_requests' and record_id = ${id} order by id`)).map((h) => h.action);
    expect(await actions(before[0]!.id)).toEqual(['CREATE', 'UPDATE']);
    expect(await actions(before[1]!.id)).toEqual(['CREATE', 'DELETE']);
  });
});

describe('overtime limits (issue 27 §2)', () => {
  it('imported hours over a limit are kept and named as a warning', async () => {
    const limit = await t.app.inject({
      method: 'POST',
      url: '/api/payroll/config-table/update',
      headers: await t.as('hr'),
      payload: [{ table_code: 'overtime_limits', table_config: [{ key: 'month_hours', value: 2 }] }],
    });
    expect(limit.statusCode).toBe(200);
    const res = await upload([['staff2', 'P1', '27/11/2026', '18:00', '21:00', 'OT_AT_OFFICE', 'Limits', null]]);
    expect(res.statusCode, res.body).toBe(200);
    const warned = (res.json().data.limits as Json[]).find((u) => u.user_name === 'staff2')!;
    expect(warned.month).toMatchObject({ limit: 2 });
    expect(warned.month.after).toBeGreaterThan(2);
    expect(warned.over[0].limit).toBe('month');
  });
});
