import { sql, type SQL } from 'drizzle-orm';
import { TEAM_CALENDAR_REQUEST_TYPES, TEAM_CALENDAR_STATUSES, type TeamCalendarData } from '@tms/contracts/team-calendar';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { employeeNameContains, inList } from '../../db/sql-fragments.ts';
import { departmentName, localizedName, reasonTypeName } from '../../lib/localized-name.ts';
import { employeeScope, teamCalendarScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session-user.ts';

/**
 * The SQL of the Team Calendar (issue 30 §1, docs/team-calendar.md): who may be seen, their requests on each day of a
 * range, their holidays and attendance, in one statement per page; and the away count of a department. Who may be
 * seen is lib/scope.ts `teamCalendarScope`, which the calendar feeds' team feed applies too.
 */

export type CalendarViewer = Pick<SessionUser, 'userId' | 'employeeId' | 'roles' | 'isPm'>;

/** The people a viewer sees on the calendar, as a condition on employee `e` (lib/scope.ts `teamCalendarScope`). */
export function calendarPeopleScope(user: CalendarViewer): SQL {
  return teamCalendarScope(user, { id: sql`e.id`, departmentId: sql`e.department_id` });
}

/**
 * Whose attendance the viewer may see (condition on `e`): their own, and the people of their lead scope (RULES.md §3
 * without the PM's projects: a PM sees their members' requests, not their attendance); HR, HRM, Admin everyone.
 * A GUEST-only user sees nobody's.
 */
export function attendanceScope(user: CalendarViewer): SQL {
  if (user.roles.every((role) => role === 'GUEST')) return sql`false`;
  return employeeScope(user, sql`e.id`);
}

/** Working in the range: started by its end, not gone before its start. */
const workingIn = (from: string, to: string) =>
  sql`e.start_working_day <= ${to}::date and (e.last_working_day >= ${from}::date or (e.last_working_day is null and e.employee_status <> 'Terminated'))`;

/** The requests a cell shows (condition on `r`): leave, work outside, onsite, pending or approved. */
const shownRequest = (reasonType?: string) =>
  sql`r.status in (${inList(TEAM_CALENDAR_STATUSES)}) and not r.is_explanation and r.request_type in (${inList(TEAM_CALENDAR_REQUEST_TYPES)})
      ${reasonType ? sql`and r.reason_type = ${reasonType}` : sql``}`;

export type CalendarFilters = { divisionId?: number; departmentId?: number; projectId?: number; reasonType?: string; keyword?: string };

/** The filters of the page as conditions on `e`. */
function filterConditions(f: CalendarFilters, from: string, to: string): SQL {
  const parts: SQL[] = [];
  if (f.divisionId) parts.push(sql`e.division_id = ${f.divisionId}`);
  if (f.departmentId) parts.push(sql`e.department_id = ${f.departmentId}`);
  if (f.projectId) parts.push(sql`e.id in (select fm.employee_id from project_members fm where fm.project_id = ${f.projectId})`);
  if (f.keyword) parts.push(employeeNameContains(f.keyword));
  // A reason type keeps the people with such a request in the range (the others would be empty rows).
  if (f.reasonType) {
    parts.push(sql`exists (select 1 from request_dates rd join requests r on r.id = rd.request_id
                    where rd.employee_id = e.id and rd.date between ${from}::date and ${to}::date and ${shownRequest(f.reasonType)})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * A stored working day's attendance as one character (contracts ATTENDANCE_CODES): late (L), else present (P) when
 * there was a punch or work, else absent (A) when uncovered. One character a day keeps a month of 500 people one short
 * string each instead of 10,000 objects to build, validate and send.
 */
const attendanceCode = sql`case when td.is_late_coming then 'L'
  when td.check_in is not null or td.worked_minutes > 0 then 'P'
  when td.absent_minutes > 0 then 'A' end`;

export type CalendarPage = { total: number; people: TeamCalendarData['people']; holidays: TeamCalendarData['holidays'] };

/**
 * One page of the calendar in one statement: the matching people (scope, filters, working in the range) counted and
 * paged in name order, then for the page only their requests' days (request_dates by (employee, date)), their
 * attendance on past working days where visible (timesheet_days by its primary key) and the holidays of their
 * calendars, each aggregated to JSON.
 */
export async function calendarPage(db: DbOrTx, opts: CalendarPageOptions): Promise<CalendarPage> {
  const [row] = await queryRows<{ data: CalendarPage }>(db, calendarPageSql(opts));
  return row!.data;
}

export type CalendarPageOptions = { user: CalendarViewer; from: string; to: string; today: string; filters: CalendarFilters; limit: number; offset: number };

/** The statement of `calendarPage` (also what the benchmark EXPLAINs). */
export function calendarPageSql(opts: CalendarPageOptions): SQL {
  const { user, from, to, filters } = opts;
  const where = sql`${workingIn(from, to)} and ${calendarPeopleScope(user)} and ${filterConditions(filters, from, to)}`;
  return sql`
    with people as materialized (
      select e.id, e.name from employees e where ${where}
    ),
    page as materialized (
      select p.id, row_number() over (order by p.name, p.id) as ord
        from (select id, name from people order by name, id limit ${opts.limit} offset ${opts.offset}) p
    ),
    entries as (
      select rd.employee_id,
             json_agg(json_build_object(
               'request_id', r.id, 'date', rd.date, 'request_type', r.request_type, 'reason_type', r.reason_type,
               'reason_name', coalesce(${reasonTypeName(sql`rt`)}, r.reason_type), 'status', r.status, 'shift', rd.shift,
               'minutes', rd.minutes, 'start_time', rd.start_time, 'end_time', rd.end_time, 'hours', rd.hours
             ) order by rd.date, r.id) as entries
        from page pg
        join request_dates rd on rd.employee_id = pg.id and rd.date between ${from}::date and ${to}::date
        join requests r on r.id = rd.request_id
        left join reason_types rt on rt.code = r.reason_type
       where ${shownRequest(filters.reasonType)}
       group by rd.employee_id
    ),
    states as (
      select td.employee_id, td.date, ${attendanceCode} as code,
             td.date - coalesce(lag(td.date) over (partition by td.employee_id order by td.date), ${from}::date - 1) - 1 as gap
        from page pg
        join employees e on e.id = pg.id
        join timesheet_days td on td.employee_id = e.id and td.date between ${from}::date and least(${to}::date, ${opts.today}::date - 1)
       where td.day_type = 'WORKING' and ${attendanceCode} is not null and ${attendanceScope(user)}
    ),
    -- Each state after as many '.' as days without one since the previous: the text's i-th character is the i-th day.
    att as (
      select employee_id, string_agg(repeat('.', gap) || code, '' order by date) as attendance from states group by employee_id
    )
    select json_build_object(
      'total', (select count(*)::int from people),
      'people', coalesce((
        select json_agg(json_build_object(
                 'employee_id', e.id, 'name', e.name, 'user_name', e.user_name,
                 'department_name', ${departmentName(sql`dep`)}, 'division_name', ${departmentName(sql`div`)},
                 'holiday_calendar', e.holiday_calendar_code, 'attendance_visible', ${attendanceScope(user)},
                 'entries', coalesce(en.entries, '[]'::json), 'attendance', coalesce(att.attendance, '')
               ) order by pg.ord)
          from page pg
          join employees e on e.id = pg.id
          join departments dep on dep.id = e.department_id
          join departments div on div.id = e.division_id
          left join entries en on en.employee_id = e.id
          left join att on att.employee_id = e.id), '[]'::json),
      'holidays', coalesce((
        select json_agg(json_build_object('calendar', h.calendar_code, 'date', h.date, 'name', ${localizedName(sql`h.name_vi`, sql`h.name`)}) order by h.date, h.calendar_code)
          from holidays h
         where h.date between ${from}::date and ${to}::date
           and h.calendar_code in (select e.holiday_calendar_code from page pg join employees e on e.id = pg.id)), '[]'::json)
    ) as data`;
}

/** An employee the viewer may see on the calendar (the requester of the Create Request hint), with their department. */
export async function visibleEmployee(db: DbOrTx, user: CalendarViewer, employeeId: number): Promise<{ id: number; department_id: number } | undefined> {
  const [row] = await queryRows<{ id: number; department_id: number }>(
    db,
    sql`select e.id, e.department_id from employees e where e.id = ${employeeId} and ${calendarPeopleScope(user)}`,
  );
  return row;
}

/** How many of a department's people working in the range are away (approved or pending) on any of its days, but one. */
export async function awayCount(db: DbOrTx, opts: { departmentId: number; exceptEmployeeId: number; from: string; to: string }): Promise<{ away: number; total: number; department_name: string }> {
  const [row] = await queryRows<{ away: number; total: number; department_name: string }>(
    db,
    sql`
    with dept as (select e.id from employees e where e.department_id = ${opts.departmentId} and ${workingIn(opts.from, opts.to)})
    select (select count(*)::int from dept) as total,
           (select count(distinct rd.employee_id)::int
              from dept d
              join request_dates rd on rd.employee_id = d.id and rd.date between ${opts.from}::date and ${opts.to}::date
              join requests r on r.id = rd.request_id
             where d.id <> ${opts.exceptEmployeeId} and ${shownRequest()}) as away,
           (select ${departmentName(sql`dep`)} from departments dep where dep.id = ${opts.departmentId}) as department_name`,
  );
  return { away: row?.away ?? 0, total: row?.total ?? 0, department_name: row?.department_name ?? '' };
}
