import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABNORMAL_MESSAGES as AM, abnormalListResponseSchema } from '@tms/contracts/abnormal-case';
import { REQUEST_MESSAGES as RM } from '@tms/contracts/requests';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertExplanationCompany } from '../../test/explanation-company.ts';
import { recalculate } from '../timesheet/recalculate.ts';
import type { Json } from '../../test/json-body.ts';

/**
 * Abnormal cases and their explanations (spec 001 §2.5, §4.3, §5.4, §7.4; RULES.md §3–§5). Pinned to Wednesday
 * 18/11/2026 10:00 (UTC+7): period T11-2026 (26/10–25/11) is open, T10-2026 (…–25/10) approved, so the lock date is
 * 25/10; T11's explanations close on 03/12 at 12:00.
 */
const NOW = '2026-11-18T10:00:00+07:00';
const TZ = 'Asia/Ho_Chi_Minh';
const DAYS = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'];
/** Late punches (09:00–17:30: the morning is uncovered, reason 2) by employee and date; everyone else is on time. */
const LATE: Record<string, string[]> = { staff: DAYS, staff2: ['2026-11-02'], staff4: ['2026-11-02'] };

let t: TestApp;
const id = (u: string) => t.fixture.employeeIds[u]!;
const uid = (u: string) => t.fixture.userIds[u]!;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', user: string, url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: await t.as(user), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: String(res.headers['content-type'] ?? '').includes('json') ? (res.json() as Json) : {}, headers: res.headers, raw: res.rawPayload };
}

async function caseOf(username: string, date: string) {
  const [row] = await queryRows<{ id: number; status: number; reason: string; start_time: string | null; end_time: string | null }>(
    t.db,
    sql`select id, status, reason, start_time, end_time from abnormal_cases where employee_id = ${id(username)} and abnormal_date = ${date}`,
  );
  return row;
}
async function dayValue(username: string, date: string) {
  const [row] = await queryRows<{ value: string | null; explanation_uses: number; absent_minutes: number }>(
    t.db,
    sql`select value::text, explanation_uses, absent_minutes from timesheet_days where employee_id = ${id(username)} and date = ${date}`,
  );
  return row;
}
const explain = (user: string, caseId: number, extra: Json = {}) =>
  call('POST', user, `/tms/request-management/create-explanation/${caseId}`, {
    reason_type: 'LATE_TRAFFIC',
    title: 'Traffic jam',
    actual: 'LATE_COMING',
    description: 'Stuck on the bridge',
    ...extra,
  });
const decide = (user: string, caseId: number, status: 3 | 4, reason?: string) =>
  call('PUT', user, `/tms/request-management/update-status-explanation/${caseId}`, { status, ...(reason === undefined ? {} : { reason }) });
const list = async (user: string, query = '') => {
  const res = await call('GET', user, `/tms/abnormal-case/?size=100${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  abnormalListResponseSchema.parse(res.body);
  return res.body as { data: Json[]; page: Json };
};

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertExplanationCompany(t);
  const late = Object.entries(LATE).flatMap(([u, ds]) => ds.map((d) => sql`(${id(u)}, ${d}::date)`));
  await t.db.execute(sql`
    insert into punches (system, attendance_check_id, employee_id, punched_at, source)
    select 'TEST', e.user_name, e.id, (g.d::date + v.t) at time zone ${TZ}, 'test'
      from employees e
     cross join unnest(${`{${DAYS.join(',')}}`}::date[]) as g(d)
     cross join lateral (values (case when (e.id, g.d) in (${sql.join(late, sql`, `)}) then time '09:00' else time '08:20' end),
                                (case when e.user_name = 'staff3' then time '14:00' else time '17:40' end)) as v(t)`);
  await recalculate(t.db, { from: DAYS[0]!, to: DAYS.at(-1)!, timeZone: TZ, now: new Date(NOW) });
  // A case dated inside the approved period (recalculation never writes there): expired, locked.
  await t.db.execute(sql`
    insert into abnormal_cases (employee_id, abnormal_date, reason, minute_violation, start_time, end_time, status)
    values (${id('staff')}, '2026-10-20', '2', 30, '08:30', '12:00', 0)`);
});
afterAll(async () => t?.close());

describe('the engine produced the cases', () => {
  it('late mornings are reason 2 over the uncovered span; the flexible short days are FLEXIBLE_ABSENT', async () => {
    expect(await caseOf('staff', DAYS[0]!)).toMatchObject({ status: 0, reason: '2', start_time: '08:30', end_time: '12:00' });
    expect(await dayValue('staff', DAYS[0]!)).toMatchObject({ value: '0.50' });
    expect(await caseOf('staff3', DAYS[0]!)).toMatchObject({ status: 0, reason: 'FLEXIBLE_ABSENT' });
    // RULES.md §4: nothing is drawn automatically — the short flexible day keeps its absence.
    expect(await dayValue('staff3', DAYS[0]!)).toMatchObject({ value: '0.71', explanation_uses: 0, absent_minutes: 140 });
    expect(await caseOf('staff2', DAYS[1]!)).toBeUndefined();
  });
});

describe('GET /tms/abnormal-case/ (scope RULES.md §3, filters)', () => {
  it('staff sees only their own cases; gl their department; dl the division; hr everyone', async () => {
    const owners = async (user: string) => new Set((await list(user, '&fromDate=02/11/2026&toDate=02/11/2026')).data.map((r) => r.employee.user_name));
    expect(await owners('staff')).toEqual(new Set(['staff']));
    expect(await owners('gl')).toEqual(new Set(['staff', 'staff2']));
    expect(await owners('dl')).toEqual(new Set(['staff', 'staff2', 'staff3']));
    expect(await owners('hr')).toEqual(new Set(['staff', 'staff2', 'staff3', 'staff4']));
    expect(await owners('staff4')).toEqual(new Set(['staff4']));
  });

  it('filters by folded employee name, status, reason and dates; pages with the total', async () => {
    const bySon = await list('hr', `&employee=${encodeURIComponent('sơn')}`);
    expect(bySon.data.every((r) => r.employee.user_name === 'staff')).toBe(true);
    expect(bySon.page.total_element).toBe(DAYS.length + 1);
    const flexible = await list('hr', '&reason=FLEXIBLE_ABSENT&fromDate=02/11/2026&toDate=06/11/2026');
    expect(flexible.data.map((r) => r.employee.user_name)).toEqual(DAYS.map(() => 'staff3'));
    const page2 = await call('GET', 'hr', '/tms/abnormal-case?size=2&page=2&employee=son&fromDate=01/11/2026');
    expect(page2.body.data).toHaveLength(2);
    expect(page2.body.page).toEqual({ page: 2, size: 2, total_element: DAYS.length });
    expect(page2.body.data[0].abnormal_date).toBe(DAYS[2]);
    const desc = await call('GET', 'hr', '/tms/abnormal-case?size=1&employee=son&direction=-1&fromDate=01/11/2026');
    expect(desc.body.data[0].abnormal_date).toBe(DAYS.at(-1));
    expect((await list('hr', '&status=1,3,4')).data).toHaveLength(0);
  });

  it('a case on or before the lock date is expired and inside an approved timesheet', async () => {
    const [row] = (await list('staff', '&fromDate=20/10/2026&toDate=20/10/2026')).data;
    expect(row).toMatchObject({ abnormal_date: '2026-10-20', status: 0, status_type: 'EXPIRED', is_expired: true, dateInApprovedTimeSheet: true, actions: { explain: false } });
    const [open] = (await list('staff', '&fromDate=02/11/2026&toDate=02/11/2026')).data;
    expect(open).toMatchObject({ is_expired: false, dateInApprovedTimeSheet: false, actions: { explain: true, approve: false }, work_start_time: '08:30', work_end_time: '17:30' });
  });

  it('GUEST has no abnormal-case page (RULES.md §2)', async () => {
    expect((await call('GET', 'guest', '/tms/abnormal-case/')).status).toBe(403);
  });
});

describe('explaining a case (spec 001 §4.3, §5.4)', () => {
  it('refuses a missing description or reason with the spec texts, and a reason that is not an explanation reason', async () => {
    const c = (await caseOf('staff', DAYS[0]!))!;
    expect((await explain('staff', c.id, { description: '  ' })).body).toMatchObject({ code: 400, message: RM.descriptionRequired });
    expect((await explain('staff', c.id, { reason_type: null })).body).toMatchObject({ code: 400, message: RM.reasonRequired });
    expect((await explain('staff', c.id, { reason_type: 'ANN_LEAVE_CORP' })).body).toMatchObject({ code: 400, message: RM.reasonRequired });
    expect((await explain('staff', c.id, { description: 'x'.repeat(1001) })).body).toMatchObject({ code: 400, message: RM.textTooLong });
    expect((await explain('staff', c.id, { actual: null })).body).toMatchObject({ code: 400, message: RM.actualRequired });
    expect((await caseOf('staff', DAYS[0]!))!.status).toBe(0);
  });

  it('only the owner explains: a lead in scope 403, out of scope 404, GUEST 403', async () => {
    const c = (await caseOf('staff', DAYS[0]!))!;
    expect((await explain('gl', c.id)).body).toMatchObject({ code: 403, message: AM.notOwner });
    expect((await explain('hr', c.id)).status).toBe(403);
    expect((await explain('staff4', c.id)).status).toBe(404);
    expect((await explain('guest', c.id)).status).toBe(403);
    expect((await explain('staff', 999999)).status).toBe(404);
  });

  it('the owner explains: request pending, assigned to the group lead, the case pending, gl notified', async () => {
    const c = (await caseOf('staff', DAYS[0]!))!;
    const res = await explain('staff', c.id, { mail_cc: [id('staff2')] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ abnormal_id: c.id, status: 1, case_status: 1 });
    const [req] = await queryRows<Json>(
      t.db,
      sql`select r.status, r.is_explanation, r.request_type, r.assignee_user_id, r.original_assignee_user_id, r.title, rd.start_time, rd.end_time, rd.fund_uses
            from requests r join request_dates rd on rd.request_id = r.id where r.id = ${res.body.data.request_id}`,
    );
    expect(req).toMatchObject({ status: 1, is_explanation: true, request_type: 'EXPLANATION_REQUEST', assignee_user_id: uid('gl'), original_assignee_user_id: uid('gl'), start_time: '08:30', end_time: '12:00', fund_uses: null });
    expect((await caseOf('staff', DAYS[0]!))!.status).toBe(1);
    const [n] = await queryRows<Json>(t.db, sql`select notification_type, link from notifications where user_id = ${uid('gl')} order by id desc limit 1`);
    expect(n).toMatchObject({ notification_type: 'ASSIGNED', link: `/timesheet/abnormal-case?id=${c.id}` });
    const [row] = (await list('gl', `&id=${c.id}`)).data;
    expect(row).toMatchObject({ status: 1, assignee: { user_name: 'gl' }, request: { id: res.body.data.request_id, title: 'Traffic jam', mail_cc: [id('staff2')] }, actions: { approve: true, reject: true } });
    // A second explanation of the same case: it is no longer unexplained.
    expect((await explain('staff', c.id)).body).toMatchObject({ code: 409, message: AM.notUnexplained });
  });

  it('by date in the body (create-explanation-request); a date without a case is 404', async () => {
    const res = await call('POST', 'staff', '/tms/request-management/create-explanation-request', {
      date: '04/11/2026', reason_type: 'LATE_TRAFFIC', actual: 'LATE_COMING', description: 'Rain',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await caseOf('staff', DAYS[2]!))!.status).toBe(1);
    expect((await call('POST', 'staff', '/tms/request-management/create-explanation', { date: '2026-11-07', reason_type: 'LATE_TRAFFIC', actual: 'x', description: 'y' })).status).toBe(404);
    expect((await call('POST', 'staff', '/tms/request-management/create-explanation', { reason_type: 'LATE_TRAFFIC', actual: 'x', description: 'y' })).body).toMatchObject({ code: 400, message: RM.explanationDateRequired });
  });

  it('the owner edits a pending explanation (edit-explanation/:id and edit-explanation-request); others may not', async () => {
    const c = (await caseOf('staff', DAYS[2]!))!;
    const body = { reason_type: 'WORK_ISSUE', title: 'Client call', actual: 'WORKED_OUTSIDE', description: 'Call with the client at 8' };
    expect((await call('PUT', 'gl', `/tms/request-management/edit-explanation/${c.id}`, body)).body).toMatchObject({ code: 403 });
    expect((await call('PUT', 'staff', `/tms/request-management/edit-explanation/${c.id}`, { ...body, description: '' })).body).toMatchObject({ code: 400, message: RM.descriptionRequired });
    const res = await call('PUT', 'staff', `/tms/request-management/edit-explanation/${c.id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [req] = await queryRows<Json>(t.db, sql`select reason_type, title, actual, description, status from requests where id = ${res.body.data.request_id}`);
    expect(req).toEqual({ reason_type: 'WORK_ISSUE', title: 'Client call', actual: 'WORKED_OUTSIDE', description: 'Call with the client at 8', status: 1 });
    const byRequest = await call('PUT', 'staff', '/tms/request-management/edit-explanation-request', { ...body, request_id: res.body.data.request_id, description: 'Edited again' });
    expect(byRequest.status, JSON.stringify(byRequest.body)).toBe(200);
    const [h] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from history where table_name = 'requests' and record_id = ${res.body.data.request_id} and action = 'UPDATE'`);
    expect(h!.n).toBe(2);
    // An unexplained case has no explanation to edit.
    expect((await call('PUT', 'staff', `/tms/request-management/edit-explanation/${(await caseOf('staff', DAYS[1]!))!.id}`, body)).status).toBe(404);
  });

  it('refused on or before the lock date', async () => {
    const locked = (await caseOf('staff', '2026-10-20'))!;
    expect((await explain('staff', locked.id)).body).toMatchObject({ code: 400, message: AM.locked });
  });

  it('refused from the forbidden date and hour of the period (03/12 12:00), allowed a minute before', async () => {
    const c = (await caseOf('staff', DAYS[3]!))!;
    t.clock.set('2026-12-03T12:00:00+07:00');
    try {
      expect((await explain('staff', c.id)).body).toMatchObject({ code: 400, message: AM.forbiddenExplanation });
      const [row] = (await list('staff', `&id=${c.id}`)).data;
      expect(row).toMatchObject({ is_expired: true, status_type: 'EXPIRED', actions: { explain: false } });
      t.clock.set('2026-12-03T11:59:00+07:00');
      expect((await explain('staff', c.id)).status).toBe(200);
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('approve and reject (spec 001 §4.3; RULES.md §5)', () => {
  it('only the assignee decides: the owner, another lead, HR and a GUEST are refused; out of scope is 404', async () => {
    const c = (await caseOf('staff', DAYS[0]!))!;
    expect((await decide('staff', c.id, 3)).body).toMatchObject({ code: 403, message: AM.notAssignee });
    expect((await decide('dl', c.id, 3)).body).toMatchObject({ code: 403, message: AM.notAssignee });
    expect((await decide('hr', c.id, 3)).status).toBe(403);
    expect((await decide('staff4', c.id, 3)).status).toBe(404);
    expect((await decide('guest', c.id, 3)).status).toBe(404);
    expect((await caseOf('staff', DAYS[0]!))!.status).toBe(1);
  });

  it('a reject needs a reason ("Reason is required!")', async () => {
    const c = (await caseOf('staff', DAYS[0]!))!;
    expect((await decide('gl', c.id, 4)).body).toMatchObject({ code: 400, message: RM.abnormalReasonRequired });
    expect((await decide('gl', c.id, 4, '   ')).body).toMatchObject({ code: 400, message: RM.abnormalReasonRequired });
  });

  it('20 parallel approvals: one transition, one history entry, the cell credited without a manual recalculation', async () => {
    const c = (await caseOf('staff', DAYS[0]!))!;
    const results = await Promise.all(Array.from({ length: 20 }, () => decide('gl', c.id, 3)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const reqId = results.find((r) => r.status === 200)!.body.data.request_id as number;
    const [h] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from history where table_name = 'requests' and record_id = ${reqId} and action = 'STATUS'`);
    expect(h!.n).toBe(1);
    const [hc] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from history where table_name = 'abnormal_cases' and record_id = ${c.id} and action = 'STATUS' and changes->0->>'newValue' = '3'`);
    expect(hc!.n).toBe(1);
    expect((await caseOf('staff', DAYS[0]!))!.status).toBe(3);
    expect(await dayValue('staff', DAYS[0]!)).toMatchObject({ value: '1.00' });
    const [n] = await queryRows<Json>(t.db, sql`select notification_type, link from notifications where user_id = ${uid('staff')} order by id desc limit 1`);
    expect(n).toMatchObject({ notification_type: 'APPROVED', link: `/timesheet/abnormal-case?id=${c.id}` });
    // Approve is disabled at 3.
    expect((await decide('gl', c.id, 3)).body).toMatchObject({ code: 409, message: AM.alreadyApproved });
  });

  it('an approved case can still be rejected (status 3 → 4): the credit goes away', async () => {
    const c = (await caseOf('staff', DAYS[0]!))!;
    const res = await decide('gl', c.id, 4, 'Not true');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await caseOf('staff', DAYS[0]!))!.status).toBe(4);
    expect(await dayValue('staff', DAYS[0]!)).toMatchObject({ value: '0.50' });
    const [req] = await queryRows<Json>(t.db, sql`select status, reasons_for_rejection from requests where id = ${res.body.data.request_id}`);
    expect(req).toEqual({ status: 4, reasons_for_rejection: 'Not true' });
    // Nothing is left to decide.
    expect((await decide('gl', c.id, 3)).status).toBe(409);
    expect((await decide('gl', c.id, 4, 'again')).status).toBe(409);
  });

  it('an unexplained case has nothing to decide', async () => {
    const c = (await caseOf('staff', DAYS[1]!))!;
    expect((await decide('gl', c.id, 3)).body).toMatchObject({ code: 409, message: AM.notPendingOrApproved });
  });

  it('through update-status-explanation-request by request id', async () => {
    const c = (await caseOf('staff', DAYS[2]!))!;
    const [req] = await queryRows<{ id: number }>(t.db, sql`select id from requests where abnormal_case_id = ${c.id}`);
    const res = await call('PUT', 'gl', '/tms/request-management/update-status-explanation-request', { request_id: req!.id, status: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(RM.updateStatusSuccess);
    expect((await caseOf('staff', DAYS[2]!))!.status).toBe(3);
  });

  it('a GUEST approves where they are the assignee', async () => {
    const c = (await caseOf('staff', DAYS[4]!))!;
    const res = await explain('staff', c.id);
    await t.db.execute(sql`update requests set assignee_user_id = ${uid('guest')} where id = ${res.body.data.request_id}`);
    expect((await decide('gl', c.id, 3)).status).toBe(403);
    const ok = await decide('guest', c.id, 3);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await dayValue('staff', DAYS[4]!)).toMatchObject({ value: '1.00' });
  });
});

describe('hour-based explanations use the flexible fund (RULES.md §4)', () => {
  it('one use per explanation; the period fund and the day limit are checked; approval refunds refund_hours', async () => {
    await t.db.execute(sql`update staff_policies set explanation_number = 1 where employee_id = ${id('staff3')}`);
    const first = (await caseOf('staff3', DAYS[0]!))!;
    const second = (await caseOf('staff3', DAYS[1]!))!;
    const res = await explain('staff3', first.id, { actual: null, reason_type: 'NOT_ENOUGH_WORKING_HOURS' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [rd] = await queryRows<Json>(t.db, sql`select fund_uses, start_time, minutes from request_dates where request_id = ${res.body.data.request_id}`);
    expect(rd).toEqual({ fund_uses: 1, start_time: null, minutes: null });
    // The pending one holds the only use of the period (the engine's stored uses are 0: it is not approved yet).
    expect((await explain('staff3', second.id, { actual: null, reason_type: 'NOT_ENOUGH_WORKING_HOURS' })).body).toMatchObject({ code: 400, message: AM.fundUsedUp });
    // staff3's approver is the division lead (DEP2 has no lead).
    expect((await decide('gl', first.id, 3)).status).toBe(404);
    const ok = await decide('dl', first.id, 3);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await dayValue('staff3', DAYS[0]!)).toMatchObject({ value: '0.83', explanation_uses: 1, absent_minutes: 80 });
    // Rejected: the use no longer counts, the day loses its refund, and the second day may be explained.
    expect((await decide('dl', first.id, 4, 'No')).status).toBe(200);
    expect(await dayValue('staff3', DAYS[0]!)).toMatchObject({ value: '0.71', explanation_uses: 0 });
    // The per-day limit: none allowed a day refuses it even with the period's fund left.
    await t.db.execute(sql`update staff_policies set explanation_time_per_days = 0 where employee_id = ${id('staff3')}`);
    expect((await explain('staff3', second.id, { actual: null, reason_type: 'NOT_ENOUGH_WORKING_HOURS' })).body).toMatchObject({ code: 400, message: AM.dayLimitReached });
    await t.db.execute(sql`update staff_policies set explanation_time_per_days = 1 where employee_id = ${id('staff3')}`);
    const again = await explain('staff3', second.id, { actual: null, reason_type: 'NOT_ENOUGH_WORKING_HOURS' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await t.db.execute(sql`update staff_policies set explanation_number = 3 where employee_id = ${id('staff3')}`);
  });
});

describe('rerun and export', () => {
  it('rerun-abnormal-case recomputes one employee-day for HR and answers its cases; staff is refused', async () => {
    const res = await call('DELETE', 'hr', `/tms/abnormal-case/rerun-abnormal-case?date=2026-11-03&employee=${id('staff2')}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([]);
    await t.db.execute(sql`delete from punches where employee_id = ${id('staff2')} and punched_at::date = '2026-11-03'`);
    const after = await call('DELETE', 'hrm', `/tms/abnormal-case/rerun-abnormal-case?date=03/11/2026&employee=${id('staff2')}`);
    expect(after.body.data).toHaveLength(1);
    expect(after.body.data[0]).toMatchObject({ abnormal_date: '2026-11-03', reason_type: '6', status: 0 });
    expect((await call('DELETE', 'staff', `/tms/abnormal-case/rerun-abnormal-case?date=2026-11-03&employee=${id('staff2')}`)).status).toBe(403);
    expect((await call('DELETE', 'hr', '/tms/abnormal-case/rerun-abnormal-case?date=2026-11-03&employee=999999')).status).toBe(404);
  });

  it('exports the filtered cases in scope to Abnormal_Case.xlsx; nothing to export is "No data export"', async () => {
    const res = await call('GET', 'gl', '/tms/excel/abnormal-case?fromDate=02/11/2026&toDate=02/11/2026');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('Abnormal_Case.xlsx');
    expect(res.raw.subarray(0, 2).toString()).toBe('PK');
    expect((await call('GET', 'staff', '/tms/excel/abnormal-case?fromDate=01/01/2020&toDate=02/01/2020')).body).toMatchObject({ code: 400, message: RM.noDataExport });
  });

  it('the actual choices', async () => {
    expect((await call('GET', 'staff', '/tms/abnormal-case/actual')).body.data.length).toBeGreaterThan(0);
    expect((await call('GET', 'staff', '/tms/abnormal-case/get-actual-fixed-schedule')).body.data.length).toBeGreaterThan(0);
  });
});
