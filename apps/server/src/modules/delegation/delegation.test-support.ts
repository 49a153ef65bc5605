import { expect } from 'vitest';
import { holidays } from '../../db/schema/organisation.ts';
import { payrollPeriods } from '../../db/schema/periods.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { grantFundRows } from '../leave/leave.service.ts';
import { readJson, type Json } from '../../test/json-body.ts';

/**
 * The delegation tests' company: the clock on Thursday 05/11/2026 10:00 (company time), lock date 25/10/2026,
 * T11-2026 (26/10 … 25/11) open, everyone on HCM (08:30–17:30). "Next week" is Monday 09/11 … Friday 13/11/2026.
 * gl leads DEP1 (staff, staff2, gl), dl leads DIV1 (DEP1, DEP2), `other` leads DEP3 and DIV2 (staff4, pm, guest).
 * Annual leave: 16 h for staff and staff2.
 */
export const NOW = '2026-11-05T10:00:00+07:00';
export const THIS_FRI = '2026-11-06';
export const NEXT_MON = '2026-11-09';
export const NEXT_TUE = '2026-11-10';
export const NEXT_FRI = '2026-11-13';
export const D = '/api/tms/delegate';


export async function delegationApp(): Promise<TestApp> {
  const t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await approvePeriodEnding(t.db, t.fixture.companyId, '2026-09-26', '2026-10-25');
  await t.db.insert(payrollPeriods).values({ companyId: t.fixture.companyId, name: 'T11-2026', fromDate: '2026-10-26', toDate: '2026-11-25', workingDays: 21, status: 0 });
  await t.db.insert(holidays).values({ calendarCode: 'VNM_NPH', date: '2026-12-31', name: 'Not in the way' });
  await grantFundRows(
    t.db,
    ['staff', 'staff2'].map((u) => ({ employeeId: t.fixture.employeeIds[u]!, fundType: 'default_leave' as const, hours: 16, applyDate: '2026-01-01', expireDate: '2026-12-31' })),
    null,
  );
  return t;
}

export function delegationApi(t: () => TestApp) {
  const emp = (u: string) => t().fixture.employeeIds[u]!;
  const uid = (u: string) => t().fixture.userIds[u]!;
  async function call(user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
    const res = await t().app.inject({ method, url: url.startsWith('/api') ? url : `${D}/${url}`, headers: await t().as(user), payload: payload as Json });
    return { status: res.statusCode, body: readJson(res) };
  }
  const range = (u: string, from = NEXT_MON, to = NEXT_FRI) => ({ staff_id: emp(u), from_date: from, to_date: to });
  /** Creates a delegation and answers its detail. */
  async function create(user: string, delegator: string, staff: Json[], flag = true): Promise<Json> {
    const res = await call(user, 'POST', 'create-delegator', { delegator: emp(delegator), flag, staff_list: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Json;
  }
  return { emp, uid, call, range, create };
}
