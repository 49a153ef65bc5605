import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMESHEET_GRID_PATHS as P, type DayEntry, type GridRow } from '@tms/contracts/timesheet-grid';
import { queryRows } from '../../db/client.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule, insertStaffPolicies } from '../../test/schedules.ts';
import { recalculate } from './recalculate.ts';
import { JUDGE_ENDED_DAYS_JOB, scheduleJudgingOfEndedDays } from './timesheet-jobs.ts';

/**
 * RULES.md §4 (issue 7 §8): a day is judged only once it has ended. Period T11-2026 (26/10 … 25/11/2026); the clock
 * starts on Wednesday 25/11/2026 at 03:25 company time. Everyone punches 08:15 and 17:45 on the weekdays from 16/11
 * to 24/11, except staff, absent on Tuesday 24/11 (the one real violation). staff4 starts on 20/11.
 */
const TZ = 'Asia/Ho_Chi_Minh';
const TODAY = '2026-11-25';
const YESTERDAY = '2026-11-24';
const FROM = '2026-11-16';

let t: TestApp;
let periodId = 0;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function ok(user: string, url: string): Promise<{ data: unknown }> {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: await t.as(user) });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json();
}
const statistic = async () => (await ok('hr', P.statistic(periodId))).data;
const list = async (query = '') => (await ok('hr', `${P.list}?timesheetId=${periodId}&size=50${query}`)).data as GridRow[];
const cell = async (username: string, date: string): Promise<DayEntry> =>
  (await list(`&employee=${id(username)}`))[0]!.timesheets.find((d) => d.date_of_issue === date)!;

async function punch(username: string, date: string, clock: string) {
  await t.db.execute(sql`
    insert into punches (system, attendance_check_id, employee_id, punched_at, source)
    values ('TEST', ${username}, ${id(username)}, (${`${date} ${clock}`}::timestamp at time zone ${TZ}), 'test')`);
}

beforeAll(async () => {
  t = await createTestApp({ now: `${TODAY}T03:25:00+07:00` });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await insertWeekdaySchedule(t.db, { code: 'FLEXIBLE', start: '07:00', end: '19:00' });
  await insertStaffPolicies(t.db, 'staff3');
  await t.db.execute(sql`update employees set work_schedule_type = 'FLEXIBLE' where id = ${id('staff3')}`);
  await t.db.execute(sql`update employees set start_working_day = '2026-11-20' where id = ${id('staff4')}`);
  const [p] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
        values (${t.fixture.companyId}, 'T11-2026', '2026-10-26', ${TODAY}, 22, 0) returning id`,
  );
  periodId = p!.id;
  await t.db.execute(sql`
    insert into punches (system, attendance_check_id, employee_id, punched_at, source)
    select 'TEST', e.user_name, e.id, (g.d + v.t) at time zone ${TZ}, 'test'
      from employees e
     cross join generate_series(${FROM}::timestamp, ${YESTERDAY}::timestamp, interval '1 day') as g(d)
     cross join (values (time '08:15'), (time '17:45')) as v(t)
     where extract(isodow from g.d) < 6 and not (e.user_name = 'staff' and g.d::date = ${YESTERDAY}::date)`);
  await recalculate(t.db, { from: FROM, to: TODAY, timeZone: TZ, now: t.clock.now() });
});
afterAll(() => t?.close());

describe('a day is judged only once it has ended (RULES.md §4)', () => {
  it('at 03:25 today has no value, no abnormal case and no violation for anyone', async () => {
    expect(await statistic()).toMatchObject({ total_employee: 12, total_violation_employee: 1, total_abnormal_days: 1 });
    expect((await list('&actionAbnormalCase=true')).map((r) => r.user_name)).toEqual(['staff']);
    expect(await cell('gl', TODAY)).toMatchObject({ day_type: 'WORKING', value: null, computed_value: null, abnormal_reason: null, check_in_time: null });
    // A flexible employee is not 480 minutes absent before the day has even started.
    expect(await cell('staff3', TODAY)).toMatchObject({ value: null, absent_time: 0, abnormal_reason: null });
    // Yesterday has ended: judged.
    expect(await cell('staff', YESTERDAY)).toMatchObject({ value: 0, abnormal_reason: '6' });
    expect(await cell('gl', YESTERDAY)).toMatchObject({ value: 1, abnormal_reason: null });
  });

  it('before start_working_day a day has no value, even with punches', async () => {
    expect(await cell('staff4', '2026-11-19')).toMatchObject({ value: null, abnormal_reason: null, check_in_time: '08:15' });
    expect(await cell('staff4', '2026-11-20')).toMatchObject({ value: 1 });
  });

  it('during the day the cell shows the punches so far and still no value', async () => {
    t.clock.set(`${TODAY}T10:00:00+07:00`);
    await punch('gl', TODAY, '08:20');
    await punch('staff2', TODAY, '09:40');
    await recalculate(t.db, { employeeIds: [id('gl'), id('staff2')], from: TODAY, to: TODAY, timeZone: TZ, now: t.clock.now() });
    expect(await cell('gl', TODAY)).toMatchObject({ check_in_time: '08:20', check_out_time: null, value: null, late_minutes: 0, abnormal_reason: null });
    expect(await cell('staff2', TODAY)).toMatchObject({ check_in_time: '09:40', value: null, is_late_coming: false, abnormal_reason: null });
    expect(await statistic()).toMatchObject({ total_violation_employee: 1, total_abnormal_days: 1 });
  });

  it('once the day has ended (17:45 with 15 minutes allowed) the judging job gives it its value and cases', async () => {
    await punch('gl', TODAY, '17:40');
    t.clock.set(`${TODAY}T17:44:00+07:00`);
    await scheduleJudgingOfEndedDays(t.db);
    await runDueJobs(t.app);
    expect((await cell('gl', TODAY)).value).toBeNull();

    t.clock.set(`${TODAY}T17:45:00+07:00`);
    await t.db.execute(sql`update jobs set run_at = now() where name = ${JUDGE_ENDED_DAYS_JOB} and status = 'queued'`);
    await runDueJobs(t.app);
    expect(await cell('gl', TODAY)).toMatchObject({ check_in_time: '08:20', check_out_time: '17:40', value: 1, abnormal_reason: null });
    expect(await cell('staff2', TODAY)).toMatchObject({ value: 0, abnormal_reason: '5' });
    expect(await cell('staff', TODAY)).toMatchObject({ value: 0, abnormal_reason: '6' });
    // The flexible schedule (07:00–19:00) has not ended yet.
    expect(await cell('staff3', TODAY)).toMatchObject({ value: null, absent_time: 0 });
    // Everyone but gl has an abnormal case today now; staff also yesterday.
    expect(await statistic()).toMatchObject({ total_violation_employee: 10, total_abnormal_days: 11 });
    const [queued] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from jobs where name = ${JUDGE_ENDED_DAYS_JOB} and status = 'queued'`);
    expect(queued!.n).toBe(1);
  });
});
