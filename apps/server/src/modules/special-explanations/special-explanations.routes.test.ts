import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIAL_EXPLANATION_MESSAGES as M } from '@tms/contracts/special-explanation';
import { queryRows } from '../../db/client.ts';
import { recalculateEmployeeDays } from '../timesheet/recalculate.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { readJson, type Json } from '../../test/json-body.ts';

/** Pinned: Wednesday 18 March 2026, 10:00 in the company zone; the lock date is 28 Feb 2026. */
const NOW = '2026-03-18T10:00:00+07:00';
const URL = '/api/tms/explanations-special';

let t: TestApp;
const id = (u: string) => t.fixture.employeeIds[u]!;

async function call(user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: await t.as(user), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: readJson(res) };
}

const base = (over: Json = {}) => ({
  requestReason: 'EXPLANATION_REQUEST',
  type: 'NOT_ENOUGH_WORKING_HOURS',
  description: 'Client meeting',
  listEmployee: [id('staff')],
  date: '16/03/2026',
  ccMail: [id('gl')],
  time: 1.5,
  ...over,
});

async function multipart(user: string, fileName: string, content: Buffer) {
  const boundary = '----special';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${URL}/import-excel`,
    headers: { ...(await t.as(user)), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  return res;
}

const dayOf = async (u: string, date: string) =>
  (await queryRows<{ value: string | null; early_minutes: number }>(t.db, sql`select value::text as value, early_minutes from timesheet_days where employee_id = ${id(u)} and date = ${date}`))[0];

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00', minutes: 480 });
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date)
    select e.id, 'HCM', 'DAY', 3, 1, 1, 15, 'OT_FIXED', '2020-01-06', '9999-12-30' from employees e`);
  const c = t.fixture.companyId;
  await t.db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
    values (${c}, 'T02', '2026-02-01', '2026-02-28', 20, 4), (${c}, 'T03', '2026-03-01', '2026-03-31', 22, 0)`);
});
afterAll(() => t.close());

describe('create (spec 001 §5.3)', () => {
  it('HR creates one row per staff with history, and the list shows them', async () => {
    const res = await call('hr', 'POST', URL, base({ listEmployee: [id('staff2'), id('staff3'), id('staff2')], date: '2026-03-10', time: '2.25' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.ids).toHaveLength(2);
    const hist = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from history where table_name = 'special_explanations' and action = 'CREATE' and record_id = any(${`{${res.body.data.ids.join(',')}}`}::int[])`,
    );
    expect(hist[0]!.n).toBe(2);

    const list = await call('admin', 'GET', `${URL}?fromDate=10/03/2026&toDate=10/03/2026`);
    expect(list.status).toBe(200);
    expect(list.body.page.total_element).toBe(2);
    expect(list.body.data[0]).toMatchObject({ date: '10/03/2026', time: 2.25, type: 'NOT_ENOUGH_WORKING_HOURS', createBy: 'hr', createByName: 'Hoa Human', canEdit: true });
    expect(list.body.data[0].ccMailInfor).toEqual([{ employeeId: id('gl'), username: 'gl' }]);
    const byStaff = await call('hrm', 'GET', `${URL}?employee=${id('staff3')}`);
    expect(byStaff.body.data.map((r: Json) => r.employeeId)).toEqual([id('staff3')]);
    // A mail to each staff, the CC list in copy (outbox: no SMTP in tests).
    const mails = await queryRows<{ to: string; cc: string | null; subject: string }>(t.db, sql`select "to", cc, subject from mail_outbox where subject like 'Special explanation%' order by "to"`);
    expect(mails).toEqual([
      { to: 'staff2@cglobal.test', cc: 'gl@cglobal.test', subject: 'Special explanation recorded: 10/03/2026' },
      { to: 'staff3@cglobal.test', cc: 'gl@cglobal.test', subject: 'Special explanation recorded: 10/03/2026' },
    ]);
  });

  it.each([
    [{ requestReason: '' }, M.requestRequired],
    [{ type: null }, M.reasonRequired],
    [{ type: 'NOPE' }, M.reasonRequired],
    [{ listEmployee: [] }, M.staffRequired],
    [{ date: '' }, M.dateRequired],
    [{ time: '' }, M.timeRequired],
    [{ time: 0 }, M.timeRange],
    [{ time: 24.01 }, M.timeRange],
    [{ time: 1.234 }, M.timeDecimals],
    [{ description: 'x'.repeat(1001) }, M.descriptionTooLong],
    [{ date: '14/03/2026' }, M.weekend],
    [{ date: '27/02/2026' }, M.dateLocked('28/02/2026')],
  ])('refuses %j with its message', async (over, message) => {
    const res = await call('hr', 'POST', URL, base(over));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('accepts 24 hours exactly and a 1000-character description', async () => {
    const res = await call('hrm', 'POST', URL, base({ time: 24, description: 'y'.repeat(1000), date: '02/03/2026', listEmployee: [id('pm')] }));
    expect(res.status).toBe(200);
  });

  it('ADMIN reads but may not create or edit (403 with the spec text); staff gets 403', async () => {
    const admin = await call('admin', 'POST', URL, base());
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe(M.noPermission);
    const edit = await call('admin', 'PUT', URL, { ...base(), id: 1, version: 1 });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(M.noPermission);
    expect((await call('staff', 'GET', URL)).status).toBe(403);
  });
});

describe('timesheet effect (RULES.md §4: a special explanation covers its hours)', () => {
  it('a day with a 90-minute early leave gets value 1 after a 1.5 h special explanation', async () => {
    const date = '2026-03-16';
    await t.db.execute(sql`
      insert into punches (system, attendance_check_id, employee_id, punched_at, source)
      values ('TEST', 'staff', ${id('staff')}, '2026-03-16T08:25:00+07:00', 'test'), ('TEST', 'staff', ${id('staff')}, '2026-03-16T16:00:00+07:00', 'test')`);
    await recalculateEmployeeDays(t.db, [{ employeeId: id('staff'), date }], { timeZone: t.clock.timeZone, now: t.clock.now() });
    const before = await dayOf('staff', date);
    expect(before!.early_minutes).toBe(90);
    expect(Number(before!.value)).toBeLessThan(1);

    const res = await call('hr', 'POST', URL, base({ date: '16/03/2026', time: 1.5 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Number((await dayOf('staff', date))!.value)).toBe(1);
  });
});

describe('edit', () => {
  it('edits with the version, writes history, refuses a stale version with 409 and recalculates', async () => {
    const created = await call('hr', 'POST', URL, base({ listEmployee: [id('staff4')], date: '11/03/2026', time: 1 }));
    const rowId = created.body.data.ids[0];
    const res = await call('hrm', 'PUT', URL, { ...base(), id: rowId, version: 1, date: '12/03/2026', time: 3, ccMail: [] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: rowId, version: 2 });
    const stale = await call('hr', 'PUT', URL, { ...base(), id: rowId, version: 1 });
    expect(stale.status).toBe(409);
    const [h] = await queryRows<{ changes: { field: string }[] }>(t.db, sql`select changes from history where table_name = 'special_explanations' and record_id = ${rowId} and action = 'UPDATE'`);
    expect(h!.changes.map((c) => c.field).sort()).toEqual(['ccMail', 'date', 'time']);
    // Both the old and the new date were recomputed after the commit (the engine writes a row for each working day).
    const days = await queryRows<{ date: string }>(t.db, sql`select date::text as date from timesheet_days where employee_id = ${id('staff4')} and date in ('2026-03-11', '2026-03-12') order by date`);
    expect(days.map((d) => d.date)).toEqual(['2026-03-11', '2026-03-12']);
    expect((await call('hr', 'PUT', URL, { ...base(), id: 999999, version: 1 })).status).toBe(404);
  });

  it('refuses an edit of a row on or before the lock date', async () => {
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into special_explanations (employee_id, date, type, time_hours) values (${id('staff')}, '2026-02-20', 'NOT_ENOUGH_WORKING_HOURS', 1) returning id`,
    );
    const res = await call('hr', 'PUT', URL, { ...base(), id: row!.id, version: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.rowLocked);
    const list = await call('hr', 'GET', `${URL}?fromDate=20/02/2026&toDate=20/02/2026`);
    expect(list.body.data[0].canEdit).toBe(false);
  });
});

describe('import (all or nothing)', () => {
  const header = 'Username,Date (DD/MM/YYYY),Request Type,Reason Type,Time (hours),Description,"CC (usernames, comma separated)"';

  it('imports a CSV and answers header code 200', async () => {
    const csv = `${header}\nstaff2,17/03/2026,EXPLANATION_REQUEST,LATE_TRAFFIC,0.5,"Rain, heavy",gl\nstaff3,17/03/2026,EXPLANATION_REQUEST,LATE_TRAFFIC,1,,\n`;
    const res = await multipart('hr', 'special.csv', Buffer.from(csv));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.code).toBe('200');
    expect(res.headers.message).toBe(M.imported);
    expect(res.json().data.count).toBe(2);
    const list = await call('hr', 'GET', `${URL}?fromDate=17/03/2026&toDate=17/03/2026`);
    expect(list.body.data.find((r: Json) => r.userName === 'staff2')).toMatchObject({ description: 'Rain, heavy', time: 0.5 });
  });

  it('writes nothing when a row fails, and sends the error report', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    ws.addRow(['Username', 'Date (DD/MM/YYYY)', 'Request Type', 'Reason Type', 'Time (hours)', 'Description', 'CC (usernames, comma separated)']);
    ws.addRow(['staff4', '19/03/2026', 'EXPLANATION_REQUEST', 'LATE_TRAFFIC', 1, 'ok', '']);
    ws.addRow(['nobody', '21/03/2026', 'EXPLANATION_REQUEST', 'LATE_TRAFFIC', 30, '', '']);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await multipart('hr', 'special.xlsx', buffer);
    expect(res.statusCode).toBe(400);
    expect(res.headers.code).toBe('400');
    const report = new ExcelJS.Workbook();
    await report.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const errors = report.worksheets[0]!.getColumn(8).values.slice(2).map(String);
    expect(errors[0]).toBe('');
    expect(errors[1]).toContain(M.staffNotFound('nobody'));
    expect(errors[1]).toContain(M.weekend);
    expect(errors[1]).toContain(M.timeRange);
    const [n] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from special_explanations where date = '2026-03-19'`);
    expect(n!.n).toBe(0);
  });

  it('refuses a missing file and another type; ADMIN may not import', async () => {
    expect((await multipart('hr', 'x.pdf', Buffer.from('%PDF-1.4'))).statusCode).toBe(415);
    const admin = await multipart('admin', 'special.csv', Buffer.from(header));
    expect(admin.statusCode).toBe(403);
  });

  it('downloads the template', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${URL}/download-template`, headers: await t.as('admin') });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).getCell(1).value).toBe('Username');
  });
});

describe('reasons lookup', () => {
  it('lists reason types for any signed-in user, filtered by request type', async () => {
    const res = await call('staff', 'GET', '/api/tms/filters/reason-types?requestType=EXPLANATION_REQUEST');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((r: Json) => r.request_type === 'EXPLANATION_REQUEST')).toBe(true);
    expect(res.body.data[0]).toHaveProperty('reason_type_code');
    expect(res.body.data[0]).toHaveProperty('reasons');
  });
});
