import { isWeekendIso } from '@tms/contracts/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMESHEET_MODIFY_MESSAGES as M, TIMESHEET_MODIFY_PATH } from '@tms/contracts/timesheet-modify';
import { TIMESHEET_COMMENT_MAX } from '@tms/contracts/timesheet-review';
import { TIMESHEET_GRID_PATHS } from '@tms/contracts/timesheet-grid';
import { queryRows } from '../../db/client.ts';
import { addDays, companyToday, toDmy } from '../../lib/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { recalculate } from '../timesheet/recalculate.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { readJson, type Json } from '../../test/json-body.ts';

/** The harness runs with the default company time zone (RULES.md §1): UTC+7. */
const TZ = 'Asia/Ho_Chi_Minh';
/** Pinned (issue 7 §1): the test depends on the weekday of today and on which days have ended. */
const NOW = new Date('2026-03-18T10:00:00+07:00');
const today = companyToday(TZ, NOW);
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
const at = (date: string, clock: string) => `${date}T${clock}:00+07:00`;

// Period A approved (its end is the lock date), B open: from 30 days ago to 5 days ahead.
const PERIOD_A = { from: addDays(today, -60), to: addDays(today, -31) };
const PERIOD_B = { from: addDays(today, -30), to: addDays(today, 5) };
/** Weekdays from 28 days ago to yesterday, oldest first (at least 18). */
const WORKDAYS: string[] = [];
for (let i = 28; i >= 1; i--) if (!isWeekendIso(addDays(today, -i))) WORKDAYS.push(addDays(today, -i));
const SATURDAY = Array.from({ length: 14 }, (_, i) => addDays(today, -20 + i)).find((d) => weekday(d) === 6)!;
const FUTURE_WEEKDAY = [1, 2, 3, 4, 5].map((i) => addDays(today, i)).find((d) => !isWeekendIso(d))!;
/** staff attends every weekday but this one (its abnormal case: neither check-in nor check-out). */
const STAFF_ABSENT = WORKDAYS[3]!;
/** staff and staff2 attend this day; gl (their department's third member) does not. */
const BOTH_ATTEND = WORKDAYS[5]!;

let t: TestApp;
let periodB = 0;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function modify(user: string | null, payload?: unknown) {
  const headers = user ? await t.as(user) : {};
  const res = await t.app.inject({ method: 'PUT', url: `/api${TIMESHEET_MODIFY_PATH}`, headers, ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: readJson(res) };
}

/** What an edit may write: overrides, history, the days' shown values, abnormal cases. */
async function footprint() {
  const [row] = await queryRows<Json>(
    t.db,
    sql`select (select count(*) from timesheet_overrides)::int as overrides,
               (select count(*) from history)::int as history,
               (select md5(coalesce(string_agg(employee_id || ':' || date || ':' || coalesce(value::text, '-') || ':' || overridden, ',' order by employee_id, date), ''))
                  from timesheet_days) as days,
               (select md5(coalesce(string_agg(id || ':' || status || ':' || version, ',' order by id), '')) from abnormal_cases) as cases`,
  );
  return row!;
}

async function expectRefused(status: number, message: unknown, payload: unknown, user = 'hr') {
  const before = await footprint();
  const res = await modify(user, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ code: status, message, data: null });
  expect(await footprint()).toEqual(before);
}

async function expectUpdated(payload: Json, updated: number, user = 'hr') {
  const res = await modify(user, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toEqual({ code: 200, message: M.success(payload.type), messageKey: 'timesheetModify.success', params: { type: payload.type }, data: { updated } });
}

const dayOf = async (username: string, date: string) =>
  (await queryRows<{ value: string | null; computed_value: string | null; overridden: boolean; day_type: string }>(
    t.db,
    sql`select value::text as value, computed_value::text as computed_value, overridden, day_type from timesheet_days where employee_id = ${id(username)} and date = ${date}`,
  ))[0];
const overridesOf = (username: string, date: string) =>
  queryRows<{ id: number; value: string | null; old_value: string | null; comment: string; created_by: number }>(
    t.db,
    sql`select id, value::text as value, old_value::text as old_value, comment, created_by from timesheet_overrides
         where employee_id = ${id(username)} and date = ${date} order by id`,
  );
const historyOf = (recordId: number) =>
  queryRows<{ table_name: string; employee_id: number; action: string; changes: Json[]; new_record: Json; created_by_username: string; created_by_user_id: number }>(
    t.db,
    sql`select table_name, employee_id, action, changes, new_record, created_by_username, created_by_user_id from history
         where table_name = 'timesheet_days' and record_id = ${recordId} order by id`,
  );
const overriddenOn = (date: string) =>
  queryRows<{ employee_id: number }>(t.db, sql`select employee_id from timesheet_overrides where date = ${date} order by employee_id`).then((r) => r.map((x) => Number(x.employee_id)));
const caseOf = async (username: string, date: string) =>
  (await queryRows<{ reason: string; status: number; version: number }>(
    t.db,
    sql`select reason, status, version from abnormal_cases where employee_id = ${id(username)} and abnormal_date = ${date}`,
  ))[0];
const setStatus = (status: number) => t.db.execute(sql`update payroll_periods set status = ${status} where id = ${periodB}`);

async function storePunch(username: string, instant: string) {
  await t.db.execute(sql`
    insert into punches (system, attendance_check_id, employee_id, punched_at, source)
    values ('TEST', ${username}, ${id(username)}, ${instant}::timestamptz, 'test') on conflict do nothing`);
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', name: 'Office hours', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, lack_of_time_allowed, ot_type, apply_date, expire_date)
    select id, 'HCM', 'DAY', 15, 'OT_FIXED', '2020-01-06', '9999-12-30' from employees`);
  const c = t.fixture.companyId;
  await t.db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
    values (${c}, 'A', ${PERIOD_A.from}, ${PERIOD_A.to}, 20, 4)`);
  const [b] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status) values (${c}, 'B', ${PERIOD_B.from}, ${PERIOD_B.to}, 20, 0) returning id`,
  );
  periodB = b!.id;
  for (const d of WORKDAYS) {
    if (d !== STAFF_ABSENT) {
      await storePunch('staff', at(d, '08:25'));
      await storePunch('staff', at(d, '17:35'));
    }
  }
  await storePunch('staff2', at(BOTH_ATTEND, '08:20'));
  await storePunch('staff2', at(BOTH_ATTEND, '17:40'));
  await recalculate(t.db, { from: PERIOD_B.from, to: today, timeZone: TZ, now: NOW });
});
afterAll(() => t?.close());

describe('the fixture', () => {
  it('has computed days: staff full but one day, everyone else absent with an abnormal case', async () => {
    expect(await dayOf('staff', WORKDAYS[0]!)).toMatchObject({ value: '1.00', computed_value: '1.00', overridden: false, day_type: 'WORKING' });
    expect(await dayOf('staff', STAFF_ABSENT)).toMatchObject({ value: '0.00', overridden: false });
    expect(await caseOf('staff', STAFF_ABSENT)).toMatchObject({ reason: '6', status: 0 });
    expect(await caseOf('staff', WORKDAYS[0]!)).toBeUndefined();
    expect(await dayOf('staff2', BOTH_ATTEND)).toMatchObject({ value: '1.00' });
    expect(await dayOf('gl', BOTH_ATTEND)).toMatchObject({ value: '0.00' });
    expect(await dayOf('staff', SATURDAY)).toMatchObject({ day_type: 'WEEKEND', value: null });
    expect(await dayOf('staff', FUTURE_WEEKDAY)).toBeUndefined();
  });
});

describe('PUT /api/tms/timesheets validation (spec 001 §5.1), nothing written', () => {
  const cell = { type: 'cell', from_date: WORKDAYS[0], value: 1, comment: 'Agreed with the lead' };

  it('answers the spec texts for the body', async () => {
    const e = () => ({ ...cell, employee: id('staff') });
    await expectRefused(400, M.typeRequired, undefined);
    await expectRefused(400, M.typeRequired, { ...e(), type: undefined });
    await expectRefused(400, M.typeRequired, { ...e(), type: 'sheet' });
    await expectRefused(400, M.dateRequired, { ...e(), from_date: undefined });
    await expectRefused(400, M.dateRequired, { ...e(), from_date: '' });
    await expectRefused(400, 'Invalid Date!', { ...e(), from_date: '2026-02-30' });
    await expectRefused(400, M.valueRequired, { ...e(), value: undefined });
    await expectRefused(400, M.valueRequired, { ...e(), value: '' });
    await expectRefused(400, M.valueRequired, { ...e(), value: null });
    await expectRefused(400, M.valueRange, { ...e(), value: 1.5 });
    await expectRefused(400, M.valueRange, { ...e(), value: -0.5 });
    await expectRefused(400, M.commentRequired, { ...e(), comment: undefined });
    await expectRefused(400, M.commentRequired, { ...e(), comment: '   ' });
    await expectRefused(400, M.commentTooLong, { ...e(), comment: 'x'.repeat(TIMESHEET_COMMENT_MAX + 1) });
    await expectRefused(400, M.employeeRequired, { ...e(), employee: undefined });
    await expectRefused(400, M.employeeRequired, { ...e(), type: 'row', employee: null });
    await expectRefused(400, M.dateOrder, { ...e(), type: 'row', from_date: WORKDAYS[2], to_date: WORKDAYS[1] });
  });

  it('lists every failing rule in messages, the first as message', async () => {
    const res = await modify('hr', { type: 'row' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: M.dateRequired, messages: [M.dateRequired, M.valueRequired, M.commentRequired] });
  });

  it('a date outside every payroll period, or a range leaving the period, is 400', async () => {
    await expectRefused(400, M.dateOutsidePeriod, { ...cell, employee: id('staff'), from_date: addDays(PERIOD_A.from, -10) });
    await expectRefused(400, M.dateOutsidePeriod, { ...cell, type: 'row', employee: id('staff'), from_date: WORKDAYS[0], to_date: addDays(PERIOD_B.to, 1) });
    await expectRefused(400, M.dateOutsidePeriod, { ...cell, type: 'column', from_date: addDays(PERIOD_B.to, 3) });
  });

  it('a date on or before the lock date is 409 with the lock date (RULES.md §4)', async () => {
    const locked = M.locked(toDmy(PERIOD_A.to)!);
    expect(locked).toBe(`Dates on or before ${toDmy(PERIOD_A.to)} are in an approved timesheet and can no longer be modified.`);
    await expectRefused(409, locked, { ...cell, employee: id('staff'), from_date: PERIOD_A.to });
    await expectRefused(409, locked, { ...cell, type: 'row', employee: id('staff'), from_date: addDays(PERIOD_A.to, -3), to_date: PERIOD_A.to });
    await expectRefused(409, locked, { ...cell, type: 'column', from_date: addDays(PERIOD_A.to, -1) });
  });

  it('a period marked is_lock locks its dates too', async () => {
    await t.db.execute(sql`update payroll_periods set is_lock = true where id = ${periodB}`);
    try {
      await expectRefused(409, M.locked(toDmy(PERIOD_B.to)!), { ...cell, employee: id('staff') });
    } finally {
      await t.db.execute(sql`update payroll_periods set is_lock = false where id = ${periodB}`);
    }
  });

  it('only Draft (0) and Pending update (2) are editable: 1 and 3 are 409, 4 locks the dates (409)', async () => {
    const body = { ...cell, employee: id('staff3') };
    try {
      for (const status of [1, 3]) {
        await setStatus(status);
        await expectRefused(409, M.notEditable, body);
        await expectRefused(409, M.notEditable, { ...body, type: 'column', filter: { list_employee: [id('staff3')] } });
      }
      await setStatus(4);
      await expectRefused(409, M.locked(toDmy(PERIOD_B.to)!), body);
      await setStatus(2);
      await expectUpdated({ ...body, value: 0.5 }, 1);
      await setStatus(0);
      await expectUpdated({ ...body, value: 1 }, 1);
    } finally {
      await setStatus(0);
    }
    expect((await overridesOf('staff3', WORKDAYS[0]!)).map((o) => [o.old_value, o.value])).toEqual([
      ['0.00', '0.50'],
      ['0.50', '1.00'],
    ]);
  });

  it('a weekend column is 400; a weekend or future cell has nothing to edit (400)', async () => {
    await expectRefused(400, M.weekendColumn, { ...cell, type: 'column', from_date: SATURDAY });
    await expectRefused(400, M.noData, { ...cell, employee: id('staff'), from_date: SATURDAY });
    await expectRefused(400, M.dayNotModifiable, { ...cell, employee: id('staff'), from_date: FUTURE_WEEKDAY });
    await expectRefused(400, M.noData, { ...cell, type: 'column', from_date: FUTURE_WEEKDAY });
  });

  it('an unknown employee is 404 (cell and row)', async () => {
    await expectRefused(404, M.employeeNotFound, { ...cell, employee: 999_999 });
    await expectRefused(404, M.employeeNotFound, { ...cell, type: 'row', employee: 999_999, to_date: WORKDAYS[2] });
  });

  it('nothing to edit is 400: a row without abnormal days when abnormal_only, a column filter matching nobody', async () => {
    await expectRefused(400, M.noData, { ...cell, type: 'row', employee: id('staff'), from_date: WORKDAYS[10], to_date: WORKDAYS[12], abnormal_only: true });
    await expectRefused(400, M.noData, { ...cell, type: 'column', from_date: WORKDAYS[10], filter: { list_employee: [999_999] } });
    await expectRefused(400, M.noData, { ...cell, type: 'column', from_date: WORKDAYS[10], filter: { request_type: ['ANN_LEAVE_CORP'] } });
  });

  it('staff, group and division leads, guests are 403; no session is 401', async () => {
    for (const user of ['staff', 'gl', 'dl', 'pm', 'guest']) await expectRefused(403, expect.any(String), { ...cell, employee: id('staff') }, user);
    expect((await modify(null, { ...cell, employee: id('staff') })).status).toBe(401);
  });
});

describe('Modify Cell', () => {
  it('overrides the value, keeps the old one, writes history with both (RULES.md §4, §8)', async () => {
    const d = WORKDAYS[0]!;
    expect(await dayOf('staff2', d)).toMatchObject({ value: '0.00', computed_value: '0.00', overridden: false });
    const caseBefore = await caseOf('staff2', d);
    await expectUpdated({ type: 'cell', employee: id('staff2'), from_date: d, to_date: d, value: 0.5, comment: 'Half day agreed', abnormal_only: true }, 1);
    expect(await dayOf('staff2', d)).toMatchObject({ value: '0.50', computed_value: '0.00', overridden: true });
    const [o] = await overridesOf('staff2', d);
    expect(o).toMatchObject({ value: '0.50', old_value: '0.00', comment: 'Half day agreed', created_by: t.fixture.userIds.hr });
    expect(await historyOf(o!.id)).toEqual([
      {
        table_name: 'timesheet_days',
        employee_id: id('staff2'),
        action: 'UPDATE',
        changes: [{ field: 'value', oldValue: 0, newValue: 0.5 }],
        new_record: { employee_id: id('staff2'), date: d, value: 0.5, comment: 'Half day agreed', type: 'cell' },
        created_by_username: 'hr',
        created_by_user_id: t.fixture.userIds.hr,
      },
    ]);
    // The abnormal case of an overridden day stays as it was (its explanation flow is its own).
    expect(await caseOf('staff2', d)).toEqual(caseBefore);
  });

  it('survives recalculation: computed_value follows the engine, value stays the latest override', async () => {
    const d = WORKDAYS[0]!;
    await storePunch('staff2', at(d, '08:30'));
    await storePunch('staff2', at(d, '17:30'));
    await recalculate(t.db, { employeeIds: [id('staff2')], from: d, to: d, timeZone: TZ, now: NOW });
    expect(await dayOf('staff2', d)).toMatchObject({ value: '0.50', computed_value: '1.00', overridden: true });

    // A second edit: its old value is the shown (overridden) value, and it is the one the recalculation keeps.
    await expectUpdated({ type: 'cell', employee: id('staff2'), from_date: d, value: 0.75, comment: 'Corrected' }, 1, 'admin');
    await recalculate(t.db, { employeeIds: [id('staff2')], from: d, to: d, timeZone: TZ, now: NOW });
    expect(await dayOf('staff2', d)).toMatchObject({ value: '0.75', computed_value: '1.00', overridden: true });
    const list = await overridesOf('staff2', d);
    expect(list.map((o) => [o.old_value, o.value])).toEqual([
      ['0.00', '0.50'],
      ['0.50', '0.75'],
    ]);
    expect((await historyOf(list[1]!.id))[0]).toMatchObject({ changes: [{ field: 'value', oldValue: 0.5, newValue: 0.75 }], created_by_username: 'admin' });
  });

  it('HRM may edit; the value is accepted as a numeric text', async () => {
    await expectUpdated({ type: 'cell', employee: String(id('hrm')), from_date: WORKDAYS[1], value: '1', comment: 'Was on a business trip' }, 1, 'hrm');
    expect(await dayOf('hrm', WORKDAYS[1]!)).toMatchObject({ value: '1.00', overridden: true });
  });
});

describe('Modify Row', () => {
  it('edits every non-weekend stored day of the range', async () => {
    const from = WORKDAYS[6]!;
    const to = WORKDAYS[11]!;
    const weekdays = WORKDAYS.filter((d) => d >= from && d <= to);
    await expectUpdated({ type: 'row', employee: id('staff'), from_date: from, to_date: to, value: 0.5, comment: 'Part-time week', abnormal_only: false }, weekdays.length);
    for (const d of weekdays) expect(await dayOf('staff', d)).toMatchObject({ value: '0.50', computed_value: '1.00', overridden: true });
    for (let d = from; d <= to; d = addDays(d, 1)) if (isWeekendIso(d)) expect(await dayOf('staff', d)).toMatchObject({ value: null, overridden: false });
    const rows = await queryRows<{ n: number; h: number }>(
      t.db,
      sql`select count(*)::int as n,
                 (select count(*) from history h where h.table_name = 'timesheet_days' and h.record_id in (select id from timesheet_overrides o2 where o2.employee_id = ${id('staff')} and o2.date between ${from} and ${to}))::int as h
            from timesheet_overrides o where o.employee_id = ${id('staff')} and o.date between ${from} and ${to}`,
    );
    expect(rows[0]).toEqual({ n: weekdays.length, h: weekdays.length });
  });

  it('abnormal_only edits only the days with an abnormal case', async () => {
    await expectUpdated({ type: 'row', employee: id('staff'), from_date: WORKDAYS[1], to_date: WORKDAYS[4], value: 1, comment: 'Forgot the card', abnormal_only: 'true' }, 1);
    expect(await dayOf('staff', STAFF_ABSENT)).toMatchObject({ value: '1.00', computed_value: '0.00', overridden: true });
    expect(await overridesOf('staff', WORKDAYS[2]!)).toEqual([]);
  });

  it('RULES.md §4: abnormal_only skips a day whose explanation was approved (it is no longer abnormal)', async () => {
    // staff4 has no punch: every weekday is a case. The first one's explanation is approved: the explanation covers
    // the day (here a special explanation of the whole day) and the case keeps its row with status 3.
    const [explained, open] = [WORKDAYS[7]!, WORKDAYS[8]!];
    expect(await caseOf('staff4', explained)).toMatchObject({ reason: '6', status: 0 });
    await t.db.execute(sql`insert into special_explanations (employee_id, date, type, time_hours) values (${id('staff4')}, ${explained}, 'FORGOT', 8)`);
    await t.db.execute(sql`update abnormal_cases set status = 3 where employee_id = ${id('staff4')} and abnormal_date = ${explained}`);
    await recalculate(t.db, { employeeIds: [id('staff4')], from: explained, to: open, timeZone: TZ, now: NOW });
    expect(await dayOf('staff4', explained)).toMatchObject({ value: '1.00', overridden: false });
    expect(await caseOf('staff4', explained)).toMatchObject({ status: 3 });

    await expectUpdated({ type: 'row', employee: id('staff4'), from_date: explained, to_date: open, value: 0.5, comment: 'Half days', abnormal_only: true }, 1);
    expect(await dayOf('staff4', explained)).toMatchObject({ value: '1.00', overridden: false });
    expect(await overridesOf('staff4', explained)).toEqual([]);
    expect(await dayOf('staff4', open)).toMatchObject({ value: '0.50', overridden: true });
  });

  it('a range ending after today edits the stored days only', async () => {
    const from = WORKDAYS[WORKDAYS.length - 1]!;
    const stored = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from timesheet_days where employee_id = ${id('dl')} and date between ${from} and ${PERIOD_B.to} and day_type <> 'WEEKEND'`,
    );
    await expectUpdated({ type: 'row', employee: id('dl'), from_date: from, to_date: PERIOD_B.to, value: 1, comment: 'Remote' }, stored[0]!.n);
  });
});

describe('Modify Column', () => {
  it('edits the day of every employee of the period without a filter', async () => {
    const d = WORKDAYS[13]!;
    await expectUpdated({ type: 'column', from_date: d, to_date: d, value: 1, comment: 'Company event', filter: null }, 12);
    expect((await overriddenOn(d)).length).toBe(12);
  });

  it('follows the grid filter: department, employees, role, location, schedule type, division', async () => {
    const dep1 = [id('gl'), id('staff'), id('staff2')].sort((a, b) => a - b);
    await expectUpdated({ type: 'column', from_date: WORKDAYS[14], value: 1, comment: 'Team day', filter: { department: [t.fixture.departments.dep1] } }, 3);
    expect(await overriddenOn(WORKDAYS[14]!)).toEqual(dep1);

    await expectUpdated({ type: 'column', from_date: WORKDAYS[15], value: 1, comment: 'Two people', filter: { list_employee: `${id('staff3')},${id('staff4')}` } }, 2);
    expect(await overriddenOn(WORKDAYS[15]!)).toEqual([id('staff3'), id('staff4')].sort((a, b) => a - b));

    await expectUpdated({ type: 'column', from_date: WORKDAYS[16], value: 1, comment: 'HR day', filter: { role: ['HR'], location: 'CGLOBALHCM' } }, 1);
    expect(await overriddenOn(WORKDAYS[16]!)).toEqual([id('hr')]);
    await expectUpdated({ type: 'column', from_date: WORKDAYS[12], value: 1, comment: 'Leads', filter: { role: 'GROUP_LEAD,DULEAD', workScheduleTypes: ['HCM'] } }, 3);
    expect(await overriddenOn(WORKDAYS[12]!)).toEqual([id('dl'), id('gl'), id('other')].sort((a, b) => a - b));

    await expectUpdated({ type: 'column', from_date: WORKDAYS[17], value: 1, comment: 'Division two', filter: { divisions: [String(t.fixture.divisions.div2)] } }, 4);
  });

  it('abnormal_only takes only the employees with an abnormal case that day', async () => {
    await expectUpdated(
      { type: 'column', from_date: BOTH_ATTEND, value: 0.5, comment: 'Late badge reader', abnormal_only: true, filter: { department: [t.fixture.departments.dep1] } },
      1,
    );
    expect(await overriddenOn(BOTH_ATTEND)).toEqual([id('gl')]);
    const [o] = await overridesOf('gl', BOTH_ATTEND);
    expect((await historyOf(o!.id))[0]).toMatchObject({ changes: [{ field: 'value', oldValue: 0, newValue: 0.5 }], new_record: { type: 'column', date: BOTH_ATTEND } });
  });
});

describe('concurrency (RULES.md §4: a status change and an edit never both win)', () => {
  it('an approve that is committing while the edit starts makes the edit 409, with nothing written', async () => {
    const before = await footprint();
    let edit: Promise<{ status: number; body: Json }> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update payroll_periods set status = 3, version = version + 1 where id = ${periodB}`);
      edit = modify('hr', { type: 'cell', employee: id('staff4'), from_date: WORKDAYS[2], value: 1, comment: 'Racing the review' });
      // The edit waits for this transaction: on a server for the period's row lock (seen from another connection),
      // on PGlite for the single connection.
      if (t.database.kind === 'postgres') {
        let waiting = 0;
        for (let i = 0; i < 100 && waiting === 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const [row] = await queryRows<{ n: number }>(
            t.db,
            sql`select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock' and query like '%from payroll_periods%for update%'`,
          );
          waiting = Number(row!.n);
        }
        expect(waiting).toBe(1);
      } else {
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    });
    try {
      const res = await edit!;
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.message).toBe(M.notEditable);
      expect(await footprint()).toEqual(before);
    } finally {
      await setStatus(0);
    }
  });
});

describe('days without a value cannot be modified (RULES.md §4, issue 7 §8)', () => {
  const edit = { value: 1, comment: 'No value here' };
  const W = WORKDAYS.length;

  it('a future day, even with a stored row, is 400 for a cell and skipped by a row or a column', async () => {
    // A row as a recalculation may store it ahead of time (a day that has not ended has no value).
    await t.db.execute(sql`insert into timesheet_days (employee_id, date, day_type) values (${id('pm')}, ${FUTURE_WEEKDAY}, 'WORKING')`);
    try {
      await expectRefused(400, M.dayNotModifiable, { ...edit, type: 'cell', employee: id('pm'), from_date: FUTURE_WEEKDAY });
      await expectRefused(400, M.noData, { ...edit, type: 'column', from_date: FUTURE_WEEKDAY, filter: { list_employee: [id('pm')] } });
      // The clock is pinned on a Wednesday: today (a stored working day) is edited, the days after it are not.
      await expectUpdated({ ...edit, type: 'row', employee: id('pm'), from_date: today, to_date: FUTURE_WEEKDAY }, 1);
      expect((await overridesOf('pm', today)).length).toBe(1);
      expect(await overridesOf('pm', FUTURE_WEEKDAY)).toEqual([]);
      expect(await dayOf('pm', FUTURE_WEEKDAY)).toMatchObject({ value: null, overridden: false });
    } finally {
      await t.db.execute(sql`delete from timesheet_days where employee_id = ${id('pm')} and date = ${FUTURE_WEEKDAY}`);
    }
  });

  it('days before start_working_day or after last_working_day are 400 for a cell and skipped by a row or a column', async () => {
    const [first, second, third] = [WORKDAYS[W - 4]!, WORKDAYS[W - 3]!, WORKDAYS[W - 2]!];
    expect(await dayOf('pm', first)).toBeDefined();
    const counts = async () => [(await overridesOf('pm', first)).length, (await overridesOf('pm', second)).length, (await overridesOf('pm', third)).length];
    const [a, b, c] = await counts();
    await t.db.execute(sql`update employees set start_working_day = ${second}, last_working_day = ${second} where id = ${id('pm')}`);
    try {
      await expectRefused(400, M.dayNotModifiable, { ...edit, type: 'cell', employee: id('pm'), from_date: first });
      await expectRefused(400, M.dayNotModifiable, { ...edit, type: 'cell', employee: id('pm'), from_date: third });
      await expectRefused(400, M.noData, { ...edit, type: 'column', from_date: first, filter: { list_employee: [id('pm')] } });
      await expectUpdated({ ...edit, type: 'row', employee: id('pm'), from_date: first, to_date: third }, 1);
      expect(await counts()).toEqual([a, b! + 1, c]);
    } finally {
      await t.db.execute(sql`update employees set start_working_day = '2020-01-06', last_working_day = null where id = ${id('pm')}`);
    }
  });
});

describe('Violation counts working days whose final value is below 1 (RULES.md §4, issue 7 §8)', () => {
  const violationOf = async (username: string) => {
    const list = await t.app.inject({ method: 'GET', url: `/api${TIMESHEET_GRID_PATHS.list}?timesheetId=${periodB}&employee=${id(username)}`, headers: await t.as('hr') });
    const mine = await t.app.inject({ method: 'GET', url: `/api${TIMESHEET_GRID_PATHS.calculateMyTimesheet}?id=${periodB}&employmentID=${id(username)}`, headers: await t.as('hr') });
    const statistic = await t.app.inject({ method: 'GET', url: `/api${TIMESHEET_GRID_PATHS.statistic(periodB)}?employee=${id(username)}`, headers: await t.as('hr') });
    return {
      grid: (list.json() as Json).data[0].violationWorkingTime.countDaysNotEnoughWorkingTime as number,
      summary: (mine.json() as Json).data.countDaysNotEnoughWorkingTime as number,
      employees: (statistic.json() as Json).data.total_violation_employee as number,
    };
  };

  it('an HR edit of a day from 0 to 1 lowers the count; to 0.5 raises it again', async () => {
    // staff4 attends no day: every ended working day not edited yet is 0.
    let absent: string | undefined;
    for (const d of WORKDAYS) if ((await dayOf('staff4', d))?.value === '0.00') absent = d;
    expect(absent).toBeDefined();
    const before = await violationOf('staff4');
    expect(before.grid).toBeGreaterThanOrEqual(1);
    expect(before.summary).toBe(before.grid);
    expect(before.employees).toBe(1);

    await expectUpdated({ type: 'cell', employee: id('staff4'), from_date: absent, value: 1, comment: 'Was at a client' }, 1);
    const after = await violationOf('staff4');
    expect(after.grid).toBe(before.grid - 1);
    expect(after.summary).toBe(before.summary - 1);

    await expectUpdated({ type: 'cell', employee: id('staff4'), from_date: absent, value: 0.5, comment: 'Half a day after all' }, 1);
    expect((await violationOf('staff4')).grid).toBe(before.grid);
  });
});

