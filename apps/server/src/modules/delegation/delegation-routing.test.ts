import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { employees } from '../../db/schema/organisation.ts';
import { staffPolicies } from '../../db/schema/schedules.ts';
import type { TestApp } from '../../test/harness.ts';
import { delegationApi, delegationApp, NEXT_FRI, NEXT_MON, NEXT_TUE, THIS_FRI } from './delegation.test-support.ts';
import type { Json } from '../../test/json-body.ts';

/**
 * RULES.md §5 proved end to end: with a delegation staff → other (a colleague outside staff's chain) for next week, a
 * member's NEW item dated inside the range goes to the delegator (leave, explanation, fixed and flexible overtime, and
 * get-approver-for-user says so); items dated outside it, items that existed before, and items of a paused (flag
 * false) or deleted delegation keep the usual approver. Clock: Thursday 05/11/2026.
 */
let t: TestApp;
const { emp, uid, call, range, create } = delegationApi(() => t);
const THIS_TUE = '2026-11-03';
const RM = '/api/tms/request-management';

beforeAll(async () => {
  t = await delegationApp();
  const all = await t.db.select({ id: employees.id, userName: employees.userName }).from(employees);
  await t.db.insert(staffPolicies).values(
    all.map((e) => ({
      employeeId: e.id,
      workScheduleCode: 'HCM',
      ruleType: 'DAY',
      lackOfTimeAllowed: 15,
      otType: e.userName === 'staff' ? 'OT_FLEXIBLE' : 'OT_FIXED',
      applyDate: '2020-01-06',
      expireDate: '9999-12-30',
    })),
  );
  // An abnormal case of staff this week (late morning), to explain.
  await queryRows(t.db, sql`insert into abnormal_cases (employee_id, abnormal_date, reason, minute_violation, start_time, end_time, status)
                            values (${emp('staff')}, ${THIS_TUE}, '2', 30, '08:30', '12:00', 0)`);
});
afterAll(() => t.close());

const leave = (date: string) => ({ request_type: 'LEAVE_REQUEST', reason_type: 'ANN_LEAVE_CORP', request_dates: [{ request_date: date, duration: 'MORNING' }] });
async function fileLeave(user: string, date: string): Promise<number> {
  const res = await call(user, 'POST', `${RM}/create-request/`, leave(date));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}
const assigneeOf = async (requestId: number) => (await queryRows<{ a: number }>(t.db, sql`select assignee_user_id as a from requests where id = ${requestId}`))[0]!.a;
const approverFor = async (date: string) => (await call('staff', 'GET', `/api/tms/filters/get-approver-for-user?username=staff&date=${date}`)).body.data.user_name as string;

describe('a delegation in force routes new items (RULES.md §5)', () => {
  let existing: number;
  let delegationId: number;

  beforeAll(async () => {
    existing = await fileLeave('staff', NEXT_TUE);
    const d = await create('gl', 'other', [range('staff', NEXT_MON, NEXT_FRI), range('staff', THIS_TUE, THIS_TUE)]);
    delegationId = d.id;
  });

  it('an existing item keeps its assignee (it moves only by update-assignee)', async () => {
    expect(await assigneeOf(existing)).toBe(uid('gl'));
  });

  it('get-approver-for-user answers the delegator inside the range and gl outside', async () => {
    expect(await approverFor(NEXT_MON)).toBe('other');
    expect(await approverFor(NEXT_FRI)).toBe('other');
    expect(await approverFor(THIS_FRI)).toBe('gl');
    expect(await approverFor('2026-11-16')).toBe('gl');
    // staff2 is not a member.
    expect((await call('gl', 'GET', `/api/tms/filters/get-approver-for-user?username=staff2&date=${NEXT_MON}`)).body.data.user_name).toBe('gl');
  });

  it('a leave request dated next week goes to the delegator, who is notified; one dated this week to gl', async () => {
    const inRange = await fileLeave('staff', NEXT_MON);
    expect(await assigneeOf(inRange)).toBe(uid('other'));
    const [n] = await queryRows<Json>(t.db, sql`select notification_type from notifications where user_id = ${uid('other')} order by id desc limit 1`);
    expect(n).toMatchObject({ notification_type: 'ASSIGNED' });
    expect(await assigneeOf(await fileLeave('staff', THIS_FRI))).toBe(uid('gl'));
    // The delegator approves it; gl may not.
    expect((await call('gl', 'PUT', `${RM}/update-status`, { id: inRange, status_type: 3 })).status).toBe(403);
    const ok = await call('other', 'PUT', `${RM}/update-status`, { id: inRange, status_type: 3 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('an explanation dated in range goes to the delegator and shows in the delegation-explanation tab', async () => {
    const [c] = await queryRows<{ id: number }>(t.db, sql`select id from abnormal_cases where employee_id = ${emp('staff')} and abnormal_date = ${THIS_TUE}`);
    const res = await call('staff', 'POST', `${RM}/create-explanation/${c!.id}`, { reason_type: 'LATE_TRAFFIC', title: 'Traffic jam', actual: 'LATE_COMING', description: 'Stuck on the bridge' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await assigneeOf(res.body.data.request_id)).toBe(uid('other'));
    const tab = await call('gl', 'GET', '/api/tms/delegate/delegation-explanation');
    expect(tab.body.page.total_element).toBe(1);
    expect(tab.body.data[0]).toMatchObject({ id: res.body.data.request_id, employee: { name: 'Son Staff' }, delegator: { name: 'Oanh Other Lead' }, assignee: { user_name: 'other' }, status: 1, statusText: 'PENDING' });
    expect((await call('other', 'GET', '/api/tms/delegate/delegation-explanation')).body.page.total_element).toBe(1);
    expect((await call('hr', 'GET', '/api/tms/delegate/delegation-explanation?employee=son staff')).body.page.total_element).toBe(1);
    expect((await call('hr', 'GET', '/api/tms/delegate/delegation-explanation?employee=staff2')).body.page.total_element).toBe(0);
  });

  it('fixed overtime: the staff row dated in range is approved by the delegator', async () => {
    const res = await call('gl', 'POST', '/api/tms/overtime-request', {
      title: 'Release night',
      project_id: t.fixture.projectId,
      description: 'Deploy',
      ot_date: NEXT_TUE,
      start_time: `${NEXT_TUE} 18:00:00`,
      end_time: `${NEXT_TUE} 21:00:00`,
      ot_type: 'OT_AT_OFFICE',
      mail_cc: [],
      staff: [{ employee_id: emp('staff') }, { employee_id: emp('staff4') }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rows = await queryRows<{ employee_id: number; approver_user_id: number }>(
      t.db,
      sql`select employee_id, approver_user_id from overtime_request_staff where overtime_request_id = ${res.body.data.id} order by employee_id`,
    );
    expect(rows.find((r) => r.employee_id === emp('staff'))!.approver_user_id).toBe(uid('other'));
    expect(rows.find((r) => r.employee_id === emp('staff4'))!.approver_user_id).toBe(uid('pm'));
  });

  it('flexible overtime dated in range: both stages go to the delegator', async () => {
    const res = await call('staff', 'POST', '/api/tms/overtime-request/create', {
      title: 'Night fix',
      projectId: t.fixture.projectId,
      description: 'Fix',
      ccMailList: [],
      overtimeDate: '11/11/2026',
      requestType: 'OT_FLEXIBLE',
      startTime: '18:00',
      endTime: '20:00',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await queryRows<{ pm_user_id: number; manager_user_id: number }>(t.db, sql`select pm_user_id, manager_user_id from overtime_requests where id = ${res.body.data[0].id}`);
    expect(row).toEqual({ pm_user_id: uid('other'), manager_user_id: uid('other') });
  });

  it('a paused (flag false) delegation routes nothing; nor does a deleted one', async () => {
    const d = (await call('gl', 'GET', `/api/tms/delegate/get-detail-delegate?id=${delegationId}`)).body.data;
    const paused = await call('gl', 'POST', '/api/tms/delegate/edit-delegator', {
      id: delegationId,
      version: d.version,
      delegator: emp('other'),
      flag: false,
      staff_list: d.staff_list.map((s: Json) => ({ staff_id: s.staff_id, from_date: s.from_date, to_date: s.to_date })),
    });
    expect(paused.status).toBe(200);
    expect(await approverFor(NEXT_MON)).toBe('gl');
    expect(await assigneeOf(await fileLeave('staff', NEXT_FRI))).toBe(uid('gl'));
    const again = await call('gl', 'POST', '/api/tms/delegate/edit-delegator', { ...paused.body.data, id: delegationId, version: paused.body.data.version, delegator: emp('other'), flag: true, staff_list: d.staff_list.map((s: Json) => ({ staff_id: s.staff_id, from_date: s.from_date, to_date: s.to_date })) });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await approverFor(NEXT_MON)).toBe('other');
    expect((await call('gl', 'PUT', '/api/tms/delegate/delete-delegator', { delegate_list_id: [delegationId] })).status).toBe(200);
    expect(await approverFor(NEXT_MON)).toBe('gl');
    // The tab lists live delegations only; the explanation assigned while it was in force keeps its assignee.
    expect((await call('gl', 'GET', '/api/tms/delegate/delegation-explanation')).body.page.total_element).toBe(0);
    const [kept] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from requests where is_explanation and assignee_user_id = ${uid('other')}`);
    expect(kept!.n).toBe(1);
  });
});
