import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_KEYS_PATH, PUNCHES_PATH } from '@tms/contracts/punches';
import { CALCULATE_WORKING_DAY_ALL_PATH, CALCULATE_WORKING_DAY_PATH, TIMESHEET_CALC_MESSAGES as M } from '@tms/contracts/timesheet-calc';
import { queryRows } from '../../db/client.ts';
import { addDays, companyToday, toDmy } from '../../lib/dates.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { computeDays } from './day-engine.ts';
import { punchDayStarts } from './day-engine.punch-days.ts';
import type { DayEngineInput, IsoWeekday, ScheduleAssignment, ScheduleDay, WorkSchedule } from './day-engine.types.ts';
import { CALCULATION_FINISHED } from './calculate-working-day.ts';
import { emptyPacked, packDay, writeDays } from './day-row.repository.ts';
import { punchesFromAggregates } from './punch-aggregates.ts';
import { loadPunchAggregates } from './punch-aggregates.repository.ts';
import { recalculate, recalculateEmployeeDays } from './recalculate.ts';
import type { DayResult } from './day-engine.types.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import type { Json } from '../../test/json-body.ts';

/** The harness runs with the default company time zone (RULES.md §1): UTC+7, no daylight saving. */
const TZ = 'Asia/Ho_Chi_Minh';
const OFFSET = 420;
/** Pinned (issue 7 §1): the test depends on the weekday of today and on which days have ended. */
const NOW = new Date('2026-03-18T10:00:00+07:00');
const today = companyToday(TZ, NOW);
const isWeekday = (d: string) => {
  const wd = new Date(`${d}T00:00:00Z`).getUTCDay();
  return wd !== 0 && wd !== 6;
};
/** Weekdays from 28 days ago to yesterday, oldest first: all inside the open period B below. */
const WORKDAYS: string[] = [];
for (let i = 28; i >= 1; i--) if (isWeekday(addDays(today, -i))) WORKDAYS.push(addDays(today, -i));
const at = (date: string, clock: string) => `${date}T${clock}:00+07:00`;

let t: TestApp;
let deviceKey: string;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function put(user: string, url: string, payload?: unknown) {
  const res = await t.app.inject({ method: 'PUT', url, headers: await t.as(user), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: res.json() as Json };
}

async function sendPunches(items: { account: string; at: string }[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${PUNCHES_PATH}`,
    headers: { 'x-device-key': deviceKey },
    payload: { punches: items.map((p) => ({ system: 'SPEEDGATE', attendance_check_id: p.account, timestamp: p.at })) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

type DayRow = {
  employee_id: number;
  date: string;
  period_id: number | null;
  day_type: string;
  schedule_code: string | null;
  mode: string | null;
  check_in_at: string | null;
  check_out_at: string | null;
  check_in: string | null;
  check_out: string | null;
  punch_count: number;
  morning_credit: string | null;
  afternoon_credit: string | null;
  computed_value: string | null;
  value: string | null;
  overridden: boolean;
  late_minutes: number;
  early_minutes: number;
  absent_minutes: number;
  worked_minutes: number;
  request_minutes: number;
  explanation_refund_minutes: number;
  explanation_uses: number;
  night_minutes: number;
  is_late_coming: boolean;
  is_early_leaving: boolean;
  abnormal_reason: string | null;
  notation: string | null;
};
const DAY_COLUMNS = sql.raw(`employee_id, date::text as date, period_id, day_type, schedule_code, mode,
  to_char(check_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as check_in_at,
  to_char(check_out_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as check_out_at,
  check_in, check_out, punch_count,
  to_char(punches_from at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as punches_from,
  to_char(punches_to at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as punches_to, morning_credit, afternoon_credit, computed_value::text as computed_value, value::text as value,
  overridden, late_minutes, early_minutes, absent_minutes, worked_minutes, request_minutes, explanation_refund_minutes,
  explanation_uses, night_minutes, is_late_coming, is_early_leaving, abnormal_reason, notation`);

const dayRow = async (username: string, date: string) =>
  (await queryRows<DayRow>(t.db, sql`select ${DAY_COLUMNS} from timesheet_days where employee_id = ${id(username)} and date = ${date}`))[0];
const daysOf = (username: string, from: string, to: string) =>
  queryRows<DayRow>(t.db, sql`select ${DAY_COLUMNS} from timesheet_days where employee_id = ${id(username)} and date between ${from} and ${to} order by date`);
const abnormalOf = async (username: string, date: string) =>
  (await queryRows<{ id: number; reason: string; minute_violation: number; check_in: string | null; check_out: string | null; start_time: string; end_time: string; status: number; version: number }>(
    t.db,
    sql`select id, reason, minute_violation, check_in, check_out, start_time, end_time, status, version from abnormal_cases where employee_id = ${id(username)} and abnormal_date = ${date}`,
  ))[0];

async function addPolicy(username: string, code: string, opts: { from?: string; lack?: number; number?: number; refund?: number; perDay?: number } = {}) {
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date)
    values (${id(username)}, ${code}, ${code === 'FLEXIBLE' ? 'HOUR' : 'DAY'}, ${opts.number ?? 3}, ${opts.refund ?? 1}, ${opts.perDay ?? 1},
            ${opts.lack ?? 15}, 'OT_FIXED', ${opts.from ?? '2020-01-06'}, '9999-12-30')`);
}

async function addSchedule(code: string, type: string, start: string, end: string, breakStart: string | null, breakEnd: string | null, minutes: number) {
  await insertWeekdaySchedule(t.db, { code, type, start, end, breakStart, breakEnd, minutes });
}

async function addAccount(username: string, account: string) {
  await t.db.execute(sql`
    insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, start_date, end_date)
    values (${id(username)}, ${account}, 'SPEEDGATE', '2020-01-06', '9999-12-30')`);
}

/** Punches stored directly, without the intake's recalculation hook (a stale day for the job tests). */
async function storePunch(username: string, instant: string) {
  await t.db.execute(sql`
    insert into punches (system, attendance_check_id, employee_id, punched_at, source)
    values ('TEST', ${username}, ${id(username)}, ${instant}::timestamptz, 'test') on conflict do nothing`);
}

// Periods: A approved (the lock date is its end), B open and current, C in the future.
const PERIOD_A = { from: addDays(today, -60), to: addDays(today, -31) };
const PERIOD_B = { from: addDays(today, -30), to: addDays(today, 5) };
const PERIOD_C = { from: addDays(today, 6), to: addDays(today, 40) };
const HOLIDAY = WORKDAYS[6]!;
let periodB = 0;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const res = await t.app.inject({ method: 'POST', url: `/api${DEVICE_KEYS_PATH}`, headers: await t.as('admin'), payload: { system: 'SPEEDGATE', description: 'Gate' } });
  deviceKey = (res.json() as Json).data.key;
  await addSchedule('HCM', 'HCM', '08:30', '17:30', '12:00', '13:00', 480);
  await addSchedule('FLEXIBLE', 'FLEXIBLE', '07:00', '19:00', null, null, 480);
  await addSchedule('EVENING', 'EVENING', '18:00', '02:00', '22:00', '22:30', 450);
  for (const u of ['staff', 'staff2', 'gl', 'dl', 'pm', 'hr', 'hrm', 'admin', 'guest', 'other']) await addPolicy(u, 'HCM');
  await addPolicy('staff3', 'FLEXIBLE', { number: 2, refund: 1, perDay: 1, lack: 30 });
  await addPolicy('staff4', 'EVENING', { lack: 15 });
  await addAccount('staff', 'SG001');
  await addAccount('staff2', 'SG002');
  await addAccount('staff4', 'SG004');
  const c = t.fixture.companyId;
  await t.db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
    values (${c}, 'A', ${PERIOD_A.from}, ${PERIOD_A.to}, 20, 4), (${c}, 'C', ${PERIOD_C.from}, ${PERIOD_C.to}, 20, 0)`);
  const [b] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status) values (${c}, 'B', ${PERIOD_B.from}, ${PERIOD_B.to}, 20, 0) returning id`,
  );
  periodB = b!.id;
  await t.db.execute(sql`insert into holidays (calendar_code, date, name) values ('VNM_NPH', ${HOLIDAY}, 'Test holiday')`);
});
afterAll(() => t.close());

describe('punch intake hook (RULES.md §4: a device batch changes the day within seconds)', () => {
  it('a batch through the device API writes the employee-day at once', async () => {
    const d = WORKDAYS[WORKDAYS.length - 1]!;
    expect(await dayRow('staff', d)).toBeUndefined();
    await sendPunches([
      { account: 'SG001', at: at(d, '08:20') },
      { account: 'SG001', at: at(d, '12:05') },
      { account: 'SG001', at: at(d, '17:40') },
    ]);
    expect(await dayRow('staff', d)).toMatchObject({
      period_id: periodB,
      day_type: 'WORKING',
      schedule_code: 'HCM',
      mode: 'DAY',
      check_in: '08:20',
      check_out: '17:40',
      check_in_at: new Date(at(d, '08:20')).toISOString(),
      check_out_at: new Date(at(d, '17:40')).toISOString(),
      punch_count: 3,
      morning_credit: 'ATTENDANCE',
      afternoon_credit: 'ATTENDANCE',
      computed_value: '1.00',
      value: '1.00',
      overridden: false,
      late_minutes: 0,
      early_minutes: 0,
      worked_minutes: 480,
      abnormal_reason: null,
    });
    expect(await abnormalOf('staff', d)).toBeUndefined();
  });

  it('a late punch makes an abnormal case, and a covering punch removes it', async () => {
    const d = WORKDAYS[WORKDAYS.length - 2]!;
    await sendPunches([
      { account: 'SG002', at: at(d, '09:30') },
      { account: 'SG002', at: at(d, '17:45') },
    ]);
    expect(await dayRow('staff2', d)).toMatchObject({ check_in: '09:30', value: '0.50', late_minutes: 60, is_late_coming: true, morning_credit: null, afternoon_credit: 'ATTENDANCE', abnormal_reason: '2' });
    expect(await abnormalOf('staff2', d)).toMatchObject({ reason: '2', minute_violation: 60, check_in: '09:30', check_out: '17:45', start_time: '08:30', end_time: '12:00', status: 0 });

    // The device sends the earlier check-in it had missed: the day is whole and the case disappears (RULES.md §4).
    await sendPunches([{ account: 'SG002', at: at(d, '08:25') }]);
    expect(await dayRow('staff2', d)).toMatchObject({ check_in: '08:25', value: '1.00', late_minutes: 0, abnormal_reason: null });
    expect(await abnormalOf('staff2', d)).toBeUndefined();
  });

  it('leaves a case in an explanation flow alone, and updates an unexplained one in place', async () => {
    const d = WORKDAYS[WORKDAYS.length - 3]!;
    const d2 = WORKDAYS[WORKDAYS.length - 4]!;
    await sendPunches([
      { account: 'SG002', at: at(d, '10:00') },
      { account: 'SG002', at: at(d, '17:45') },
      { account: 'SG002', at: at(d2, '10:00') },
      { account: 'SG002', at: at(d2, '17:45') },
    ]);
    const explained = await abnormalOf('staff2', d);
    await t.db.execute(sql`update abnormal_cases set status = 1 where id = ${explained!.id}`);
    const unexplained = await abnormalOf('staff2', d2);
    expect(unexplained).toMatchObject({ minute_violation: 90, version: 1 });

    await sendPunches([
      { account: 'SG002', at: at(d, '08:00') },
      { account: 'SG002', at: at(d2, '09:00') },
    ]);
    // The explained case keeps its row and numbers; the day itself follows the punches.
    expect(await abnormalOf('staff2', d)).toEqual(explained && { ...explained, status: 1 });
    expect(await dayRow('staff2', d)).toMatchObject({ value: '1.00', abnormal_reason: null });
    // The unexplained one is the same row with the new numbers.
    expect(await abnormalOf('staff2', d2)).toMatchObject({ id: unexplained!.id, reason: '2', minute_violation: 30, check_in: '09:00', version: 2 });
  });

  it('gives a check-out before 04:00 to the previous day when its schedule ends after midnight', async () => {
    const d = WORKDAYS[WORKDAYS.length - 5]!;
    await sendPunches([
      { account: 'SG004', at: at(d, '17:55') },
      { account: 'SG004', at: at(addDays(d, 1), '02:10') },
    ]);
    expect(await dayRow('staff4', d)).toMatchObject({ schedule_code: 'EVENING', check_in: '17:55', check_out: '02:10', value: '1.00', abnormal_reason: null });
  });

  it('RULES.md §4 midpoint rule: a check-out the next morning, sent on its own, completes the evening it closes', async () => {
    // EVENING 18:00–02:00 on weekdays: after it, the next weekday's punches up to 10:00 (the midpoint of 02:00 and
    // 18:00) are the evening's. The 04:00 cut-off gave a 06:05 check-out to the next day.
    const d = WORKDAYS.find((x, i) => i >= 8 && i < WORKDAYS.length - 6 && WORKDAYS.includes(addDays(x, 1)) && x !== HOLIDAY && addDays(x, 1) !== HOLIDAY)!;
    const next = addDays(d, 1);
    await sendPunches([{ account: 'SG004', at: at(d, '17:58') }]);
    expect(await dayRow('staff4', d)).toMatchObject({ check_in: '17:58', check_out: null, value: '0.00', abnormal_reason: '5' });
    await sendPunches([{ account: 'SG004', at: at(next, '06:05') }]);
    expect(await dayRow('staff4', d)).toMatchObject({
      check_in: '17:58', check_out: '06:05', punch_count: 2, value: '1.00', abnormal_reason: null,
      punches_from: new Date(at(d, isWeekday(addDays(d, -1)) ? '10:00' : '00:00')).toISOString(), punches_to: new Date(at(next, '10:00')).toISOString(),
    });
    expect(await abnormalOf('staff4', d)).toBeUndefined();
    expect(await dayRow('staff4', next)).toMatchObject({ punch_count: 0, check_in: null, punches_from: new Date(at(next, '10:00')).toISOString() });
    // A punch at 10:00 is the next day's own.
    await sendPunches([{ account: 'SG004', at: at(next, '10:00') }]);
    expect(await dayRow('staff4', d)).toMatchObject({ check_out: '06:05', punch_count: 2 });
    expect(await dayRow('staff4', next)).toMatchObject({ punch_count: 1, check_in: '10:00' });
  });
});

describe('recalculation', () => {
  it('keeps HR overrides across recalculation, the latest one winning (RULES.md §4)', async () => {
    const d = WORKDAYS[2]!;
    await storePunch('gl', at(d, '08:10'));
    await storePunch('gl', at(d, '17:35'));
    await recalculateEmployeeDays(t.db, [{ employeeId: id('gl'), date: d }], { timeZone: TZ, now: NOW });
    expect(await dayRow('gl', d)).toMatchObject({ computed_value: '1.00', value: '1.00', overridden: false });

    await t.db.execute(sql`insert into timesheet_overrides (employee_id, date, value, comment, created_by) values (${id('gl')}, ${d}, 0.5, 'half day agreed', ${t.fixture.userIds.hr!})`);
    await recalculateEmployeeDays(t.db, [{ employeeId: id('gl'), date: d }], { timeZone: TZ, now: NOW });
    expect(await dayRow('gl', d)).toMatchObject({ computed_value: '1.00', value: '0.50', overridden: true });

    // Another punch recomputes the day; the override stays.
    await storePunch('gl', at(d, '18:00'));
    await recalculate(t.db, { employeeIds: [id('gl')], from: d, to: d, timeZone: TZ, now: NOW });
    expect(await dayRow('gl', d)).toMatchObject({ check_out: '18:00', computed_value: '1.00', value: '0.50', overridden: true });

    await t.db.execute(sql`insert into timesheet_overrides (employee_id, date, value, comment, created_by) values (${id('gl')}, ${d}, 0.75, 'corrected', ${t.fixture.userIds.hr!})`);
    await recalculate(t.db, { employeeIds: [id('gl')], from: d, to: d, timeZone: TZ, now: NOW });
    expect(await dayRow('gl', d)).toMatchObject({ value: '0.75', overridden: true });
    await t.db.execute(sql`insert into timesheet_overrides (employee_id, date, value, comment, created_by) values (${id('gl')}, ${d}, null, 'cleared', ${t.fixture.userIds.hr!})`);
    await recalculate(t.db, { employeeIds: [id('gl')], from: d, to: d, timeZone: TZ, now: NOW });
    expect(await dayRow('gl', d)).toMatchObject({ computed_value: '1.00', value: null, overridden: true });
  });

  it('recalculating twice gives the same rows, one per employee-day, holidays and weekends included', async () => {
    for (const d of WORKDAYS.slice(0, 10)) {
      await storePunch('dl', at(d, d === WORKDAYS[1] ? '09:05' : '08:29'));
      if (d !== WORKDAYS[3]) await storePunch('dl', at(d, '17:31'));
    }
    const from = PERIOD_B.from;
    const first = await recalculate(t.db, { from, to: today, timeZone: TZ, now: NOW });
    const rows = await queryRows<DayRow>(t.db, sql`select ${DAY_COLUMNS} from timesheet_days where date between ${from} and ${today} order by employee_id, date`);
    const cases = await queryRows(t.db, sql`select * from abnormal_cases order by id`);
    const second = await recalculate(t.db, { from, to: today, timeZone: TZ, now: NOW });
    expect(await queryRows<DayRow>(t.db, sql`select ${DAY_COLUMNS} from timesheet_days where date between ${from} and ${today} order by employee_id, date`)).toEqual(rows);
    expect(await queryRows(t.db, sql`select * from abnormal_cases order by id`)).toEqual(cases);
    expect(second).toMatchObject({ employees: first.employees, days: first.days, changedDays: 0, abnormalUpserted: 0, abnormalDeleted: 0 });

    // Every active employee has every date from the start of the period to today, and none after.
    const days = Math.round((Date.parse(today) - Date.parse(from)) / 86_400_000) + 1;
    expect(first.days).toBe(first.employees * days);
    expect(rows.filter((r) => r.employee_id === id('dl')).length).toBe(days);
    expect(await dayRow('dl', HOLIDAY)).toMatchObject({ day_type: 'HOLIDAY', value: '1.00', notation: 'H', morning_credit: 'HOLIDAY', abnormal_reason: null });
    expect(await dayRow('dl', WORKDAYS[1]!)).toMatchObject({ abnormal_reason: '2', value: '0.50' });
    expect(await dayRow('dl', WORKDAYS[3]!)).toMatchObject({ abnormal_reason: '5', check_in: '08:29', check_out: null });
    expect(await abnormalOf('dl', WORKDAYS[3]!)).toMatchObject({ reason: '5', minute_violation: 0 });
    const weekend = [...Array(7).keys()].map((i) => addDays(WORKDAYS[0]!, i)).find((d) => !isWeekday(d))!;
    expect(await dayRow('dl', weekend)).toMatchObject({ day_type: 'WEEKEND', value: null, abnormal_reason: null });
    // A staff member without punches is absent on working days (reason 6) and has a row on each of them.
    expect(await dayRow('hrm', WORKDAYS[4]!)).toMatchObject({ day_type: 'WORKING', value: '0.00', abnormal_reason: '6' });
  });

  it('never stores a date after today, nor recomputes a locked date (RULES.md §4)', async () => {
    await recalculate(t.db, { employeeIds: [id('other')], from: addDays(PERIOD_A.to, -3), to: addDays(today, 3), timeZone: TZ, now: NOW });
    const rows = await daysOf('other', addDays(PERIOD_A.to, -10), addDays(today, 10));
    expect(rows[0]!.date).toBe(addDays(PERIOD_A.to, 1));
    expect(rows[rows.length - 1]!.date).toBe(today);
    // Building an approved period's rows once is allowed when asked for.
    await recalculate(t.db, { employeeIds: [id('other')], from: addDays(PERIOD_A.to, -3), to: PERIOD_A.to, timeZone: TZ, now: NOW, includeLocked: true });
    expect((await daysOf('other', addDays(PERIOD_A.to, -3), PERIOD_A.to)).length).toBe(4);
  });

  it('carries the explanation fund of a FLEXIBLE employee across an incremental recalculation of a mid-period date', async () => {
    // staff3: 2 uses a period, 1 hour each, 1 a day. The first five working days of the period are short (7 hours
    // each). RULES.md §4: the fund is used only by an approved explanation filed for the day, never automatically.
    const five = [...Array(9).keys()].map((i) => addDays(PERIOD_B.from, i)).filter(isWeekday).slice(0, 5);
    for (const d of five) {
      await storePunch('staff3', at(d, '09:00'));
      await storePunch('staff3', at(d, '16:00'));
    }
    await recalculate(t.db, { employeeIds: [id('staff3')], from: PERIOD_B.from, to: today, timeZone: TZ, now: NOW });
    const uses = async () => (await Promise.all(five.map((d) => dayRow('staff3', d)))).map((r) => [r!.explanation_uses, r!.value, r!.absent_minutes]);
    const SHORT = [0, '0.88', 60];
    const REFUNDED = [1, '1.00', 0];
    // Nobody explained anything: every day keeps its absence and the fund is untouched.
    expect(await uses()).toEqual([SHORT, SHORT, SHORT, SHORT, SHORT]);

    // Approved explanations (one use each) for days 2, 4 and 5; the period allows 2, so day 5 gets none.
    const explain = async (date: string) => {
      const [req] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, status, is_explanation)
            values (${id('staff3')}, 'EXPLANATION_REQUEST', 'NOT_ENOUGH_WORKING_HOURS', ${date}, ${date}, 3, true) returning id`,
      );
      await queryRows(t.db, sql`insert into request_dates (request_id, employee_id, date, fund_uses) values (${req!.id}, ${id('staff3')}, ${date}, 1)`);
      return req!.id;
    };
    const day2 = await explain(five[1]!);
    await explain(five[3]!);
    await explain(five[4]!);
    await recalculateEmployeeDays(t.db, [{ employeeId: id('staff3'), date: five[1]! }], { timeZone: TZ, now: NOW });
    expect(await uses()).toEqual([SHORT, REFUNDED, SHORT, REFUNDED, SHORT]);
    expect(await abnormalOf('staff3', five[1]!)).toBeUndefined();
    expect(await abnormalOf('staff3', five[4]!)).toMatchObject({ reason: 'FLEXIBLE_ABSENT', minute_violation: 60, start_time: '07:00', end_time: '19:00' });

    // Day 4 alone: the use stored before it (day 2) is carried, so day 4 keeps its use and day 5 still has none.
    await recalculateEmployeeDays(t.db, [{ employeeId: id('staff3'), date: five[3]! }], { timeZone: TZ, now: NOW });
    expect(await uses()).toEqual([SHORT, REFUNDED, SHORT, REFUNDED, SHORT]);

    // The explanation of day 2 is rejected: its use no longer counts, so day 5's explanation takes effect.
    await queryRows(t.db, sql`update requests set status = 4 where id = ${day2}`);
    await recalculateEmployeeDays(t.db, [{ employeeId: id('staff3'), date: five[1]! }], { timeZone: TZ, now: NOW });
    expect(await uses()).toEqual([SHORT, SHORT, SHORT, REFUNDED, REFUNDED]);
    expect(await dayRow('staff3', five[4]!)).toMatchObject({ mode: 'HOUR', worked_minutes: 420, explanation_refund_minutes: 60, abnormal_reason: null, morning_credit: null });
    expect(await dayRow('staff3', five[1]!)).toMatchObject({ mode: 'HOUR', worked_minutes: 420, absent_minutes: 60, abnormal_reason: 'FLEXIBLE_ABSENT' });
    expect(await abnormalOf('staff3', five[4]!)).toBeUndefined();
    expect(await abnormalOf('staff3', five[1]!)).toMatchObject({ reason: 'FLEXIBLE_ABSENT', minute_violation: 60, start_time: '07:00', end_time: '19:00' });
  });
});

describe('day rows packed for the write', () => {
  it('store every field as computed, at the edges of their ranges', async () => {
    const base: DayResult = {
      date: '2026-03-02', dayType: 'WORKING', holidayName: null, scheduleCode: 'HCM', mode: 'DAY', checkIn: '08:01', checkOut: '23:59',
      checkInAt: Date.parse('2026-03-02T01:01:02.345Z'), checkOutAt: Date.parse('2026-03-02T16:59:59.999Z'), punchCount: 1440,
      punchesFrom: Date.parse('2026-03-01T17:00:00Z'), punchesTo: Date.parse('2026-03-03T07:00:00Z'),
      shifts: { MORNING: 'REQUEST', AFTERNOON: 'ATTENDANCE' }, computedValue: 0.87, value: 0.87, overridden: false, lateMinutes: 1439,
      earlyMinutes: 4095, isLateComing: true, isEarlyLeaving: false, absentMinutes: 1440, workedMinutes: 1, requestMinutes: 480,
      explanationRefundMinutes: 4000, explanationUses: 240, nightMinutes: 480, abnormal: { reason: 6, minuteViolation: 0, startTime: '08:30', endTime: '17:30' }, notation: null,
      judged: true,
    };
    const days: DayResult[] = [
      base,
      { ...base, dayType: 'HOLIDAY', mode: 'HOUR', shifts: { MORNING: 'HOLIDAY', AFTERNOON: null }, computedValue: 1, value: 0.25, overridden: true, notation: 'H', abnormal: null, isLateComing: false, isEarlyLeaving: true },
      { ...base, dayType: 'WEEKEND', scheduleCode: null, mode: null, checkIn: null, checkOut: null, checkInAt: null, checkOutAt: null, shifts: null, computedValue: null, value: null, overridden: true, abnormal: { reason: 'FLEXIBLE_ABSENT', minuteViolation: 5, startTime: '07:00', endTime: '19:00' } },
      { ...base, dayType: 'NON_WORKING', computedValue: 0, value: 0, explanationUses: 0, nightMinutes: 0, lateMinutes: 0, earlyMinutes: 0, punchCount: 0, abnormal: { reason: 3, minuteViolation: 5, startTime: '07:00', endTime: '19:00' } },
      { ...base, shifts: { MORNING: 'UNPAID', AFTERNOON: 'UNPAID' }, computedValue: 0, value: 0, notation: 'P/2+KL', abnormal: null },
    ];
    const notations = ['H', 'P/2+KL'];
    const packed = emptyPacked();
    days.forEach((day, i) => packDay(packed, 900_001, 20_000 + i, day, i === 0 ? null : 77, day.scheduleCode ? 1 : 0, day.notation === null ? 0 : notations.indexOf(day.notation) + 1));
    expect(() => packDay(emptyPacked(), 1, 1, { ...base, notation: 'P' }, null, 1, 0)).toThrow(RangeError);
    expect(await writeDays(t.db, packed, ['HCM'], notations, false)).toBe(5);
    const rows = await queryRows<DayRow>(t.db, sql`select ${DAY_COLUMNS} from timesheet_days where employee_id = 900001 order by date`);
    await t.db.execute(sql`delete from timesheet_days where employee_id = 900001`);
    expect(rows.map((r) => r.date)).toEqual(['2024-10-04', '2024-10-05', '2024-10-06', '2024-10-07', '2024-10-08']);
    expect(rows[0]).toEqual({
      employee_id: 900_001, date: '2024-10-04', period_id: null, day_type: 'WORKING', schedule_code: 'HCM', mode: 'DAY',
      check_in_at: '2026-03-02T01:01:02.345Z', check_out_at: '2026-03-02T16:59:59.999Z', check_in: '08:01', check_out: '23:59',
      punch_count: 1440, punches_from: '2026-03-01T17:00:00.000Z', punches_to: '2026-03-03T07:00:00.000Z', morning_credit: 'REQUEST', afternoon_credit: 'ATTENDANCE', computed_value: '0.87', value: '0.87', overridden: false,
      late_minutes: 1439, early_minutes: 4095, absent_minutes: 1440, worked_minutes: 1, request_minutes: 480, explanation_refund_minutes: 4000,
      explanation_uses: 240, night_minutes: 480, is_late_coming: true, is_early_leaving: false, abnormal_reason: '6', notation: null,
    });
    expect(rows[1]).toMatchObject({ period_id: 77, day_type: 'HOLIDAY', mode: 'HOUR', morning_credit: 'HOLIDAY', afternoon_credit: null, computed_value: '1.00', value: '0.25', overridden: true, notation: 'H', abnormal_reason: null, is_late_coming: false, is_early_leaving: true });
    expect(rows[2]).toMatchObject({ day_type: 'WEEKEND', schedule_code: null, mode: null, check_in: null, check_in_at: null, check_out_at: null, morning_credit: null, computed_value: null, value: null, overridden: true, abnormal_reason: 'FLEXIBLE_ABSENT' });
    expect(rows[3]).toMatchObject({ day_type: 'NON_WORKING', computed_value: '0.00', value: '0.00', explanation_uses: 0, night_minutes: 0, punch_count: 0, late_minutes: 0, abnormal_reason: '3' });
    expect(rows[4]).toMatchObject({ morning_credit: 'UNPAID', afternoon_credit: 'UNPAID', computed_value: '0.00', notation: 'P/2+KL', abnormal_reason: null });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The aggregated punch path against the engine on raw punches

function rngOf(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const scheduleOf = (code: string, start: string, end: string, breakStart: string | null, breakEnd: string | null, type = 'HCM'): WorkSchedule => {
  const row: ScheduleDay = { workingDay: true, startTime: start, endTime: end, breakStart, breakEnd };
  const days: Partial<Record<IsoWeekday, ScheduleDay>> = { 1: row, 2: row, 3: row, 4: row, 5: row, 6: row, 7: { workingDay: false } };
  return { code, type, standardMinutes: 480, days };
};
const ORACLE_SCHEDULES = [
  scheduleOf('DAY', '08:30', '17:30', '12:00', '13:00'),
  scheduleOf('EVE', '18:00', '02:00', '22:00', '22:30'),
  scheduleOf('NIGHT', '22:00', '06:00', '02:00', '03:00'),
  scheduleOf('FLEX', '07:00', '19:00', null, null, 'FLEXIBLE'),
];
const BASE_DAY = Date.UTC(2026, 2, 2) / 86_400_000; // Monday 2026-03-02
const iso = (epochDay: number) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10);

/** Random punches over `days` days (ms, UTC): dense around shift edges and midnight, with double taps in a minute. */
function randomPunches(rng: ReturnType<typeof rngOf>, days: number): number[] {
  const out: number[] = [];
  for (let d = -1; d <= days; d++) {
    const n = rng.int(0, 7);
    for (let i = 0; i < n; i++) {
      const minute = rng.next() < 0.3 ? rng.int(0, 300) : rng.next() < 0.5 ? rng.int(1300, 1439) : rng.int(300, 1300);
      const ms = ((BASE_DAY + d) * 1440 + minute - OFFSET) * 60_000 + rng.int(0, 59_999);
      out.push(ms);
      if (rng.next() < 0.2) out.push(ms + rng.int(0, 59_999 - (ms % 60_000)));
    }
  }
  return out;
}

/** What the SQL of loadPunchAggregates computes, in JavaScript: per local day and part (before the day's split or not). */
function aggregateInJs(punches: readonly number[], starts: readonly [number, number][]) {
  const split = new Map(starts);
  const groups = new Map<string, { first: number; last: number; minutes: Set<number> }>();
  for (const ms of punches) {
    const ms0 = Math.floor(ms);
    const lm = Math.floor(ms0 / 60_000) + OFFSET;
    const day = Math.floor(lm / 1440);
    const key = `${day}:${lm % 1440 < (split.get(day) ?? 0)}`;
    const g = groups.get(key);
    if (!g) groups.set(key, { first: ms0, last: ms0, minutes: new Set([lm]) });
    else {
      g.first = Math.min(g.first, ms0);
      g.last = Math.max(g.last, ms0);
      g.minutes.add(lm);
    }
  }
  return [...groups.values()].map((g) => ({ first: g.first, last: g.last, minutes: g.minutes.size }));
}

/** One schedule, or NIGHT then DAY from the fourth day (the midpoint between a night and a day schedule). */
const assignmentsOf = (schedule: WorkSchedule | 'SWITCH'): ScheduleAssignment[] =>
  schedule === 'SWITCH'
    ? [{ from: '2026-01-01', to: iso(BASE_DAY + 3), schedule: ORACLE_SCHEDULES[2]! }, { from: iso(BASE_DAY + 4), to: '2026-12-31', schedule: ORACLE_SCHEDULES[0]! }]
    : [{ from: '2026-01-01', to: '2026-12-31', schedule }];
const startsOf = (schedule: WorkSchedule | 'SWITCH', days: number) => punchDayStarts(assignmentsOf(schedule), iso(BASE_DAY - 1), iso(BASE_DAY + days));

function engineInput(schedule: WorkSchedule | 'SWITCH', punches: readonly number[], days: number): DayEngineInput {
  return {
    dates: Array.from({ length: days }, (_, i) => iso(BASE_DAY + i)),
    schedules: assignmentsOf(schedule),
    policies: [{ from: '2026-01-01', to: '2026-12-31', policy: { lackOfTimeAllowed: 15, explanationNumber: 3, refundHoursPerExplanation: 1, explanationTimePerDays: 1 } }],
    holidays: new Map([[iso(BASE_DAY + 3), 'Holiday']]),
    punches,
    utcOffsetMinutes: OFFSET,
  };
}

describe('aggregated punches (what the SQL sends) give the engine exactly what raw punches give', () => {
  it('for 2,000 random employee-fortnights, in JavaScript', () => {
    const rng = rngOf(20261121);
    const schedules = [...ORACLE_SCHEDULES, 'SWITCH' as const];
    for (let k = 0; k < 2000; k++) {
      const schedule = schedules[k % schedules.length]!;
      const raw = randomPunches(rng, 14).map(Math.floor);
      const expected = computeDays(engineInput(schedule, raw, 14));
      const actual = computeDays(engineInput(schedule, punchesFromAggregates(aggregateInJs(raw, startsOf(schedule, 14))), 14));
      expect(actual, `case ${k}`).toEqual(expected);
    }
  });

  it('for random punches stored in the database, through loadPunchAggregates', async () => {
    const rng = rngOf(7);
    const raw = randomPunches(rng, 21);
    await t.db.execute(sql`
      insert into punches (system, attendance_check_id, employee_id, punched_at, source)
      select 'ORACLE', 'guest', ${id('guest')}, to_timestamp(ms / 1000.0), 'test'
        from json_array_elements_text(${JSON.stringify(raw)}::json) as j(v), lateral (select j.v::float8 as ms) x
      on conflict do nothing`);
    const stored = (await queryRows<{ ms: string }>(t.db, sql`select floor(date_part('epoch', punched_at) * 1000)::int8::text as ms from punches where employee_id = ${id('guest')}`)).map((r) => Number(r.ms));
    expect(stored.length).toBeGreaterThan(100);
    const range = { employeeId: id('guest'), from: iso(BASE_DAY), to: iso(BASE_DAY + 20) };
    for (const schedule of [...ORACLE_SCHEDULES, 'SWITCH' as const]) {
      const name = schedule === 'SWITCH' ? schedule : schedule.code;
      const starts = startsOf(schedule, 21).map(([day, minute]): [number, number, number] => [id('guest'), day, minute]);
      const aggregates = await loadPunchAggregates(t.db, [range], OFFSET, starts);
      // Ranges that differ per employee take the other form of the query: the same aggregates.
      const joined = await loadPunchAggregates(t.db, [range, { employeeId: id('staff'), from: iso(BASE_DAY + 2), to: iso(BASE_DAY + 3) }], OFFSET, starts);
      const byKey = (list: typeof aggregates) => list.filter((a) => a[0] === id('guest')).map((a) => a.join(',')).sort();
      expect(byKey(joined), name).toEqual(byKey(aggregates));
      const synthetic = punchesFromAggregates(aggregates.map(([, , , first, last, minutes]) => ({ first, last, minutes })));
      expect(computeDays(engineInput(schedule, synthetic, 21)), name).toEqual(computeDays(engineInput(schedule, stored, 21)));
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Calculate working day (spec 001 §5.1, §7.1)

describe('calculate working day', () => {
  const ONE = `/api${CALCULATE_WORKING_DAY_PATH}`;
  const ALL = `/api${CALCULATE_WORKING_DAY_ALL_PATH}`;
  const d = WORKDAYS[8]!;
  const weekend = [...Array(7).keys()].map((i) => addDays(WORKDAYS[0]!, i)).find((x) => !isWeekday(x))!;
  const lockedWeekday = [...Array(7).keys()].map((i) => addDays(PERIOD_A.to, -i)).find(isWeekday)!;
  const futureWeekday = [1, 2, 3, 4, 5].map((i) => addDays(today, i)).find((x) => isWeekday(x) && x <= PERIOD_B.to);
  const inFuturePeriod = [...Array(7).keys()].map((i) => addDays(PERIOD_C.from, i)).find(isWeekday)!;

  it('checks the date rules in order, then the employees', async () => {
    const body = { employee_id: [id('staff')] };
    const cases: [string, unknown, number, string][] = [
      [ONE, body, 400, M.dateRequired],
      [`${ONE}?date=`, body, 400, M.dateRequired],
      [`${ONE}?date=2026-02-31`, body, 400, 'Invalid Date!'],
      [`${ONE}?date=${addDays(PERIOD_A.from, -5)}`, body, 400, M.dateRequired],
      [`${ONE}?date=${inFuturePeriod}`, body, 400, M.futureTimesheet],
      [`${ONE}?date=${weekend}`, body, 400, M.weekend],
      [`${ONE}?date=${lockedWeekday}`, body, 409, M.locked(toDmy(lockedWeekday)!)],
      [`${ONE}?date=${d}`, {}, 400, M.employeeRequired],
      [`${ONE}?date=${d}`, { employee_id: [] }, 400, M.employeeRequired],
      [`${ONE}?date=${d}`, { employee_id: 'x' }, 400, M.employeeRequired],
      [`${ONE}?date=${d}`, { employee_id: [id('staff'), 999_999] }, 404, M.employeeNotFound],
      [`${ALL}`, undefined, 400, M.dateRequired],
      [`${ALL}?date=${weekend}`, undefined, 400, M.weekend],
    ];
    if (futureWeekday) cases.push([`${ONE}?date=${futureWeekday}`, body, 400, M.futureDate]);
    for (const [url, payload, status, message] of cases) {
      const res = await put('hr', url, payload);
      expect([url, res.status, res.body.message]).toEqual([url, status, message]);
    }
  });

  it('is in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys((res.json() as { paths: Record<string, unknown> }).paths)).toEqual(expect.arrayContaining([ONE, ALL]));
  });

  it('is for ADMIN, HR and HRM only (spec 001 §6)', async () => {
    for (const user of ['staff', 'gl', 'dl', 'pm', 'guest']) {
      expect((await put(user, `${ONE}?date=${d}`, { employee_id: id('staff') })).status).toBe(403);
      expect((await put(user, `${ALL}?date=${d}`)).status).toBe(403);
    }
    for (const user of ['admin', 'hrm']) expect((await put(user, `${ONE}?date=${d}`, { employee_id: id('staff') })).status).toBe(200);
    await runDueJobs(t.app);
  });

  it('queues a job that recalculates the date for the chosen employees and notifies the caller', async () => {
    await storePunch('staff', at(d, '08:15'));
    await storePunch('staff', at(d, '17:45'));
    expect(await dayRow('staff', d)).toMatchObject({ check_in: null });
    const res = await put('hr', `${ONE}?date=${d}`, { employee_id: id('staff') });
    expect(res).toMatchObject({ status: 200, body: { code: 200, message: M.queued, data: { jobId: expect.any(Number) } } });
    const [job] = await queryRows<{ name: string; status: string; created_by: number; payload: unknown }>(t.db, sql`select name, status, created_by, payload from jobs where id = ${res.body.data.jobId}`);
    expect(job).toMatchObject({ status: 'queued', created_by: t.fixture.userIds.hr, payload: { date: d, employeeIds: [id('staff')] } });

    expect(await runDueJobs(t.app)).toBe(1);
    expect(await dayRow('staff', d)).toMatchObject({ check_in: '08:15', check_out: '17:45', value: '1.00' });
    const [done] = await queryRows<{ status: string }>(t.db, sql`select status from jobs where id = ${res.body.data.jobId}`);
    expect(done!.status).toBe('done');
    const notes = await queryRows<{ notification_type: string; title: string; body: string; link: string }>(
      t.db,
      sql`select notification_type, title, body, link from notifications where user_id = ${t.fixture.userIds.hr!} order by id desc limit 1`,
    );
    expect(notes[0]).toMatchObject({ notification_type: CALCULATION_FINISHED, title: M.finishedTitle, link: '/timesheet' });
    expect(notes[0]!.body).toContain(toDmy(d)!);
    const [mail] = await queryRows<{ to: string; subject: string }>(t.db, sql`select "to", subject from mail_outbox order by id desc limit 1`);
    expect(mail).toMatchObject({ to: 'hr@cglobal.test', subject: M.finishedTitle });
  });

  it('for all employees, recalculates every active employee on that date', async () => {
    const d2 = WORKDAYS[9]!;
    await storePunch('staff2', at(d2, '08:05'));
    await storePunch('other', at(d2, '08:45'));
    await storePunch('other', at(d2, '17:40'));
    const res = await put('hrm', `${ALL}?date=${d2}`);
    expect(res.status).toBe(200);
    expect(await runDueJobs(t.app)).toBe(1);
    expect(await dayRow('staff2', d2)).toMatchObject({ check_in: '08:05', check_out: null, abnormal_reason: '5' });
    expect(await dayRow('other', d2)).toMatchObject({ check_in: '08:45', late_minutes: 15, is_late_coming: true, value: '1.00' });
    const [{ n }] = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from timesheet_days where date = ${d2}`)) as [{ n: number }];
    expect(n).toBe(Object.keys(t.fixture.employeeIds).length);
    const [note] = await queryRows<{ notification_type: string }>(t.db, sql`select notification_type from notifications where user_id = ${t.fixture.userIds.hrm!} order by id desc limit 1`);
    expect(note!.notification_type).toBe(CALCULATION_FINISHED);
  });
});
