import { sql, type SQL } from 'drizzle-orm';
import { REQUEST_STATUS } from '@tms/contracts/requests';
import { TEAM_CALENDAR_MESSAGES as M, TEAM_CALENDAR_REQUEST_TYPES } from '@tms/contracts/team-calendar';
import { queryRows, queryRowsPrepared, type DbOrTx } from '../../db/client.ts';
import { employeeNameContains, inList } from '../../db/sql-fragments.ts';
import { departmentName, localizedName, reasonTypeName } from '../../lib/localized-name.ts';
import { employeeScope, teamCalendarScope } from '../../lib/scope.ts';
import { lockDateOfEmployeeSql } from '../payroll-periods/payroll-periods.service.ts';
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

/**
 * The requests a cell shows (condition on `r`): leave, work outside, onsite, approved or pending — but not a pending
 * one that expired at the viewer's lock date (RULES.md §5: it can no longer be decided), as the request list and the
 * calendar feeds tell it. The lock date is one value for the statement (an uncorrelated subquery).
 */
const shownRequest = (viewer: CalendarViewer, reasonType?: string) =>
  sql`(r.status = ${REQUEST_STATUS.approved} or (r.status = ${REQUEST_STATUS.pending} and coalesce(r.start_date > ${lockDateOfEmployeeSql(viewer.employeeId)}, true)))
      and not r.is_explanation and r.request_type in (${inList(TEAM_CALENDAR_REQUEST_TYPES)})
      ${reasonType ? sql`and r.reason_type = ${reasonType}` : sql``}`;

export type CalendarFilters = { divisionId?: number; departmentId?: number; projectId?: number; reasonType?: string; keyword?: string };

/** The filters of the page as conditions on `e`. */
function filterConditions(viewer: CalendarViewer, f: CalendarFilters, from: string, to: string): SQL {
  const parts: SQL[] = [];
  if (f.divisionId) parts.push(sql`e.division_id = ${f.divisionId}`);
  if (f.departmentId) parts.push(sql`e.department_id = ${f.departmentId}`);
  if (f.projectId) parts.push(sql`e.id in (select fm.employee_id from project_members fm where fm.project_id = ${f.projectId})`);
  if (f.keyword) parts.push(employeeNameContains(f.keyword));
  // A reason type keeps the people with such a request in the range (the others would be empty rows).
  if (f.reasonType) {
    parts.push(sql`exists (select 1 from request_dates rd join requests r on r.id = rd.request_id
                    where rd.employee_id = e.id and rd.date between ${from}::date and ${to}::date and ${shownRequest(viewer, f.reasonType)})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * A stored working day's attendance as one character (contracts ATTENDANCE_CODES): late (L), else present (P) when
 * there was a punch or work, else absent (A) when uncovered.
 */
const attendanceCode = sql`case when td.is_late_coming then 'L'
  when td.check_in is not null or td.worked_minutes > 0 then 'P'
  when td.absent_minutes > 0 then 'A' end`;

export type CalendarPageOptions = {
  user: CalendarViewer;
  from: string;
  to: string;
  today: string;
  filters: CalendarFilters;
  page: number;
  size: number;
};

/**
 * One page of the calendar as the API's whole answer (contracts `teamCalendarResponseSchema`), built and serialised
 * by PostgreSQL in one statement. A department's month is some 300 KB of JSON: parsing it here, validating it and
 * serialising it again cost the single server thread more than the statement itself, so the text goes out as it is
 * (the tests hold it to the schema).
 */
export async function calendarAnswer(db: DbOrTx, opts: CalendarPageOptions): Promise<string> {
  const [row] = await queryRowsPrepared<{ answer: string }>(db, calendarAnswerSql(opts));
  return row!.answer;
}

/**
 * The statement of `calendarAnswer`: the matching people (scope, filters, working in the range) counted and paged in
 * name order, then for the page only their requests with their days (request_dates by (employee, date)), their
 * attendance on past working days where visible and the holidays of their calendars, each aggregated to JSON. A
 * request's fields go once, not once a day. People, requests and days are rows turned to JSON (`select v from (select …) v`), which PostgreSQL writes without the spaces
 * json_build_object puts around every key: a fifth fewer bytes. The attendance is aggregated in no order (contracts
 * `attendanceStates` reads it): sorting a department's month of days per person cost a fifth of the statement.
 */
export function calendarAnswerSql(opts: CalendarPageOptions): SQL {
  const { user, from, to, filters } = opts;
  const where = sql`${workingIn(from, to)} and ${calendarPeopleScope(user)} and ${filterConditions(user, filters, from, to)}`;
  return sql`
    with people as materialized (
      select e.id, e.name from employees e where ${where}
    ),
    page as materialized (
      select p.id, row_number() over (order by p.name, p.id) as ord
        from (select id, name from people order by name, id limit ${opts.size} offset ${(opts.page - 1) * opts.size}) p
    ),
    -- The shown requests of the page's people, each with its days in the range; a day leaves out the keys it has no
    -- value for (a full or half day has only its date, shift and hours).
    request_days as (
      select rd.request_id, rd.employee_id, min(rd.date) as first_date,
             json_agg(case when rd.shift is not null and rd.minutes is null and rd.start_time is null and rd.end_time is null
                           then (select row_to_json(v) from (select rd.date, rd.shift, rd.hours::float8 as hours) v)
                           else json_strip_nulls((select row_to_json(v) from (select rd.date, rd.shift, rd.hours::float8 as hours, rd.minutes, rd.start_time, rd.end_time) v))
                      end order by rd.date) as days
        from page pg
        join request_dates rd on rd.employee_id = pg.id and rd.date between ${from}::date and ${to}::date
        join requests r on r.id = rd.request_id
       where ${shownRequest(user, filters.reasonType)}
       group by rd.request_id, rd.employee_id
    ),
    requests_of as (
      select d.employee_id,
             json_agg((select v from (select r.id as request_id, r.request_type, r.reason_type,
                                             coalesce(${reasonTypeName(sql`rt`)}, r.reason_type) as reason_name, r.status, d.days) v)
                      order by d.first_date, r.id) as requests
        from request_days d
        join requests r on r.id = d.request_id
        left join reason_types rt on rt.code = r.reason_type
       group by d.employee_id
    ),
    -- Each past working day with a state as its offset in the range (two digits) and its code: '03L' (contracts). A
    -- day without a state gives null, which string_agg skips.
    att as (
      select td.employee_id, string_agg(lpad((td.date - ${from}::date)::text, 2, '0') || ${attendanceCode}, '') as attendance
        from page pg
        join employees e on e.id = pg.id
        join timesheet_days td on td.employee_id = e.id and td.date between ${from}::date and least(${to}::date, ${opts.today}::date - 1)
       where td.day_type = 'WORKING' and ${attendanceScope(user)}
       group by td.employee_id
    )
    select json_build_object(
      'code', 200,
      'message', ${M.success}::text,
      'data', json_build_object(
        'from', ${from}::text, 'to', ${to}::text, 'today', ${opts.today}::text,
        'people', coalesce((
          select json_agg(p.person order by p.ord)
            from (select pg.ord,
                         (select v from (select e.id as employee_id, e.name, e.user_name, e.department_id, e.holiday_calendar_code as holiday_calendar,
                                                ${attendanceScope(user)} as attendance_visible, coalesce(rq.requests, '[]'::json) as requests,
                                                coalesce(att.attendance, '') as attendance) v) as person
                    from page pg
                    join employees e on e.id = pg.id
                    left join requests_of rq on rq.employee_id = e.id
                    left join att on att.employee_id = e.id) p), '[]'::json),
        'departments', coalesce((
          select json_agg((select v from (select dep.id, ${departmentName(sql`dep`)} as name) v) order by dep.id)
            from departments dep
           where dep.id in (select e.department_id from page pg join employees e on e.id = pg.id)), '[]'::json),
        'holidays', coalesce((
          select json_agg(json_build_object('calendar', h.calendar_code, 'date', h.date, 'name', ${localizedName(sql`h.name_vi`, sql`h.name`)}) order by h.date, h.calendar_code)
            from holidays h
           where h.date between ${from}::date and ${to}::date
             and h.calendar_code in (select e.holiday_calendar_code from page pg join employees e on e.id = pg.id)), '[]'::json)),
      'page', json_build_object('page', ${opts.page}::int, 'size', ${opts.size}::int, 'total_element', (select count(*)::int from people))
    )::text as answer`;
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
export async function awayCount(db: DbOrTx, opts: { viewer: CalendarViewer; departmentId: number; exceptEmployeeId: number; from: string; to: string }): Promise<{ away: number; total: number; department_name: string }> {
  const [row] = await queryRows<{ away: number; total: number; department_name: string }>(
    db,
    sql`
    with dept as (select e.id from employees e where e.department_id = ${opts.departmentId} and ${workingIn(opts.from, opts.to)})
    select (select count(*)::int from dept) as total,
           (select count(distinct rd.employee_id)::int
              from dept d
              join request_dates rd on rd.employee_id = d.id and rd.date between ${opts.from}::date and ${opts.to}::date
              join requests r on r.id = rd.request_id
             where d.id <> ${opts.exceptEmployeeId} and ${shownRequest(opts.viewer)}) as away,
           (select ${departmentName(sql`dep`)} from departments dep where dep.id = ${opts.departmentId}) as department_name`,
  );
  return { away: row?.away ?? 0, total: row?.total ?? 0, department_name: row?.department_name ?? '' };
}
