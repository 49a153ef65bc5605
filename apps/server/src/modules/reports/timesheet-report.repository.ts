import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../db/client.ts';
import { employeeNameContains } from '../../db/sql-fragments.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { otPayTotals } from '../overtime-pay/ot-pay-totals.repository.ts';
import type { PayrollPeriod } from '../payroll-periods/payroll-periods.service.ts';
import { latestOverrides } from '../timesheet/day-value.repository.ts';
import { employeeFilterSql, type EmployeeFilter } from '../timesheet/employee-filter.repository.ts';
import { requestDayFacts } from '../timesheet/request-days.repository.ts';
import { policyOn } from '../work-schedules/work-schedules.repository.ts';
import { departmentName } from '../../lib/localized-name.ts';

/**
 * All SQL of the Timesheets Summary and Details reports (spec 001 §2.10, §7.9). A page is ONE statement: the page's
 * employees (filter and scope in SQL, by name then id) and per employee lateral aggregates over the stored rows —
 * timesheet_days (primary key employee_id, date), the latest HR edits of dates not computed yet, approved request
 * days (timesheet core `requestDayFacts`) and the OT pay engine's lines (overtime-pay core `otPayTotals`). Nothing is
 * recomputed here and nothing is read per row from Node.
 */

export type ReportPeriod = Pick<PayrollPeriod, 'id' | 'company_id' | 'name' | 'from_date' | 'to_date' | 'working_days'>;

export type ReportFilter = EmployeeFilter & { keyword?: string };

export type ReportRow = {
  employee_id: number;
  staff: string;
  user_name: string;
  department: string | null;
  division: string | null;
  onboard_date: string;
  contract_type: string | null;
  contract_start_date: string | null;
  contract_end_date: string | null;
  standard_working_days: number;
  total_working_days: number;
  total_paid_days: number;
  total_public_holidays: number;
  night_working_hours: number;
  late_coming_hours: number;
  late_coming_count: number;
  early_leaving_hours: number;
  early_leaving_count: number;
  total_paid_leave_days: number;
  total_unpaid_leave_days: number;
  total_days_off_social_insurance_covers: number;
  total_offset_leave_days: number;
  total_onsite_days: number;
  ot_weekday_day_hours: number;
  ot_weekday_night_hours: number;
  ot_weekend_day_hours: number;
  ot_weekend_night_hours: number;
  ot_holiday_day_hours: number;
  ot_holiday_night_hours: number;
  original_total_ot_hours: number;
  final_total_ot_hours: number;
  ot_pay_hours: number;
  ot_without_tax: number;
  /** Details only: [date, value, notation, day_type, late, early] per stored or edited date, by date. */
  days?: [string, number | null, string | null, string, boolean, boolean][];
  /** The page's filtered count (window count over the filtered employees). */
  total?: number;
};

/** Which employees a report reads: the grid's employees of the period and filter, the keyword, the caller's scope. */
function whereOf(user: SessionUser, period: ReportPeriod, f: ReportFilter): SQL {
  const parts = [employeeFilterSql(f, period), employeeScope(user, sql`e.id`)];
  if (f.keyword) parts.push(employeeNameContains(f.keyword));
  return sql.join(parts, sql` and `);
}

/**
 * The day figures of one employee over [from, to]: stored days, plus the latest HR edit of a date that has no stored
 * day yet (the grid shows that edit as the value, day-entries.ts; Saturday and Sunday count as WEEKEND there).
 */
const dayRows = (employeeId: SQL, from: SQL, to: SQL) => sql`
  select td.date, td.day_type, td.value, td.notation, td.late_minutes, td.early_minutes, td.is_late_coming, td.is_early_leaving,
         td.night_minutes
    from timesheet_days td
   where td.employee_id = ${employeeId} and td.date between ${from} and ${to}
  union all
  select lo.date, case when extract(isodow from lo.date) >= 6 then 'WEEKEND' else 'WORKING' end, lo.value, null, 0, 0, false, false, 0
    from (${latestOverrides(
      sql``,
      sql`o.employee_id = ${employeeId} and o.date between ${from} and ${to}
          and not exists (select 1 from timesheet_days t2 where t2.employee_id = o.employee_id and t2.date = o.date)`,
    )}) lo`;

const dayFigures = (employeeId: SQL, from: SQL, to: SQL) => sql`
  select coalesce(round(sum(x.value) filter (where x.day_type = 'WORKING'), 2), 0)::float8 as total_working_days,
         coalesce(round(sum(x.value), 2), 0)::float8 as total_paid_days,
         count(*) filter (where x.day_type = 'HOLIDAY')::int as total_public_holidays,
         coalesce(round(sum(x.night_minutes) / 60.0, 2), 0)::float8 as night_working_hours,
         coalesce(round(sum(x.late_minutes) / 60.0, 2), 0)::float8 as late_coming_hours,
         count(*) filter (where x.is_late_coming)::int as late_coming_count,
         coalesce(round(sum(x.early_minutes) / 60.0, 2), 0)::float8 as early_leaving_hours,
         count(*) filter (where x.is_early_leaving)::int as early_leaving_count
    from (${dayRows(employeeId, from, to)}) x`;

const dayList = (employeeId: SQL, from: SQL, to: SQL) => sql`(
  select coalesce(json_agg(json_build_array(x.date::text, x.value::float8, x.notation, x.day_type, x.is_late_coming, x.is_early_leaving)
                  order by x.date), '[]'::json)
    from (${dayRows(employeeId, from, to)}) x)`;

/**
 * Standard working days: the period's working_days (RULES.md §4) for an employee employed all through it; for one who
 * joined or left inside it, Monday–Friday of their employed part minus the public holidays of their holiday calendar.
 */
const standardDays = (period: ReportPeriod, from: SQL, to: SQL) => sql`(
  case when e.start_working_day <= ${from} and (e.last_working_day is null or e.last_working_day >= ${to}) then ${period.working_days}::int
       else (select count(*)::int
               from generate_series(greatest(${from}, e.start_working_day), least(${to}, coalesce(e.last_working_day, ${to})), interval '1 day') g(d)
              where extract(isodow from g.d) < 6
                and not exists (select 1 from holidays h where h.calendar_code = e.holiday_calendar_code and h.date = g.d::date))
  end)`;

/**
 * The standard minutes of a day for hourly request dates: the schedule of the policy on the period's last day, else
 * the latest before it (as My Timesheet); 480 without one. One lateral row per employee, read once.
 */
const standardMinutes = (to: SQL) => sql`
  select coalesce((select nullif(ws.standard_working_time, 0)
                     from (${policyOn(sql`e.id`, to)}) pol
                     join work_schedules ws on ws.work_schedule_code = pol.work_schedule_code), 480)::numeric as minutes`;

/** The report's columns for the employees row `e` (one lateral each: days, requests, OT). */
function figures(period: ReportPeriod, withDays: boolean) {
  const from = sql`${period.from_date}::date`;
  const to = sql`${period.to_date}::date`;
  const select = sql`
    e.id as employee_id, e.name as staff, e.user_name, ${departmentName(sql`d`)} as department, ${departmentName(sql`dv`)} as division,
    e.start_working_day::text as onboard_date, e.contract_type, e.contract_start_date::text as contract_start_date,
    e.contract_end_date::text as contract_end_date, ${standardDays(period, from, to)} as standard_working_days,
    dy.total_working_days, dy.total_paid_days, dy.total_public_holidays, dy.night_working_hours, dy.late_coming_hours, dy.late_coming_count,
    dy.early_leaving_hours, dy.early_leaving_count,
    rq.paid_leave_days as total_paid_leave_days, rq.unpaid_leave_days as total_unpaid_leave_days,
    rq.social_insurance_days as total_days_off_social_insurance_covers, rq.offset_leave_days as total_offset_leave_days,
    rq.onsite_days as total_onsite_days,
    ot.ot_weekday_day_hours, ot.ot_weekday_night_hours, ot.ot_weekend_day_hours, ot.ot_weekend_night_hours,
    ot.ot_holiday_day_hours, ot.ot_holiday_night_hours, ot.original_total_ot_hours, ot.final_total_ot_hours,
    ot.ot_pay_hours, ot.ot_without_tax
    ${withDays ? sql`, ${dayList(sql`e.id`, from, to)} as days` : sql``}`;
  const joins = sql`
    left join departments d on d.id = e.department_id
    left join departments dv on dv.id = e.division_id
    cross join lateral (${dayFigures(sql`e.id`, from, to)}) dy
    cross join lateral (${standardMinutes(to)}) sm
    cross join lateral (${requestDayFacts(sql`e.id`, from, to, sql`sm.minutes`)}) rq
    cross join lateral (${otPayTotals(sql`e.id`, from, to)}) ot`;
  return { select, joins };
}

/** A page by offset (the table) or after a keyset (name, id) (the exports), in the order name, id. */
export type PageSpec = { limit: number; offset?: number; after?: { name: string; id: number } };

/** The statement of one page (exported for the benchmark's plans). */
export function reportPageQuery(user: SessionUser, period: ReportPeriod, f: ReportFilter, page: PageSpec, withDays: boolean): SQL {
  const { select, joins } = figures(period, withDays);
  const after = page.after ? sql`and (e.name, e.id) > (${page.after.name}, ${page.after.id})` : sql``;
  // The window count is taken over every filtered employee before the limit: the page and its total in one statement.
  return sql`with pg as (
          select e.id, e.name, ${page.after ? sql`0` : sql`count(*) over ()`}::int as total
            from employees e
           where ${whereOf(user, period, f)} ${after}
           order by e.name, e.id
           limit ${page.limit} offset ${page.offset ?? 0}
        )
        select pg.total, ${select}
          from pg
          join employees e on e.id = pg.id
          ${joins}
         order by pg.name, pg.id`;
}

export async function reportPage(db: DbOrTx, user: SessionUser, period: ReportPeriod, f: ReportFilter, page: PageSpec, withDays: boolean): Promise<ReportRow[]> {
  // One JSON value a row (as the OT report does): the driver decodes one field instead of thirty-five (the 10,000-row
  // export went from 2.1 s to 1.9 s on PGlite in the benchmark). A plain select over the ordered subquery keeps its order.
  const rows = await queryRows<{ r: ReportRow | string }>(db, sql`select row_to_json(x) as r from (${reportPageQuery(user, period, f, page, withDays)}) x`);
  return rows.map((row) => (typeof row.r === 'string' ? (JSON.parse(row.r) as ReportRow) : row.r));
}

/**
 * An export chunk: the same statement in its own read-only transaction with JIT off. A chunk of 1,000 employees costs
 * the planner about 350,000, well over PostgreSQL's JIT threshold, and compiling took 230 ms of a 310 ms chunk in the
 * benchmark while the statement itself runs in about 80 ms; fewer, larger chunks also plan fewer times.
 */
export async function reportChunk(db: Db, user: SessionUser, period: ReportPeriod, f: ReportFilter, page: PageSpec, withDays: boolean): Promise<ReportRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return reportPage(tx, user, period, f, page, withDays);
  });
}

export async function reportCount(db: DbOrTx, user: SessionUser, period: ReportPeriod, f: ReportFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from employees e where ${whereOf(user, period, f)}`);
  return row?.n ?? 0;
}

export type ChartRow = { department: string; employees: number; paid_days: number; leave_days: number; unpaid_days: number; ot_hours: number };

/**
 * Per department of the filtered employees: Σ total paid days, Σ paid leave and social-insurance days (leave), Σ
 * unpaid leave days, Σ final OT hours — one grouped statement over the same laterals as the table.
 */
export async function summaryChart(db: DbOrTx, user: SessionUser, period: ReportPeriod, f: ReportFilter): Promise<ChartRow[]> {
  const { joins } = figures(period, false);
  const department = sql`coalesce(${departmentName(sql`d`)}, '-')`;
  return queryRows<ChartRow>(
    db,
    sql`select ${department} as department, count(*)::int as employees,
               coalesce(round(sum(dy.total_paid_days)::numeric, 2), 0)::float8 as paid_days,
               coalesce(round(sum(rq.paid_leave_days + rq.social_insurance_days)::numeric, 3), 0)::float8 as leave_days,
               coalesce(round(sum(rq.unpaid_leave_days)::numeric, 3), 0)::float8 as unpaid_days,
               coalesce(round(sum(ot.final_total_ot_hours)::numeric, 2), 0)::float8 as ot_hours
          from employees e
          ${joins}
         where ${whereOf(user, period, f)}
         group by ${department}
         order by ${department}`,
  );
}
