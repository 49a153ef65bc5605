import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_CHECK_CONFIG_PATH } from '@tms/contracts/attendance-check-config';
import { CONNECTION_HISTORIES_PATH, LOG_LISTS_PATH, MAIL_OUTBOX_PATH, LOGS_MESSAGES } from '@tms/contracts/logs';
import { logConnectionError } from '../../lib/connection-history.ts';
import { recordHistory } from '../../lib/history.ts';
import { sendMail } from '../../lib/mail.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readJson, type Json } from '../../test/json-body.ts';

const NOW = '2026-11-23T10:00:00+07:00';

let t: TestApp;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function call(user: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const headers = user ? await t.as(user) : {};
  const res = await t.app.inject({ method, url, headers, payload: payload as Json });
  return { status: res.statusCode, body: readJson(res) };
}
const logs = (query = '', user = 'hr') => call(user, 'GET', `/api${LOG_LISTS_PATH}${query}`);
const hrAuthor = () => ({ userId: t.fixture.userIds.hr!, username: 'hr', name: 'Hoa Human' });

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  // An attendance-check mapping made and changed through its screen (employee master data).
  const created = await call('hr', 'POST', `/api${ATTENDANCE_CHECK_CONFIG_PATH}`, {
    employee_id: id('staff'),
    attendance_check_id: 'LOG-1',
    attendance_check_system: 'SPEEDGATE',
    start_date: '2026-11-01',
    end_date: '9999-12-30',
  });
  expect(created.status).toBe(200);
  const updated = await call('admin', 'PUT', `/api${ATTENDANCE_CHECK_CONFIG_PATH}`, {
    id: created.body.data.id,
    version: 1,
    employee_id: id('staff'),
    attendance_check_id: 'LOG-1',
    attendance_check_system: 'SPEEDGATE',
    start_date: '2026-11-01',
    end_date: '2026-12-31',
    position: 'Tester',
  });
  expect(updated.status).toBe(200);
  // A timesheet edit as Modify Cell writes it, and an entry of a table the Logs page does not list.
  await recordHistory(t.db, {
    tableName: 'timesheet_days',
    recordId: 77,
    employeeId: id('staff2'),
    action: 'UPDATE',
    changes: [{ field: 'value', oldValue: 0.5, newValue: 1 }],
    newRecord: { employee_id: id('staff2'), date: '2026-11-18', value: 1, comment: 'fix', type: 'CELL' },
    by: hrAuthor(),
  });
  await recordHistory(t.db, { tableName: 'requests', recordId: 5, employeeId: id('staff'), action: 'CREATE', changes: [{ field: 'status', oldValue: null, newValue: 1 }], newRecord: null, by: hrAuthor() });
  // An old entry, for the date filter.
  await t.db.execute(sql`
    insert into history (table_name, record_id, employee_id, action, changes, new_record, created_by_user_id, created_by_username, created_by_name, created_at)
    values ('employees', ${id('staff3')}, ${id('staff3')}, 'UPDATE', '[{"field":"name","oldValue":"Old Name","newValue":"Sinh Third"}]'::jsonb, null,
            ${t.fixture.userIds.hrm!}, 'hrm', 'Hung Manager', '2026-01-15T23:30:00+07:00')`);
});
afterAll(() => t.close());

describe('access', () => {
  it('Logs for HR, HRM, ADMIN; the mail outbox for ADMIN only', async () => {
    for (const path of [LOG_LISTS_PATH, CONNECTION_HISTORIES_PATH]) {
      expect((await call('staff', 'GET', `/api${path}`)).status).toBe(403);
      for (const u of ['hr', 'hrm', 'admin']) expect((await call(u, 'GET', `/api${path}`)).status).toBe(200);
    }
    for (const u of ['hr', 'hrm', 'staff']) expect((await call(u, 'GET', `/api${MAIL_OUTBOX_PATH}`)).status).toBe(403);
    expect((await call('admin', 'GET', `/api${MAIL_OUTBOX_PATH}`)).status).toBe(200);
  });
});

describe('Logs List (RULES.md §8)', () => {
  it('lists one row per changed field of the listed tables, newest first, with author, action, employee and workday', async () => {
    const res = await logs('?size=100');
    expect(res.status).toBe(200);
    const rows = res.body.data as Json[];
    expect(rows.some((r) => r.table === 'requests')).toBe(false);
    // Newest first: the timesheet edit, then the update of the mapping, then its creation, the old entry last.
    expect(rows[0]).toMatchObject({
      creator: { name: 'Hoa Human', username: 'hr' },
      status: 'Updated',
      table: 'timesheet_days',
      table_label: 'Timesheet',
      field: 'value',
      employeeId: { id: id('staff2'), name: 'Sang Second', user_name: 'staff2' },
      dateOfIssue: '2026-11-18',
      old_value: '0.5',
      new_value: '1',
    });
    const update = rows.filter((r) => r.table === 'attendance_check_configs' && r.status === 'Updated');
    expect(update.map((r) => [r.field, r.old_value, r.new_value])).toEqual([
      ['position', null, 'Tester'],
      ['end_date', '9999-12-30', '2026-12-31'],
    ]);
    expect(update[0]).toMatchObject({ creator: { username: 'admin' }, employeeId: { name: 'Son Staff' }, dateOfIssue: null });
    const created = rows.filter((r) => r.table === 'attendance_check_configs' && r.status === 'Created');
    expect(created.map((r) => r.field)).toContain('attendance_check_id');
    expect(created.find((r) => r.field === 'attendance_check_id')).toMatchObject({ old_value: null, new_value: 'LOG-1' });
    expect(rows.at(-1)).toMatchObject({ table: 'employees', field: 'name', create_date_format: '15/01/2026 23:30:00', create_date: '2026-01-15T16:30:00.000Z' });
    expect(res.body.page.total_element).toBe(rows.length);
  });

  it('filters by author, employee modified, table, action and date range (company time zone)', async () => {
    const byAuthor = (await logs('?staff=admin')).body.data as Json[];
    expect(byAuthor.length).toBeGreaterThan(0);
    expect(byAuthor.every((r) => r.creator.username === 'admin')).toBe(true);
    const byEmployee = (await logs(`?employee=${id('staff2')}`)).body.data as Json[];
    expect(byEmployee.map((r) => r.table)).toEqual(['timesheet_days']);
    const byTable = (await logs('?table=employees')).body.data as Json[];
    expect(byTable.map((r) => r.field)).toEqual(['name']);
    const created = (await logs('?action=Created&size=50')).body.data as Json[];
    expect(created.length).toBeGreaterThan(0);
    expect(created.every((r) => r.status === 'Created')).toBe(true);
    const day = await logs('?fromDate=15/01/2026&toDate=15/01/2026');
    expect(day.body.data.map((r: Json) => r.creator.username)).toEqual(['hrm']);
    expect((await logs('?fromDate=16/01/2026&toDate=16/01/2026')).body.data).toEqual([]);
  });

  it('pages 10 by default and refuses unknown tables and actions with 400', async () => {
    const first = await logs();
    expect(first.body.data).toHaveLength(10);
    const total = first.body.page.total_element;
    expect(first.body.page).toEqual({ page: 1, size: 10, total_element: total });
    const last = await logs(`?page=${Math.ceil(total / 10)}`);
    expect(last.body.data).toHaveLength(total - 10 * (Math.ceil(total / 10) - 1));
    expect((await logs('?page=99')).body.page.total_element).toBe(total);
    const keys = new Set([...first.body.data, ...(await logs('?page=2')).body.data].map((r: Json) => r.key));
    expect(keys.size).toBe(Math.min(20, total));
    const badTable = await logs('?table=requests');
    expect(badTable.status).toBe(400);
    expect(badTable.body.message).toBe(LOGS_MESSAGES.tableInvalid);
    expect((await logs('?action=Removed')).status).toBe(400);
  });
});

describe('readable values (issue 26 §6)', () => {
  it("names what an id or a code points to, departments in the reader's language", async () => {
    await t.db.execute(sql`update departments set name = 'Phòng Hai' where department_code = 'DEP2'`);
    await recordHistory(t.db, {
      tableName: 'employees',
      recordId: id('staff4'),
      employeeId: id('staff4'),
      action: 'UPDATE',
      changes: [
        { field: 'department', oldValue: 'DEP1', newValue: 'DEP2' },
        { field: 'company_id', oldValue: null, newValue: t.fixture.companyId },
        { field: 'contract_type', oldValue: 'P', newValue: 'UNLIMTED' },
      ],
      newRecord: null,
      by: hrAuthor(),
    });
    const rowsIn = async (language: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api${LOG_LISTS_PATH}?employee=${id('staff4')}`, headers: { ...(await t.as('hr')), 'accept-language': language } });
      expect(res.statusCode).toBe(200);
      return new Map((readJson(res).data as Json[]).map((r) => [r.field as string, r]));
    };
    const en = await rowsIn('en');
    expect(en.get('department')).toMatchObject({ old_value: 'DEP1', new_value: 'DEP2', old_value_name: 'Department One', new_value_name: 'Department Two' });
    expect(en.get('company_id')).toMatchObject({ old_value_name: null, new_value_name: expect.any(String) });
    // A code with a meaning of its own is named by the page; the server names records only.
    expect(en.get('contract_type')).toMatchObject({ new_value: 'UNLIMTED', new_value_name: null });
    expect((await rowsIn('vi')).get('department')).toMatchObject({ new_value_name: 'Phòng Hai' });

    // The attendance-check mapping's employee is named too.
    const mapping = ((await logs(`?table=attendance_check_configs`)).body.data as Json[]).find((r) => r.field === 'employee_id');
    expect(mapping).toMatchObject({ new_value: String(id('staff')), new_value_name: 'Son Staff' });
  });
});

describe('Connection History and the mail outbox', () => {
  it('lists integration errors newest first with the date range and text filters', async () => {
    await logConnectionError(t.db, { source: 'device-punch-api', code: 'INVALID_KEY', errorDetails: 'Punch batch from 10.0.0.1 refused' });
    await logConnectionError(t.db, { source: 'mail', code: 'SMTP_FAILED', errorDetails: 'Connection refused by smtp.test' });
    await t.db.execute(sql`insert into connection_history (source, code, error_details, date_time) values ('hr-import', 'OLD', 'An old error', '2026-01-15T10:00:00+07:00')`);
    const all = await call('hr', 'GET', `/api${CONNECTION_HISTORIES_PATH}`);
    expect(all.body.data.map((r: Json) => r.code)).toEqual(['SMTP_FAILED', 'INVALID_KEY', 'OLD']);
    expect(all.body.data[2]).toMatchObject({ date_time_format: '15/01/2026 10:00:00', error_details: 'An old error', source: 'hr-import' });
    expect((await call('hr', 'GET', `/api${CONNECTION_HISTORIES_PATH}?text=smtp`)).body.data.map((r: Json) => r.code)).toEqual(['SMTP_FAILED']);
    const old = await call('hr', 'GET', `/api${CONNECTION_HISTORIES_PATH}?fromDate=01/01/2026&toDate=31/01/2026`);
    expect(old.body.data.map((r: Json) => r.code)).toEqual(['OLD']);
    expect(old.body.page).toEqual({ page: 1, size: 10, total_element: 1 });
  });

  it('shows the outbox to Admin with its text', async () => {
    await sendMail(t.db, { mailFrom: 'tms@test' }, { to: 'staff@cglobal.test', subject: 'Your request was approved', text: 'Dear Son,\n\nApproved.' });
    await sendMail(t.db, { mailFrom: 'tms@test' }, { to: 'gl@cglobal.test', cc: ['hr@cglobal.test'], subject: 'A request is waiting', text: 'Please review.' });
    const res = await call('admin', 'GET', `/api${MAIL_OUTBOX_PATH}`);
    expect(res.body.data.map((m: Json) => m.subject)).toEqual(['A request is waiting', 'Your request was approved']);
    expect(res.body.data[0]).toMatchObject({ to: 'gl@cglobal.test', cc: 'hr@cglobal.test', status: 'outbox', sent: null, error: null, text: 'Please review.' });
    expect((await call('admin', 'GET', `/api${MAIL_OUTBOX_PATH}?text=approved`)).body.data).toHaveLength(1);
    expect((await call('admin', 'GET', `/api${MAIL_OUTBOX_PATH}?status=sent`)).body.data).toEqual([]);
    expect((await call('admin', 'GET', `/api${MAIL_OUTBOX_PATH}?status=lost`)).status).toBe(400);
  });
});
