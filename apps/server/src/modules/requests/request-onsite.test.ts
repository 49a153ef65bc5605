import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createRequests } from './request.service.ts';
import type { TestApp } from '../../test/harness.ts';
import { api, FRI, FRI2, MON, requestWriteApp, TUE, WED, type Json } from '../request-days/request-write.test-support.ts';

/**
 * Issue 26 #8, one onsite record reachable from both pages with one status (docs/onsite.md): an ONSITE request filed
 * on Request Management is an onsite record on Onsite Management, and approve / reject / withdraw on either page
 * change both. The company of request-write.test-support: today Thursday 05/11/2026, lock date 25/10/2026; pm manages
 * P1 (members staff, staff4); gl leads DEP1 (staff, staff2, gl).
 */
let t: TestApp;
const { call, create, status } = api(() => t);
const emp = (u: string) => t.fixture.employeeIds[u]!;
const ONSITE = '/api/tms/request-onsite-management';

const onsiteOf = (date: string, over: Json = {}) => ({
  request_type: 'ONSITE',
  reason_type: 'ONSITE',
  project_id: t.fixture.projectId,
  description: `Client workshop ${date}`,
  request_dates: [{ request_date: date, duration: 'FULL_DAY' as const }],
  ...over,
});
/** The row as Request Management lists it to `user`. */
async function requestListed(user: string, id: number): Promise<Json | undefined> {
  const res = await call(user, 'GET', `/api/tms/request-management?size=100&page=1&status=1,3,4,5`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as Json[]).find((r) => r.id === id);
}
/** The record as Onsite Management lists it to `user`. */
async function onsiteListed(user: string, id: number): Promise<Json | undefined> {
  const res = await call(user, 'GET', `${ONSITE}?size=100&page=1`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as Json[]).find((r) => r.id === id);
}
const onsiteAct = (user: string, id: number, action: 'approve' | 'reject' | 'withdraw', reason?: string) => call(user, 'POST', `${ONSITE}/${id}/${action}`, reason ? { reason } : {});
const linkOf = async (requestId: number) => (await queryRows<{ o: number | null }>(t.db, sql`select onsite_request_id as o from requests where id = ${requestId}`))[0]!.o!;

beforeAll(async () => {
  t = await requestWriteApp();
}, 120_000);
afterAll(async () => t?.close());

describe('one onsite record, both pages', () => {
  it('staff files on Request Management: the record is on their Onsite Management, linked both ways, pending on both', async () => {
    const requestId = await create('staff', onsiteOf(FRI));
    const onsiteId = await linkOf(requestId);
    expect(onsiteId).toEqual(expect.any(Number));
    const onsite = await onsiteListed('staff', onsiteId);
    expect(onsite, 'staff sees their onsite record on Onsite Management').toMatchObject({ status: 1, title: `Client workshop ${FRI}`, createdBy: expect.anything() });
    expect(onsite!.employeeList).toEqual([expect.objectContaining({ employeeId: emp('staff'), requestId })]);
    expect(await requestListed('staff', requestId)).toMatchObject({ status: 1, request_type: 'ONSITE', onsite_request_id: onsiteId });
    // The approver is the project's PM on both pages, and the staff member cannot approve their own.
    expect((await requestListed('pm', requestId))!.actions).toMatchObject({ approve: true, reject: true, edit: false });
    expect((await requestListed('staff', requestId))!.actions).toMatchObject({ approve: false, withdraw: true, edit: false });
    expect((await status('staff', requestId, 3)).status).toBe(403);
    expect((await onsiteAct('staff', onsiteId, 'approve')).status).toBe(403);
  });

  it('approving on Request Management approves the record (Department by the PM, then C&B by HR); Onsite Management shows it', async () => {
    const requestId = await create('staff', onsiteOf(MON));
    const onsiteId = await linkOf(requestId);
    expect((await status('pm', requestId, 3)).status).toBe(200);
    expect(await onsiteListed('staff', onsiteId)).toMatchObject({ status: 1, status_department: { status: 'A' }, status_CB: { status: 'P' } });
    expect(await requestListed('staff', requestId)).toMatchObject({ status: 1 });
    expect((await status('pm', requestId, 3)).status).toBe(409);
    const cb = await status('hr', requestId, 3);
    expect(cb.status, JSON.stringify(cb.body)).toBe(200);
    expect(cb.body.data).toMatchObject({ id: requestId, status: 3 });
    expect(await onsiteListed('staff', onsiteId)).toMatchObject({ status: 3, status_CB: { status: 'A' } });
    expect(await requestListed('staff', requestId)).toMatchObject({ status: 3, status_type: 'APPROVED' });
    // History on both records.
    const h = await queryRows<Json>(t.db, sql`select table_name, action from history where (table_name = 'onsite_requests' and record_id = ${onsiteId}) or (table_name = 'requests' and record_id = ${requestId}) order by id`);
    expect(h).toEqual([
      { table_name: 'requests', action: 'CREATE' },
      { table_name: 'onsite_requests', action: 'CREATE' },
      { table_name: 'onsite_requests', action: 'STATUS' },
      { table_name: 'onsite_requests', action: 'STATUS' },
      { table_name: 'requests', action: 'STATUS' },
    ]);
  });

  it('approving on Onsite Management shows approved on Request Management', async () => {
    const requestId = await create('staff', onsiteOf(TUE));
    const onsiteId = await linkOf(requestId);
    expect((await onsiteAct('pm', onsiteId, 'approve')).status).toBe(200);
    expect((await onsiteAct('hrm', onsiteId, 'approve')).status).toBe(200);
    expect(await requestListed('staff', requestId)).toMatchObject({ status: 3 });
    expect((await status('hr', requestId, 3)).status).toBe(409);
  });

  it('rejecting on either page rejects both; withdrawing on either page withdraws both', async () => {
    const a = await create('staff', onsiteOf(WED));
    expect((await status('pm', a, 4, 'The client cancelled.')).status).toBe(200);
    expect(await onsiteListed('staff', await linkOf(a))).toMatchObject({ status: 4, reasonsForRejection: 'The client cancelled.' });
    expect(await requestListed('staff', a)).toMatchObject({ status: 4, reasons_for_rejection: 'The client cancelled.' });

    const b = await create('staff', onsiteOf(FRI2));
    const bOnsite = await linkOf(b);
    expect((await onsiteAct('pm', bOnsite, 'reject', 'Not this week.')).status).toBe(200);
    expect(await requestListed('staff', b)).toMatchObject({ status: 4 });

    const c = await create('staff4', onsiteOf(FRI));
    expect((await status('staff4', c, 5, 'Plans changed.')).status).toBe(200);
    expect(await onsiteListed('staff4', await linkOf(c))).toMatchObject({ status: 5 });

    const d = await create('staff4', onsiteOf(MON));
    expect((await onsiteAct('staff4', await linkOf(d), 'withdraw', 'Moved online.')).status).toBe(200);
    expect(await requestListed('staff4', d)).toMatchObject({ status: 5 });
  });

  it('HR files for several staff on Request Management: one record with each staff member\'s row', async () => {
    const res = await call('hr', 'POST', 'create-common-request', { ...onsiteOf(WED), usernames: ['staff4', 'staff2'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = res.body.data.ids as number[];
    expect(ids).toHaveLength(2);
    const links = new Set([await linkOf(ids[0]!), await linkOf(ids[1]!)]);
    expect(links.size).toBe(1);
    const onsiteId = [...links][0]!;
    expect((await onsiteListed('staff2', onsiteId))!.employeeList).toHaveLength(2);
    expect((await onsiteAct('pm', onsiteId, 'approve')).status).toBe(200);
    expect((await status('hrm', ids[1]!, 3)).status).toBe(200);
    for (const id of ids) expect((await requestListed('hr', id))!.status).toBe(3);
  });
});

describe('migration 0024 on the data of the previous version', () => {
  it('an ONSITE request filed before (no onsite record) gets its record, with its status and staff member, on both pages', async () => {
    // The previous version wrote a lone row: create-request of an ONSITE request as it stored it.
    const author = { userId: t.fixture.userIds.staff!, username: 'staff', name: 'staff', employeeId: emp('staff'), actors: ['STAFF' as const] };
    const { ids } = await createRequests({ db: t.db, clock: t.clock }, author, [{ ...onsiteOf('2026-11-17'), employeeId: emp('staff') }]);
    const lone = ids[0]!;
    await t.db.execute(sql`update requests set status = 3, approved_by_user_id = ${t.fixture.userIds.pm!} where id = ${lone}`);
    expect(await linkOf(lone)).toBeNull();
    // The data statements of the migration (after its three schema statements), as a start runs them.
    const text = fs.readFileSync(new URL('../../db/migrations/0024_onsite_request_link.sql', import.meta.url), 'utf8');
    for (const statement of text.split('--> statement-breakpoint').slice(3)) await t.db.execute(sql.raw(statement));
    const onsiteId = await linkOf(lone);
    expect(onsiteId).toEqual(expect.any(Number));
    expect(await onsiteListed('staff', onsiteId)).toMatchObject({ status: 3, type: 'FULL_DAY', status_department: { status: 'A' }, status_CB: { status: 'A' } });
    expect((await onsiteListed('staff', onsiteId))!.employeeList).toEqual([expect.objectContaining({ employeeId: emp('staff'), requestId: lone })]);
    expect(await requestListed('staff', lone)).toMatchObject({ status: 3, onsite_request_id: onsiteId });
    // Its actions are the record's now: the owner withdraws on Request Management, both move.
    expect((await status('staff', lone, 5, 'Not needed.')).status).toBe(200);
    expect(await onsiteListed('staff', onsiteId)).toMatchObject({ status: 5 });
  });
});
