import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_MESSAGES as M } from '@tms/contracts/policies';
import { queryRows } from '../../db/client.ts';
import { enqueueJob, runDueJobs } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { recalculate } from '../timesheet/recalculate.ts';
import { planTrim } from './policy.service.ts';
import { scheduleSwitchJob } from './schedule-switch.ts';
import { readJson, type Json } from '../../test/json-body.ts';

const TZ = 'Asia/Ho_Chi_Minh';
/** Pinned: the rules depend on today (expire ≥ today), the lock date and which days have ended. */
const NOW = '2026-03-18T10:00:00+07:00';
const TODAY = '2026-03-18';
const LOCK = '2026-02-25';
const SWITCH = '2026-03-02';
const WORKDAYS = ['2026-02-26', '2026-02-27', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-16', '2026-03-17'];

let t: TestApp;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function call(user: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const headers = user ? await t.as(user) : {};
  const res = await t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: readJson(res) };
}

const policy = (over: Json = {}): Json => ({
  usernames: ['staff'],
  work_schedule_code: 'LATE',
  rule_type: 'DAY',
  explanation_number: 3,
  refund_hours_per_explanation: 1.5,
  explanation_time_per_days: 1,
  lack_of_time_allowed: 15,
  ot_type: 'OT_FIXED',
  url_policy: 'https://policy.example.com/late',
  apply_date: SWITCH,
  expire_date: '9999-12-30',
  ...over,
});

type Policy = { id: number; work_schedule_code: string; apply_date: string; expire_date: string; version: number; is_from: string | null };
const policiesOf = (username: string) =>
  queryRows<Policy>(
    t.db,
    sql`select id, work_schedule_code, apply_date::text as apply_date, expire_date::text as expire_date, version, is_from
          from staff_policies where employee_id = ${id(username)} order by apply_date, id`,
  );
const historyOf = (table: string, recordId: number) =>
  queryRows<{ action: string; changes: Json[]; new_record: Json; created_by_username: string }>(
    t.db,
    sql`select action, changes, new_record, created_by_username from history where table_name = ${table} and record_id = ${recordId} order by id`,
  );
const dayOf = async (username: string, date: string) =>
  (await queryRows<{ value: string | null; schedule_code: string | null }>(
    t.db,
    sql`select value::text as value, schedule_code from timesheet_days where employee_id = ${id(username)} and date = ${date}`,
  ))[0];
const employeeOf = async (username: string) =>
  (await queryRows<{ work_schedule_type: string | null; work_schedule_apply_date: string | null }>(
    t.db,
    sql`select work_schedule_type, work_schedule_apply_date::text as work_schedule_apply_date from employees where id = ${id(username)}`,
  ))[0]!;
const countPolicies = async () => (await queryRows<{ n: number }>(t.db, sql`select ((select count(*) from staff_policies) + (select count(*) from department_policies))::int as n`))[0]!.n;

async function upload(user: string, url: string, rows: unknown[][], fileName = 'policy.xlsx') {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('S');
  for (const r of rows) ws.addRow(r);
  const content = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = '----policy';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url: `/api${url}`, headers: { ...(await t.as(user)), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}
const HEADER = ['Username', 'Work Schedule Code', 'Work Schedule Type', 'Times/ payroll period', 'Hours/ time', 'Times/ day', 'Lack Of Time Allowed', 'OT Rule', 'Policy Link', 'Apply Date (DD/MM/YYYY)', 'Expired Date (DD/MM/YYYY)'];

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', type: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await insertWeekdaySchedule(t.db, { code: 'FLEXIBLE', type: 'FLEXIBLE', start: '07:00', end: '19:00' });
  await insertWeekdaySchedule(t.db, { code: 'LATE', type: 'HCM', start: '10:00', end: '19:00', breakStart: '14:00', breakEnd: '15:00' });
  // Everyone but staff2 has an open-ended HCM policy; staff2 (DEP1) has none of their own.
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, lack_of_time_allowed, ot_type, apply_date, expire_date, work_start_time, work_end_time)
    select id, 'HCM', 'DAY', 3, 15, 'OT_FIXED', '2020-01-06', '9999-12-30', '08:30', '17:30' from employees where user_name not in ('staff2')`);
  const c = t.fixture.companyId;
  await t.db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
    values (${c}, 'T02-2026', '2026-01-26', ${LOCK}, 20, 4), (${c}, 'T03-2026', '2026-02-26', '2026-03-25', 20, 0)`);
  for (const u of ['staff', 'staff2', 'gl']) {
    for (const d of WORKDAYS) {
      for (const clock of ['10:00', '19:00']) {
        await t.db.execute(sql`insert into punches (system, attendance_check_id, employee_id, punched_at, source)
          values ('TEST', ${u}, ${id(u)}, ${`${d}T${clock}:00+07:00`}::timestamptz, 'test')`);
      }
    }
  }
  await recalculate(t.db, { from: '2026-02-26', to: TODAY, timeZone: TZ, now: new Date(NOW) });
});
afterAll(() => t?.close());

describe('who may write', () => {
  it('STAFF and leads are 403 on policy writes; HRM is 403 on job info writes only', async () => {
    for (const user of ['staff', 'gl', 'dl', 'guest']) expect((await call(user, 'POST', '/tms/job-info-history/set-policy', policy())).status).toBe(403);
    for (const user of ['staff', 'hrm']) {
      expect((await call(user, 'POST', '/tms/job-info-history/create-job-info-history', { employee_id: `${id('staff4')}`, effective_start_date: '2026-04-01', end_date: '9999-12-30', work_schedule_code: 'HCM' })).status).toBe(403);
      expect((await call(user, 'PUT', '/tms/job-info-history/update-job-info-history', { _id: 1, effective_start_date: '2026-04-01', end_date: '9999-12-30', work_schedule_code: 'HCM' })).status).toBe(403);
      expect((await call(user, 'DELETE', '/tms/job_info/id?id=1')).status).toBe(403);
    }
    expect((await call('hrm', 'GET', '/tms/job-info-history/get-all')).status).toBe(200);
    expect((await call(null, 'GET', '/tms/job-info-history')).status).toBe(401);
  });
});

describe('the staff policy modal rules (spec 002 §5), nothing written', () => {
  async function refused(body: Json, message: string, messages?: string[]) {
    const before = await countPolicies();
    const res = await call('hr', 'POST', '/tms/job-info-history/set-policy', body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(message);
    if (messages) expect(res.body.messages).toEqual(expect.arrayContaining(messages));
    expect(await countPolicies()).toBe(before);
  }

  it('lists every required field', async () => {
    await refused({}, M.staffRequired, [
      M.staffRequired,
      M.workScheduleRequired,
      M.workScheduleTypeRequired,
      'Times/ payroll period is required',
      'Hours/ time is required',
      'Times/ day is required',
      M.lackRequired,
      M.otRequired,
      'Policy Link is required',
      'Apply Date is required',
      'Expired Date is required',
    ]);
  });

  it('explanation fields: invalid, integer, between 0 and 200, one decimal', async () => {
    await refused(policy({ explanation_number: 'abc' }), 'Times/ payroll period is invalid');
    await refused(policy({ explanation_time_per_days: 1.5 }), 'Times/ day is integer');
    await refused(policy({ explanation_number: 1.5 }), 'Times/ payroll period is integer');
    await refused(policy({ explanation_number: 200 }), 'Times/ payroll period must be between 0 and 200');
    await refused(policy({ explanation_time_per_days: -1 }), 'Times/ day must be between 0 and 200');
    await refused(policy({ refund_hours_per_explanation: 'x1' }), 'Hours/ time is invalid');
    await refused(policy({ refund_hours_per_explanation: 200 }), 'Hours/ time must be between 0 and 200');
    await refused(policy({ refund_hours_per_explanation: 1.25 }), 'Invalid duration (ex: 0.1, 0.2, 1, 1.1, ...) ');
    await refused(policy({ refund_hours_per_explanation: '0.15' }), 'Invalid duration (ex: 0.1, 0.2, 1, 1.1, ...) ');
  });

  it('link and dates', async () => {
    await refused(policy({ url_policy: 'ftp://policy.example.com' }), 'Http Link is invalid');
    await refused(policy({ url_policy: 'not a link' }), 'Http Link is invalid');
    await refused(policy({ url_policy: `https://x.example.com/${'a'.repeat(1500)}` }), M.linkTooLong);
    await refused(policy({ apply_date: '2026-04-10', expire_date: '2026-04-01' }), M.applyAfterExpire);
    await refused(policy({ apply_date: LOCK }), M.applyLocked('25/02/2026'));
    await refused(policy({ apply_date: '2026-03-02', expire_date: '2026-03-17' }), M.expirePast('18/03/2026'));
    await refused(policy({ usernames: ['nobody'] }), M.staffNotFound('nobody'));
    await refused(policy({ work_schedule_code: 'NOPE' }), M.scheduleNotFound('NOPE'));
  });
});

describe('RULES.md §4: the rule type follows the schedule type; a policy that disagrees is refused on every path', () => {
  const hourOnHcm = M.ruleTypeMismatch('HOUR', 'HCM', 'DAY');
  const dayOnFlexible = M.ruleTypeMismatch('DAY', 'FLEXIBLE', 'HOUR');

  it('Set Policy (staff and department) and Edit: 400 with the message, nothing written', async () => {
    const before = await countPolicies();
    const history = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from history`))[0]!.n;
    const historyBefore = await history();
    const staff = await call('hr', 'POST', '/tms/job-info-history/set-policy', policy({ work_schedule_code: 'HCM', rule_type: 'HOUR' }));
    expect(staff.status, JSON.stringify(staff.body)).toBe(400);
    expect(staff.body.message).toBe(hourOnHcm);
    const flexible = await call('hr', 'POST', '/tms/job-info-history/set-policy', policy({ work_schedule_code: 'FLEXIBLE', rule_type: 'DAY', ot_type: 'OT_FLEXIBLE' }));
    expect(flexible.body.message).toBe(dayOnFlexible);
    const department = await call('hr', 'POST', '/tms/department-policy/set-policy', { ...policy({ work_schedule_code: 'HCM', rule_type: 'HOUR' }), usernames: undefined, department_ids: [t.fixture.departments.dep3] });
    expect([department.status, department.body.message]).toEqual([400, hourOnHcm]);
    const [own] = (await policiesOf('staff3')).slice(-1);
    const edited = await call('hr', 'PUT', '/tms/job-info-history/edit-policy', { ...policy(), usernames: undefined, id: own!.id, version: own!.version, work_schedule_code: 'HCM', rule_type: 'HOUR', apply_date: own!.apply_date, expire_date: own!.expire_date });
    expect([edited.status, edited.body.message]).toEqual([400, hourOnHcm]);
    expect(await countPolicies()).toBe(before);
    expect(await history()).toBe(historyBefore);
    // The matching type is accepted.
    const ok = await call('hr', 'POST', '/tms/job-info-history/set-policy', policy({ usernames: ['other'], work_schedule_code: 'FLEXIBLE', rule_type: 'HOUR', ot_type: 'OT_FLEXIBLE', apply_date: '2026-09-01', expire_date: '2026-09-30' }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('policy import (staff and department): the row gets the message, nothing written', async () => {
    const before = await countPolicies();
    const bad = await upload('hr', '/tms/job-info-history/import', [HEADER, ['staff4', 'HCM', 'HOUR', 3, 1, 1, 15, 'OT_FIXED', 'https://p.example.com', '01/10/2026', '31/10/2026']]);
    expect(bad.statusCode).toBe(400);
    const report = new ExcelJS.Workbook();
    await report.xlsx.load(bad.rawPayload as unknown as ArrayBuffer);
    expect(String(report.worksheets[0]!.getColumn(12).values[2])).toContain(hourOnHcm);
    const header = ['Department Code', ...HEADER.slice(1)];
    const dep = await upload('hr', '/tms/department-policy/import', [header, ['DEP3', 'FLEXIBLE', 'DAY', 3, 1, 1, 15, 'OT_FLEXIBLE', 'https://p.example.com', '01/10/2026', '31/10/2026']]);
    expect(dep.statusCode).toBe(400);
    expect(await countPolicies()).toBe(before);
  });

  it('the grid and My Timesheet read the rule type from the schedule, whatever an older row stored', async () => {
    // A row written before the rule (HOUR on the day-based HCM schedule) is computed day-based and shown DAY.
    await t.db.execute(sql`update staff_policies set rule_type = 'HOUR' where employee_id = ${id('gl')} and work_schedule_code = 'HCM'`);
    const period = (await queryRows<{ id: number }>(t.db, sql`select id from payroll_periods where name = 'T03-2026'`))[0]!.id;
    const grid = await call('hr', 'GET', `/tms/timesheets?timesheetId=${period}&size=50`);
    expect(grid.status).toBe(200);
    expect(grid.body.data.find((r: Json) => r.user_name === 'gl').rule_type).toBe('DAY');
    const my = await call('gl', 'GET', `/tms/timesheets/${period}/employee/${id('gl')}`);
    expect(my.status, JSON.stringify(my.body)).toBe(200);
    expect(JSON.stringify(my.body)).toContain('"rule_type":"DAY"');
    expect(JSON.stringify(my.body)).not.toContain('"rule_type":"HOUR"');
    await t.db.execute(sql`update staff_policies set rule_type = 'DAY' where employee_id = ${id('gl')} and work_schedule_code = 'HCM'`);
  });
});

describe('set policy: trim rule, history, recalculation', () => {
  it('plans trims: end moved, start moved, split, removed', () => {
    const p = (id: number, apply: string, expire: string) => ({ id, owner_id: 1, apply_date: apply, expire_date: expire }) as never;
    const plan = planTrim([p(1, '2026-01-01', '2026-03-10'), p(2, '2026-03-20', '2026-04-30'), p(3, '2026-03-12', '2026-03-14'), p(4, '2026-01-01', '2026-12-31')], [
      { owner: 1, from: '2026-03-11', to: '2026-03-25' },
    ]);
    expect(plan.deletes.map((d: Json) => d.id)).toEqual([3]);
    expect(plan.updates).toEqual([
      { id: 2, apply: '2026-03-26', expire: '2026-04-30' },
      { id: 4, apply: '2026-01-01', expire: '2026-03-10' },
    ]);
    expect(plan.copies).toEqual([{ id: 4, apply: '2026-03-26', expire: '2026-12-31' }]);
  });

  it('trims the old policy, records history and recomputes the days', async () => {
    expect(await dayOf('staff', SWITCH)).toMatchObject({ value: '0.50', schedule_code: 'HCM' });
    const [old] = await policiesOf('staff');
    const res = await call('hr', 'POST', '/tms/job-info-history/set-policy', policy());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ code: 200, message: M.setSuccess, data: { count: 1, recalculation: 'done' } });
    expect(await policiesOf('staff')).toEqual([
      { ...old, expire_date: '2026-03-01', version: 2 },
      { id: res.body.data.ids[0], work_schedule_code: 'LATE', apply_date: SWITCH, expire_date: '9999-12-30', version: 1, is_from: null },
    ]);
    expect(await historyOf('staff_policies', old!.id)).toEqual([
      expect.objectContaining({ action: 'UPDATE', changes: [{ field: 'expire_date', oldValue: '9999-12-30', newValue: '2026-03-01' }], created_by_username: 'hr' }),
    ]);
    expect(await historyOf('staff_policies', res.body.data.ids[0])).toEqual([expect.objectContaining({ action: 'CREATE' })]);
    // The day's value follows the new schedule (10:00–19:00 on time); the day before it is unchanged.
    expect(await dayOf('staff', SWITCH)).toMatchObject({ value: '1.00', schedule_code: 'LATE' });
    expect(await dayOf('staff', '2026-02-27')).toMatchObject({ value: '0.50', schedule_code: 'HCM' });
  });

  it('a policy inside another splits it; one fully covered is removed', async () => {
    const res = await call('hrm', 'POST', '/tms/job-info-history/set-policy', policy({ work_schedule_code: 'FLEXIBLE', rule_type: 'HOUR', apply_date: '2026-03-20', expire_date: '2026-03-31' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const flexId = res.body.data.ids[0];
    expect((await policiesOf('staff')).map((p) => [p.work_schedule_code, p.apply_date, p.expire_date])).toEqual([
      ['HCM', '2020-01-06', '2026-03-01'],
      ['LATE', SWITCH, '2026-03-19'],
      ['FLEXIBLE', '2026-03-20', '2026-03-31'],
      ['LATE', '2026-04-01', '9999-12-30'],
    ]);
    const again = await call('hr', 'POST', '/tms/job-info-history/set-policy', policy({ work_schedule_code: 'HCM', apply_date: '2026-03-20', expire_date: '2026-03-31' }));
    expect(again.status).toBe(200);
    expect((await policiesOf('staff')).map((p) => p.work_schedule_code)).toEqual(['HCM', 'LATE', 'HCM', 'LATE']);
    expect((await historyOf('staff_policies', flexId)).map((h) => h.action)).toEqual(['CREATE', 'DELETE']);
  });
});

describe('row actions (spec 002 §4)', () => {
  it('the employee view marks the actions; history and edit rules hold', async () => {
    await t.db.execute(sql`insert into staff_policies (employee_id, work_schedule_code, rule_type, ot_type, apply_date, expire_date, is_from)
      values (${id('staff3')}, 'HCM', 'DAY', 'OT_FIXED', '2019-01-01', '2019-12-31', 'default_hrms')`);
    const res = await call('hr', 'GET', `/tms/job-info-history/employee?employeeId=${id('staff3')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.staff).toMatchObject({ name: 'Sinh Third', user_name: 'staff3' });
    const [current, hrms] = res.body.data.items;
    expect(current).toMatchObject({ source: 'staff', actions: { history: true, edit: true, remove: false, lockedFields: true } });
    expect(hrms).toMatchObject({ is_from: 'default_hrms', actions: { history: false, edit: false, remove: false } });

    const edit = (over: Json) => call('hr', 'PUT', '/tms/job-info-history/edit-policy', { ...policy(), usernames: undefined, id: current.id, version: current.version, work_schedule_code: 'HCM', apply_date: '2020-01-06', ...over });
    expect((await edit({ apply_date: '2026-03-01' })).body.message).toBe(M.lockedFields);
    expect((await edit({ work_schedule_code: 'LATE' })).body.message).toBe(M.lockedFields);
    expect((await edit({ id: hrms.id, version: 1 })).body.message).toBe(M.fromHrms);
    expect((await edit({ version: 99 })).status).toBe(409);
    const ok = await edit({ explanation_number: 5 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const hist = await call('hr', 'GET', `/tms/job-info-history/get-history/${current.id}`);
    expect(hist.body.data[0]).toMatchObject({ action: 'UPDATE', changes: expect.arrayContaining([{ field: 'explanation_number', oldValue: 3, newValue: 5 }]) });
    expect((await call('hr', 'DELETE', `/tms/job-info-history/delete-policy/${current.id}`)).body.message).toBe(M.notRemovable);
  });

  it('a future policy can be removed; the removal is in history', async () => {
    const set = await call('hr', 'POST', '/tms/job-info-history/set-policy', policy({ usernames: ['staff3'], apply_date: '2026-05-01', expire_date: '2026-05-31' }));
    const pid = set.body.data.ids[0];
    const del = await call('admin', 'DELETE', `/tms/job-info-history/delete-policy/${pid}`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await historyOf('staff_policies', pid)).map((h) => h.action)).toEqual(['CREATE', 'DELETE']);
    // The trimmed policy around it keeps its split (the trim is not undone by a removal).
    expect((await policiesOf('staff3')).some((p) => p.id === pid)).toBe(false);
  });
});

describe('department policy', () => {
  it('applies to a member without a staff policy; a member with one keeps theirs', async () => {
    expect((await dayOf('staff2', SWITCH))?.value ?? null).toBeNull();
    const res = await call('hr', 'POST', '/tms/department-policy/set-policy', { ...policy(), usernames: undefined, department_ids: [t.fixture.departments.dep1] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await dayOf('staff2', SWITCH)).toMatchObject({ value: '1.00', schedule_code: 'LATE' });
    expect(await dayOf('gl', SWITCH)).toMatchObject({ value: '0.50', schedule_code: 'HCM' });
    expect(await historyOf('department_policies', res.body.data.ids[0])).toEqual([expect.objectContaining({ action: 'CREATE', created_by_username: 'hr' })]);

    const list = await call('hrm', 'GET', `/tms/department-policy?department=${t.fixture.departments.dep1}`);
    expect(list.body.data[0]).toMatchObject({ department_name: 'Department One', work_schedule_code: 'LATE', member_count: 3, actions: { edit: true, remove: true } });
    const view = await call('hr', 'GET', `/tms/job-info-history/employee?employeeId=${id('staff2')}`);
    expect(view.body.data.items[0]).toMatchObject({ source: 'department', actions: { history: false, edit: false, remove: false } });
    const current = await call('hr', 'GET', `/tms/job-info-history?staff=${id('staff2')}`);
    expect(current.body.data[0].policy).toMatchObject({ source: 'department', work_schedule_code: 'LATE' });
    expect(await employeeOf('staff2')).toEqual({ work_schedule_type: 'HCM', work_schedule_apply_date: SWITCH });
  });

  it('update-job-history works for a member covered only by the department policy', async () => {
    const res = await call('hr', 'PUT', `/tms/timesheets/update-job-history?userId=${id('staff2')}`, { work_schedule_code: 'HCM', apply_date: '2026-03-10' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await policiesOf('staff2')).map((p) => [p.work_schedule_code, p.apply_date, p.expire_date])).toEqual([['HCM', '2026-03-10', '9999-12-30']]);
    expect(await dayOf('staff2', '2026-03-10')).toMatchObject({ value: '0.50', schedule_code: 'HCM' });
    expect(await dayOf('staff2', '2026-03-09')).toMatchObject({ value: '1.00', schedule_code: 'LATE' });
  });
});

describe('department policy writes', () => {
  it('edit (stale version 409), history, removal, import all or nothing, lookups', async () => {
    const set = await call('admin', 'POST', '/tms/department-policy/set-policy', { ...policy(), usernames: undefined, department_ids: [t.fixture.departments.dep3], apply_date: '2026-07-01', expire_date: '2026-07-31' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const did = set.body.data.ids[0];
    const edit = (over: Json) => call('hr', 'PUT', '/tms/department-policy/edit-policy', { ...policy(), usernames: undefined, id: did, apply_date: '2026-07-01', expire_date: '2026-07-31', ...over });
    expect((await edit({ version: 5 })).status).toBe(409);
    expect((await edit({ version: 1, explanation_number: '' })).body.message).toBe('Times/ payroll period is required');
    const ok = await edit({ version: 1, expire_date: '2026-08-31' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const hist = await call('hrm', 'GET', `/tms/department-policy/get-history/${did}`);
    expect(hist.body.data.map((h: Json) => h.action)).toEqual(['UPDATE', 'CREATE']);
    expect(hist.body.data[0].changes).toEqual([{ field: 'expire_date', oldValue: '2026-07-31', newValue: '2026-08-31' }]);
    expect((await call('staff', 'DELETE', `/tms/department-policy/delete-policy/${did}`)).status).toBe(403);
    expect((await call('hr', 'DELETE', `/tms/department-policy/delete-policy/${did}`)).status).toBe(200);
    expect((await call('hr', 'GET', `/tms/department-policy/get-history/${did}`)).status).toBe(404);

    const header = ['Department Code', ...HEADER.slice(1)];
    const before = await countPolicies();
    const bad = await upload('hr', '/tms/department-policy/import', [header, ['DEP3', 'HCM', 'DAY', 3, 1, 1, 15, 'OT_FIXED', 'https://p.example.com', '01/09/2026', '30/09/2026'], ['NOPE', 'HCM', 'DAY', 3, 1, 1, 15, 'OT_FIXED', 'https://p.example.com', '01/09/2026', '30/09/2026']]);
    expect(bad.statusCode).toBe(400);
    expect(await countPolicies()).toBe(before);
    const good = await upload('hr', '/tms/department-policy/import', [header, ['DEP3', 'HCM', 'DAY', 3, 1, 1, 15, 'OT_FIXED', 'https://p.example.com', '01/09/2026', '30/09/2026']]);
    expect(good.statusCode, good.body).toBe(200);
    expect(await countPolicies()).toBe(before + 1);
    const template = await t.app.inject({ method: 'GET', url: '/api/tms/department-policy/download-template', headers: await t.as('hr') });
    expect(template.statusCode).toBe(200);

    const codes = await call('staff', 'GET', '/tms/filters/get-all-work-schedule-codes');
    expect(codes.body.data.map((s: Json) => s.work_schedule_code)).toEqual(['FLEXIBLE', 'HCM', 'LATE']);
    const rules = await call('staff', 'GET', '/tms/filters/get-all-rule-work-schedule-config');
    expect(rules.body.data.ruleTypes.map((r: Json) => r.value)).toEqual(['DAY', 'HOUR']);
  });
});

describe('import (all or nothing)', () => {
  it('a bad row writes nothing and answers the error report; a good file writes every row', async () => {
    const before = await countPolicies();
    const bad = await upload('hr', '/tms/job-info-history/import', [
      HEADER,
      ['staff4', 'HCM', 'DAY', 3, 1, 1, 15, 'OT_FIXED', 'https://p.example.com', '01/04/2026', '30/12/9999'],
      ['nobody', 'HCM', 'DAY', 3, 1.25, 1, 15, 'OT_FIXED', 'https://p.example.com', '01/04/2026', '30/12/9999'],
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.code).toBe('400');
    const report = new ExcelJS.Workbook();
    await report.xlsx.load(bad.rawPayload as unknown as ArrayBuffer);
    const errors = report.worksheets[0]!.getColumn(12).values.slice(2).map(String);
    expect(errors[0]).toBe('');
    expect(errors[1]).toContain(M.staffNotFound('nobody'));
    expect(errors[1]).toContain(M.invalidDuration);
    expect(await countPolicies()).toBe(before);

    const good = await upload('hr', '/tms/job-info-history/import', [
      HEADER,
      ['staff4', 'HCM', 'DAY', 3, 1, 1, 15, 'OT_FIXED', 'https://p.example.com', '01/04/2026', '30/04/2026'],
      ['staff4', 'LATE', 'DAY', 3, 1, 1, 15, 'OT_FIXED', 'https://p.example.com', '01/05/2026', '30/12/9999'],
    ]);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ code: 200, data: { count: 2 } });
    expect((await policiesOf('staff4')).map((p) => [p.work_schedule_code, p.apply_date, p.expire_date])).toEqual([
      ['HCM', '2020-01-06', '2026-03-31'],
      ['HCM', '2026-04-01', '2026-04-30'],
      ['LATE', '2026-05-01', '9999-12-30'],
    ]);
  });

  it('file rules: required, wrong format', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/tms/job-info-history/import', headers: { ...(await t.as('hr')), 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' });
    expect(none.json().message).toBe(M.fileRequired);
    const wrong = await upload('hr', '/tms/job-info-history/import', [HEADER], 'policy.pdf');
    expect([415, 400]).toContain(wrong.statusCode);
    expect(wrong.json().message).toBe(M.fileWrongFormat);
  });
});

describe('job info history', () => {
  it('creates rows (one message each), refuses a locked update with 000513, removes a future row', async () => {
    const create = await call('admin', 'POST', '/tms/job-info-history/create-job-info-history', { employee_id: `${id('pm')},${id('guest')}`, effective_start_date: '2026-06-01', end_date: '9999-12-30', work_schedule_code: 'LATE' });
    expect(create.status, JSON.stringify(create.body)).toBe(200);
    expect(create.body.data).toEqual([M.jobCreated('pm'), M.jobCreated('guest')]);
    const list = await call('hrm', 'GET', `/tms/job-info-history/get-all?employee=${id('pm')}`);
    expect(list.body.data.map((r: Json) => [r.work_schedule_code, r.effective_start_date, r.end_date, r.work_start_time])).toEqual([
      ['LATE', '2026-06-01', '9999-12-30', '10:00'],
      ['HCM', '2020-01-06', '2026-05-31', '08:30'],
    ]);
    const locked = list.body.data[1];
    const upd = await call('hr', 'PUT', '/tms/job-info-history/update-job-info-history', { _id: locked._id, effective_start_date: '2026-03-01', end_date: '2026-05-31', work_schedule_code: 'HCM' });
    expect(upd.status).toBe(400);
    expect(upd.body).toMatchObject({ result_code: '000513', message: M.lockedFields });
    const emp = await call('hr', 'GET', `/tms/job_info/employee?employeeId=${id('pm')}`);
    expect(emp.body.data).toHaveLength(2);
    const del = await call('hr', 'DELETE', `/tms/job_info/id?id=${list.body.data[0]._id}`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await call('hr', 'POST', '/tms/job-info-history/create-job-info-history', { employee_id: '', effective_start_date: '2026-06-01', end_date: '9999-12-30', work_schedule_code: 'LATE' })).body.message).toBe(M.jobNameRequired);
    expect((await call('hr', 'POST', '/tms/job-info-history/create-job-info-history', { employee_id: '1' })).body.messages).toEqual(
      expect.arrayContaining([M.jobStartRequired, M.jobEndRequired, M.jobScheduleRequired]),
    );
  });
});

describe('the schedule switch', () => {
  it('a policy in force today switches at once; a later one on its day (job, fixed clock)', async () => {
    const now = await call('hr', 'POST', '/tms/job-info-history/set-policy', policy({ usernames: ['dl'], work_schedule_code: 'FLEXIBLE', rule_type: 'HOUR', apply_date: TODAY }));
    expect(now.status).toBe(200);
    expect(await employeeOf('dl')).toEqual({ work_schedule_type: 'FLEXIBLE', work_schedule_apply_date: TODAY });

    await call('hr', 'POST', '/tms/job-info-history/set-policy', policy({ usernames: ['staff3'], work_schedule_code: 'FLEXIBLE', rule_type: 'HOUR', apply_date: '2026-03-19' }));
    expect(await employeeOf('staff3')).toEqual({ work_schedule_type: 'HCM', work_schedule_apply_date: '2020-01-06' });
    t.clock.set('2026-03-19T00:30:00+07:00');
    await enqueueJob(t.db, { job: scheduleSwitchJob });
    await runDueJobs(t.app);
    expect(await employeeOf('staff3')).toEqual({ work_schedule_type: 'FLEXIBLE', work_schedule_apply_date: '2026-03-19' });
    const [entry] = (await historyOf('employees', id('staff3'))).slice(-1);
    expect(entry).toMatchObject({ action: 'UPDATE', created_by_username: 'system', changes: expect.arrayContaining([{ field: 'work_schedule_type', oldValue: 'HCM', newValue: 'FLEXIBLE' }]) });
    t.clock.set(NOW);
  });
});
