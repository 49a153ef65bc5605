import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { employeeNameContains, textArray } from '../../db/sql-fragments.ts';
import { employeeScope, type ScopeUser } from '../../lib/scope.ts';
import { moverLeadScopeSql } from '../auth/reassign.repository.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { departmentName, reasonTypeName } from '../../lib/localized-name.ts';

/**
 * All SQL of abnormal cases and their explanation requests (spec 001 §2.5, §3, §4.3; RULES.md §4, §5). Every list is
 * one statement; every state change is a conditional UPDATE (a concurrent second change finds no row → 409).
 */
export const ABNORMAL_TABLE = 'abnormal_cases';
export const REQUESTS_TABLE = 'requests';

/** A case row with its employee, its day's schedule and its latest explanation request, as lists and actions read it. */
export type CaseRow = {
  id: number;
  employee_id: number;
  employee_name: string;
  employee_user_name: string | null;
  employee_code: string | null;
  department_id: number;
  department_name: string | null;
  company_id: number;
  abnormal_date: string;
  status: number;
  reason: string;
  minute_violation: number;
  check_in: string | null;
  check_out: string | null;
  start_time: string | null;
  end_time: string | null;
  work_start_time: string | null;
  work_end_time: string | null;
  /** The day's standard working time in minutes (its work schedule), null without one. */
  standard_minutes: number | null;
  is_flexible: boolean;
  version: number;
  /** The payroll period containing the date (its closing date and hour of explanations, spec 001 §4.3). */
  period_to: string | null;
  period_forbidden_date: string | null;
  period_forbidden_hour: string | null;
  forbidden_day_setting: string | null;
  /** The latest explanation request of the case, when any. */
  request_id: number | null;
  request_status: number | null;
  request_title: string | null;
  request_actual: string | null;
  request_description: string | null;
  request_reason_type: string | null;
  request_reason_name: string | null;
  request_rejection: string | null;
  request_leaving_type: string | null;
  request_fund_uses: number | null;
  request_version: number | null;
  request_mail: { id: number; name: string }[] | null;
  assignee_user_id: number | null;
  /** A ROLE step of an approval flow: anyone of this role decides. */
  assignee_role: string | null;
  assignee_user_name: string | null;
  assignee_name: string | null;
  original_assignee_user_id: number | null;
  status_before_delegation: number | null;
  /** Issue 29: the explanation's approval step now deciding and its step count (null: the single step). */
  approval_step: number | null;
  approval_step_count: number | null;
  /** Who filed the explanation (its owner): nobody changes the assignee of their own item. */
  request_created_by_user_id: number | null;
  /** Lists: the employee is in the caller's lead scope (the reassignment rule's fact for the Delegate flag). */
  in_lead_scope?: boolean;
  total?: number;
  /** Lists: the caller's lock date (the same on every row; payroll-periods `lockDateOfEmployeeSql`). */
  caller_lock_date?: string | null;
};

const caseSelect = () => sql`
  select c.id, c.employee_id, e.name as employee_name, e.user_name as employee_user_name, e.sf4c_id as employee_code,
         e.department_id, ${departmentName(sql`d`)} as department_name, e.company_id,
         c.abnormal_date::text as abnormal_date, c.status, c.reason, c.minute_violation, c.check_in, c.check_out,
         c.start_time, c.end_time, to_char(ws.work_start_time, 'HH24:MI') as work_start_time,
         to_char(ws.work_end_time, 'HH24:MI') as work_end_time, ws.standard_working_time as standard_minutes,
         (c.reason = 'FLEXIBLE_ABSENT' or coalesce(td.mode, '') = 'HOUR') as is_flexible, c.version,
         per.to_date::text as period_to, per.forbidden_request_date::text as period_forbidden_date,
         per.forbidden_request_time_in_hour as period_forbidden_hour,
         (select s.value from settings s where s.key = 'forbidden_request_day') as forbidden_day_setting,
         r.id as request_id, r.status as request_status, r.title as request_title, r.actual as request_actual,
         r.description as request_description, r.reason_type as request_reason_type, ${reasonTypeName(sql`rt`)} as request_reason_name,
         r.reasons_for_rejection as request_rejection, r.leaving_type as request_leaving_type,
         (select sum(rd.fund_uses)::int from request_dates rd where rd.request_id = r.id) as request_fund_uses,
         r.version as request_version,
         (select json_agg(json_build_object('id', ce.id, 'name', ce.name) order by ce.name) from request_cc cc
            join employees ce on ce.id = cc.employee_id where cc.request_id = r.id) as request_mail,
         r.assignee_user_id, r.assignee_role, au.username as assignee_user_name, coalesce(ae.name, au.username) as assignee_name,
         r.original_assignee_user_id, r.status_before_delegation, r.created_by_user_id as request_created_by_user_id,
         r.approval_step, r.approval_step_count
    from abnormal_cases c
    join employees e on e.id = c.employee_id
    left join departments d on d.id = e.department_id
    left join timesheet_days td on td.employee_id = c.employee_id and td.date = c.abnormal_date
    left join lateral (select w.work_start_time, w.work_end_time, w.standard_working_time from work_schedules w
                        where w.work_schedule_code = td.schedule_code order by w.id limit 1) ws on true
    left join lateral (select p.to_date, p.forbidden_request_date, p.forbidden_request_time_in_hour from payroll_periods p
                        where p.company_id = e.company_id and c.abnormal_date between p.from_date and p.to_date
                        order by p.id limit 1) per on true
    left join lateral (select q.* from requests q where q.abnormal_case_id = c.id and q.is_explanation
                        order by q.id desc limit 1) r on true
    left join reason_types rt on rt.code = r.reason_type
    left join users au on au.id = r.assignee_user_id
    left join employees ae on ae.id = au.employee_id`;

/** RULES.md §3 scope on a case (alias c) widened by "assigned to me" (the approver always sees what they decide). */
export const caseScope = (user: SessionUser): SQL => sql`(${employeeScope(user, sql`c.employee_id`)} or r.assignee_user_id = ${user.userId})`;
/** No scope (rules checked by the caller: the assignee, HR's rerun). */
export const ANY_CASE: SQL = sql`true`;

export async function employeeExists(db: DbOrTx, employeeId: number): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(db, sql`select exists (select 1 from employees where id = ${employeeId}) as ok`);
  return row?.ok ?? false;
}

export type CaseFilter = {
  scope: SQL;
  employee?: string;
  departments?: number[];
  from?: string;
  to?: string;
  statuses?: number[];
  reasons?: string[];
  id?: number;
  employeeId?: number;
  date?: string;
};

function caseWhere(f: CaseFilter): SQL {
  const parts: SQL[] = [f.scope];
  if (f.employee) parts.push(employeeNameContains(f.employee));
  if (f.departments?.length) parts.push(sql`e.department_id = any(${`{${f.departments.join(',')}}`}::int[])`);
  if (f.from) parts.push(sql`c.abnormal_date >= ${f.from}::date`);
  if (f.to) parts.push(sql`c.abnormal_date <= ${f.to}::date`);
  if (f.statuses?.length) parts.push(sql`c.status = any(${`{${f.statuses.join(',')}}`}::int[])`);
  // A quoted array literal: an empty or odd value ('{}') is a value that matches nothing, not a malformed literal (500).
  if (f.reasons?.length) parts.push(sql`c.reason = any(${textArray(f.reasons)})`);
  if (f.id) parts.push(sql`c.id = ${f.id}`);
  if (f.employeeId) parts.push(sql`c.employee_id = ${f.employeeId}`);
  if (f.date) parts.push(sql`c.abnormal_date = ${f.date}::date`);
  return sql.join(parts, sql` and `);
}

/** The caller's lead scope on a listed case's employee (auth core), false without a caller. */
const leadScopeOf = (caller: ScopeUser | undefined) => (caller ? moverLeadScopeSql(caller, sql`x.employee_id`) : sql`false`);

/**
 * One page of cases in scope, with the total and the caller's lock date (`lockDate`: a `date` expression, payroll-periods
 * `lockDateOfEmployeeSql`), in one statement (direction 1: oldest date first).
 */
export async function listCases(db: DbOrTx, f: CaseFilter, page: { page: number; size: number; direction: 1 | -1 }, lockDate: SQL, caller?: ScopeUser): Promise<CaseRow[]> {
  const dir = page.direction === -1 ? sql`desc` : sql`asc`;
  return queryRows<CaseRow>(
    db,
    sql`select x.*, count(*) over()::int as total, ${lockDate}::text as caller_lock_date, ${leadScopeOf(caller)} as in_lead_scope from (${caseSelect()} where ${caseWhere(f)}) x
        order by x.abnormal_date ${dir}, x.employee_name, x.id
        limit ${page.size} offset ${(page.page - 1) * page.size}`,
  );
}

/** Every case in scope matching the filter (the export) with the caller's lock date (as `listCases`), one statement, bounded. */
export async function allCases(db: DbOrTx, f: CaseFilter, limit: number, direction: 1 | -1, lockDate: SQL, caller?: ScopeUser): Promise<CaseRow[]> {
  const dir = direction === -1 ? sql`desc` : sql`asc`;
  return queryRows<CaseRow>(
    db,
    sql`select x.*, ${lockDate}::text as caller_lock_date, ${leadScopeOf(caller)} as in_lead_scope from (${caseSelect()} where ${caseWhere(f)}) x
        order by x.abnormal_date ${dir}, x.employee_name, x.id limit ${limit}`,
  );
}

/** One case by id within a scope (`sql\`true\`` for none); with `forUpdate` the case row is locked. */
export async function findCase(tx: DbOrTx, id: number, scope: SQL, opts: { forUpdate?: boolean } = {}): Promise<CaseRow | undefined> {
  if (opts.forUpdate) await queryRows(tx, sql`select id from abnormal_cases where id = ${id} for update`);
  const [row] = await queryRows<CaseRow>(tx, sql`${caseSelect()} where c.id = ${id} and ${scope}`);
  return row;
}

export async function findCaseIdByDate(tx: DbOrTx, employeeId: number, date: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(tx, sql`select id from abnormal_cases where employee_id = ${employeeId} and abnormal_date = ${date}::date`);
  return row?.id;
}

/** The case of an explanation request (by request id). */
export async function caseIdOfRequest(tx: DbOrTx, requestId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number | null }>(tx, sql`select abnormal_case_id as id from requests where id = ${requestId} and is_explanation`);
  return row?.id ?? undefined;
}

/** `name` in the request's language. */
export type ExplanationReason = { code: string; name: string; request_code: string };

/** An active explanation reason (reason_types of EXPLANATION_REQUEST). */
export async function explanationReason(tx: DbOrTx, code: string): Promise<ExplanationReason | undefined> {
  const [row] = await queryRows<ExplanationReason>(
    tx,
    sql`select code, ${reasonTypeName(sql`reason_types`)} as name, request_code from reason_types where code = ${code} and request_type = 'EXPLANATION_REQUEST' and active`,
  );
  return row;
}

export type NewExplanation = {
  employeeId: number;
  date: string;
  reasonType: string;
  title: string | null;
  actual: string | null;
  description: string;
  reasonDetail: string | null;
  absentType: string | null;
  /** Null for an explanation a flow without a step approved at once. */
  assigneeUserId: number | null;
  createdByUserId: number;
  abnormalCaseId: number;
  isFlexible: boolean;
  explanationHours: number | null;
  startTime: string | null;
  endTime: string | null;
  minutes: number;
  fundUses: number | null;
  ccEmployeeIds: number[];
};

/** The explanation request, its one date row and its CC list; returns the request row. */
export async function insertExplanation(tx: DbOrTx, x: NewExplanation): Promise<Record<string, unknown> & { id: number; version: number }> {
  const [req] = await queryRows<Record<string, unknown> & { id: number; version: number }>(
    tx,
    sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, quantity_in_hours, quantity_in_minutes,
                              description, status, assignee_user_id, original_assignee_user_id, created_by_user_id, is_explanation,
                              abnormal_case_id, title, actual, reason_detail, absent_type, explanation_hours, is_flexible)
        values (${x.employeeId}, 'EXPLANATION_REQUEST', ${x.reasonType}, ${x.date}::date, ${x.date}::date, ${(x.minutes / 60).toFixed(4)},
                ${x.minutes}, ${x.description}, 1, ${x.assigneeUserId}, ${x.assigneeUserId}, ${x.createdByUserId}, true,
                ${x.abnormalCaseId}, ${x.title}, ${x.actual}, ${x.reasonDetail}, ${x.absentType}, ${x.explanationHours}, ${x.isFlexible})
        returning id, employee_id, request_type, reason_type, start_date::text as start_date, status, assignee_user_id,
                  abnormal_case_id, title, actual, description, is_flexible, version`,
  );
  await queryRows(
    tx,
    sql`insert into request_dates (request_id, employee_id, date, start_time, end_time, hours, fund_uses)
        values (${req!.id}, ${x.employeeId}, ${x.date}::date, ${x.startTime}, ${x.endTime}, ${(x.minutes / 60).toFixed(4)}, ${x.fundUses})`,
  );
  if (x.ccEmployeeIds.length > 0) {
    await queryRows(
      tx,
      sql`insert into request_cc (request_id, employee_id)
          select ${req!.id}, e.id from employees e where e.id = any(${`{${x.ccEmployeeIds.join(',')}}`}::int[]) on conflict do nothing`,
    );
  }
  return req!;
}

/** Conditional case status change: only from one of `from`; undefined when another change came first. */
export async function setCaseStatus(tx: DbOrTx, id: number, from: readonly number[], to: number): Promise<{ id: number; version: number } | undefined> {
  const [row] = await queryRows<{ id: number; version: number }>(
    tx,
    sql`update abnormal_cases set status = ${to}, updated_at = now(), version = version + 1
         where id = ${id} and status = any(${`{${from.join(',')}}`}::int[]) returning id, version`,
  );
  return row;
}

/** Conditional request status change (approve, reject, cancel): only from one of `from`. */
export async function setRequestStatus(
  tx: DbOrTx,
  id: number,
  from: readonly number[],
  to: number,
  extra: { approvedByUserId?: number | null; rejection?: string | null } = {},
): Promise<{ id: number; version: number } | undefined> {
  const [row] = await queryRows<{ id: number; version: number }>(
    tx,
    sql`update requests set status = ${to}, updated_at = now(), version = version + 1,
               approved_by_user_id = case when ${to} = 3 then ${extra.approvedByUserId ?? null}::int else approved_by_user_id end,
               reasons_for_rejection = case when ${to} = 4 then ${extra.rejection ?? null} else reasons_for_rejection end
         where id = ${id} and is_explanation and status = any(${`{${from.join(',')}}`}::int[]) returning id, version`,
  );
  return row;
}

/** Edit of a pending explanation's texts (and its reason): conditional on the status and, when given, the version. */
export async function updateExplanationTexts(
  tx: DbOrTx,
  id: number,
  fields: { title?: string | null; actual?: string | null; description?: string | null; reasonDetail?: string | null; absentType?: string | null; reasonType?: string | null },
  version: number | null,
): Promise<{ id: number; version: number; status: number } | undefined> {
  const set: SQL[] = [sql`updated_at = now()`, sql`version = version + 1`];
  if (fields.title !== undefined) set.push(sql`title = ${fields.title}`);
  if (fields.actual !== undefined) set.push(sql`actual = ${fields.actual}`);
  if (fields.description !== undefined) set.push(sql`description = ${fields.description}`);
  if (fields.reasonDetail !== undefined) set.push(sql`reason_detail = ${fields.reasonDetail}`);
  if (fields.absentType !== undefined) set.push(sql`absent_type = ${fields.absentType}`);
  if (fields.reasonType) set.push(sql`reason_type = ${fields.reasonType}`);
  const [row] = await queryRows<{ id: number; version: number; status: number }>(
    tx,
    sql`update requests set ${sql.join(set, sql`, `)}
         where id = ${id} and is_explanation and status in (1, 6) and (${version}::int is null or version = ${version}::int)
         returning id, version, status`,
  );
  return row;
}

/** The explanation's texts as stored (history's old values). */
export async function explanationTexts(tx: DbOrTx, id: number) {
  const [row] = await queryRows<{ title: string | null; actual: string | null; description: string | null; reason_detail: string | null; absent_type: string | null; reason_type: string }>(
    tx,
    sql`select title, actual, description, reason_detail, absent_type, reason_type from requests where id = ${id}`,
  );
  return row;
}

/** The employee's user accounts' ids (the owner of a case, for notifications and the own-item rule). */
export async function isOwnUser(tx: DbOrTx, userId: number, employeeId: number): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(tx, sql`select exists (select 1 from users where id = ${userId} and employee_id = ${employeeId}) as ok`);
  return row?.ok ?? false;
}

