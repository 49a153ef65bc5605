import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { textArray } from '../../db/sql-fragments.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import type { EmployeePick, PolicyRange } from './policy-filter.ts';
import { employeePickWhere, policyRangeWhere } from './policy.repository.ts';
import { departmentName, workScheduleName } from '../../lib/localized-name.ts';

/**
 * The SQL of the Work Schedule Report (spec 002 §2 Work schedule report, §7): one row per range of the policy in force
 * (VIEW employee_policies: staff policies, and department policies on the dates no staff policy covers), in the
 * caller's data scope (RULES.md §3: a GROUP_LEAD their departments, a DULEAD their division).
 */

export type ReportFilter = EmployeePick &
  PolicyRange & {
    codes?: string[];
    types?: string[];
  };

export type ReportRow = {
  id: number;
  employee_id: number;
  staff: string;
  user_name: string;
  department_name: string | null;
  division_name: string | null;
  work_schedule_code: string;
  work_schedule_name: string | null;
  work_schedule_type: string | null;
  rule_type: string;
  apply_date: string;
  expire_date: string;
  source: 'staff' | 'department';
  is_from: string | null;
};

function where(user: SessionUser, f: ReportFilter): SQL {
  // e.id = ep.employee_id (joined), so the shared staff picker on `e` filters the same rows.
  const parts: SQL[] = [employeeScope(user, sql`ep.employee_id`), ...employeePickWhere(f)];
  if (f.codes?.length) parts.push(sql`lower(ep.work_schedule_code) = any(${textArray(f.codes.map((c) => c.toLowerCase()))})`);
  if (f.types?.length) parts.push(sql`ws.work_schedule_type = any(${textArray(f.types)})`);
  parts.push(...policyRangeWhere('ep', f));
  return sql.join(parts, sql` and `);
}

const FROM = sql`from employee_policies ep
  join employees e on e.id = ep.employee_id
  left join departments dep on dep.id = e.department_id
  left join departments div on div.id = e.division_id
  left join work_schedules ws on ws.work_schedule_code = ep.work_schedule_code`;

/** Rows by staff name, user name, then apply date, one page (the export pages through with offsets). */
export async function reportPage(db: DbOrTx, user: SessionUser, f: ReportFilter, limit: number, offset: number): Promise<(ReportRow & { total: number })[]> {
  return queryRows<ReportRow & { total: number }>(
    db,
    sql`select ep.id, ep.employee_id, e.name as staff, e.user_name, ${departmentName(sql`dep`)} as department_name, ${departmentName(sql`div`)} as division_name,
               ep.work_schedule_code, ${workScheduleName(sql`ws`)} as work_schedule_name, ws.work_schedule_type, ep.rule_type,
               ep.apply_date::text as apply_date, ep.expire_date::text as expire_date, ep.source, ep.is_from,
               count(*) over ()::int as total
          ${FROM}
         where ${where(user, f)}
         order by e.name, e.user_name, ep.apply_date, ep.source, ep.id
         limit ${limit} offset ${offset}`,
  );
}

export async function reportCount(db: DbOrTx, user: SessionUser, f: ReportFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${where(user, f)}`);
  return Number(row?.n ?? 0);
}
