import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { leaveFundRows, leaveLedger } from '../../db/schema/leave.ts';
import { employees, holidays } from '../../db/schema/organisation.ts';
import { payrollPeriods } from '../../db/schema/periods.ts';
import { history } from '../../db/schema/platform.ts';
import { requests } from '../../db/schema/requests.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertStaffPolicies, insertWeekdaySchedule } from '../../test/schedules.ts';
import { grantFundRows } from '../leave/leave.service.ts';
import type { Json } from '../../test/json-body.ts';

export type { Json };

/**
 * The request write tests' company: the clock on Thursday 05/11/2026 10:00 (company time), lock date 25/10/2026
 * (T10-2026 approved), T11-2026 (26/10 … 25/11) open, a public holiday on Thursday 12/11/2026, everyone on HCM
 * (08:30–17:30, 8 h) but staff3 on FLEXIBLE (hour-based). Annual leave: 16 h for staff, staff2 and gl.
 */
export const NOW = '2026-11-05T10:00:00+07:00';
export const LOCK = '2026-10-25';
export const HOLIDAY = '2026-11-12';
/** Working days after the lock date. */
export const FRI = '2026-11-06';
export const SAT = '2026-11-07';
export const MON = '2026-11-09';
export const TUE = '2026-11-10';
export const WED = '2026-11-11';
export const FRI2 = '2026-11-13';
export const PAST_TUE = '2026-11-03';
export const BASE = '/api/tms/request-management';


export async function requestWriteApp(): Promise<TestApp> {
  const t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await insertWeekdaySchedule(t.db, { code: 'FLEXIBLE', start: '07:00', end: '19:00' });
  await insertStaffPolicies(t.db, 'staff3');
  await t.db.update(employees).set({ workScheduleType: 'FLEXIBLE' }).where(eq(employees.userName, 'staff3'));
  await approvePeriodEnding(t.db, t.fixture.companyId, '2026-09-26', LOCK);
  await t.db.insert(payrollPeriods).values({ companyId: t.fixture.companyId, name: 'T11-2026', fromDate: '2026-10-26', toDate: '2026-11-25', workingDays: 21, status: 0 });
  await t.db.insert(holidays).values({ calendarCode: 'VNM_NPH', date: HOLIDAY, name: 'Test holiday' });
  await grantFundRows(
    t.db,
    ['staff', 'staff2', 'gl'].map((u) => ({ employeeId: t.fixture.employeeIds[u]!, fundType: 'default_leave' as const, hours: 16, applyDate: '2026-01-01', expireDate: '2026-12-31' })),
    null,
  );
  return t;
}

export function api(t: () => TestApp) {
  async function call(user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
    const res = await t().app.inject({ method, url: url.startsWith('/api') ? url : `${BASE}/${url}`, headers: await t().as(user), payload: payload as Json });
    return { status: res.statusCode, body: res.json() as Json };
  }
  /** A leave request (annual by default) for one date, full day unless a duration or minutes are given. */
  const leave = (date: string, over: Json = {}) => ({ request_type: 'LEAVE_REQUEST', reason_type: 'ANN_LEAVE_CORP', request_dates: [{ request_date: date, duration: 'FULL_DAY' }], ...over });
  async function create(user: string, body: Json, path = 'create-request/'): Promise<number> {
    const { status, body: b } = await call(user, 'POST', path, body);
    expect(status, JSON.stringify(b)).toBe(200);
    return b.data.id as number;
  }
  const status = (user: string, id: number, statusType: 3 | 4 | 5, reason?: string) => call(user, 'PUT', 'update-status', { id, status_type: statusType, reason });
  return { call, leave, create, status };
}

/** The stored request, snake_case as the SQL columns (quantity_in_hours as the number `hours`). */
export async function requestRow(t: TestApp, id: number): Promise<Json> {
  const [r] = await t.db.select().from(requests).where(eq(requests.id, id));
  if (!r) throw new Error(`no request ${id}`);
  return {
    employee_id: r.employeeId,
    request_type: r.requestType,
    reason_type: r.reasonType,
    start_date: r.startDate,
    end_date: r.endDate,
    start_shift: r.startShift,
    end_shift: r.endShift,
    hours: Number(r.quantityInHours),
    quantity_in_minutes: r.quantityInMinutes,
    description: r.description,
    status: r.status,
    assignee_user_id: r.assigneeUserId,
    approved_by_user_id: r.approvedByUserId,
    created_by_user_id: r.createdByUserId,
    created_by_role: r.createdByRole,
    reasons_for_rejection: r.reasonsForRejection,
    withdraw_reason: r.withdrawReason,
    project_id: r.projectId,
    onsite_request_id: r.onsiteRequestId,
    is_flexible: r.isFlexible,
    version: r.version,
  };
}

export async function historyOf(t: TestApp, id: number) {
  return t.db
    .select({ action: history.action, changes: history.changes })
    .from(history)
    .where(and(eq(history.tableName, 'requests'), eq(history.recordId, id)))
    .orderBy(asc(history.id));
}

/** Annual (or `fundType`) hours left: the sum of the employee's ledger. */
export async function ledgerSum(t: TestApp, username: string, fundType: typeof leaveFundRows.$inferSelect.fundType = 'default_leave'): Promise<number> {
  const rows = await t.db
    .select({ amount: leaveLedger.amount })
    .from(leaveLedger)
    .innerJoin(leaveFundRows, eq(leaveFundRows.id, leaveLedger.fundRowId))
    .where(and(eq(leaveLedger.employeeId, t.fixture.employeeIds[username]!), eq(leaveFundRows.fundType, fundType)));
  return Math.round(rows.reduce((s, r) => s + Number(r.amount), 0) * 1000) / 1000;
}
