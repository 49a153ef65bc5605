import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONSITE_MESSAGES as M } from '@tms/contracts/onsite';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { requestWriteApp, type Json } from '../request-days/request-write.test-support.ts';

/**
 * Onsite management (spec 002 §2, §4, §5, §6; RULES.md §3, §5, §8): the form's messages, scope, the two stages and who
 * acts at each, parallel decisions, the timesheet credit and its withdrawal, edits, lock date, history, notifications.
 * The company of request-write.test-support: today Thursday 05/11/2026, lock date 25/10/2026, T11-2026 open to 25/11.
 * pm manages P1 (members staff, staff4); gl leads DEP1 (staff, staff2, gl); dl leads DIV1 (DEP1, DEP2).
 */
const B = '/api/tms/request-onsite-management';
const MON = '2026-11-02';
const TUE = '2026-11-03';
let t: TestApp;
const emp = (u: string) => t.fixture.employeeIds[u]!;
const uid = (u: string) => t.fixture.userIds[u]!;

async function call(user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `${B}${url}`, headers: await t.as(user), payload: payload as Json });
  return { status: res.statusCode, body: (res.headers['content-type'] ?? '').toString().includes('json') ? (res.json() as Json) : ({} as Json), raw: res };
}
const form = (over: Json = {}): Json => ({
  title: 'Công tác Hà Nội',
  projectId: t.fixture.projectId,
  fromDate: MON,
  toDate: TUE,
  type: 'FULL_DAY',
  location: 'Client site',
  description: 'Go live',
  cc: [uid('gl')],
  employeeList: [{ employeeId: emp('staff'), startTime: '08:30', endTime: '17:30', duration: 8 }],
  ...over,
});
async function create(user: string, over: Json = {}): Promise<number> {
  const res = await call(user, 'POST', '', form(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}
const approve = (user: string, id: number, body: Json = {}) => call(user, 'POST', `/${id}/approve`, body);
const reject = (user: string, id: number, reason?: string) => call(user, 'POST', `/${id}/reject`, { reason });
const withdraw = (user: string, id: number, reason?: string) => call(user, 'POST', `/${id}/withdraw`, { reason });
const row = async (id: number) => (await queryRows<Json>(t.db, sql`select status, status_department, status_cb, approver_user_id, version, reasons_for_rejection from onsite_requests where id = ${id}`))[0]!;
const historyOf = async (id: number) => queryRows<Json>(t.db, sql`select action, changes from history where table_name = 'onsite_requests' and record_id = ${id} order by id`);
const dayValue = async (u: string, date: string) =>
  (await queryRows<{ v: number | null }>(t.db, sql`select value::float8 as v from timesheet_days where employee_id = ${emp(u)} and date = ${date}`))[0]?.v ?? null;
const notes = async (u: string, id: number) =>
  (await queryRows<{ t: string }>(t.db, sql`select notification_type as t from notifications where user_id = ${uid(u)} and link = ${`/timesheet/onsite-management?id=${id}`} order by id`)).map((n) => n.t);
const credits = async (id: number) =>
  queryRows<Json>(
    t.db,
    sql`select r.id, r.employee_id, r.status, r.request_type, r.reason_type, r.approved_by_user_id, r.created_by_user_id,
               (select json_agg(json_build_object('date', d.date::text, 'shift', d.shift, 'minutes', d.minutes, 'start', d.start_time) order by d.date) from request_dates d where d.request_id = r.id) as dates
          from onsite_request_staff s join requests r on r.id = s.request_id where s.onsite_request_id = ${id} order by r.employee_id`,
  );

beforeAll(async () => {
  t = await requestWriteApp();
}, 120_000);
afterAll(async () => t?.close());

describe('create: the form messages (spec 002 §5) and our own rules', () => {
  it.each([
    [{ title: '' }, M.titleRequired],
    [{ title: '   ' }, M.titleRequired],
    [{ title: 'x'.repeat(251) }, M.titleTooLong],
    [{ projectId: null }, M.projectRequired],
    [{ projectId: 999_999 }, M.projectRequired],
    [{ fromDate: null }, M.dateRangeRequired],
    [{ toDate: '' }, M.dateRangeRequired],
    [{ type: null }, M.typeRequired],
    [{ type: 'NIGHT' }, M.typeRequired],
    [{ fromDate: '2026-02-31' }, M.invalidDate],
    [{ fromDate: TUE, toDate: MON }, M.dateRangeInvalid],
    [{ toDate: '2027-03-01' }, M.dateRangeTooLong],
    [{ employeeList: [] }, M.staffRequired],
    [{ employeeList: [{ employeeId: 1 }, { employeeId: 1 }] }, M.staffTwice],
    [{ employeeList: [{ employeeId: 1, startTime: '8h' }] }, M.timeInvalid],
    [{ employeeList: [{ employeeId: 1, startTime: '17:30', endTime: '08:30' }] }, M.timeOrder],
    [{ employeeList: [{ employeeId: 1, duration: 0 }] }, M.durationInvalid],
    [{ employeeList: [{ employeeId: 1, duration: 25 }] }, M.durationInvalid],
    [{ cc: [999_999] }, M.ccNotFound],
    [{ ccUsernames: ['nobody'] }, M.ccNotFound],
    [{ fromDate: '2026-10-20' }, M.locked],
  ])('%j → %s', async (over, message) => {
    const res = await call('hr', 'POST', '', form(over));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('the title takes exactly 250 characters; times default to 08:30–17:30, 8 hours', async () => {
    const id = await create('hr', { title: 'x'.repeat(250), employeeList: [{ employeeId: emp('staff2') }] });
    const detail = await call('hr', 'GET', `/${id}`);
    expect(detail.body.data.employeeList).toEqual([expect.objectContaining({ employeeId: emp('staff2'), startTime: '08:30', endTime: '17:30', duration: 8, requestId: expect.any(Number) })]);
    expect(detail.body.data).toMatchObject({ status: 1, status_department: { stage: 'Department', status: 'P' }, status_CB: { stage: 'C&B', status: 'P' } });
  });

  it('staff in the creator scope: a staff member only themselves, a lead their own people, HR anyone; GUEST 403', async () => {
    expect((await call('staff', 'POST', '', form({ employeeList: [{ employeeId: emp('staff2') }] }))).body.message).toBe(M.staffOnlySelf);
    expect((await call('gl', 'POST', '', form({ employeeList: [{ employeeId: emp('staff4') }] }))).body.message).toBe(M.staffOutOfScope);
    await create('gl', { employeeList: [{ employeeId: emp('staff2') }] });
    await create('dl', { employeeList: [{ employeeId: emp('staff3') }, { employeeId: emp('staff') }] });
    await create('staff', {});
    await create('hr', { employeeList: [{ employeeId: emp('staff4') }] });
    expect((await call('guest', 'POST', '', form())).status).toBe(403);
  });

  it('the Department approver is the project PM; the PM creating goes to the next in resolution', async () => {
    const byDl = await create('dl');
    expect((await row(byDl)).approver_user_id).toBe(uid('pm'));
    expect(await notes('pm', byDl)).toEqual(['ASSIGNED']);
    const byPm = await create('pm', { employeeList: [{ employeeId: emp('pm') }] });
    // pm is in DEP3, led by "other".
    expect((await row(byPm)).approver_user_id).toBe(uid('other'));
    const [h] = await historyOf(byDl);
    expect(h!.action).toBe('CREATE');
    // The CC list gets the mail.
    const [mail] = await queryRows<Json>(t.db, sql`select cc from mail_outbox where subject like ${`Onsite request #${byDl} %`} order by id desc limit 1`);
    expect(JSON.stringify(mail)).toContain('gl@cglobal.test');
    // CC by login name (the web's staff search) joins the CC by id.
    const named = await create('dl', { ccUsernames: ['HRM'] });
    expect((await call('dl', 'GET', `/${named}`)).body.data.cc.map((c: Json) => c.user_name)).toEqual(['gl', 'hrm']);
  });
});

describe('the two stages', () => {
  it('Department (PM) then C&B (HR): who may act at each, notifications, credit on final approval', async () => {
    const id = await create('dl', { employeeList: [{ employeeId: emp('staff') }, { employeeId: emp('staff2'), startTime: '09:00', endTime: '12:00', duration: 3 }] });
    expect(await approve('hr', id)).toMatchObject({ status: 403, body: { message: M.notDepartmentApprover } });
    expect(await approve('dl', id)).toMatchObject({ status: 403, body: { message: M.ownRequest } });
    expect((await approve('staff4', id)).status).toBe(404);
    expect((await call('pm', 'GET', `/${id}`)).body.data.actions).toMatchObject({ approve: true, reject: true, edit: false, withdraw: false });
    expect((await call('dl', 'GET', `/${id}`)).body.data.actions).toMatchObject({ approve: false, edit: true, withdraw: true, editStaff: false });

    const dept = await approve('pm', id);
    expect(dept.status, JSON.stringify(dept.body)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 1, status_department: 3, status_cb: 1 });
    expect(await approve('pm', id)).toMatchObject({ status: 409, body: { message: M.alreadyChanged } });
    expect(await notes('dl', id)).toEqual(['APPROVED']);
    expect(await notes('hr', id)).toEqual(['ASSIGNED']);
    expect(await notes('hrm', id)).toEqual(['ASSIGNED']);
    expect(await approve('staff', id)).toMatchObject({ status: 403, body: { message: M.notCbApprover } });
    expect(await dayValue('staff', MON)).not.toBe(1);
    // Filed: each staff member's row is written at once, pending with the record (Request Management lists it).
    expect((await credits(id)).map((c) => c.status)).toEqual([1, 1]);

    const cb = await approve('hr', id);
    expect(cb.status, JSON.stringify(cb.body)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 3, status_department: 3, status_cb: 3 });
    expect(await approve('hrm', id)).toMatchObject({ status: 409 });
    expect(await notes('dl', id)).toEqual(['APPROVED', 'APPROVED']);
    const detail = (await call('dl', 'GET', `/${id}`)).body.data;
    expect(detail.status_department).toMatchObject({ status: 'A', decidedBy: { user_name: 'pm' } });
    expect(detail.status_CB).toMatchObject({ status: 'A', decidedBy: { user_name: 'hr' } });

    // The credit: one approved ONSITE request per staff member, a date per working day; OTHER keeps its minutes.
    const c = await credits(id);
    expect(c).toEqual([
      expect.objectContaining({ employee_id: emp('staff'), status: 3, request_type: 'ONSITE', reason_type: 'ONSITE', approved_by_user_id: uid('hr'), created_by_user_id: uid('dl') }),
      expect.objectContaining({ employee_id: emp('staff2'), status: 3 }),
    ]);
    expect(c[0]!.dates).toEqual([
      { date: MON, shift: 'FULL_DAY', minutes: null, start: null },
      { date: TUE, shift: 'FULL_DAY', minutes: null, start: null },
    ]);
    // The day of a listed staff member without punches is credited.
    expect(await dayValue('staff', MON)).toBe(1);
    expect(await dayValue('staff', TUE)).toBe(1);
    expect(await dayValue('staff2', MON)).toBe(1);

    // After final approval a withdrawal cancels the credit (HR here), and the days lose it.
    expect((await call('staff', 'GET', `/${id}`)).body.data.actions.withdraw).toBe(false);
    expect((await withdraw('hr', id, 'cancelled by client')).status).toBe(200);
    expect((await credits(id)).map((c) => c.status)).toEqual([5, 5]);
    const stored = await queryRows<Json>(t.db, sql`select status from requests where request_type = 'ONSITE' and description like ${`Onsite #${id}:%`}`);
    expect(stored.map((s) => s.status)).toEqual([5, 5]);
    expect(await dayValue('staff', MON)).not.toBe(1);
    expect(await withdraw('hr', id, 'again')).toMatchObject({ status: 409 });
    expect((await historyOf(id)).map((h) => h.action)).toEqual(['CREATE', 'STATUS', 'STATUS', 'STATUS']);
  });

  it('MORNING credits the morning shift; OTHER credits duration × 60 minutes with its times', async () => {
    const morning = await create('hr', { type: 'MORNING', fromDate: MON, toDate: MON, employeeList: [{ employeeId: emp('staff3') }] });
    expect((await approve('pm', morning)).status).toBe(200);
    expect((await approve('hrm', morning)).status).toBe(200);
    expect((await credits(morning))[0]!.dates).toEqual([{ date: MON, shift: 'MORNING', minutes: null, start: null }]);
    const other = await create('dl', { type: 'OTHER', fromDate: '2026-10-30', toDate: '2026-11-02', employeeList: [{ employeeId: emp('staff'), startTime: '13:00', endTime: '15:00', duration: 2 }] });
    expect((await approve('pm', other)).status).toBe(200);
    expect((await approve('hr', other)).status).toBe(200);
    // Friday 30/10 and Monday 02/11: the weekend is skipped.
    expect((await credits(other))[0]!.dates).toEqual([
      { date: '2026-10-30', shift: null, minutes: 120, start: '13:00' },
      { date: MON, shift: null, minutes: 120, start: '13:00' },
    ]);
  });

  it('reject at either stage needs a reason, keeps it, and tells the creator', async () => {
    const a = await create('dl');
    expect(await reject('pm', a)).toMatchObject({ status: 400, body: { message: M.reasonRequired } });
    expect((await reject('pm', a, 'not needed')).status).toBe(200);
    expect(await row(a)).toMatchObject({ status: 4, status_department: 4, status_cb: 1, reasons_for_rejection: 'not needed' });
    expect(await notes('dl', a)).toEqual(['REJECTED']);
    expect(await approve('pm', a)).toMatchObject({ status: 409 });
    const b = await create('dl');
    expect((await approve('pm', b)).status).toBe(200);
    expect((await reject('hrm', b, 'budget')).status).toBe(200);
    expect(await row(b)).toMatchObject({ status: 4, status_department: 3, status_cb: 4, reasons_for_rejection: 'budget' });
    // The staff rows take the record's status: rejected at either stage.
    expect((await credits(a)).map((c) => c.status)).toEqual([4]);
    expect((await credits(b)).map((c) => c.status)).toEqual([4]);
  });

  it('parallel approvals make one transition: one 200, the rest 409, one history entry', async () => {
    const id = await create('dl');
    const { version } = await row(id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => approve('pm', id, { version })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    const cb = await Promise.all(['hr', 'hrm', 'admin', 'hr'].map((u) => approve(u, id, { version: version + 1 })));
    expect(cb.filter((a) => a.status === 200)).toHaveLength(1);
    expect(cb.filter((a) => a.status === 409)).toHaveLength(3);
    expect((await historyOf(id)).filter((h) => h.action === 'STATUS')).toHaveLength(2);
    expect(await credits(id)).toHaveLength(1);
  });
});

describe('withdraw and edit', () => {
  it('the creator withdraws a pending request (with a reason); nobody else can', async () => {
    const id = await create('dl');
    expect(await withdraw('dl', id)).toMatchObject({ status: 400, body: { message: M.reasonRequired } });
    expect(await withdraw('pm', id, 'x')).toMatchObject({ status: 403, body: { message: M.notCreator } });
    expect((await withdraw('dl', id, 'plans changed')).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 5 });
    expect(await approve('pm', id)).toMatchObject({ status: 409 });
  });

  it('the creator edits while both stages are pending; staff changes only by HR; stale version 409', async () => {
    const id = await create('dl');
    const { version } = await row(id);
    const edited = await call('dl', 'PUT', `/${id}`, form({ title: 'Onsite Đà Nẵng', version }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await call('dl', 'PUT', `/${id}`, form({ title: 'again', version }))).toMatchObject({ status: 409 });
    const addStaff = await call('dl', 'PUT', `/${id}`, form({ version: version + 1, employeeList: [{ employeeId: emp('staff') }, { employeeId: emp('staff2') }] }));
    expect(addStaff).toMatchObject({ status: 403, body: { message: M.staffChangeHrOnly } });
    expect((await call('pm', 'PUT', `/${id}`, form({ version: version + 1 }))).status).toBe(403);
    const byHr = await call('hr', 'PUT', `/${id}`, form({ version: version + 1, employeeList: [{ employeeId: emp('staff') }, { employeeId: emp('staff4') }] }));
    expect(byHr.status, JSON.stringify(byHr.body)).toBe(200);
    const h = await historyOf(id);
    expect(h.map((x) => x.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
    expect(h[1]!.changes).toEqual([{ field: 'title', oldValue: 'Công tác Hà Nội', newValue: 'Onsite Đà Nẵng' }]);
    expect((await approve('pm', id)).status).toBe(200);
    expect(await call('dl', 'PUT', `/${id}`, form({}))).toMatchObject({ status: 409, body: { message: M.notEditable } });
  });

  it('an approved request created by HR stays editable by HR, HRM, ADMIN and is credited again', async () => {
    const id = await create('hr', { fromDate: MON, toDate: MON, employeeList: [{ employeeId: emp('gl') }] });
    expect((await approve('pm', id)).status).toBe(200);
    expect((await approve('hrm', id)).status).toBe(200);
    const [first] = await credits(id);
    const res = await call('admin', 'PUT', `/${id}`, form({ fromDate: MON, toDate: TUE, employeeList: [{ employeeId: emp('gl') }] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [second] = await credits(id);
    expect(second!.id).not.toBe(first!.id);
    expect(second!.dates.map((d: Json) => d.date)).toEqual([MON, TUE]);
    expect((await queryRows<Json>(t.db, sql`select status from requests where id = ${first!.id}`))[0]).toEqual({ status: 5 });
    expect(await dayValue('gl', TUE)).toBe(1);
  });
});

describe('list, scope, detail, history, export, files', () => {
  it('each role sees its scope; outside it 404; title matches with and without diacritics', async () => {
    const mine = await create('staff', { title: 'Khảo sát khách hàng' });
    const list = async (u: string, q = '', size = '500') => (await call(u, 'GET', `?size=${size}${q}`)).body;
    const ids = async (u: string, q = '') => (await list(u, q)).data.map((r: Json) => r.id) as number[];
    expect(await ids('staff')).toContain(mine);
    expect(await ids('staff4')).not.toContain(mine);
    expect(await ids('gl')).toContain(mine);
    expect(await ids('dl')).toContain(mine);
    expect(await ids('pm')).toContain(mine);
    expect(await ids('hr')).toContain(mine);
    expect((await call('staff4', 'GET', `/${mine}`)).status).toBe(404);
    expect((await call('staff4', 'GET', `/${mine}/history`)).status).toBe(404);
    expect(await ids('hr', '&title=khao%20sat')).toEqual([mine]);
    expect(await ids('hr', `&title=${encodeURIComponent('Khảo sát')}`)).toEqual([mine]);
    expect((await ids('hr', '&status=5')).every((i) => i !== mine)).toBe(true);
    expect(await ids('hr', `&employee=${emp('staff')}&title=khao`)).toEqual([mine]);
    expect(await ids('hr', '&fromDate=2026-12-01')).toEqual([]);
    const page = await list('hr', '&page=1', '2');
    expect(page.page).toMatchObject({ page: 1, size: 2 });
    expect(page.data).toHaveLength(2);
    const hist = await call('staff', 'GET', `/${mine}/history`);
    expect(hist.body.data[0]).toMatchObject({ action: 'CREATE', createdBy: { username: 'staff' } });
  });

  it('exports Onsite_List.xlsx with the same filters', async () => {
    const res = await call('hr', 'GET', '/export?title=khao');
    expect(res.status).toBe(200);
    expect(String(res.raw.headers['content-disposition'])).toContain('Onsite_List.xlsx');
    expect(res.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('attachments: upload, list, download, delete; 5 MB in all; out of scope 404', async () => {
    const id = await create('staff');
    const upload = async (user: string, name: string, content: Buffer) => {
      const boundary = 'x-onsite-boundary';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({ method: 'POST', url: `${B}/${id}/files`, headers: { ...(await t.as(user)), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
      return { status: res.statusCode, body: res.json() as Json };
    };
    const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 32)]);
    const up = await upload('staff', 'plan.pdf', pdf(3_000_000));
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect((await upload('staff', 'more.pdf', pdf(3_000_000))).status).toBe(413);
    expect((await upload('staff', 'x.exe', Buffer.from('MZ'))).status).toBe(415);
    expect((await upload('staff4', 'plan.pdf', pdf(100))).status).toBe(404);
    const files = (await call('staff', 'GET', `/${id}/files`)).body.data;
    expect(files).toEqual([expect.objectContaining({ original_name: 'plan.pdf', size: 3_000_000 })]);
    const dl = await call('pm', 'GET', `/${id}/files/${files[0].name}`);
    expect(dl.status).toBe(200);
    expect(String(dl.raw.headers['content-disposition'])).toContain('plan.pdf');
    expect((await call('pm', 'DELETE', `/${id}/files/${files[0].name}`)).status).toBe(403);
    expect((await call('staff', 'DELETE', `/${id}/files/${files[0].name}`)).status).toBe(200);
    expect((await call('staff', 'GET', `/${id}/files`)).body.data).toEqual([]);
    expect((await historyOf(id)).map((h) => h.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
  });
});

describe('lock date and the edit window', () => {
  it('edits stop 10 days before the last timesheet end', async () => {
    const id = await create('staff');
    t.clock.set('2026-11-16T10:00:00+07:00');
    try {
      expect(await call('staff', 'PUT', `/${id}`, form({}))).toMatchObject({ status: 400, body: { message: M.editClosed } });
    } finally {
      t.clock.set('2026-11-05T10:00:00+07:00');
    }
  });

  it('nothing dated on or before the lock date is decided or withdrawn', async () => {
    const pending = await create('dl');
    const approved = await create('dl');
    expect((await approve('pm', approved)).status).toBe(200);
    expect((await approve('hr', approved)).status).toBe(200);
    // T11-2026 (26/10 … 25/11) approved: the lock date moves to 25/11.
    await t.db.execute(sql`update payroll_periods set status = 4 where name = 'T11-2026'`);
    expect(await approve('pm', pending)).toMatchObject({ status: 400, body: { message: M.locked } });
    expect(await withdraw('dl', pending, 'late')).toMatchObject({ status: 400, body: { message: M.locked } });
    expect(await withdraw('hr', approved, 'late')).toMatchObject({ status: 400, body: { message: M.locked } });
    expect((await call('hr', 'POST', '', form())).body.message).toBe(M.locked);
  });
});
