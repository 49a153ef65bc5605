import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REQUEST_IMPORT_MESSAGES as IM,
  REQUEST_IMPORT_REVOKE_PATH,
  REQUEST_IMPORT_REVOKE_TEMPLATE_FILE,
  REQUEST_IMPORT_TIME_OFF_PATH,
  REQUEST_IMPORT_TIME_OFF_TEMPLATE_FILE,
  REVOKE_IMPORT_COLUMNS as RC,
  TIME_OFF_IMPORT_COLUMNS as TC,
} from '@tms/contracts/request-list';
import { REQUEST_MESSAGES, REQUEST_RULE_MESSAGES } from '@tms/contracts/requests';
import { queryRows } from '../../db/client.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { fileUpload, insertFundRow, xlsxFile } from '../../test/leave-api.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';

/** Monday 23/11/2026; lock date 25/10/2026. */
const NOW = '2026-11-23T10:00:00+07:00';
const TIME_OFF_HEADERS = [TC.username, TC.reasonCode, TC.date, TC.duration, TC.hours, TC.description];
const REVOKE_HEADERS = [RC.username, RC.date, RC.reasonCode];

let t: TestApp;

async function post(path: string, rows: (string | number | null)[][], headers: string[], user = 'hr') {
  const file = await xlsxFile('Requests', headers, rows);
  return t.app.inject({ method: 'POST', url: `/api${path}`, headers: await t.as(user), payload: fileUpload('file', file, 'requests.xlsx') as never });
}
const importTimeOff = (rows: (string | number | null)[][], user = 'hr') => post(REQUEST_IMPORT_TIME_OFF_PATH, rows, TIME_OFF_HEADERS, user);
const importRevoke = (rows: (string | number | null)[][], user = 'hr') => post(REQUEST_IMPORT_REVOKE_PATH, rows, REVOKE_HEADERS, user);

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
const requestCount = async () => Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from requests`))[0]!.n);
const statusOf = async (username: string, date: string) =>
  (
    await queryRows<{ id: number; status: number }>(
      t.db,
      sql`select r.id, r.status from requests r join request_dates d on d.request_id = r.id where d.employee_id = ${t.fixture.employeeIds[username]!} and d.date = ${date} order by r.id`,
    )
  ).map((r) => Number(r.status));
const balance = async (username: string) =>
  Number((await queryRows<{ n: string }>(t.db, sql`select coalesce(sum(amount), 0)::text as n from leave_ledger where employee_id = ${t.fixture.employeeIds[username]!}`))[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await approvePeriodEnding(t.db, t.fixture.companyId, '2026-09-26', '2026-10-25');
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await insertFundRow(t, { username: 'staff', fundType: 'prioritize_leave', hours: 16, applyDate: '2026-01-01', expireDate: '2026-12-31' });
});
afterAll(async () => t?.close());

describe('templates', () => {
  it('each import has a template with its columns (ADMIN, HRM, HR)', async () => {
    for (const [path, file, headers] of [
      [REQUEST_IMPORT_TIME_OFF_PATH, REQUEST_IMPORT_TIME_OFF_TEMPLATE_FILE, TIME_OFF_HEADERS],
      [REQUEST_IMPORT_REVOKE_PATH, REQUEST_IMPORT_REVOKE_TEMPLATE_FILE, REVOKE_HEADERS],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api${path}/template`, headers: await t.as('hrm') });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-disposition'])).toContain(file);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...headers]);
    }
  });
});

describe('Import Request TimeOff', () => {
  it('creates APPROVED requests (full day or hours) and draws annual leave; header code 200 with the count', async () => {
    const res = await importTimeOff([
      ['staff2', 'UNPAID_LEAVE', '26/11/2026', 'FULL_DAY', null, 'moving house'],
      ['STAFF3', 'unpaid_leave', '27/11/2026', null, 2, null],
      ['staff', 'ANN_LEAVE_CORP', '30/11/2026', 'MORNING', null, null],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.code).toBe('200');
    expect(res.json()).toMatchObject({ code: 200, message: REQUEST_MESSAGES.imported, data: { count: 3 } });
    expect(await statusOf('staff2', '2026-11-26')).toEqual([3]);
    expect(await statusOf('staff3', '2026-11-27')).toEqual([3]);
    const [minutes] = await queryRows<{ minutes: number }>(t.db, sql`select d.minutes from request_dates d where d.employee_id = ${t.fixture.employeeIds.staff3!} and d.date = '2026-11-27'`);
    expect(Number(minutes!.minutes)).toBe(120);
    expect(await balance('staff')).toBe(12);
  });

  it('any bad row: nothing is written; header code 400 and an error report naming each problem', async () => {
    const before = await requestCount();
    const res = await importTimeOff([
      ['staff2', 'UNPAID_LEAVE', '01/12/2026', 'FULL_DAY', null, null],
      ['nobody', 'UNPAID_LEAVE', '01/12/2026', 'FULL_DAY', null, null],
      ['staff2', 'NOPE', '02/12/2026', 'FULL_DAY', null, null],
      ['staff2', 'LATE_TRAFFIC', '03/12/2026', 'FULL_DAY', null, null],
      ['staff2', 'UNPAID_LEAVE', '31/02/2026', 'FULL_DAY', null, null],
      ['staff2', 'UNPAID_LEAVE', '04/12/2026', 'EVENING', null, null],
      ['staff2', 'UNPAID_LEAVE', '07/12/2026', 'FULL_DAY', 2, null],
      ['staff2', 'UNPAID_LEAVE', '01/12/2026', 'MORNING', null, null],
      ['', 'UNPAID_LEAVE', '', '', null, null],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.headers.code).toBe('400');
    const errors = await reportErrors(res);
    expect(errors).toEqual([
      '',
      IM.usernameUnknown,
      IM.reasonUnknown,
      IM.reasonNotTimeOff,
      IM.dateInvalid,
      IM.durationInvalid,
      IM.durationOrHours,
      IM.duplicateRow,
      [IM.usernameRequired, IM.dateRequired, IM.durationOrHours].join('; '),
    ]);
    expect(await requestCount()).toBe(before);
  });

  it('rows the write side refuses (locked date, no balance, weekend, overlap) roll the whole file back', async () => {
    const before = await requestCount();
    const beforeBalance = await balance('staff');
    const res = await importTimeOff([
      ['staff', 'ANN_LEAVE_CORP', '01/12/2026', 'FULL_DAY', null, null],
      ['staff4', 'UNPAID_LEAVE', '20/10/2026', 'FULL_DAY', null, null],
      ['staff4', 'ANN_LEAVE_CORP', '02/12/2026', 'FULL_DAY', null, null],
      ['staff4', 'UNPAID_LEAVE', '28/11/2026', 'FULL_DAY', null, null],
      ['staff2', 'UNPAID_LEAVE', '26/11/2026', 'MORNING', null, null],
    ]);
    expect(res.statusCode).toBe(400);
    const errors = await reportErrors(res);
    expect(errors[0]).toBe('');
    expect(errors[1]).toBe(REQUEST_RULE_MESSAGES.locked);
    expect(errors[2]).not.toBe('');
    expect(errors[3]).not.toBe('');
    expect(errors[4]).toBe(REQUEST_RULE_MESSAGES.overlapping);
    expect(await requestCount()).toBe(before);
    expect(await balance('staff')).toBe(beforeBalance);
  });

  it('missing columns, no rows, a wrong file type', async () => {
    const noCol = await post(REQUEST_IMPORT_TIME_OFF_PATH, [['staff', '26/11/2026']], [TC.username, TC.date]);
    expect(noCol.statusCode).toBe(400);
    expect(noCol.json().message).toBe(IM.missingColumn(TC.reasonCode));
    const empty = await importTimeOff([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(IM.noRows);
    const wrong = await t.app.inject({ method: 'POST', url: `/api${REQUEST_IMPORT_TIME_OFF_PATH}`, headers: await t.as('hr'), payload: fileUpload('file', Buffer.from('%PDF-1.4'), 'x.pdf') as never });
    expect(wrong.statusCode).toBe(415);
  });

  it('only ADMIN, HRM, HR import', async () => {
    for (const user of ['staff', 'gl', 'dl', 'guest']) expect((await importTimeOff([['staff', 'UNPAID_LEAVE', '08/12/2026', 'FULL_DAY', null, null]], user)).statusCode).toBe(403);
  });
});

describe('Import Request TimeOff Revoke', () => {
  it('a row without a matching approved request: nothing is withdrawn, error report', async () => {
    const res = await importRevoke([
      ['staff2', '26/11/2026', 'UNPAID_LEAVE'],
      ['staff2', '27/11/2026', 'UNPAID_LEAVE'],
      ['staff3', '27/11/2026', 'ANN_LEAVE_CORP'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(await reportErrors(res)).toEqual(['', IM.noApprovedRequest, IM.noApprovedRequest]);
    expect(await statusOf('staff2', '2026-11-26')).toEqual([3]);
  });

  it('one bad row among good ones: nothing is written (no status change, no leave returned, no history)', async () => {
    const counts = async () =>
      (
        await queryRows<{ returns: number; history: number }>(
          t.db,
          sql`select (select count(*)::int from leave_ledger where cause = 'RETURN') as returns,
                     (select count(*)::int from history where table_name = 'requests' and action = 'STATUS') as history`,
        )
      )[0]!;
    const before = await counts();
    const beforeBalance = await balance('staff');
    const res = await importRevoke([
      ['staff2', '26/11/2026', 'UNPAID_LEAVE'],
      ['staff', '30/11/2026', 'ANN_LEAVE_CORP'],
      ['staff3', '30/11/2026', 'UNPAID_LEAVE'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(await reportErrors(res)).toEqual(['', '', IM.noApprovedRequest]);
    expect(await statusOf('staff2', '2026-11-26')).toEqual([3]);
    expect(await statusOf('staff', '2026-11-30')).toEqual([3]);
    expect(await balance('staff')).toBe(beforeBalance);
    expect(await counts()).toEqual(before);
  });

  it('only ADMIN, HRM, HR withdraw through the import path (the owner rule is bypassed for them only)', async () => {
    const { withdrawByImporter } = await import('./request-status.service.ts');
    const staff = { userId: 0, username: 'staff', employeeId: t.fixture.employeeIds.staff!, actors: ['STAFF'] as const };
    await expect(t.db.transaction((tx) => withdrawByImporter({ clock: t.clock, tx }, staff as never, { id: 1, reason: 'x' }))).rejects.toMatchObject({ statusCode: 403 });
  });

  it('withdraws the matching approved requests and returns the leave; header code 200 with the count', async () => {
    const res = await importRevoke([
      ['staff2', '26/11/2026', 'UNPAID_LEAVE'],
      ['staff', '30/11/2026', 'ANN_LEAVE_CORP'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, message: REQUEST_MESSAGES.importedRevoke, data: { count: 2 } });
    expect(await statusOf('staff2', '2026-11-26')).toEqual([5]);
    expect(await statusOf('staff', '2026-11-30')).toEqual([5]);
    expect(await balance('staff')).toBe(16);
    const [returned] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from leave_ledger where cause = 'RETURN' and employee_id = ${t.fixture.employeeIds.staff!}`);
    expect(Number(returned!.n)).toBeGreaterThan(0);
    const [h] = await queryRows<{ created_by_username: string }>(
      t.db,
      sql`select h.created_by_username from history h join request_dates d on d.request_id = h.record_id
           where h.table_name = 'requests' and h.action = 'STATUS' and d.employee_id = ${t.fixture.employeeIds.staff2!} and d.date = '2026-11-26'`,
    );
    expect(h!.created_by_username).toBe('hr');
    // a second revoke of the same row finds nothing approved any more
    expect((await importRevoke([['staff2', '26/11/2026', 'UNPAID_LEAVE']])).statusCode).toBe(400);
  });
});
