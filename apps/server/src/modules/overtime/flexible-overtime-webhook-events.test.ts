import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { clearOutbox, expectPublished, outboxEvents, subscribe, typesAndKeys } from '../../test/webhook-outbox.ts';
import { flexibleApi, flexibleApp, type Json } from './flexible-overtime.test-support.ts';

/**
 * Issue 30 §3: the request.* webhook events of flexible overtime (one person's request): created; the PM's approval
 * and the confirmation send nothing; the manager's (final) approval → approved; a rejection by the PM or the manager →
 * rejected; a cancel → withdrawn. The company of flexible-overtime.test-support (clock Thursday 05/11/2026).
 */
const TYPES = ['request.created', 'request.approved', 'request.rejected', 'request.withdrawn'] as const;
let t: TestApp;
const { create, change, payLine } = flexibleApi(() => t);
const PAST = ['26/10/2026', '27/10/2026', '28/10/2026', '29/10/2026', '30/10/2026'];
let n = 0;
const past = (): Json => ({ overtimeDate: PAST[n++]!, startTime: '18:00', endTime: '19:00' });

beforeAll(async () => {
  t = await flexibleApp();
}, 120_000);
afterAll(async () => t?.close());
beforeEach(async () => clearOutbox(t.db));

describe('request.* events of flexible overtime', () => {
  it('created; PM approval and confirmation send nothing; the manager approval sends request.approved', async () => {
    const endpoint = await subscribe(t.db, TYPES);
    const id = await create('staff', past());
    expect((await change('pm', id, 'approve')).status).toBe(200);
    await payLine(id);
    const confirmed = await change('pm', id, 'confirm', { details: [{ shift: 'workday', duration_confirm: 1 }] });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(typesAndKeys(await outboxEvents(t.db))).toEqual([['request.created', `overtime:${id}`]]);
    const approved = await change('gl', id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([
      ['request.created', `overtime:${id}`],
      ['request.approved', `overtime:${id}`],
    ]);
    expect(rows[0]!.data).toMatchObject({ kind: 'OVERTIME', overtime_type: 'FLEXIBLE', id, status: 1, record: { id, status: 0, staff: { id: t.fixture.employeeIds['staff'] } } });
    expect(rows[1]!.data).toMatchObject({ status: 3, record: { status: 5 } });
    expectPublished(rows, endpoint);
  });

  it("the PM's rejection sends request.rejected; a batch cancel sends one request.withdrawn per request", async () => {
    const endpoint = await subscribe(t.db, ['request.rejected', 'request.withdrawn']);
    const rejected = await create('staff', past());
    expect((await change('pm', rejected, 'reject', { reason: 'Not planned' })).status).toBe(200);
    // Future windows: one that has ended can no longer be cancelled.
    const [a, b] = [await create('staff', { overtimeDate: '16/11/2026', startTime: '18:00', endTime: '19:00' }), await create('staff', { overtimeDate: '17/11/2026', startTime: '18:00', endTime: '19:00' })];
    expect((await change('staff', [a, b], 'cancel', { reason: 'Release moved' })).status).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(rows.map((r) => [r.event_type, r.record_key, r.data.status, r.data.record.status])).toEqual([
      ['request.rejected', `overtime:${rejected}`, 4, 2],
      ['request.withdrawn', `overtime:${a}`, 5, 6],
      ['request.withdrawn', `overtime:${b}`, 5, 6],
    ]);
    expectPublished(rows, endpoint);
  });
});
