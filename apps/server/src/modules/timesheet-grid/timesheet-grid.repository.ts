import { sql, type SQL } from 'drizzle-orm';
import type { GridListQuery } from '@tms/contracts/timesheet-grid';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { isoInstant } from '../../db/sql-fragments.ts';
import type { PayrollPeriod } from '../payroll-periods/payroll-periods.service.ts';
import { isViolation, latestOverrides, violationDays } from '../timesheet/day-value.repository.ts';
import { halfDayNotation, requestDayFacts } from '../timesheet/request-days.repository.ts';
import { policyOn, ruleTypeOfSchedule } from '../work-schedules/work-schedules.repository.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { employeeFilterSql, type EmployeeFilter } from '../timesheet/employee-filter.repository.ts';
import { departmentName, reasonTypeName, workScheduleName } from '../../lib/localized-name.ts';

/**
 * All SQL of the Timesheet page's reads (spec 001 §2.1, §2.2, §7.1). Every call runs a fixed number of statements
 * whatever the page size (issue: 20 employees × 31 days under 20 clients on 10,000 employees): a grid page is the
 * period, the count, and one statement for the page's employees with their days (timesheet_days primary key) and edit
 * trail as JSON — never one query per row.
 */

/** A payroll period as the grid reads it (payroll-periods core). */
export type Period = Pick<PayrollPeriod, 'id' | 'company_id' | 'name' | 'from_date' | 'to_date' | 'status' | 'working_days'>;

export type DayRow = {
  date: string;
  day_type: string;
  value: number | null;
  computed_value: number | null;
  overridden: boolean;
  notation: string | null;
  check_in: string | null;
  check_out: string | null;
  late_minutes: number;
  early_minutes: number;
  is_late_coming: boolean;
  is_early_leaving: boolean;
  absent_minutes: number;
  worked_minutes: number;
  explanation_uses: number;
  night_minutes: number;
  abnormal_reason: string | null;
  morning_credit: string | null;
  afternoon_credit: string | null;
  /** Issue 28: the evidence of the check-in and check-out punches when they are self punches (web, kiosk). */
  check_in_self?: SelfEvidence | null;
  check_out_self?: SelfEvidence | null;
};

export type SelfEvidence = { source: string; place_name: string | null; distance_m: number | null; sent_late: boolean; taken_at_server: boolean };

export type EditRow = {
  date: string;
  value: number | null;
  old_value: number | null;
  comment: string | null;
  modified_date: string;
  modifier_name: string;
  modifier_user_name: string;
  modifier_department: string | null;
};

/**
 * An employee's stored days of [from, to] as one JSON array of positional tuples (timesheet_days primary key), in
 * the order of `DayTuple`. JSON, not rows: a page holds about 600 days, and one JSON value parses far faster in Node
 * than 600 rows of 16 typed columns; tuples, not objects: building 600 keyed objects took the database about 2½ times
 * as long (3.3 ms against 1.3 ms a page on PostgreSQL 15 here).
 */
const daysJson = (employeeId: SQL, from: string, to: string) => sql`(
  select coalesce(json_agg(json_build_array(
           td.date, td.day_type, td.value, td.computed_value, td.overridden, td.notation, td.check_in, td.check_out,
           td.late_minutes, td.early_minutes, td.absent_minutes, td.worked_minutes, td.explanation_uses, td.abnormal_reason,
           td.morning_credit, td.afternoon_credit, td.is_late_coming, td.is_early_leaving, td.night_minutes, td.check_in_at, td.check_out_at)), '[]'::json)
    from timesheet_days td
   where td.employee_id = ${employeeId} and td.date between ${from}::date and ${to}::date)`;

/** The dates of [from, to] in the employee's holiday calendar, 'YYYY-MM-DD' (issue 27 §1: shown before their day is computed). */
const holidaysJson = (employeeId: SQL, from: string, to: string) => sql`(
  select coalesce(json_agg(h.date::text order by h.date), '[]'::json)
    from holidays h join employees he on he.holiday_calendar_code = h.calendar_code
   where he.id = ${employeeId} and h.date between ${from}::date and ${to}::date)`;

type DayTuple = [
  date: string, day_type: string, value: number | null, computed_value: number | null, overridden: boolean, notation: string | null,
  check_in: string | null, check_out: string | null, late_minutes: number, early_minutes: number, absent_minutes: number,
  worked_minutes: number, explanation_uses: number, abnormal_reason: string | null, morning_credit: string | null, afternoon_credit: string | null,
  is_late_coming: boolean, is_early_leaving: boolean, night_minutes: number, check_in_at: string | null, check_out_at: string | null,
];

/**
 * Issue 28: an employee's self punches of [from − 1, to + 1] (a night's check-out falls on the next day) as tuples
 * [instant, source, place, distance, sent late, taken at the server's time]; an empty scan for staff who never self check in.
 */
const selfJson = (employeeId: SQL, from: string, to: string) => sql`(
  select coalesce(json_agg(json_build_array(p.punched_at, s.source, pl.name, s.distance_m, s.sent_late, s.device_time is null)), '[]'::json)
    from self_punches s join punches p on p.id = s.punch_id left join check_in_places pl on pl.id = s.place_id
   where s.employee_id = ${employeeId} and p.punched_at >= ${from}::date - 1 and p.punched_at < ${to}::date + 2)`;
type SelfTuple = [at: string, source: string, place_name: string | null, distance_m: number | null, sent_late: boolean, taken_at_server: boolean];

/** The day rows with the evidence of their check-in and check-out when those are self punches. */
function withSelf(tuples: readonly DayTuple[], self: readonly SelfTuple[]): DayRow[] {
  if (self.length === 0) return tuples.map(toDayRow);
  const byInstant = new Map(self.map((x) => [Date.parse(x[0]), { source: x[1], place_name: x[2], distance_m: x[3], sent_late: x[4], taken_at_server: x[5] }]));
  const of = (at: string | null) => (at === null ? null : (byInstant.get(Date.parse(at)) ?? null));
  return tuples.map((t) => ({ ...toDayRow(t), check_in_self: of(t[19]), check_out_self: of(t[20]) }));
}

/** numeric(4,2) arrives as a JSON number (1.00 → 1); a date as 'YYYY-MM-DD'. */
const toDayRow = (t: DayTuple): DayRow => ({
  date: t[0], day_type: t[1], value: t[2], computed_value: t[3], overridden: t[4], notation: t[5], check_in: t[6], check_out: t[7],
  late_minutes: t[8], early_minutes: t[9], absent_minutes: t[10], worked_minutes: t[11], explanation_uses: t[12],
  abnormal_reason: t[13], morning_credit: t[14], afternoon_credit: t[15], is_late_coming: t[16], is_early_leaving: t[17], night_minutes: t[18],
});

/**
 * An employee's cell edits of [from, to] as one JSON array, newest first per cell (RULES.md §4: the latest override
 * wins, both values kept). The modifier is the creating user's employee (name, department), else the user name.
 */
const editsJson = (employeeId: SQL, from: string, to: string) => sql`(
  select coalesce(json_agg(json_build_object(
           'date', o.date::text, 'value', o.value::float8, 'old_value', o.old_value::float8, 'comment', o.comment,
           'modified_date', ${isoInstant(sql`o.created_at`)}, 'modifier_name', coalesce(m.name, m.username, ''),
           'modifier_user_name', coalesce(m.username, ''), 'modifier_department', m.department)
           order by o.date, o.created_at desc, o.id desc), '[]'::json)
    from timesheet_overrides o
    -- Lateral: looked up per edit (usually none), never a join over all users.
    left join lateral (
      select u.username, me.name, ${departmentName(sql`md`)} as department
        from users u
        left join employees me on me.id = u.employee_id
        left join departments md on md.id = me.department_id
       where u.id = o.created_by
    ) m on true
   where o.employee_id = ${employeeId} and o.date between ${from}::date and ${to}::date)`;

/**
 * A request on one date of an employee (spec 001 §3 Daily timesheet entry `requests`): pending, approved or rejected
 * (withdrawn ones are gone from the timesheet), from request_dates (indexed by employee and date).
 */
export type RequestRow = {
  date: string;
  request_id: number;
  request_type: string;
  reason_type: string;
  /** The reason type's name in the request's language. */
  reason: string;
  status: number;
  hours: number;
  shift: string | null;
  minutes: number | null;
  /** Placed in time (an hourly request with start and end) or an explanation-fund use: neither covers a shift. */
  start_time: string | null;
  end_time: string | null;
  fund_uses: number | null;
  /**
   * An approved request whose reason covers time (RULES.md §4): its reason's notation for a whole day and for one
   * shift ('P', 'P/2'); null otherwise. A day not computed yet (a future day) is named by them.
   */
  notation: string | null;
  half_notation: string | null;
};

/** Request statuses a timesheet day shows: 1 pending, 3 approved, 4 rejected. */
const SHOWN_REQUEST_STATUSES = sql.raw('(1, 3, 4)');

/** An employee's requests of [from, to] as one JSON array of objects, by date then request id. */
const requestsJson = (employeeId: SQL, from: string, to: string) => sql`(
  select coalesce(json_agg(json_build_object(
           'date', rd.date::text, 'request_id', r.id, 'request_type', r.request_type, 'reason_type', r.reason_type,
           'reason', ${reasonTypeName(sql`rt`)}, 'status', r.status, 'hours', rd.hours::float8,
           'shift', rd.shift, 'minutes', rd.minutes, 'start_time', rd.start_time, 'end_time', rd.end_time, 'fund_uses', rd.fund_uses,
           'notation', case when r.status = 3 and rt.covers then rt.notation end,
           'half_notation', case when r.status = 3 and rt.covers then ${halfDayNotation(sql`rt`)} end)
           order by rd.date, r.id), '[]'::json)
    from request_dates rd
    join requests r on r.id = rd.request_id and r.status in ${SHOWN_REQUEST_STATUSES}
    join reason_types rt on rt.code = r.reason_type
   where rd.employee_id = ${employeeId} and rd.date between ${from}::date and ${to}::date)`;

export type PageEmployee = {
  id: number;
  name: string;
  user_name: string;
  sf4c_id: string | null;
  role: string | null;
  department: string | null;
  rule_type: string | null;
  violation: number;
  days: DayRow[];
  edits: EditRow[];
  requests: RequestRow[];
  /** The dates of the period in the employee's holiday calendar. */
  holidays: string[];
};

type Sort = GridListQuery['sort'];

/**
 * Sort keys from the allow-list (ARCHITECTURE.md convention 5), most significant first, all in the one direction;
 * name then id ends every key list, so the order is total and pages are stable.
 */
function sortKeys(sort: Sort, period: Period): SQL[] {
  const tail = [sql`e.name`, sql`e.id`];
  switch (sort) {
    case 'user_name':
      return [sql`e.user_name`, sql`e.id`];
    case 'department':
      return [sql`(select ${departmentName(sql`d`)} from departments d where d.id = e.department_id)`, ...tail];
    case 'total_workday':
      return [
        sql`(select coalesce(sum(td.value), 0) from timesheet_days td
              where td.employee_id = e.id and td.date between ${period.from_date}::date and ${period.to_date}::date)`,
        ...tail,
      ];
    case 'violation':
      return [violationDays(sql`e.id`, period.from_date, period.to_date), ...tail];
    default:
      return tail;
  }
}

/** How many employees the grid shows for the period and filter (the page's total_element). */
export async function gridCount(db: DbOrTx, period: Period, filter: EmployeeFilter): Promise<number> {
  const [row] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from employees e where ${employeeFilterSql(filter, period)}`);
  return row?.total ?? 0;
}

/**
 * One page of the grid in one statement: the page's employees in order, and per employee of the page only its
 * department, rule type on the period's last day, violation days (spec 001 §3 violationWorkingTime, RULES.md §4), days and
 * edits. By name the order comes from employees_name_idx, read up to the page's end; a page in the second half is
 * read from the other end of the index in the opposite order and turned round here, so no page reads more than half
 * the list, and the planner never falls back to sorting all 10,000 names (12 ms on PostgreSQL 15 here).
 */
export async function gridPage(
  db: DbOrTx,
  period: Period,
  filter: EmployeeFilter,
  paging: { page: number; size: number; sort: Sort; direction: number },
  total: number,
): Promise<PageEmployee[]> {
  const offset = (paging.page - 1) * paging.size;
  if (offset >= total) return [];
  const take = Math.min(paging.size, total - offset);
  const fromEnd = total - offset - take;
  const reversed = fromEnd < offset;
  const dir = (paging.direction === -1) !== reversed ? sql.raw('desc') : sql.raw('asc');
  const keys = sortKeys(paging.sort, period);
  // The keys are output columns (k0, k1, …): the page's 20 rows are put back in order by them, without numbering
  // every row skipped on the way.
  const keyColumns = sql.join(keys.map((k, i) => sql`${k} as ${sql.raw(`k${i}`)}`), sql`, `);
  const orderBy = (prefix: string) => sql.join(keys.map((_, i) => sql`${sql.raw(`${prefix}k${i}`)} ${dir}`), sql`, `);
  const { from_date: from, to_date: to } = period;
  const rows = await queryRows<Omit<PageEmployee, 'days'> & { days: DayTuple[]; self: SelfTuple[] }>(
    db,
    sql`with pg as (
          -- Only the keys while skipping to the page, the rest read for the page's rows: an index on
          -- (company_id, name, id) including the filter's dates would make the skip an index-only scan.
          select e.id as employee_id, ${keyColumns}
            from employees e
           where ${employeeFilterSql(filter, period)}
           order by ${orderBy('')}
           limit ${take} offset ${reversed ? fromEnd : offset}
        )
        select e.id, e.name, e.user_name, e.sf4c_id, e.position_title as role, ${departmentName(sql`d`)} as department,
               ${violationDays(sql`e.id`, from, to)} as violation,
               (select ${ruleTypeOfSchedule(sql`ws.work_schedule_type`)} from (${policyOn(sql`e.id`, sql`${to}::date`)}) pol
                  left join work_schedules ws on ws.work_schedule_code = pol.work_schedule_code) as rule_type,
               ${daysJson(sql`e.id`, from, to)} as days,
               ${editsJson(sql`e.id`, from, to)} as edits,
               ${requestsJson(sql`e.id`, from, to)} as requests,
               ${holidaysJson(sql`e.id`, from, to)} as holidays,
               ${selfJson(sql`e.id`, from, to)} as self
          from pg
          join employees e on e.id = pg.employee_id
          left join departments d on d.id = e.department_id
         order by ${orderBy('pg.')}`,
  );
  const page = rows.map(({ self, ...r }) => ({ ...r, days: withSelf(r.days, self) }));
  return reversed ? page.reverse() : page;
}

/** One employee's stored days, edits and requests of [from, to] (My Timesheet). */
export async function employeeDays(
  db: DbOrTx,
  employeeId: number,
  from: string,
  to: string,
): Promise<{ days: DayRow[]; edits: EditRow[]; requests: RequestRow[]; holidays: string[] }> {
  const [row] = await queryRows<{ days: DayTuple[]; edits: EditRow[]; requests: RequestRow[]; holidays: string[]; self: SelfTuple[] }>(
    db,
    sql`select ${daysJson(sql`${employeeId}::int`, from, to)} as days, ${editsJson(sql`${employeeId}::int`, from, to)} as edits,
               ${requestsJson(sql`${employeeId}::int`, from, to)} as requests, ${holidaysJson(sql`${employeeId}::int`, from, to)} as holidays,
               ${selfJson(sql`${employeeId}::int`, from, to)} as self`,
  );
  return { days: withSelf(row!.days, row!.self), edits: row!.edits, requests: row!.requests, holidays: row!.holidays };
}

export type StatisticRow = {
  total_employee: number;
  total_violation_employee: number;
  total_abnormal_days: number;
  total_late_coming: number;
  total_early_leaving: number;
  total_missing_punch: number;
  total_edited_cells: number;
  total_workday: number | null;
};

/**
 * The figures above the grid over every filtered employee of the period, in one statement. Plain joins on the
 * employees (not `in (materialized list)`): the planner then hashes the 10,000 employees against one scan of the
 * period's days, or walks the primary key when the filter leaves few.
 */
export async function gridStatistic(db: DbOrTx, period: Period, filter: EmployeeFilter): Promise<StatisticRow> {
  const from = sql`${period.from_date}::date`;
  const to = sql`${period.to_date}::date`;
  const where = employeeFilterSql(filter, period);
  const [row] = await queryRows<StatisticRow>(
    db,
    sql`with days as (
          -- RULES.md §4: the stored flags, the one meaning of late and early every screen reads.
          select count(*) filter (where td.is_late_coming)::int as late,
                 count(*) filter (where td.is_early_leaving)::int as early,
                 count(*) filter (where td.abnormal_reason in ('4', '5', '6'))::int as missing,
                 sum(td.value)::float8 as workday
            from timesheet_days td
            join employees e on e.id = td.employee_id
           where td.date between ${from} and ${to} and ${where}
        ),
        cases as (
          select count(*)::int as days
            from abnormal_cases c
            join employees e on e.id = c.employee_id
           where c.abnormal_date between ${from} and ${to} and ${where}
        ),
        violating as (
          -- RULES.md §4 Violation: employees with a working day whose final value is below 1 (the grid's column).
          select count(distinct td.employee_id)::int as employees
            from timesheet_days td
            join employees e on e.id = td.employee_id
           where td.date between ${from} and ${to} and ${isViolation()} and ${where}
        ),
        latest as (${latestOverrides(sql`join employees e on e.id = o.employee_id`, sql`o.date between ${from} and ${to} and ${where}`)}),
        edited as (
          -- An edited date not computed yet (after today) shows its latest edit (day-entries.ts): counted in the total too.
          select count(*)::int as cells,
                 sum(l.value) filter (where not exists (select 1 from timesheet_days td where td.employee_id = l.employee_id and td.date = l.date))::float8 as uncomputed
            from latest l
        )
        select (select count(*)::int from employees e where ${where}) as total_employee,
               violating.employees as total_violation_employee, cases.days as total_abnormal_days,
               days.late as total_late_coming, days.early as total_early_leaving, days.missing as total_missing_punch,
               edited.cells as total_edited_cells, coalesce(days.workday, 0) + coalesce(edited.uncomputed, 0) as total_workday
          from days, cases, violating, edited`,
  );
  return row!;
}

/**
 * Counts of the filtered employees on one day (contracts: total_normal value 1 without request cover,
 * total_authorized a shift covered by an approved request — unpaid leave included, RULES.md §4 —,
 * total_halfday_unauthorized value 0.5 without one).
 */
export async function dayTotals(db: DbOrTx, period: Period, filter: EmployeeFilter, date: string) {
  const byRequest = (credit: SQL) => sql`coalesce(${credit} in ('REQUEST', 'UNPAID'), false)`;
  const noRequest = sql`not ${byRequest(sql`td.morning_credit`)} and not ${byRequest(sql`td.afternoon_credit`)}`;
  const [row] = await queryRows<{ total_normal: number; total_authorized: number; total_halfday_unauthorized: number }>(
    db,
    sql`select count(*) filter (where td.value >= 1 and ${noRequest})::int as total_normal,
               count(*) filter (where ${byRequest(sql`td.morning_credit`)} or ${byRequest(sql`td.afternoon_credit`)})::int as total_authorized,
               count(*) filter (where td.value = 0.5 and ${noRequest})::int as total_halfday_unauthorized
          from timesheet_days td
          join employees e on e.id = td.employee_id
         where td.date = ${date}::date and ${employeeFilterSql(filter, period)}`,
  );
  return row!;
}

export type StaffRow = {
  id: number;
  name: string;
  user_name: string;
  sf4c_id: string | null;
  role: string | null;
  department: string | null;
  company_id: number;
  rule_type: string | null;
  work_schedule_code: string | null;
  work_schedule_name: string | null;
  work_start_time: string | null;
  work_end_time: string | null;
  url_policy: string | null;
  explanation_number: number | null;
  violation_days: number;
  approved_late_early: number;
  unapproved_late_early: number;
  /** Days of approved requests in the period by kind (see requestDayFacts); 3 decimals. */
  paid_leave_days: number;
  unpaid_leave_days: number;
  social_insurance_days: number;
  birthday_leave_days: number;
  offset_leave_days: number;
  annual_leave_days: number;
  onsite_days: number;
};


/**
 * One employee inside the caller's scope (RULES.md §3, in SQL: outside it the row is simply not there) with the staff
 * card of the period (policy on its last day, or the latest before) and abnormal-case counts. Its annual leave figures
 * come from the leave core (timesheet-grid.service.ts), not from the employee record.
 */
export async function findStaff(db: DbOrTx, user: SessionUser, employeeId: number, period: Period): Promise<StaffRow | undefined> {
  const from = sql`${period.from_date}::date`;
  const to = sql`${period.to_date}::date`;
  const lateEarly = sql`a.reason in ('1', '2')`;
  const [row] = await queryRows<StaffRow>(
    db,
    sql`select e.id, e.name, e.user_name, e.sf4c_id, e.position_title as role, ${departmentName(sql`d`)} as department, e.company_id,
               ${ruleTypeOfSchedule(sql`ws.work_schedule_type`)} as rule_type, pol.work_schedule_code, ${workScheduleName(sql`ws`)} as work_schedule_name,
               to_char(coalesce(pol.work_start_time, ws.work_start_time), 'HH24:MI') as work_start_time,
               to_char(coalesce(pol.work_end_time, ws.work_end_time), 'HH24:MI') as work_end_time,
               pol.url_policy, pol.explanation_number,
               ${violationDays(sql`e.id`, period.from_date, period.to_date)} as violation_days,
               (select count(*)::int from abnormal_cases a
                 where a.employee_id = e.id and a.abnormal_date between ${from} and ${to} and ${lateEarly} and a.status = 3) as approved_late_early,
               (select count(*)::int from abnormal_cases a
                 where a.employee_id = e.id and a.abnormal_date between ${from} and ${to} and ${lateEarly} and a.status <> 3) as unapproved_late_early,
               rq.paid_leave_days, rq.unpaid_leave_days, rq.social_insurance_days, rq.birthday_leave_days, rq.offset_leave_days,
               rq.annual_leave_days, rq.onsite_days
          from employees e
          left join departments d on d.id = e.department_id
          left join lateral (${policyOn(sql`e.id`, sql`${period.to_date}::date`)}) pol on true
          left join work_schedules ws on ws.work_schedule_code = pol.work_schedule_code
          cross join lateral (${requestDayFacts(sql`e.id`, from, to, sql`coalesce(nullif(ws.standard_working_time, 0), 480)::numeric`)}) rq
         where e.id = ${employeeId} and ${employeeScope(user, sql`e.id`)}`,
  );
  return row;
}

/** Per date of [from, to], the schedule of the policy in force that day and its weekday row ('HH:mm' times). */
export async function scheduleDays(db: DbOrTx, employeeId: number, from: string, to: string) {
  return queryRows<{ date: string; working_day: boolean | null; start_time: string | null; end_time: string | null; work_schedule_name: string | null }>(
    db,
    sql`select g.d::date::text as date, wsd.working_day, to_char(wsd.start_time, 'HH24:MI') as start_time,
               to_char(wsd.end_time, 'HH24:MI') as end_time, ${workScheduleName(sql`ws`)} as work_schedule_name
          from generate_series(${from}::date, ${to}::date, interval '1 day') as g(d)
          left join lateral (
            select sp.work_schedule_code from employee_policies sp
             where sp.employee_id = ${employeeId} and sp.apply_date <= g.d::date and sp.expire_date >= g.d::date
             order by sp.apply_date desc, sp.id desc limit 1
          ) pol on true
          left join work_schedules ws on ws.work_schedule_code = pol.work_schedule_code
          left join work_schedule_days wsd on wsd.work_schedule_id = ws.id and wsd.day = extract(isodow from g.d)::int
         order by g.d`,
  );
}

export async function notations(db: DbOrTx) {
  return queryRows<{ notation: string; definition: string; value: string | null }>(db, sql`select notation, definition, value from notations order by id`);
}

/** Notations whose value is a number in [0, 1], in table order (the Modify modal's values, spec 001 §2.1). */
export async function numericNotations(db: DbOrTx) {
  return queryRows<{ notation: string; value: number }>(
    db,
    sql`select notation, v::float8 as value
          from (select id, notation, case when btrim(value) ~ '^[0-9]+(\\.[0-9]+)?$' then btrim(value)::numeric end as v from notations) n
         where v between 0 and 1
         order by id`,
  );
}
