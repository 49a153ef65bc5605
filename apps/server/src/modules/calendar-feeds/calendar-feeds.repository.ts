import { sql } from 'drizzle-orm';
import type { CalendarFeedScope } from '@tms/contracts/calendar-feeds';
import type { Language } from '@tms/contracts/language';
import type { Role } from '@tms/contracts/roles';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { departmentNameIn, reasonTypeNameIn } from '../../db/localized-name.ts';
import { isoInstant, managesActiveProject, userRolesArray } from '../../db/sql-fragments.ts';
import { teamCalendarScope, type TeamScopeUser } from '../../lib/scope.ts';
import { lockDateOfEmployeeSql } from '../payroll-periods/payroll-periods.service.ts';

/** SQL of the calendar feeds (issue 30 §2; docs/integrations.md "Calendar feeds"). */

export type FeedRow = { id: number; scope: CalendarFeedScope; created_at: string; last_fetched_at: string | null };

/** The user's live feeds (at most one per scope: the partial unique index calendar_feeds_live_uq). */
export async function liveFeeds(db: DbOrTx, userId: number): Promise<FeedRow[]> {
  return queryRows<FeedRow>(
    db,
    sql`select id, scope, ${isoInstant(sql`created_at`)} as created_at, ${isoInstant(sql`last_fetched_at`)} as last_fetched_at
          from calendar_feeds where user_id = ${userId} and revoked_at is null order by scope`,
  );
}

/** Revokes the live feed of the scope, if any; answers the revoked row. */
export async function revokeLive(tx: DbOrTx, userId: number, scope: CalendarFeedScope, now: Date): Promise<FeedRow | undefined> {
  const [row] = await queryRows<FeedRow>(
    tx,
    sql`update calendar_feeds set revoked_at = ${now.toISOString()}::timestamptz
         where user_id = ${userId} and scope = ${scope} and revoked_at is null
        returning id, scope, ${isoInstant(sql`created_at`)} as created_at, ${isoInstant(sql`last_fetched_at`)} as last_fetched_at`,
  );
  return row;
}

export async function insertFeed(tx: DbOrTx, userId: number, scope: CalendarFeedScope, tokenHash: string, now: Date): Promise<FeedRow> {
  const [row] = await queryRows<FeedRow>(
    tx,
    sql`insert into calendar_feeds (user_id, scope, token_hash, created_at) values (${userId}, ${scope}, ${tokenHash}, ${now.toISOString()}::timestamptz)
        returning id, scope, ${isoInstant(sql`created_at`)} as created_at, null::text as last_fetched_at`,
  );
  return row!;
}

/** The reader of a feed: what the data scope and the texts need of its owner. */
export type FeedOwnerRow = {
  feed_id: number;
  scope: CalendarFeedScope;
  user_id: number;
  employee_id: number | null;
  roles: Role[] | null;
  is_pm: boolean;
  language: Language | null;
  calendar_code: string | null;
};

/**
 * The live feed of a token hash with its owner, as a session lookup would find them: a disabled user, or an employee
 * past their last working day (`today`), reads nothing — their feed answers 404 like an unknown token.
 */
export async function feedByTokenHash(db: DbOrTx, tokenHash: string, today: string): Promise<FeedOwnerRow | undefined> {
  const [row] = await queryRows<FeedOwnerRow>(
    db,
    sql`select f.id as feed_id, f.scope, u.id as user_id, u.employee_id, ${userRolesArray(sql`u.id`)} as roles,
               ${managesActiveProject(sql`u.employee_id`)} as is_pm, u.language, e.holiday_calendar_code as calendar_code
          from calendar_feeds f
          join users u on u.id = f.user_id
          left join employees e on e.id = u.employee_id
         where f.token_hash = ${tokenHash} and f.revoked_at is null and not u.disabled
           and (e.last_working_day is null or e.last_working_day >= ${today}::date)`,
  );
  return row;
}

/** Records a client's read, at most once a minute, so polling clients do not write on every poll. */
export async function touchFetched(db: DbOrTx, feedId: number, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(
    sql`update calendar_feeds set last_fetched_at = ${at}::timestamptz
         where id = ${feedId} and (last_fetched_at is null or last_fetched_at <= ${at}::timestamptz - interval '1 minute')`,
  );
}

export type FeedReader = TeamScopeUser;

export type FeedDayRow = {
  request_id: number;
  version: number;
  updated_at: string;
  employee_id: number;
  employee_name: string;
  request_type: string;
  reason_name: string;
  status: number;
  date: string;
  shift: string | null;
  minutes: number | null;
  start_time: string | null;
  end_time: string | null;
  hours: string;
  /** The day's shift times of the person's work schedule (HH:MM, null without a schedule). */
  work_start: string | null;
  work_end: string | null;
  break_start: string | null;
  break_end: string | null;
};

/**
 * The days of leave, work outside and onsite requests over [from, to] — MINE the reader's own, TEAM the Team Calendar's people (`teamCalendarScope`) —
 * Pending or Approved: rejected and withdrawn requests are left out (clients then drop their events by UID), and so
 * is a pending request that expired at the reader's lock date (RULES.md §5: it can no longer be decided).
 * Explanations are not absences. Each day carries the shift times of the person's schedule in force that day (the policy, else the
 * employee's schedule type; the weekday's row, else the schedule's times), as request-days reads them.
 */
export async function feedDays(
  db: DbOrTx,
  opts: { scope: CalendarFeedScope; reader: FeedReader; from: string; to: string; language: Language },
): Promise<FeedDayRow[]> {
  const { reader } = opts;
  const people = opts.scope === 'MINE' ? sql`r.employee_id = ${reader.employeeId ?? -1}` : teamCalendarScope(reader, { id: sql`r.employee_id` });
  return queryRows<FeedDayRow>(
    db,
    sql`
    with lk as materialized (select ${lockDateOfEmployeeSql(reader.employeeId)} as lock_date)
    select r.id as request_id, r.version, ${isoInstant(sql`r.updated_at`)} as updated_at, r.employee_id, e.name as employee_name,
           r.request_type, ${reasonTypeNameIn(opts.language, sql`rt`)} as reason_name, r.status,
           d.date::text as date, d.shift, d.minutes, d.start_time, d.end_time, d.hours::text as hours,
           to_char(coalesce(wd.start_time, ws.work_start_time), 'HH24:MI') as work_start,
           to_char(coalesce(wd.end_time, ws.work_end_time), 'HH24:MI') as work_end,
           to_char(wd.break_start, 'HH24:MI') as break_start, to_char(wd.break_end, 'HH24:MI') as break_end
      from request_dates d
      join requests r on r.id = d.request_id
      join employees e on e.id = r.employee_id
      join reason_types rt on rt.code = r.reason_type
      cross join lk
      left join lateral (
        select p.work_schedule_code from employee_policies p
         where p.employee_id = r.employee_id and p.apply_date <= d.date and p.expire_date >= d.date
         order by p.apply_date desc, p.id desc limit 1) sp on true
      left join work_schedules ws on ws.work_schedule_code = coalesce(sp.work_schedule_code, e.work_schedule_type)
      left join work_schedule_days wd on wd.work_schedule_id = ws.id and wd.day = extract(isodow from d.date)::int
     where d.date between ${opts.from}::date and ${opts.to}::date
       and ${people}
       and not r.is_explanation
       and r.request_type in ('LEAVE_REQUEST', 'WORK_OUTSIDE', 'ONSITE')
       and (r.status = 3 or (r.status = 1 and (lk.lock_date is null or r.start_date > lk.lock_date)))
     order by d.date, e.name, r.id, d.id`,
  );
}

export type HolidayRow = { date: string; name: string };

export async function holidaysOf(db: DbOrTx, calendarCode: string, from: string, to: string, language: Language): Promise<HolidayRow[]> {
  const name = language === 'vi' ? sql`coalesce(nullif(name_vi, ''), name)` : sql`name`;
  return queryRows<HolidayRow>(
    db,
    sql`select date::text as date, ${name} as name from holidays
         where calendar_code = ${calendarCode} and date between ${from}::date and ${to}::date order by date`,
  );
}

export type ProfileRow = { name: string | null; username: string; department: string | null; division: string | null; roles: Role[] | null };

export async function myProfile(db: DbOrTx, userId: number, language: Language): Promise<ProfileRow | undefined> {
  const [row] = await queryRows<ProfileRow>(
    db,
    sql`select e.name, u.username, ${departmentNameIn(language, sql`d`)} as department, ${departmentNameIn(language, sql`v`)} as division,
               ${userRolesArray(sql`u.id`)} as roles
          from users u
          left join employees e on e.id = u.employee_id
          left join departments d on d.id = e.department_id
          left join departments v on v.id = e.division_id
         where u.id = ${userId}`,
  );
  return row;
}
