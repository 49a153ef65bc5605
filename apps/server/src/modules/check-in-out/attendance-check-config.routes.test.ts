import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_CHECK_CONFIG_PATH, ATTENDANCE_CHECK_MESSAGES as M } from '@tms/contracts/attendance-check-config';
import { DEVICE_KEYS_PATH, PUNCHES_PATH } from '@tms/contracts/punches';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { readJson, type Json } from '../../test/json-body.ts';

const P = `/api${ATTENDANCE_CHECK_CONFIG_PATH}`;
/** Pinned: a Monday; the punched days (Wed 18 and Thu 19 November) have ended and are judged. */
const NOW = '2026-11-23T10:00:00+07:00';
const WED = '2026-11-18';
const THU = '2026-11-19';

let t: TestApp;
let deviceKey: string;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function call(user: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const headers = user ? await t.as(user) : {};
  const res = await t.app.inject({ method, url, headers, payload: payload as Json });
  return { status: res.statusCode, body: readJson(res) };
}
const list = (query = '', user = 'hr') => call(user, 'GET', `${P}${query}`);

const base = (over: Json = {}) => ({
  employee_id: id('staff'),
  account_number: '1001',
  attendance_check_id: 'CARD-1',
  attendance_check_name: 'Son card',
  project: 'Project One',
  position: 'Developer',
  attendance_check_system: 'SPEEDGATE',
  start_date: '2026-11-01',
  end_date: '9999-12-30',
  ...over,
});

async function sendPunches(account: string, locals: string[]) {
  const punches = locals.map((l) => ({ system: 'SPEEDGATE', attendance_check_id: account, timestamp: `${l.replace(" ", "T")}:00+07:00` }));
  const res = await t.app.inject({ method: 'POST', url: `/api${PUNCHES_PATH}`, headers: { 'x-device-key': deviceKey }, payload: { punches } });
  expect(res.statusCode, res.body).toBe(200);
}
const punchOwners = (account: string) =>
  queryRows<{ employee_id: number | null }>(t.db, sql`select employee_id from punches where attendance_check_id = ${account} order by punched_at`);
async function dayOf(username: string, date: string) {
  const [row] = await queryRows<{ check_in: string | null; check_out: string | null; value: string | null }>(
    t.db,
    sql`select check_in, check_out, value::text as value from timesheet_days where employee_id = ${id(username)} and date = ${date}`,
  );
  return row;
}
const historyOf = (recordId: number) =>
  queryRows<{ action: string; employee_id: number; changes: { field: string; oldValue: unknown; newValue: unknown }[]; created_by_username: string }>(
    t.db,
    sql`select action, employee_id, changes, created_by_username from history where table_name = 'attendance_check_configs' and record_id = ${recordId} order by id`,
  );

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00', minutes: 480 });
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date)
    select e.id, 'HCM', 'DAY', 3, 1, 1, 15, 'OT_FIXED', '2020-01-06', '9999-12-30' from employees e`);
  // A Vietnamese name, to search with and without diacritics.
  await t.db.execute(sql`update employees set name = 'Sáng Nguyễn Văn' where id = ${id('staff2')}`);
  const key = await call('admin', 'POST', `/api${DEVICE_KEYS_PATH}`, { system: 'SPEEDGATE', description: 'Gate' });
  deviceKey = key.body.data.key;
});
afterAll(() => t.close());

describe('access (RULES.md §2: HR, HRM, ADMIN)', () => {
  it('refuses STAFF and anonymous callers', async () => {
    expect((await list('', 'staff')).status).toBe(403);
    expect((await call('staff', 'POST', P, base())).status).toBe(403);
    expect((await call('gl', 'DELETE', `${P}/1`)).status).toBe(403);
    expect((await call(null, 'GET', P)).status).toBe(401);
    for (const u of ['hr', 'hrm', 'admin']) expect((await list('', u)).status).toBe(200);
  });
});

describe('validation (spec 002 §5)', () => {
  it('names every missing field with the spec text, the first one as the message', async () => {
    const res = await call('hr', 'POST', P, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.attendanceCheckIdRequired);
    expect(res.body.messages).toEqual([M.attendanceCheckIdRequired, M.hrmsIdRequired, M.startRequired, M.endRequired, M.systemRequired]);
  });

  it.each([
    [{ account_number: '12a' }, M.accountNumber],
    [{ account_number: '99999999999' }, M.accountNumber],
    [{ start_date: '2026-11-10', end_date: '2026-11-09' }, M.endBeforeStart],
    [{ attendance_check_system: 'BADGE' }, M.systemInvalid],
    [{ start_date: '2026-02-30' }, M.invalidDate],
    [{ attendance_check_id: '   ' }, M.attendanceCheckIdRequired],
    [{ employee_id: null }, M.hrmsIdRequired],
  ])('refuses %j with its message', async (over, message) => {
    const res = await call('hr', 'POST', P, base({ attendance_check_id: 'VAL-1', ...over }));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await punchOwners('VAL-1')).toEqual([]);
  });

  it('answers hostile input with 400, never 500', async () => {
    expect((await list('?keyword=son%00')).status).toBe(400);
    expect((await call('hr', 'DELETE', `${P}/2147483648`)).status).toBe(400);
    expect((await call('hr', 'POST', P, base({ attendance_check_id: 'A\u0000B' }))).status).toBe(400);
    expect((await call('hr', 'PUT', P, { ...base(), id: 1, version: 2147483648 })).status).toBe(400);
    expect((await call('hr', 'POST', P, base({ attendance_check_id: 'X'.repeat(101) }))).body.message).toBe(M.attendanceCheckIdTooLong);
  });

  it('refuses an unknown employee with 400 and stores nothing', async () => {
    const res = await call('hr', 'POST', P, base({ employee_id: 999999, attendance_check_id: 'VAL-2' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.employeeNotFound);
    expect((await list('?attendance_check_id=VAL-2')).body.data).toEqual([]);
  });
});

describe('create, list, overlap, update, delete', () => {
  it('creates with body code 441, lists with filters and writes history', async () => {
    const created = await call('hr', 'POST', P, base({ attendance_check_id: 'LIST-1', employee_id: id('staff2'), account_number: 42 }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.code).toBe(441);
    expect(created.body.message).toBe(M.created);
    expect(created.body.data).toMatchObject({ hrms_username: 'staff2', account_number: 42, attendance_check_id: 'LIST-1', start_date: '2026-11-01', end_date: '9999-12-30', version: 1 });

    // With and without diacritics, by user name, by system, id and a date in force.
    for (const keyword of ['sang nguyen', 'Sáng Nguyễn', 'NGUYEN VAN', 'staff2']) {
      const res = await list(`?keyword=${encodeURIComponent(keyword)}`);
      expect(res.body.data.map((r: Json) => r.attendance_check_id), keyword).toContain('LIST-1');
    }
    expect((await list('?keyword=nobody')).body.data).toEqual([]);
    expect((await list('?attendance_check_system=TMS&attendance_check_id=LIST-1')).body.data).toEqual([]);
    expect((await list('?attendance_check_system=SPEEDGATE&attendance_check_id=list-1')).body.data).toHaveLength(1);
    expect((await list('?attendance_check_id=LIST-1&date=31/10/2026')).body.data).toEqual([]);
    expect((await list('?attendance_check_id=LIST-1&date=01/11/2026')).body.data).toHaveLength(1);
    expect((await list('?date=2026-13-01')).status).toBe(400);

    const history = await historyOf(created.body.data.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'CREATE', employee_id: id('staff2'), created_by_username: 'hr' });
    expect(history[0]!.changes).toContainEqual({ field: 'attendance_check_id', oldValue: null, newValue: 'LIST-1' });
  });

  it('refuses a mapping of the same account overlapping another one, allows the next day', async () => {
    const first = await call('hr', 'POST', P, base({ attendance_check_id: 'OVL-1', start_date: '2026-01-01', end_date: '2026-06-30' }));
    expect(first.status).toBe(200);
    const overlapping = await call('hr', 'POST', P, base({ attendance_check_id: 'OVL-1', employee_id: id('staff3'), start_date: '2026-06-30', end_date: '2026-12-31' }));
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.message).toBe(M.overlap('SPEEDGATE', 'OVL-1', '01/01/2026', '30/06/2026', 'Son Staff (staff)'));
    // The same id in the other system is another account.
    expect((await call('hr', 'POST', P, base({ attendance_check_id: 'OVL-1', attendance_check_system: 'TMS', start_date: '2026-06-30' }))).status).toBe(200);
    const next = await call('hr', 'POST', P, base({ attendance_check_id: 'OVL-1', employee_id: id('staff3'), start_date: '2026-07-01', end_date: '2026-12-31' }));
    expect(next.status).toBe(200);
    // An edit may not stretch into the neighbour either.
    const stretch = await call('hr', 'PUT', P, { ...base({ attendance_check_id: 'OVL-1', start_date: '2026-01-01', end_date: '2026-07-01' }), id: first.body.data.id, version: 1 });
    expect(stretch.status).toBe(400);
  });

  it('updates with id and version (body code 443), 409 when stale, 404 when unknown', async () => {
    const created = await call('hr', 'POST', P, base({ attendance_check_id: 'UPD-1' }));
    const rowId = created.body.data.id;
    const updated = await call('hrm', 'PUT', P, { ...base({ attendance_check_id: 'UPD-1', position: 'Lead' }), id: rowId, version: 1 });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ code: 443, message: M.updated, data: { position: 'Lead', version: 2 } });
    const stale = await call('hrm', 'PUT', P, { ...base({ attendance_check_id: 'UPD-1', position: 'Boss' }), id: rowId, version: 1 });
    expect(stale.status).toBe(409);
    expect((await call('hr', 'PUT', P, { ...base(), id: 999999, version: 1 })).status).toBe(404);
    const history = await historyOf(rowId);
    expect(history.map((h) => h.action)).toEqual(['CREATE', 'UPDATE']);
    expect(history[1]!.changes).toEqual([{ field: 'position', oldValue: 'Developer', newValue: 'Lead' }]);
  });

  it('deletes with the spec message and a DELETE history entry; 404 afterwards; 409 on a stale version', async () => {
    const created = await call('hr', 'POST', P, base({ attendance_check_id: 'DEL-1' }));
    const rowId = created.body.data.id;
    expect((await call('hr', 'DELETE', `${P}/${rowId}?version=7`)).status).toBe(409);
    const deleted = await call('admin', 'DELETE', `${P}/${rowId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Delete Attendance Check System successfully !!');
    expect((await call('admin', 'DELETE', `${P}/${rowId}`)).status).toBe(404);
    const history = await historyOf(rowId);
    expect(history.map((h) => h.action)).toEqual(['CREATE', 'DELETE']);
    expect(history[1]!.changes).toContainEqual({ field: 'attendance_check_id', oldValue: 'DEL-1', newValue: null });
  });

  it('pages 10 by default with the total', async () => {
    for (let i = 0; i < 11; i++) expect((await call('hr', 'POST', P, base({ attendance_check_id: `PAGE-${String(i).padStart(2, '0')}` }))).status).toBe(200);
    const first = await list('?attendance_check_id=PAGE-');
    expect(first.body.data).toHaveLength(10);
    expect(first.body.page).toEqual({ page: 1, size: 10, total_element: 11 });
    const second = await list('?attendance_check_id=PAGE-&page=2');
    expect(second.body.data).toHaveLength(1);
    expect(second.body.page.total_element).toBe(11);
    expect((await list('?attendance_check_id=PAGE-&page=3')).body.page.total_element).toBe(11);
  });
});

describe('punch re-mapping (RULES.md §4)', () => {
  it('maps punches that arrived unmapped, moves them with the mapping, and frees them on delete', async () => {
    await sendPunches('NEW-9', [`${WED} 08:20`, `${WED} 17:45`, `${THU} 08:25`, `${THU} 17:40`]);
    expect((await punchOwners('NEW-9')).map((p) => p.employee_id)).toEqual([null, null, null, null]);
    expect((await dayOf('staff', WED))?.check_in ?? null).toBeNull();

    // Mapped from Thursday only: Wednesday's punches stay unmapped.
    const created = await call('hr', 'POST', P, base({ attendance_check_id: 'NEW-9', start_date: THU }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // The employee-days recomputed: Thursday, and Wednesday whose night a Thursday punch could close (RULES.md §4).
    expect(created.body.data.remapped_days).toBe(2);
    expect((await punchOwners('NEW-9')).map((p) => p.employee_id)).toEqual([null, null, id('staff'), id('staff')]);
    expect(await dayOf('staff', THU)).toEqual({ check_in: '08:25', check_out: '17:40', value: '1.00' });

    // Widened to Wednesday and given to staff2: both days move, staff keeps no punch.
    const moved = await call('hr', 'PUT', P, { ...base({ attendance_check_id: 'NEW-9', start_date: WED, employee_id: id('staff2') }), id: created.body.data.id, version: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await punchOwners('NEW-9')).map((p) => p.employee_id)).toEqual(Array(4).fill(id('staff2')));
    expect(await dayOf('staff2', WED)).toEqual({ check_in: '08:20', check_out: '17:45', value: '1.00' });
    expect(await dayOf('staff2', THU)).toEqual({ check_in: '08:25', check_out: '17:40', value: '1.00' });
    const staffThu = await dayOf('staff', THU);
    expect(staffThu?.check_in ?? null).toBeNull();
    expect(staffThu?.value).not.toBe('1.00');

    const deleted = await call('hr', 'DELETE', `${P}/${created.body.data.id}?version=2`);
    expect(deleted.status).toBe(200);
    expect((await punchOwners('NEW-9')).map((p) => p.employee_id)).toEqual([null, null, null, null]);
    expect((await dayOf('staff2', WED))?.check_in ?? null).toBeNull();
  });

  it('does not touch punches of the account outside the old and new ranges', async () => {
    await sendPunches('RANGE-1', [`${WED} 08:30`, `${THU} 08:30`]);
    // Someone mapped Wednesday by hand before (as an import would): the config change of Thursday leaves it be.
    await t.db.execute(sql`update punches set employee_id = ${id('staff4')} where attendance_check_id = 'RANGE-1' and punched_at < ${`${THU}T00:00:00+07:00`}::timestamptz`);
    const created = await call('hr', 'POST', P, base({ attendance_check_id: 'RANGE-1', start_date: THU, end_date: THU }));
    expect(created.status).toBe(200);
    expect((await punchOwners('RANGE-1')).map((p) => p.employee_id)).toEqual([id('staff4'), id('staff')]);
  });
});
