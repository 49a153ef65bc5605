import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMESHEET_GRID_PATHS as G } from '@tms/contracts/timesheet-grid';
import { TIMESHEET_REPORT_PATHS as R } from '@tms/contracts/timesheet-report';
import { queryRows } from '../../db/client.ts';
import { runWorkerTasks } from '../../lib/jobs.ts';
import { payrollPeriods } from '../../db/schema/periods.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { localInstant, speedgatePunches } from '../../test/device-punches.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { insertOvertime } from '../overtime-pay/ot-pay.test-support.ts';
import { queueRecalculation } from './recalc-queue.ts';
import { recalculate } from './recalculate.ts';
import type { Json } from '../../test/json-body.ts';

/**
 * Issue 27 §3 through the API: regular night minutes (Labour Code 2019 Art. 98.2) from device punches and an approved
 * work request, stored on the day by the recalculation, summed in My Timesheet's summary and in the Timesheets
 * Summary / Details reports and their exports. Clock: Thursday 05/11/2026 10:00; T10-2026 approved, T11-2026 open.
 * staff4 works SHIFT_NIGHT (22:00–06:00, break 02:00–03:00), staff HCM (08:30–17:30).
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

async function get(user: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: await t.as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
const nightOf = async (username: string) =>
  Object.fromEntries(
    (await queryRows<{ date: string; night_minutes: number }>(
      t.db,
      sql`select date::text as date, night_minutes from timesheet_days where employee_id = ${id(username)} and night_minutes > 0 order by date`,
    )).map((r) => [r.date, r.night_minutes]),
  );

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  punch = await speedgatePunches(t);
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await insertWeekdaySchedule(t.db, { code: 'SHIFT_NIGHT', type: 'HCM', start: '22:00', end: '06:00', breakStart: '02:00', breakEnd: '03:00', minutes: 420 });
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date)
    select e.id, case e.user_name when 'staff4' then 'SHIFT_NIGHT' else 'HCM' end, 'DAY', 3, 1, 1, 15, 'OT_FIXED', '2020-01-06', '9999-12-30'
      from employees e`);
  for (const [user, account] of [['staff', 'SG001'], ['staff4', 'SG004']] as const) {
    await t.db.execute(sql`insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, start_date, end_date)
                           values (${id(user)}, ${account}, 'SPEEDGATE', '2020-01-06', '9999-12-30')`);
  }
  await approvePeriodEnding(t.db, t.fixture.companyId, '2026-09-26', '2026-10-25');
  const [p] = await t.db.insert(payrollPeriods).values({ companyId: t.fixture.companyId, name: 'T11-2026', fromDate: '2026-10-26', toDate: '2026-11-25', workingDays: 21, status: 0 }).returning();
  period = p!.id;
  // An approved full day of work outside on Friday 30/10 (no punches): the night was worked, elsewhere.
  await t.db.execute(sql`insert into reason_types (code, request_type, request_code, name_en, name_vi, effect, paid, social_insurance)
                         values ('NIGHT_WO', 'WORK_OUTSIDE', 'WORK_OUTSIDE', 'Work outside', 'Làm việc bên ngoài', 'NONE', true, false)`);
  const [wo] = await queryRows<{ id: number }>(t.db, sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, status)
    values (${id('staff4')}, 'WORK_OUTSIDE', 'NIGHT_WO', ${FRI}, ${FRI}, 3) returning id`);
  await t.db.execute(sql`insert into request_dates (request_id, employee_id, date, shift) values (${wo!.id}, ${id('staff4')}, ${FRI}, 'FULL_DAY')`);
  await recalculate(t.db, { from: '2026-10-26', to: THU, timeZone: t.clock.timeZone, now: t.clock.now() });
});
afterAll(() => t?.close());

describe('regular night minutes of a day (Labour Code 2019 Art. 98.2)', () => {
  it('are stored by the recalculation a punch queues: the scheduled night shifts worked, between 22:00 and 06:00', async () => {
    // Monday's night whole (its 06:05 check-out belongs to it); Tuesday's 30 minutes late and left at 05:00.
    await punch('SG004', at(MON, '21:55'), at(TUE, '06:05'), at(TUE, '22:30'), at(WED, '05:00'));
    // A day schedule has none, however late the punches.
    await punch('SG001', at(MON, '07:00'), at(MON, '23:30'));
    expect(await nightOf('staff4')).toEqual({ [FRI]: 420, [MON]: 420, [TUE]: 330 });
    expect(await nightOf('staff')).toEqual({});
  });

  it('a night without its check-out has none until the check-out comes', async () => {
    await punch('SG004', at(WED, '21:58'));
    expect((await nightOf('staff4'))[WED]).toBeUndefined();
    await punch('SG004', at(THU, '06:00'));
    expect((await nightOf('staff4'))[WED]).toBe(420);
  });

  it('a full recalculation over wiped figures brings them back', async () => {
    const before = await nightOf('staff4');
    await t.db.execute(sql`update timesheet_days set night_minutes = 0 where employee_id = ${id('staff4')}`);
    await recalculate(t.db, { from: '2026-10-26', to: THU, timeZone: t.clock.timeZone, now: t.clock.now() });
    expect(await nightOf('staff4')).toEqual(before);
  });
});

describe('approved overtime is not regular night work', () => {
  it("an overtime window reaching into the night shift takes its minutes once approved, and gives them back when rejected", async () => {
    // A night worker's overtime after the morning (the OT rules' start ≥ 06:30), until 23:00: Tuesday's night began at 22:30.
    const requestId = await insertOvertime(t, { kind: 'FIXED', status: 1, start: `${TUE} 14:00`, end: `${TUE} 23:00`, staff: [{ employeeId: id('staff4'), status: 1 }] });
    // What the approval route does in its transaction: the staff row's status, then the request queued.
    const decide = async (status: number) => {
      await t.db.execute(sql`update overtime_request_staff set status = ${status} where overtime_request_id = ${requestId}`);
      await queueRecalculation(t.db, { overtimeRequestIds: [requestId] });
      await runWorkerTasks(t.app);
    };
    await decide(1);
    expect((await nightOf('staff4'))[TUE]).toBe(330);
    await decide(3);
    expect((await nightOf('staff4'))[TUE]).toBe(300);
    await decide(4);
    expect((await nightOf('staff4'))[TUE]).toBe(330);
  });
});

describe('shown as night working hours', () => {
  // 420 + 420 + 330 + 420 minutes = 26.5 hours.
  const HOURS = 26.5;

  it("in My Timesheet's summary", async () => {
    const my = (await get('staff4', G.employee(period, id('staff4')))).json() as Json;
    expect(my.data.summary.night_working_hours).toBe(HOURS);
    const calc = (await get('staff4', `${G.calculateMyTimesheet}?id=${period}&employmentID=${id('staff4')}`)).json() as Json;
    expect(calc.data.night_working_hours).toBe(HOURS);
    const day = (await get('staff', G.employee(period, id('staff')))).json() as Json;
    expect(day.data.summary.night_working_hours).toBe(0);
  });

  it('in the Timesheets Summary and Details and their exports', async () => {
    const summary = (await get('hr', `${R.summary}?timesheetId=${period}&employee=${id('staff4')}`)).json() as Json;
    expect(summary.data[0]).toMatchObject({ user_name: 'staff4', night_working_hours: HOURS });
    const detail = (await get('hr', `${R.detail}?timesheetId=${period}&employee=${id('staff4')}`)).json() as Json;
    expect(detail.data[0]).toMatchObject({ night_working_hours: HOURS });
    for (const path of [R.exportSummary, R.exportDetail]) {
      const res = await get('hr', `${path}?timesheetId=${period}&employee=${id('staff4')}`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const header = (ws.getRow(1).values as unknown[]).slice(1);
      const column = header.indexOf('Night working hours');
      expect(column, path).toBeGreaterThan(0);
      expect((ws.getRow(2).values as unknown[]).slice(1)[column], path).toBe(HOURS);
    }
  });
});
