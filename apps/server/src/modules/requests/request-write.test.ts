import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES as M, REQUEST_RULE_MESSAGES as R } from '@tms/contracts/requests';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { api, FRI, FRI2, historyOf, HOLIDAY, LOCK, MON, requestRow, requestWriteApp, SAT, TUE, WED, type Json } from '../request-days/request-write.test-support.ts';

/** Creation, the §5.2 form messages, amounts, overlap, balance at creation, batch, onsite, lookups (spec 001 §5.2, §7.2). */
let t: TestApp;
const { call, leave, create } = api(() => t);
const emp = (u: string) => t.fixture.employeeIds[u]!;
const uid = (u: string) => t.fixture.userIds[u]!;

beforeAll(async () => {
  t = await requestWriteApp();
}, 120_000);
afterAll(async () => t?.close());

describe('create-request', () => {
  it('files a full-day annual leave for the caller, assigned to the group lead, with history and a notification', async () => {
    const id = await create('staff', leave(FRI, { description: 'family', mail_cc: [emp('staff2')] }));
    const row = await requestRow(t, id);
    expect(row).toMatchObject({ employee_id: emp('staff'), status: 1, assignee_user_id: uid('gl'), hours: 8, quantity_in_minutes: 480, created_by_user_id: uid('staff') });
    const dates = await queryRows<Json>(t.db, sql`select date::text, shift, hours::float8 as h from request_dates where request_id = ${id}`);
    expect(dates).toEqual([{ date: FRI, shift: 'FULL_DAY', h: 8 }]);
    const cc = await queryRows<Json>(t.db, sql`select employee_id from request_cc where request_id = ${id}`);
    expect(cc).toEqual([{ employee_id: emp('staff2') }]);
    expect((await historyOf(t, id)).map((h) => h.action)).toEqual(['CREATE']);
    const [n] = await queryRows<Json>(t.db, sql`select notification_type, link from notifications where user_id = ${uid('gl')} and link like ${`%id=${id}`}`);
    expect(n).toEqual({ notification_type: 'ASSIGNED', link: `/timesheet/request-management?id=${id}` });
    // The mail goes to the assignee with the CC list copied (no SMTP in tests: the outbox row).
    const mails = await queryRows<Json>(t.db, sql`select "to", cc from mail_outbox where text like ${`%id=${id}%`}`);
    expect(mails).toEqual([{ to: 'gl@cglobal.test', cc: 'staff2@cglobal.test' }]);
  });

  it('a lead files for themselves one level up; the division lead goes to an HRM', async () => {
    const gl = await create('gl', leave(MON, { request_dates: [{ request_date: MON, duration: 'MORNING' }] }));
    expect((await requestRow(t, gl)).assignee_user_id).toBe(uid('dl'));
    const dl = await create('dl', leave(MON, { reason_type: 'UNPAID_LEAVE' }));
    expect((await requestRow(t, dl)).assignee_user_id).toBe(uid('hrm'));
  });

  it('ignores fields a client may not set (status, approver) and refuses filing for someone else unless HR', async () => {
    const { status, body } = await call('staff2', 'POST', 'create-request/', { ...leave(TUE), status: 3, assignee_user_id: uid('staff2') });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(await requestRow(t, body.data.id)).toMatchObject({ status: 1, assignee_user_id: uid('gl') });
    expect((await call('staff2', 'POST', 'create-request/', { ...leave(WED), staff_id: emp('staff') })).status).toBe(403);
    const byHr = await create('hr', { ...leave(WED, { reason_type: 'UNPAID_LEAVE' }), staff_id: emp('staff4') });
    expect(await requestRow(t, byHr)).toMatchObject({ employee_id: emp('staff4'), created_by_user_id: uid('hr') });
  });

  it('a range skips weekends and holidays: afternoon of Fri → morning of Tue is 4 + 8 + 4 hours', async () => {
    const body = { request_type: 'LEAVE_REQUEST', reason_type: 'UNPAID_LEAVE', start_date: FRI, end_date: TUE, start_shift: 'AFTERNOON', end_shift: 'MORNING' };
    const d = await call('staff4', 'POST', 'time-and-duration', body);
    expect(d.body.data).toMatchObject({ hours: 16, minutes: 960 });
    expect(d.body.data.request_dates.map((r: Json) => r.request_date)).toEqual([FRI, MON, TUE]);
    const id = await create('staff4', body);
    expect(await requestRow(t, id)).toMatchObject({ start_date: FRI, end_date: TUE, start_shift: 'AFTERNOON', end_shift: 'MORNING', hours: 16 });
    const holiday = await call('staff4', 'POST', 'time-and-duration', { start_date: WED, end_date: FRI2, start_shift: 'MORNING', end_shift: 'AFTERNOON' });
    expect(holiday.body.data.hours).toBe(16);
  });

  it('hour-based staff file minutes: 60 × hour + minute in blocks of 30', async () => {
    const id = await create('staff3', { request_type: 'LEAVE_REQUEST', reason_type: 'UNPAID_LEAVE', request_dates: [{ request_date: FRI, hour: 1, minute: 30 }] }, 'create-request-flexible/');
    expect(await requestRow(t, id)).toMatchObject({ hours: 1.5, quantity_in_minutes: 90, is_flexible: true });
    const id2 = await create('staff3', { request_type: 'LEAVE_REQUEST', reason_type: 'UNPAID_LEAVE', request_dates: [{ request_date: MON, request_minutes: 120 }] }, 'create-request-flexible/');
    expect((await requestRow(t, id2)).hours).toBe(2);
  });
});

describe('the leave variant (one date at the top level)', () => {
  it('request_date with hour + minute, or duration; CC as ccMails', async () => {
    const id = await create('staff3', { request_type: 'LEAVE_REQUEST', reason_type: 'UNPAID_LEAVE', request_date: TUE, hour: 0, minute: 30, ccMails: [emp('staff')] }, 'create-request-flexible/');
    expect(await requestRow(t, id)).toMatchObject({ start_date: TUE, quantity_in_minutes: 30 });
    expect(await queryRows<Json>(t.db, sql`select employee_id from request_cc where request_id = ${id}`)).toEqual([{ employee_id: emp('staff') }]);
    const day = await create('staff4', { request_type: 'LEAVE_REQUEST', reason_type: 'UNPAID_LEAVE', request_date: '2026-11-27', duration: 'AFTERNOON' });
    expect(await requestRow(t, day)).toMatchObject({ start_shift: 'AFTERNOON', end_shift: 'AFTERNOON', hours: 4 });
    expect((await call('staff4', 'POST', 'create-request-flexible/', { request_type: 'LEAVE_REQUEST', reason_type: 'UNPAID_LEAVE', hour: 1, minute: 0 })).body.message).toBe(M.flexibleDateRequired);
  });
});

describe('§5.2 messages and refusals', () => {
  const refused = async (body: Json, message: string, opts: { user?: string; path?: string; status?: number } = {}) => {
    const res = await call(opts.user ?? 'staff2', 'POST', opts.path ?? 'create-request/', body);
    expect(res.body.message, JSON.stringify(res.body)).toBe(message);
    expect(res.status).toBe(opts.status ?? 400);
  };
  it('request type, reason, dates, duration, hour, minute', async () => {
    await refused({ reason_type: 'ANN_LEAVE_CORP', request_dates: [{ request_date: FRI, duration: 'FULL_DAY' }] }, M.requestTypeRequired);
    await refused({ request_type: 'LEAVE_REQUEST', request_dates: [{ request_date: FRI, duration: 'FULL_DAY' }] }, M.reasonRequired);
    await refused(leave(FRI, { reason_type: 'ONSITE' }), M.reasonRequired);
    await refused(leave(FRI, { request_dates: [{ duration: 'FULL_DAY' }] }), M.requestDateRequired);
    await refused(leave(FRI, { request_dates: [{ request_date: FRI }] }), M.durationRequired);
    await refused(leave(FRI, { request_dates: [] }), M.requestDatesRequired);
    await refused(leave(FRI, { request_dates: [{ minute: 30 }] }), M.flexibleDateRequired, { path: 'create-request-flexible/' });
    await refused(leave(FRI, { request_dates: [{ request_date: FRI }] }), M.hourRequired, { path: 'create-request-flexible/' });
    await refused(leave(FRI, { request_dates: [{ request_date: FRI, hour: 1 }] }), M.minuteRequired, { path: 'create-request-flexible/' });
    await refused(leave(FRI, { request_dates: [{ request_date: FRI, minute: 30 }] }), M.hourRequired, { path: 'create-request-flexible/' });
    await refused(leave(FRI, { request_dates: [{ request_date: FRI, hour: 0, minute: 45 }] }), M.minuteRequired, { path: 'create-request-flexible/' });
    await refused(leave(FRI, { request_dates: [{ request_date: FRI, hour: 0, minute: 0 }] }), M.minuteRequired, { path: 'create-request-flexible/' });
  });
  it('start and end of a range, shifts, description length', async () => {
    const range = { request_type: 'LEAVE_REQUEST', reason_type: 'UNPAID_LEAVE' };
    await refused({ ...range, end_date: FRI, start_shift: 'MORNING', end_shift: 'AFTERNOON' }, M.startTimeRequired);
    await refused({ ...range, start_date: FRI, start_shift: 'MORNING', end_shift: 'AFTERNOON' }, M.endTimeRequired);
    await refused({ ...range, start_date: FRI, end_date: FRI, end_shift: 'AFTERNOON' }, M.shiftRequired);
    await refused({ ...range, start_date: FRI, end_date: FRI, start_shift: 'AFTERNOON', end_shift: 'MORNING' }, M.shiftRequired);
    await refused(leave(FRI, { description: 'x'.repeat(1001) }), M.textTooLong);
  });
  it('weekends, holidays and locked dates are refused', async () => {
    await refused(leave(SAT), R.weekend);
    await refused(leave(HOLIDAY), R.weekend);
    await refused({ request_type: 'LEAVE_REQUEST', reason_type: 'UNPAID_LEAVE', start_date: SAT, end_date: '2026-11-08', start_shift: 'MORNING', end_shift: 'AFTERNOON' }, R.weekend);
    // LOCK (25/10) is a Sunday: the last locked working day is Friday 23/10.
    expect(LOCK).toBe('2026-10-25');
    await refused(leave('2026-10-23'), R.locked);
    await refused({ request_type: 'LEAVE_REQUEST', reason_type: 'UNPAID_LEAVE', start_date: '2026-10-22', end_date: FRI, start_shift: 'MORNING', end_shift: 'AFTERNOON' }, R.locked);
  });
  it('work outside is not filed by staff; onsite needs a project; no schedule', async () => {
    await refused({ request_type: 'WORK_OUTSIDE', reason_type: 'WORK_OUTSIDE', request_dates: [{ request_date: FRI, duration: 'FULL_DAY' }] }, M.onsiteNotSupported);
    await refused({ request_type: 'ONSITE', reason_type: 'ONSITE', request_dates: [{ request_date: FRI, duration: 'FULL_DAY' }] }, M.projectRequired);
    await refused({ request_type: 'ONSITE', reason_type: 'ONSITE', request_dates: [{ request_date: FRI, duration: 'FULL_DAY' }] }, M.projectRequired, { user: 'hr', path: 'create-common-request' });
    await t.db.execute(sql`delete from staff_policies where employee_id = ${emp('other')}`);
    await t.db.execute(sql`update employees set work_schedule_type = null where id = ${emp('other')}`);
    await refused(leave(FRI, { reason_type: 'UNPAID_LEAVE' }), M.noWorkSchedule, { user: 'other' });
  });
  it('explanations are not filed here', async () => {
    await refused({ request_type: 'EXPLANATION_REQUEST', reason_type: 'LATE_TRAFFIC', request_dates: [{ request_date: FRI, duration: 'FULL_DAY' }] }, M.requestTypeRequired);
  });
});

describe('overlap and balance at creation', () => {
  it('the same shift twice is refused; the other half of the day is not', async () => {
    await create('staff2', leave(FRI2, { reason_type: 'UNPAID_LEAVE', request_dates: [{ request_date: FRI2, duration: 'MORNING' }] }));
    const again = await call('staff2', 'POST', 'create-request/', leave(FRI2, { reason_type: 'UNPAID_LEAVE', request_dates: [{ request_date: FRI2, duration: 'FULL_DAY' }] }));
    expect(again.body.message).toBe(R.overlapping);
    await create('staff2', leave(FRI2, { reason_type: 'UNPAID_LEAVE', request_dates: [{ request_date: FRI2, duration: 'AFTERNOON' }] }));
    const hourly = await call('staff2', 'POST', 'create-request/', leave(FRI2, { reason_type: 'UNPAID_LEAVE', request_dates: [{ request_date: FRI2, request_minutes: 30 }] }));
    expect(hourly.body.message).toBe(R.overlapping);
  });
  it('annual leave needs the balance minus other pending annual requests', async () => {
    // gl: 16 h, 4 h pending (MON morning above).
    await create('gl', leave(TUE));
    const over = await call('gl', 'POST', 'create-request/', leave(WED));
    expect(over).toMatchObject({ status: 400, body: { message: R.insufficientBalance } });
    await create('gl', leave(WED, { request_dates: [{ request_date: WED, duration: 'MORNING' }] }));
  });
  it('offset and birthday leave need their allowance', async () => {
    const offset = await call('staff4', 'POST', 'create-request/', leave('2026-11-16', { reason_type: 'LOA_CORP_11' }));
    expect(offset.body.message).toBe(R.insufficientBalance);
    await create('staff4', leave('2026-11-16', { reason_type: 'BIRTHDAY_LEAVE' }));
    const second = await call('staff4', 'POST', 'create-request/', leave('2026-11-17', { reason_type: 'BIRTHDAY_LEAVE', request_dates: [{ request_date: '2026-11-17', duration: 'MORNING' }] }));
    expect(second.body.message).toBe(R.insufficientBalance);
  });
});

describe('batch-create-request (HR)', () => {
  const body = (usernames: string[], date: string) => ({ ...leave(date, { reason_type: 'UNPAID_LEAVE' }), usernames });
  it('answers per item: 207 when some fail', async () => {
    const res = await call('hr', 'POST', 'batch-create-request/', body(['staff', 'staff3', 'nobody'], '2026-11-18'));
    expect(res.status).toBe(207);
    expect(res.body.data.map((r: Json) => [r.username, r.code])).toEqual([
      ['staff', 200],
      ['staff3', 200],
      ['nobody', 404],
    ]);
    // staff already has the 18th now: the same again fails for staff only.
    const partial = await call('hr', 'POST', 'batch-create-request/', body(['staff', 'staff2'], '2026-11-18'));
    expect(partial.status).toBe(207);
    expect(partial.body.data).toMatchObject([{ code: 400, message: R.overlapping }, { code: 200, message: M.success }]);
  });
  it('200 when all succeed, 400 when none does; usernames required', async () => {
    expect((await call('hr', 'POST', 'batch-create-request/', body(['staff4'], '2026-11-19'))).status).toBe(200);
    const none = await call('hr', 'POST', 'batch-create-request/', body(['staff4'], '2026-11-19'));
    expect(none).toMatchObject({ status: 400, body: { message: R.overlapping } });
    expect((await call('hr', 'POST', 'batch-create-request/', body([], '2026-11-19'))).body.message).toBe(M.staffRequired);
  });
});

describe('create-common-request (HR, HRM, ADMIN)', () => {
  it('onsite for staff: assigned to the project PM, created by the special role', async () => {
    const res = await call('hrm', 'POST', 'create-common-request', {
      request_type: 'ONSITE',
      reason_type: 'ONSITE',
      project_id: t.fixture.projectId,
      usernames: ['staff4'],
      request_dates: [{ request_date: '2026-11-20', duration: 'FULL_DAY' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await requestRow(t, res.body.data.ids[0]);
    // One onsite record (docs/onsite.md) whose staff row Request Management lists, with the record's approver.
    expect(row).toMatchObject({ request_type: 'ONSITE', assignee_user_id: uid('pm'), created_by_role: 'ONSITE', project_id: t.fixture.projectId });
    const wo = await call('admin', 'POST', 'create-common-request', { request_type: 'WORK_OUTSIDE', reason_type: 'WORK_OUTSIDE', employee_ids: [emp('staff2')], request_dates: [{ request_date: '2026-11-20', duration: 'FULL_DAY' }] });
    expect(wo.status, JSON.stringify(wo.body)).toBe(200);
    expect(await requestRow(t, wo.body.data.ids[0])).toMatchObject({ assignee_user_id: uid('gl'), created_by_role: 'HR' });
    expect((await call('hr', 'POST', 'create-common-request', { request_type: 'ONSITE', reason_type: 'ONSITE', project_id: t.fixture.projectId, request_dates: [{ request_date: '2026-11-20', duration: 'FULL_DAY' }] })).body.message).toBe(M.staffRequired);
  });
});

describe('lookups', () => {
  it('selections and reasons from reason_types', async () => {
    const sel = await call('staff', 'GET', 'create-request-selections');
    const leaveType = sel.body.data.find((x: Json) => x.request_type === 'LEAVE_REQUEST');
    expect(leaveType.reasons.map((r: Json) => r.code)).toContain('ANN_LEAVE_CORP');
    const onsite = await call('hr', 'GET', 'create-request-selections-v2?screenType=ONSITE');
    expect(onsite.body.data.map((x: Json) => x.request_type)).toEqual(['ONSITE']);
    const reasons = await call('guest', 'GET', 'get-reason-selections');
    expect(reasons.body.data[0]).toMatchObject({ reason_type_code: 'LEAVE_REQUEST' });
  });
  it('get-approver-for-user answers the RULES.md §5 resolution, within scope', async () => {
    const res = await call('staff', 'GET', `/api/tms/filters/get-approver-for-user?username=staff&date=${FRI}`);
    expect(res.body.data).toEqual({ id: uid('gl'), user_name: 'gl', name: 'Giang Group' });
    expect((await call('hr', 'GET', '/api/tms/filters/get-approver-for-user?username=STAFF3')).body.data.user_name).toBe('dl');
    expect((await call('staff', 'GET', '/api/tms/filters/get-approver-for-user?username=staff4')).status).toBe(404);
  });
  it('work schedule of a user and date', async () => {
    const flex = await call('hr', 'GET', `/api/tms/employee/work-schedule?employeeId=${emp('staff3')}&date=${FRI}`);
    expect(flex.body.data).toMatchObject({ standard_working_time: 480, request_type: 'hour', minimum_minute_block_request: 30 });
    const day = await call('staff', 'GET', `/api/tms/employee/work-schedule?date=${FRI}`);
    expect(day.body.data).toMatchObject({ request_type: 'day', is_working_day: true });
    const check = await call('staff', 'GET', `/api/tms/employee/check-working-type?requestDate=${SAT}`);
    expect(check.body.data).toMatchObject({ is_working_day: false });
    expect((await call('staff', 'GET', `/api/tms/employee/work-schedule-type?employeeId=${emp('staff4')}`)).status).toBe(404);
    expect((await call('gl', 'GET', `/api/tms/employee/work-schedule-type?employeeId=${emp('staff')}&date=${FRI}`)).body.data.work_schedule_type).toBe('HCM');
  });
  it('explanation-info: absent minutes and the fund left', async () => {
    await t.db.execute(sql`insert into timesheet_days (employee_id, date, day_type, absent_minutes, explanation_uses) values (${emp('staff3')}, '2026-11-02', 'WORKING', 120, 1)`);
    const res = await call('staff3', 'GET', `${uid('staff3')}/explanation-info/2026-11-02`);
    expect(res.body.data).toEqual({ absentTime: 120, remainExplanationTime: 2, refundHoursPerExplanation: 1, balancesTime: 2 });
    expect((await call('staff', 'GET', `${uid('staff3')}/explanation-info/2026-11-02`)).status).toBe(404);
    expect((await call('dl', 'GET', `${uid('staff3')}/explanation-info/2026-11-02`)).status).toBe(200);
  });
});
