import { sql } from 'drizzle-orm';
import type { DateType } from '@tms/contracts/overtime';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** The day type of an employee's date and what of their schedule an overtime rule needs (spec 001 §5.6). */
export type EmployeeDayType = {
  employeeId: number;
  date: string;
  dateType: DateType;
  /** The schedule's working hours that weekday ('HH:mm'); null on a day off. */
  workStart: string | null;
  workEnd: string | null;
  scheduleCode: string;
  /** A policy is in force on the date (else the default schedule `HCM` was read; spec 001 §2.4 "not set to work schedule"). */
  hasPolicy: boolean;
};

/**
 * RULES.md §6 day types in one statement for any number of (employee, date) pairs, in their order: HOLIDAY when the date is in the
 * employee's holiday calendar (a holiday on a weekend is a holiday), else WORKDAY or DAY_OFF by the weekday row of the
 * work schedule in force (VIEW employee_policies; without a policy the default schedule `HCM`, RULES.md §4; a
 * schedule without weekday rows works Monday to Friday at its header's hours, as the day engine reads it).
 */
export async function dayTypesOf(db: DbOrTx, pairs: readonly { employeeId: number; date: string }[]): Promise<EmployeeDayType[]> {
  if (pairs.length === 0) return [];
  const ids = `{${pairs.map((p) => p.employeeId).join(',')}}`;
  const dates = `{${pairs.map((p) => p.date).join(',')}}`;
  const rows = await queryRows<{
    employee_id: number;
    date: string;
    date_type: DateType;
    work_start: string | null;
    work_end: string | null;
    schedule_code: string;
    has_policy: boolean;
  }>(
    db,
    sql`
    select q.employee_id, q.d::text as date,
           case when h.id is not null then 'HOLIDAY' when coalesce(wd.working_day, extract(isodow from q.d) < 6) then 'WORKDAY' else 'DAY_OFF' end as date_type,
           case when coalesce(wd.working_day, extract(isodow from q.d) < 6) then to_char(coalesce(wd.start_time, ws.work_start_time, time '08:30'), 'HH24:MI') end as work_start,
           case when coalesce(wd.working_day, extract(isodow from q.d) < 6) then to_char(coalesce(wd.end_time, ws.work_end_time, time '17:30'), 'HH24:MI') end as work_end,
           coalesce(pol.work_schedule_code, 'HCM') as schedule_code,
           pol.work_schedule_code is not null as has_policy
      from unnest(cast(${ids} as int[]), cast(${dates} as date[])) with ordinality as q(employee_id, d, n)
      join employees e on e.id = q.employee_id
      left join holidays h on h.calendar_code = e.holiday_calendar_code and h.date = q.d
      left join lateral (
        select p.work_schedule_code from employee_policies p
         where p.employee_id = q.employee_id and p.apply_date <= q.d and p.expire_date >= q.d
         order by p.apply_date desc limit 1
      ) pol on true
      left join work_schedules ws on ws.work_schedule_code = coalesce(pol.work_schedule_code, 'HCM')
      left join work_schedule_days wd on wd.work_schedule_id = ws.id and wd.day = extract(isodow from q.d)::int
     order by q.n`,
  );
  return rows.map((r) => ({
    employeeId: r.employee_id,
    date: r.date,
    dateType: r.date_type,
    workStart: r.work_start,
    workEnd: r.work_end,
    scheduleCode: r.schedule_code,
    hasPolicy: r.has_policy,
  }));
}

export type DatedOvertimeRequest = { id: number; ot_date: string; date_type: string; employee_id: number };

/**
 * The overtime requests dated on one of `dates` with a staff member following holiday calendar `calendarCode`, locked
 * for an update, each with the employee its day type was read for when filed: the first staff row (FLEXIBLE: the
 * requester, its only row).
 */
export async function overtimeRequestsOnCalendarDates(tx: DbOrTx, calendarCode: string, dates: readonly string[]): Promise<DatedOvertimeRequest[]> {
  if (dates.length === 0) return [];
  return queryRows<DatedOvertimeRequest>(
    tx,
    sql`select r.id, r.ot_date::text as ot_date, r.date_type,
               (select s.employee_id from overtime_request_staff s where s.overtime_request_id = r.id order by s.id limit 1) as employee_id
          from overtime_requests r
         where r.ot_date = any(cast(${`{${dates.join(',')}}`} as date[]))
           and exists (select 1 from overtime_request_staff s join employees e on e.id = s.employee_id
                        where s.overtime_request_id = r.id and e.holiday_calendar_code = ${calendarCode})
         order by r.id for update of r`,
  );
}

export async function setOvertimeDateTypes(tx: DbOrTx, changes: readonly { id: number; dateType: string }[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.execute(
    sql`update overtime_requests r set date_type = c.t, updated_at = now()
          from unnest(cast(${`{${changes.map((c) => c.id).join(',')}}`} as int[]), cast(${`{${changes.map((c) => c.dateType).join(',')}}`} as varchar[])) c(id, t)
         where r.id = c.id`,
  );
}
