import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { TIMESHEET_REVIEW_MESSAGES as M, TIMESHEETS_PATH } from '@tms/contracts/timesheet-review';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import { addDays, companyToday } from '../../lib/dates.ts';
import { createTestApp, defaultTestNow, type TestApp } from '../../test/harness.ts';
import { changePeriodStatus as changeStatus, getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { readJson, type Json } from '../../test/json-body.ts';

const BASE = `/api${TIMESHEETS_PATH}`;

let t: TestApp;
/** The harness runs with the default configuration; its company time zone decides today (RULES.md §1). */
/** Today of the test clock (TEST_NOW in the six-date run): the dates here are relative to it. */
const NOW = defaultTestNow();
const today = companyToday(loadConfig({}).companyTimeZone, NOW);
const day = (days: number) => addDays(today, days);

async function call(user: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const auth = user ? await t.as(user) : {};
  const res = await t.app.inject({ method, url: `${BASE}${url}`, headers: { ...auth, ...headers }, payload: payload as Json });
  return { status: res.statusCode, body: readJson(res) };
}
async function expectOk(user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers?: Record<string, string>) {
  const res = await call(user, method, url, payload, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
async function expectError(status: number, message: string, user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers?: Record<string, string>) {
  const res = await call(user, method, url, payload, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ code: status, message, data: null });
}

let nameSeq = 0;
/** A payroll period as another module would have made it; dates are relative to today. */
async function insertPeriod(fromDate: string, toDate: string, status = 0, extra: { forbiddenRequestDate?: string } = {}): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status, forbidden_request_date)
        values (${t.fixture.companyId}, ${`T${String(++nameSeq).padStart(2, '0')}-TEST`}, ${fromDate}, ${toDate}, 20, ${status}, ${extra.forbiddenRequestDate ?? null})
        returning id`,
  );
  return row!.id;
}
/** A period that ended yesterday (so it may be sent for review), the month before it, and so on. */
const endedPeriod = (status = 0, monthsBack = 0) => insertPeriod(day(-30 * (monthsBack + 1)), day(-1 - 30 * monthsBack), status);

const periodRow = async (id: number) =>
  (await queryRows<{ status: number; review_comment: string | null; approved_at: string | null; version: number }>(
    t.db,
    sql`select status, review_comment, approved_at::text as approved_at, version from payroll_periods where id = ${id}`,
  ))[0]!;
const historyOf = (table: string, id: number) =>
  queryRows<{ action: string; changes: { field: string; oldValue: unknown; newValue: unknown }[]; new_record: Json; created_by_username: string }>(
    t.db,
    sql`select action, changes, new_record, created_by_username from history where table_name = ${table} and record_id = ${id} order by id`,
  );
const notifications = () =>
  queryRows<{ username: string; notification_type: string; title: string; body: string; link: string }>(
    t.db,
    sql`select u.username, n.notification_type, n.title, n.body, n.link from notifications n join users u on u.id = n.user_id order by u.username, n.id`,
  );

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  // A second HR user (no employee row, as a bare account): request-review notifications reach every HR user but the actor.
  const [u] = await queryRows<{ id: number }>(t.db, sql`insert into users (username, password_hash) values ('hr2', 'x') returning id`);
  await t.db.execute(sql`insert into user_roles (user_id, role) values (${u!.id}, 'HR')`);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.execute(sql`delete from timesheet_comments`);
  await t.db.execute(sql`delete from notifications`);
  await t.db.execute(sql`delete from payroll_periods`);
});

describe('lock-date calls', () => {
  it('answer null and false before anything is approved, for every signed-in role', async () => {
    await insertPeriod(day(-30), day(-1), 3);
    for (const user of ['admin', 'hr', 'hrm', 'dl', 'gl', 'pm', 'staff', 'guest']) {
      expect((await expectOk(user, 'GET', '/get-end-date-of-last-approved-timesheet')).data).toEqual({ data: null });
      expect((await expectOk(user, 'GET', `/is-date-from-approved-timesheet?date=${day(-10)}`)).data).toBe(false);
    }
    expect((await call(null, 'GET', '/get-end-date-of-last-approved-timesheet')).status).toBe(401);
  });

  it('is-date-from-approved-timesheet refuses a missing or malformed date with Invalid Date!', async () => {
    for (const query of ['', '?date=', '?date=2026-02-31', '?date=31/01/2026', '?date=2026-1-5', '?date=tomorrow']) {
      await expectError(400, MESSAGES_COMMON.invalidDate, 'staff', 'GET', `/is-date-from-approved-timesheet${query}`);
    }
  });

  it('get-end-date-of-last-timesheet is the end of the latest period that has ended (before today)', async () => {
    expect((await expectOk('staff', 'GET', '/get-end-date-of-last-timesheet')).data).toEqual({ data: null });
    await insertPeriod(day(-60), day(-31), 4);
    await insertPeriod(day(-30), day(-1), 0);
    await insertPeriod(day(0), day(0), 0); // ends today: not ended yet
    await insertPeriod(day(1), day(30), 0);
    expect((await expectOk('guest', 'GET', '/get-end-date-of-last-timesheet')).data).toEqual({ data: day(-1) });
  });

  it('an is_lock period locks its dates too (RULES.md §4)', async () => {
    const id = await insertPeriod(day(-30), day(-1), 0);
    await t.db.execute(sql`update payroll_periods set is_lock = true where id = ${id}`);
    expect((await expectOk('staff', 'GET', '/get-end-date-of-last-approved-timesheet')).data).toEqual({ data: day(-1) });
    expect((await expectOk('staff', 'GET', `/is-date-from-approved-timesheet?date=${day(-1)}`)).data).toBe(true);
  });
});

describe('GET /tms/timesheets/{id}', () => {
  it('answers the timesheet info of spec 001 §3', async () => {
    const first = await insertPeriod('2026-01-26', '2026-02-25', 4);
    const second = await insertPeriod('2026-02-26', '2026-03-25', 2, { forbiddenRequestDate: '2026-04-06' });
    await t.db.execute(sql`update payroll_periods set review_comment = 'Fix staff days' where id = ${second}`);
    const body = await expectOk('staff', 'GET', `/${second}`);
    expect(body).toMatchObject({ code: 200, message: 'Success' });
    expect(body.data).toEqual({
      timesheet_id: second,
      name: expect.any(String),
      from_date: '2026-02-26',
      to_date: '2026-03-25',
      status: 2,
      working_days: 20,
      last_timesheet_period_end_date: '2026-02-25',
      forbidden_request_date: '2026-04-06',
      forbidden_request_time_in_hour: '12:00',
      is_lock: false,
      review_comment: 'Fix staff days',
      approved_at: null,
      version: 1,
    });
    // Without a stored date: the 3rd of the month after the period's end (RULES.md §5).
    const info = (await expectOk('gl', 'GET', `/${first}`)).data;
    expect(info).toMatchObject({ last_timesheet_period_end_date: null, forbidden_request_date: '2026-03-03', status: 4 });
  });

  it('unknown id 404, malformed id 400, guest 403', async () => {
    const id = await endedPeriod();
    await expectError(404, M.timesheetNotFound, 'hr', 'GET', `/${id + 1000}`);
    await expectError(400, M.invalidId, 'hr', 'GET', '/abc');
    expect((await call('guest', 'GET', `/${id}`)).status).toBe(403);
  });
});

describe('PUT /tms/timesheets/{timesheetId}/request-review', () => {
  it('sends a Draft or Pending update timesheet for review (HR, HRM, ADMIN), with history and HR notifications', async () => {
    const draft = await endedPeriod(0);
    const body = await expectOk('admin', 'PUT', `/${draft}/request-review`, { status: 3 });
    expect(body.message).toBe(M.sentForReview);
    expect(body.data).toMatchObject({ timesheet_id: draft, status: 3, version: 2 });
    expect(await periodRow(draft)).toMatchObject({ status: 3, version: 2 });

    const history = await historyOf('payroll_periods', draft);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'STATUS', changes: [{ field: 'status', oldValue: 0, newValue: 3 }], created_by_username: 'admin' });
    expect(history[0]!.new_record).toMatchObject({ id: draft, status: 3, version: 2 });

    // Every HR user but the actor (RULES.md §8).
    expect(await notifications()).toEqual([
      { username: 'hr', notification_type: 'TIMESHEET_REVIEW', title: M.notifyReviewTitle, body: expect.stringContaining('was sent for review by An Admin'), link: '/timesheet' },
      { username: 'hr2', notification_type: 'TIMESHEET_REVIEW', title: M.notifyReviewTitle, body: expect.stringContaining('was sent for review by An Admin'), link: '/timesheet' },
    ]);

    const pendingUpdate = await endedPeriod(2, 1);
    expect((await expectOk('hrm', 'PUT', `/${pendingUpdate}/request-review`, {})).data.status).toBe(3);
    const noBody = await endedPeriod(0, 2);
    expect((await expectOk('hr', 'PUT', `/${noBody}/request-review`)).data.status).toBe(3);
    expect((await notifications()).filter((n) => n.username === 'hr2')).toHaveLength(3);
    expect((await notifications()).filter((n) => n.username === 'hr')).toHaveLength(2);
  });

  it('refuses other statuses and a period that has not ended', async () => {
    for (const status of [1, 3, 4]) {
      const id = await endedPeriod(status, status);
      await expectError(409, M.notEditableForReview, 'hr', 'PUT', `/${id}/request-review`, { status: 3 });
      expect((await periodRow(id)).status).toBe(status);
      expect(await historyOf('payroll_periods', id)).toHaveLength(0);
    }
    const endsToday = await insertPeriod(day(-29), day(0), 0);
    await expectError(409, M.periodNotEnded, 'hr', 'PUT', `/${endsToday}/request-review`, { status: 3 });
    const future = await insertPeriod(day(1), day(31), 0);
    await expectError(409, M.periodNotEnded, 'hr', 'PUT', `/${future}/request-review`, { status: 3 });
    expect(await notifications()).toEqual([]);
  });

  it('validates the body and the version (body or If-Match)', async () => {
    const id = await endedPeriod(0);
    await expectError(400, M.requestReviewStatus, 'hr', 'PUT', `/${id}/request-review`, { status: 4 });
    await expectError(409, MESSAGES_COMMON.conflict, 'hr', 'PUT', `/${id}/request-review`, { status: 3, version: 7 });
    await expectError(409, MESSAGES_COMMON.conflict, 'hr', 'PUT', `/${id}/request-review`, { status: 3 }, { 'if-match': '"7"' });
    await expectError(400, M.versionInvalid, 'hr', 'PUT', `/${id}/request-review`, { status: 3 }, { 'if-match': 'abc' });
    expect((await expectOk('hr', 'PUT', `/${id}/request-review`, { status: 3 }, { 'if-match': '1' })).data.version).toBe(2);
    await expectError(404, M.timesheetNotFound, 'hr', 'PUT', `/${id + 1000}/request-review`, { status: 3 });
  });

  it('only HR, HRM and ADMIN may send for review', async () => {
    const id = await endedPeriod(0);
    for (const user of ['dl', 'gl', 'pm', 'staff', 'guest']) expect((await call(user, 'PUT', `/${id}/request-review`, { status: 3 })).status).toBe(403);
    expect((await periodRow(id)).status).toBe(0);
  });
});

describe('PUT /tms/timesheets/{timesheetId}/review', () => {
  it('approve: Pending approval → Approved; the period dates lock; a second approve is 409 with no second history entry', async () => {
    const older = await endedPeriod(4, 1);
    const id = await endedPeriod(3);
    expect(await getLockDate(t.db)).toBe(day(-31));
    expect((await expectOk('staff', 'GET', `/is-date-from-approved-timesheet?date=${day(-1)}`)).data).toBe(false);

    const body = await expectOk('hr', 'PUT', `/${id}/review`, { status: 4 });
    expect(body.message).toBe(M.approved);
    expect(body.data).toMatchObject({ status: 4, version: 2, approved_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect((await periodRow(id)).approved_at).not.toBeNull();

    expect(await getLockDate(t.db)).toBe(day(-1));
    expect((await expectOk('staff', 'GET', '/get-end-date-of-last-approved-timesheet')).data).toEqual({ data: day(-1) });
    expect((await expectOk('staff', 'GET', `/is-date-from-approved-timesheet?date=${day(-1)}`)).data).toBe(true);
    expect((await expectOk('staff', 'GET', `/is-date-from-approved-timesheet?date=${day(0)}`)).data).toBe(false);

    await expectError(409, M.alreadyApproved, 'hr', 'PUT', `/${id}/review`, { status: 4 });
    const history = await historyOf('payroll_periods', id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'STATUS', changes: [{ field: 'status', oldValue: 3, newValue: 4 }], created_by_username: 'hr' });
    expect(older).toBeGreaterThan(0);

    // HR, HRM and ADMIN are told, the actor excepted.
    const sent = await notifications();
    expect(sent.map((n) => n.username)).toEqual(['admin', 'hr2', 'hrm']);
    expect(sent.every((n) => n.notification_type === 'TIMESHEET_APPROVED' && n.title === M.notifyApprovedTitle && n.link === '/timesheet')).toBe(true);
  });

  it('approve only from Pending approval', async () => {
    for (const status of [0, 1, 2]) {
      const id = await endedPeriod(status, status);
      await expectError(409, M.notPendingApproval, 'hr', 'PUT', `/${id}/review`, { status: 4 });
      expect((await periodRow(id)).status).toBe(status);
    }
    expect(await getLockDate(t.db)).toBeNull();
  });

  it('reject needs a comment of at most 500 characters (spec 001 §5.1)', async () => {
    const id = await endedPeriod(3);
    await expectError(400, M.rejectCommentRequired, 'hr', 'PUT', `/${id}/review`, { status: 2 });
    await expectError(400, M.rejectCommentRequired, 'hr', 'PUT', `/${id}/review`, { status: 2, content: '' });
    await expectError(400, M.rejectCommentRequired, 'hr', 'PUT', `/${id}/review`, { status: 2, content: '   ' });
    await expectError(400, M.rejectCommentRequired, 'hr', 'PUT', `/${id}/review`, { status: 2, content: null });
    await expectError(400, M.commentTooLong, 'hr', 'PUT', `/${id}/review`, { status: 2, content: 'x'.repeat(501) });
    await expectError(400, M.reviewStatus, 'hr', 'PUT', `/${id}/review`, { status: 3, content: 'why' });
    await expectError(400, M.reviewStatus, 'hr', 'PUT', `/${id}/review`, {});
    expect(await periodRow(id)).toMatchObject({ status: 3, version: 1 });
    expect(await historyOf('payroll_periods', id)).toHaveLength(0);

    const body = await expectOk('hr', 'PUT', `/${id}/review`, { status: 2, content: 'y'.repeat(500) });
    expect(body.data).toMatchObject({ status: 2, review_comment: 'y'.repeat(500) });
  });

  it('reject from Pending approval → Pending update, comment kept and shown; history and notifications', async () => {
    const id = await endedPeriod(3);
    const body = await expectOk('hr', 'PUT', `/${id}/review`, { status: 2, content: '  Staff days of 05/03 are missing  ' });
    expect(body.message).toBe(M.rejected);
    expect(body.data).toMatchObject({ status: 2, review_comment: 'Staff days of 05/03 are missing', approved_at: null });
    expect((await expectOk('staff', 'GET', `/${id}`)).data.review_comment).toBe('Staff days of 05/03 are missing');

    const [entry] = await historyOf('payroll_periods', id);
    expect(entry).toMatchObject({
      action: 'STATUS',
      changes: [
        { field: 'status', oldValue: 3, newValue: 2 },
        { field: 'review_comment', oldValue: null, newValue: 'Staff days of 05/03 are missing' },
      ],
    });
    const sent = await notifications();
    expect(sent.map((n) => n.username)).toEqual(['admin', 'hr2', 'hrm']);
    expect(sent[0]).toMatchObject({ notification_type: 'TIMESHEET_REJECTED', title: M.notifyRejectedTitle, body: expect.stringContaining('Staff days of 05/03 are missing') });

    // Pending update may be sent again; the comment stays until the approve.
    expect((await expectOk('hrm', 'PUT', `/${id}/request-review`, { status: 3 })).data).toMatchObject({ status: 3, review_comment: 'Staff days of 05/03 are missing' });
    const approved = (await expectOk('hr', 'PUT', `/${id}/review`, { status: 4, content: 'ignored' })).data;
    expect(approved).toMatchObject({ status: 4, review_comment: null });
    expect((await historyOf('payroll_periods', id)).map((h) => h.changes.find((c) => c.field === 'status')?.newValue)).toEqual([2, 3, 4]);
  });

  it('reject of an Approved timesheet unlocks its dates; status 1 is read as a reject to Pending update', async () => {
    const id = await endedPeriod(4);
    await t.db.execute(sql`update payroll_periods set approved_at = now() where id = ${id}`);
    expect(await getLockDate(t.db)).toBe(day(-1));
    const data = (await expectOk('hr', 'PUT', `/${id}/review`, { status: 1, content: 'Reopen for corrections' })).data;
    expect(data).toMatchObject({ status: 2, approved_at: null, review_comment: 'Reopen for corrections' });
    expect(await getLockDate(t.db)).toBeNull();
    expect((await expectOk('staff', 'GET', `/is-date-from-approved-timesheet?date=${day(-1)}`)).data).toBe(false);
    expect((await historyOf('payroll_periods', id))[0]!.changes[0]).toEqual({ field: 'status', oldValue: 4, newValue: 2 });
  });

  it('reject only from Pending approval or Approved', async () => {
    for (const status of [0, 1, 2]) {
      const id = await endedPeriod(status, status);
      await expectError(409, M.notRejectable, 'hr', 'PUT', `/${id}/review`, { status: 2, content: 'no' });
    }
  });

  it('a stale version is 409', async () => {
    const id = await endedPeriod(3);
    await expectError(409, MESSAGES_COMMON.conflict, 'hr', 'PUT', `/${id}/review`, { status: 4, version: 5 });
    await expectError(409, MESSAGES_COMMON.conflict, 'hr', 'PUT', `/${id}/review`, { status: 4 }, { 'if-match': 'W/"2"' });
    expect((await expectOk('hr', 'PUT', `/${id}/review`, { status: 4, version: 1 })).data.status).toBe(4);
  });

  it('two approves at once: exactly one 200, one 409 and one history entry', async () => {
    const id = await endedPeriod(3);
    const results = await Promise.all([call('hr', 'PUT', `/${id}/review`, { status: 4 }), call('hr', 'PUT', `/${id}/review`, { status: 4 })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(M.alreadyApproved);
    expect(await periodRow(id)).toMatchObject({ status: 4, version: 2 });
    expect(await historyOf('payroll_periods', id)).toHaveLength(1);
    expect((await notifications()).filter((n) => n.notification_type === 'TIMESHEET_APPROVED')).toHaveLength(3);
  });

  it('an approve and a reject at once never both act on Pending approval', async () => {
    const id = await endedPeriod(3);
    const results = await Promise.all([
      call('hr', 'PUT', `/${id}/review`, { status: 4, version: 1 }),
      call('hr', 'PUT', `/${id}/review`, { status: 2, content: 'No', version: 1 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await historyOf('payroll_periods', id)).toHaveLength(1);
    expect((await periodRow(id)).version).toBe(2);
  });

  it('the conditional UPDATE: a second transaction that read the old status changes nothing once the first commits', async () => {
    const id = await endedPeriod(3);
    let firstUpdated!: () => void;
    const updated = new Promise<void>((resolve) => (firstUpdated = resolve));
    const first = t.db.transaction(async (tx) => {
      const row = await changeStatus(tx, id, { from: [3], to: 4, version: 1, approved: true });
      firstUpdated();
      // Hold the row lock while the second statement starts (on a server it waits for this commit).
      await new Promise((resolve) => setTimeout(resolve, 150));
      return row;
    });
    await updated;
    const second = t.db.transaction((tx) => changeStatus(tx, id, { from: [3], to: 4, version: 1, approved: true }));
    const [a, b] = await Promise.all([first, second]);
    expect(a).toMatchObject({ status: 4, version: 2 });
    expect(b).toBeUndefined();
    expect(await periodRow(id)).toMatchObject({ status: 4, version: 2 });
  });

  it('only HR approves or rejects (spec 001 §6)', async () => {
    const id = await endedPeriod(3);
    for (const user of ['admin', 'hrm', 'dl', 'gl', 'pm', 'staff', 'guest']) {
      expect((await call(user, 'PUT', `/${id}/review`, { status: 4 })).status).toBe(403);
      expect((await call(user, 'PUT', `/${id}/review`, { status: 2, content: 'no' })).status).toBe(403);
    }
    expect((await periodRow(id)).status).toBe(3);
  });
});

describe('timesheet comments', () => {
  const list = async (user: string, id: number) => (await expectOk(user, 'GET', `/${id}/comments`)).data as Json[];

  it('create, list newest first with editable for the creator, edit and delete own comments, with history', async () => {
    const id = await endedPeriod(0);
    expect(await list('hr', id)).toEqual([]);

    const first = (await expectOk('hr', 'POST', `/${id}/comments`, { content: '  First note  ' })).data;
    expect(first).toMatchObject({
      comment_id: expect.any(Number),
      content: 'First note',
      created_by: { name: 'Hoa Human', username: 'hr' },
      last_modified_by: { name: 'Hoa Human', username: 'hr' },
      last_modified_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      editable: true,
      version: 1,
    });
    const second = (await expectOk('admin', 'POST', `/${id}/comments`, { content: 'Admin note' })).data;

    expect((await list('hr', id)).map((c) => [c.comment_id, c.editable])).toEqual([
      [second.comment_id, false],
      [first.comment_id, true],
    ]);
    expect((await list('admin', id)).map((c) => [c.comment_id, c.editable])).toEqual([
      [second.comment_id, true],
      [first.comment_id, false],
    ]);

    const edited = await expectOk('hr', 'PUT', `/${id}/comments`, { comment_id: first.comment_id, content: 'First note, edited', version: 1 });
    expect(edited.message).toBe(M.commentUpdated);
    expect(edited.data).toMatchObject({ comment_id: first.comment_id, content: 'First note, edited', version: 2, editable: true });
    await expectError(409, MESSAGES_COMMON.conflict, 'hr', 'PUT', `/${id}/comments`, { comment_id: first.comment_id, content: 'Again', version: 1 });

    const removed = await expectOk('hr', 'DELETE', `/${id}/comments/${first.comment_id}`);
    expect(removed.data).toEqual({ comment_id: first.comment_id });
    expect((await list('hr', id)).map((c) => c.comment_id)).toEqual([second.comment_id]);
    await expectError(404, M.commentNotFound, 'hr', 'DELETE', `/${id}/comments/${first.comment_id}`);
    await expectError(404, M.commentNotFound, 'hr', 'PUT', `/${id}/comments`, { comment_id: first.comment_id, content: 'Back?' });

    const history = await historyOf('timesheet_comments', first.comment_id);
    expect(history.map((h) => h.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    expect(history[0]!.changes).toEqual([{ field: 'content', oldValue: null, newValue: 'First note' }]);
    expect(history[1]!.changes).toEqual([{ field: 'content', oldValue: 'First note', newValue: 'First note, edited' }]);
    expect(history.every((h) => h.created_by_username === 'hr')).toBe(true);
    // The row stays for its history.
    const [row] = await queryRows<{ deleted: boolean }>(t.db, sql`select deleted_at is not null as deleted from timesheet_comments where id = ${first.comment_id}`);
    expect(row!.deleted).toBe(true);
  });

  it('only the creator edits or deletes (403); a comment of another timesheet is 404', async () => {
    const id = await endedPeriod(0);
    const other = await endedPeriod(0, 1);
    const comment = (await expectOk('hr', 'POST', `/${id}/comments`, { content: 'Mine' })).data;
    await expectError(403, M.commentCreatorOnly, 'admin', 'PUT', `/${id}/comments`, { comment_id: comment.comment_id, content: 'Yours now' });
    await expectError(403, M.commentCreatorOnly, 'admin', 'DELETE', `/${id}/comments/${comment.comment_id}`);
    await expectError(404, M.commentNotFound, 'hr', 'PUT', `/${other}/comments`, { comment_id: comment.comment_id, content: 'Moved' });
    await expectError(404, M.commentNotFound, 'hr', 'DELETE', `/${other}/comments/${comment.comment_id}`);
    await expectError(404, M.timesheetNotFound, 'hr', 'GET', `/${id + 1000}/comments`);
    await expectError(404, M.timesheetNotFound, 'hr', 'POST', `/${id + 1000}/comments`, { content: 'Nowhere' });
    expect((await list('hr', id))[0]).toMatchObject({ content: 'Mine', version: 1 });
    expect(await historyOf('timesheet_comments', comment.comment_id)).toHaveLength(1);
  });

  it('validates content and comment_id (spec 001 §5.1)', async () => {
    const id = await endedPeriod(0);
    await expectError(400, M.commentRequired, 'hr', 'POST', `/${id}/comments`, {});
    await expectError(400, M.commentRequired, 'hr', 'POST', `/${id}/comments`, { content: '' });
    await expectError(400, M.commentRequired, 'hr', 'POST', `/${id}/comments`, { content: '   ' });
    await expectError(400, M.commentTooLong, 'hr', 'POST', `/${id}/comments`, { content: 'x'.repeat(501) });
    expect((await expectOk('hr', 'POST', `/${id}/comments`, { content: 'x'.repeat(500) })).data.content).toHaveLength(500);
    await expectError(400, M.commentIdRequired, 'hr', 'PUT', `/${id}/comments`, { content: 'No id' });
    const comment = (await list('hr', id))[0]!;
    await expectError(400, M.commentRequired, 'hr', 'PUT', `/${id}/comments`, { comment_id: comment.comment_id, content: ' ' });
    await expectError(400, M.commentTooLong, 'hr', 'PUT', `/${id}/comments`, { comment_id: comment.comment_id, content: 'y'.repeat(501) });
  });

  it('comments are for HR and ADMIN only (spec 001 §6)', async () => {
    const id = await endedPeriod(0);
    const comment = (await expectOk('hr', 'POST', `/${id}/comments`, { content: 'HR only' })).data;
    for (const user of ['hrm', 'dl', 'gl', 'pm', 'staff', 'guest']) {
      expect((await call(user, 'GET', `/${id}/comments`)).status).toBe(403);
      expect((await call(user, 'POST', `/${id}/comments`, { content: 'Me too' })).status).toBe(403);
      expect((await call(user, 'PUT', `/${id}/comments`, { comment_id: comment.comment_id, content: 'Me too' })).status).toBe(403);
      expect((await call(user, 'DELETE', `/${id}/comments/${comment.comment_id}`)).status).toBe(403);
    }
    expect(await list('hr', id)).toHaveLength(1);
  });
});
