import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OT_LIMIT_MESSAGES as L } from '@tms/contracts/overtime-limits';
import type { TestApp } from '../../test/harness.ts';
import { flexibleApi, flexibleApp, MON, TUE } from './flexible-overtime.test-support.ts';

/**
 * Overtime limits on flexible overtime (issue 27 §2): the creation figures, the PM stage refusing a request over the
 * monthly limit, Approve All per item, and HR's override with a reason shown on the request. The clock on 05/11/2026;
 * the monthly limit lowered to 5 hours so that two 3-hour requests pass it.
 */
let t: TestApp;
const api = flexibleApi(() => t);
const { call, create, change, detail } = api;

beforeAll(async () => {
  t = await flexibleApp();
  const res = await call('hr', 'POST', '/api/payroll/config-table/update', [{ table_code: 'overtime_limits', table_config: [{ key: 'month_hours', value: 5 }] }]);
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('flexible overtime and the limits', () => {
  it('creation names the figures; the PM stage refuses the second request; HR approves it with a reason', async () => {
    const first = await call('staff', 'POST', '/create', api.form({ overtimeDate: MON }));
    expect(first.status).toBe(201);
    expect(first.body.data[0].limits.month).toEqual({ approved: 0, planned: 0, request: 3, after: 3, limit: 5 });
    expect((await change('pm', first.body.data[0].id, 'approve')).status).toBe(200);

    const second = await call('staff', 'POST', '/create', api.form({ overtimeDate: TUE }));
    expect(second.status).toBe(201);
    expect(second.body.data[0].limits.over).toMatchObject([{ limit: 'month', message: L.monthExceeded('3', '5') }]);
    const id = second.body.data[0].id as number;

    const refused = await change('pm', id, 'approve');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(L.monthExceeded('3', '5'));
    // Approve All (several ids): per item.
    const third = await create('staff4', { overtimeDate: TUE });
    const batch = await change('pm', [id, third], 'approve');
    expect(batch.status).toBe(207);
    expect((batch.body.data as { id: number; code: number }[]).map((i) => [i.id, i.code])).toEqual([
      [id, 409],
      [third, 200],
    ]);

    expect((await change('pm', id, 'approve', { overrideReason: 'Customer deadline' })).status).toBe(403);
    const ok = await change('hr', id, 'approve', { overrideReason: 'Customer deadline' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await detail('hr', id)).body.data.limitOverrideReason).toBe('Customer deadline');
  });
});
