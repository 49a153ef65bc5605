import type { PolicyValues } from '@tms/contracts/policies';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { foldedContains, intArray } from '../../db/sql-fragments.ts';
import type { EmployeePick, PolicyRange } from './policy-filter.ts';
import { departmentName, workScheduleName } from '../../lib/localized-name.ts';

/**
 * SQL of staff and department policies and job info history (spec 002 §2, §3, §4, §7). Every statement is set-based:
 * a policy for 1,000 staff is the same few statements as one. "The policy in force" is read from the view
 * `employee_policies` (migration 0014): staff rows, plus department rows on the dates no staff policy covers.
 */
export const STAFF_POLICIES_TABLE = 'staff_policies';
export const DEPARTMENT_POLICIES_TABLE = 'department_policies';
export const EMPLOYEES_TABLE = 'employees';

export type PolicyKind = 'staff' | 'department';
const TABLE: Record<PolicyKind, SQL> = { staff: sql.raw('staff_policies'), department: sql.raw('department_policies') };
const OWNER: Record<PolicyKind, SQL> = { staff: sql.raw('employee_id'), department: sql.raw('department_id') };

/** A policy's terms as stored: the checked form values (contracts), the URL may be empty. */
export type PolicyTerms = Omit<PolicyValues, 'url_policy'> & { url_policy: string | null };

/** A stored policy row of either table (`owner_id` = employee or department). */
export type StoredPolicy = PolicyTerms & {
  id: number;
  owner_id: number;
  work_start_time: string | null;
  work_end_time: string | null;
  is_from: string | null;
  version: number;
};

function columns(kind: PolicyKind, alias = 'p'): SQL {
  const a = sql.raw(alias);
  const staffOnly =
    kind === 'staff'
      ? sql`to_char(${a}.work_start_time, 'HH24:MI') as work_start_time, to_char(${a}.work_end_time, 'HH24:MI') as work_end_time, ${a}.is_from`
      : sql`null::text as work_start_time, null::text as work_end_time, null::text as is_from`;
  return sql`${a}.id, ${a}.${OWNER[kind]} as owner_id, ${a}.work_schedule_code, ${a}.rule_type, ${a}.explanation_number,
    ${a}.refund_hours_per_explanation::float8 as refund_hours_per_explanation, ${a}.explanation_time_per_days, ${a}.lack_of_time_allowed,
    ${a}.ot_type, ${a}.url_policy, ${a}.apply_date::text as apply_date, ${a}.expire_date::text as expire_date, ${staffOnly},
    ${a}.self_check_in_mode, ${a}.self_check_in_place_ids, ${a}.version`;
}

const stored = (r: StoredPolicy): StoredPolicy => ({
  ...r,
  id: Number(r.id),
  owner_id: Number(r.owner_id),
  explanation_number: Number(r.explanation_number),
  refund_hours_per_explanation: Number(r.refund_hours_per_explanation),
  explanation_time_per_days: Number(r.explanation_time_per_days),
  lack_of_time_allowed: Number(r.lack_of_time_allowed),
  self_check_in_place_ids: (r.self_check_in_place_ids ?? []).map(Number),
  version: Number(r.version),
});

/** The term columns both policy tables share (all but owner, dates, schedule times and source), of `alias` if given. */
const TERM_COLUMNS = [
  'work_schedule_code',
  'rule_type',
  'explanation_number',
  'refund_hours_per_explanation',
  'explanation_time_per_days',
  'lack_of_time_allowed',
  'ot_type',
  'url_policy',
  'self_check_in_mode',
  'self_check_in_place_ids',
];
const termColumns = (alias?: string): SQL => sql.raw(TERM_COLUMNS.map((c) => (alias ? `${alias}.${c}` : c)).join(', '));

const idIn = (column: SQL, ids: readonly number[]) => (ids.length === 0 ? sql`false` : sql`${column} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);

export async function findPolicy(db: DbOrTx, kind: PolicyKind, id: number, lock = false): Promise<StoredPolicy | undefined> {
  const [row] = await queryRows<StoredPolicy>(db, sql`select ${columns(kind)} from ${TABLE[kind]} p where p.id = ${id} ${lock ? sql`for update` : sql``}`);
  return row ? stored(row) : undefined;
}

export async function findPolicies(db: DbOrTx, kind: PolicyKind, ids: readonly number[]): Promise<StoredPolicy[]> {
  if (ids.length === 0) return [];
  return (await queryRows<StoredPolicy>(db, sql`select ${columns(kind)} from ${TABLE[kind]} p where ${idIn(sql`p.id`, ids)} order by p.id`)).map(stored);
}

/** The owners' policies overlapping their new ranges (other than `exceptIds`), locked for the trim. */
export async function lockOverlapping(
  tx: DbOrTx,
  kind: PolicyKind,
  ranges: readonly { owner: number; from: string; to: string }[],
  exceptIds: readonly number[] = [],
): Promise<StoredPolicy[]> {
  if (ranges.length === 0) return [];
  const rows = await queryRows<StoredPolicy>(
    tx,
    sql`select ${columns(kind)} from ${TABLE[kind]} p
         where exists (select 1 from json_to_recordset(${JSON.stringify(ranges)}::json) as r(owner int, "from" date, "to" date)
                        where r.owner = p.${OWNER[kind]} and p.apply_date <= r."to" and p.expire_date >= r."from")
           ${exceptIds.length > 0 ? sql`and not ${idIn(sql`p.id`, exceptIds)}` : sql``}
         order by p.id
           for update`,
  );
  return rows.map(stored);
}

export async function deletePolicies(tx: DbOrTx, kind: PolicyKind, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`delete from ${TABLE[kind]} where ${idIn(sql`id`, ids)}`);
}

/** New dates for several rows in one statement. */
export async function setDates(tx: DbOrTx, kind: PolicyKind, rows: readonly { id: number; apply: string; expire: string }[]): Promise<StoredPolicy[]> {
  if (rows.length === 0) return [];
  const out = await queryRows<StoredPolicy>(
    tx,
    sql`update ${TABLE[kind]} p set apply_date = r.apply, expire_date = r.expire, version = p.version + 1, updated_at = now()
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(id int, apply date, expire date)
         where p.id = r.id
     returning ${columns(kind)}`,
  );
  return out.map(stored);
}

/** Copies of rows with other dates (the right part of a split), in one statement. */
export async function copyWithDates(
  tx: DbOrTx,
  kind: PolicyKind,
  rows: readonly { id: number; apply: string; expire: string }[],
  byUserId: number | null,
): Promise<StoredPolicy[]> {
  if (rows.length === 0) return [];
  const staff = kind === 'staff';
  const out = await queryRows<StoredPolicy>(
    tx,
    sql`insert into ${TABLE[kind]} as p (${OWNER[kind]}, ${termColumns()}, apply_date, expire_date,
               ${staff ? sql`work_start_time, work_end_time, is_from,` : sql``} created_by)
        select s.${OWNER[kind]}, ${termColumns('s')}, r.apply, r.expire,
               ${staff ? sql`s.work_start_time, s.work_end_time, s.is_from,` : sql``} ${byUserId}::int
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(id int, apply date, expire date)
          join ${TABLE[kind]} s on s.id = r.id
     returning ${columns(kind)}`,
  );
  return out.map(stored);
}

export type NewPolicy = PolicyTerms & { owner: number };

/** Inserts every new policy in one statement (staff rows get the schedule's times). */
export async function insertPolicies(tx: DbOrTx, kind: PolicyKind, rows: readonly NewPolicy[], byUserId: number | null): Promise<StoredPolicy[]> {
  if (rows.length === 0) return [];
  const staff = kind === 'staff';
  const out = await queryRows<StoredPolicy>(
    tx,
    sql`insert into ${TABLE[kind]} as p (${OWNER[kind]}, ${termColumns()}, apply_date, expire_date,
               ${staff ? sql`work_start_time, work_end_time,` : sql``} created_by)
        select r.owner, r.work_schedule_code, r.rule_type, r.explanation_number, r.refund_hours_per_explanation, r.explanation_time_per_days,
               r.lack_of_time_allowed, r.ot_type, r.url_policy, coalesce(r.self_check_in_mode, 'OFF'), coalesce(r.self_check_in_place_ids, '{}'::int[]),
               r.apply_date, r.expire_date,
               ${staff ? sql`ws.work_start_time, ws.work_end_time,` : sql``} ${byUserId}::int
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(owner int, work_schedule_code text, rule_type text, explanation_number int,
               refund_hours_per_explanation numeric, explanation_time_per_days int, lack_of_time_allowed int, ot_type text, url_policy text,
               self_check_in_mode text, self_check_in_place_ids int[], apply_date date, expire_date date)
          left join work_schedules ws on ws.work_schedule_code = r.work_schedule_code
     returning ${columns(kind)}`,
  );
  return out.map(stored);
}

/** The edit, when the version still matches; undefined when someone else changed it first. */
export async function updatePolicy(tx: DbOrTx, kind: PolicyKind, id: number, version: number, v: Omit<NewPolicy, 'owner'>): Promise<StoredPolicy | undefined> {
  const staff = kind === 'staff';
  const [row] = await queryRows<StoredPolicy>(
    tx,
    sql`update ${TABLE[kind]} p
           set work_schedule_code = ${v.work_schedule_code}, rule_type = ${v.rule_type}, explanation_number = ${v.explanation_number},
               refund_hours_per_explanation = ${v.refund_hours_per_explanation}, explanation_time_per_days = ${v.explanation_time_per_days},
               lack_of_time_allowed = ${v.lack_of_time_allowed}, ot_type = ${v.ot_type}, url_policy = ${v.url_policy},
               apply_date = ${v.apply_date}::date, expire_date = ${v.expire_date}::date,
               self_check_in_mode = coalesce(${v.self_check_in_mode ?? null}::text, p.self_check_in_mode),
               self_check_in_place_ids = coalesce(${v.self_check_in_place_ids === undefined ? null : `{${v.self_check_in_place_ids.join(',')}}`}::int[], p.self_check_in_place_ids),
               ${staff ? sql`work_start_time = (select work_start_time from work_schedules where work_schedule_code = ${v.work_schedule_code}),
               work_end_time = (select work_end_time from work_schedules where work_schedule_code = ${v.work_schedule_code}),` : sql``}
               version = p.version + 1, updated_at = now()
         where p.id = ${id} and p.version = ${version}
     returning ${columns(kind)}`,
  );
  return row ? stored(row) : undefined;
}

export type ScheduleRef = { work_schedule_code: string; work_schedule_name: string; work_schedule_type: string; work_start_time: string; work_end_time: string; lack_of_time_allowed: number };

/** Active schedules (the Work Schedule select, spec 002 §7 get-all-work-schedule-codes). */
export async function activeSchedules(db: DbOrTx, codes?: readonly string[]): Promise<ScheduleRef[]> {
  return queryRows<ScheduleRef>(
    db,
    sql`select work_schedule_code, ${workScheduleName(sql`work_schedules`)} as work_schedule_name, work_schedule_type, to_char(work_start_time, 'HH24:MI') as work_start_time,
               to_char(work_end_time, 'HH24:MI') as work_end_time, lack_of_time_allowed
          from work_schedules where active
           ${codes ? (codes.length === 0 ? sql`and false` : sql`and work_schedule_code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})`) : sql``}
         order by work_schedule_code`,
  );
}

export type EmployeeRef = { id: number; user_name: string; name: string; company_id: number; department_id: number };

export async function employeesByUsernames(db: DbOrTx, names: readonly string[]): Promise<EmployeeRef[]> {
  if (names.length === 0) return [];
  const lowered = [...new Set(names.map((n) => n.toLowerCase()))];
  return queryRows<EmployeeRef>(
    db,
    sql`select id, user_name, name, company_id, department_id from employees where lower(user_name) in (${sql.join(lowered.map((n) => sql`${n}`), sql`, `)})`,
  );
}

export async function employeesByIds(db: DbOrTx, ids: readonly number[]): Promise<EmployeeRef[]> {
  if (ids.length === 0) return [];
  return queryRows<EmployeeRef>(db, sql`select id, user_name, name, company_id, department_id from employees where ${idIn(sql`id`, ids)}`);
}

export type DepartmentRef = { id: number; department_code: string; name: string };

export async function departmentsByIds(db: DbOrTx, ids: readonly number[]): Promise<DepartmentRef[]> {
  if (ids.length === 0) return [];
  return queryRows<DepartmentRef>(db, sql`select id, department_code, ${departmentName(sql`departments`)} as name from departments where ${idIn(sql`id`, ids)}`);
}

export async function departmentsByCodes(db: DbOrTx, codes: readonly string[]): Promise<DepartmentRef[]> {
  if (codes.length === 0) return [];
  const lowered = [...new Set(codes.map((c) => c.toLowerCase()))];
  return queryRows<DepartmentRef>(
    db,
    sql`select id, department_code, ${departmentName(sql`departments`)} as name from departments where lower(department_code) in (${sql.join(lowered.map((c) => sql`${c}`), sql`, `)})`,
  );
}

/** Members of departments (every employee whose department it is). */
export async function membersOf(db: DbOrTx, departmentIds: readonly number[]): Promise<number[]> {
  if (departmentIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(db, sql`select id from employees where ${idIn(sql`department_id`, departmentIds)}`);
  return rows.map((r) => Number(r.id));
}

// ---- lists ----

/**
 * Conditions on a policy row's `apply_date` / `expire_date` (`alias` = the policy table or view alias): the filters the
 * policy lists here and the Work Schedule Report (work-schedule-report.repository.ts) share.
 */
export function policyRangeWhere(alias: string, f: PolicyRange): SQL[] {
  const a = sql.raw(alias);
  const where: SQL[] = [];
  if (f.applyFrom) where.push(sql`${a}.apply_date >= ${f.applyFrom}::date`);
  if (f.applyTo) where.push(sql`${a}.apply_date <= ${f.applyTo}::date`);
  if (f.expireFrom) where.push(sql`${a}.expire_date >= ${f.expireFrom}::date`);
  if (f.expireTo) where.push(sql`${a}.expire_date <= ${f.expireTo}::date`);
  return where;
}

/** Conditions on the employee (alias `e`). */
export function employeePickWhere(f: EmployeePick): SQL[] {
  const where: SQL[] = [];
  if (f.staff?.length) where.push(sql`e.id = any(${intArray(f.staff)})`);
  if (f.division?.length) where.push(sql`e.division_id = any(${intArray(f.division)})`);
  if (f.department?.length) where.push(sql`e.department_id = any(${intArray(f.department)})`);
  return where;
}

/** One policy row of the view, with its schedule, owner and author. */
export type PolicyListRow = PolicyTerms & {
  id: number;
  source: 'staff' | 'department';
  is_from: string | null;
  employee_id: number | null;
  full_name: string | null;
  user_name: string | null;
  department_id: number | null;
  department_name: string | null;
  division_name: string | null;
  work_schedule_name: string | null;
  work_schedule_type: string | null;
  created_by: string | null;
  created_at: string | null;
  updated_at: string | null;
  version: number | null;
};

export type CurrentPolicyFilter = EmployeePick &
  PolicyRange & {
    today: string;
    workScheduleCode?: string;
    workScheduleType?: string;
    project?: number[];
    onboardFrom?: string;
    onboardTo?: string;
    limit: number;
    offset: number;
  };

/**
 * The Current Staff Policy tab (spec 002 §2): employees with the policy in force today (staff or department-sourced),
 * one page and the total in one statement.
 */
export async function currentPolicies(db: DbOrTx, f: CurrentPolicyFilter): Promise<(PolicyListRow & { e_id: number; e_name: string; e_user_name: string; e_department: string | null; e_division: string | null; hired_date: string | null; total: number })[]> {
  const where: SQL[] = [sql`true`, ...employeePickWhere(f)];
  if (f.project?.length) where.push(sql`exists (select 1 from project_members pm where pm.employee_id = e.id and ${idIn(sql`pm.project_id`, f.project)})`);
  if (f.onboardFrom) where.push(sql`e.start_working_day >= ${f.onboardFrom}::date`);
  if (f.onboardTo) where.push(sql`e.start_working_day <= ${f.onboardTo}::date`);
  if (f.workScheduleCode) where.push(foldedContains(sql`cp.work_schedule_code`, f.workScheduleCode));
  if (f.workScheduleType) where.push(sql`(cp.rule_type = ${f.workScheduleType} or ws.work_schedule_type = ${f.workScheduleType})`);
  where.push(...policyRangeWhere('cp', f));
  return queryRows(
    db,
    sql`select e.id as e_id, e.name as e_name, e.user_name as e_user_name, ${departmentName(sql`d`)} as e_department, ${departmentName(sql`dv`)} as e_division,
               e.start_working_day::text as hired_date,
               cp.id, cp.source, cp.is_from, e.id as employee_id, e.name as full_name, e.user_name, e.department_id, ${departmentName(sql`d`)} as department_name, ${departmentName(sql`dv`)} as division_name,
               cp.work_schedule_code, ${workScheduleName(sql`ws`)} as work_schedule_name, ws.work_schedule_type, cp.rule_type, cp.explanation_number,
               cp.refund_hours_per_explanation::float8 as refund_hours_per_explanation, cp.explanation_time_per_days, cp.lack_of_time_allowed,
               cp.ot_type, cp.url_policy, cp.self_check_in_mode, cp.self_check_in_place_ids, cp.apply_date::text as apply_date, cp.expire_date::text as expire_date,
               null::text as created_by, null::text as created_at, null::text as updated_at, cp.version,
               count(*) over ()::int as total
          from employees e
          left join departments d on d.id = e.department_id
          left join departments dv on dv.id = e.division_id
          left join lateral (
            select p.*, coalesce(sp.version, dp.version) as version
              from employee_policies p
              left join staff_policies sp on p.source = 'staff' and sp.id = p.id
              left join department_policies dp on p.source = 'department' and dp.id = p.id
             where p.employee_id = e.id and p.apply_date <= ${f.today}::date and p.expire_date >= ${f.today}::date
             order by p.apply_date desc, p.id desc
             limit 1
          ) cp on true
          left join work_schedules ws on ws.work_schedule_code = cp.work_schedule_code
         where ${sql.join(where, sql` and `)}
         order by e.name, e.id
         limit ${f.limit} offset ${f.offset}`,
  );
}

const listColumns = () => sql`p.id, p.source, p.is_from, p.employee_id, e.name as full_name, e.user_name,
  coalesce(dp.department_id, e.department_id) as department_id, ${departmentName(sql`d`)} as department_name, ${departmentName(sql`dv`)} as division_name,
  p.work_schedule_code, ${workScheduleName(sql`ws`)} as work_schedule_name, ws.work_schedule_type, p.rule_type, p.explanation_number,
  p.refund_hours_per_explanation::float8 as refund_hours_per_explanation, p.explanation_time_per_days, p.lack_of_time_allowed,
  p.ot_type, p.url_policy, p.self_check_in_mode, p.self_check_in_place_ids, p.apply_date::text as apply_date, p.expire_date::text as expire_date,
  coalesce(cu.username, cu2.username) as created_by, coalesce(sp.created_at, dp.created_at)::text as created_at,
  coalesce(sp.updated_at, dp.updated_at)::text as updated_at, coalesce(sp.version, dp.version) as version`;

/** Every policy row of one employee (staff and department-sourced), newest first (spec 002 §2 Staff policy history). */
export async function employeePolicies(
  db: DbOrTx,
  employeeId: number,
  f: PolicyRange & { workScheduleCode?: string; ruleType?: string },
): Promise<PolicyListRow[]> {
  const where: SQL[] = [sql`p.employee_id = ${employeeId}`];
  if (f.workScheduleCode) where.push(foldedContains(sql`p.work_schedule_code`, f.workScheduleCode));
  if (f.ruleType) where.push(sql`(p.rule_type = ${f.ruleType} or ws.work_schedule_type = ${f.ruleType})`);
  where.push(...policyRangeWhere('p', f));
  return queryRows<PolicyListRow>(
    db,
    sql`select ${listColumns()}
          from employee_policies p
          join employees e on e.id = p.employee_id
          left join staff_policies sp on p.source = 'staff' and sp.id = p.id
          left join department_policies dp on p.source = 'department' and dp.id = p.id
          left join departments d on d.id = coalesce(dp.department_id, e.department_id)
          left join departments dv on dv.id = e.division_id
          left join work_schedules ws on ws.work_schedule_code = p.work_schedule_code
          left join users cu on cu.id = sp.created_by
          left join users cu2 on cu2.id = dp.created_by
         where ${sql.join(where, sql` and `)}
         order by p.apply_date desc, p.id desc`,
  );
}

export type DepartmentPolicyFilter = PolicyRange & {
  division?: number[];
  department?: number[];
  workSchedule?: string;
  type?: string;
  limit: number;
  offset: number;
};

/** The Current Department Policy tab: department policies, one page and the total in one statement. */
export async function departmentPolicies(db: DbOrTx, f: DepartmentPolicyFilter): Promise<(PolicyListRow & { member_count: number; total: number })[]> {
  const where: SQL[] = [sql`true`];
  if (f.division?.length) where.push(idIn(sql`d.parent_id`, f.division));
  if (f.department?.length) where.push(idIn(sql`dp.department_id`, f.department));
  if (f.workSchedule) where.push(sql`(${foldedContains(sql`dp.work_schedule_code`, f.workSchedule)} or ${foldedContains(sql`coalesce(${workScheduleName(sql`ws`)}, '')`, f.workSchedule)})`);
  if (f.type) where.push(sql`(${foldedContains(sql`dp.rule_type`, f.type)} or ${foldedContains(sql`coalesce(ws.work_schedule_type, '')`, f.type)})`);
  where.push(...policyRangeWhere('dp', f));
  return queryRows(
    db,
    sql`select dp.id, 'department' as source, null::text as is_from, null::int as employee_id, null::text as full_name, null::text as user_name,
               dp.department_id, ${departmentName(sql`d`)} as department_name, ${departmentName(sql`dv`)} as division_name,
               dp.work_schedule_code, ${workScheduleName(sql`ws`)} as work_schedule_name, ws.work_schedule_type, dp.rule_type, dp.explanation_number,
               dp.refund_hours_per_explanation::float8 as refund_hours_per_explanation, dp.explanation_time_per_days, dp.lack_of_time_allowed,
               dp.ot_type, dp.url_policy, dp.self_check_in_mode, dp.self_check_in_place_ids, dp.apply_date::text as apply_date, dp.expire_date::text as expire_date,
               cu.username as created_by, dp.created_at::text as created_at, dp.updated_at::text as updated_at, dp.version,
               (select count(*) from employees m where m.department_id = dp.department_id)::int as member_count,
               count(*) over ()::int as total
          from department_policies dp
          join departments d on d.id = dp.department_id
          left join departments dv on dv.id = d.parent_id
          left join work_schedules ws on ws.work_schedule_code = dp.work_schedule_code
          left join users cu on cu.id = dp.created_by
         where ${sql.join(where, sql` and `)}
         order by ${departmentName(sql`d`)}, dp.apply_date desc, dp.id desc
         limit ${f.limit} offset ${f.offset}`,
  );
}

// ---- job info ----

export type JobInfoDbRow = {
  id: number;
  employee_id: number;
  employee_name: string;
  user_name: string;
  work_schedule_code: string;
  apply_date: string;
  expire_date: string;
  work_start_time: string | null;
  work_end_time: string | null;
  is_from: string | null;
  version: number;
  total: number;
};

/** Job info history (spec 002 §2): staff policy rows by their schedule part, one page and the total. */
export async function jobInfoRows(
  db: DbOrTx,
  f: { employeeIds?: number[]; workScheduleCode?: string; from?: string; to?: string; limit: number; offset: number },
): Promise<JobInfoDbRow[]> {
  const where: SQL[] = [sql`true`];
  if (f.employeeIds?.length) where.push(idIn(sql`sp.employee_id`, f.employeeIds));
  if (f.workScheduleCode) where.push(foldedContains(sql`sp.work_schedule_code`, f.workScheduleCode));
  if (f.from) where.push(sql`sp.expire_date >= ${f.from}::date`);
  if (f.to) where.push(sql`sp.apply_date <= ${f.to}::date`);
  return queryRows<JobInfoDbRow>(
    db,
    sql`select sp.id, sp.employee_id, e.name as employee_name, e.user_name, sp.work_schedule_code,
               sp.apply_date::text as apply_date, sp.expire_date::text as expire_date,
               to_char(coalesce(sp.work_start_time, ws.work_start_time), 'HH24:MI') as work_start_time,
               to_char(coalesce(sp.work_end_time, ws.work_end_time), 'HH24:MI') as work_end_time,
               sp.is_from, sp.version, count(*) over ()::int as total
          from staff_policies sp
          join employees e on e.id = sp.employee_id
          left join work_schedules ws on ws.work_schedule_code = sp.work_schedule_code
         where ${sql.join(where, sql` and `)}
         order by e.name, sp.apply_date desc, sp.id desc
         limit ${f.limit} offset ${f.offset}`,
  );
}

/** The policy in force on `date` for each employee (view: staff or department), to copy its terms into a job info row. */
export async function policiesInForce(db: DbOrTx, employeeIds: readonly number[], date: string): Promise<(StoredPolicy & { source: string })[]> {
  if (employeeIds.length === 0) return [];
  const rows = await queryRows<StoredPolicy & { source: string }>(
    db,
    sql`select distinct on (p.employee_id) p.id, p.employee_id as owner_id, p.work_schedule_code, p.rule_type, p.explanation_number,
               p.refund_hours_per_explanation::float8 as refund_hours_per_explanation, p.explanation_time_per_days, p.lack_of_time_allowed,
               p.ot_type, p.url_policy, p.self_check_in_mode, p.self_check_in_place_ids, p.apply_date::text as apply_date, p.expire_date::text as expire_date,
               null::text as work_start_time, null::text as work_end_time, p.is_from, 0 as version, p.source
          from employee_policies p
         where ${idIn(sql`p.employee_id`, employeeIds)} and p.apply_date <= ${date}::date and p.expire_date >= ${date}::date
         order by p.employee_id, p.apply_date desc, p.id desc`,
  );
  return rows.map((r) => ({ ...stored(r), source: r.source }));
}

// ---- the schedule switch (employees.work_schedule_type / work_schedule_apply_date follow the policy in force) ----

export type SwitchedEmployee = {
  id: number;
  old_type: string | null;
  old_date: string | null;
  work_schedule_type: string;
  work_schedule_apply_date: string;
  version: number;
};

/**
 * Sets each employee's current schedule type and its apply date from the policy in force `today` (the view; the
 * latest applied row when several overlap), only where they differ; one statement. `employeeIds` null = everyone.
 */
export async function switchSchedules(tx: DbOrTx, today: string, employeeIds: readonly number[] | null): Promise<SwitchedEmployee[]> {
  if (employeeIds !== null && employeeIds.length === 0) return [];
  return queryRows<SwitchedEmployee>(
    tx,
    sql`with cur as (
          select distinct on (p.employee_id) p.employee_id, ws.work_schedule_type as type, p.apply_date
            from employee_policies p
            join work_schedules ws on ws.work_schedule_code = p.work_schedule_code
           where p.apply_date <= ${today}::date and p.expire_date >= ${today}::date
             ${employeeIds === null ? sql`` : sql`and ${idIn(sql`p.employee_id`, employeeIds)}`}
           order by p.employee_id, p.apply_date desc, p.id desc
        )
        update employees e
           set work_schedule_type = cur.type, work_schedule_apply_date = cur.apply_date, version = e.version + 1, updated_at = now()
          from cur join employees o on o.id = cur.employee_id
         where e.id = o.id
           and (o.work_schedule_type is distinct from cur.type or o.work_schedule_apply_date is distinct from cur.apply_date)
     returning e.id, o.work_schedule_type as old_type, o.work_schedule_apply_date::text as old_date,
               e.work_schedule_type, e.work_schedule_apply_date::text as work_schedule_apply_date, e.version`,
  );
}

// ---- self check-in (issue 28) ----

/** Of `ids`, the check-in places that exist and are active. */
export async function activePlaceIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(db, sql`select id from check_in_places where active and id = any(${intArray(ids)})`);
  return rows.map((r) => Number(r.id));
}

/** The product's own attendance-check system: self punches are its punches (RULES.md §4). */
export const SELF_CHECK_IN_SYSTEM = 'TMS';
/** The end date of an attendance-check config made for self check-in: open-ended. */
export const SELF_CHECK_IN_CONFIG_END = '9999-12-31';

export type CreatedSelfConfig = { id: number; employee_id: number; attendance_check_id: string; attendance_check_system: string; start_date: string; end_date: string };

/**
 * Of `employeeIds`, those whose policy in force on `today` lets them self check in and who have no TMS
 * attendance-check config covering `today`: each gets one (account = their user name, from `from` — three days back,
 * so a punch sent late still maps — open-ended). Answers the configs created.
 */
export async function createSelfCheckInConfigs(tx: DbOrTx, employeeIds: readonly number[], today: string, from: string): Promise<CreatedSelfConfig[]> {
  if (employeeIds.length === 0) return [];
  const rows = await queryRows<CreatedSelfConfig>(
    tx,
    sql`insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, attendance_check_name, start_date, end_date)
        select e.id, e.user_name, ${SELF_CHECK_IN_SYSTEM}, e.name, ${from}::date, ${SELF_CHECK_IN_CONFIG_END}::date
          from employees e
         where e.id = any(${intArray(employeeIds)})
           and exists (select 1 from employee_policies p
                        where p.employee_id = e.id and p.apply_date <= ${today}::date and p.expire_date >= ${today}::date
                          and p.self_check_in_mode <> 'OFF')
           and not exists (select 1 from attendance_check_configs c
                            where c.employee_id = e.id and c.attendance_check_system = ${SELF_CHECK_IN_SYSTEM}
                              and c.start_date <= ${today}::date and c.end_date >= ${today}::date)
     returning id, employee_id, attendance_check_id, attendance_check_system, start_date::text as start_date, end_date::text as end_date`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), employee_id: Number(r.employee_id) }));
}
