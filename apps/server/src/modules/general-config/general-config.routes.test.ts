import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_CONFIG_MESSAGES as M, GENERAL_CONFIG_PATH } from '@tms/contracts/general-config';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { queryRows } from '../../db/client.ts';
import { createTestApp, defaultTestNow, type TestApp } from '../../test/harness.ts';
import { leaveApi, testDates, type Json } from '../../test/leave-api.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { loadGeneralConfigs } from '../leave/accrual-inputs.ts';

const BASE = `/api${GENERAL_CONFIG_PATH}`;

let t: TestApp;
/** Today of the test clock (TEST_NOW in the six-date run): every date here is relative to it. */
const NOW = defaultTestNow();
/** `today`, YYYY-MM-DD `iso(n)` and DD/MM/YYYY `day(n)` days from it in the company time zone. */
const { today, iso, day } = testDates(NOW);
const api = leaveApi(() => t, BASE);
const { call } = api;

const form = (over: Json = {}) => ({
  seniorityLeaveHour: 8,
  seniorityLeaveYear: 5,
  conditionalMonth: 80,
  leaveHourInMonth: 8,
  advanceLeave: 2,
  applyDate: day(1),
  expireDate: day(365),
  object_type: null,
  ...over,
});

async function create(over: Json = {}): Promise<{ id: number; version: number }> {
  const { status, body } = await call('hr', 'POST', '/create', form(over));
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

const list = (query = '') => api.list('hr', query);
const rowOf = async (id: number) => (await list()).data.find((r) => r.id === id);
const countLive = async () => Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from leave_general_configs where deleted_at is null`))[0]!.n);

/** A row as if created earlier (its dates may be in the past). */
async function insertRow(applyDate: string, expireDate: string, leaveHourInMonth = 8): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into leave_general_configs (seniority_leave_hour, seniority_leave_year, conditional_month, leave_hour_in_month, advance_leave, apply_date, expire_date)
        values (8, 5, 80, ${leaveHourInMonth}, 2, ${applyDate}, ${expireDate}) returning id`,
  );
  return row!.id;
}
const history = async (id: number) => (await call('hr', 'GET', `/history?id=${id}`)).body.data as Json[];

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(() => t.close());

describe('access (spec 000 §2, §6: HR, HRM, Admin only)', () => {
  it('answers 401 without a session and 403 to every other role, for reads and writes', async () => {
    expect((await call(null, 'GET', '')).status).toBe(401);
    for (const user of ['staff', 'guest', 'dl', 'gl', 'pm']) {
      expect((await call(user, 'GET', '')).status).toBe(403);
      expect((await call(user, 'POST', '/create', form())).status).toBe(403);
      expect((await call(user, 'GET', '/history?id=1')).status).toBe(403);
    }
  });
  it('lets HR, HRM and Admin list and write', async () => {
    for (const user of ['hr', 'hrm', 'admin']) {
      expect((await call(user, 'GET', '')).status).toBe(200);
      expect((await call(user, 'POST', '/create', form({ applyDate: day(400), expireDate: day(401) }))).status).toBe(200);
    }
  });
});

describe('POST /create validation (spec 000 §5, exact texts)', () => {
  it.each<[string, Json, string]>([
    ['seniority hours missing', { seniorityLeaveHour: undefined }, M.required.seniorityLeaveHour],
    ['seniority hours empty', { seniorityLeaveHour: '' }, M.required.seniorityLeaveHour],
    ['seniority hours not a number', { seniorityLeaveHour: 'eight' }, 'Seniority day is invalid'],
    ['seniority hours of another type', { seniorityLeaveHour: true }, 'Seniority day is invalid'],
    ['seniority hours below 0', { seniorityLeaveHour: -1 }, 'Seniority day in range 0-100'],
    ['seniority hours above 100', { seniorityLeaveHour: 100.01 }, 'Seniority day in range 0-100'],
    ['seniority hours 3 decimals', { seniorityLeaveHour: 1.125 }, 'Seniority day must have at most 2 decimals'],
    ['seniority year missing', { seniorityLeaveYear: null }, M.required.seniorityLeaveYear],
    ['seniority year above 100', { seniorityLeaveYear: 101 }, 'Seniority year in range 0-100'],
    ['seniority year 3 decimals', { seniorityLeaveYear: '2.555' }, 'Seniority year must have at most 2 decimals'],
    ['condition missing', { conditionalMonth: null }, M.required.conditionalMonth],
    ['condition above 100', { conditionalMonth: 101 }, 'Condition/Month in range 0-100'],
    ['condition below 0', { conditionalMonth: -5 }, 'Condition/Month in range 0-100'],
    ['condition not an integer', { conditionalMonth: 80.5 }, 'Condition/Month is integer'],
    ['hours per month missing', { leaveHourInMonth: '' }, M.required.leaveHourInMonth],
    ['hours per month above 99', { leaveHourInMonth: 99.01 }, 'Annual hour(s)/month in range 0-99'],
    ['hours per month 3 decimals', { leaveHourInMonth: 8.125 }, 'Annual hour(s)/month must have at most 2 decimals'],
    ['advance missing', { advanceLeave: undefined }, M.required.advanceLeave],
    ['advance above 12', { advanceLeave: 13 }, 'Advance payment leave in range 0-12'],
    ['advance not an integer', { advanceLeave: 1.5 }, 'Advance payment leave is integer'],
    ['apply date missing', { applyDate: '' }, M.applyDateRequired],
    ['expire date missing', { expireDate: null }, M.expireDateRequired],
    ['apply date in another format', { applyDate: '2030-01-01' }, MESSAGES_COMMON.invalidDate],
    ['expire date not a calendar date', { expireDate: '31/02/2031' }, MESSAGES_COMMON.invalidDate],
    ['apply date today', { applyDate: day(0) }, M.applyNotAfterToday],
    ['apply date in the past', { applyDate: day(-10), expireDate: day(10) }, M.applyNotAfterToday],
    ['apply after expire', { applyDate: day(10), expireDate: day(9) }, M.applyAfterExpire],
    ['object type too long', { object_type: 'x'.repeat(41) }, M.objectTypeTooLong],
  ])('%s', async (_name, over, message) => {
    const before = await countLive();
    const { status, body } = await call('hr', 'POST', '/create', form(over));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, message, data: null });
    expect(body.messages[0]).toBe(message);
    expect(await countLive()).toBe(before);
  });

  it('uses the spec patterns for the field names', () => {
    expect(M.range('Seniority day', 0, 100)).toBe('Seniority day in range 0-100');
    expect(M.integer('Condition/Month')).toBe('Condition/Month is integer');
  });

  it('reports every failing rule in `messages`, the first in `message`', async () => {
    const { body } = await call('hr', 'POST', '/create', form({ seniorityLeaveHour: null, advanceLeave: 20, applyDate: day(0), expireDate: day(-1) }));
    expect(body.message).toBe(M.required.seniorityLeaveHour);
    expect(body.messages).toEqual([M.required.seniorityLeaveHour, 'Advance payment leave in range 0-12', M.applyNotAfterToday, M.applyAfterExpire, M.expireBeforeToday]);
  });

  it('accepts the bounds: 0 and the maxima, 2 decimals, numbers as text, apply date equal to the expire date', async () => {
    const low = await create({ seniorityLeaveHour: 0, seniorityLeaveYear: 0, conditionalMonth: 0, leaveHourInMonth: 0, advanceLeave: 0, applyDate: day(500), expireDate: day(500) });
    const high = await create({ seniorityLeaveHour: '100', seniorityLeaveYear: 99.99, conditionalMonth: '100', leaveHourInMonth: 99, advanceLeave: 12, applyDate: day(501), expireDate: day(502) });
    expect(await rowOf(low.id)).toMatchObject({ seniorityLeaveHour: 0, conditionalMonth: 0, advanceLeave: 0, applyDate: day(500), expireDate: day(500) });
    expect(await rowOf(high.id)).toMatchObject({ seniorityLeaveHour: 100, seniorityLeaveYear: 99.99, conditionalMonth: 100, leaveHourInMonth: 99, advanceLeave: 12 });
  });
});

describe('create, list and filters', () => {
  it('creates a row with the creator from the session, its flags, and a CREATE history entry with the values shown', async () => {
    const { status, body } = await call('hr', 'POST', '/create', { ...form({ leaveHourInMonth: '12.5', object_type: 'OFFICIAL' }), createdBy: t.fixture.userIds.admin });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, message: M.created, data: { version: 1 } });
    const row = await rowOf(body.data.id);
    expect(row).toMatchObject({
      seniorityLeaveHour: 8,
      seniorityLeaveYear: 5,
      conditionalMonth: 80,
      leaveHourInMonth: 12.5,
      advanceLeave: 2,
      applyDate: day(1),
      expireDate: day(365),
      object_type: 'OFFICIAL',
      createdBy: { name: 'Hoa Human' },
      modifiedBy: { name: 'Hoa Human' },
      version: 1,
      canEdit: true,
      canRemove: true,
      fieldsLocked: false,
      inForceToday: false,
    });
    const entries = await history(body.data.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'CREATE', createdBy: { username: 'hr', name: 'Hoa Human' } });
    expect(entries[0]!.changes).toContainEqual({ field: 'leaveHourInMonth', oldValue: null, newValue: 12.5 });
    expect(entries[0]!.changes).toContainEqual({ field: 'applyDate', oldValue: null, newValue: day(1) });
  });

  it('lists newest apply date first, pages with a total, and filters by the apply and expire ranges (inclusive)', async () => {
    const a = await create({ applyDate: day(600), expireDate: day(700) });
    const b = await create({ applyDate: day(610), expireDate: day(650) });
    const all = (await list()).data;
    const applies = all.map((r) => r.applyDate.split('/').reverse().join('-'));
    expect(applies).toEqual([...applies].sort().reverse());

    const byApply = await list(`&applyFromDate=${day(600)}&applyToDate=${day(610)}`);
    expect(byApply.data.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(byApply.page.total_element).toBe(2);
    const byExpire = await list(`&expireFromDate=${day(650)}&expireToDate=${day(650)}`);
    expect(byExpire.data.map((r) => r.id)).toEqual([b.id]);

    const page = await call('hr', 'GET', `?page=2&size=1&applyFromDate=${day(600)}&applyToDate=${day(610)}`);
    expect(page.body.data.map((r: Json) => r.id)).toEqual([a.id]);
    expect(page.body.page).toEqual({ page: 2, size: 1, total_element: 2 });
  });

  it('refuses a filter date in another format', async () => {
    const { status, body } = await call('hr', 'GET', '?applyFromDate=2026-01-01');
    expect(status).toBe(400);
    expect(body.message).toBe(MESSAGES_COMMON.invalidDate);
  });
});

describe('PUT /update', () => {
  it('edits values; history lists UPDATE (newest first) with only the changed fields, old and new as shown', async () => {
    const { id, version } = await create({ applyDate: day(20), expireDate: day(200) });
    const { status, body } = await call('hrm', 'PUT', '/update', { ...form({ applyDate: day(21), expireDate: day(200), leaveHourInMonth: 10 }), id, version });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ message: M.updated, data: { id, version: version + 1 } });
    expect(await rowOf(id)).toMatchObject({ applyDate: day(21), leaveHourInMonth: 10, modifiedBy: { name: 'Hung Manager' }, version: version + 1 });
    const entries = await history(id);
    expect(entries.map((h) => h.action)).toEqual(['UPDATE', 'CREATE']);
    expect(entries[0]!.changes).toEqual([
      { field: 'leaveHourInMonth', oldValue: 8, newValue: 10 },
      { field: 'applyDate', oldValue: day(20), newValue: day(21) },
    ]);
    expect(entries[0]!.createdBy).toEqual({ username: 'hrm', name: 'Hung Manager' });
  });

  it('answers 409 to a stale version, and writes nothing when nothing changed', async () => {
    const { id, version } = await create({ applyDate: day(30), expireDate: day(200) });
    const ok = await call('hr', 'PUT', '/update', { ...form({ applyDate: day(30), expireDate: day(201) }), id, version });
    expect(ok.status).toBe(200);
    const stale = await call('hr', 'PUT', '/update', { ...form({ applyDate: day(30), expireDate: day(202) }), id, version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(MESSAGES_COMMON.conflict);
    const same = await call('hr', 'PUT', '/update', { ...form({ applyDate: day(30), expireDate: day(201) }), id, version: version + 1 });
    expect(same.body.data).toEqual({ id, version: version + 1 });
    expect((await history(id)).map((h) => h.action)).toEqual(['UPDATE', 'CREATE']);
  });

  it('validates the edit like the form, and answers 404 for an unknown row', async () => {
    const { id, version } = await create({ applyDate: day(40), expireDate: day(200) });
    const moved = await call('hr', 'PUT', '/update', { ...form({ applyDate: day(0), expireDate: day(200) }), id, version });
    expect(moved.body).toMatchObject({ code: 400, message: M.applyNotAfterToday });
    const range = await call('hr', 'PUT', '/update', { ...form({ applyDate: day(40), expireDate: day(200), conditionalMonth: 150 }), id, version });
    expect(range.body).toMatchObject({ code: 400, message: 'Condition/Month in range 0-100' });
    expect((await call('hr', 'PUT', '/update', { ...form(), id: 999999, version: 1 })).status).toBe(404);
    expect((await call('hr', 'PUT', '/update', { ...form(), version: 1 })).body).toMatchObject({ code: 400, message: M.idRequired });
  });

  it('keeps object_type when an edit leaves it out', async () => {
    const { id, version } = await create({ applyDate: day(45), expireDate: day(200), object_type: 'PROBATION' });
    const { object_type: _omit, ...rest } = form({ applyDate: day(45), expireDate: day(210) });
    expect((await call('hr', 'PUT', '/update', { ...rest, id, version })).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ object_type: 'PROBATION', expireDate: day(210) });
  });

  it('edits a configuration already in force (applied before today, after the lock date) without moving its apply date', async () => {
    const id = await insertRow(iso(-3), iso(100));
    expect(await rowOf(id)).toMatchObject({ canEdit: true, canRemove: false, fieldsLocked: false });
    const { status } = await call('hr', 'PUT', '/update', { ...form({ applyDate: day(-3), expireDate: day(120), advanceLeave: 3 }), id, version: 1 });
    expect(status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ applyDate: day(-3), expireDate: day(120), advanceLeave: 3 });
    // Its expiry cannot go before today.
    const back = await call('hr', 'PUT', '/update', { ...form({ applyDate: day(-3), expireDate: day(-1) }), id, version: 2 });
    expect(back.body).toMatchObject({ code: 400, message: M.expireBeforeToday });
    // Spec 000 §4: removal only while the apply date is not before today.
    const removed = await call('hr', 'DELETE', `/delete/${id}`);
    expect(removed.body).toMatchObject({ code: 409, message: M.notRemovable });
  });

  it('refuses to edit an expired configuration (spec 000 §4: edit while the expire date is today or later)', async () => {
    const id = await insertRow(iso(-60), iso(-1));
    expect(await rowOf(id)).toMatchObject({ canEdit: false, canRemove: false });
    const { status, body } = await call('hr', 'PUT', '/update', { ...form({ applyDate: day(-60), expireDate: day(30) }), id, version: 1 });
    expect(status).toBe(409);
    expect(body.message).toBe(M.expired);
    // History is always available.
    expect((await call('hr', 'GET', `/history?id=${id}`)).status).toBe(200);
  });

  it('lets a configuration that expires today still be edited', async () => {
    const id = await insertRow(iso(-30), iso(0));
    expect(await rowOf(id)).toMatchObject({ canEdit: true });
  });
});

describe('DELETE /delete/:id', () => {
  it('removes softly: gone from the list and from the accrual engine, kept with its history; a second remove is 404', async () => {
    const { id, version } = await create({ applyDate: day(50), expireDate: day(200) });
    expect((await loadGeneralConfigs(t.db)).some((c) => c.id === id)).toBe(true);
    const stale = await call('hr', 'DELETE', `/delete/${id}?version=${version + 1}`);
    expect(stale.status).toBe(409);
    const { status, body } = await call('admin', 'DELETE', `/delete/${id}?version=${version}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ message: M.deleted, data: { id } });
    expect(await rowOf(id)).toBeUndefined();
    expect((await loadGeneralConfigs(t.db)).some((c) => c.id === id)).toBe(false);
    const [stored] = await queryRows<{ deleted: boolean }>(t.db, sql`select deleted_at is not null as deleted from leave_general_configs where id = ${id}`);
    expect(stored!.deleted).toBe(true);
    const entries = await history(id);
    expect(entries.map((h) => h.action)).toEqual(['DELETE', 'CREATE']);
    expect(entries[0]!.createdBy).toEqual({ username: 'admin', name: 'An Admin' });
    expect((await call('hr', 'DELETE', `/delete/${id}`)).status).toBe(404);
    expect((await call('hr', 'PUT', '/update', { ...form({ applyDate: day(50) }), id, version: version + 1 })).status).toBe(404);
  });

  it('removes a configuration applying today (not before today)', async () => {
    const id = await insertRow(iso(0), iso(30));
    expect(await rowOf(id)).toMatchObject({ canRemove: true });
    expect((await call('hr', 'DELETE', `/delete/${id}`)).status).toBe(200);
  });

  it('answers 404 to history of an unknown row and 400 to a bad id', async () => {
    expect((await call('hr', 'GET', '/history?id=999999')).status).toBe(404);
    expect((await call('hr', 'GET', '/history?id=abc')).status).toBe(400);
    expect((await call('hr', 'DELETE', '/delete/0')).status).toBe(400);
  });
});

describe('overlapping configurations (decision: allowed, the latest apply date wins)', () => {
  it('tags the row the accrual engine uses today, and moves the tag when a later one applies', async () => {
    await insertRow(iso(-200), iso(300), 6);
    const newer = await insertRow(iso(-100), iso(300), 7);
    const tagged = (await list()).data.filter((r) => r.inForceToday).map((r) => r.id);
    // Rows inserted by earlier tests may apply later than these; the engine picks the latest apply date ≤ today.
    const live = await loadGeneralConfigs(t.db);
    const expected = live
      .filter((c) => c.applyDate <= today && (c.expireDate === null || c.expireDate >= today))
      .sort((a, b) => (a.applyDate === b.applyDate ? b.id - a.id : b.applyDate.localeCompare(a.applyDate)))[0]!;
    expect(tagged).toEqual([expected.id]);

    const latest = await insertRow(iso(0), iso(10), 9);
    expect((await list()).data.filter((r) => r.inForceToday).map((r) => r.id)).toEqual([latest]);
    expect((await rowOf(newer))!.inForceToday).toBe(false);
  });
});

describe('lock date (spec 000 §4, RULES.md §4)', () => {
  let lockedId: number;
  let openId: number;
  beforeAll(async () => {
    lockedId = await insertRow(iso(-20), iso(60));
    openId = await insertRow(iso(0), iso(60));
    await approvePeriodEnding(t.db, t.fixture.companyId, iso(-30), iso(-1));
  });

  it('flags a configuration applied on or before the lock date as locked', async () => {
    expect(await rowOf(lockedId)).toMatchObject({ fieldsLocked: true, canEdit: true, canRemove: false });
    expect(await rowOf(openId)).toMatchObject({ fieldsLocked: false });
  });

  it('changes only the expire date of a locked configuration', async () => {
    const base = form({ applyDate: day(-20), expireDate: day(60) });
    for (const over of [{ leaveHourInMonth: 9 }, { seniorityLeaveHour: 1 }, { conditionalMonth: 50 }, { advanceLeave: 0 }, { seniorityLeaveYear: 3 }, { object_type: 'X' }]) {
      const { status, body } = await call('hr', 'PUT', '/update', { ...base, ...over, id: lockedId, version: 1 });
      expect(status).toBe(400);
      expect(body.message).toBe(M.fieldsLocked);
    }
    const moved = await call('hr', 'PUT', '/update', { ...base, applyDate: day(5), id: lockedId, version: 1 });
    expect(moved.status).toBe(400);
    const ok = await call('hr', 'PUT', '/update', { ...base, expireDate: day(90), id: lockedId, version: 1 });
    expect(ok.status).toBe(200);
    expect(await rowOf(lockedId)).toMatchObject({ expireDate: day(90), version: 2 });
    expect((await history(lockedId))[0]!.changes).toEqual([{ field: 'expireDate', oldValue: day(60), newValue: day(90) }]);
  });

  it('refuses to remove a locked configuration', async () => {
    const { status, body } = await call('hr', 'DELETE', `/delete/${lockedId}`);
    expect(status).toBe(409);
    expect(body.message).toBe(M.lockedRemove);
  });
});
