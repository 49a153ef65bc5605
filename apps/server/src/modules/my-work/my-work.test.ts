import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EXPLANATION_STATUS_REQUEST_PATH } from '@tms/contracts/abnormal-case';
import { MY_WORK_PATHS as P } from '@tms/contracts/my-work';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { api, MON, requestWriteApp, TUE, type Json } from '../request-days/request-write.test-support.ts';

/**
 * My Work (issue 26 §2) on the request write tests' company: Thursday 05/11/2026 10:00, lock date 25/10/2026, T11-2026
 * (26/10 – 25/11) open and closing on 03/12/2026 at 12:00, staff, staff2 and gl with 16 h of annual leave, gl leading
 * staff's department and dl the division.
 */
let t: TestApp;
const { call, leave, create, status } = api(() => t);
const get = async (user: string, path: string) => {
  const res = await call(user, 'GET', `/api${path}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Json;
};
const emp = (u: string) => t.fixture.employeeIds[u]!;

beforeAll(async () => {
  t = await requestWriteApp();
});
afterAll(() => t.close());

describe('waiting', () => {
  let id = 0;

  it("lists a staff member's leave request for their approver with the balance after, never for the requester", async () => {
    id = await create('staff', leave(MON));
    const waiting = await get('gl', P.waiting);
    expect(waiting.total).toBe(1);
    expect(waiting.items).toEqual([
      expect.objectContaining({
        key: `REQUEST:${id}`,
        kind: 'REQUEST',
        id,
        requester: expect.objectContaining({ name: 'Son Staff', user_name: 'staff' }),
        title: 'Annual leave',
        from_date: MON,
        to_date: MON,
        amount: 8,
        unit: 'HOURS',
        balance_after: 8,
      }),
    ]);
    expect(await get('gl', P.waitingCount)).toEqual({ total: 1 });
    expect(await get('staff', P.waitingCount)).toEqual({ total: 0 });
    expect((await get('dl', P.waiting)).items).toEqual([]);
  });

  it("shows the approver's own request to their approver only", async () => {
    const own = await create('gl', leave(TUE));
    expect((await get('gl', P.waiting)).items.map((i: Json) => i.id)).toEqual([id]);
    const [row] = await queryRows<{ assignee_user_id: number }>(t.db, sql`select assignee_user_id from requests where id = ${own}`);
    const approver = Object.entries(t.fixture.userIds).find(([, u]) => u === row!.assignee_user_id)![0];
    expect((await get(approver, P.waiting)).items.map((i: Json) => i.id)).toContain(own);
  });

  it('lists an explanation of an abnormal case as an abnormal case, oldest first', async () => {
    const [c] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into abnormal_cases (employee_id, abnormal_date, reason, minute_violation, status) values (${emp('staff2')}, '2026-11-02', '2', 15, 1) returning id`,
    );
    await t.db.execute(sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, status, assignee_user_id, is_explanation, abnormal_case_id, explanation_hours)
                           values (${emp('staff2')}, 'EXPLANATION_REQUEST', 'LATE_TRAFFIC', '2026-11-02', '2026-11-02', 1, ${t.fixture.userIds.gl}, true, ${c!.id}, 1)`);
    const items = (await get('gl', P.waiting)).items as Json[];
    expect(items.map((i) => [i.kind, i.from_date])).toEqual([
      ['ABNORMAL_CASE', '2026-11-02'],
      ['REQUEST', MON],
    ]);
    expect(items[0]).toMatchObject({ title: 'Late because of traffic', amount: 1, unit: 'HOURS', balance_after: null, requester: { user_name: 'staff2' } });
    // The id the list gives is the one the explanation's own endpoint decides by (what the web sends).
    const decided = await call('gl', 'PUT', `/api${EXPLANATION_STATUS_REQUEST_PATH}`, { request_id: items[0]!.id, status: 3 });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect((await get('gl', P.waiting)).items.map((i: Json) => i.kind)).toEqual(['REQUEST']);
  });

  it('drops an item once its own endpoint approves it; the requester sees the status among their requests', async () => {
    expect((await get('staff', P.myRequests)).map((r: Json) => [r.id, r.status])).toEqual([[id, 1]]);
    expect((await status('gl', id, 3)).status).toBe(200);
    expect((await get('gl', P.waiting)).items).toEqual([]);
    expect(await get('staff', P.myRequests)).toEqual([expect.objectContaining({ id, status: 3, title: 'Annual leave', from_date: MON, is_explanation: false })]);
  });
});

describe('my requests', () => {
  it('lists what is about the last 30 days and ahead, whenever it was filed; not what ended before', async () => {
    const insert = (from: string, to: string) =>
      queryRows<{ id: number }>(
        t.db,
        sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, status, is_explanation)
            values (${emp('staff2')}, 'LEAVE_REQUEST', 'UNPAID_LEAVE', ${from}, ${to}, 3, false) returning id`,
      ).then((rows) => rows[0]!.id);
    // Today is 05/11/2026: the 30 days are 07/10 – 05/11.
    const old = await insert('2026-10-01', '2026-10-06');
    const spanning = await insert('2026-10-05', '2026-10-07');
    const ahead = await insert('2026-12-21', '2026-12-22');
    const ids = ((await get('staff2', P.myRequests)) as Json[]).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([spanning, ahead]));
    expect(ids).not.toContain(old);
  });
});

describe("everyone's blocks", () => {
  it('balances: the annual figures get-balance shows, offset, birthday and project leave', async () => {
    const b = await get('staff', P.balances);
    expect(b).toMatchObject({ date: '2026-11-05', annual_usable_hours: 8, annual_balance_hours: 8 + b.annual_advance_hours, project_leave_days: 0 });
    const form = await call('staff', 'GET', '/api/tms/filters/get-balance');
    expect(b.annual_balance_hours).toBe(form.body.data.annual_leave_balance_hours);
    expect(b.offset_hours).toBe(form.body.data.remainOffsetLeave);
  });

  it("today: the schedule in force and today's punches in company time", async () => {
    await t.db.execute(sql`insert into punches (system, attendance_check_id, employee_id, punched_at) values
      ('test', 'staff', ${emp('staff')}, '2026-11-05T08:25:00+07:00'), ('test', 'staff', ${emp('staff')}, '2026-11-04T17:40:00+07:00')`);
    expect(await get('staff', P.today)).toEqual({
      date: '2026-11-05',
      schedule: { name: 'HCM', start_time: '08:30', end_time: '17:30', working: true, holiday: false },
      punches: ['08:25'],
    });
  });

  it('to do: unexplained cases after the lock date with the closing of their period', async () => {
    await t.db.execute(sql`insert into abnormal_cases (employee_id, abnormal_date, reason, minute_violation, status) values
      (${emp('staff')}, '2026-11-03', '1', 20, 0), (${emp('staff')}, '2026-10-20', '1', 20, 0), (${emp('staff')}, '2026-11-04', '2', 5, 3)`);
    expect(await get('staff', P.toDo)).toEqual([
      expect.objectContaining({ date: '2026-11-03', reason: '1', minute_violation: 20, deadline_date: '2026-12-03', deadline_hour: '12:00' }),
    ]);
    expect(await get('staff2', P.toDo)).toEqual([]);
  });
});

describe("HR's period state", () => {
  it('counts the open period: days to its closing, unexplained cases, pending requests by department', async () => {
    await create('staff2', leave(MON));
    const state = await get('hr', P.periodState);
    expect(state.period).toMatchObject({ name: 'T11-2026', from_date: '2026-10-26', to_date: '2026-11-25', closing_date: '2026-12-03', closing_hour: '12:00', days_left: 28 });
    expect(state.unexplained_cases).toBe(1);
    expect(state.pending_requests).toBe(2);
    expect(state.pending_by_department.reduce((s: number, d: Json) => s + d.pending, 0)).toBe(2);
    expect(state.pending_by_department.every((d: Json) => typeof d.department_name === 'string')).toBe(true);
  });

  it('is refused to everyone but HR, HRM and Admin', async () => {
    expect((await call('staff', 'GET', `/api${P.periodState}`)).status).toBe(403);
    expect((await call('gl', 'GET', `/api${P.periodState}`)).status).toBe(403);
  });
});
