import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REQUEST_EXPORT_FILE, REQUEST_EXPORT_PATH, REQUEST_FILTER_STATUSES, REQUEST_LIST_PATH, REQUEST_ONSITE_HISTORY_PATH } from '@tms/contracts/request-list';
import { recordHistory } from '../../lib/history.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { leaveApi, type Json } from '../../test/leave-api.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { listRequestRecords } from './request-list.service.ts';
import { seedRequest } from './request-list.test-support.ts';

/** Monday 23/11/2026 in company time; the lock date is 25/10/2026 (period T10-2026 approved). */
const NOW = '2026-11-23T10:00:00+07:00';
const LOCK = '2026-10-25';

let t: TestApp;
const { call } = leaveApi(() => t, `/api${REQUEST_LIST_PATH}`);
const ids: Record<string, number> = {};

async function list(user: string, query = ''): Promise<{ data: Json[]; page: Json }> {
  const { status, body } = await call(user, 'GET', `/api${REQUEST_LIST_PATH}?size=100${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { data: Json[]; page: Json };
}
const idsOf = async (user: string, query = '') => (await list(user, query)).data.map((r) => r.id as number).sort((a, b) => a - b);
const named = (...names: string[]) => names.map((n) => ids[n]!).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await approvePeriodEnding(t.db, t.fixture.companyId, '2026-09-26', LOCK);
  ids.staffPending = await seedRequest(t, { username: 'staff', date: '2026-11-26', cc: ['staff2', 'gl'], description: 'family trip', createdAt: '2026-11-20T03:00:00Z' });
  ids.staffExpired = await seedRequest(t, { username: 'staff', date: '2026-10-20', createdAt: '2026-10-10T03:00:00Z' });
  ids.staffApproved = await seedRequest(t, { username: 'staff', date: '2026-11-10', status: 3, createdAt: '2026-11-05T03:00:00Z' });
  ids.staff2Rejected = await seedRequest(t, { username: 'staff2', date: '2026-11-12', status: 4, reasonType: 'UNPAID_LEAVE', createdAt: '2026-11-06T03:00:00Z' });
  ids.staff3Pending = await seedRequest(t, { username: 'staff3', date: '2026-11-27', assignee: 'dl', shift: 'MORNING', createdAt: '2026-11-21T03:00:00Z' });
  ids.staff4Onsite = await seedRequest(t, {
    username: 'staff4', date: '2026-11-30', endDate: '2026-12-02', requestType: 'ONSITE', reasonType: 'ONSITE', assignee: 'pm', projectId: t.fixture.projectId, createdAt: '2026-11-22T03:00:00Z',
  });
  ids.staff4ForGuest = await seedRequest(t, { username: 'staff4', date: '2026-11-25', assignee: 'guest', description: '=HYPERLINK("x")', createdAt: '2026-11-22T04:00:00Z' });
});
afterAll(async () => t?.close());

describe('GET /tms/request-management: scope per role (RULES.md §3), default status Pending', () => {
  it('staff sees their own pending requests only', async () => {
    expect(await idsOf('staff')).toEqual(named('staffPending'));
  });
  it('a group lead sees their department, a division lead their division', async () => {
    expect(await idsOf('gl')).toEqual(named('staffPending'));
    expect(await idsOf('dl')).toEqual(named('staffPending', 'staff3Pending'));
  });
  it('a PM sees the items of their projects, not other requests of the same member', async () => {
    expect(await idsOf('pm')).toEqual(named('staff4Onsite'));
  });
  it('a guest sees only the items assigned to them', async () => {
    expect(await idsOf('guest')).toEqual(named('staff4ForGuest'));
    expect(await idsOf('guest', '&status=1,3,4,5,10')).toEqual(named('staff4ForGuest'));
  });
  it('HR, HRM and Admin see everyone', async () => {
    for (const user of ['hr', 'hrm', 'admin']) expect(await idsOf(user)).toEqual(named('staffPending', 'staff3Pending', 'staff4Onsite', 'staff4ForGuest'));
  });
  it('an assignee outside the lead scope still sees the item assigned to them', async () => {
    // dl is assigned staff3 (their division) — and the assignee rule covers a request of another division too.
    const other = await seedRequest(t, { username: 'staff4', date: '2026-12-03', assignee: 'dl' });
    expect(await idsOf('dl')).toContain(other);
    expect(await idsOf('gl')).not.toContain(other);
    await t.db.execute(sql`delete from request_dates where request_id = ${other}`);
    await t.db.execute(sql`delete from requests where id = ${other}`);
  });
});

describe('status filter and Expired (RULES.md §5)', () => {
  it('a pending request dated on or before the lock date shows as 10 EXPIRED and only under status 10', async () => {
    const { data } = await list('staff', '&status=10');
    expect(data.map((r) => r.id)).toEqual([ids.staffExpired]);
    expect(data[0]).toMatchObject({ status: 10, status_type: 'EXPIRED', is_expired: true });
    expect(data[0]!.actions).toEqual({ approve: false, reject: false, withdraw: false, edit: false, delegate: false });
  });
  it('an explanation handed to another assignee (Delegated, 6) is under Pending for its new assignee', async () => {
    const delegated = await seedRequest(t, { username: 'staff', date: '2026-11-24', status: 6, requestType: 'EXPLANATION_REQUEST', reasonType: 'LATE_TRAFFIC', assignee: 'dl' });
    await t.db.execute(sql`update requests set is_explanation = true where id = ${delegated}`);
    try {
      const { data } = await list('dl');
      expect(data.find((r) => r.id === delegated)).toMatchObject({ status: 6, status_type: 'DELEGATED', is_expired: false, is_explanation: true });
      expect(await idsOf('dl', '&status=3,4,5')).not.toContain(delegated);
    } finally {
      await t.db.execute(sql`delete from request_dates where request_id = ${delegated}`);
      await t.db.execute(sql`delete from requests where id = ${delegated}`);
    }
  });
  it('status 3, 4 and lists of statuses', async () => {
    expect(await idsOf('hr', '&status=3')).toEqual(named('staffApproved'));
    expect(await idsOf('hr', '&status=4')).toEqual(named('staff2Rejected'));
    expect(await idsOf('staff', '&status=1,3,10')).toEqual(named('staffPending', 'staffExpired', 'staffApproved'));
  });
  it('an emptied Status filter (the web sends every status, or an empty status=) lists decided requests too; no status is Pending', async () => {
    const all = named('staffPending', 'staffExpired', 'staffApproved');
    expect(await idsOf('staff', `&status=${REQUEST_FILTER_STATUSES.join(',')}`)).toEqual(all);
    expect(await idsOf('staff', '&status=')).toEqual(all);
    expect(await idsOf('staff')).toEqual(named('staffPending'));
  });
  it('status 0 and unknown values are refused with 400', async () => {
    for (const q of ['&status=0', '&status=2', '&status=abc']) expect((await call('hr', 'GET', `/api${REQUEST_LIST_PATH}?x=1${q}`)).status).toBe(400);
  });
});

describe('filters', () => {
  const all = '&status=1,3,4,5,10';
  it('employee ids, usernames (any case), departments, divisions', async () => {
    expect(await idsOf('hr', `${all}&employee=${t.fixture.employeeIds.staff3}`)).toEqual(named('staff3Pending'));
    expect(await idsOf('hr', `${all}&usernames=STAFF2,staff3`)).toEqual(named('staff2Rejected', 'staff3Pending'));
    expect(await idsOf('hr', `${all}&departments=${t.fixture.departments.dep3}`)).toEqual(named('staff4Onsite', 'staff4ForGuest'));
    expect(await idsOf('hr', `${all}&divisions=${t.fixture.divisions.div1}`)).toEqual(
      named('staffPending', 'staffExpired', 'staffApproved', 'staff2Rejected', 'staff3Pending'),
    );
  });
  it('request type, reason type', async () => {
    expect(await idsOf('hr', `${all}&request_type=ONSITE`)).toEqual(named('staff4Onsite'));
    expect(await idsOf('hr', `${all}&reason_type=UNPAID_LEAVE,ONSITE`)).toEqual(named('staff2Rejected', 'staff4Onsite'));
  });
  it('from/to select requests overlapping the range; created range by company day', async () => {
    expect(await idsOf('hr', `${all}&from_date=2026-12-01&to_date=2026-12-31`)).toEqual(named('staff4Onsite'));
    expect(await idsOf('hr', `${all}&from_date=2026-11-25&to_date=2026-11-26`)).toEqual(named('staffPending', 'staff4ForGuest'));
    expect(await idsOf('hr', `${all}&created_from=2026-11-22&created_to=2026-11-22`)).toEqual(named('staff4Onsite', 'staff4ForGuest'));
    expect((await call('hr', 'GET', `/api${REQUEST_LIST_PATH}?from_date=31/12/2026`)).status).toBe(400);
  });
  it('a filter cannot widen the scope', async () => {
    expect(await idsOf('staff', `${all}&usernames=staff3`)).toEqual([]);
  });
});

describe('paging and sort', () => {
  it('default size 10, page/size, total, sort by name or start date', async () => {
    const { status, body } = await call('hr', 'GET', `/api${REQUEST_LIST_PATH}?status=1,3,4,5,10`);
    expect(status).toBe(200);
    expect(body.page).toEqual({ page: 1, size: 10, total_element: 7 });
    const p2 = (await call('hr', 'GET', `/api${REQUEST_LIST_PATH}?status=1,3,4,5,10&size=3&page=2&sort=start_date&direction=1`)).body;
    expect(p2.page).toEqual({ page: 2, size: 3, total_element: 7 });
    expect(p2.data.map((r: Json) => r.start_date)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    const past = await call('hr', 'GET', `/api${REQUEST_LIST_PATH}?status=1,3,4,5,10&size=3&page=9`);
    expect(past.body.page).toEqual({ page: 9, size: 3, total_element: 7 });
    expect(past.body.data).toEqual([]);
    const byName = await list('hr', '&status=1,3,4,5,10&sort=name&direction=1');
    const names = byName.data.map((r) => r.employee.name as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    // newest first by default
    expect((await list('hr', '&status=1,3,4,5,10')).data[0]!.id).toBe(ids.staff4ForGuest);
  });
});

describe('the record (spec 001 §3)', () => {
  it('has the employee, approver, CC list, dates and the actions of request-rules', async () => {
    const [row] = (await list('gl')).data;
    expect(row).toMatchObject({
      id: ids.staffPending,
      request_type: 'LEAVE_REQUEST',
      request_type_name: 'Leave Request',
      reason_type: 'ANN_LEAVE_CORP',
      reason_type_name: 'Annual leave',
      // Both in the request's language, English without Accept-Language (issue 25).
      reason_type_name_vi: 'Annual leave',
      employee: { id: t.fixture.employeeIds.staff, name: 'Son Staff', user_name: 'staff', department_name: 'Department One' },
      approver: { id: t.fixture.userIds.gl, user_name: 'gl', name: 'Giang Group' },
      start_date: '2026-11-26',
      end_date: '2026-11-26',
      quantity_in_hours: 8,
      quantity_in_minutes: 480,
      status: 1,
      status_type: 'PENDING',
      is_expired: false,
      is_explanation: false,
      description: 'family trip',
      request_dates: [{ request_date: '2026-11-26', request_minutes: null, duration: 'FULL_DAY' }],
      created_by: { user_name: 'staff', name: 'Son Staff' },
      created_date: '2026-11-20T03:00:00.000Z',
    });
    expect(row!.mail.map((m: Json) => m.user_name)).toEqual(['gl', 'staff2']);
    expect(row!.mail_cc).toEqual([t.fixture.employeeIds.gl, t.fixture.employeeIds.staff2]);
    expect(row!.actions).toMatchObject({ approve: true, reject: true, withdraw: false, delegate: true });
    const [own] = (await list('staff')).data;
    expect(own!.actions).toMatchObject({ approve: false, withdraw: true, edit: true });
  });
});

describe('GET /tms/request-management/on-site-history', () => {
  beforeAll(async () => {
    const by = { userId: t.fixture.userIds.staff4!, username: 'staff4', name: 'Sau Fourth' };
    await recordHistory(t.db, { tableName: 'requests', recordId: ids.staff4Onsite!, employeeId: t.fixture.employeeIds.staff4, action: 'CREATE', changes: [], newRecord: { id: ids.staff4Onsite }, by });
  });
  const history = (user: string, id: number) => call(user, 'GET', `/api${REQUEST_ONSITE_HISTORY_PATH}?id=${id}`);
  it('the PM, the lead of the division and HR read it; others get 404', async () => {
    for (const user of ['pm', 'hr', 'other']) {
      const { status, body } = await history(user, ids.staff4Onsite!);
      expect(status, user).toBe(200);
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({ action: 'CREATE', createdBy: { username: 'staff4' } });
    }
    for (const user of ['staff', 'gl', 'dl', 'guest']) expect((await history(user, ids.staff4Onsite!)).status, user).toBe(404);
    expect((await history('hr', 9_999_999)).status).toBe(404);
    expect((await history('hr', 0)).status).toBe(400);
  });
});

describe('GET /tms/excel/request-list', () => {
  async function exportAs(user: string, query = '') {
    const headers = await t.as(user);
    return t.app.inject({ method: 'GET', url: `/api${REQUEST_EXPORT_PATH}?x=1${query}`, headers });
  }
  async function sheetRows(res: Awaited<ReturnType<typeof exportAs>>) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }
  it('HR exports every matching row as Request_List.xlsx; a formula-like text stays text', async () => {
    const res = await exportAs('hr', '&status=1,3,4,5,10');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(REQUEST_EXPORT_FILE);
    const rows = await sheetRows(res);
    expect(rows[0]![0]).toBe('ID');
    expect(rows).toHaveLength(1 + 7);
    const guestRow = rows.find((r) => r[0] === ids.staff4ForGuest)!;
    expect(guestRow[13]).toBe('=HYPERLINK("x")');
  });
  it('the export follows the scope: guest and staff get theirs only; nothing matching → 404 No data export', async () => {
    expect((await sheetRows(await exportAs('guest', '&status=1,3,4,5,10'))).slice(1).map((r) => r[0])).toEqual([ids.staff4ForGuest]);
    expect((await sheetRows(await exportAs('staff'))).slice(1).map((r) => r[0])).toEqual([ids.staffPending]);
    expect((await sheetRows(await exportAs('pm', '&status=1,3,4,5,10'))).slice(1).map((r) => r[0])).toEqual([ids.staff4Onsite]);
    expect((await sheetRows(await exportAs('gl', '&status=1,3,4,5,10'))).slice(1).map((r) => r[0] as number).sort((a, b) => a - b)).toEqual(
      named('staffPending', 'staffExpired', 'staffApproved', 'staff2Rejected'),
    );
    const none = await exportAs('staff', '&usernames=staff3');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No data export');
  });
});

describe('a page is one statement (the lock date and the last timesheet end are read inside it)', () => {
  it('staff: one query, Expired and the actions computed with the company lock date', async () => {
    const staff: SessionUser = {
      sessionId: 0,
      userId: t.fixture.userIds.staff!,
      username: 'staff',
      employeeId: t.fixture.employeeIds.staff!,
      name: 'staff',
      roles: ['STAFF'],
      isPm: false,
      actors: ['STAFF'],
    };
    // On a server the page is a prepared statement sent through the pool (queryRowsPrepared), which drizzle's execute
    // also goes through: count the pool's statements there, drizzle's on the embedded database.
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = 'totalCount' in client ? vi.spyOn(client, 'query') : vi.spyOn(t.db, 'execute');
    try {
      const out = await listRequestRecords({ db: t.db, clock: t.clock }, staff, { page: 1, size: 20, status: [1, 3, 10], sort: 'created_date', direction: -1 } as never);
      expect(spy).toHaveBeenCalledTimes(1);
      const byId = new Map(out.data.map((r) => [r.id, r]));
      expect(byId.get(ids.staffExpired!)).toMatchObject({ status: 10, is_expired: true, actions: { withdraw: false } });
      expect(byId.get(ids.staffPending!)).toMatchObject({ status: 1, is_expired: false, actions: { withdraw: true } });
    } finally {
      spy.mockRestore();
    }
  });
});
