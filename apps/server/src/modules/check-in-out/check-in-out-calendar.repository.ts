import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { employeeByRef, employeeByRefs, isoInstant, textArray } from '../../db/sql-fragments.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { departmentName } from '../../lib/localized-name.ts';

/** All SQL of the Check In-Out Time calendar (spec 001 §2.8, §7.7): stored days, a day's punches, manual jobs. */

export type CalendarEmployee = {
  id: number;
  user_name: string;
  name: string;
  start_working_day: string;
  staff_id: string | null;
  position_title: string | null;
  department: string | null;
};

/**
 * The employee named by `ref` (an employee id or a username, case-insensitive) when the caller's scope holds them;
 * undefined otherwise, so outside the scope reads as unknown (RULES.md §3: 404).
 */
export async function findEmployeeInScope(db: DbOrTx, ref: { id?: number; username?: string }, user: SessionUser): Promise<CalendarEmployee | undefined> {
  const [row] = await queryRows<CalendarEmployee>(
    db,
    sql`select e.id, e.user_name, e.name, e.start_working_day::text as start_working_day, e.sf4c_id as staff_id,
               e.position_title, ${departmentName(sql`d`)} as department
          from employees e
          left join departments d on d.id = e.department_id
         where ${employeeByRef(ref)} and ${employeeScope(user, sql`e.id`)}`,
  );
  return row;
}

export type StoredCalendarDay = {
  date_of_issue: string;
  check_in_time: string | null;
  check_out_time: string | null;
  is_late_coming: boolean;
  is_early_leaving: boolean;
  is_holiday: boolean;
};

/**
 * One row per date of `from … to` from the stored timesheet days (RULES.md §4; written by the recalculation only);
 * a date without a stored row has no times and no flags. Holidays by the stored day type; a weekday without a stored
 * row (a date after today) by the employee's holiday calendar (issue 27 §1).
 */
export async function calendarDays(db: DbOrTx, employeeId: number, from: string, to: string): Promise<StoredCalendarDay[]> {
  return queryRows<StoredCalendarDay>(
    db,
    sql`select g.d::date::text as date_of_issue, t.check_in as check_in_time, t.check_out as check_out_time,
               coalesce(t.is_late_coming, false) as is_late_coming, coalesce(t.is_early_leaving, false) as is_early_leaving,
               coalesce(t.day_type = 'HOLIDAY',
                        extract(isodow from g.d) < 6 and exists (select 1 from holidays h join employees he on he.holiday_calendar_code = h.calendar_code
                                                                  where he.id = ${employeeId} and h.date = g.d::date)) as is_holiday
          from generate_series(${from}::date, ${to}::date, interval '1 day') as g(d)
          left join timesheet_days t on t.employee_id = ${employeeId} and t.date = g.d::date
         order by g.d`,
  );
}

export type DayPunchRow = {
  time: string;
  date: string;
  punched_at: string;
  system: string;
  source: string;
  /** Issue 28: a self punch's place and distance, sent late (offline), or taken at the server's clock (online). */
  place_name: string | null;
  distance_m: number | null;
  sent_late: boolean;
  taken_at_server: boolean;
};

/**
 * The punches attributed to local day `day` of the employee, in order (RULES.md §4): those of the window the
 * recalculation stored for the day (its calendar day, moved by the midpoint rule around a night shift: the day
 * engine's own attribution, so the drawer lists exactly the punches the timesheet read); a day not computed yet
 * has its calendar day. One range scan of the punches index.
 */
export async function dayPunches(db: DbOrTx, employeeId: number, day: string, timeZone: string): Promise<DayPunchRow[]> {
  return queryRows<DayPunchRow>(
    db,
    sql`with w as (
          select coalesce(td.punches_from, ${day}::date::timestamp at time zone ${timeZone}) as f,
                 coalesce(td.punches_to, (${day}::date + 1)::timestamp at time zone ${timeZone}) as t
            from (select 1) one
            left join timesheet_days td on td.employee_id = ${employeeId} and td.date = ${day}::date
        )
        select to_char(p.punched_at at time zone ${timeZone}, 'HH24:MI:SS') as time,
               to_char(p.punched_at at time zone ${timeZone}, 'YYYY-MM-DD') as date,
               ${isoInstant(sql`p.punched_at`)} as punched_at, p.system, p.source,
               pl.name as place_name, s.distance_m, coalesce(s.sent_late, false) as sent_late,
               (s.id is not null and s.device_time is null) as taken_at_server
          from punches p cross join w
          left join self_punches s on s.punch_id = p.id
          left join check_in_places pl on pl.id = s.place_id
         where p.employee_id = ${employeeId} and p.punched_at >= w.f and p.punched_at < w.t
         order by p.punched_at, p.id`,
  );
}

export type StoredDayTimes = { check_in_time: string | null; check_out_time: string | null };

export async function storedDayTimes(db: DbOrTx, employeeId: number, day: string): Promise<StoredDayTimes | undefined> {
  const [row] = await queryRows<StoredDayTimes>(
    db,
    sql`select check_in as check_in_time, check_out as check_out_time from timesheet_days where employee_id = ${employeeId} and date = ${day}::date`,
  );
  return row;
}

export type EmployeeRefRow = { id: number; user_name: string; name: string };

/** The employees named by ids or usernames (case-insensitive); unknown names are simply missing from the answer. */
export async function employeesByRefs(db: DbOrTx, ids: readonly number[], usernames: readonly string[]): Promise<EmployeeRefRow[]> {
  return queryRows<EmployeeRefRow>(
    db,
    sql`select e.id, e.user_name, e.name from employees e
         where ${employeeByRefs(ids, usernames)}
         order by e.id`,
  );
}

export async function departmentExists(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(db, sql`select exists (select 1 from departments where lower(department_code) = lower(${code})) as ok`);
  return row?.ok ?? false;
}

/** The `kind` a manual check-time update writes into its recalculation job's payload, to find it again. */
export const MANUAL_JOB_KIND = 'CHECK_TIME_MANUAL';

export type ManualJobRow = {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  start_date: string;
  end_date: string;
  effective_start_date: string;
  effective_end_date: string;
  department_code: string | null;
  employees: { employee_id: number; user_name: string; name: string }[];
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
  finished_at: string | null;
  error: string | null;
  total: number;
};

export type ManualJobFilter = {
  jobName: string;
  id?: number;
  from?: string;
  to?: string;
  /** Employee ids or usernames: a job matches when it recomputes any of them. */
  employeeIds: readonly number[];
  usernames: readonly string[];
  departmentCodes: readonly string[];
  limit: number;
  offset: number;
};

/**
 * Manual check-time jobs newest first, with their status; a date filter keeps the jobs whose requested range overlaps
 * it. One query for the page (the employees of each job are read from its payload, names joined once).
 */
export async function listManualJobs(db: DbOrTx, f: ManualJobFilter): Promise<ManualJobRow[]> {
  const where: SQL[] = [sql`j.name = ${f.jobName}`, sql`j.payload->>'kind' = ${MANUAL_JOB_KIND}`];
  if (f.id !== undefined) where.push(sql`j.id = ${f.id}`);
  if (f.from) where.push(sql`(j.payload->>'end_date')::date >= ${f.from}::date`);
  if (f.to) where.push(sql`(j.payload->>'start_date')::date <= ${f.to}::date`);
  if (f.departmentCodes.length > 0) where.push(sql`lower(j.payload->>'department_code') = any(${textArray(f.departmentCodes.map((c) => c.toLowerCase()))})`);
  if (f.employeeIds.length > 0 || f.usernames.length > 0) {
    where.push(sql`exists (
      select 1 from jsonb_array_elements(j.payload->'ranges') r join employees e on e.id = (r->>'e')::int
       where ${employeeByRefs(f.employeeIds, f.usernames)})`);
  }
  return queryRows<ManualJobRow>(
    db,
    sql`select j.id, j.status, j.payload->>'start_date' as start_date, j.payload->>'end_date' as end_date,
               j.payload->>'effective_start_date' as effective_start_date, j.payload->>'effective_end_date' as effective_end_date,
               j.payload->>'department_code' as department_code,
               coalesce((select json_agg(json_build_object('employee_id', e.id, 'user_name', e.user_name, 'name', e.name) order by e.name, e.id)
                           from jsonb_array_elements(j.payload->'ranges') r join employees e on e.id = (r->>'e')::int), '[]'::json) as employees,
               u.username as created_by, coalesce(ce.name, u.username) as created_by_name, ${isoInstant(sql`j.created_at`)} as created_at, ${isoInstant(sql`j.finished_at`)} as finished_at,
               j.error, count(*) over ()::int as total
          from jobs j
          left join users u on u.id = j.created_by
          left join employees ce on ce.id = u.employee_id
         where ${sql.join(where, sql` and `)}
         order by j.id desc
         limit ${f.limit} offset ${f.offset}`,
  );
}
