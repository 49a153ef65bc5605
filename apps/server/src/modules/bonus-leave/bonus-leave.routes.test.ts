import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_LEAVE_IMPORT_COLUMNS as COLS, BONUS_LEAVE_IMPORT_MAX_ROWS, BONUS_LEAVE_MESSAGES as M, BONUS_LEAVE_PATH } from '@tms/contracts/bonus-leave';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { queryRows } from '../../db/client.ts';
import { addDays } from '../../lib/dates.ts';
import { createTestApp, defaultTestNow, type TestApp } from '../../test/harness.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { fileUpload, insertFundRow, leaveApi, testDates, useFundHours, xlsxFile, type Json } from '../../test/leave-api.ts';

const BASE = `/api${BONUS_LEAVE_PATH}`;

let t: TestApp;
/** The harness runs with the default configuration; its company time zone decides today (RULES.md §1). */
/** Today of the test clock (TEST_NOW in the six-date run): the dates here are relative to it. */
const NOW = defaultTestNow();
/** `today` and DD/MM/YYYY `day(n)` from it in the company time zone. */
const { today, day } = testDates(NOW);
const { call, list, importFile } = leaveApi(() => t, BASE);

const form = (over: Json = {}) => ({ usernames: ['staff'], leaveHour: 8, description: 'Release bonus', applyDate: day(1), expireDate: day(60), ...over });

async function create(over: Json = {}): Promise<number[]> {
  const { status, body } = await call('hr', 'POST', '/create', form(over));
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

const rowOf = async (id: number) => (await list('hr')).data.find((r) => r.id === id);
const countRows = async () =>
  Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from leave_fund_rows where fund_type = 'prioritize_leave'`))[0]!.n);

/** A row as if granted earlier (its dates may be in the past), with its GRANT ledger entry. */
const insertRow = (username: string, hours: number, applyDate: string, expireDate: string) =>
  insertFundRow(t, { username, fundType: 'prioritize_leave', hours, applyDate, expireDate });
const useHours = (id: number, username: string, hours: number) => useFundHours(t, id, username, hours, today);
const xlsx = (rows: (string | number | Date | null)[][], headers: string[] = Object.values(COLS)) => xlsxFile('Bonus Leave', headers, rows);
const upload = (content: Buffer, name = 'bonus.xlsx') => fileUpload('file', content, name);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(() => t.close());

describe('access (spec 000 §2, §6)', () => {
  it('answers 401 without a session, 403 to staff and guests, lists to leads', async () => {
    expect((await call(null, 'GET', '')).status).toBe(401);
    expect((await call('staff', 'GET', '')).status).toBe(403);
    expect((await call('guest', 'GET', '')).status).toBe(403);
    expect((await call('dl', 'GET', '')).status).toBe(200);
    expect((await call('gl', 'GET', '')).status).toBe(200);
  });
  it('lets only HR, HRM and Admin write', async () => {
    for (const user of ['dl', 'gl', 'staff', 'guest']) expect((await call(user, 'POST', '/create', form())).status).toBe(403);
    expect((await call('dl', 'GET', '/template')).status).toBe(403);
    expect((await call('gl', 'DELETE', '/delete/1')).status).toBe(403);
    expect((await call('hrm', 'POST', '/create', form({ usernames: ['staff2'] }))).status).toBe(200);
    expect((await call('admin', 'POST', '/create', form({ usernames: ['staff2'] }))).status).toBe(200);
  });
});

describe('POST /create validation (spec 000 §5, exact texts)', () => {
  it.each<[string, Json, string]>([
    ['no staff', { usernames: [] }, M.staffRequired],
    ['staff missing', { usernames: undefined }, M.staffRequired],
    ['blank staff', { usernames: [' '] }, M.staffRequired],
    ['leave hour missing', { leaveHour: null }, M.leaveHourRequired],
    ['leave hour empty', { leaveHour: '' }, M.leaveHourRequired],
    ['leave hour not a number', { leaveHour: 'eight' }, M.leaveHourInvalid],
    ['leave hour of another type', { leaveHour: true }, M.leaveHourInvalid],
    ['leave hour 0', { leaveHour: 0 }, M.leaveHourRange],
    ['leave hour 200.5', { leaveHour: 200.5 }, M.leaveHourRange],
    ['leave hour 3 decimals', { leaveHour: 1.125 }, M.leaveHourDecimals],
    ['apply date missing', { applyDate: '' }, M.applyDateRequired],
    ['expire date missing', { expireDate: undefined }, M.expireDateRequired],
    ['apply date in another format', { applyDate: '2026-12-01' }, M.invalidDate],
    ['expire date not a calendar date', { expireDate: '30/02/2027' }, M.invalidDate],
    ['apply after expire', { applyDate: day(10), expireDate: day(9) }, M.applyAfterExpire],
    ['expire before today', { applyDate: day(-3), expireDate: day(-1) }, M.expireBeforeToday],
    ['description over 1000', { description: 'x'.repeat(1001) }, M.descriptionTooLong],
  ])('%s', async (_name, over, message) => {
    const before = await countRows();
    const { status, body } = await call('hr', 'POST', '/create', form(over));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, message, data: null });
    expect(body.messages[0]).toBe(message);
    expect(await countRows()).toBe(before);
  });

  it('reports every failing rule in `messages`, the first in `message`', async () => {
    const { body } = await call('hr', 'POST', '/create', form({ usernames: [], leaveHour: 500, description: 'x'.repeat(1001) }));
    expect(body.message).toBe(M.staffRequired);
    expect(body.messages).toEqual([M.staffRequired, M.leaveHourRange, M.descriptionTooLong]);
  });

  it('writes nothing when one of the staff is unknown', async () => {
    const before = await countRows();
    const { status, body } = await call('hr', 'POST', '/create', form({ usernames: ['staff', 'nobody'] }));
    expect(status).toBe(400);
    expect(body.message).toBe(M.staffNotFound('nobody'));
    expect(await countRows()).toBe(before);
  });
});

describe('create and list', () => {
  it('creates one row per staff (duplicates collapsed) with the creator from the session', async () => {
    const { status, body } = await call('hr', 'POST', '/create', {
      ...form({ usernames: ['staff', 'staff3', 'STAFF'], leaveHour: '12.5', description: 'Two staff' }),
      createBy: t.fixture.userIds.admin,
      modifiedBy: t.fixture.userIds.admin,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, message: M.created });
    expect(body.data).toHaveLength(2);

    const rows = (await list('hr')).data.filter((r) => body.data.includes(r.id));
    expect(rows.map((r) => r.employee.user_name).sort()).toEqual(['staff', 'staff3']);
    const staff3 = rows.find((r) => r.employee.user_name === 'staff3')!;
    expect(staff3).toMatchObject({
      employeeId: t.fixture.employeeIds.staff3,
      employee: { name: 'Sinh Third', user_name: 'staff3', role: 'STAFF', department_name: { name: 'Department Two' }, division_name: { name: 'Division One' } },
      leaveHour: 12.5,
      usedHours: 0,
      remainHours: 12.5,
      expiredHours: 0,
      description: 'Two staff',
      applyDate: day(1),
      expireDate: day(60),
      createdBy: { name: 'Hoa Human', departmentName: 'Department Two' },
      modifiedBy: { name: 'Hoa Human', departmentName: 'Department Two' },
      version: 1,
      canEdit: true,
      canRemove: true,
    });
    expect(new Date(staff3.createdDate).toISOString()).toBe(staff3.createdDate);

    const ledger = await queryRows<{ amount: string; cause: string; entry_date: string }>(
      t.db,
      sql`select amount::text, cause, entry_date::text from leave_ledger where fund_row_id = ${staff3.id}`,
    );
    expect(ledger).toEqual([{ amount: '12.500', cause: 'GRANT', entry_date: addDays(today, 1) }]);
    const history = await call('hr', 'GET', `/history?id=${staff3.id}`);
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({ action: 'CREATE', createdBy: { username: 'hr', name: 'Hoa Human' } });
    expect(history.body.data[0].changes).toContainEqual({ field: 'leaveHour', oldValue: null, newValue: 12.5 });
  });

  it('shows leads the rows but no row actions', async () => {
    const rows = (await list('dl')).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => !r.canEdit && !r.canRemove)).toBe(true);
  });
});

describe('scope (RULES.md §3)', () => {
  beforeAll(async () => {
    await create({ usernames: ['staff', 'staff3', 'staff4', 'dl', 'gl'], leaveHour: 4 });
  });
  const employeesSeenBy = async (user: string) => new Set((await list(user)).data.map((r) => r.employee.user_name as string));

  it('shows a group lead the departments they lead, a division lead their division, HR everyone', async () => {
    expect(await employeesSeenBy('gl')).toEqual(new Set(['staff', 'staff2', 'gl']));
    expect(await employeesSeenBy('dl')).toEqual(new Set(['staff', 'staff2', 'gl', 'staff3', 'dl']));
    expect(await employeesSeenBy('other')).toEqual(new Set(['staff4']));
    expect(await employeesSeenBy('hr')).toEqual(new Set(['staff', 'staff2', 'gl', 'staff3', 'dl', 'staff4']));
  });

  it('keeps history to HR, HRM and Admin (spec 000 §4), and answers 404 for an unknown row', async () => {
    const row = (await list('hr')).data.find((r) => r.employee.user_name === 'staff4')!;
    expect((await call('gl', 'GET', `/history?id=${row.id}`)).status).toBe(403);
    expect((await call('other', 'GET', `/history?id=${row.id}`)).status).toBe(403);
    expect((await call('hrm', 'GET', `/history?id=${row.id}`)).status).toBe(200);
    expect((await call('hr', 'GET', '/history?id=999999')).status).toBe(404);
  });
});

describe('PUT /update', () => {
  it('edits hours, dates and description; history lists UPDATE (newest first) then CREATE with old and new values', async () => {
    const [id] = await create({ usernames: ['staff2'], leaveHour: 8, description: 'Before' });
    const update = { id, version: 1, username: 'staff', employeeId: t.fixture.employeeIds.staff, leaveHour: 10.25, applyDate: day(1), expireDate: day(90), description: 'After' };
    const { status, body } = await call('hrm', 'PUT', '/update', update);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ code: 200, message: M.updated, data: { id, version: 2 } });

    const row = await rowOf(id!);
    expect(row).toMatchObject({ employee: { user_name: 'staff2' }, leaveHour: 10.25, remainHours: 10.25, expireDate: day(90), description: 'After', version: 2 });
    expect(row!.modifiedBy).toEqual({ name: 'Hung Manager', departmentName: 'Department Two' });

    const history = (await call('hr', 'GET', `/history?id=${id}`)).body.data;
    expect(history.map((h: Json) => h.action)).toEqual(['UPDATE', 'CREATE']);
    expect(history[0].changes).toEqual([
      { field: 'leaveHour', oldValue: 8, newValue: 10.25 },
      { field: 'expireDate', oldValue: day(60), newValue: day(90) },
      { field: 'description', oldValue: 'Before', newValue: 'After' },
    ]);
    expect(history[0].createdBy).toEqual({ username: 'hrm', name: 'Hung Manager' });

    const ledger = await queryRows<{ amount: string; cause: string }>(t.db, sql`select amount::text, cause from leave_ledger where fund_row_id = ${id} order by id`);
    expect(ledger).toEqual([
      { amount: '8.000', cause: 'GRANT' },
      { amount: '2.250', cause: 'ADJUST' },
    ]);
  });

  it('answers 409 to a stale version and leaves the row as it was', async () => {
    const [id] = await create({ usernames: ['staff2'] });
    expect((await call('hr', 'PUT', '/update', { ...form(), id, version: 1, leaveHour: 9 })).status).toBe(200);
    const stale = await call('hr', 'PUT', '/update', { ...form(), id, version: 1, leaveHour: 11 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(409);
    expect((await rowOf(id!))!.leaveHour).toBe(9);
  });

  it('answers 409 for an expired row and 404 for an unknown one', async () => {
    const id = await insertRow('staff2', 8, addDays(today, -40), addDays(today, -1));
    const res = await call('hr', 'PUT', '/update', { ...form(), id, version: 1 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.expired);
    expect(await rowOf(id)).toMatchObject({ usedHours: 0, remainHours: 0, expiredHours: 8, canEdit: false, canRemove: false });
    expect((await call('hr', 'PUT', '/update', { ...form(), id: 999999, version: 1 })).status).toBe(404);
  });

  it('refuses hours below those already used', async () => {
    const [id] = await create({ usernames: ['staff2'], leaveHour: 8 });
    await useHours(id!, 'staff2', 3.5);
    const res = await call('hr', 'PUT', '/update', { ...form(), id, version: 1, leaveHour: 3 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.leaveHourBelowUsed('3.50'));
    expect(await rowOf(id!)).toMatchObject({ usedHours: 3.5, remainHours: 4.5, canEdit: true, canRemove: false });
  });

  it('validates the body like create', async () => {
    const [id] = await create({ usernames: ['staff2'] });
    const res = await call('hr', 'PUT', '/update', { ...form(), id, version: 1, leaveHour: 0.001 });
    expect(res.body).toMatchObject({ code: 400, message: M.leaveHourDecimals });
    expect((await call('hr', 'PUT', '/update', { ...form(), id })).body.message).toBe(M.versionRequired);
  });
});

describe('DELETE /delete/:id', () => {
  it('removes an unused row: gone from the list, REMOVE ledger entry, DELETE history; a second remove is 404', async () => {
    const [id] = await create({ usernames: ['staff2'], leaveHour: 6 });
    const { status, body } = await call('admin', 'DELETE', `/delete/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, message: M.deleted, data: { id } });
    expect(await rowOf(id!)).toBeUndefined();
    const ledger = await queryRows<{ amount: string; cause: string }>(t.db, sql`select amount::text, cause from leave_ledger where fund_row_id = ${id} order by id`);
    expect(ledger).toEqual([
      { amount: '6.000', cause: 'GRANT' },
      { amount: '-6.000', cause: 'REMOVE' },
    ]);
    expect((await call('hr', 'GET', `/history?id=${id}`)).body.data.map((h: Json) => h.action)).toEqual(['DELETE', 'CREATE']);
    expect((await call('admin', 'DELETE', `/delete/${id}`)).status).toBe(404);
    expect((await call('hr', 'PUT', '/update', { ...form(), id, version: 2 })).status).toBe(404);
  });

  it('answers 409 for a used or expired row, and for a stale version', async () => {
    const [used] = await create({ usernames: ['staff2'] });
    await useHours(used!, 'staff2', 1);
    expect((await call('hr', 'DELETE', `/delete/${used}`)).body).toMatchObject({ code: 409, message: M.notRemovable });
    const expired = await insertRow('staff2', 8, addDays(today, -40), addDays(today, -1));
    expect((await call('hr', 'DELETE', `/delete/${expired}`)).body).toMatchObject({ code: 409, message: M.notRemovable });
    const [fresh] = await create({ usernames: ['staff2'] });
    expect((await call('hr', 'DELETE', `/delete/${fresh}?version=7`)).status).toBe(409);
    expect((await call('hr', 'DELETE', `/delete/${fresh}?version=1`)).status).toBe(200);
  });
});

describe('filters, sort and paging', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const [a] = await create({ usernames: ['staff'], leaveHour: 1, applyDate: day(100), expireDate: day(200), description: 'filter-a' });
    const [b] = await create({ usernames: ['staff3'], leaveHour: 2, applyDate: day(110), expireDate: day(210), description: 'filter-b' });
    const [c] = await create({ usernames: ['staff4'], leaveHour: 3, applyDate: day(120), expireDate: day(220), description: 'filter-c' });
    ids = { a: a!, b: b!, c: c! };
  });
  const idsOf = async (query: string) => (await list('hr', query)).data.map((r) => r.id);
  const only = (found: number[]) => found.filter((id) => Object.values(ids).includes(id));

  it('filters by staff, division and department (comma-separated ids)', async () => {
    const e = t.fixture.employeeIds;
    expect(only(await idsOf(`&employee=${e.staff},${e.staff4}`)).sort()).toEqual([ids.a, ids.c].sort());
    expect(only(await idsOf(`&division=${t.fixture.divisions.div1}`)).sort()).toEqual([ids.a, ids.b].sort());
    expect(only(await idsOf(`&department=${t.fixture.departments.dep3}`))).toEqual([ids.c]);
    expect(only(await idsOf(`&division=${t.fixture.divisions.div1}&department=${t.fixture.departments.dep2}`))).toEqual([ids.b]);
  });

  it('filters by apply and expire date ranges, inclusive', async () => {
    expect(await idsOf(`&applyFromDate=${day(100)}&applyToDate=${day(110)}`)).toEqual([ids.b, ids.a]);
    expect(await idsOf(`&expireFromDate=${day(210)}&expireToDate=${day(300)}`)).toEqual([ids.c, ids.b]);
    expect(await idsOf(`&applyFromDate=${day(105)}&expireToDate=${day(215)}`)).toEqual([ids.b]);
  });

  it('refuses an invalid date or id list', async () => {
    expect((await call('hr', 'GET', '?applyFromDate=2026-01-01')).body).toMatchObject({ code: 400, message: M.invalidDate });
    expect((await call('hr', 'GET', '?expireToDate=32/01/2027')).body).toMatchObject({ code: 400, message: M.invalidDate });
    expect((await call('hr', 'GET', '?employee=1,x')).body).toMatchObject({ code: 400, message: M.invalidIds });
    expect((await call('hr', 'GET', '?applyFromDate=&employee=')).status).toBe(200);
  });

  it('sorts by an allow-listed field and pages with the total', async () => {
    const range = `&applyFromDate=${day(100)}&applyToDate=${day(120)}`;
    expect(await idsOf(`${range}&sort=leaveHour&direction=asc`)).toEqual([ids.a, ids.b, ids.c]);
    expect(await idsOf(`${range}&sort=name&direction=asc`)).toEqual([ids.c, ids.b, ids.a]); // Sau, Sinh, Son
    const page2 = await call('hr', 'GET', `?page=2&size=2${range}&sort=expireDate&direction=desc`);
    expect(page2.body.page).toEqual({ page: 2, size: 2, total_element: 3 });
    expect(page2.body.data.map((r: Json) => r.id)).toEqual([ids.a]);
    expect((await call('hr', 'GET', '?sort=password')).status).toBe(400);
    const defaults = await call('hr', 'GET', '');
    expect(defaults.body.page).toMatchObject({ page: 1, size: 10 });
  });
});

describe('import (RULES.md §1: all or nothing)', () => {
  it('downloads the template', async () => {
    const { status, res } = await call('hr', 'GET', '/template');
    expect(status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('BonusLeaveTemplate.xlsx');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(Object.values(COLS));
    expect(sheet.rowCount).toBe(2);
  });

  it('the template example row imports as it stands', async () => {
    const template = await call('hr', 'GET', '/template');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.res.rawPayload as never);
    workbook.worksheets[0]!.getCell('A2').value = 'staff';
    const res = await importFile(upload(Buffer.from(await workbook.xlsx.writeBuffer())));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('adds every row of a good file (dates as Date cells or text, hours as numbers or text)', async () => {
    const before = await countRows();
    const apply = new Date(`${addDays(today, 2)}T00:00:00Z`);
    const file = await xlsx([
      ['staff', 8, 'Imported one', apply, day(30)],
      ['staff3', '4.5', null, day(3), new Date(`${addDays(today, 40)}T00:00:00Z`)],
    ]);
    const res = await importFile(upload(file));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.code).toBe('200');
    expect(res.json()).toMatchObject({ code: 200, message: M.imported, data: { count: 2 } });
    expect(await countRows()).toBe(before + 2);
    const imported = (await list('hr')).data.filter((r) => r.description === 'Imported one' || (r.employee.user_name === 'staff3' && r.leaveHour === 4.5));
    expect(imported.map((r) => [r.employee.user_name, r.leaveHour, r.applyDate, r.expireDate]).sort()).toEqual(
      [
        ['staff', 8, day(2), day(30)],
        ['staff3', 4.5, day(3), day(40)],
      ].sort(),
    );
  });

  it('answers an error report naming each problem and writes nothing when one row is bad', async () => {
    const before = await countRows();
    const file = await xlsx([
      ['staff', 8, 'fine', day(1), day(30)],
      ['nobody', 250, null, day(1), day(30)],
      ['staff3', 2, null, 'soon', day(30)],
    ]);
    const res = await importFile(upload(file));
    expect(res.statusCode).toBe(400);
    expect(res.headers.code).toBe('400');
    expect(res.headers['content-disposition']).toContain('BonusLeaveResult.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const errorCol = header.indexOf('Error') + 1;
    expect(errorCol).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(errorCol).value ?? '').toBe('');
    expect(String(sheet.getRow(3).getCell(errorCol).value)).toContain(M.staffNotFound('nobody'));
    expect(String(sheet.getRow(3).getCell(errorCol).value)).toContain(M.leaveHourRange);
    expect(String(sheet.getRow(4).getCell(errorCol).value)).toContain(M.invalidDate);
    expect(await countRows()).toBe(before);
  });

  it('imports the maximum of 5,000 rows set-based, and refuses 5,001', async () => {
    const before = await countRows();
    const rows = Array.from({ length: BONUS_LEAVE_IMPORT_MAX_ROWS }, (_, i) => ['staff4', (i % 200) + 1, `bulk ${i}`, day(5), day(50)]);
    const ok = await importFile(upload(await xlsx(rows)));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ count: BONUS_LEAVE_IMPORT_MAX_ROWS });
    expect(await countRows()).toBe(before + BONUS_LEAVE_IMPORT_MAX_ROWS);
    const [counts] = await queryRows<{ ledger: number; history: number }>(
      t.db,
      sql`select (select count(*)::int from leave_ledger l join leave_fund_rows f on f.id = l.fund_row_id where f.description like 'bulk %') as ledger,
                 (select count(*)::int from history h join leave_fund_rows f on f.id = h.record_id
                   where h.table_name = 'leave_fund_rows' and f.description like 'bulk %') as history`,
    );
    expect(counts).toEqual({ ledger: BONUS_LEAVE_IMPORT_MAX_ROWS, history: BONUS_LEAVE_IMPORT_MAX_ROWS });

    const tooMany = await importFile(upload(await xlsx([...rows, rows[0]!])));
    expect(tooMany.statusCode).toBe(400);
    expect(await countRows()).toBe(before + BONUS_LEAVE_IMPORT_MAX_ROWS);
  });

  it('refuses a missing file, a wrong extension, a file without the template columns, and non-writers', async () => {
    const empty = new FormData();
    empty.append('note', 'x');
    const missing = await importFile(empty);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES_COMMON.fileRequired);
    const wrong = await importFile(upload(Buffer.from('a,b\n'), 'bonus.csv'));
    expect(wrong.statusCode).toBe(415);
    const noColumns = await importFile(upload(await xlsx([['staff', 8]], ['Username', 'Leave Hour'])));
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toBe(M.importMissingColumn(COLS.description));
    expect((await importFile(upload(await xlsx([])), 'dl')).statusCode).toBe(403);
  });
});

describe('lock date (RULES.md §4)', () => {
  let lockedId: number;
  beforeAll(async () => {
    // A grant applied before the period that is then approved.
    lockedId = await insertRow('staff2', 8, addDays(today, -5), addDays(today, 30));
    await approvePeriodEnding(t.db, t.fixture.companyId, addDays(today, -30), addDays(today, -1));
  });

  it('refuses a new grant applied on or before the end of the most recent approved timesheet', async () => {
    const res = await call('hr', 'POST', '/create', form({ applyDate: day(-1) }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.applyDateLocked(day(-1)));
    expect((await call('hr', 'POST', '/create', form({ applyDate: day(0) }))).status).toBe(200);
  });

  it('keeps the apply date and hours of a locked row; its expiry and description still change', async () => {
    const base = { id: lockedId, version: 1, leaveHour: 8, applyDate: day(-5), expireDate: day(30), description: null };
    expect((await call('hr', 'PUT', '/update', { ...base, applyDate: day(1) })).body).toMatchObject({ code: 400, message: M.lockedApplyDate });
    expect((await call('hr', 'PUT', '/update', { ...base, leaveHour: 9 })).body).toMatchObject({ code: 400, message: M.lockedLeaveHour });
    const ok = await call('hr', 'PUT', '/update', { ...base, expireDate: day(45), description: 'Extended' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await rowOf(lockedId)).toMatchObject({ expireDate: day(45), canEdit: true, canRemove: false });
  });

  it('does not remove a row applied in an approved period', async () => {
    expect((await call('hr', 'DELETE', `/delete/${lockedId}`)).body).toMatchObject({ code: 409, message: M.lockedRemove });
  });
});
