import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OVERTIME_IMPORT_COLUMNS as C, OVERTIME_IMPORT_PATH } from '@tms/contracts/overtime-list';
import type { TestApp } from '../../test/harness.ts';
import { fileUpload, xlsxFile } from '../../test/leave-api.ts';
import { clearOutbox, expectPublished, outboxEvents, subscribe, typesAndKeys } from '../../test/webhook-outbox.ts';
import { fixedApi, fixedApp, type Json } from './fixed-overtime.test-support.ts';

/**
 * Issue 30 §3: the request.* webhook events of fixed overtime — one event per request with its staff rows inside,
 * approved / rejected / withdrawn once no staff row is pending (the request's decision is final). The company of
 * fixed-overtime.test-support (clock Thursday 05/11/2026, T11-2026 open); pm approves the rows of P1.
 */
const TYPES = ['request.created', 'request.approved', 'request.rejected', 'request.withdrawn'] as const;
let t: TestApp;
const { call, create, status, row } = fixedApi(() => t);
let slot = 0;
function window(): Json {
  const d = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'][slot++]!;
  return { ot_date: d, start_time: `${d} 18:00:00`, end_time: `${d} 19:00:00` };
}

beforeAll(async () => {
  t = await fixedApp();
}, 120_000);
afterAll(async () => t?.close());
beforeEach(async () => clearOutbox(t.db));

describe('request.* events of fixed overtime', () => {
  it('created; a row decided while others wait sends nothing; the last row decided sends request.approved once', async () => {
    const endpoint = await subscribe(t.db, TYPES);
    const id = await create('gl', window());
    expect((await status('pm', id, [row('staff', 3)])).status).toBe(200);
    expect((await status('pm', id, [row('staff2', 4, 'Not needed')])).status).toBe(200);
    expect(typesAndKeys(await outboxEvents(t.db))).toEqual([['request.created', `overtime:${id}`]]);
    expect((await status('pm', id, [row('staff4', 3)])).status).toBe(200);
    expect((await status('pm', id, [row('staff4', 3)])).status).toBe(409);
    const rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([
      ['request.created', `overtime:${id}`],
      ['request.approved', `overtime:${id}`],
    ]);
    expect(rows[0]!.data).toMatchObject({ kind: 'OVERTIME', overtime_type: 'FIXED', id, status: 1, record: { id, tag: { kind: 'PENDING' } } });
    expect(rows[0]!.data.record.staff).toHaveLength(3);
    expect(rows[1]!.data).toMatchObject({ status: 3, record: { tag: { kind: 'DONE' } } });
    expect(rows[1]!.data.record.staff.map((s: Json) => s.status).sort()).toEqual([3, 3, 4]);
    expectPublished(rows, endpoint);
  });

  it('Reject All sends one request.rejected for the request', async () => {
    const endpoint = await subscribe(t.db, ['request.rejected', 'request.approved']);
    const id = await create('gl', window());
    expect((await status('pm', id, [row('staff', 4, 'No'), row('staff2', 4, 'No'), row('staff4', 4, 'No')])).status).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(rows.map((r) => [r.event_type, r.record_key, r.data.status])).toEqual([['request.rejected', `overtime:${id}`, 4]]);
    expectPublished(rows, endpoint);
  });

  it("the creator's cancel all sends request.withdrawn", async () => {
    const endpoint = await subscribe(t.db, ['request.withdrawn']);
    const id = await create('gl', window());
    const res = await status('gl', id, [row('staff', 6)], { withdraw_reason: 'Release moved' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(rows.map((r) => [r.event_type, r.record_key, r.data.status])).toEqual([['request.withdrawn', `overtime:${id}`, 5]]);
    expectPublished(rows, endpoint);
  });

  it('Import Overtime: each imported request is created and approved at once', async () => {
    const endpoint = await subscribe(t.db, TYPES);
    const file = await xlsxFile('Overtime', [C.username, C.projectCode, C.otDate, C.start, C.end, C.otType, C.title, C.description], [
      ['staff', 'P1', '23/11/2026', '18:00', '20:00', 'OT_AT_OFFICE', 'Imported A', null],
      ['staff2', 'P1', '24/11/2026', '18:00', '20:00', 'OT_AT_OFFICE', 'Imported B', null],
    ]);
    const res = await t.app.inject({ method: 'POST', url: `/api${OVERTIME_IMPORT_PATH}`, headers: await t.as('hr'), payload: fileUpload('file', file, 'overtime.xlsx') as never });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(rows.map((r) => [r.event_type, r.data.record.title, r.data.status])).toEqual([
      ['request.created', 'Imported A', 3],
      ['request.approved', 'Imported A', 3],
      ['request.created', 'Imported B', 3],
      ['request.approved', 'Imported B', 3],
    ]);
    expect(rows[0]!.data.record.source).toBe('IMPORT');
    expectPublished(rows, endpoint);
  });

  it('stores nothing without a subscribed endpoint', async () => {
    await subscribe(t.db, ['employee.created']);
    const id = await create('gl', window());
    expect((await status('pm', id, [row('staff', 3), row('staff2', 3), row('staff4', 3)])).status).toBe(200);
    expect(await outboxEvents(t.db)).toEqual([]);
    expect((await call('gl', 'GET', `/api/tms/overtime-request/${id}`)).status).toBe(200);
  });
});
