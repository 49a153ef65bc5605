import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TIMESHEETS_PATH } from '@tms/contracts/timesheet-review';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readJson, type Json } from '../../test/json-body.ts';
import { clearOutbox, expectPublished, outboxEvents, subscribe, typesAndKeys } from '../../test/webhook-outbox.ts';

/**
 * Issue 30 §3: the timesheet.* events, queued by the review API's transitions in their own transaction
 * (docs/integrations.md "Events"): sent for review, approved, rejected — the period as GET /api/tms/timesheets/{id}
 * answers it, plus its company. Pinned clock: a period may be sent for review only once it has ended.
 */
const BASE = `/api${TIMESHEETS_PATH}`;
const NOW = '2026-11-29T10:00:00+07:00';
const ALL = ['timesheet.sent_for_review', 'timesheet.approved', 'timesheet.rejected'] as const;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
}, 120_000);
afterAll(() => t?.close());
beforeEach(async () => {
  await clearOutbox(t.db);
  await t.db.execute(sql`delete from timesheet_comments`);
  await t.db.execute(sql`delete from payroll_periods`);
});

async function put(url: string, payload?: unknown) {
  const res = await t.app.inject({ method: 'PUT', url: `${BASE}${url}`, headers: await t.as('hr'), payload: payload as Json });
  return { status: res.statusCode, body: readJson(res) };
}
async function info(id: number): Promise<Json> {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: await t.as('hr') });
  expect(res.statusCode).toBe(200);
  return readJson(res).data;
}

let seq = 0;
/** A payroll period of the fixture's company as another module would have made it. */
async function insertPeriod(from: string, to: string, status: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
        values (${t.fixture.companyId}, ${`WH${String(++seq).padStart(2, '0')}-TEST`}, ${from}, ${to}, 20, ${status}) returning id`,
  );
  return row!.id;
}
/** Ended before the pinned today (2026-11-29). */
const endedPeriod = (status: number) => insertPeriod('2026-10-26', '2026-11-25', status);

describe('timesheet.* events through the review API', () => {
  it('sent for review, rejected, sent again, approved, then reopened: one event per transition with the period as the API answers it', async () => {
    const endpoint = await subscribe(t.db, ALL);
    const id = await endedPeriod(0);
    const key = `period:${id}`;

    expect((await put(`/${id}/request-review`, { status: 3 })).status).toBe(200);
    let rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([['timesheet.sent_for_review', key]]);
    expect(rows[0]!.data).toEqual({ ...(await info(id)), company_id: t.fixture.companyId });
    expect(rows[0]!.data).toMatchObject({ timesheet_id: id, status: 3, version: 2 });

    expect((await put(`/${id}/review`, { status: 2, content: 'Staff days missing' })).status).toBe(200);
    expect((await put(`/${id}/request-review`, { status: 3 })).status).toBe(200);
    expect((await put(`/${id}/review`, { status: 4 })).status).toBe(200);
    rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([
      ['timesheet.sent_for_review', key],
      ['timesheet.rejected', key],
      ['timesheet.sent_for_review', key],
      ['timesheet.approved', key],
    ]);
    expect(rows.map((r) => r.data.status)).toEqual([3, 2, 3, 4]);
    expect(rows[1]!.data).toMatchObject({ review_comment: 'Staff days missing', version: 3 });
    expect(rows[3]!.data).toEqual({ ...(await info(id)), company_id: t.fixture.companyId });
    expect(rows[3]!.data.approved_at).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expectPublished(rows, endpoint);

    // An approved period reopened: rejected again, back to Pending update.
    expect((await put(`/${id}/review`, { status: 2, content: 'Reopen for corrections' })).status).toBe(200);
    rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows.slice(4))).toEqual([['timesheet.rejected', key]]);
    expect(rows[4]!.data).toMatchObject({ status: 2, review_comment: 'Reopen for corrections' });
    expectPublished(rows, endpoint);
  });

  it('an endpoint gets only the types it subscribes to', async () => {
    const endpoint = await subscribe(t.db, ['timesheet.approved']);
    const id = await endedPeriod(0);
    expect((await put(`/${id}/request-review`, { status: 3 })).status).toBe(200);
    expect(await outboxEvents(t.db)).toEqual([]);
    expect((await put(`/${id}/review`, { status: 4 })).status).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([['timesheet.approved', `period:${id}`]]);
    expectPublished(rows, endpoint);
  });

  it('a refused transition queues nothing: 409 for the status or a stale version, 400 for the body, a period not ended', async () => {
    await subscribe(t.db, ALL);
    const draft = await endedPeriod(0);
    const pending = await insertPeriod('2026-09-26', '2026-10-25', 3);
    const approved = await insertPeriod('2026-08-26', '2026-09-25', 4);
    const current = await insertPeriod('2026-11-26', '2026-12-25', 0);

    expect((await put(`/${draft}/review`, { status: 4 })).status).toBe(409); // approve a Draft
    expect((await put(`/${draft}/review`, { status: 2, content: 'no' })).status).toBe(409); // reject a Draft
    expect((await put(`/${approved}/review`, { status: 4 })).status).toBe(409); // approved twice
    expect((await put(`/${pending}/request-review`, { status: 3 })).status).toBe(409); // already pending approval
    expect((await put(`/${current}/request-review`, { status: 3 })).status).toBe(409); // not ended
    expect((await put(`/${pending}/review`, { status: 2 })).status).toBe(400); // a reject needs a comment
    expect((await put(`/${draft}/request-review`, { status: 4 })).status).toBe(400);
    expect((await put(`/${pending}/review`, { status: 4, version: 9 })).status).toBe(409); // stale
    expect((await put(`/${draft + 1000}/request-review`, { status: 3 })).status).toBe(404);
    expect(await outboxEvents(t.db)).toEqual([]);
  });

  it('nothing is stored when no active endpoint subscribes', async () => {
    const inactive = await subscribe(t.db, ALL);
    await t.db.execute(sql`update webhook_endpoints set active = false where id = ${inactive}`);
    await subscribe(t.db, ['employee.created']);
    const id = await endedPeriod(0);
    expect((await put(`/${id}/request-review`, { status: 3 })).status).toBe(200);
    expect((await put(`/${id}/review`, { status: 4 })).status).toBe(200);
    expect(await outboxEvents(t.db)).toEqual([]);
  });
});
