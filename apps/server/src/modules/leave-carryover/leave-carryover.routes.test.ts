import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BEFORE_FINANCIAL_YEAR_PATH,
  LEAVE_CARRYOVER_IMPORT_COLUMNS as COLS,
  LEAVE_CARRYOVER_IMPORT_MAX_ROWS,
  LEAVE_CARRYOVER_MESSAGES as M,
  LEAVE_CARRYOVER_PATH,
  REMAIN_FINANCIAL_LEAVE_PATH,
} from '@tms/contracts/leave-carryover';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { queryRows } from '../../db/client.ts';
import { addDays } from '../../lib/dates.ts';
import { createTestApp, defaultTestNow, type TestApp } from '../../test/harness.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { fileUpload, insertFundRow, leaveApi, testDates, useFundHours, xlsxFile, type Json } from '../../test/leave-api.ts';

/**
 * Leave Carryover over HTTP (spec 000 §4, §5, §7; RULES.md §7) on the test clock: every date is relative to its today
 * and the financial year carried from is the one before, so the file passes on any day of the year.
 */

const BASE = `/api${LEAVE_CARRYOVER_PATH}`;
const NOW = defaultTestNow();
const { today, day } = testDates(NOW);
const FY = Number(today.slice(0, 4)) - 1;

let t: TestApp;
const { call, list, importFile } = leaveApi(() => t, BASE);

const form = (over: Json = {}) => ({ usernames: ['staff'], financialYear: FY, leaveHours: 4, description: 'Carried', applyDate: day(1), expireDate: day(90), ...over });

async function create(over: Json = {}): Promise<number[]> {
  const { status, body } = await call('hr', 'POST', '/create', form(over));
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

const rowOf = async (id: number) => (await list('hr')).data.find((r) => r.id === id);
const countRows = async () =>
  Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from leave_fund_rows where fund_type = 'reserve_leave' and deleted_at is null`))[0]!.n);

async function remaining(username: string, extra = ''): Promise<number> {
  const { status, body } = await call('hr', 'GET', `/api${REMAIN_FINANCIAL_LEAVE_PATH}?username=${username}&financialYear=${FY}${extra}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

/** A fund row with its GRANT ledger entry, as the accrual engine would have left it. */
const insertRow = (username: string, fundType: string, hours: number, applyDate: string, expireDate: string, financialYear: number | null = null) =>
  insertFundRow(t, { username, fundType, hours, applyDate, expireDate, financialYear });
const useHours = (id: number, username: string, hours: number, date = today) => useFundHours(t, id, username, hours, date);

/**
 * The previous financial year of a staff: default accrual and seniority rows expiring on 31 Dec, some hours used.
 * Unused = defaultHours + seniorityHours − usedHours.
 */
async function seedYear(username: string, defaultHours: number, seniorityHours: number, usedHours = 0) {
  const def = await insertRow(username, 'default_leave', defaultHours, `${FY}-06-25`, `${FY}-12-31`);
  if (seniorityHours > 0) await insertRow(username, 'seniority_leave', seniorityHours, `${FY}-06-25`, `${FY}-12-31`);
  if (usedHours > 0) await useHours(def, username, usedHours, `${FY}-08-10`);
}

const xlsx = (rows: (string | number | Date | null)[][], headers: string[] = Object.values(COLS)) => xlsxFile('Leave Carryover', headers, rows);
const upload = (content: Buffer, name = 'carryover.xlsx') => fileUpload('files', content, name);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  // staff: 40 + 4 − 8 = 36 unused; staff2: 30 unused; staff3: 12.75; staff4: 20; dl and gl: 16; pm and other: none.
  await seedYear('staff', 40, 4, 8);
  await seedYear('staff2', 30, 0);
  await seedYear('staff3', 12.75, 0);
  await seedYear('staff4', 20, 0);
  await seedYear('dl', 16, 0);
  await seedYear('gl', 16, 0);
});
afterAll(() => t.close());

describe('get-before-financial-year (spec 000 §7)', () => {
  it('answers the year before today to any signed-in user', async () => {
    expect((await call('staff', 'GET', `/api${BEFORE_FINANCIAL_YEAR_PATH}`)).body).toMatchObject({ code: 200, data: FY });
    expect((await call(null, 'GET', `/api${BEFORE_FINANCIAL_YEAR_PATH}`)).status).toBe(401);
  });

  it.each([
    ['2027-01-02T09:00:00+07:00', 2026],
    ['2026-12-31T23:00:00+07:00', 2025],
    // 31 Dec 20:00 UTC is already 1 Jan in the company's time zone.
    ['2026-12-31T20:00:00Z', 2026],
  ])('on %s it is %i', async (now, year) => {
    const other = await createTestApp({ now });
    try {
      const res = await other.app.inject({ method: 'GET', url: `/api${BEFORE_FINANCIAL_YEAR_PATH}`, headers: await other.as('hr') });
      expect(res.json()).toMatchObject({ code: 200, data: year });
    } finally {
      await other.close();
    }
  });
});

describe('remain-financial-leave (spec 000 §7, RULES.md §7)', () => {
  it('answers the unused default and seniority hours of the year', async () => {
    expect(await remaining('staff3')).toBe(12.75);
    expect(await remaining('pm')).toBe(0);
  });

  it('is for HR, HRM and Admin; refuses an unknown staff, a missing year and a row of someone else', async () => {
    for (const user of ['dl', 'gl', 'staff']) expect((await call(user, 'GET', `/api${REMAIN_FINANCIAL_LEAVE_PATH}?username=staff&financialYear=${FY}`)).status).toBe(403);
    expect((await call('hrm', 'GET', `/api${REMAIN_FINANCIAL_LEAVE_PATH}?username=staff&financialYear=${FY}`)).status).toBe(200);
    expect((await call('hr', 'GET', `/api${REMAIN_FINANCIAL_LEAVE_PATH}?username=nobody&financialYear=${FY}`)).body).toMatchObject({ code: 400, message: M.staffNotFound('nobody') });
    expect((await call('hr', 'GET', `/api${REMAIN_FINANCIAL_LEAVE_PATH}?username=staff`)).body).toMatchObject({ code: 400, message: M.financialYearRequired });
    expect((await call('hr', 'GET', `/api${REMAIN_FINANCIAL_LEAVE_PATH}?username=staff&financialYear=${FY}&id=999999`)).status).toBe(404);
  });
});

describe('access (spec 000 §2, §6)', () => {
  it('answers 401 without a session, 403 to staff and guests, lists to leads; only HR, HRM and Admin write', async () => {
    expect((await call(null, 'GET', '')).status).toBe(401);
    expect((await call('staff', 'GET', '')).status).toBe(403);
    expect((await call('guest', 'GET', '')).status).toBe(403);
    expect((await call('dl', 'GET', '')).status).toBe(200);
    expect((await call('gl', 'GET', '')).status).toBe(200);
    for (const user of ['dl', 'gl', 'staff', 'guest']) expect((await call(user, 'POST', '/create', form())).status).toBe(403);
    expect((await call('dl', 'GET', '/template')).status).toBe(403);
    expect((await call('gl', 'DELETE', '/delete/1')).status).toBe(403);
  });
});

describe('POST /create validation (spec 000 §5, exact texts)', () => {
  it.each<[string, Json, string]>([
    ['no staff', { usernames: [] }, M.staffRequired],
    ['staff missing', { usernames: undefined }, M.staffRequired],
    ['financial year missing', { financialYear: null }, M.financialYearRequired],
    ['another financial year', { financialYear: FY - 1 }, M.financialYearMismatch(FY)],
    ['financial year of another type', { financialYear: true }, M.financialYearInvalid],
    ['leave hours missing', { leaveHours: null }, M.leaveHoursRequired],
    ['leave hours empty', { leaveHours: '' }, M.leaveHoursRequired],
    ['leave hours not a number', { leaveHours: 'four' }, M.leaveHoursInvalid],
    ['leave hours of another type', { leaveHours: true }, M.leaveHoursInvalid],
    ['leave hours 0', { leaveHours: 0 }, M.leaveHoursRange('36')],
    ['leave hours not a step of 0.5', { leaveHours: 1.25 }, M.leaveHoursStep],
    ['note over 1000', { description: 'x'.repeat(1001) }, M.descriptionTooLong],
    ['apply date missing', { applyDate: '' }, M.applyDateRequired],
    ['expire date missing', { expireDate: undefined }, M.expireDateRequired],
    ['apply date in another format', { applyDate: '2026-12-01' }, M.invalidDate],
    ['apply after expire', { applyDate: day(10), expireDate: day(9) }, M.applyAfterExpire],
    ['expire before today', { applyDate: day(-3), expireDate: day(-1) }, M.expireBeforeToday],
  ])('%s', async (_name, over, message) => {
    const before = await countRows();
    const { status, body } = await call('hr', 'POST', '/create', form(over));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, message, data: null });
    expect(await countRows()).toBe(before);
  });

  it('writes nothing when one of the staff is unknown', async () => {
    const before = await countRows();
    const { status, body } = await call('hr', 'POST', '/create', form({ usernames: ['staff', 'nobody'] }));
    expect(status).toBe(400);
    expect(body.message).toBe(M.staffNotFound('nobody'));
    expect(await countRows()).toBe(before);
  });
});

describe('the cap (remain-financial-leave)', () => {
  it('within, exactly at, then above it with the message naming what is left; the cap follows each carryover', async () => {
    expect(await remaining('staff2')).toBe(30);
    const [first] = await create({ usernames: ['staff2'], leaveHours: 10.5 });
    expect(await remaining('staff2')).toBe(19.5);
    const above = await call('hr', 'POST', '/create', form({ usernames: ['staff2'], leaveHours: 20 }));
    expect(above.body).toMatchObject({ code: 400, message: M.leaveHoursRange('19.5') });
    await create({ usernames: ['staff2'], leaveHours: 19.5 });
    expect(await remaining('staff2')).toBe(0);
    expect((await call('hr', 'POST', '/create', form({ usernames: ['staff2'], leaveHours: 0.5 }))).body.message).toBe(M.leaveHoursRange('0'));

    // Editing counts the row's own hours as available: 10.5 may become at most 10.5 + 0.
    expect(await remaining('staff2', `&id=${first}`)).toBe(10.5);
    const raise = await call('hr', 'PUT', '/update', { ...form({ leaveHours: 11 }), id: first, version: 1 });
    expect(raise.body).toMatchObject({ code: 400, message: M.leaveHoursRange('10.5') });
    const lower = await call('hr', 'PUT', '/update', { ...form({ leaveHours: 6 }), id: first, version: 1 });
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
    expect(await remaining('staff2')).toBe(4.5);
    expect(await remaining('staff2', `&id=${first}`)).toBe(10.5);
    const back = await call('hr', 'PUT', '/update', { ...form({ leaveHours: 10.5 }), id: first, version: 2 });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  it('several staff: one row each, each within its own cap, or none', async () => {
    const before = await countRows();
    const refused = await call('hr', 'POST', '/create', form({ usernames: ['dl', 'staff3'], leaveHours: 13 }));
    expect(refused.body).toMatchObject({ code: 400, message: M.leaveHoursRange('12.75') });
    expect(await countRows()).toBe(before);
    const ids = await create({ usernames: ['dl', 'staff3', 'DL'], leaveHours: 12.5 });
    expect(ids).toHaveLength(2);
    expect(await remaining('dl')).toBe(3.5);
    expect(await remaining('staff3')).toBe(0.25);
  });

  it('two carryovers at once for one staff cannot both fit under the cap', async () => {
    const cap = await remaining('gl');
    const results = await Promise.all([1, 2, 3].map(() => call('hr', 'POST', '/create', form({ usernames: ['gl'], leaveHours: cap }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(await remaining('gl')).toBe(0);
  });
});

describe('create, list and history', () => {
  it('creates a reserve_leave row with a CARRYOVER ledger entry, the financial year and a CREATE history entry', async () => {
    const [id] = await create({ usernames: ['staff'], leaveHours: '8.5', description: 'From last year' });
    const row = await rowOf(id!);
    expect(row).toMatchObject({
      employeeId: t.fixture.employeeIds.staff,
      username: 'staff',
      fullName: 'Son Staff',
      division: 'Division One',
      department: 'Department One',
      financialYear: FY,
      leaveHours: 8.5,
      usedHours: 0,
      remainHours: 8.5,
      expiredHours: 0,
      description: 'From last year',
      applyDate: day(1),
      expireDate: day(90),
      applyDateFormat: day(1),
      expireDateFormat: day(90),
      createdBy: { name: 'Hoa Human', departmentName: 'Department Two' },
      version: 1,
      canEdit: true,
      canRemove: true,
      applyDateLocked: false,
      leaveHoursLocked: false,
    });
    const ledger = await queryRows<{ amount: string; cause: string; entry_date: string }>(
      t.db,
      sql`select amount::text, cause, entry_date::text from leave_ledger where fund_row_id = ${id} order by id`,
    );
    expect(ledger).toEqual([{ amount: '8.500', cause: 'CARRYOVER', entry_date: addDays(today, 1) }]);
    const history = (await call('hr', 'GET', `/history?id=${id}`)).body.data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'CREATE', createdBy: { username: 'hr', name: 'Hoa Human' } });
    expect(history[0].changes).toEqual([
      { field: 'username', oldValue: null, newValue: 'staff' },
      { field: 'financialYear', oldValue: null, newValue: FY },
      { field: 'leaveHours', oldValue: null, newValue: 8.5 },
      { field: 'applyDate', oldValue: null, newValue: day(1) },
      { field: 'expireDate', oldValue: null, newValue: day(90) },
      { field: 'description', oldValue: null, newValue: 'From last year' },
    ]);
  });

  it('settles the year end with the carryover: the carried hours leave the year as carryover:<fy>', async () => {
    const staff4 = t.fixture.employeeIds.staff4!;
    await create({ usernames: ['staff4'], leaveHours: 6 });
    const [moved] = await queryRows<{ carried: string | null }>(
      t.db,
      sql`select sum(amount)::text as carried from leave_ledger where employee_id = ${staff4} and cause = 'EXPIRE' and cause_ref = ${`carryover:${FY}`}`,
    );
    expect(Number(moved!.carried)).toBe(-6);
    expect(await remaining('staff4')).toBe(14);
  });

  it('accepts a single username and lists newest first (sort direction -1)', async () => {
    const [a] = await create({ usernames: undefined, username: 'staff', leaveHours: 1, description: 'single a' });
    const [b] = await create({ usernames: undefined, username: 'staff', leaveHours: 1, description: 'single b' });
    const newest = (await call('hr', 'GET', '?direction=-1&size=2')).body.data.map((r: Json) => r.id);
    expect(newest).toEqual([b, a]);
    const oldest = (await call('hr', 'GET', '?direction=1&size=500')).body.data.map((r: Json) => r.id);
    expect(oldest.indexOf(a)).toBeLessThan(oldest.indexOf(b));
  });

  it('shows leads the rows but no row actions', async () => {
    const rows = (await list('dl')).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => !r.canEdit && !r.canRemove)).toBe(true);
  });
});

describe('scope (RULES.md §3)', () => {
  const seenBy = async (user: string) => new Set((await list(user)).data.map((r) => r.username as string));

  it('shows a group lead their departments, a division lead their division, HR everyone; history is 404 outside', async () => {
    const all = await seenBy('hr');
    expect(all).toEqual(new Set(['staff', 'staff2', 'staff3', 'staff4', 'dl', 'gl']));
    expect(await seenBy('gl')).toEqual(new Set(['staff', 'staff2', 'gl']));
    expect(await seenBy('dl')).toEqual(new Set(['staff', 'staff2', 'gl', 'staff3', 'dl']));
    expect(await seenBy('other')).toEqual(new Set(['staff4']));
    const row = (await list('hr')).data.find((r) => r.username === 'staff4')!;
    expect((await call('gl', 'GET', `/history?id=${row.id}`)).status).toBe(403);
    expect((await call('hr', 'GET', '/history?id=999999')).status).toBe(404);
  });

  it('filters by staff, division, department and date ranges', async () => {
    const e = t.fixture.employeeIds;
    const users = async (query: string) => new Set((await list('hr', query)).data.map((r) => r.username as string));
    expect(await users(`&employee=${e.staff3},${e.staff4}`)).toEqual(new Set(['staff3', 'staff4']));
    expect(await users(`&division=${t.fixture.divisions.div2}`)).toEqual(new Set(['staff4']));
    expect(await users(`&department=${t.fixture.departments.dep2}`)).toEqual(new Set(['staff3', 'dl']));
    expect((await list('hr', `&applyFromDate=${day(2)}`)).data).toHaveLength(0);
    expect((await list('hr', `&expireFromDate=${day(90)}&expireToDate=${day(90)}`)).page.total_element).toBe(await countRows());
    expect((await call('hr', 'GET', '?applyFromDate=2026-01-01')).body).toMatchObject({ code: 400, message: M.invalidDate });
  });
});

describe('PUT /update and DELETE (spec 000 §4)', () => {
  it('edits hours, dates and note; UPDATE history lists old and new values; a stale version is 409', async () => {
    const [id] = await create({ usernames: ['staff'], leaveHours: 2, description: 'Before' });
    const { status, body } = await call('hrm', 'PUT', '/update', { ...form({ leaveHours: 3, expireDate: day(120), description: 'After' }), id, version: 1, username: 'staff4' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ code: 200, message: M.updated, data: { id, version: 2 } });
    expect(await rowOf(id!)).toMatchObject({ username: 'staff', leaveHours: 3, expireDate: day(120), description: 'After', version: 2, modifiedBy: { name: 'Hung Manager' } });
    const history = (await call('hr', 'GET', `/history?id=${id}`)).body.data;
    expect(history.map((h: Json) => h.action)).toEqual(['UPDATE', 'CREATE']);
    expect(history[0].changes).toEqual([
      { field: 'leaveHours', oldValue: 2, newValue: 3 },
      { field: 'expireDate', oldValue: day(90), newValue: day(120) },
      { field: 'description', oldValue: 'Before', newValue: 'After' },
    ]);
    expect((await call('hr', 'PUT', '/update', { ...form({ leaveHours: 2 }), id, version: 1 })).status).toBe(409);
    expect((await call('hr', 'PUT', '/update', { ...form(), id })).body.message).toBe(M.versionRequired);
    expect((await call('hr', 'PUT', '/update', { ...form(), id: 999999, version: 1 })).status).toBe(404);
  });

  it('keeps the financial year of the row', async () => {
    const [id] = await create({ usernames: ['staff'], leaveHours: 1 });
    const res = await call('hr', 'PUT', '/update', { ...form({ leaveHours: 1, financialYear: FY + 1 }), id, version: 1 });
    expect(res.body).toMatchObject({ code: 400, message: M.financialYearMismatch(FY) });
  });

  it('an expired row neither edits nor goes; its remaining hours show as expired', async () => {
    const id = await insertRow('staff', 'reserve_leave', 3, addDays(today, -40), addDays(today, -1), FY);
    expect((await call('hr', 'PUT', '/update', { ...form(), id, version: 1 })).body).toMatchObject({ code: 409, message: M.expired });
    expect((await call('hr', 'DELETE', `/delete/${id}`)).body).toMatchObject({ code: 409, message: M.notRemovable });
    expect(await rowOf(id)).toMatchObject({ remainHours: 0, expiredHours: 3, canEdit: false, canRemove: false });
  });

  it('a used row: not removable, hours never below used, apply date locked once applied', async () => {
    const [id] = await create({ usernames: ['staff'], leaveHours: 4, applyDate: day(0) });
    await useHours(id!, 'staff', 1.5);
    expect(await rowOf(id!)).toMatchObject({ usedHours: 1.5, remainHours: 2.5, canEdit: true, canRemove: false, applyDateLocked: true });
    expect((await call('hr', 'DELETE', `/delete/${id}`)).body).toMatchObject({ code: 409, message: M.notRemovable });
    const base = { ...form({ leaveHours: 4, applyDate: day(0) }), id, version: 1 };
    expect((await call('hr', 'PUT', '/update', { ...base, leaveHours: 1 })).body).toMatchObject({ code: 400, message: M.leaveHoursBelowUsed('1.50') });
    expect((await call('hr', 'PUT', '/update', { ...base, applyDate: day(1) })).body).toMatchObject({ code: 400, message: M.lockedApplyDate });
    expect((await call('hr', 'PUT', '/update', { ...base, leaveHours: 2, expireDate: day(30) })).status).toBe(200);
  });

  it('removes an unused row: REMOVE ledger entry, DELETE history, the cap given back; a second remove is 404', async () => {
    const before = await remaining('staff');
    const [id] = await create({ usernames: ['staff'], leaveHours: 2 });
    expect(await remaining('staff')).toBe(before - 2);
    expect((await call('hr', 'DELETE', `/delete/${id}?version=5`)).status).toBe(409);
    const { status, body } = await call('admin', 'DELETE', `/delete/${id}?version=1`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, message: M.deleted, data: { id } });
    expect(await rowOf(id!)).toBeUndefined();
    expect(await remaining('staff')).toBe(before);
    const ledger = await queryRows<{ amount: string; cause: string }>(t.db, sql`select amount::text, cause from leave_ledger where fund_row_id = ${id} order by id`);
    expect(ledger).toEqual([
      { amount: '2.000', cause: 'CARRYOVER' },
      { amount: '-2.000', cause: 'REMOVE' },
    ]);
    expect((await call('hr', 'GET', `/history?id=${id}`)).body.data.map((h: Json) => h.action)).toEqual(['DELETE', 'CREATE']);
    expect((await call('admin', 'DELETE', `/delete/${id}`)).status).toBe(404);
  });
});

describe('import (RULES.md §1: all or nothing)', () => {
  it('downloads the template LeaveCarryover.xlsx with its columns and an example for the preset year', async () => {
    const { status, res } = await call('hr', 'GET', '/template');
    expect(status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('LeaveCarryover.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(Object.values(COLS));
    expect(sheet.getRow(2).getCell(2).value).toBe(FY);
  });

  it('adds every row of a good file, the rows of one staff adding up within the cap', async () => {
    const cap = await remaining('staff');
    const before = await countRows();
    const file = await xlsx([
      ['staff', FY, 1, 'import one', new Date(`${addDays(today, 2)}T00:00:00Z`), day(30)],
      ['staff', String(FY), '1.5', null, day(3), day(40)],
    ]);
    const res = await importFile(upload(file));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.code).toBe('200');
    expect(res.json()).toMatchObject({ code: 200, message: M.imported, data: { count: 2 } });
    expect(await countRows()).toBe(before + 2);
    expect(await remaining('staff')).toBe(cap - 2.5);
  });

  it('answers an error report naming each problem and writes nothing when one row is bad', async () => {
    const cap = await remaining('staff');
    const before = await countRows();
    const file = await xlsx([
      ['staff', FY, cap - 1, 'fine alone', day(1), day(30)],
      ['staff', FY, 1.5, 'together too much', day(1), day(30)],
      ['nobody', FY, 1, null, day(1), day(30)],
      ['staff4', FY - 1, 1.25, null, day(1), day(30)],
    ]);
    const res = await importFile(upload(file));
    expect(res.statusCode).toBe(400);
    expect(res.headers.code).toBe('400');
    expect(res.headers['content-disposition']).toContain('LeaveCarryoverResult.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    const errorCol = (sheet.getRow(1).values as unknown[]).slice(1).indexOf('Error') + 1;
    expect(errorCol).toBeGreaterThan(0);
    const errorOf = (row: number) => String(sheet.getRow(row).getCell(errorCol).value ?? '');
    expect(errorOf(2)).toBe('');
    expect(errorOf(3)).toContain(M.leaveHoursRange('1'));
    expect(errorOf(4)).toContain(M.staffNotFound('nobody'));
    expect(errorOf(5)).toContain(M.financialYearMismatch(FY));
    expect(errorOf(5)).toContain(M.leaveHoursStep);
    expect(await countRows()).toBe(before);
    expect(await remaining('staff')).toBe(cap);
  });

  it('imports the maximum of 5,000 rows set-based, adding up to exactly the cap', async () => {
    await seedYear('pm', 2500, 0);
    const before = await countRows();
    const rows = Array.from({ length: LEAVE_CARRYOVER_IMPORT_MAX_ROWS }, (_, i) => ['pm', FY, 0.5, `bulk ${i}`, day(5), day(50)]);
    const ok = await importFile(upload(await xlsx(rows)));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ count: LEAVE_CARRYOVER_IMPORT_MAX_ROWS });
    expect(await countRows()).toBe(before + LEAVE_CARRYOVER_IMPORT_MAX_ROWS);
    expect(await remaining('pm')).toBe(0);
  });

  it('refuses a missing file, a wrong extension, missing columns, and non-writers', async () => {
    const empty = new FormData();
    empty.append('note', 'x');
    expect((await importFile(empty)).json().message).toBe(MESSAGES_COMMON.fileRequired);
    expect((await importFile(upload(Buffer.from('a,b\n'), 'carryover.csv'))).statusCode).toBe(415);
    const noColumns = await importFile(upload(await xlsx([['staff', 8]], ['Username', 'Leave Hours'])));
    expect(noColumns.json()).toMatchObject({ code: 400, message: M.importMissingColumn(COLS.financialYear) });
    expect((await importFile(upload(await xlsx([])), 'dl')).statusCode).toBe(403);
  });
});

describe('lock date (RULES.md §4)', () => {
  let lockedId: number;
  beforeAll(async () => {
    lockedId = await insertRow('staff', 'reserve_leave', 2, addDays(today, -5), addDays(today, 30), FY);
    await approvePeriodEnding(t.db, t.fixture.companyId, addDays(today, -30), addDays(today, -1));
  });

  it('refuses a carryover applied on or before the end of the most recent approved timesheet', async () => {
    expect((await call('hr', 'POST', '/create', form({ applyDate: day(-1), leaveHours: 0.5 }))).body).toMatchObject({ code: 400, message: M.applyDateLocked(day(-1)) });
    expect((await call('hr', 'POST', '/create', form({ applyDate: day(0), leaveHours: 0.5 }))).status).toBe(200);
  });

  it('keeps the apply date and hours of a row in an approved period; it cannot be removed', async () => {
    expect(await rowOf(lockedId)).toMatchObject({ canEdit: true, canRemove: false, applyDateLocked: true, leaveHoursLocked: true });
    const base = { ...form({ leaveHours: 2, applyDate: day(-5), expireDate: day(30) }), id: lockedId, version: 1 };
    expect((await call('hr', 'PUT', '/update', { ...base, applyDate: day(1) })).body).toMatchObject({ code: 400, message: M.lockedApplyDate });
    expect((await call('hr', 'PUT', '/update', { ...base, leaveHours: 1 })).body).toMatchObject({ code: 400, message: M.lockedLeaveHours });
    expect((await call('hr', 'PUT', '/update', { ...base, expireDate: day(45), description: 'Extended' })).status).toBe(200);
    expect((await call('hr', 'DELETE', `/delete/${lockedId}`)).body).toMatchObject({ code: 409, message: M.lockedRemove });
  });
});
