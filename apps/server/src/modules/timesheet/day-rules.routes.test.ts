import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IN_OUT_CALENDAR_PATHS as CAL } from '@tms/contracts/check-in-out-calendar';
import { TIMESHEET_GRID_PATHS as G } from '@tms/contracts/timesheet-grid';
import { queryRows } from '../../db/client.ts';
import { payrollPeriods } from '../../db/schema/periods.ts';
import { insertWorkTypesAndNotations } from '../../seed/reference.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { localInstant, speedgatePunches } from '../../test/device-punches.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { grantFundRows } from '../leave/leave.service.ts';
import { recalculate } from './recalculate.ts';
import type { Json } from '../../test/json-body.ts';

/**
 * Issue 22 §2b through the API: punches by the device API, requests created and approved through Request Management,
 * then the stored day, the grid, My Timesheet, the Check In-Out calendar and drawer — each case of RULES.md §4 that
 * the demo data hides. The clock: Thursday 05/11/2026 10:00; T10-2026 approved (lock 25/10), T11-2026 open.
 */
const NOW = '2026-11-05T10:00:00+07:00';
const FRI = '2026-10-30';
const MON = '2026-11-02';
const TUE = '2026-11-03';
const WED = '2026-11-04';
const THU = '2026-11-05';
const at = localInstant;

let t: TestApp;
let punch: Awaited<ReturnType<typeof speedgatePunches>>;
let period = 0;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function call(user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: await t.as(user), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: res.json() as Json };
}


/** Files a leave request as `user` and has their group lead approve it (the recalculation follows the approval). */
async function approvedLeave(user: string, reason: string, date: string, duration: 'FULL_DAY' | 'MORNING' | 'AFTERNOON') {
  const created = await call(user, 'POST', '/tms/request-management/create-request/', {
    request_type: 'LEAVE_REQUEST', reason_type: reason, request_dates: [{ request_date: date, duration }], description: 'issue 22',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const approved = await call('gl', 'PUT', '/tms/request-management/update-status', { id: created.body.data.id, status_type: 3 });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
}

type StoredDay = { value: string | null; check_in: string | null; check_out: string | null; abnormal_reason: string | null; is_late_coming: boolean; is_early_leaving: boolean; notation: string | null; punch_count: number };
const stored = async (username: string, date: string) =>
  (await queryRows<StoredDay>(
    t.db,
    sql`select value::text as value, check_in, check_out, abnormal_reason, is_late_coming, is_early_leaving, notation, punch_count
          from timesheet_days where employee_id = ${id(username)} and date = ${date}`,
  ))[0];
const caseOf = async (username: string, date: string) =>
  (await queryRows<{ reason: string; minute_violation: number; status: number }>(
    t.db,
    sql`select reason, minute_violation, status from abnormal_cases where employee_id = ${id(username)} and abnormal_date = ${date}`,
  ))[0];

/** The day as the HR grid and My Timesheet answer it (both must agree). */
async function shown(username: string, date: string): Promise<Json> {
  const grid = await call('hr', 'GET', `${G.list}?timesheetId=${period}&size=50`);
  expect(grid.status).toBe(200);
  const row = (grid.body.data as Json[]).find((r) => r.user_name === username)!;
  const cell = (row.timesheets as Json[]).find((d) => d.date_of_issue === date)!;
  const my = await call(username, 'GET', G.employee(period, id(username)));
  expect(my.status, JSON.stringify(my.body)).toBe(200);
  const day = (my.body.data.days as Json[]).find((d) => d.date_of_issue === date)!;
  for (const key of ['value', 'notation', 'check_in_time', 'check_out_time', 'is_late_coming', 'is_early_leaving', 'abnormal_reason']) {
    expect(day[key], `${username} ${date} ${key}: My Timesheet = grid`).toEqual(cell[key]);
  }
  return { ...cell, total: row.total_workday, summary: my.body.data.summary };
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  punch = await speedgatePunches(t);
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await insertWeekdaySchedule(t.db, { code: 'HN_0800', type: 'HCM', start: '08:00', end: '17:00', breakStart: '12:00', breakEnd: '13:00' });
  await insertWeekdaySchedule(t.db, { code: 'SHIFT_NIGHT', type: 'HCM', start: '22:00', end: '06:00', breakStart: '02:00', breakEnd: '03:00', minutes: 420 });
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date, url_policy)
    select e.id, case e.user_name when 'staff2' then 'HN_0800' when 'staff4' then 'SHIFT_NIGHT' else 'HCM' end, 'DAY',
           3, 1, 1, 15, 'OT_FIXED', '2020-01-06', '9999-12-30', 'https://policy.test/' || e.user_name
      from employees e`);
  for (const [user, account] of [['staff', 'SG001'], ['staff2', 'SG002'], ['staff4', 'SG004']] as const) {
    await t.db.execute(sql`insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, start_date, end_date)
                           values (${id(user)}, ${account}, 'SPEEDGATE', '2020-01-06', '9999-12-30')`);
  }
  await approvePeriodEnding(t.db, t.fixture.companyId, '2026-09-26', '2026-10-25');
  const [p] = await t.db.insert(payrollPeriods).values({ companyId: t.fixture.companyId, name: 'T11-2026', fromDate: '2026-10-26', toDate: '2026-11-25', workingDays: 21, status: 0 }).returning();
  period = p!.id;
  // The notation table as a company keeps it (the demo's: P, P/2, KL, OM…); the half-day P/2 comes from it.
  await insertWorkTypesAndNotations(t.db);
  await grantFundRows(t.db, [{ employeeId: id('staff'), fundType: 'default_leave', hours: 40, applyDate: '2026-01-01', expireDate: '2026-12-31' }], null);
  // Every day of the period so far is computed (the judging job's work), then the cases below change some.
  await recalculate(t.db, { from: '2026-10-26', to: THU, timeZone: t.clock.timeZone, now: t.clock.now() });
});
afterAll(() => t?.close());

describe('a single punch is split at the break end, on every schedule (RULES.md §4)', () => {
  it('08:00–17:00 (break 12:00–13:00): one punch at 12:45 is a check-in, no check-out (5), 240 minutes late', async () => {
    await punch('SG002', at(MON, '12:45'));
    expect(await stored('staff2', MON)).toMatchObject({ check_in: '12:45', check_out: null, value: '0.00', abnormal_reason: '5', is_late_coming: true });
    expect(await caseOf('staff2', MON)).toMatchObject({ reason: '5', minute_violation: 240 });
    expect(await shown('staff2', MON)).toMatchObject({ check_in_time: '12:45', check_out_time: null, abnormal_reason: '5' });
  });

  it('22:00–06:00 (break 02:00–03:00): one punch at 02:30 is the night\'s check-in (5)', async () => {
    await punch('SG004', at(TUE, '02:30'));
    expect(await stored('staff4', MON)).toMatchObject({ check_in: '02:30', check_out: null, abnormal_reason: '5' });
    expect(await stored('staff4', TUE)).toMatchObject({ punch_count: 0 });
  });
});

describe('night shifts keep their check-out (RULES.md §4 midpoint rule)', () => {
  it('a 05:58 check-out belongs to the night it started: whole night, and the drawer lists it there', async () => {
    await punch('SG004', at(TUE, '21:57'), at(WED, '05:58'));
    expect(await stored('staff4', TUE)).toMatchObject({ check_in: '21:57', check_out: '05:58', value: '1.00', abnormal_reason: null, punch_count: 2 });
    // Wednesday's night has not a punch of its own; it ended at Thursday 06:00 and has been judged.
    expect(await stored('staff4', WED)).toMatchObject({ punch_count: 0, check_in: null });
    expect(await caseOf('staff4', TUE)).toBeUndefined();
    const drawer = await call('staff4', 'GET', CAL.dayOf(TUE));
    expect(drawer.status).toBe(200);
    expect(drawer.body.data.check_times.map((p: Json) => `${p.date} ${p.time}`)).toEqual([`${TUE} 21:57:00`, `${WED} 05:58:00`]);
    expect((await call('staff4', 'GET', CAL.dayOf(WED))).body.data.check_times).toEqual([]);
    expect(await shown('staff4', TUE)).toMatchObject({ check_in_time: '21:57', check_out_time: '05:58', value: 1 });
  });
});

describe('one meaning of late (RULES.md §4): any uncovered late minute, stored once and read everywhere', () => {
  it('10 minutes late within the 15 allowed: credited, no case, but late in the grid, My Timesheet, calendar and statistic', async () => {
    await punch('SG001', at(MON, '08:40'), at(MON, '17:30'));
    expect(await stored('staff', MON)).toMatchObject({ value: '1.00', abnormal_reason: null, is_late_coming: true, is_early_leaving: false });
    expect(await shown('staff', MON)).toMatchObject({ value: 1, is_late_coming: true, late_minutes: 10 });
    const calendar = await call('staff', 'GET', `${CAL.detail}?fromDate=${MON}&toDate=${MON}`);
    expect(calendar.body.data.timesheets[0]).toMatchObject({ date_of_issue: MON, is_late_coming: true, is_early_leaving: false });
    const statistic = await call('hr', 'GET', `${G.statistic(period)}?employee=${id('staff')}`);
    expect(statistic.status, JSON.stringify(statistic.body)).toBe(200);
    expect(statistic.body.data.total_late_coming).toBe(1);
  });
});

describe('leave: half-day reason 3, notation, unpaid leave credits nothing (RULES.md §4)', () => {
  it('a morning of annual leave and no punch: P/2, worth 0.5, part-day leave (3) with the afternoon missing', async () => {
    await approvedLeave('staff', 'ANN_LEAVE_CORP', TUE, 'MORNING');
    expect(await stored('staff', TUE)).toMatchObject({ value: '0.50', notation: 'P/2', abnormal_reason: '3' });
    expect(await caseOf('staff', TUE)).toMatchObject({ reason: '3', minute_violation: 270, status: 0 });
    expect(await shown('staff', TUE)).toMatchObject({ value: 0.5, notation: 'P/2', abnormal_reason: '3' });
  });

  it('a full day of annual leave shows P, worth 1', async () => {
    await approvedLeave('staff', 'ANN_LEAVE_CORP', FRI, 'FULL_DAY');
    expect(await stored('staff', FRI)).toMatchObject({ value: '1.00', notation: 'P', abnormal_reason: null });
    expect(await shown('staff', FRI)).toMatchObject({ value: 1, notation: 'P' });
  });

  it('a full day of unpaid leave shows KL, worth 0, no case, not in total paid days; social insurance the same', async () => {
    const before = await shown('staff', WED);
    expect(before).toMatchObject({ value: 0, abnormal_reason: '6', notation: null });
    await approvedLeave('staff', 'UNPAID_LEAVE', WED, 'FULL_DAY');
    expect(await stored('staff', WED)).toMatchObject({ value: '0.00', notation: 'KL', abnormal_reason: null });
    expect(await caseOf('staff', WED)).toBeUndefined();
    const after = await shown('staff', WED);
    expect(after).toMatchObject({ value: 0, notation: 'KL', abnormal_reason: null });
    expect(after.total).toBe(before.total);
    expect(after.summary).toMatchObject({ total_unpaid_leave_days: 1, total_paid_days: after.total });

    await approvedLeave('staff2', 'SICK_LEAVE_SI', WED, 'FULL_DAY');
    expect(await stored('staff2', WED)).toMatchObject({ value: '0.00', notation: 'OM', abnormal_reason: null });
  });
});

describe('the judged state of a night (RULES.md §4: judged at its end plus the allowance)', () => {
  it('Wednesday night ended Thursday 06:00 + 15 minutes: judged by 10:00 (absent), Thursday not yet', async () => {
    expect(await stored('staff4', WED)).toMatchObject({ value: '0.00', abnormal_reason: '6' });
    expect(await stored('staff4', THU)).toMatchObject({ value: null, abnormal_reason: null });
  });
});
