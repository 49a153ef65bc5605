import { sql, type SQL } from 'drizzle-orm';
import { OVERTIME_BREAK } from '@tms/contracts/overtime';
import { PAYROLL_TABLE_OT_LIMITS } from '@tms/contracts/overtime-limits';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray } from '../../db/sql-fragments.ts';
import { employeeScope, type ScopeUser } from '../../lib/scope.ts';

/**
 * The one owner of "the overtime hours of an employee" (issue 27 §2, docs/overtime-limits.md), set-based: one statement
 * for any number of employees. A staff row counts the hours the pay engine counts (RULES.md §6): the confirmed hours
 * when set, else the actual hours once the window has ended and the pay engine has run, else the planned hours (the
 * window minus the engine's break: 1 h after 4 h fixed, 5 h flexible).
 * Approved: a fixed row at 3, a flexible request at 1 (approved by PM), 3 (confirmed) or 5 (approved).
 * Planned: a fixed row at 1, a flexible request at 0. Read by the staff index (employee_id, overtime_request_id) or,
 * for the whole company, by overtime_requests_ot_date_idx.
 */
const PLANNED = sql`(extract(epoch from (r.end_at - r.start_at)) / 3600.0
   - least(${OVERTIME_BREAK.hours}::int, greatest(0, extract(epoch from (r.end_at - r.start_at)) / 3600.0
       - case when r.kind = 'FIXED' then ${OVERTIME_BREAK.afterHoursFixed}::int else ${OVERTIME_BREAK.afterHoursFlexible}::int end)))`;

export const countedHours = (now: Date): SQL => sql`(case
    when s.total_time_confirm is not null then s.total_time_confirm::float8
    when s.pay_computed_at is not null and r.end_at <= ${now.toISOString()}::timestamptz then coalesce(s.total_time_actual, 0)::float8
    else ${PLANNED}::float8 end)`;

export const isApproved = sql`((r.kind = 'FIXED' and s.status = 3) or (r.kind = 'FLEXIBLE' and r.status in (1, 3, 5)))`;
const isPlanned = sql`((r.kind = 'FIXED' and s.status = 1) or (r.kind = 'FLEXIBLE' and r.status = 0))`;

export type DayHoursRow = { employee_id: number; ot_date: string; approved: number; planned: number; overrides: number };

/** Per employee and OT date in [from, to]: approved and planned hours, without the request `exceptRequestId`. */
export async function hoursByDay(db: DbOrTx, a: { employeeIds: readonly number[]; from: string; to: string; now: Date; exceptRequestId?: number | null }): Promise<DayHoursRow[]> {
  if (a.employeeIds.length === 0) return [];
  return queryRows<DayHoursRow>(
    db,
    sql`select s.employee_id, r.ot_date::text as ot_date,
               coalesce(sum(${countedHours(a.now)}) filter (where ${isApproved}), 0)::float8 as approved,
               coalesce(sum(${countedHours(a.now)}) filter (where ${isPlanned}), 0)::float8 as planned,
               count(*) filter (where ${isApproved} and s.limit_override_reason is not null)::int as overrides
          from overtime_request_staff s
          join overtime_requests r on r.id = s.overtime_request_id
         where s.employee_id = any(${intArray(a.employeeIds)})
           and r.ot_date between ${a.from}::date and ${a.to}::date
           and r.id <> ${a.exceptRequestId ?? 0}::int
           and (${isApproved} or ${isPlanned})
         group by s.employee_id, r.ot_date`,
  );
}

/** The counted hours of a request's staff rows (what approving them adds). */
export async function requestHours(db: DbOrTx, requestId: number, employeeIds: readonly number[], now: Date): Promise<Map<number, number>> {
  const rows = await queryRows<{ employee_id: number; hours: number }>(
    db,
    sql`select s.employee_id, ${countedHours(now)} as hours
          from overtime_request_staff s join overtime_requests r on r.id = s.overtime_request_id
         where r.id = ${requestId} and s.employee_id = any(${intArray(employeeIds)})`,
  );
  return new Map(rows.map((r) => [r.employee_id, Number(r.hours)]));
}

/**
 * Serialises approvals per employee until the transaction ends (issue 27 §2: two approvals racing must not both pass
 * the limit check). Ascending order, so two transactions locking overlapping staff never wait on each other in a circle.
 */
export async function lockEmployeesForLimits(tx: DbOrTx, employeeIds: readonly number[]): Promise<void> {
  if (employeeIds.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(27107, x.e) from (select distinct unnest(${intArray(employeeIds)}) as e order by 1) x`);
}

export type EmployeeLimitRow = { employee_id: number; name: string; user_name: string; listed_sector: boolean };

/** Names and the listed-sector marker of their department or division; with `caller`, only those in their scope (RULES.md §3, a PM's project members included). */
export async function employeesForLimits(db: DbOrTx, employeeIds: readonly number[], caller?: ScopeUser): Promise<EmployeeLimitRow[]> {
  if (employeeIds.length === 0) return [];
  const scope = caller ? employeeScope(caller, sql`e.id`, { includeProjects: true }) : sql`true`;
  return queryRows<EmployeeLimitRow>(
    db,
    sql`select e.id as employee_id, e.name, e.user_name, (coalesce(d.ot_listed_sector, false) or coalesce(v.ot_listed_sector, false)) as listed_sector
          from employees e left join departments d on d.id = e.department_id left join departments v on v.id = e.division_id
         where e.id = any(${intArray(employeeIds)}) and ${scope} order by e.id`,
  );
}

/** The limits table's entries (absent before the migration: the defaults apply). */
export async function limitEntries(db: DbOrTx): Promise<{ key: string; value: number }[]> {
  const rows = await queryRows<{ key: string; value: number }>(
    db,
    sql`select c->>'key' as key, (c->>'value')::int as value
          from payroll_config_tables t, jsonb_array_elements(t.table_config) c where t.table_code = ${PAYROLL_TABLE_OT_LIMITS}`,
  );
  return rows.map((r) => ({ key: r.key, value: Number(r.value) }));
}

export async function listedDepartmentIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from departments where ot_listed_sector order by id`);
  return rows.map((r) => r.id);
}

/** Sets the marker on exactly `ids`; answers the departments whose marker changed with their new value. */
export async function setListedDepartments(tx: DbOrTx, ids: readonly number[]): Promise<{ id: number; ot_listed_sector: boolean }[]> {
  return queryRows<{ id: number; ot_listed_sector: boolean }>(
    tx,
    sql`update departments set ot_listed_sector = (id = any(${intArray(ids)}))
         where ot_listed_sector <> (id = any(${intArray(ids)})) returning id, ot_listed_sector`,
  );
}

export async function existingDepartmentIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from departments where id = any(${intArray(ids)})`);
  return rows.map((r) => r.id);
}
