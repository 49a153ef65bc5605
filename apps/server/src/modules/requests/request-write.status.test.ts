import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASSIGN_MESSAGES as RM } from '@tms/contracts/reassign';
import { REQUEST_MESSAGES as M, REQUEST_RULE_MESSAGES as R } from '@tms/contracts/requests';
import { queryRows } from '../../db/client.ts';
import { runWorkerTasks } from '../../lib/jobs.ts';
import type { TestApp } from '../../test/harness.ts';
import { grantFundRows } from '../leave/leave.service.ts';
import { createRequests, type CreateItem } from './request.service.ts';
import { api, FRI, FRI2, historyOf, ledgerSum, MON, PAST_TUE, requestRow, requestWriteApp, TUE, WED, type Json } from '../request-days/request-write.test-support.ts';

/** update-status, update-assignee, edit, the effects on the leave funds and the timesheet (spec 001 §4.2, RULES.md §5). */
let t: TestApp;
const { call, leave, create, status } = api(() => t);
const emp = (u: string) => t.fixture.employeeIds[u]!;
const uid = (u: string) => t.fixture.userIds[u]!;
const statusHistory = async (id: number) => (await historyOf(t, id)).filter((h) => h.action === 'STATUS');

beforeAll(async () => {
  t = await requestWriteApp();
}, 120_000);
afterAll(async () => t?.close());

describe('approve', () => {
  it('the assignee approves: status 3, annual hours drawn, history, notification to the owner', async () => {
    const id = await create('staff', leave(FRI));
    const res = await status('gl', id, 3);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(M.updateStatusSuccess);
    expect(await requestRow(t, id)).toMatchObject({ status: 3, approved_by_user_id: uid('gl'), version: 2 });
    expect(await ledgerSum(t, 'staff')).toBe(8);
    expect((await statusHistory(id)).map((h) => h.changes[0])).toEqual([{ field: 'status', oldValue: 1, newValue: 3 }]);
    const [n] = await queryRows<Json>(t.db, sql`select notification_type from notifications where user_id = ${uid('staff')} and link like ${`%id=${id}`}`);
    expect(n).toEqual({ notification_type: 'APPROVED' });
    // A second approve: 409 and no second history entry.
    const again = await status('gl', id, 3);
    expect(again).toMatchObject({ status: 409, body: { message: R.alreadyChanged } });
    expect(await statusHistory(id)).toHaveLength(1);
    // Withdraw of the approved request gives the hours back.
    expect((await status('staff', id, 5, 'plans changed')).status).toBe(200);
    expect(await ledgerSum(t, 'staff')).toBe(16);
    expect(await requestRow(t, id)).toMatchObject({ status: 5, withdraw_reason: 'plans changed' });
  });

  it('refused for a non-assignee, the owner, an out-of-scope guest; 400 without a status', async () => {
    const id = await create('staff', leave(MON, { reason_type: 'UNPAID_LEAVE' }));
    expect(await status('dl', id, 3)).toMatchObject({ status: 403, body: { message: R.notAssignee } });
    expect(await status('hr', id, 3)).toMatchObject({ status: 403, body: { message: R.notAssignee } });
    expect(await status('staff', id, 3)).toMatchObject({ status: 403, body: { message: R.ownRequest } });
    expect((await status('guest', id, 3)).status).toBe(404);
    expect((await status('staff4', id, 3)).status).toBe(404);
    expect((await call('gl', 'PUT', 'update-status', { id })).body.message).toBe(M.updateStatusFailed);
    expect((await status('gl', 999_999, 3)).status).toBe(404);
  });

  it('the group lead hands it to the division lead, who approves; the lead no longer can (never to a guest or the requester)', async () => {
    const id = await create('staff2', leave(MON, { reason_type: 'UNPAID_LEAVE' }));
    expect((await call('gl', 'PUT', 'update-assignee', { id })).body.message).toBe(M.approverRequired);
    expect((await call('gl', 'PUT', 'update-assignee', { id, approver: 'nobody' })).body.message).toBe(M.approverRequired);
    expect((await call('gl', 'PUT', 'update-assignee', { id, approver: 'staff2' })).body).toMatchObject({ code: 403, message: RM.toRequester });
    expect((await call('gl', 'PUT', 'update-assignee', { id, approver: uid('guest') })).body).toMatchObject({ code: 403, message: RM.toGuest });
    expect((await call('staff', 'PUT', 'update-assignee', { id, approver: 'dl' })).status).toBe(403);
    const moved = await call('gl', 'PUT', 'update-assignee', { id, approver: uid('dl') });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.approver).toEqual({ id: uid('dl'), user_name: 'dl', name: 'Dung Division' });
    const [n] = await queryRows<Json>(t.db, sql`select notification_type from notifications where user_id = ${uid('dl')} and link like ${`%id=${id}`}`);
    expect(n).toEqual({ notification_type: 'ASSIGNED' });
    expect(await status('gl', id, 3)).toMatchObject({ status: 403 });
    expect((await status('dl', id, 3)).status).toBe(200);
    expect((await call('gl', 'PUT', 'update-assignee', { id, approver: 'hrm' })).status).toBe(409);
    expect((await historyOf(t, id)).map((h) => h.action)).toEqual(['CREATE', 'UPDATE', 'STATUS']);
  });

  it('the division lead delegates too', async () => {
    const id = await create('staff3', leave(MON, { reason_type: 'UNPAID_LEAVE' }));
    expect((await requestRow(t, id)).assignee_user_id).toBe(uid('dl'));
    expect((await call('dl', 'PUT', 'update-assignee', { id, approver: 'hrm' })).status).toBe(200);
    expect((await status('hrm', id, 3)).status).toBe(200);
  });

  it('20 parallel approvals: one transition, one history entry, the rest 409', async () => {
    const id = await create('staff', leave(TUE));
    const answers = await Promise.all(Array.from({ length: 20 }, () => status('gl', id, 3)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await statusHistory(id)).toHaveLength(1);
    expect(await ledgerSum(t, 'staff')).toBe(8);
  });
});

describe('reject and withdraw', () => {
  it('reject needs a reason; rejecting an approved request gives the hours back', async () => {
    const id = await create('gl', leave(WED));
    expect(await status('dl', id, 4)).toMatchObject({ status: 400, body: { message: M.reasonIsRequired } });
    expect((await status('dl', id, 3)).status).toBe(200);
    expect(await ledgerSum(t, 'gl')).toBe(8);
    expect((await status('dl', id, 4, 'project deadline')).status).toBe(200);
    expect(await ledgerSum(t, 'gl')).toBe(16);
    expect(await requestRow(t, id)).toMatchObject({ status: 4, reasons_for_rejection: 'project deadline' });
    const [n] = await queryRows<Json>(t.db, sql`select notification_type, body from notifications where user_id = ${uid('gl')} and notification_type = 'REJECTED'`);
    expect(n).toEqual({ notification_type: 'REJECTED', body: 'project deadline' });
    expect((await status('dl', id, 4, 'again')).status).toBe(409);
    expect((await status('gl', id, 5, 'x')).status).toBe(409);
  });
  it('withdraw: the owner only, with a reason', async () => {
    const id = await create('staff2', leave(TUE, { reason_type: 'UNPAID_LEAVE' }));
    expect(await status('staff2', id, 5)).toMatchObject({ status: 400, body: { message: M.reasonIsRequired } });
    expect(await status('gl', id, 5, 'x')).toMatchObject({ status: 403, body: { message: R.notOwner } });
    expect((await status('staff2', id, 5, 'not needed')).status).toBe(200);
    expect((await status('gl', id, 3)).status).toBe(409);
  });
});

describe('edit', () => {
  it('the owner while pending, at the version read (409 when stale)', async () => {
    const id = await create('staff2', leave(WED, { reason_type: 'UNPAID_LEAVE' }));
    const ok = await call('staff2', 'PUT', 'edit-request', { id, version: 1, ...leave(FRI2, { reason_type: 'UNPAID_LEAVE', description: 'moved' }) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await requestRow(t, id)).toMatchObject({ start_date: FRI2, description: 'moved', version: 2 });
    const stale = await call('staff2', 'PUT', 'edit-request', { id, version: 1, ...leave(WED, { reason_type: 'UNPAID_LEAVE' }) });
    expect(stale.status).toBe(409);
    expect((await call('gl', 'PUT', 'edit-request', { id, version: 2, ...leave(WED, { reason_type: 'UNPAID_LEAVE' }) })).status).toBe(403);
    expect((await historyOf(t, id)).map((h) => h.action)).toEqual(['CREATE', 'UPDATE']);
    expect((await status('gl', id, 3)).status).toBe(200);
    expect((await call('staff2', 'PUT', 'edit-request', { id, version: 3, ...leave(WED, { reason_type: 'UNPAID_LEAVE' }) })).body.message).toBe(R.notPending);
  });
  it('the edit re-checks the balance without counting the request itself', async () => {
    // staff: 8 h left (TUE approved); a pending full day fits, and moving it to another day still fits.
    const id = await create('staff', leave('2026-11-16'));
    const moved = await call('staff', 'PUT', 'edit-request', { id, version: 1, ...leave('2026-11-17') });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const hourly = await call('staff', 'POST', 'create-request/', leave('2026-11-18', { request_dates: [{ request_date: '2026-11-18', request_minutes: 60 }] }));
    expect(hourly.body.message).toBe(R.insufficientBalance);
  });
  it('an onsite row belongs to its onsite record: edited there (HR on an approved one of theirs), decided with it', async () => {
    const res = await call('hr', 'POST', 'create-common-request', {
      request_type: 'ONSITE',
      reason_type: 'ONSITE',
      project_id: t.fixture.projectId,
      employee_ids: [emp('staff4')],
      request_dates: [{ request_date: MON, duration: 'FULL_DAY' }],
    });
    const id = res.body.data.ids[0];
    const onsiteId = (await requestRow(t, id)).onsite_request_id as number;
    // Department (the PM), then C&B (an HRM: HR filed it and nobody approves their own).
    expect((await status('pm', id, 3)).status).toBe(200);
    expect(await requestRow(t, id)).toMatchObject({ status: 1 });
    expect((await status('hr', id, 3)).status).toBe(403);
    expect((await status('hrm', id, 3)).status).toBe(200);
    expect(await requestRow(t, id)).toMatchObject({ status: 3 });
    // The terms are the record's: Request Management sends the edit to Onsite Management.
    const edit = await call('hrm', 'PUT', 'edit-common-request', { id, request_type: 'ONSITE', reason_type: 'ONSITE', project_id: t.fixture.projectId, request_dates: [{ request_date: TUE, duration: 'MORNING' }] });
    expect(edit).toMatchObject({ status: 409, body: { message: R.managedByOnsite } });
    expect((await status('staff4', id, 5, 'x')).status).toBe(403);
    // HR cancels the approved record from Request Management: the row and the record are withdrawn together.
    expect((await status('hr', id, 5, 'customer cancelled')).status).toBe(200);
    expect(await requestRow(t, id)).toMatchObject({ status: 5 });
    expect((await queryRows<Json>(t.db, sql`select status from onsite_requests where id = ${onsiteId}`))[0]).toEqual({ status: 5 });
  });
});

describe('effects of the other funds', () => {
  it('offset leave draws remain_offset_leave hours and gives them back, with history on the employee', async () => {
    await t.db.execute(sql`update employees set remain_offset_leave = 8 where id = ${emp('staff3')}`);
    const id = await create('staff3', { request_type: 'LEAVE_REQUEST', reason_type: 'LOA_CORP_11', request_dates: [{ request_date: WED, hour: 4, minute: 0 }] }, 'create-request-flexible/');
    expect((await status('dl', id, 3)).status).toBe(200);
    const left = async () => (await queryRows<{ v: number }>(t.db, sql`select remain_offset_leave::float8 as v from employees where id = ${emp('staff3')}`))[0]!.v;
    expect(await left()).toBe(4);
    expect((await status('staff3', id, 5, 'back')).status).toBe(200);
    expect(await left()).toBe(8);
    const hist = await queryRows<Json>(t.db, sql`select changes from history where table_name = 'employees' and record_id = ${emp('staff3')} order by id`);
    expect(hist.map((h) => h.changes[0])).toEqual([
      { field: 'remain_offset_leave', oldValue: 8, newValue: 4 },
      { field: 'remain_offset_leave', oldValue: 4, newValue: 8 },
    ]);
  });
  it('birthday leave draws the day; a second approval beyond it is refused and writes nothing', async () => {
    const a = await create('staff4', leave(WED, { reason_type: 'BIRTHDAY_LEAVE', request_dates: [{ request_date: WED, duration: 'MORNING' }] }));
    const b = await create('staff4', leave(WED, { reason_type: 'BIRTHDAY_LEAVE', request_dates: [{ request_date: WED, duration: 'AFTERNOON' }] }));
    await t.db.execute(sql`update employees set remain_birthday_leave = 0.5 where id = ${emp('staff4')}`);
    expect((await status('other', a, 3)).status).toBe(200);
    expect(await status('other', b, 3)).toMatchObject({ status: 400, body: { message: R.insufficientBalance } });
    expect((await requestRow(t, b)).status).toBe(1);
    expect(await statusHistory(b)).toHaveLength(0);
  });
  it('project leave draws days from the project fund (a shift is 0.5)', async () => {
    await grantFundRows(t.db, [{ employeeId: emp('staff'), fundType: 'project_leave', hours: 1, applyDate: '2026-01-01', expireDate: '2026-12-31', projectId: t.fixture.projectId }], null);
    const id = await create('staff', leave(FRI2, { reason_type: 'PROJECT_LEAVE', request_dates: [{ request_date: FRI2, duration: 'MORNING' }] }));
    expect((await status('gl', id, 3)).status).toBe(200);
    expect(await ledgerSum(t, 'staff', 'project_leave')).toBe(0.5);
  });
  it('an approved leave on a past day recomputes it at once', async () => {
    const id = await create('staff2', leave(PAST_TUE, { reason_type: 'UNPAID_LEAVE' }));
    await t.db.execute(sql`insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation, explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date)
                           select id, 'HCM', 'DAY', 3, 1, 1, 15, 'OT_FIXED', '2020-01-06', '9999-12-30' from employees where id = ${emp('staff2')} and not exists (select 1 from staff_policies where employee_id = ${emp('staff2')})`);
    expect((await status('gl', id, 3)).status).toBe(200);
    const [day] = await queryRows<Json>(t.db, sql`select value::float8 as v, morning_credit, notation, abnormal_reason from timesheet_days where employee_id = ${emp('staff2')} and date = ${PAST_TUE}`);
    // RULES.md §4: unpaid leave covers the day (no abnormal case) but credits no value; the cell shows KL.
    expect(day).toEqual({ v: 0, morning_credit: 'UNPAID', notation: 'KL', abnormal_reason: null });
  });
});

describe('concurrency of the balance', () => {
  it('50 parallel approvals of different annual requests of one employee never take the balance below zero', async () => {
    // dl: 50 one-hour requests over seven days while 50 h are granted, then the grant drops to 20 h.
    const [row] = await grantFundRows(t.db, [{ employeeId: emp('dl'), fundType: 'default_leave', hours: 50, applyDate: '2026-01-01', expireDate: '2026-12-31' }], null);
    const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-23', '2026-11-24'];
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const date = days[Math.floor(i / 8)]!;
      ids.push(await create('dl', leave(date, { request_dates: [{ request_date: date, request_minutes: 60 }] })));
    }
    await t.db.execute(sql`update leave_ledger set amount = 20 where fund_row_id = ${row!.id} and cause = 'GRANT'`);
    const answers = await Promise.all(ids.map((id) => status('hrm', id, 3)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.message === R.insufficientBalance)).toBe(true);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(30);
    expect(await ledgerSum(t, 'dl')).toBe(0);
    const approved = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from requests where employee_id = ${emp('dl')} and status = 3`);
    expect(approved[0]!.n).toBe(20);
  });
});

describe('explanations and the flexible edit', () => {
  it('explanation rows are not changed here (helper D has them)', async () => {
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, status, assignee_user_id, is_explanation)
          values (${emp('staff')}, 'EXPLANATION_REQUEST', 'LATE_TRAFFIC', ${MON}, ${MON}, 1, ${uid('gl')}, true) returning id`,
    );
    const id = row!.id;
    expect((await status('gl', id, 3)).status).toBe(404);
    expect((await status('staff', id, 5, 'x')).status).toBe(404);
    expect((await call('gl', 'PUT', 'update-assignee', { id, approver: 'dl' })).status).toBe(404);
    expect((await call('staff', 'PUT', 'edit-request', { id, version: 1, ...leave(MON) })).status).toBe(404);
    expect((await requestRow(t, id)).status).toBe(1);
  });
  it('edit-request-flexible: hour-based rows, the minute rules', async () => {
    const id = await create('staff3', { request_type: 'LEAVE_REQUEST', reason_type: 'UNPAID_LEAVE', request_dates: [{ request_date: '2026-11-16', hour: 2, minute: 0 }] }, 'create-request-flexible/');
    const bad = await call('staff3', 'PUT', 'edit-request-flexible', { id, version: 1, request_type: 'LEAVE_REQUEST', reason_type: 'UNPAID_LEAVE', request_dates: [{ request_date: '2026-11-16', hour: 2 }] });
    expect(bad.body.message).toBe(M.minuteRequired);
    const ok = await call('staff3', 'PUT', 'edit-request-flexible', { id, version: 1, request_type: 'LEAVE_REQUEST', reason_type: 'UNPAID_LEAVE', request_dates: [{ request_date: '2026-11-16', hour: 3, minute: 30 }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await requestRow(t, id)).toMatchObject({ hours: 3.5, quantity_in_minutes: 210, version: 2 });
  });
  it('dates far apart are read one by one; an impossible date is a 400', async () => {
    const id = await create('staff4', leave('2026-11-25', { reason_type: 'UNPAID_LEAVE', request_dates: [{ request_date: '2026-11-25', duration: 'MORNING' }, { request_date: '2099-01-02', duration: 'FULL_DAY' }] }));
    expect(await requestRow(t, id)).toMatchObject({ start_date: '2026-11-25', end_date: '2099-01-02', hours: 12 });
    expect((await call('staff4', 'POST', 'create-request/', leave('2026-02-31'))).body.message).toBe(M.requestDateRequired);
    expect((await call('staff', 'POST', 'time-and-duration', { start_date: MON, end_date: MON, start_shift: 'MORNING', end_shift: 'AFTERNOON', employee: emp('staff4') })).status).toBe(400);
  });
});

describe('createRequests for imports and the seed', () => {
  const item = (body: Json, username: string) => ({ ...body, employeeId: emp(username) }) as CreateItem;
  const hr = () => ({ userId: uid('hr'), username: 'hr', name: 'Hoa Human', employeeId: emp('hr'), actors: ['HR'] as const });
  it('approved: stored APPROVED, leave drawn, and the day queued with it, recomputed by the worker outside a request', async () => {
    const before = await ledgerSum(t, 'staff2');
    const { ids, days } = await createRequests({ db: t.db, clock: t.clock }, hr(), [item(leave('2026-11-02'), 'staff2')], { approved: true });
    expect(await requestRow(t, ids[0]!)).toMatchObject({ status: 3, approved_by_user_id: uid('hr') });
    expect(await ledgerSum(t, 'staff2')).toBe(before - 8);
    expect(days).toEqual([{ employeeId: emp('staff2'), date: '2026-11-02' }]);
    const queued = await queryRows<Json>(t.db, sql`select from_date::text as f, to_date::text as t from recalc_queue where kind = 'days' and subject_id = ${emp('staff2')}`);
    expect(queued).toEqual([{ f: '2026-11-02', t: '2026-11-02' }]);
    await runWorkerTasks(t.app);
    const [day] = await queryRows<Json>(t.db, sql`select value::float8 as v from timesheet_days where employee_id = ${emp('staff2')} and date = '2026-11-02'`);
    expect(day).toEqual({ v: 1 });
  });
  it('inside the caller transaction: all or nothing', async () => {
    const count = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from requests where employee_id = ${emp('staff4')} and start_date = '2026-11-26'`))[0]!.n;
    await expect(
      t.db.transaction((tx) =>
        createRequests({ db: tx, clock: t.clock }, hr(), [
          item(leave('2026-11-26', { reason_type: 'UNPAID_LEAVE' }), 'staff4'),
          item(leave('2026-11-26', { reason_type: 'UNPAID_LEAVE' }), 'staff4'),
        ]),
      ),
    ).rejects.toThrow(R.overlapping);
    expect(await count()).toBe(0);
  });
});

describe('the lock date', () => {
  it('a pending request whose date became locked can no longer be approved, withdrawn or edited', async () => {
    const id = await create('staff2', leave('2026-11-24', { reason_type: 'UNPAID_LEAVE' }));
    await t.db.execute(sql`update payroll_periods set status = 4 where name = 'T11-2026'`);
    expect(await status('gl', id, 3)).toMatchObject({ status: 400, body: { message: R.locked } });
    expect(await status('staff2', id, 5, 'x')).toMatchObject({ status: 400, body: { message: R.locked } });
    expect((await call('staff2', 'PUT', 'edit-request', { id, version: 1, ...leave('2026-11-24', { reason_type: 'UNPAID_LEAVE' }) })).status).toBe(400);
    expect((await call('staff2', 'POST', 'create-request/', leave('2026-11-25', { reason_type: 'UNPAID_LEAVE' }))).body.message).toBe(R.locked);
  });
});
