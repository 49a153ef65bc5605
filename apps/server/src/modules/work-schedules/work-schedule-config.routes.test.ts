import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEEKDAYS,
  WORK_SCHEDULE_CREATE_PATH,
  WORK_SCHEDULE_FIND_ALL_PATH,
  WORK_SCHEDULE_MESSAGES as M,
  WORK_SCHEDULE_UPDATE_PATH,
  workScheduleActivePath,
  workScheduleDetailPath,
  workScheduleHistoryPath,
  type WorkScheduleDayInput,
} from '@tms/contracts/work-schedule-config';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { recalculate } from '../timesheet/recalculate.ts';
import { readJson, type Json } from '../../test/json-body.ts';

const TZ = 'Asia/Ho_Chi_Minh';
/** Pinned: Thursday 26/11/2026, so Tuesday 24 and Wednesday 25 have ended and are judged. */
const NOW = new Date('2026-11-26T10:00:00+07:00');
const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';

let t: TestApp;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function call(user: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const headers = user ? await t.as(user) : {};
  const res = await t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: readJson(res) };
}

/** Monday–Friday 08:30–17:30 with the break 12:00–13:00 (3.5 h of continuous work, then 1 h), weekend off. */
function officeWeek(): WorkScheduleDayInput[] {
  return WEEKDAYS.map((w) =>
    w.day <= 5
      ? { day: w.day, key: w.key, workingDay: true, startTime: '08:30', endTime: '17:30', workingTime: 8, minimumWorkingTime: 8, continuousWorkingTime: 3.5, breakTime: 1 }
      : { day: w.day, key: w.key, workingDay: false },
  );
}
/** The office week with Wednesday a half day 08:30–12:00, no break. */
function halfWednesdayWeek(): WorkScheduleDayInput[] {
  return officeWeek().map((d) => (d.day === 3 ? { day: 3, key: 'WEDNESDAY', workingDay: true, startTime: '08:30', endTime: '12:00', workingTime: 3.5, minimumWorkingTime: 3.5, continuousWorkingTime: 3.5, breakTime: 0 } : d));
}

const create = (user: string, body: Json) => call(user, 'POST', WORK_SCHEDULE_CREATE_PATH, body);
const historyRows = (recordId: number) =>
  queryRows<{ action: string; changes: Json[]; new_record: Json; created_by_username: string }>(
    t.db,
    sql`select action, changes, new_record, created_by_username from history where table_name = 'work_schedules' and record_id = ${recordId} order by id`,
  );
const dayValue = async (username: string, date: string) => {
  const [row] = await queryRows<{ value: string | null }>(t.db, sql`select value::text as value from timesheet_days where employee_id = ${id(username)} and date = ${date}`);
  return row?.value === null || row?.value === undefined ? null : Number(row.value);
};

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await t.db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
    values (${t.fixture.companyId}, 'T11-2026', '2026-10-26', '2026-11-25', 22, 0), (${t.fixture.companyId}, 'T12-2026', '2026-11-26', '2026-12-25', 22, 0)`);
});
afterAll(() => t?.close());

describe('create: the spec’s messages, nothing written on a refusal', () => {
  const count = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from work_schedules`))[0]!.n;

  it('Code, Name and Type are required; code and name at most 200 characters', async () => {
    const before = await count();
    let res = await create('hr', { days: officeWeek() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, message: M.codeRequired, data: null });
    expect(res.body.messages).toEqual([M.codeRequired, M.typeRequired, M.nameRequired]);
    res = await create('hr', { code: 'X'.repeat(201), type: 'HCM', name: 'n'.repeat(201), days: officeWeek() });
    expect(res.body.messages).toEqual([M.tooLong, M.tooLong]);
    expect(M.tooLong).toBe('You’ve exceeded the limit by 200 characters');
    res = await create('hr', { code: 'X', type: 'SHIFT', name: 'N', days: officeWeek() });
    expect(res.body.message).toBe(M.typeInvalid);
    expect(await count()).toBe(before);
  });

  it('a working day needs start and end, end after start; a break needs its continuous time and must end before the end', async () => {
    const days = officeWeek();
    days[0] = { ...days[0]!, startTime: null };
    days[1] = { ...days[1]!, startTime: '17:30', endTime: '08:30' };
    days[2] = { ...days[2]!, continuousWorkingTime: null };
    days[3] = { ...days[3]!, continuousWorkingTime: 9 };
    days[4] = { ...days[4]!, workingTime: 'eight' };
    const res = await create('hr', { code: 'BAD', type: 'HCM', name: 'Bad', days });
    expect(res.status).toBe(400);
    expect(res.body.messages).toEqual([
      M.timesRequired('Monday'),
      M.endBeforeStart('Tuesday'),
      M.continuousRequired('Wednesday'),
      M.breakOutside('Thursday'),
      M.hoursInvalid('Friday', 'working time'),
    ]);
    const tooLong = officeWeek().map((d) => (d.day === 1 ? { ...d, workingTime: 9 } : d.day === 2 ? { ...d, minimumWorkingTime: 8.5 } : d));
    expect((await create('hr', { code: 'BAD', type: 'HCM', name: 'Bad', days: tooLong })).body.messages).toEqual([M.workingTooLong('Monday'), M.minimumTooLong('Tuesday')]);
    const none = officeWeek().map((d) => ({ day: d.day, workingDay: false }));
    expect((await create('hr', { code: 'BAD', type: 'HCM', name: 'Bad', days: none })).body.message).toBe(M.noWorkingDay);
    expect((await create('hr', { code: 'BAD', type: 'HCM', name: 'Bad', days: officeWeek().slice(0, 6) })).body.message).toBe(M.daysInvalid);
    expect((await create('hr', { code: 'BAD', type: 'HCM', name: 'Bad\u0000', days: officeWeek() })).body.message).toBe(MESSAGES_COMMON.invalidText);
  });
});

describe('create, detail, list', () => {
  let officeId: number;

  it('stores the weekday rows the day engine reads and a header that follows the most common working day', async () => {
    const res = await create('hr', { code: 'HALF-WED', type: 'HCM', name: 'Giờ hành chính nửa thứ Tư', active: true, days: halfWednesdayWeek() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ code: 200, message: M.created, data: { version: 1 } });
    officeId = res.body.data.id;
    const [header] = await queryRows<Json>(
      t.db,
      sql`select to_char(work_start_time, 'HH24:MI') as s, to_char(work_end_time, 'HH24:MI') as e, standard_working_time, working_time, break_time, work_schedule_name_vi
            from work_schedules where id = ${officeId}`,
    );
    expect(header).toMatchObject({ s: '08:30', e: '17:30', standard_working_time: 480, working_time: 480, break_time: 60 });
    const days = await queryRows<Json>(
      t.db,
      sql`select day, working_day, to_char(start_time, 'HH24:MI') as s, to_char(end_time, 'HH24:MI') as e,
                 to_char(break_start, 'HH24:MI') as bs, to_char(break_end, 'HH24:MI') as be, working_time
            from work_schedule_days where work_schedule_id = ${officeId} order by day`,
    );
    expect(days[0]).toMatchObject({ day: 1, working_day: true, s: '08:30', e: '17:30', bs: '12:00', be: '13:00', working_time: 480 });
    expect(days[2]).toMatchObject({ day: 3, working_day: true, s: '08:30', e: '12:00', bs: null, be: null, working_time: 210 });
    expect(days[5]).toMatchObject({ day: 6, working_day: false, s: null, working_time: null });

    const detail = await call('hrm', 'GET', workScheduleDetailPath(officeId));
    expect(detail.body.data).toMatchObject({ code: 'HALF-WED', type: 'HCM', active: true, standard_working_time: 8, inUse: false, version: 1 });
    expect(detail.body.data.days[2]).toMatchObject({ key: 'WEDNESDAY', workingDay: true, startTime: '08:30', endTime: '12:00', workingTime: 3.5, breakTime: 0 });
    expect(detail.body.data.days[0]).toMatchObject({ key: 'MONDAY', breakStart: '12:00', breakEnd: '13:00', continuousWorkingTime: 3.5, breakTime: 1 });
    expect((await call('hr', 'GET', workScheduleDetailPath(999_999))).status).toBe(404);

    const history = await historyRows(officeId);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'CREATE', created_by_username: 'hr' });
    expect(history[0]!.new_record).toMatchObject({ code: 'HALF-WED', WEDNESDAY: '08:30-12:00, no break, 3.5 h (min 3.5 h)', SATURDAY: 'Day off' });
  });

  it('a code already used, in any letter case, is 409', async () => {
    const res = await create('admin', { code: 'half-wed', type: 'FLEXIBLE', name: 'Copy', days: officeWeek() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.duplicateCode('half-wed'));
  });

  it('find-all matches code or name with and without diacritics, paged', async () => {
    expect((await create('hr', { code: 'FLEX-7', type: 'FLEXIBLE', name: 'Linh hoạt', days: officeWeek() })).status).toBe(200);
    const find = async (keyword: string, extra = '') => (await call('hr', 'GET', `${WORK_SCHEDULE_FIND_ALL_PATH}?keyword=${encodeURIComponent(keyword)}${extra}`)).body;
    expect((await find('gio hanh')).data.map((r: Json) => r.work_schedule_code)).toEqual(['HALF-WED']);
    expect((await find('Giờ hành')).data.map((r: Json) => r.work_schedule_code)).toEqual(['HALF-WED']);
    expect((await find('flex')).data.map((r: Json) => r.work_schedule_code)).toEqual(['FLEX-7']);
    expect((await find('linh hoat')).data[0]).toMatchObject({ work_schedule_type: 'FLEXIBLE', work_start_time: '08:30', standard_working_time: 8, active: true });
    const all = await call('hr', 'GET', `${WORK_SCHEDULE_FIND_ALL_PATH}?page=1&size=1`);
    expect(all.body.page).toEqual({ page: 1, size: 1, total_element: 2 });
    expect(all.body.data).toHaveLength(1);
    expect((await call('staff', 'GET', WORK_SCHEDULE_FIND_ALL_PATH)).status).toBe(403);
  });

  it('the active switch writes a STATUS entry; a stale version is 409', async () => {
    const res = await call('hr', 'PUT', workScheduleActivePath(officeId), { active: false, version: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: M.statusUpdated, data: { id: officeId, version: 2 } });
    expect((await call('hr', 'PUT', workScheduleActivePath(officeId), { active: true, version: 1 })).status).toBe(409);
    expect((await call('hr', 'PUT', workScheduleActivePath(officeId), { active: true, version: 2 })).body.data.version).toBe(3);
    const history = await historyRows(officeId);
    expect(history.map((h) => h.action)).toEqual(['CREATE', 'STATUS', 'STATUS']);
    expect(history[1]!.changes).toEqual([{ field: 'active', oldValue: true, newValue: false }]);
  });
});

describe('edit: 409 when stale, history, and the recalculation of every employee on the schedule', () => {
  let scheduleId: number;

  beforeAll(async () => {
    const res = await create('hr', { code: 'OFFICE-EDIT', type: 'HCM', name: 'Office', days: officeWeek() });
    scheduleId = res.body.data.id;
    await t.db.execute(sql`
      insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, lack_of_time_allowed, ot_type, apply_date, expire_date)
      values (${id('staff2')}, 'OFFICE-EDIT', 'DAY', 3, 15, 'OT_FIXED', '2026-01-01', '9999-12-30')`);
    // staff2 works the mornings only: 08:25–12:05 on Tuesday and Wednesday.
    for (const d of [TUESDAY, WEDNESDAY]) {
      for (const clock of ['08:25', '12:05']) {
        await t.db.execute(sql`insert into punches (system, attendance_check_id, employee_id, punched_at, source)
          values ('TEST', 'staff2', ${id('staff2')}, ${`${d}T${clock}:00+07:00`}::timestamptz, 'test')`);
      }
    }
    await recalculate(t.db, { employeeIds: [id('staff2')], from: '2026-11-23', to: '2026-11-26', timeZone: TZ, now: NOW });
  });

  it('on the full-day schedule a morning is half a day', async () => {
    expect(await dayValue('staff2', TUESDAY)).toBe(0.5);
    expect(await dayValue('staff2', WEDNESDAY)).toBe(0.5);
  });

  it('a stale version is 409 and changes nothing', async () => {
    const res = await call('hr', 'PUT', WORK_SCHEDULE_UPDATE_PATH, { id: scheduleId, version: 7, type: 'HCM', name: 'Office', days: halfWednesdayWeek() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES_COMMON.conflict);
    expect(await dayValue('staff2', WEDNESDAY)).toBe(0.5);
    expect((await historyRows(scheduleId)).map((h) => h.action)).toEqual(['CREATE']);
  });

  it('a bad edit is 400 with the message; an unknown id is 404', async () => {
    const res = await call('hr', 'PUT', WORK_SCHEDULE_UPDATE_PATH, { id: scheduleId, version: 1, type: 'HCM', name: '', days: officeWeek() });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.nameRequired);
    expect((await call('hr', 'PUT', WORK_SCHEDULE_UPDATE_PATH, { id: 999_999, version: 1, type: 'HCM', name: 'x', days: officeWeek() })).status).toBe(404);
  });

  it('making Wednesday a half day (08:30–12:00, no break) credits the attended Wednesday as 1; Tuesday still needs the full day', async () => {
    const res = await call('hrm', 'PUT', WORK_SCHEDULE_UPDATE_PATH, { id: scheduleId, version: 1, code: 'RENAMED', type: 'HCM', name: 'Office, half Wednesday', days: halfWednesdayWeek() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: M.updated, data: { id: scheduleId, version: 2 } });
    expect(await dayValue('staff2', WEDNESDAY)).toBe(1);
    expect(await dayValue('staff2', TUESDAY)).toBe(0.5);
    const detail = (await call('hr', 'GET', workScheduleDetailPath(scheduleId))).body.data;
    expect(detail).toMatchObject({ code: 'OFFICE-EDIT', name: 'Office, half Wednesday', inUse: true, version: 2 });
    const history = await historyRows(scheduleId);
    expect(history.map((h) => h.action)).toEqual(['CREATE', 'UPDATE']);
    expect(history[1]!.created_by_username).toBe('hrm');
    expect(history[1]!.changes).toEqual([
      { field: 'name', oldValue: 'Office', newValue: 'Office, half Wednesday' },
      { field: 'WEDNESDAY', oldValue: '08:30-17:30, break 12:00-13:00, 8 h (min 8 h)', newValue: '08:30-12:00, no break, 3.5 h (min 3.5 h)' },
    ]);
    const entries = (await call('hr', 'GET', workScheduleHistoryPath(scheduleId))).body.data;
    expect(entries.map((e: Json) => e.action)).toEqual(['UPDATE', 'CREATE']);
  });
});

describe('remove', () => {
  it('is refused with 409 while a staff or a department policy names the schedule', async () => {
    const staffUsed = (await call('hr', 'GET', `${WORK_SCHEDULE_FIND_ALL_PATH}?keyword=OFFICE-EDIT`)).body.data[0];
    let res = await call('hr', 'DELETE', workScheduleDetailPath(staffUsed.id));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.inUse('OFFICE-EDIT'));

    const dep = await create('hr', { code: 'DEP-ONLY', type: 'HCM', name: 'Department only', days: officeWeek() });
    await t.db.execute(sql`insert into department_policies (department_id, work_schedule_code, rule_type, ot_type, apply_date, expire_date)
      values (${t.fixture.departments.dep3}, 'DEP-ONLY', 'DAY', 'OT_FIXED', '2026-01-01', '2026-12-31')`);
    res = await call('admin', 'DELETE', workScheduleDetailPath(dep.body.data.id));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.inUse('DEP-ONLY'));
    expect((await call('hr', 'GET', workScheduleDetailPath(dep.body.data.id))).status).toBe(200);
  });

  it('removes an unused schedule with its weekday rows; a stale version is 409; its history stays readable', async () => {
    const res = await create('hr', { code: 'TEMP', type: 'HCM', name: 'Temporary', days: officeWeek() });
    const scheduleId = res.body.data.id as number;
    expect((await call('hr', 'DELETE', `${workScheduleDetailPath(scheduleId)}?version=5`)).status).toBe(409);
    const removed = await call('hr', 'DELETE', `${workScheduleDetailPath(scheduleId)}?version=1`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ message: M.deleted, data: { id: scheduleId } });
    expect((await call('hr', 'GET', workScheduleDetailPath(scheduleId))).status).toBe(404);
    const [days] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from work_schedule_days where work_schedule_id = ${scheduleId}`);
    expect(days!.n).toBe(0);
    const entries = (await call('hr', 'GET', workScheduleHistoryPath(scheduleId))).body.data;
    expect(entries.map((e: Json) => e.action)).toEqual(['DELETE', 'CREATE']);
    expect((await call('hr', 'DELETE', workScheduleDetailPath(scheduleId))).status).toBe(404);
    expect((await call('hr', 'GET', workScheduleHistoryPath(999_999))).status).toBe(404);
  });
});

describe('hostile input is a 400 or 404, never a 5xx', () => {
  it('answers bad ids, versions, days and texts without touching the database', async () => {
    const week = officeWeek();
    const cases: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['hr', 'GET', workScheduleDetailPath(2_147_483_648), undefined],
      ['hr', 'GET', '/tms/work-schedule-manager/abc', undefined],
      ['hr', 'GET', `${WORK_SCHEDULE_FIND_ALL_PATH}?keyword=%00&page=0`, undefined],
      ['hr', 'DELETE', `${workScheduleDetailPath(1)}?version=-1`, undefined],
      ['hr', 'PUT', workScheduleActivePath(1), { active: 'yes', version: 1 }],
      ['hr', 'PUT', WORK_SCHEDULE_UPDATE_PATH, { id: 1, version: 2_147_483_648, type: 'HCM', name: 'x', days: week }],
      ['hr', 'POST', WORK_SCHEDULE_CREATE_PATH, { code: 'H', type: 'HCM', name: 'x', days: week.map((d) => ({ ...d, day: 99 })) }],
      ['hr', 'POST', WORK_SCHEDULE_CREATE_PATH, { code: 'H', type: 'HCM', name: 'x', days: week.map((d) => ({ ...d, workingTime: 1e308, breakTime: -1 })) }],
      ['hr', 'POST', WORK_SCHEDULE_CREATE_PATH, { code: 'H', type: 'HCM', name: 'x', days: week.map((d) => ({ ...d, startTime: '25:99', endTime: '\ud800' })) }],
      ['hr', 'POST', WORK_SCHEDULE_CREATE_PATH, { code: ['H'], type: 1, name: {}, days: 'all' }],
    ];
    for (const [user, method, url, payload] of cases) {
      const res = await call(user, method, url, payload);
      expect([400, 404], `${method} ${url} → ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
    }
  });
});
