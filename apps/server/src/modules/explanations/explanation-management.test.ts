import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLANATION_MESSAGES as XM, explanationListResponseSchema } from '@tms/contracts/explanations';
import { REASSIGN_MESSAGES } from '@tms/contracts/reassign';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { Json } from '../../test/json-body.ts';
import { insertExplanationPeriods } from '../../test/explanation-company.ts';

/**
 * Explanation Management (spec 001 §2.6, §4.4, §5.5, §7.5): the list by scope, editing while Pending or Delegated,
 * the change of assignee (6, back to the original restores), cancel, approve and reject, the delegate search.
 * Pinned to 18/11/2026 10:00 (UTC+7), lock date 25/10.
 */
const NOW = '2026-11-18T10:00:00+07:00';
let t: TestApp;
const id = (u: string) => t.fixture.employeeIds[u]!;
const uid = (u: string) => t.fixture.userIds[u]!;
const P = '/tms/explanation-management';

async function call(method: 'GET' | 'POST' | 'PUT', user: string, url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: await t.as(user), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: res.json() as Json };
}
/** An unexplained late-coming case, explained by its owner; answers { caseId, requestId }. */
async function explained(username: string, date: string) {
  const [c] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into abnormal_cases (employee_id, abnormal_date, reason, minute_violation, start_time, end_time, status)
        values (${id(username)}, ${date}, '2', 30, '08:30', '12:00', 0) returning id`,
  );
  const res = await call('POST', username, `/tms/request-management/create-explanation/${c!.id}`, {
    reason_type: 'LATE_TRAFFIC', title: `Late ${date}`, actual: 'LATE_COMING', description: 'Traffic',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { caseId: c!.id, requestId: res.body.data.request_id as number };
}
const list = async (user: string, query = '') => {
  const res = await call('GET', user, `${P}?size=50${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  explanationListResponseSchema.parse(res.body);
  return res.body as { data: Json[]; page: Json };
};
const row = async (user: string, requestId: number) => (await list(user, `&id=${requestId}`)).data[0];
const update = (user: string, payload: Json) => call('PUT', user, `${P}/update-explanation`, payload);
const status = (user: string, abnormalId: number, s: 3 | 4 | 5) => call('PUT', user, `${P}/status`, { abnormalId, status: s });

let a: { caseId: number; requestId: number };
let b: { caseId: number; requestId: number };
let c: { caseId: number; requestId: number };
let d: { caseId: number; requestId: number };

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertExplanationPeriods(t);
  a = await explained('staff', '2026-11-02');
  b = await explained('staff2', '2026-11-03');
  c = await explained('staff4', '2026-11-04');
  d = await explained('staff', '2026-11-05');
});
afterAll(async () => t?.close());

describe('GET /tms/explanation-management', () => {
  it('scope: own; a lead their people and what is assigned to them; ADMIN and HR everything; no GUEST', async () => {
    const ids = async (user: string) => (await list(user)).data.map((r) => r.id).sort((x: number, y: number) => x - y);
    expect(await ids('staff')).toEqual([a.requestId, d.requestId]);
    expect(await ids('gl')).toEqual([a.requestId, b.requestId, d.requestId]);
    expect(await ids('other')).toEqual([c.requestId]);
    expect(await ids('hr')).toEqual([a.requestId, b.requestId, c.requestId, d.requestId]);
    expect(await ids('admin')).toHaveLength(4);
    expect(await ids('staff4')).toEqual([c.requestId]);
    expect((await call('GET', 'guest', P)).status).toBe(403);
  });

  it('rows of spec 001 §3 Explanation, newest first by default, sortable, filtered', async () => {
    const r = await row('gl', a.requestId);
    expect(r).toMatchObject({
      id: a.requestId, abnormal_id: a.caseId, title: 'Late 2026-11-02', employee: { id: id('staff'), name: 'Son Staff', department: 'Department One' },
      assignee: { id: uid('gl'), user_name: 'gl' }, created_by: { user_name: 'staff' }, approved_by: null, abnormal_date: '2026-11-02',
      reason_type: 'LATE_TRAFFIC', actual: 'LATE_COMING', description: 'Traffic', status: 1, statusText: 'PENDING',
      actions: { approve: true, reject: true, cancel: false, edit: false, changeAssignee: true },
    });
    expect((await row('staff', a.requestId))!.actions).toMatchObject({ approve: false, cancel: true, edit: true });
    expect((await list('hr')).data.map((x) => x.id)).toEqual([d.requestId, c.requestId, b.requestId, a.requestId]);
    const sorted = await call('GET', 'hr', `${P}?fieldToSort=abnormal_date&direction=1&size=2&page=2`);
    expect(sorted.body.data.map((x: Json) => x.abnormal_date)).toEqual(['2026-11-04', '2026-11-05']);
    expect(sorted.body.page).toEqual({ page: 2, size: 2, total_element: 4 });
    expect((await list('hr', '&fromDate=03/11/2026&toDate=04/11/2026')).data.map((x) => x.id)).toEqual([c.requestId, b.requestId]);
    expect((await list('hr', `&employee=${encodeURIComponent('sáng')}`)).data.map((x) => x.id)).toEqual([b.requestId]);
    expect((await list('hr', `&departments=${t.fixture.departments.dep3}`)).data.map((x) => x.id)).toEqual([c.requestId]);
    expect((await list('hr', '&status=3,4')).page.total_element).toBe(0);
  });
});

describe('PUT update-explanation (spec 001 §4.4, §5.5)', () => {
  it('a row carries the Reason Type column\'s text: the reason type\'s name in the reader\'s language (issue 26 §7)', async () => {
    expect(await row('staff', a.requestId)).toMatchObject({ reason_type: 'LATE_TRAFFIC', reason_type_name: 'Late because of traffic' });
    const res = await t.app.inject({ method: 'GET', url: `/api${P}?id=${a.requestId}`, headers: { ...(await t.as('staff')), 'accept-language': 'vi-VN,vi;q=0.9' } });
    expect((res.json() as Json).data[0]).toMatchObject({ reason_type: 'LATE_TRAFFIC', reason_type_name: 'Đi muộn do tắc đường' });
  });

  it('the owner edits title, actual and description while pending; the spec texts for blanks; stale version 409', async () => {
    const before = (await row('staff', a.requestId))!;
    const res = await update('staff', { id: a.requestId, title: 'Bridge closed', actual: 'LATE_COMING', description: 'Bridge closed at 8', version: before.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await row('staff', a.requestId)).toMatchObject({ title: 'Bridge closed', description: 'Bridge closed at 8', version: before.version + 1 });
    expect((await update('staff', { id: a.requestId, title: ' ', description: 'x' })).body).toMatchObject({ code: 400, message: XM.titleRequired });
    expect((await update('staff', { id: a.requestId, title: 'x', description: '' })).body).toMatchObject({ code: 400, message: XM.descriptionRequired });
    expect((await update('staff', { id: a.requestId, title: 'x', description: 'y', actual: '' })).body).toMatchObject({ code: 400, message: XM.descriptionRequired });
    expect((await update('staff', { id: a.requestId, title: 'x', description: 'y', version: before.version })).status).toBe(409);
    const [h] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from history where table_name = 'requests' and record_id = ${a.requestId} and action = 'UPDATE'`);
    expect(h!.n).toBe(1);
  });

  it('texts are the owner\'s: a lead sending texts only is refused; out of scope 404', async () => {
    expect((await update('gl', { id: a.requestId, title: 'x', description: 'y' })).body).toMatchObject({ code: 403, message: XM.notOwner });
    expect((await update('gl', { id: c.requestId, title: 'x', description: 'y' })).status).toBe(404);
  });

  it('another assignee sets Delegated (6); back to the original restores Pending; the new assignee decides', async () => {
    const res = await update('gl', { id: a.requestId, assignee: uid('dl') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 6 });
    const [q] = await queryRows<Json>(t.db, sql`select status, status_before_delegation, assignee_user_id, original_assignee_user_id from requests where id = ${a.requestId}`);
    expect(q).toEqual({ status: 6, status_before_delegation: 1, assignee_user_id: uid('dl'), original_assignee_user_id: uid('gl') });
    expect(await row('dl', a.requestId)).toMatchObject({ statusText: 'DELEGATED', assignee: { user_name: 'dl' } });
    const [n] = await queryRows<Json>(t.db, sql`select notification_type from notifications where user_id = ${uid('dl')} order by id desc limit 1`);
    expect(n).toEqual({ notification_type: 'ASSIGNED' });
    // The owner may still edit the texts while Delegated.
    expect((await update('staff', { id: a.requestId, title: 'Still late', description: 'Traffic' })).status).toBe(200);
    // Back to the original assignee.
    const back = await update('dl', { id: a.requestId, assignee: { id: uid('gl') } });
    expect(back.body.data).toMatchObject({ status: 1 });
    const [q2] = await queryRows<Json>(t.db, sql`select status, status_before_delegation, assignee_user_id from requests where id = ${a.requestId}`);
    expect(q2).toEqual({ status: 1, status_before_delegation: null, assignee_user_id: uid('gl') });
    // Delegated again, the old assignee is refused and the new one approves.
    expect((await update('gl', { id: a.requestId, assignee: uid('dl') })).body.data).toMatchObject({ status: 6 });
    expect((await status('gl', a.caseId, 3)).status).toBe(403);
    const ok = await status('dl', a.caseId, 3);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe(XM.statusUpdated);
    expect(await row('staff', a.requestId)).toMatchObject({ status: 3, statusText: 'APPROVED', approved_by: { user_name: 'dl' }, actions: { cancel: false, edit: false } });
  });

  it('a final explanation is not editable; the owner cannot be the assignee; an unknown user is refused', async () => {
    expect((await update('staff', { id: a.requestId, title: 'x', description: 'y' })).body).toMatchObject({ code: 409, message: XM.notEditable });
    expect((await update('gl', { id: b.requestId, assignee: uid('staff2') })).body).toMatchObject({ code: 403, message: REASSIGN_MESSAGES.toRequester });
    expect((await update('gl', { id: b.requestId, assignee: 999999 })).body).toMatchObject({ code: 400, message: XM.unknownAssignee });
    expect((await update('staff2', { id: b.requestId, assignee: 'x' })).status).toBe(400);
  });

  it('a staff who is neither owner nor assignee cannot hand it over', async () => {
    // staff2 sees b only (own); staff sees d; staff cannot reach b at all.
    expect((await update('staff', { id: b.requestId, assignee: uid('dl') })).status).toBe(404);
  });
});

describe('PUT status { abnormalId, status }', () => {
  it('cancel (5) by the owner only: the case is unexplained again; a second cancel 409', async () => {
    expect((await status('gl', d.caseId, 5)).body).toMatchObject({ code: 403, message: XM.notOwner });
    const res = await status('staff', d.caseId, 5);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 5, case_status: 0 });
    expect(await row('staff', d.requestId)).toMatchObject({ statusText: 'CANCELLED', actions: { cancel: false } });
    expect((await status('staff', d.caseId, 5)).status).toBe(409);
    // Explained again after the cancel.
    const again = await call('POST', 'staff', `/tms/request-management/create-explanation/${d.caseId}`, { reason_type: 'WORK_ISSUE', actual: 'WORKED_OUTSIDE', description: 'Client visit' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('reject (4) by the assignee; the owner cannot approve their own', async () => {
    expect((await status('staff2', b.caseId, 3)).status).toBe(403);
    const res = await status('gl', b.caseId, 4);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await row('hr', b.requestId)).toMatchObject({ status: 4, statusText: 'REJECTED' });
    expect((await status('gl', b.caseId, 3)).status).toBe(409);
  });

  it('nothing changes on or before the lock date', async () => {
    const [late] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into abnormal_cases (employee_id, abnormal_date, reason, minute_violation, start_time, end_time, status) values (${id('staff2')}, '2026-11-09', '2', 30, '08:30', '12:00', 0) returning id`,
    );
    const res = await call('POST', 'staff2', `/tms/request-management/create-explanation/${late!.id}`, { reason_type: 'LATE_TRAFFIC', actual: 'LATE_COMING', description: 'x' });
    expect(res.status).toBe(200);
    await t.db.execute(sql`update payroll_periods set status = 4 where name = 'T11-2026'`);
    try {
      expect((await status('gl', late!.id, 3)).body).toMatchObject({ code: 400, message: 'The date is in a locked timesheet period' });
      expect((await status('staff2', late!.id, 5)).status).toBe(400);
      expect((await row('gl', res.body.data.request_id))!.actions).toMatchObject({ approve: false, changeAssignee: false });
    } finally {
      await t.db.execute(sql`update payroll_periods set status = 0 where name = 'T11-2026'`);
    }
  });
});

describe('GET /tms/delegate/choose-delegator-to-delegate', () => {
  it('from 3 characters, with or without diacritics', async () => {
    const names = async (q: string) => (await call('GET', 'gl', `/tms/delegate/choose-delegator-to-delegate?employee=${encodeURIComponent(q)}`)).body.data.map((u: Json) => u.user_name);
    expect(await names('gi')).toEqual([]);
    expect(await names('gia')).toEqual(expect.arrayContaining(['gl', 'guest']));
    expect(await names('giàng')).toEqual(['gl']);
    expect((await call('GET', 'guest', '/tms/delegate/choose-delegator-to-delegate?employee=gia')).status).toBe(403);
  });
});
