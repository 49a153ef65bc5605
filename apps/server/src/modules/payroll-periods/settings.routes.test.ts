import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SETTINGS_CREATE_PATH,
  SETTINGS_MESSAGES as M,
  SETTINGS_WORK_PERIODS_PATH,
  SETTINGS_WORK_TYPES_PATH,
  settingsLockPath,
} from '@tms/contracts/settings';
import { LOCK_DATE_PATH } from '@tms/contracts/timesheet-review';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { getLockDate } from './payroll-periods.service.ts';
import { readJson, type Json } from '../../test/json-body.ts';

/** Pinned (issue 7 §1). */
const NOW = '2026-11-23T10:00:00+07:00';

let t: TestApp;

async function call(user: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const headers = user ? await t.as(user) : {};
  const res = await t.app.inject({ method, url, headers, payload: payload as Json });
  return { status: res.statusCode, body: readJson(res) };
}
const create = (body: Json, user = 'hr') => call(user, 'POST', `/api${SETTINGS_CREATE_PATH}`, body);
const periods = (query = '', user = 'hr') => call(user, 'GET', `/api${SETTINGS_WORK_PERIODS_PATH}${query}`);
const lock = (id: number, body: Json, user = 'hr') => call(user, 'PUT', `/api${settingsLockPath(id)}`, body);
const historyOf = (recordId: number) =>
  queryRows<{ action: string; changes: { field: string; oldValue: unknown; newValue: unknown }[] }>(
    t.db,
    sql`select action, changes from history where table_name = 'payroll_periods' and record_id = ${recordId} order by id`,
  );

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await t.db.execute(sql`insert into holidays (calendar_code, date, name) values ('VNM_NPH', '2026-09-02', 'National Day'), ('VNM_NPH', '2026-09-01', 'National Day (eve)')`);
  await t.db.execute(sql`insert into work_types (hr_registration_type, definition, hr_notation, payroll_notation)
                         select 'Type ' || g, 'Definition ' || g, 'N' || g, 'P' || g from generate_series(1, 12) g`);
});
afterAll(() => t.close());

describe('access (RULES.md §2: HR, HRM, ADMIN)', () => {
  it('refuses STAFF, allows HR, HRM and ADMIN', async () => {
    expect((await periods('', 'staff')).status).toBe(403);
    expect((await call('staff', 'GET', `/api${SETTINGS_WORK_TYPES_PATH}`)).status).toBe(403);
    expect((await create({ from_date: '2026-01-26', to_date: '2026-02-25' }, 'dl')).status).toBe(403);
    expect((await lock(1, { is_lock: true, version: 1 }, 'staff')).status).toBe(403);
    for (const u of ['hr', 'hrm', 'admin']) expect((await periods('', u)).status).toBe(200);
  });
});

describe('working types', () => {
  it('pages them 10 at a time with the total', async () => {
    const first = await call('hr', 'GET', `/api${SETTINGS_WORK_TYPES_PATH}`);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.page).toEqual({ page: 1, size: 10, total_element: 12 });
    expect(first.body.data[0]).toEqual({ id: expect.any(Number), hr_registration_type: 'Type 1', definition: 'Definition 1', hr_notation: 'N1', payroll_notation: 'P1' });
    const second = await call('hr', 'GET', `/api${SETTINGS_WORK_TYPES_PATH}?page=2&size=10`);
    expect(second.body.data).toHaveLength(2);
  });
});

describe('payroll periods (RULES.md §4)', () => {
  it('creates a period: working days Monday–Friday minus the company calendar holidays, history, newest first', async () => {
    // 26/08/2026 – 25/09/2026: 23 weekdays, minus 01/09 and 02/09 (a Tuesday and a Wednesday).
    const res = await create({ from_date: '2026-08-26', to_date: '2026-09-25' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(M.created);
    expect(res.body.data).toMatchObject({ name: 'T09-2026', from_date: '2026-08-26', to_date: '2026-09-25', working_days: 21, status: 0, is_lock: false, company_name: 'CGlobal', version: 1 });
    const given = await create({ from_date: '2026-09-26', to_date: '2026-10-25', working_days: 19 });
    expect(given.body.data.working_days).toBe(19);
    const list = await periods();
    expect(list.body.data.map((p: Json) => p.name)).toEqual(['T10-2026', 'T09-2026']);
    expect(list.body.page).toEqual({ page: 1, size: 10, total_element: 2 });
    const history = await historyOf(res.body.data.id);
    expect(history.map((h) => h.action)).toEqual(['CREATE']);
    expect(history[0]!.changes).toContainEqual({ field: 'working_days', oldValue: null, newValue: 21 });
  });

  it.each([
    [{}, M.fromRequired, [M.fromRequired, M.toRequired]],
    [{ from_date: '2027-01-26' }, M.toRequired, [M.toRequired]],
    [{ from_date: '2027-02-25', to_date: '2027-01-26' }, M.toBeforeFrom, [M.toBeforeFrom]],
    [{ from_date: '26/01/2027', to_date: '2027-02-25' }, M.invalidDate, [M.invalidDate]],
    [{ from_date: '2027-01-26', to_date: '2027-02-25', working_days: 40 }, M.workingDaysInvalid, [M.workingDaysInvalid]],
    [{ from_date: '2027-01-26', to_date: '2027-02-25', working_days: 'ten' }, M.workingDaysInvalid, [M.workingDaysInvalid]],
    [{ from_date: '2027-01-01', to_date: '2027-05-25' }, M.tooLong, [M.tooLong]],
  ])('refuses %j with a clear message', async (body, message, messages) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.messages).toEqual(messages);
  });

  it('refuses a period overlapping another of the company', async () => {
    const res = await create({ from_date: '2026-10-20', to_date: '2026-11-25' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.overlap('T10-2026', '26/09/2026', '25/10/2026'));
    expect((await periods()).body.page.total_element).toBe(2);
  });

  it('locks and unlocks with the version: the lock date follows, history is written, a stale version is 409', async () => {
    const { body } = await periods();
    const sep = body.data.find((p: Json) => p.name === 'T09-2026');
    expect(await getLockDate(t.db)).toBeNull();

    const locked = await lock(sep.id, { is_lock: true, version: sep.version });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect(locked.body.message).toBe(M.locked);
    expect(locked.body.data).toMatchObject({ is_lock: true, version: sep.version + 1 });
    expect(await getLockDate(t.db)).toBe('2026-09-25');

    expect((await lock(sep.id, { is_lock: false, version: sep.version })).status).toBe(409);
    const unlocked = await lock(sep.id, { is_lock: false, version: sep.version + 1 }, 'admin');
    expect(unlocked.body.message).toBe(M.unlocked);
    expect(await getLockDate(t.db)).toBeNull();

    const history = await historyOf(sep.id);
    expect(history.map((h) => h.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
    expect(history[1]!.changes).toEqual([{ field: 'is_lock', oldValue: false, newValue: true }]);
    expect(history[2]!.changes).toEqual([{ field: 'is_lock', oldValue: true, newValue: false }]);

    expect((await lock(999999, { is_lock: true, version: 1 })).status).toBe(404);
    expect((await lock(sep.id, { version: 3 })).body.message).toBe(M.lockRequired);
  });

  it('a locked period refuses changes dated in it (RULES.md §4 lock date)', async () => {
    const { body } = await periods();
    const oct = body.data.find((p: Json) => p.name === 'T10-2026');
    expect((await lock(oct.id, { is_lock: true, version: oct.version })).status).toBe(200);
    // The lock-date route every page reads gives its end.
    const res = await call('staff', 'GET', `/api${LOCK_DATE_PATH}`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body.data)).toContain('2026-10-25');
    expect(await getLockDate(t.db, t.fixture.companyId)).toBe('2026-10-25');
  });
});
