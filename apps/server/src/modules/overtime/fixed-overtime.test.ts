import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERTIME_MESSAGES as M } from '@tms/contracts/overtime';
import { FIXED_MESSAGES as F } from '@tms/contracts/overtime-fixed';
import { REASSIGN_MESSAGES as RM } from '@tms/contracts/reassign';
import { queryRows } from '../../db/client.ts';
import { projectMembers } from '../../db/schema/organisation.ts';
import type { TestApp } from '../../test/harness.ts';
import { B, FB, fixedApi, fixedApp, MON, PDF, SAT, TUE, type Json } from './fixed-overtime.test-support.ts';

/**
 * Fixed overtime (spec 001 §3, §4.5, §5.6, §7.3): the form's rules and messages, assignment, scope, every status
 * transition and its enable rule, concurrency, the offset flag, delegate, files, history and notifications.
 */
let t: TestApp;
const api = fixedApi(() => t);
const { call, create, detail, status, row, emp, uid, multipart } = api;
const historyOf = async (id: number) => queryRows<Json>(t.db, sql`select action, changes from history where table_name = 'overtime_requests' and record_id = ${id} order by id`);
const notes = async (u: string, id: number) =>
  (await queryRows<{ t: string }>(t.db, sql`select notification_type as t from notifications where user_id = ${uid(u)} and link = ${`/timesheet/overtime-management?id=${id}`} order by id`)).map((n) => n.t);
let slot = 0;
/** A fresh weekday window per test so requests never overlap (18:00 + 10 min steps on MON … following weekdays). */
function window(): Json {
  const days = ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-13', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30'];
  const d = days[slot % days.length]!;
  const h = 18 + Math.floor(slot / days.length);
  slot += 1;
  return { ot_date: d, start_time: `${d} ${h}:00:00`, end_time: `${d} ${h}:30:00` };
}

beforeAll(async () => {
  t = await fixedApp();
});
afterAll(async () => {
  await t.close();
});

describe('create: the §5.6 rules, in order, with the spec texts', () => {
  it.each([
    ['title required', { title: '' }, M.titleRequired],
    ['title ≤ 200', { title: 'x'.repeat(201) }, M.titleTooLong],
    ['project required', { project_id: null }, M.projectRequired],
    ['date required', { ot_date: '' }, M.dateRequired],
    ['type required', { ot_type: '' }, M.typeRequired],
    ['start required', { start_time: '' }, M.startRequired],
    ['staff required', { staff: [] }, M.staffRequired],
    ['description ≤ 1000', { description: 'd'.repeat(1001) }, M.descriptionTooLong],
    ['equal start and end', { end_time: `${MON} 18:00:00` }, M.endAfterStart],
    ['end before start', { start_time: `${MON} 21:00:00`, end_time: `${MON} 18:00:00` }, M.startBeforeEnd],
    ['an invalid staff id', { staff: [{ employee_id: 0 }] }, M.staffRequired],
  ])('%s', async (_name, over, message) => {
    const res = await call('gl', 'POST', B, api.form(over));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a weekend, a locked date, a date past the 10-day limit and a workday start before the schedule end + 0.5 h', async () => {
    const at = (d: string, s = '18:00', e = '20:00') => ({ ot_date: d, start_time: `${d} ${s}:00`, end_time: `${d} ${e}:00` });
    expect((await call('gl', 'POST', B, api.form(at(SAT)))).body.message).toBe(M.weekendNotAllowed);
    expect((await call('gl', 'POST', B, api.form(at('2026-10-23')))).body.message).toBe(M.dateLocked);
    expect((await call('gl', 'POST', B, api.form(at('2026-12-07')))).body.message).toBe(M.dateTooFar('05/12/2026'));
    expect((await call('gl', 'POST', B, api.form(at(MON, '17:45', '20:00')))).body.message).toBe(M.startAfterWork('18:00'));
    // A holiday is not a workday: any hour goes.
    const holiday = await call('gl', 'POST', B, api.form(at('2026-11-12', '09:00', '12:00')));
    expect(holiday.status).toBe(201);
    expect((await detail('gl', holiday.body.data.id)).category).toBe('HOLIDAY');
  });

  it('takes an overnight window (end on the next day) and refuses one over 24 hours', async () => {
    const id = await create('gl', { ot_date: '2026-11-05', start_time: '2026-11-05 22:00:00', end_time: '2026-11-06 02:00:00' });
    const d = await detail('gl', id);
    expect([d.start_time, d.end_time, d.ot_date]).toEqual(['2026-11-05 22:00:00', '2026-11-06 02:00:00', '2026-11-05']);
    const long = await call('gl', 'POST', B, api.form({ ot_date: TUE, start_time: `${TUE} 18:00:00`, end_time: '2026-11-11 19:00:00' }));
    expect(long.body.message).toBe(F.windowTooLong);
  });

  it('staff must be members of the project unless the caller is HR or ADMIN; a staff member twice is refused', async () => {
    const outsider = await call('gl', 'POST', B, api.form({ ...window(), staff: [{ employee_id: emp('staff3') }] }));
    expect(outsider.body.message).toBe(M.notStaffOfProject('Sinh Third'));
    const twice = await call('gl', 'POST', B, api.form({ ...window(), staff: [{ employee_id: emp('staff') }, { employee_id: emp('staff') }] }));
    expect(twice.body.message).toBe(F.staffTwice);
    const byHr = await call('hr', 'POST', B, api.form({ ...window(), staff: [{ employee_id: emp('staff3') }] }));
    expect(byHr.status).toBe(201);
    expect((await call('guest', 'POST', B, api.form(window()))).status).toBe(403);
  });

  it('OT_FROM_HOME and WORK_OUTSIDE need a file at creation (multipart), and the last one cannot be deleted', async () => {
    const w = window();
    const json = await call('gl', 'POST', B, api.form({ ...w, ot_type: 'OT_FROM_HOME' }));
    expect([json.status, json.body.message]).toEqual([400, M.fileRequired]);
    const mp = multipart(api.form({ ...w, ot_type: 'WORK_OUTSIDE' }), [{ name: 'proof.pdf', content: PDF }]);
    const res = await t.app.inject({ method: 'POST', url: B, headers: { ...(await t.as('gl')), ...mp.headers }, payload: mp.payload });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const files = (await call('gl', 'GET', `${FB}/get-all-file-list?id=${id}`)).body.data as Json[];
    expect(files.map((f) => f.original_name)).toEqual(['proof.pdf']);
    const del = await call('gl', 'GET', `${FB}/${id}/delete-file?name=${files[0]!.name}`);
    expect([del.status, del.body.message]).toEqual([400, M.fileRequired]);
    const up = multipart(null, [{ name: 'more.pdf', content: PDF, field: 'file' }]);
    const upRes = await t.app.inject({ method: 'POST', url: `${FB}/${id}/upload`, headers: { ...(await t.as('gl')), ...up.headers }, payload: up.payload });
    expect(upRes.statusCode, upRes.body).toBe(200);
    expect((await call('gl', 'GET', `${FB}/${id}/delete-file?name=${files[0]!.name}`)).status).toBe(200);
    const left = (await call('staff', 'GET', `${FB}/get-all-file-list?id=${id}`)).body.data as Json[];
    expect(left.map((f) => f.original_name)).toEqual(['more.pdf']);
    const dl = await call('pm', 'GET', `${FB}/${id}/download?name=${left[0]!.name}`);
    expect([dl.status, dl.raw.headers['x-content-type-options']]).toEqual([200, 'nosniff']);
    expect((await call('staff3', 'GET', `${FB}/${id}/download?name=${left[0]!.name}`)).status).toBe(404);
    // Only the creator deletes, and not once a staff member is decided.
    expect((await call('pm', 'GET', `${FB}/${id}/delete-file?name=${left[0]!.name}`)).status).toBe(403);
  });

  it('refuses an overlap with another live request of the same staff, but not with a rejected one', async () => {
    const w = window();
    const id = await create('gl', { ...w, staff: [{ employee_id: emp('staff') }] });
    const again = await call('hr', 'POST', B, api.form({ ...w, staff: [{ employee_id: emp('staff') }] }));
    expect(again.body.message).toBe(M.overlapsOther('Son Staff'));
    expect((await status('pm', id, [row('staff', 4, 'no')])).status).toBe(200);
    expect((await call('hr', 'POST', B, api.form({ ...w, staff: [{ employee_id: emp('staff') }] }))).status).toBe(201);
  });
});

describe('create, detail and scope', () => {
  let id: number;
  beforeAll(async () => {
    id = await create('gl', { ...window(), comment: 'Bring pizza' });
  });

  it('assigns the project PM, sets every row pending with its own approver (client values ignored), and notifies', async () => {
    const d = await detail('gl', id);
    expect(d.assignee).toBe(uid('pm'));
    expect(d.assignee_ob.user_name).toBe('pm');
    expect(d.creator.user_name).toBe('gl');
    expect(d.staff.map((s: Json) => [s.employee.user_name, s.status, s.approver_id])).toEqual([
      ['staff', 1, uid('pm')],
      ['staff2', 1, uid('pm')],
      ['staff4', 1, uid('pm')],
    ]);
    expect(d.tag.text).toBe('3/3 PENDING');
    expect(d.mailList.map((c: Json) => c.user_name)).toEqual(['dl']);
    expect(d.comment).toEqual(['Bring pizza']);
    expect(d.lock_date).toBe('2026-10-25');
    expect(d.category).toBe('WORKDAY');
    expect(await notes('pm', id)).toEqual(['ASSIGNED']);
    expect((await historyOf(id)).map((h) => h.action)).toEqual(['CREATE']);
  });

  it('answers the enable rules per viewer: approver, creator, delegate', async () => {
    const byPm = (await detail('pm', id)).actions;
    expect([byPm.approveAll, byPm.rejectAll, byPm.edit, byPm.withdraw, byPm.delegate, byPm.rows[String(emp('staff'))].approve]).toEqual([true, true, false, false, false, true]);
    // gl filed it: his own request, so no Delegate (RULES.md §5); HR may move it.
    const byGl = (await detail('gl', id)).actions;
    expect([byGl.approveAll, byGl.edit, byGl.withdraw, byGl.delegate, byGl.rows[String(emp('staff'))].withdraw]).toEqual([false, true, true, false, true]);
    expect((await detail('hr', id)).actions.delegate).toBe(true);
  });

  it('scope: PM, staff, group lead, division lead see it; others get 404', async () => {
    for (const u of ['pm', 'staff', 'staff4', 'gl', 'dl', 'other', 'hr']) expect((await call(u, 'GET', `${B}/${id}`)).status, u).toBe(200);
    for (const u of ['staff3']) expect((await call(u, 'GET', `${B}/${id}`)).status, u).toBe(404);
    expect((await status('staff3', id, [row('staff', 3)])).status).toBe(404);
    expect((await call('staff3', 'GET', `${B}/${id}/history`)).status).toBe(404);
    expect((await call('gl', 'GET', `${B}/999999`)).status).toBe(404);
  });
});

describe('the Staff field search', () => {
  const members = (user: string, query: string) => call(user, 'GET', `${B}/project-members?${query}`);

  it('lists the project members (diacritics ignored), paged; a project is required', async () => {
    const res = await members('pm', `projectId=${t.fixture.projectId}&filter=sau`);
    expect(res.body.data.map((e: Json) => e.user_name)).toEqual(['staff4']);
    const all = await members('staff', `projectId=${t.fixture.projectId}&size=2`);
    expect([all.body.data.length, all.body.page.total_element]).toEqual([2, 3]);
    expect((await members('pm', '')).body.message).toBe(M.projectRequired);
  });

  it('answers only for a project the caller belongs to or manages; HR, HRM and Admin any; others 404 (issue 22 §4)', async () => {
    const query = `projectId=${t.fixture.projectId}`;
    // staff, staff2, staff4 are members of P1 and pm manages it; HR, HRM and Admin see every project.
    for (const u of ['staff', 'staff2', 'staff4', 'pm', 'hr', 'hrm', 'admin']) {
      const res = await members(u, query);
      expect(res.status, u).toBe(200);
      expect(res.body.page.total_element, u).toBe(3);
    }
    // Leads and staff outside the project: not found, as anything outside the caller's scope (RULES.md §3).
    for (const u of ['gl', 'dl', 'staff3', 'other']) {
      const res = await members(u, query);
      expect(res.status, u).toBe(404);
      expect(res.body.data ?? null, u).toBeNull();
    }
    expect((await members('staff', 'projectId=999999')).status).toBe(404);
    expect((await members('hr', 'projectId=999999')).body.data).toEqual([]);
  });
});

describe('update-status transitions', () => {
  it('approve one (approver only; offset flag stored), a second approve is 409 with one history entry', async () => {
    const id = await create('gl', window());
    expect((await status('gl', id, [row('staff', 3)])).status).toBe(403);
    const ok = await status('pm', id, [row('staff', 3)], { is_ot_paid_by_offset_day: true });
    expect([ok.status, ok.body.message]).toEqual([200, M.updateStatusSuccess]);
    const again = await status('pm', id, [row('staff', 3)]);
    expect([again.status, again.body.message]).toEqual([409, F.alreadyChanged]);
    const d = await detail('pm', id);
    expect(d.is_ot_paid_by_offset_day).toBe(true);
    expect(d.staff[0].status).toBe(3);
    expect((await historyOf(id)).filter((h) => h.action === 'STATUS')).toHaveLength(1);
    expect(await notes('gl', id)).toEqual(['APPROVED']);
    expect(await notes('staff', id)).toEqual(['APPROVED']);
  });

  it('two approves at the same time: one 200, one 409', async () => {
    const id = await create('gl', window());
    const [a, b] = await Promise.all([status('pm', id, [row('staff2', 3)]), status('pm', id, [row('staff2', 3)])]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await historyOf(id)).filter((h) => h.action === 'STATUS')).toHaveLength(1);
  });

  it('reject needs a reason ≤ 1000; approve one, reject one, withdraw one → 3/3 DONE', async () => {
    const id = await create('gl', window());
    expect((await status('pm', id, [row('staff2', 4)])).body.message).toBe(M.rejectReasonRequired);
    expect((await status('pm', id, [row('staff2', 4, 'r'.repeat(1001))])).body.message).toBe(M.reasonTooLong);
    expect((await status('pm', id, [row('staff', 3)])).status).toBe(200);
    expect((await status('pm', id, [row('staff2', 4, 'Not needed')])).status).toBe(200);
    expect((await status('pm', id, [row('staff4', 5)])).status).toBe(403);
    expect((await status('gl', id, [row('staff4', 5)])).status).toBe(200);
    const d = await detail('gl', id);
    expect(d.staff.map((s: Json) => s.status_text)).toEqual(['APPROVED', 'REJECTED', 'WITHDRAWN']);
    expect(d.staff[1].reject_reason).toBe('Not needed');
    expect(d.tag.text).toBe('3/3 DONE');
    expect(d.actions.withdraw).toBe(true); // the approved row can still be cancelled before the start
  });

  it('Approve All: the rows at once; refused once someone is rejected', async () => {
    const id = await create('gl', window());
    const all = ['staff', 'staff2', 'staff4'].map((u) => row(u, 3));
    expect((await status('pm', id, all)).status).toBe(200);
    expect((await detail('pm', id)).tag.text).toBe('3/3 DONE');
    const id2 = await create('gl', window());
    expect((await status('pm', id2, [row('staff', 4, 'no')])).status).toBe(200);
    expect((await detail('pm', id2)).actions.approveAll).toBe(false);
    const refused = await status('pm', id2, [row('staff2', 3), row('staff4', 3)]);
    expect(refused.status).toBe(409);
    // Single approve is still possible for a pending row.
    expect((await status('pm', id2, [row('staff2', 3)])).status).toBe(200);
  });

  it('Reject All stores the reason; mixed statuses and unknown statuses are refused', async () => {
    const id = await create('gl', window());
    expect((await status('pm', id, [row('staff', 3), row('staff2', 4, 'x')])).body.message).toBe(F.mixedStatuses);
    expect((await status('pm', id, [row('staff', 2)])).body.message).toBe(F.invalidStatus);
    const rows = ['staff', 'staff2', 'staff4'].map((u) => row(u, 4, 'Budget'));
    expect((await status('pm', id, rows)).status).toBe(200);
    const d = await detail('gl', id);
    expect(d.reject_all_reason).toBe('Budget');
    expect(d.actions.rejectAll).toBe(false);
    expect(d.actions.withdraw).toBe(false);
  });

  it('Withdraw (creator, reason required) cancels pending and approved rows → CANCELLED', async () => {
    const id = await create('gl', window());
    expect((await status('pm', id, [row('staff', 3)])).status).toBe(200);
    expect((await status('gl', id, [row('staff', 6)])).body.message).toBe(M.cancelReasonRequired);
    expect((await status('pm', id, [row('staff', 6)], { withdraw_reason: 'x' })).status).toBe(403);
    expect((await status('gl', id, [row('staff', 6)], { withdraw_reason: 'Plan changed' })).status).toBe(200);
    const d = await detail('gl', id);
    expect(d.staff.map((s: Json) => s.status)).toEqual([6, 6, 6]);
    expect([d.tag.text, d.withdraw_reason, d.actions.withdraw]).toEqual(['CANCELLED', 'Plan changed', false]);
    expect((await status('gl', id, [row('staff', 6)], { withdraw_reason: 'again' })).status).toBe(409);
  });

  it('after the start an approved row can no longer be rejected or withdrawn; a pending one still can until the lock', async () => {
    const w = window();
    const id = await create('gl', w);
    expect((await status('pm', id, [row('staff', 3)])).status).toBe(200);
    t.clock.set(`${w.ot_date}T18:10:00+07:00`);
    try {
      const d = await detail('pm', id);
      expect(d.actions.rows[String(emp('staff'))].reject).toBe(false);
      expect(d.actions.rejectAll).toBe(false);
      expect((await status('pm', id, [row('staff', 4, 'late')])).body.message).toBe(F.started);
      expect((await status('gl', id, [row('staff', 6)], { withdraw_reason: 'x' })).body.message).toBe(F.started);
      expect((await status('pm', id, [row('staff2', 4, 'fine')])).status).toBe(200);
    } finally {
      t.clock.set('2026-11-05T10:00:00+07:00');
    }
  });

  it('a GUEST decides only the rows whose approver they are', async () => {
    const id = await create('gl', window());
    // As after a delegation to them: the request's assignee and that row's approver (the scope reads the assignee).
    await queryRows(t.db, sql`update overtime_request_staff set approver_user_id = ${uid('guest')} where overtime_request_id = ${id} and employee_id = ${emp('staff')}`);
    await queryRows(t.db, sql`update overtime_requests set assignee_user_id = ${uid('guest')} where id = ${id}`);
    expect((await status('guest', id, [row('staff2', 3)])).status).toBe(403);
    expect((await status('guest', id, [row('staff', 3)])).status).toBe(200);
  });
});

describe('edit', () => {
  it('creator only, while every row is pending; replaces staff and terms with history', async () => {
    const id = await create('gl', window());
    const d = await detail('gl', id);
    const w = window();
    expect((await call('pm', 'PUT', B, { ...api.form(w), id, version: d.version })).status).toBe(403);
    expect((await call('gl', 'PUT', B, { ...api.form(w), id, version: d.version + 5 })).status).toBe(409);
    const res = await call('gl', 'PUT', B, { ...api.form({ ...w, title: 'Renamed' }), id, version: d.version, staff: [{ employee_id: emp('staff') }] });
    expect([res.status, res.body.message]).toEqual([200, F.updated]);
    const after = await detail('gl', id);
    expect([after.title, after.staff.length, after.version]).toEqual(['Renamed', 1, d.version + 1]);
    expect((await historyOf(id)).map((h) => h.action)).toEqual(['CREATE', 'UPDATE']);
    expect((await status('pm', id, [row('staff', 3)])).status).toBe(200);
    const refused = await call('gl', 'PUT', B, { ...api.form(w), id });
    expect([refused.status, refused.body.message]).toEqual([409, F.notEditable]);
  });
});

describe('update-assignee (Delegate)', () => {
  it('moves the request and every pending row to an entitled active user (the rule itself: overtime-reassign.test.ts)', async () => {
    const id = await create('gl', window());
    expect((await status('pm', id, [row('staff', 3)])).status).toBe(200);
    expect((await call('staff', 'PUT', `${B}/${id}/update-assignee`, { data: { assignee: uid('hrm') } })).status).toBe(403);
    expect((await call('gl', 'PUT', `${B}/${id}/update-assignee`, { data: { assignee: uid('hrm') } })).body).toMatchObject({ code: 403, message: RM.ownItem });
    expect((await call('hr', 'PUT', `${B}/${id}/update-assignee`, { data: { assignee: uid('staff2') } })).body).toMatchObject({ code: 403, message: RM.toRequester });
    expect((await call('hr', 'PUT', `${B}/${id}/update-assignee`, { data: {} })).body.message).toBe(F.assigneeNotFound);
    expect((await call('hr', 'PUT', `${B}/${id}/update-assignee`, { data: { username: 'nobody' } })).body.message).toBe(F.assigneeNotFound);
    const res = await call('hr', 'PUT', `${B}/${id}/update-assignee`, { data: { username: 'HRM' } });
    expect([res.status, res.body.message]).toEqual([200, M.updateAssigneeSuccess]);
    const d = await detail('hrm', id);
    expect(d.assignee).toBe(uid('hrm'));
    expect(d.staff.map((s: Json) => s.approver_id)).toEqual([uid('pm'), uid('hrm'), uid('hrm')]);
    expect(await notes('hrm', id)).toEqual(['ASSIGNED']);
    expect((await status('pm', id, [row('staff2', 3)])).status).toBe(403);
    expect((await status('hrm', id, [row('staff2', 3)])).status).toBe(200);
  });
});

describe('the lock date', () => {
  it('a pending row reads EXPIRED once the date is locked; nothing changes any more', async () => {
    const early = { ot_date: '2026-11-06', start_time: '2026-11-06 18:00:00', end_time: '2026-11-06 19:00:00' };
    const id = await create('gl', early);
    expect((await status('pm', id, [row('staff', 3)])).status).toBe(200);
    await queryRows(t.db, sql`update payroll_periods set status = 4 where name = 'T11-2026'`);
    try {
      const d = await detail('gl', id);
      expect(d.staff.map((s: Json) => s.status_text)).toEqual(['APPROVED', 'EXPIRED', 'EXPIRED']);
      expect(d.tag.text).toBe('EXPIRED');
      expect(Object.values(d.actions.rows).some((r) => (r as Json).approve)).toBe(false);
      expect([d.actions.edit, d.actions.approveAll]).toEqual([false, false]);
      expect((await status('pm', id, [row('staff2', 3)])).body.message).toBe(M.dateLocked);
      expect((await call('gl', 'PUT', B, { ...api.form(early), id })).body.message).toBe(M.dateLocked);
    } finally {
      await queryRows(t.db, sql`update payroll_periods set status = 0 where name = 'T11-2026'`);
    }
  });
});

describe('a PM files for their team (issue 26; RULES.md §5, docs/overtime.md "Assignment")', () => {
  const approverOf = (d: Json) => Object.fromEntries(d.staff.map((s: Json) => [s.employee.user_name, s.approver_id]));
  beforeAll(async () => {
    // pm works on P1 too, so they can list themselves.
    await t.db.insert(projectMembers).values({ projectId: t.fixture.projectId, employeeId: emp('pm') });
  });

  it('the PM is the request’s one approver and decides the team’s rows; their own row goes to their lead and is refused to them', async () => {
    const staff = ['pm', 'staff', 'staff2'].map((u) => ({ employee_id: emp(u) }));
    const id = await create('pm', { ...window(), staff });
    const d = await detail('pm', id);
    // One approver: the header's assignee is the approver of the team's rows (it used to be pm's lead).
    expect(d.assignee_ob.user_name).toBe('pm');
    expect(approverOf(d)).toEqual({ pm: uid('other'), staff: uid('pm'), staff2: uid('pm') });
    expect(d.actions.rows[String(emp('pm'))]).toMatchObject({ approve: false, reject: false });
    expect(d.actions.rows[String(emp('staff'))]).toMatchObject({ approve: true, reject: true });
    expect(d.actions.approveAll).toBe(true);
    // Never their own row: alone, or inside an Approve All.
    expect((await status('pm', id, [row('pm', 3)])).body).toMatchObject({ code: 403, message: F.ownRow });
    expect((await status('pm', id, [row('pm', 4, 'no')])).body).toMatchObject({ code: 403, message: F.ownRow });
    expect((await status('pm', id, ['pm', 'staff', 'staff2'].map((u) => row(u, 3)))).body).toMatchObject({ code: 403, message: F.ownRow });
    expect((await detail('pm', id)).staff.every((s: Json) => s.status === 1)).toBe(true);
    // The team's rows are theirs to approve (Approve All sends them); their own row is their lead's.
    expect((await status('pm', id, [row('staff', 3), row('staff2', 3)])).status).toBe(200);
    expect((await status('other', id, [row('pm', 3)])).status).toBe(200);
    expect((await detail('pm', id)).tag.text).toBe('3/3 DONE');
  });

  it('a PM’s request for themselves alone goes to their own approver', async () => {
    const id = await create('pm', { ...window(), staff: [{ employee_id: emp('pm') }] });
    const d = await detail('pm', id);
    expect([d.assignee_ob.user_name, approverOf(d).pm]).toEqual(['other', uid('other')]);
    expect([d.actions.approveAll, d.actions.rows[String(emp('pm'))].approve]).toEqual([false, false]);
  });
});

describe('what staff see of the fixed overtime that concerns them (issue 26)', () => {
  it('the request a PM filed for them and the one they filed for others: in the fixed list, opened without decisions', async () => {
    const forStaff = await create('pm', { ...window(), title: 'Filed by pm for staff', staff: [{ employee_id: emp('staff') }, { employee_id: emp('staff4') }] });
    const byStaff = await create('staff', { ...window(), title: 'Filed by staff for staff4', staff: [{ employee_id: emp('staff4') }] });
    const list = await call('staff', 'GET', `${B}?keyword=filed%20by&size=50`);
    expect(list.status).toBe(200);
    const rows = list.body.data as Json[];
    expect(rows.map((r) => r.title).sort()).toEqual(['Filed by pm for staff', 'Filed by staff for staff4']);
    // Their own row's status is in the row (the page shows it).
    expect(rows.find((r) => r.id === forStaff)!.staff.find((s: Json) => s.user_name === 'staff')).toMatchObject({ status: 1, statusText: 'PENDING' });
    const listed = await detail('staff', forStaff);
    expect([listed.actions.approveAll, listed.actions.rejectAll, listed.actions.edit, listed.actions.withdraw, listed.actions.delegate]).toEqual([false, false, false, false, false]);
    expect(Object.values(listed.actions.rows).some((r) => (r as Json).approve || (r as Json).reject || (r as Json).withdraw)).toBe(false);
    expect((await status('staff', forStaff, [row('staff', 3)])).status).toBe(403);
    // Their own filing: Edit and Withdraw, nothing to decide.
    const filed = await detail('staff', byStaff);
    expect([filed.actions.approveAll, filed.actions.edit, filed.actions.withdraw]).toEqual([false, true, true]);
  });
});
