import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEXIBLE_MESSAGES as M } from '@tms/contracts/overtime-flexible';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { flexibleApi, flexibleApp, MON, PAST_TUE, SAT, type Json } from './flexible-overtime.test-support.ts';

/**
 * Flexible overtime through the API (spec 001 §3, §4.6, §5.6, §7.3, §8; RULES.md §1, §3, §5, §6, §8): the create
 * messages and date rules, every transition and who may take it, the confirmation rules, edit, scope, the 207 batch,
 * concurrency, notifications and history. Company: see flexible-overtime-test-support.ts (Thursday 05/11/2026 10:00).
 */
let t: TestApp;
const api = flexibleApi(() => t);
const { call, form, create, change, detail, row, historyOf, notes, payLine } = api;
const emp = (u: string) => t.fixture.employeeIds[u]!;
const uid = (u: string) => t.fixture.userIds[u]!;

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
function weekdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(dmy(d.toISOString().slice(0, 10)));
  }
  return out;
}
const FUTURE = weekdays('2026-11-10', '2026-12-04');
const PAST = weekdays('2026-10-26', '2026-11-04');
let futureN = 0;
let pastN = 0;
/** A fresh one-hour window (no overlap between tests): 18:00 on, one date after another. */
const slot = (list: string[], n: number) => ({ overtimeDate: list[n % list.length]!, startTime: `${18 + Math.floor(n / list.length)}:00`, endTime: `${19 + Math.floor(n / list.length)}:00` });
const future = (over: Json = {}) => ({ ...slot(FUTURE, futureN++), ...over });
const past = (over: Json = {}) => ({ ...slot(PAST, pastN++), ...over });

beforeAll(async () => {
  t = await flexibleApp();
}, 120_000);
afterAll(async () => t?.close());

describe('create: the form messages (spec 001 §5.6) in order', () => {
  it.each([
    [{ title: '' }, M.titleRequired],
    [{ title: 'x'.repeat(201) }, M.titleTooLong],
    [{ projectId: null }, M.projectRequired],
    [{ overtimeDate: '' }, M.dateRequired],
    [{ overtimeDate: '31/02/2026' }, M.invalidDate],
    [{ requestType: 'OT_AT_OFFICE' }, M.typeRequired],
    [{ startTime: '' }, M.startRequired],
    [{ endTime: null }, M.endRequired],
    [{ startTime: '6pm' }, M.timeInvalid],
    [{ startTime: '18:00', endTime: '18:00' }, M.endAfterStart],
    [{ description: 'd'.repeat(1001) }, M.descriptionTooLong],
  ])('%j → %s', async (over, message) => {
    const res = await call('staff', 'POST', '/create', form(over));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('every failing rule is listed in `messages`', async () => {
    const res = await call('staff', 'POST', '/create', form({ title: '', projectId: null, requestType: null }));
    expect(res.body.messages).toEqual([M.titleRequired, M.projectRequired, M.typeRequired]);
  });
});

describe('create: who, where and when (common decisions)', () => {
  it('staff files for themselves: 201, index 0, the PM assigned and told, the manager recorded, one history entry', async () => {
    const res = await call('staff', 'POST', '/create', form({ ...future(), title: 'Evening deploy' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.code).toBe(201);
    const [item] = res.body.data;
    expect(item).toMatchObject({ status: 0, requesterId: emp('staff'), version: 1 });
    const r = await row(item.id);
    expect(r).toMatchObject({ status: 0, assignee_user_id: uid('pm'), pm_user_id: uid('pm'), manager_user_id: uid('gl'), date_type: 'WORKDAY', ot_type: 'OT_FLEXIBLE' });
    expect(await notes('pm', item.id)).toEqual(['ASSIGNED']);
    const h = await historyOf(item.id);
    expect(h.map((e) => e.action)).toEqual(['CREATE']);
    const cc = await queryRows<{ employee_id: number }>(t.db, sql`select employee_id from overtime_request_cc where overtime_request_id = ${item.id}`);
    expect(cc.map((c) => c.employee_id)).toEqual([emp('staff2')]);
  });

  it('an end at or before the start is on the next day (overnight OT)', async () => {
    const id = await create('staff', { overtimeDate: '04/12/2026', startTime: '22:00', endTime: '02:00' });
    expect(await row(id)).toMatchObject({ ot_date: '2026-12-04', start_local: '2026-12-04 22:00', end_local: '2026-12-05 02:00' });
  });

  it.each([
    ['a locked date', { overtimeDate: '23/10/2026' }, M.dateLocked],
    ['past the picker limit (latest period end + 10 days)', { overtimeDate: '07/12/2026' }, M.dateTooFar('05/12/2026')],
    ['a weekend', { overtimeDate: SAT }, M.weekendNotAllowed],
    ['a workday start before the schedule end + 0.5 h', { overtimeDate: '11/11/2026', startTime: '17:45', endTime: '19:00' }, M.startAfterWork('18:00')],
  ])('refuses %s', async (_name, over, message) => {
    const res = await call('staff', 'POST', '/create', form(over));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('the window may start exactly at the end + 0.5 h, on the picker limit itself', async () => {
    await create('staff', { overtimeDate: MON, startTime: '18:00', endTime: '18:30' });
    const res = await call('staff4', 'POST', '/create', form({ overtimeDate: '04/12/2026', startTime: '18:00', endTime: '19:00' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('refuses an overlap with a live request of the same staff (either kind), not with a cancelled one', async () => {
    const slotA = future();
    const first = await create('staff', slotA);
    const res = await call('staff', 'POST', '/create', form({ ...slotA, startTime: slotA.startTime.replace(':00', ':30'), endTime: '23:30' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.overlapsOther('Son Staff'));
    expect((await change('staff', first, 'cancel', { reason: 'Not needed' })).status).toBe(200);
    expect((await call('staff', 'POST', '/create', form(slotA))).status).toBe(201);
  });

  it('a requester without a work schedule, on a fixed OT type or outside the project is refused', async () => {
    const noPolicy = await call('hr', 'POST', '/create', form({ ...future(), requesterIds: [emp('staff3')] }));
    expect(noPolicy.body.message).toBe(M.noWorkSchedule);
    await t.db.execute(sql`insert into project_members (project_id, employee_id) values (${t.fixture.projectId}, ${emp('staff2')})`);
    const fixed = await call('hr', 'POST', '/create', form({ ...future(), requesterIds: [emp('staff2')] }));
    expect(fixed.body.message).toBe(M.notFlexible('Sang Second'));
    await t.db.execute(sql`delete from project_members where employee_id = ${emp('staff2')}`);
    const outside = await call('hr', 'POST', '/create', form({ ...future(), requesterIds: [emp('staff2')] }));
    expect(outside.body.message).toBe(M.notStaffOfProject('Sang Second'));
  });

  it('staff files only for themselves; the PM files for members, one request each; HR for anyone', async () => {
    const self = await call('staff', 'POST', '/create', form({ ...future(), requesterIds: [emp('staff4')] }));
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(M.onlySelf);
    const pm = await call('pm', 'POST', '/create', form({ ...future(), requesterIds: [emp('staff'), emp('staff4')] }));
    expect(pm.status, JSON.stringify(pm.body)).toBe(201);
    expect(pm.body.data.map((d: Json) => d.requesterId)).toEqual([emp('staff'), emp('staff4')]);
    for (const d of pm.body.data) expect((await row(d.id)).pm_user_id).toBe(uid('pm'));
    const hr = await call('hr', 'POST', '/create', form({ ...future(), requesterIds: [emp('staff4')] }));
    expect(hr.status).toBe(201);
  });

  it('the PM filing for themselves is approved at the PM stage by their own approver, never themselves', async () => {
    const id = await create('pm', future());
    const r = await row(id);
    expect(r.pm_user_id).not.toBe(uid('pm'));
    expect(r.pm_user_id).toBe(uid('other'));
  });
});

describe('transitions (spec 001 §4.6)', () => {
  it('PM approve 0 → 1: the requester is told; a second approve is 409 with no second history entry', async () => {
    const id = await create('staff', future());
    const res = await change('pm', id, 'approve');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(M.updateStatusSuccess);
    expect(res.body.data).toEqual([{ id, code: 200, message: M.updateStatusSuccess, messageKey: 'overtime.updateStatusSuccess', params: {}, status: 1 }]);
    expect(await row(id)).toMatchObject({ status: 1, assignee_user_id: uid('pm') });
    expect(await notes('staff', id)).toEqual(['APPROVED']);
    const again = await change('pm', id, 'approve');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.statusChanged);
    expect((await historyOf(id)).map((h) => h.action)).toEqual(['CREATE', 'STATUS']);
  });

  it('only the PM stage decides at 0 (403 for the requester, the manager and HR)', async () => {
    const id = await create('staff', future());
    for (const u of ['staff', 'gl', 'hr']) {
      const res = await change(u, id, 'approve');
      expect(res.status, u).toBe(403);
      expect(res.body.message).toBe(M.notAllowed);
    }
  });

  it('reject needs a reason (spec text); PM reject 0 → 2 keeps it and the detail shows it', async () => {
    const id = await create('staff', future());
    expect((await change('pm', id, 'reject')).body.message).toBe(M.rejectReasonRequired);
    expect((await change('pm', id, 'reject', { reason: 'r'.repeat(1001) })).body.message).toBe(M.reasonTooLong);
    const res = await change('pm', id, 'reject', { reason: 'Not planned' });
    expect(res.status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 2, reasons_for_rejection: 'Not planned', assignee_user_id: null });
    const d = await detail('staff', id);
    expect(d.body.data).toMatchObject({ status: 2, reason: 'Not planned' });
    expect(await notes('staff', id)).toEqual(['REJECTED']);
  });

  it('cancel: the requester at 0 with a reason (spec text) → 6; not at 1; a PM at 1 only when the creator is a PM', async () => {
    const id = await create('staff', future());
    expect((await change('staff', id, 'cancel')).body.message).toBe(M.cancelReasonRequired);
    expect((await change('staff', id, 'cancel', { reason: 'Plan changed' })).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 6, reason_for_cancellation: 'Plan changed' });
    expect((await detail('staff', id)).body.data.reason).toBe('Plan changed');

    const own = await create('staff', future());
    await change('pm', own, 'approve');
    expect((await change('staff', own, 'cancel', { reason: 'x' })).status).toBe(409);
    expect((await change('pm', own, 'cancel', { reason: 'x' })).status).toBe(409);

    const byPm = await create('pm', { ...future(), requesterIds: [emp('staff')] });
    await change('pm', byPm, 'approve');
    expect((await change('pm', byPm, 'cancel', { reason: 'Release moved' })).status).toBe(200);
    expect((await row(byPm)).status).toBe(6);
  });

  it('an unknown action is refused', async () => {
    const id = await create('staff', future());
    expect((await change('pm', id, 'withdraw')).body.message).toBe(M.actionRequired);
  });
});

describe('confirm (spec 001 §5.6) and the manager stage', () => {
  it('confirm waits for the end of the OT', async () => {
    const id = await create('staff', future());
    await change('pm', id, 'approve');
    await payLine(id);
    const res = await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.notEnded);
    expect((await detail('pm', id)).body.data.actions).toMatchObject({ confirm: false, confirmLabel: 'Confirm' });
  });

  it('no pay lines → "Cannot confirm request OT when not have OT pay"', async () => {
    const id = await create('staff', past());
    await change('pm', id, 'approve');
    const res = await change('pm', id, 'confirm', { details: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Cannot confirm request OT when not have OT pay');
  });

  it('the value is capped at the shift actual (n to 2 decimals), ≥ 0; only the PM stage confirms', async () => {
    const id = await create('staff', past());
    await change('pm', id, 'approve');
    await payLine(id, 'workday', 1);
    expect((await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 1.004 }] })).status).toBe(200);
    expect((await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 1.01 }] })).body.message).toBe(
      'OTpay confirmation can not be higher than total time of shift is 1.00',
    );
    expect((await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: -1 }] })).body.message).toBe(M.confirmNegative);
    expect((await change('pm', id, 'confirm', { details: [{ shift: 'night_holiday', duration_confirm: 1 }] })).body.message).toBe(M.unknownShift('night_holiday'));
    expect((await change('gl', id, 'confirm', { details: [] })).status).toBe(403);
  });

  it('at index 1 a lower value needs no reason; → 3, assigned to the manager, who is told; Edit confirmation at 3 needs a reason', async () => {
    const id = await create('staff', past());
    await change('pm', id, 'approve');
    await payLine(id, 'workday', 1);
    const first = await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 0.555 }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await row(id)).toMatchObject({ status: 3, assignee_user_id: uid('gl') });
    expect(await notes('gl', id)).toEqual(['ASSIGNED']);
    const d = (await detail('pm', id)).body.data;
    expect(d.overtimePayDetail.details[0]).toMatchObject({ shift: 'workday', duration_actual: 1, duration_confirm: 0.56, reason: null, required_reason: true });
    expect(d.overtimePayDetail.total_time_confirm).toBe(0.56);
    expect(d.actions).toMatchObject({ confirm: true, confirmLabel: 'Edit confirmation', approve: false });

    expect((await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 0.5 }] })).body.message).toBe('Reason confirm is required');
    const edit = await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 0.5, reason: 'Left early' }] });
    expect(edit.status).toBe(200);
    const d2 = (await detail('gl', id)).body.data;
    expect(d2.overtimePayDetail.details[0]).toMatchObject({ duration_confirm: 0.5, reason: 'Left early' });
    expect(d2.actions).toMatchObject({ approve: true, reject: true, confirm: false });
    // an empty input resets to the actual: no reason needed then
    expect((await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: '' }] })).status).toBe(200);
    expect((await detail('gl', id)).body.data.overtimePayDetail.details[0].duration_confirm).toBe(1);
  });

  it('the manager approves at 3 → 5 (the requester is told) or rejects → 4 with a reason; the PM cannot', async () => {
    const a = await create('staff', past());
    const b = await create('staff', past());
    for (const id of [a, b]) {
      await change('pm', id, 'approve');
      await payLine(id);
      expect((await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 1 }] })).status).toBe(200);
    }
    expect((await change('pm', a, 'approve')).status).toBe(409);
    expect((await change('staff', a, 'approve')).status).toBe(403);
    expect((await change('gl', a, 'approve')).status).toBe(200);
    expect(await row(a)).toMatchObject({ status: 5, assignee_user_id: null });
    expect(await notes('staff', a)).toEqual(['APPROVED', 'APPROVED']);
    expect((await change('gl', b, 'reject')).body.message).toBe(M.rejectReasonRequired);
    expect((await change('gl', b, 'reject', { reason: 'Not agreed' })).status).toBe(200);
    expect(await row(b)).toMatchObject({ status: 4, reasons_for_rejection: 'Not agreed' });
    expect((await historyOf(b)).map((h) => h.action)).toEqual(['CREATE', 'STATUS', 'STATUS', 'STATUS']);
  });
});

describe('edit (spec 001 §4.6 Edit)', () => {
  it('the creator edits at 0: new terms, version + 1, an UPDATE entry; a stale version is 409', async () => {
    const id = await create('staff', future());
    const next = future();
    const res = await call('staff', 'PUT', '/edit', form({ ...next, id, version: 1, title: 'Renamed' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id, version: 2, status: 0 });
    expect((await row(id)).title).toBe('Renamed');
    const h = await historyOf(id);
    expect(h.map((e) => e.action)).toEqual(['CREATE', 'UPDATE']);
    expect(h[1]!.changes.map((c: Json) => c.field)).toEqual(expect.arrayContaining(['title', 'ot_date']));
    expect((await call('staff', 'PUT', '/edit', form({ ...next, id, version: 1 }))).status).toBe(409);
  });

  it('not by others, not at 1 unless the creator is a PM, never the staff', async () => {
    const id = await create('staff', future());
    expect((await call('pm', 'PUT', '/edit', form({ ...future(), id }))).status).toBe(403);
    expect((await call('staff', 'PUT', '/edit', form({ ...future(), id, requesterIds: [emp('staff4')] }))).body.message).toBe(M.requesterFixed);
    await change('pm', id, 'approve');
    expect((await call('staff', 'PUT', '/edit', form({ ...future(), id }))).status).toBe(409);
    const byPm = await create('pm', { ...future(), requesterIds: [emp('staff4')] });
    await change('pm', byPm, 'approve');
    const res = await call('pm', 'PUT', '/edit', form({ ...future(), id: byPm, requesterIds: [emp('staff4')] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await row(byPm)).status).toBe(1);
  });
});

describe('scope (RULES.md §3) and the detail', () => {
  it('the requester, the project PM, the manager, HR see it; others get 404; an unknown id is 404', async () => {
    const id = await create('staff', future());
    for (const u of ['staff', 'pm', 'gl', 'dl', 'hr', 'admin']) expect((await detail(u, id)).status, u).toBe(200);
    for (const u of ['staff4', 'staff2', 'other']) expect((await detail(u, id)).status, u).toBe(404);
    expect((await detail('hr', 999_999)).status).toBe(404);
    expect((await change('staff4', id, 'cancel', { reason: 'x' })).status).toBe(404);
  });

  it('the detail has the spec fields, the rule context and history', async () => {
    const id = await create('staff', { overtimeDate: '01/12/2026', startTime: '22:00', endTime: '01:30' });
    const d = (await detail('staff', id)).body.data;
    expect(d).toMatchObject({
      id,
      status: 0,
      title: 'Release night',
      overtimeDate: '01/12/2026',
      otDate: '2026-12-01',
      requestType: 'OT_FLEXIBLE',
      dateType: 'WORKDAY',
      startTime: '22:00',
      endTime: '01:30',
      endAt: '2026-12-01T18:30:00.000Z',
      requester: { username: 'staff', name: 'Son Staff' },
      createdBy: { username: 'staff' },
      approver: { username: 'gl' },
      pms: [{ username: 'pm' }],
      project: { projectCode: 'P1' },
      ccMails: [{ username: 'staff2' }],
      lock_date: '2026-10-25',
      version: 1,
      actions: { edit: true, cancel: true, confirm: false, approve: false, reject: false },
      overtimePayDetail: { check_in: null, total_time_confirm: null, details: [] },
    });
    expect(d.staff).toHaveLength(1);
    expect(d.history.map((h: Json) => h.action)).toEqual(['CREATE']);
    expect((await detail('pm', id)).body.data.actions).toMatchObject({ approve: true, reject: true, edit: false, cancel: false });
  });
});

describe('batches, concurrency, locks', () => {
  it('a list: 200 when all succeed, 207 when some do (per-item code and message), the first failure when none', async () => {
    const a = await create('staff', future());
    const b = await create('staff', future());
    const c = await create('staff', future());
    await change('pm', c, 'approve');
    const some = await change('pm', [a, b, c], 'approve');
    expect(some.status).toBe(207);
    expect(some.body.code).toBe(207);
    expect(some.body.data).toEqual([
      { id: a, code: 200, message: M.updateStatusSuccess, messageKey: 'overtime.updateStatusSuccess', params: {}, status: 1 },
      { id: b, code: 200, message: M.updateStatusSuccess, messageKey: 'overtime.updateStatusSuccess', params: {}, status: 1 },
      { id: c, code: 409, message: M.statusChanged, messageKey: 'overtimeFlexible.statusChanged', params: {}, status: null },
    ]);
    const none = await change('pm', [a, b], 'approve');
    expect(none.status).toBe(409);
    expect(none.body.data.every((i: Json) => i.code === 409)).toBe(true);
    const d = await create('staff', future());
    const e = await create('staff', future());
    expect((await change('pm', [d, e], 'approve')).status).toBe(200);
  });

  it('two approvals at once: one 200, one 409, one history entry', async () => {
    const id = await create('staff', future());
    const results = await Promise.all([change('pm', id, 'approve'), change('pm', id, 'approve')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await historyOf(id)).filter((h) => h.action === 'STATUS')).toHaveLength(1);
  });

  it('once its date is locked the request reads Expired (7) and nothing changes it', async () => {
    const id = await create('staff', { overtimeDate: PAST_TUE, startTime: '20:00', endTime: '23:00' });
    await t.db.execute(sql`update payroll_periods set is_lock = true where name = 'T11-2026'`);
    try {
      const d = (await detail('pm', id)).body.data;
      expect(d.status).toBe(7);
      expect(d.actions).toMatchObject({ approve: false, reject: false, edit: false, cancel: false, confirm: false });
      const res = await change('pm', id, 'approve');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(M.dateLocked);
      expect((await row(id)).status).toBe(0);
    } finally {
      await t.db.execute(sql`update payroll_periods set is_lock = false where name = 'T11-2026'`);
    }
  });
});
