import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { overtimePayLines, overtimeRequests, overtimeRequestStaff } from '../../db/schema/overtime.ts';
import { employees, projectMembers } from '../../db/schema/organisation.ts';
import { payrollPeriods } from '../../db/schema/periods.ts';
import { history, notifications } from '../../db/schema/platform.ts';
import { punches, staffPolicies } from '../../db/schema/schedules.ts';
import { dayjs } from '../../lib/dates.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import type { Json } from '../../test/json-body.ts';

export type { Json };

/**
 * The flexible overtime tests' company: the clock on Thursday 05/11/2026 10:00 (company time), lock date 25/10/2026
 * (T10-2026 approved), T11-2026 (26/10 … 25/11) open, so the picker limit is 05/12/2026. Everyone on HCM
 * (08:30–17:30, break 12:00–13:00); staff, staff4 and pm on OT_FLEXIBLE, the others OT_FIXED, staff3 without a policy
 * (and a member of P1, to reach "not set to work schedule"). pm manages P1 (staff, staff4, staff3); gl leads staff.
 */
export const NOW = '2026-11-05T10:00:00+07:00';
export const LOCK = '2026-10-25';
export const PAST_TUE = '03/11/2026';
export const MON = '09/11/2026';
export const TUE = '10/11/2026';
export const SAT = '07/11/2026';
export const B = '/api/tms/overtime-request';


export async function flexibleApp(): Promise<TestApp> {
  const t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  const all = await t.db.select({ id: employees.id, userName: employees.userName }).from(employees);
  await t.db.insert(staffPolicies).values(
    all
      .filter((e) => e.userName !== 'staff3')
      .map((e) => ({
        employeeId: e.id,
        workScheduleCode: 'HCM',
        ruleType: 'DAY',
        lackOfTimeAllowed: 15,
        otType: ['staff', 'staff4', 'pm'].includes(e.userName ?? '') ? 'OT_FLEXIBLE' : 'OT_FIXED',
        applyDate: '2020-01-06',
        expireDate: '9999-12-30',
      })),
  );
  await t.db.insert(projectMembers).values({ projectId: t.fixture.projectId, employeeId: t.fixture.employeeIds.staff3! });
  await approvePeriodEnding(t.db, t.fixture.companyId, '2026-09-26', LOCK);
  await t.db.insert(payrollPeriods).values({ companyId: t.fixture.companyId, name: 'T11-2026', fromDate: '2026-10-26', toDate: '2026-11-25', workingDays: 21, status: 0 });
  return t;
}

export function flexibleApi(t: () => TestApp) {
  async function call(user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
    const res = await t().app.inject({ method, url: url.startsWith('/api') ? url : `${B}${url}`, headers: await t().as(user), payload: payload as Json });
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: (json ? res.json() : {}) as Json, res };
  }
  const form = (over: Json = {}): Json => ({
    title: 'Release night',
    projectId: t().fixture.projectId,
    description: 'Deploy',
    ccMailList: [t().fixture.employeeIds.staff2],
    overtimeDate: MON,
    requestType: 'OT_FLEXIBLE',
    startTime: '18:00',
    endTime: '21:00',
    ...over,
  });
  async function create(user: string, over: Json = {}): Promise<number> {
    const res = await call(user, 'POST', '/create', form(over));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data[0].id as number;
  }
  const change = (user: string, requestId: number | number[], action: string, extra: Json = {}) => call(user, 'PUT', '/flexible-change-status', { requestId, action, ...extra });
  const detail = (user: string, id: number) => call(user, 'GET', `/detail-ot-flexible?id=${id}`);
  const local = (d: Date) => dayjs(d).tz('Asia/Ho_Chi_Minh').format('YYYY-MM-DD HH:mm');
  async function row(id: number): Promise<Json> {
    const [r] = await t().db.select().from(overtimeRequests).where(eq(overtimeRequests.id, id));
    return {
      status: r!.status,
      assignee_user_id: r!.assigneeUserId,
      pm_user_id: r!.pmUserId,
      manager_user_id: r!.managerUserId,
      version: r!.version,
      reasons_for_rejection: r!.reasonsForRejection,
      reason_for_cancellation: r!.reasonForCancellation,
      ot_date: r!.otDate,
      start_local: local(r!.startAt),
      end_local: local(r!.endAt),
      date_type: r!.dateType,
      ot_type: r!.otType,
      title: r!.title,
    };
  }
  const historyOf = async (id: number): Promise<Json[]> =>
    t()
      .db.select({ action: history.action, changes: history.changes })
      .from(history)
      .where(and(eq(history.tableName, 'overtime_requests'), eq(history.recordId, id)))
      .orderBy(asc(history.id));
  const notes = async (user: string, id: number) =>
    (
      await t()
        .db.select({ t: notifications.notificationType })
        .from(notifications)
        .where(and(eq(notifications.userId, t().fixture.userIds[user]!), eq(notifications.link, `/timesheet/overtime-management/${id}`)))
        .orderBy(asc(notifications.id))
    ).map((n) => n.t);
  /** A pay line as the pay core stores it for a one-hour workday evening, and the punches it comes from. */
  async function payLine(id: number, shift = 'workday', hours = 1, over: { dateType?: string; night?: boolean } = {}) {
    const [s] = await t()
      .db.select({ employeeId: overtimeRequestStaff.employeeId, otDate: overtimeRequests.otDate, startAt: overtimeRequests.startAt, endAt: overtimeRequests.endAt })
      .from(overtimeRequestStaff)
      .innerJoin(overtimeRequests, eq(overtimeRequests.id, overtimeRequestStaff.overtimeRequestId))
      .where(eq(overtimeRequests.id, id));
    const minutes = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);
    await t()
      .db.insert(punches)
      .values([
        { system: 'TEST', attendanceCheckId: `ot-${s!.employeeId}`, employeeId: s!.employeeId, punchedAt: minutes(s!.startAt, -5), source: 'test' },
        { system: 'TEST', attendanceCheckId: `ot-${s!.employeeId}`, employeeId: s!.employeeId, punchedAt: minutes(s!.endAt, 5), source: 'test' },
      ])
      .onConflictDoNothing();
    await t()
      .db.insert(overtimePayLines)
      .values({
        overtimeRequestId: id,
        employeeId: s!.employeeId,
        otDate: s!.otDate,
        workDate: s!.otDate,
        shift,
        dateType: over.dateType ?? 'WORKDAY',
        isNight: over.night ?? false,
        checkInActual: s!.startAt,
        checkOutActual: s!.endAt,
        durationActual: hours.toFixed(2),
        coefficient: 150,
        taxCoefficient: 100,
        payHours: (hours * 1.5).toFixed(2),
        nonTaxHours: (hours * 0.5).toFixed(2),
      });
    await t().db.update(overtimeRequestStaff).set({ totalTimeActual: hours.toFixed(2) }).where(eq(overtimeRequestStaff.overtimeRequestId, id));
  }
  return { call, form, create, change, detail, row, historyOf, notes, payLine };
}
