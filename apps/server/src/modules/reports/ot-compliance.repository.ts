import { sql, type SQL } from 'drizzle-orm';
import { OT_NEAR_SHARE, OT_NORMAL_DAY_HOURS, type OtLimits } from '@tms/contracts/overtime-limits';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray } from '../../db/sql-fragments.ts';
import { departmentName } from '../../lib/localized-name.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { countedHours, isApproved } from '../overtime-pay/ot-limits.repository.ts';

/**
 * The SQL of the Overtime compliance report (issue 27 §2, docs/overtime-limits.md): per employee and calendar month with
 * approved overtime, the month's hours, the year to date (a window over the months since 1 January), the days whose
 * normal plus overtime hours pass the daily limit, and the overrides. Hours are those the limits count
 * (`countedHours`); rows by the caller's data scope (RULES.md §3). Read by overtime_requests_ot_date_idx.
 */
export type ComplianceFilter = {
  months: readonly string[];
  divisionIds?: readonly number[];
  departmentIds?: readonly number[];
  employeeIds?: readonly number[];
  onlyAtRisk: boolean;
  limits: OtLimits;
  now: Date;
};

export type ComplianceDbRow = {
  employee_id: number;
  staff: string;
  user_name: string;
  division: string | null;
  department: string | null;
  month: string;
  month_hours: number;
  ytd_hours: number;
  year_limit: number;
  days_over: number;
  overrides: number;
};
export type ComplianceCursor = { month: string; staff: string; employee_id: number };

function base(user: SessionUser, f: ComplianceFilter): SQL {
  const first = f.months[0]!;
  const last = f.months[f.months.length - 1]!;
  const filters: SQL[] = [employeeScope(user, sql`e.id`)];
  if (f.divisionIds?.length) filters.push(sql`e.division_id = any(${intArray(f.divisionIds)})`);
  if (f.departmentIds?.length) filters.push(sql`e.department_id = any(${intArray(f.departmentIds)})`);
  if (f.employeeIds?.length) filters.push(sql`e.id = any(${intArray(f.employeeIds)})`);
  return sql`with days as (
      select s.employee_id, r.ot_date, sum(${countedHours(f.now)})::float8 as hours,
             count(*) filter (where s.limit_override_reason is not null)::int as overrides,
             bool_or(r.date_type = 'WORKDAY') as workday
        from overtime_requests r
        join overtime_request_staff s on s.overtime_request_id = r.id
        join employees e on e.id = s.employee_id
       where r.ot_date >= ${`${first.slice(0, 4)}-01-01`}::date and r.ot_date < (${`${last}-01`}::date + interval '1 month')
         and ${isApproved} and ${sql.join(filters, sql` and `)}
       group by s.employee_id, r.ot_date
    ), months as (
      select d.employee_id, to_char(d.ot_date, 'YYYY-MM') as month, sum(d.hours) as month_hours, sum(d.overrides)::int as overrides,
             count(*) filter (where (case when d.workday then ${OT_NORMAL_DAY_HOURS.WORKDAY}::int else 0 end) + d.hours > ${f.limits.day}::int)::int as days_over
        from days d group by 1, 2
    ), ytd as (
      select m.*, sum(m.month_hours) over (partition by m.employee_id, left(m.month, 4) order by m.month) as ytd_hours from months m
    ), rows as (
      select y.employee_id, e.name as staff, e.user_name, ${departmentName(sql`v`)} as division, ${departmentName(sql`dep`)} as department, y.month,
             round(y.month_hours::numeric, 2)::float8 as month_hours, round(y.ytd_hours::numeric, 2)::float8 as ytd_hours,
             (case when coalesce(dep.ot_listed_sector, false) or coalesce(v.ot_listed_sector, false) then ${f.limits.yearListed}::int else ${f.limits.year}::int end) as year_limit,
             y.days_over, y.overrides
        from ytd y
        join employees e on e.id = y.employee_id
        left join departments dep on dep.id = e.department_id
        left join departments v on v.id = e.division_id
       where y.month between ${first}::text and ${last}::text
    )`;
}

const atRisk = (f: ComplianceFilter) =>
  f.onlyAtRisk ? sql`where (month_hours >= ${f.limits.month * OT_NEAR_SHARE}::float8 or ytd_hours >= year_limit * ${OT_NEAR_SHARE}::float8 or days_over > 0)` : sql`where true`;

const ORDER = sql`order by month, staff, employee_id`;

export async function compliancePage(db: DbOrTx, user: SessionUser, f: ComplianceFilter, limit: number, offset: number): Promise<(ComplianceDbRow & { total: number })[]> {
  return queryRows(db, sql`${base(user, f)} select *, count(*) over ()::int as total from rows ${atRisk(f)} ${ORDER} limit ${limit} offset ${offset}`);
}

export async function complianceCount(db: DbOrTx, user: SessionUser, f: ComplianceFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`${base(user, f)} select count(*)::int as n from rows ${atRisk(f)}`);
  return Number(row?.n ?? 0);
}

/** The export's next chunk after `after`, in the list's order (keyset). */
export async function complianceChunk(db: DbOrTx, user: SessionUser, f: ComplianceFilter, after: ComplianceCursor | null, limit: number): Promise<ComplianceDbRow[]> {
  const seek = after ? sql` and (month, staff, employee_id) > (${after.month}::text, ${after.staff}::text, ${after.employee_id}::int)` : sql``;
  return queryRows(db, sql`${base(user, f)} select * from rows ${atRisk(f)}${seek} ${ORDER} limit ${limit}`);
}

/** The chart: per department, the approved hours and the sum of the monthly limits of its rows. */
export async function complianceByDepartment(db: DbOrTx, user: SessionUser, f: ComplianceFilter): Promise<{ department: string | null; hours: number; rows: number }[]> {
  return queryRows(
    db,
    sql`${base(user, f)} select department, round(sum(month_hours)::numeric, 2)::float8 as hours, count(*)::int as rows
          from rows ${atRisk(f)} group by department order by department nulls last`,
  );
}
