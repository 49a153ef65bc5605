import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendanceStates,
  entriesOf,
  TEAM_CALENDAR_MESSAGES as M,
  TEAM_CALENDAR_PATHS as P,
  teamCalendarResponseSchema,
  type AwayCount,
  type TeamCalendarData,
  type TeamCalendarPerson,
} from '@tms/contracts/team-calendar';
import { queryRows } from '../../db/client.ts';
import { approvePeriodEnding, insertVietnameseEmployee } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Team Calendar (issue 30 §1; RULES.md §3). The clock is fixed on Wednesday 25/11/2026 10:00 company time; the range
 * is November 2026. staff (DEP1) has approved annual leave on Thu 26/11; staff2 (DEP1) a pending morning on Fri 27/11
 * and a rejected and a withdrawn request on Mon 30/11; staff3 (DEP2) approved leave on 26/11, assigned to the guest;
 * staff4 (DEP3, project P1 with staff) approved work outside on 26/11; staff an explanation on 10/11 (never shown).
 * 20/11 is a holiday of VNM_NPH. Stored days: staff late on Mon 23/11, staff2 present on 23/11 and absent on 24/11.
 */
const NOW = '2026-11-25T10:00:00+07:00';
const RANGE = 'from=2026-11-01&to=2026-11-30';

let t: TestApp;
const id = (u: string) => t.fixture.employeeIds[u]!;

async function get(user: string, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { ...(await t.as(user)), ...headers } });
  return { status: res.statusCode, body: res.json() as { message: string; data: unknown; page?: { total_element: number } } };
}
/** The calendar's answer, held to the contract's schema: the database writes it and the server sends it unchecked. */
async function calendar(user: string, query = RANGE, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api${P.calendar}?${query}`, headers: { ...(await t.as(user)), ...headers } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const answer = teamCalendarResponseSchema.strict().parse(res.json());
  return { data: answer.data, total: answer.page.total_element };
}
/** A person's attendance as { day offset in the range: state }. */
const attendance = (p: TeamCalendarPerson) => Object.fromEntries(attendanceStates(p.attendance).flatMap((state, i) => (state ? [[i, state]] : [])));
const names = (data: TeamCalendarData) => data.people.map((p) => p.user_name).sort();
const person = (data: TeamCalendarData, u: string): TeamCalendarPerson => {
  const found = data.people.find((p) => p.user_name === u);
  if (!found) throw new Error(`${u} not on the calendar`);
  return found;
};

async function request(user: string, opts: { type?: string; reason?: string; date: string; status: number; shift?: string; hours?: number; explanation?: boolean; assignee?: string }) {
  const type = opts.type ?? 'LEAVE_REQUEST';
  const assignee = opts.assignee ? t.fixture.userIds[opts.assignee]! : null;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`
      insert into requests (employee_id, request_type, reason_type, start_date, end_date, status, is_explanation, quantity_in_hours, assignee_user_id)
      values (${id(user)}, ${type}, ${opts.reason ?? 'ANN_LEAVE_CORP'}, ${opts.date}, ${opts.date}, ${opts.status}, ${opts.explanation ?? false}, ${opts.hours ?? 8}, ${assignee})
      returning id`,
  );
  await t.db.execute(sql`
    insert into request_dates (request_id, employee_id, date, shift, hours)
    values (${row!.id}, ${id(user)}, ${opts.date}, ${opts.shift ?? 'FULL_DAY'}, ${opts.hours ?? 8})`);
  return row!.id;
}

async function day(user: string, date: string, f: { late?: boolean; checkIn?: string | null; worked?: number; absent?: number }) {
  await t.db.execute(sql`
    insert into timesheet_days (employee_id, date, day_type, check_in, worked_minutes, absent_minutes, is_late_coming)
    values (${id(user)}, ${date}, 'WORKING', ${f.checkIn ?? null}, ${f.worked ?? 0}, ${f.absent ?? 0}, ${f.late ?? false})`);
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  ids.staffLeave = await request('staff', { date: '2026-11-26', status: 3 });
  ids.staff2Pending = await request('staff2', { date: '2026-11-27', status: 1, shift: 'MORNING', hours: 4 });
  await request('staff2', { date: '2026-11-30', status: 4 });
  await request('staff2', { date: '2026-11-30', status: 5 });
  ids.staff3Leave = await request('staff3', { date: '2026-11-26', status: 3, reason: 'SICK_LEAVE_SI', assignee: 'guest' });
  ids.staff4Outside = await request('staff4', { date: '2026-11-26', status: 3, type: 'WORK_OUTSIDE', reason: 'WORK_OUTSIDE' });
  await request('staff', { date: '2026-11-10', status: 3, type: 'EXPLANATION_REQUEST', reason: 'FORGOT_CHECK_IN_OUT', explanation: true });
  await t.db.execute(sql`insert into holidays (calendar_code, date, name, name_vi) values ('VNM_NPH', '2026-11-20', 'Company day', 'Ngày công ty')`);
  await day('staff', '2026-11-23', { late: true, checkIn: '08:45', worked: 450 });
  await day('staff2', '2026-11-23', { checkIn: '08:00', worked: 480 });
  await day('staff2', '2026-11-24', { absent: 480 });
  // A day after today is never stored by the engine; one stored by mistake must still not show as past attendance.
  await day('staff', '2026-11-26', { absent: 480 });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('scope (RULES.md §3)', () => {
  it('staff see their department and their projects’ members, not another department', async () => {
    const { data, total } = await calendar('staff');
    expect(names(data)).toEqual(['gl', 'staff', 'staff2', 'staff4']);
    expect(total).toBe(4);
    expect(data.people.some((p) => p.user_name === 'staff3')).toBe(false);
  });

  it('staff see their own attendance but not a colleague’s', async () => {
    const { data } = await calendar('staff');
    // Day 22 of the range from 01/11: staff was late on the 23rd.
    expect(person(data, 'staff')).toMatchObject({ attendance_visible: true, attendance: '22L' });
    expect(person(data, 'staff2')).toMatchObject({ attendance_visible: false, attendance: '' });
    expect(person(data, 'staff4').attendance).toBe('');
  });

  it('a group lead sees their department with its attendance', async () => {
    const { data } = await calendar('gl');
    expect(names(data)).toEqual(['gl', 'staff', 'staff2']);
    expect(attendance(person(data, 'staff2'))).toEqual({ 22: 'PRESENT', 23: 'ABSENT' });
  });

  it('a division lead sees their division and their own department', async () => {
    const { data } = await calendar('dl');
    expect(names(data)).toEqual(['admin', 'dl', 'gl', 'hr', 'hrm', 'staff', 'staff2', 'staff3']);
    expect(person(data, 'staff3').attendance_visible).toBe(true);
  });

  it('a PM sees their project’s members (without their attendance) and their department', async () => {
    const { data } = await calendar('pm');
    expect(names(data)).toEqual(['guest', 'other', 'pm', 'staff', 'staff4']);
    expect(person(data, 'staff').attendance_visible).toBe(false);
  });

  it('HR, HRM and Admin see everyone', async () => {
    for (const user of ['hr', 'hrm', 'admin']) {
      const { total } = await calendar(user, `${RANGE}&size=100`);
      expect(total).toBe(12);
    }
    const { data } = await calendar('hr', `${RANGE}&size=100`);
    expect(attendance(person(data, 'staff2'))).toEqual({ 22: 'PRESENT', 23: 'ABSENT' });
  });

  it('a guest sees only the owners of requests assigned to them', async () => {
    const { data } = await calendar('guest');
    expect(names(data)).toEqual(['staff3']);
    expect(person(data, 'staff3').attendance_visible).toBe(false);
  });
});

describe('what a cell shows', () => {
  it('approved and pending requests; rejected, withdrawn and explanations are left out', async () => {
    const { data } = await calendar('gl');
    expect(person(data, 'staff').requests).toEqual([
      { request_id: ids.staffLeave, request_type: 'LEAVE_REQUEST', reason_type: 'ANN_LEAVE_CORP', reason_name: 'Annual leave', status: 3, days: [{ date: '2026-11-26', shift: 'FULL_DAY', hours: 8 }] },
    ]);
    expect(entriesOf(person(data, 'staff2').requests)).toEqual([expect.objectContaining({ request_id: ids.staff2Pending, date: '2026-11-27', status: 1, shift: 'MORNING', hours: 4 })]);
  });

  it('a request of several days is sent once with its days; an hourly day has its minutes and times, not a shift', async () => {
    const [twoDays] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, status, quantity_in_hours)
          values (${id('staff4')}, 'LEAVE_REQUEST', 'ANN_LEAVE_CORP', '2026-10-30', '2026-11-03', 3, 24) returning id`,
    );
    const [hourly] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, status, quantity_in_hours)
          values (${id('staff4')}, 'LEAVE_REQUEST', 'ANN_LEAVE_CORP', '2026-11-12', '2026-11-12', 1, 1.5) returning id`,
    );
    await t.db.execute(sql`
      insert into request_dates (request_id, employee_id, date, shift, hours, minutes, start_time, end_time)
      values (${twoDays!.id}, ${id('staff4')}, '2026-10-30', 'FULL_DAY', 8, null, null, null),
             (${twoDays!.id}, ${id('staff4')}, '2026-11-02', 'FULL_DAY', 8, null, null, null),
             (${twoDays!.id}, ${id('staff4')}, '2026-11-03', 'AFTERNOON', 4, null, null, null),
             (${hourly!.id}, ${id('staff4')}, '2026-11-12', null, 1.5, 90, '08:00', '09:30')`);
    try {
      const { data } = await calendar('staff');
      // The range starts on 01/11: the 30/10 day is not sent; the request comes first by its first day in the range.
      expect(person(data, 'staff4').requests.filter((r) => r.request_id === twoDays!.id || r.request_id === hourly!.id)).toEqual([
        expect.objectContaining({ request_id: twoDays!.id, status: 3, days: [{ date: '2026-11-02', shift: 'FULL_DAY', hours: 8 }, { date: '2026-11-03', shift: 'AFTERNOON', hours: 4 }] }),
        expect.objectContaining({ request_id: hourly!.id, status: 1, days: [{ date: '2026-11-12', hours: 1.5, minutes: 90, start_time: '08:00', end_time: '09:30' }] }),
      ]);
    } finally {
      await t.db.execute(sql`delete from request_dates where request_id in (${twoDays!.id}, ${hourly!.id})`);
      await t.db.execute(sql`delete from requests where id in (${twoDays!.id}, ${hourly!.id})`);
    }
  });

  it('work outside, holidays of the person’s calendar, names in the reader’s language', async () => {
    const { data } = await calendar('staff', RANGE, { 'accept-language': 'vi' });
    expect(person(data, 'staff4').requests[0]).toMatchObject({ request_type: 'WORK_OUTSIDE', reason_name: 'Làm việc bên ngoài' });
    expect(person(data, 'staff').holiday_calendar).toBe('VNM_NPH');
    expect(data.holidays).toEqual([{ calendar: 'VNM_NPH', date: '2026-11-20', name: 'Ngày công ty' }]);
    expect(data.departments.find((d) => d.id === person(data, 'staff').department_id)?.name).toBe('Department One');
    expect(data.departments.map((d) => d.id).sort()).toEqual([...new Set(data.people.map((p) => p.department_id))].sort());
    expect(data.today).toBe('2026-11-25');
  });

  it('a pending request that expired at the lock date (25/10) is not shown or counted; an approved one is', async () => {
    await approvePeriodEnding(t.db, t.fixture.companyId, '2026-09-26', '2026-10-25');
    const expired = await request('staff', { date: '2026-10-20', status: 1 });
    const approved = await request('staff', { date: '2026-10-21', status: 3 });
    try {
      const { data } = await calendar('gl', 'from=2026-10-01&to=2026-11-30');
      const shown = person(data, 'staff').requests.map((r) => r.request_id);
      expect(shown).toContain(approved);
      expect(shown).not.toContain(expired);
      const away = await get('staff2', `${P.awayCount}?from=2026-10-20&to=2026-10-20`);
      expect((away.body.data as AwayCount).away).toBe(0);
      expect(((await get('staff2', `${P.awayCount}?from=2026-10-21&to=2026-10-21`)).body.data as AwayCount).away).toBe(1);
    } finally {
      await t.db.execute(sql`delete from request_dates where request_id in (${expired}, ${approved})`);
      await t.db.execute(sql`delete from requests where id in (${expired}, ${approved})`);
      await t.db.execute(sql`delete from payroll_periods where company_id = ${t.fixture.companyId} and to_date = '2026-10-25'`);
    }
  });

  it('no attendance for today or later days', async () => {
    const { data } = await calendar('staff');
    // The 26th is stored (by mistake) as absent but is after today: not shown.
    expect(attendance(person(data, 'staff'))).toEqual({ 22: 'LATE' });
  });
});

describe('filters', () => {
  it('department, division, project, reason type and a diacritics-insensitive name search', async () => {
    await insertVietnameseEmployee(t.db, t.fixture);
    expect(names((await calendar('hr', `${RANGE}&department_id=${t.fixture.departments.dep2}`)).data)).toEqual(['admin', 'dl', 'hr', 'hrm', 'staff3']);
    expect((await calendar('hr', `${RANGE}&division_id=${t.fixture.divisions.div2}`)).total).toBe(4);
    expect(names((await calendar('hr', `${RANGE}&project_id=${t.fixture.projectId}`)).data)).toEqual(['staff', 'staff4']);
    expect(names((await calendar('hr', `${RANGE}&reason_type=SICK_LEAVE_SI`)).data)).toEqual(['staff3']);
    expect(names((await calendar('staff', `${RANGE}&keyword=dang van`)).data)).toEqual(['sondv']);
  });

  it('pages in name order', async () => {
    const first = await calendar('hr', `${RANGE}&size=5&page=1`);
    const second = await calendar('hr', `${RANGE}&size=5&page=2`);
    expect(first.data.people).toHaveLength(5);
    expect(first.total).toBe(13);
    expect(first.data.people.map((p) => p.name)).toEqual([...first.data.people.map((p) => p.name)].sort());
    expect(second.data.people[0]!.name >= first.data.people[4]!.name).toBe(true);
  });
});

describe('range', () => {
  it('refuses an unreal date, a reversed range and more than 62 days', async () => {
    for (const [query, message] of [
      ['from=2026-02-30&to=2026-03-01', M.invalidDate],
      ['from=2026-11-30&to=2026-11-01', M.rangeOrder],
      ['from=2026-10-01&to=2026-12-02', M.rangeTooLong],
    ] as const) {
      const res = await get('staff', `${P.calendar}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // 62 days, 01/10 to 01/12, is the longest range.
    await calendar('staff', 'from=2026-10-01&to=2026-12-01');
  });
});

describe('away count (Create Request hint)', () => {
  it('counts the others of the requester’s department away on the dates, pending included', async () => {
    const res = await get('staff', `${P.awayCount}?from=2026-11-26&to=2026-11-27`);
    expect(res.status).toBe(200);
    expect(res.body.data as AwayCount).toEqual({ away: 1, total: 4, department_name: 'Department One' });
    const gl = await get('gl', `${P.awayCount}?from=2026-11-26&to=2026-11-26`);
    expect((gl.body.data as AwayCount).away).toBe(1);
  });

  it('another department’s requester is not found for staff', async () => {
    const res = await get('staff', `${P.awayCount}?from=2026-11-26&to=2026-11-27&employee_id=${id('staff3')}`);
    expect(res.status).toBe(404);
    const hr = await get('hr', `${P.awayCount}?from=2026-11-26&to=2026-11-27&employee_id=${id('staff3')}`);
    expect(hr.body.data as AwayCount).toMatchObject({ away: 0, total: 5 });
  });
});
