import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DELEGATION_MESSAGES as M } from '@tms/contracts/delegation';
import { queryRows } from '../../db/client.ts';
import { employees } from '../../db/schema/organisation.ts';
import { users } from '../../db/schema/identity.ts';
import { insertVietnameseEmployee } from '../../test/fixture.ts';
import type { TestApp } from '../../test/harness.ts';
import { eq } from 'drizzle-orm';
import { delegationApi, delegationApp, NEXT_FRI, NEXT_MON, NEXT_TUE } from './delegation.test-support.ts';
import type { Json } from '../../test/json-body.ts';

/** Delegation Management (spec 001 §2.9, §5.7, §7.8, §8; RULES.md §3): rules, messages, scope, history. */
let t: TestApp;
const { emp, uid, call, range, create } = delegationApi(() => t);
beforeAll(async () => {
  t = await delegationApp();
  await insertVietnameseEmployee(t.db, t.fixture);
});
afterAll(() => t.close());
beforeEach(async () => {
  await queryRows(t.db, sql`delete from delegation_members`);
  await queryRows(t.db, sql`delete from delegations`);
});

const count = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from delegations`))[0]!.n;
const historyOf = (id: number) => queryRows<Json>(t.db, sql`select action, changes, created_by_username from history where table_name = 'delegations' and record_id = ${id} order by id`);

describe('create-delegator', () => {
  it('creates with the creator from the session, members with their ranges, history, and the §8 text', async () => {
    const res = await call('gl', 'POST', 'create-delegator', { creator: uid('admin'), delegator: emp('staff2'), flag: true, staff_list: [range('staff'), range('gl', NEXT_MON, NEXT_MON)] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, message: M.created });
    const d = res.body.data;
    expect(d).toMatchObject({ delegator: { id: emp('staff2'), name: 'Sang Second', department_name: { name_en: 'Department One' } }, creator: { id: uid('gl') }, flag: true, version: 1, member_count: 2 });
    expect(d.staff_list.map((s: Json) => [s.staff_info.name, s.from_date, s.to_date])).toEqual([
      ['Giang Group', NEXT_MON, NEXT_MON],
      ['Son Staff', NEXT_MON, NEXT_FRI],
    ]);
    const h = await historyOf(d.id);
    expect(h).toHaveLength(1);
    expect(h[0]).toMatchObject({ action: 'CREATE', created_by_username: 'gl' });
  });

  it.each([
    ['no member', [], M.staffRequired],
    ['a range without its end', [{ staff_id: 0, from_date: NEXT_MON, to_date: null }], M.dateRangeFirst],
    ['a range without its start', [{ staff_id: 0, to_date: NEXT_MON }], M.dateRangeFirst],
    ['from after to', [{ staff_id: 0, from_date: NEXT_FRI, to_date: NEXT_MON }], M.rangeOrder],
    ['an invalid date', [{ staff_id: 0, from_date: '2026-02-30', to_date: NEXT_MON }], M.invalidDate],
    ['the same member on overlapping ranges', [{ staff_id: 0, from_date: NEXT_MON, to_date: NEXT_TUE }, { staff_id: 0, from_date: NEXT_TUE, to_date: NEXT_FRI }], M.alreadyExisted],
  ])('refuses %s with 400 and the contract text, nothing written', async (_name, list, message) => {
    const staffList = (list as Json[]).map((s) => ({ ...s, staff_id: emp('staff') }));
    const res = await call('gl', 'POST', 'create-delegator', { delegator: emp('staff2'), staff_list: staffList });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await count()).toBe(0);
  });

  it('refuses the delegator as a member, a disabled or terminated delegator, and a second live delegation of a delegator', async () => {
    expect((await call('gl', 'POST', 'create-delegator', { delegator: emp('staff'), staff_list: [range('staff')] })).body.message).toBe(M.delegatorIsMember);
    const sondv = (await t.db.select().from(employees).where(eq(employees.userName, 'sondv')))[0]!;
    expect((await call('gl', 'POST', 'create-delegator', { delegator: sondv.id, staff_list: [range('staff')] })).body.message).toBe(M.delegatorInvalid);
    await t.db.update(users).set({ disabled: true }).where(eq(users.username, 'staff3'));
    expect((await call('hr', 'POST', 'create-delegator', { delegator: emp('staff3'), staff_list: [range('staff')] })).body.message).toBe(M.delegatorInvalid);
    await t.db.update(users).set({ disabled: false }).where(eq(users.username, 'staff3'));
    await create('gl', 'staff2', [range('staff')]);
    const again = await call('gl', 'POST', 'create-delegator', { delegator: emp('staff2'), staff_list: [range('gl')] });
    expect(again).toMatchObject({ status: 400, body: { message: M.alreadyExisted } });
    expect(await count()).toBe(1);
  });

  it('refuses a member whose range overlaps the same member in another live delegation', async () => {
    await create('gl', 'staff2', [range('staff', NEXT_MON, NEXT_TUE)]);
    const res = await call('hr', 'POST', 'create-delegator', { delegator: emp('dl'), staff_list: [range('staff', NEXT_TUE, NEXT_FRI)] });
    expect(res).toMatchObject({ status: 400, body: { message: M.alreadyExisted } });
    // A later, disjoint range is fine.
    await create('hr', 'dl', [range('staff', '2026-11-16', '2026-11-20')]);
  });

  it('members must be in the caller scope (RULES.md §3): gl cannot delegate staff4 (404), hr can', async () => {
    const res = await call('gl', 'POST', 'create-delegator', { delegator: emp('staff2'), staff_list: [range('staff4')] });
    expect(res).toMatchObject({ status: 404, body: { message: M.memberNotFound } });
    expect(await count()).toBe(0);
    await create('hr', 'staff2', [range('staff4')]);
  });

  it('refuses bad input with 400, never 500', async () => {
    for (const body of [{}, { delegator: 'x' }, { delegator: 2147483648, staff_list: [] }, { delegator: emp('staff2'), staff_list: [{ staff_id: -1 }] }, { delegator: emp('staff2'), staff_list: 'a' }]) {
      expect((await call('gl', 'POST', 'create-delegator', body)).status).toBe(400);
    }
  });
});

describe('edit-delegator and delete-delegator', () => {
  it('edits with the version (stale → 409), replaces the members, writes an UPDATE entry', async () => {
    const d = await create('gl', 'staff2', [range('staff'), range('gl')]);
    const res = await call('gl', 'POST', 'edit-delegator', { id: d.id, version: 1, delegator: emp('staff2'), flag: false, staff_list: [range('staff', NEXT_MON, NEXT_TUE)] });
    expect(res.body).toMatchObject({ code: 200, message: M.updated, data: { flag: false, version: 2, member_count: 1 } });
    expect(res.body.data.staff_list.map((s: Json) => s.to_date)).toEqual([NEXT_TUE]);
    const stale = await call('gl', 'POST', 'edit-delegator', { id: d.id, version: 1, delegator: emp('staff2'), staff_list: [range('staff')] });
    expect(stale.status).toBe(409);
    const h = await historyOf(d.id);
    expect(h.map((x) => x.action)).toEqual(['CREATE', 'UPDATE']);
    expect(h[1]!.changes.map((c: Json) => c.field).sort()).toEqual(['flag', 'staff_list']);
    // Invalid edit: nothing changes.
    const bad = await call('gl', 'POST', 'edit-delegator', { id: d.id, version: 2, delegator: emp('staff2'), staff_list: [{ staff_id: emp('staff'), from_date: NEXT_MON }] });
    expect(bad).toMatchObject({ status: 400, body: { message: M.dateRangeFirst } });
    expect((await call('gl', 'GET', `get-detail-delegate?id=${d.id}`)).body.data).toMatchObject({ version: 2, flag: false });
  });

  it('only the creator or HR/HRM/ADMIN changes a delegation; outside visibility 404', async () => {
    const d = await create('hr', 'staff2', [range('staff')]);
    // gl sees it (staff is in their department) but did not create it.
    expect((await call('gl', 'GET', `get-detail-delegate?id=${d.id}`)).status).toBe(200);
    expect((await call('gl', 'POST', 'edit-delegator', { id: d.id, version: 1, delegator: emp('staff2'), staff_list: [range('staff')] })).status).toBe(403);
    expect((await call('gl', 'PUT', 'delete-delegator', { delegate_list_id: [d.id] })).status).toBe(403);
    // other (DEP3/DIV2 lead) does not see it.
    expect((await call('other', 'GET', `get-detail-delegate?id=${d.id}`)).status).toBe(404);
    expect((await call('other', 'PUT', 'delete-delegator', { delegate_list_id: [d.id] })).status).toBe(404);
    expect((await call('hrm', 'POST', 'edit-delegator', { id: d.id, version: 1, delegator: emp('staff2'), staff_list: [range('staff')] })).status).toBe(200);
  });

  it('deletes softly with history; deleted ones leave the list and answer 404', async () => {
    const a = await create('gl', 'staff2', [range('staff')]);
    const b = await create('gl', 'dl', [range('gl')]);
    const res = await call('gl', 'PUT', 'delete-delegator', { delegate_list_id: [a.id, b.id] });
    expect(res.body).toMatchObject({ code: 200, message: M.deleted, data: { deleted: [a.id, b.id].sort((x, y) => x - y) } });
    const [row] = await queryRows<Json>(t.db, sql`select deleted_at from delegations where id = ${a.id}`);
    expect(row!.deleted_at).not.toBeNull();
    expect((await historyOf(a.id)).map((x) => x.action)).toEqual(['CREATE', 'DELETE']);
    expect((await call('gl', 'GET', 'get-all-delegate')).body.page.total_element).toBe(0);
    expect((await call('gl', 'PUT', 'delete-delegator', { delegate_list_id: [a.id] })).status).toBe(404);
    expect((await call('gl', 'PUT', 'delete-delegator', { delegate_list_id: [] })).body.message).toBe(M.deleteListRequired);
    // The delegator may be given a new delegation once the old one is deleted.
    await create('gl', 'staff2', [range('staff')]);
  });
});

describe('lists and choices', () => {
  it('get-all-delegate: scope, folded delegator search, department filter, direction, paging', async () => {
    await create('gl', 'staff2', [range('staff')]);
    await create('hr', 'pm', [range('staff4')]);
    await create('hr', 'staff3', [range('hrm')]);
    const hr = await call('hr', 'GET', 'get-all-delegate');
    expect(hr.body.page).toEqual({ page: 1, size: 10, total_element: 3 });
    expect(hr.body.data.map((r: Json) => r.delegator.name)).toEqual(['Phuong Project', 'Sang Second', 'Sinh Third']);
    expect((await call('hr', 'GET', 'get-all-delegate?direction=-1')).body.data.map((r: Json) => r.delegator.name)).toEqual(['Sinh Third', 'Sang Second', 'Phuong Project']);
    expect((await call('hr', 'GET', 'get-all-delegate?size=1&page=2')).body.data.map((r: Json) => r.delegator.name)).toEqual(['Sang Second']);
    expect((await call('hr', 'GET', 'get-all-delegate?delegator=SANG')).body.data).toHaveLength(1);
    expect((await call('hr', 'GET', `get-all-delegate?departments=${t.fixture.departments.dep3}`)).body.data.map((r: Json) => r.delegator.name)).toEqual(['Phuong Project']);
    // gl: theirs (created) only; dl: members of their division (staff, staff3); other: staff4's.
    expect((await call('gl', 'GET', 'get-all-delegate')).body.data.map((r: Json) => r.delegator.name)).toEqual(['Sang Second']);
    expect((await call('dl', 'GET', 'get-all-delegate')).body.data.map((r: Json) => r.delegator.name)).toEqual(['Sang Second', 'Sinh Third']);
    expect((await call('other', 'GET', 'get-all-delegate')).body.data.map((r: Json) => r.delegator.name)).toEqual(['Phuong Project']);
    expect((await call('hr', 'GET', 'get-all-delegate?direction=2')).status).toBe(400);
  });

  it("get-all-delegate: each row's state on today by its ranges — Scheduled, In force, Ended (issue 26 §11)", async () => {
    // Today is Thursday 05/11/2026: a range from next Monday has not started, whatever the In force switch says.
    await create('hr', 'staff2', [range('staff')]);
    await create('hr', 'pm', [range('staff4', '2026-11-02', '2026-11-06'), range('guest', '2026-11-16', '2026-11-20')]);
    await create('hr', 'staff3', [range('hrm', '2026-10-01', '2026-10-31')]);
    const rows = (await call('hr', 'GET', 'get-all-delegate')).body.data as Json[];
    expect(Object.fromEntries(rows.map((r) => [r.delegator.name, r.period_state]))).toEqual({
      'Sang Second': 'SCHEDULED',
      'Phuong Project': 'IN_FORCE',
      'Sinh Third': 'ENDED',
    });
  });

  it('get-detail-delegate and get-member-delegator filter by member (folded)', async () => {
    const d = await create('hr', 'staff2', [range('staff'), range('staff3'), range('staff', '2026-11-16', '2026-11-17')]);
    const all = (await call('hr', 'GET', `get-detail-delegate?id=${d.id}`)).body.data;
    expect(all.staff_list).toHaveLength(3);
    expect(all.name_list).toEqual(['Sinh Third', 'Son Staff']);
    const filtered = (await call('hr', 'GET', `get-detail-delegate?id=${d.id}&employee=${encodeURIComponent('sơn')}`)).body.data.staff_list;
    expect(filtered.map((s: Json) => s.staff_info.name)).toEqual(['Son Staff', 'Son Staff']);
    const byDelegator = (await call('hr', 'GET', `get-member-delegator?delegatorId=${emp('staff2')}&employee=sinh`)).body.data;
    expect(byDelegator.map((s: Json) => s.staff_id)).toEqual([emp('staff3')]);
    expect((await call('hr', 'GET', `get-member-delegator?delegatorId=${emp('dl')}`)).status).toBe(404);
    expect((await call('hr', 'GET', 'get-detail-delegate?id=999999')).status).toBe(404);
  });

  it('delegator choices: active with an enabled user, folded search of 3+ characters, "Input is not empty!", pageable', async () => {
    await create('hr', 'staff2', [range('staff')]);
    const found = (await call('gl', 'GET', `search-delegator?employee=${encodeURIComponent('SANG')}`)).body.data;
    expect(found).toEqual([{ id: emp('staff2'), name: 'Sang Second', user_name: 'staff2', department_name: 'Department One', has_delegation: true }]);
    expect((await call('gl', 'GET', 'search-delegator?employee=')).body).toMatchObject({ code: 400, message: M.inputNotEmpty });
    expect((await call('gl', 'GET', 'search-delegator?employee=sa')).body).toMatchObject({ code: 400, message: M.delegatorSearchShort });
    // Đặng Văn Sơn has no user account: never a delegator.
    expect((await call('gl', 'GET', 'search-delegator?employee=dang')).body.data).toEqual([]);
    const first = (await call('gl', 'GET', 'choose-delegator-pageable?page=1&size=5')).body;
    const second = (await call('gl', 'GET', 'choose-delegator-pageable?page=2&size=5')).body;
    expect(first.page.total_element).toBe(12);
    expect(first.data).toHaveLength(5);
    expect(new Set([...first.data, ...second.data].map((d: Json) => d.id)).size).toBe(10);
    expect((await call('gl', 'GET', 'choose-delegator')).body.data.length).toBe(12);
  });

  it('member choices: in the caller scope, without the delegator, search of more than 3 characters', async () => {
    const names = (r: Json) => r.body.data.map((m: Json) => m.name);
    expect(names(await call('gl', 'GET', `choose-member-for-delegator?delegatorId=${emp('staff2')}`))).toEqual(['Giang Group', 'Son Staff', 'Đặng Văn Sơn']);
    expect(names(await call('gl', 'GET', `search-member-for-delegator?delegatorId=${emp('staff2')}&employee=${encodeURIComponent('dang van')}`))).toEqual(['Đặng Văn Sơn']);
    expect((await call('gl', 'GET', `search-member-for-delegator?delegatorId=${emp('staff2')}&employee=son`)).body).toMatchObject({ code: 400, message: M.memberSearchShort });
    expect((await call('gl', 'GET', `search-member-for-delegator?delegatorId=${emp('staff2')}&employee=`)).body).toMatchObject({ code: 400, message: M.inputNotEmpty });
    expect(names(await call('gl', 'GET', '/api/tms/filters/get-all-member-for-delegate'))).toEqual(['Giang Group', 'Sang Second', 'Son Staff', 'Đặng Văn Sơn']);
    expect((await call('hr', 'GET', '/api/tms/filters/get-all-member-for-delegate')).body.data.length).toBe(13);
  });
});
