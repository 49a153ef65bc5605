import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OT_LIMIT_MESSAGES as L } from '@tms/contracts/overtime-limits';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { B, fixedApi, fixedApp, type Json } from './fixed-overtime.test-support.ts';

/**
 * Overtime limits (issue 27 §2, docs/overtime-limits.md): the limits in Payroll Configuration, the figures at creation,
 * the refusal at approval, the HR override kept in history, Approve All per row, racing approvals, the form's headroom
 * call, the listed-sector marker and the compliance report. The clock on 05/11/2026; the OT dates in November 2026.
 * The monthly limit is lowered to 5 hours so that two 3-hour requests pass it.
 */
let t: TestApp;
const api = fixedApi(() => t);
const { call, status, row, emp } = api;
const CONFIG = '/api/payroll/config-table';
const historyOf = async (id: number) => queryRows<Json>(t.db, sql`select action, changes from history where table_name = 'overtime_requests' and record_id = ${id} order by id`);
/** A 3-hour window (18:00–21:00, no break) on `day` for `users`. */
const on = (day: string, users: string[]): Json => ({
  ot_date: day,
  start_time: `${day} 18:00:00`,
  end_time: `${day} 21:00:00`,
  staff: users.map((u) => ({ employee_id: emp(u) })),
  mail_cc: [],
});
const setLimits = (values: Record<string, number>) =>
  call('hr', 'POST', `${CONFIG}/update`, [{ table_code: 'overtime_limits', table_config: Object.entries(values).map(([key, value]) => ({ key, value })) }]);

beforeAll(async () => {
  t = await fixedApp();
});
afterAll(async () => {
  await t.close();
});

describe('the limits in Payroll Configuration', () => {
  it('holds the defaults: 40 a month, 200 a year, 300 for listed sectors, 12 a day', async () => {
    const res = await call('hr', 'GET', `${CONFIG}/all`);
    const table = (res.body.data as Json[]).find((x) => x.table_code === 'overtime_limits');
    expect(table?.table_config).toEqual([
      { key: 'month_hours', value: 40 },
      { key: 'year_hours', value: 200 },
      { key: 'year_hours_listed_sector', value: 300 },
      { key: 'day_hours', value: 12 },
    ]);
  });

  it('refuses limits that do not hold together, and keeps history of a change', async () => {
    expect((await setLimits({ day_hours: 30 })).body.message).toBe(L.dayLimitRange);
    expect((await setLimits({ month_hours: 250 })).body.message).toBe(L.monthAboveYear);
    expect((await setLimits({ year_hours_listed_sector: 100 })).body.message).toBe(L.listedBelowYear);
    expect((await setLimits({ month_hours: 5 })).status).toBe(200);
    const [h] = await queryRows<Json>(t.db, sql`select changes from history where table_name = 'payroll_config_tables' order by id desc limit 1`);
    expect(h?.changes).toEqual([{ field: 'month_hours', oldValue: 40, newValue: 5 }]);
  });
});

describe('creation, approval and the override', () => {
  let first = 0;
  let second = 0;

  it('creation names the approved and planned hours and what the request brings them to; over a limit is only a warning', async () => {
    const a = await call('gl', 'POST', B, api.form({ ...on('2026-11-09', ['staff', 'staff2']) }));
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    first = a.body.data.id;
    const staffA = (a.body.data.limits as Json[]).find((u) => u.employee_id === emp('staff'))!;
    expect(staffA.month).toEqual({ approved: 0, planned: 0, request: 3, after: 3, limit: 5 });
    expect(staffA.year_total).toMatchObject({ approved: 0, request: 3, limit: 200 });
    expect(staffA.day).toEqual({ approved: 8, planned: 0, request: 3, after: 11, limit: 12 });
    expect(staffA.over).toEqual([]);
    expect((await status('pm', first, [row('staff', 3), row('staff2', 3)])).status).toBe(200);

    const b = await call('gl', 'POST', B, api.form({ ...on('2026-11-10', ['staff', 'staff2', 'staff4']) }));
    expect(b.status).toBe(201);
    second = b.body.data.id;
    const staffB = (b.body.data.limits as Json[]).find((u) => u.employee_id === emp('staff'))!;
    expect(staffB.month).toEqual({ approved: 3, planned: 0, request: 3, after: 6, limit: 5 });
    expect(staffB.over).toEqual([{ limit: 'month', message: L.monthExceeded('3', '5'), messageKey: 'otLimit.monthExceeded', params: { used: '3', limit: '5' } }]);
  });

  it('the form headroom call answers the same figures before saving', async () => {
    const res = await call('gl', 'GET', `/api/tms/overtime-limits/usage?employeeIds=${emp('staff')}&date=2026-11-11&startTime=18:00&endTime=21:00`);
    expect(res.status).toBe(200);
    expect(res.body.data[0].month).toEqual({ approved: 3, planned: 3, request: 3, after: 9, limit: 5 });
  });

  it('approval of a row over the limit is refused with the limit and the hours (409)', async () => {
    const res = await status('pm', second, [row('staff', 3)]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Overtime limit exceeded: 3 of 5 hours this month already approved');
  });

  it('an override reason from anyone but HR or HRM is refused (403)', async () => {
    const res = await status('pm', second, [row('staff', 3)], { override_reason: 'Release' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(L.overrideNotAllowed);
  });

  it('Approve All answers per row: the row within the limits moves, the others are reported (207)', async () => {
    const res = await status('pm', second, [row('staff2', 3), row('staff4', 3)]);
    expect(res.status).toBe(207);
    expect(res.body.data.items).toEqual([
      { employee_id: emp('staff2'), code: 409, message: L.monthExceeded('3', '5'), messageKey: 'otLimit.monthExceeded', params: { used: '3', limit: '5' } },
      expect.objectContaining({ employee_id: emp('staff4'), code: 200 }),
    ]);
    const d = await api.detail('pm', second);
    expect((d.staff as Json[]).map((s) => s.status)).toEqual([1, 1, 3]);
  });

  it('HR approves over the limit with a reason: kept on the row, in the history and shown on the request', async () => {
    const res = await status('hr', second, [row('staff', 3)], { override_reason: 'Go-live weekend agreed with the union' });
    expect(res.status).toBe(200);
    const d = await api.detail('hr', second);
    const s = (d.staff as Json[]).find((x) => x.employee_id === emp('staff'))!;
    expect(s.status).toBe(3);
    expect(s.limit_override_reason).toBe('Go-live weekend agreed with the union');
    const last = (await historyOf(second)).at(-1)!;
    expect(last.changes).toContainEqual({ field: `staff[${emp('staff')}].limit_override_reason`, oldValue: null, newValue: `Go-live weekend agreed with the union (${L.monthExceeded('3', '5')})` });
  });

  it('two approvals racing for one employee: only one passes the limit', async () => {
    // staff4 has 3 h approved; two requests of 3 h each; a limit of 7 leaves room for one of them.
    expect((await setLimits({ month_hours: 7 })).status).toBe(200);
    const x = await call('gl', 'POST', B, api.form({ ...on('2026-11-11', ['staff4']) }));
    const y = await call('gl', 'POST', B, api.form({ ...on('2026-11-13', ['staff4']) }));
    const results = await Promise.all([status('pm', x.body.data.id, [row('staff4', 3)]), status('pm', y.body.data.id, [row('staff4', 3)])]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('the listed sector and the compliance report', () => {
  it('a department marked as a listed sector gives its staff the 300-hour yearly limit', async () => {
    const [dep] = await queryRows<{ id: number }>(t.db, sql`select department_id as id from employees where id = ${emp('staff')}`);
    expect((await call('staff', 'PUT', `${CONFIG}/listed-sector-departments`, { departmentIds: [dep!.id] })).status).toBe(403);
    const res = await call('hr', 'PUT', `${CONFIG}/listed-sector-departments`, { departmentIds: [dep!.id] });
    expect(res.body.data.departmentIds).toEqual([dep!.id]);
    const usage = await call('hr', 'GET', `/api/tms/overtime-limits/usage?employeeIds=${emp('staff')}&date=2026-11-20`);
    expect(usage.body.data[0].year_total.limit).toBe(300);
    expect((await call('hr', 'PUT', `${CONFIG}/listed-sector-departments`, { departmentIds: [999999] })).body.message).toBe(L.departmentNotFound);
  });

  it('lists per employee and month the hours against the limits, days over 12 hours and overrides; filters; exports', async () => {
    expect((await setLimits({ month_hours: 6 })).status).toBe(200);
    const res = await call('hr', 'GET', '/api/tms/report/overtime-compliance?fromMonth=2026-11&toMonth=2026-11');
    expect(res.status).toBe(200);
    const staff = (res.body.data as Json[]).find((r) => r.employee_id === emp('staff'))!;
    expect(staff).toMatchObject({ month: '2026-11', month_hours: 6, month_limit: 6, ytd_hours: 6, year_limit: 300, days_over: 0, overrides: 1, state: 'NEAR' });
    const atRisk = await call('hr', 'GET', `/api/tms/report/overtime-compliance?fromMonth=2026-11&toMonth=2026-11&onlyAtRisk=true&users=${emp('staff')}`);
    expect((atRisk.body.data as Json[]).map((r) => r.employee_id)).toEqual([emp('staff')]);
    expect((await call('hr', 'GET', '/api/tms/report/overtime-compliance?fromMonth=2026-13&toMonth=2026-11')).body.message).toBe(L.monthsInvalid);
    expect((await call('hr', 'GET', '/api/tms/report/overtime-compliance?fromMonth=2026-01&toMonth=2027-02')).body.message).toBe(L.monthsTooMany);
    // Data scope (RULES.md §3): a group lead sees only their department's staff.
    const gl = await call('gl', 'GET', '/api/tms/report/overtime-compliance?fromMonth=2026-11&toMonth=2026-11');
    expect(gl.status).toBe(200);
    const chart = await call('hr', 'GET', '/api/tms/report/overtime-compliance/departments?fromMonth=2026-11&toMonth=2026-11');
    expect((chart.body.data as Json[]).length).toBeGreaterThan(0);
    const file = await call('hr', 'GET', '/api/tms/excel/report-overtime-compliance?fromMonth=2026-11&toMonth=2026-11');
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-disposition']).toContain('Overtime_Compliance_2026-11-2026-11.xlsx');
  });
});
