import type { OnsiteFacts } from '../request-days/onsite-rules.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { RequestListFilter } from '@tms/contracts/request-list';
import { EXPLANATION_STATUS, REQUEST_STATUS } from '@tms/contracts/requests';
import { hasAnyRole, PRIVILEGED_ROLES } from '@tms/contracts/roles';
import { queryRows, queryRowsPrepared, type DbOrTx } from '../../db/client.ts';
import { intArray, isoInstant, textArray } from '../../db/sql-fragments.ts';
import { employeeScope, type ScopeUser } from '../../lib/scope.ts';
import { moverLeadScopeSql } from '../auth/reassign.repository.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { departmentName, reasonTypeName } from '../../lib/localized-name.ts';

/**
 * The SQL of the request list, its export, the onsite history lookup and the attachment links (spec 001 §2.3, §7.2).
 * Requests are written by the write side (requests.service.ts); this file writes only `request_files` links.
 */
export const REQUESTS_TABLE = 'requests';

/**
 * RULES.md §3 on a request `r`: HR, HRM, Admin everything; everyone their own; a group or division lead their
 * people; a PM the items of the projects they manage; anyone the items assigned to them. A user who is only a GUEST
 * sees nothing but the items assigned to them.
 */
export function requestScope(user: SessionUser): SQL {
  const assigned = sql`r.assignee_user_id = ${user.userId}`;
  if (hasAnyRole(user.roles, PRIVILEGED_ROLES)) return sql`true`;
  if (user.roles.every((role) => role === 'GUEST')) return assigned;
  const parts: SQL[] = [employeeScope(user, sql`r.employee_id`), assigned];
  if (user.isPm) parts.push(sql`r.project_id in (select pp.id from projects pp where pp.pm_employee_id = ${user.employeeId ?? -1})`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * Waiting for a decision: Pending (1), and an explanation handed to another assignee, Delegated (6, spec 001 §4.4) —
 * so the new assignee finds it under the default Pending filter.
 */
const awaitingSql = sql`r.status in (${REQUEST_STATUS.pending}, ${EXPLANATION_STATUS.delegated})`;

/**
 * Expired (RULES.md §5): awaiting a decision and its first date on or before the lock date. `lockDate` is a `date`
 * expression (payroll-periods `lockDateOfEmployeeSql`, null when nothing is locked: then nothing is expired).
 */
const expiredSql = (lockDate: SQL) => sql`coalesce(${awaitingSql} and r.start_date <= ${lockDate}, false)`;

/**
 * The status filter as one condition: the stored statuses asked for in one `= any(…)`, and Pending (not expired) or
 * Expired by the lock date only when one is asked for without the other; both together are every awaiting request,
 * whatever its date. Before, each status was its own OR branch, and "every status" evaluated the expiry test three
 * times a row: a third of the request list's count.
 */
function statusCondition(statuses: readonly number[], lockDate: SQL): SQL {
  const wanted = new Set(statuses);
  if (wanted.size === 0) return sql`true`;
  const pending = wanted.has(REQUEST_STATUS.pending);
  const expired = wanted.has(REQUEST_STATUS.expired);
  const stored = [...wanted].filter((s) => s !== REQUEST_STATUS.pending && s !== REQUEST_STATUS.expired);
  if (pending && expired) stored.push(REQUEST_STATUS.pending, EXPLANATION_STATUS.delegated);
  const parts: SQL[] = stored.length ? [sql`r.status = any(${intArray(stored)})`] : [];
  if (pending && !expired) parts.push(sql`(${awaitingSql} and not ${expiredSql(lockDate)})`);
  if (expired && !pending) parts.push(expiredSql(lockDate));
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
}

/** Every filter of the list (spec 001 §2.3 filter bar) as conditions on `r` and its employee `e`. */
export function filterConditions(filter: Omit<RequestListFilter, 'sort' | 'direction'>, opts: { lockDate: SQL; timeZone: string }): SQL {
  const parts: SQL[] = [statusCondition(filter.status ?? [REQUEST_STATUS.pending], opts.lockDate)];
  if (filter.employee?.length) parts.push(sql`r.employee_id = any(${intArray(filter.employee)})`);
  if (filter.usernames?.length) parts.push(sql`lower(e.user_name) = any(${textArray(filter.usernames.map((u) => u.toLowerCase()))})`);
  if (filter.departments?.length) parts.push(sql`e.department_id = any(${intArray(filter.departments)})`);
  if (filter.divisions?.length) parts.push(sql`e.division_id = any(${intArray(filter.divisions)})`);
  if (filter.request_type?.length) parts.push(sql`r.request_type = any(${textArray(filter.request_type)})`);
  if (filter.reason_type?.length) parts.push(sql`r.reason_type = any(${textArray(filter.reason_type)})`);
  if (filter.from_date) parts.push(sql`r.end_date >= ${filter.from_date}::date`);
  if (filter.to_date) parts.push(sql`r.start_date <= ${filter.to_date}::date`);
  if (filter.created_from) parts.push(sql`r.created_at >= (${filter.created_from}::date)::timestamp at time zone ${opts.timeZone}`);
  if (filter.created_to) parts.push(sql`r.created_at < (${filter.created_to}::date + 1)::timestamp at time zone ${opts.timeZone}`);
  return sql.join(parts, sql` and `);
}

/** Whether a filter reads the employee `e` (the count and the page join it only then). */
const employeeFiltered = (f: Pick<RequestListFilter, 'usernames' | 'departments' | 'divisions'>) => Boolean(f.usernames?.length || f.departments?.length || f.divisions?.length);
const employeeJoin = (needed: boolean) => (needed ? sql`join employees e on e.id = r.employee_id` : sql``);

const SORT_COLUMNS: Record<RequestListFilter['sort'], SQL> = {
  created_date: sql`r.created_at`,
  start_date: sql`r.start_date`,
  end_date: sql`r.end_date`,
  name: sql`e.name`,
  status: sql`r.status`,
  request_type: sql`r.request_type`,
  reason_type: sql`r.reason_type`,
};

function orderBy(sort: RequestListFilter['sort'], direction: number): SQL {
  const dir = direction === 1 ? sql.raw('asc') : sql.raw('desc');
  return sql`${SORT_COLUMNS[sort]} ${dir}, r.id ${dir}`;
}

/** A request row as the list statement returns it (numerics as text, instants as ISO text). */
export type RequestListRow = {
  total: number;
  /** The caller's lock date and last timesheet end (the same on every row; the rule context of the page). */
  lock_date: string | null;
  last_timesheet_end: string | null;
  id: number;
  request_type: string;
  reason_type: string;
  /** In the request's language. */
  reason_type_name: string;
  employee_id: number;
  employee_name: string;
  employee_user_name: string;
  employee_department: string | null;
  assignee_user_id: number | null;
  assignee_role: string | null;
  assignee_user_name: string | null;
  assignee_name: string | null;
  start_date: string;
  end_date: string;
  start_shift: string | null;
  end_shift: string | null;
  quantity_in_hours: string;
  quantity_in_minutes: number;
  status: number;
  is_expired: boolean;
  is_explanation: boolean;
  is_flexible: boolean;
  created_by_role: string | null;
  created_by_user_id: number | null;
  onsite_request_id: number | null;
  /** Issue 29: the step now deciding, the flow's step count and its name (null without a flow). */
  approval_step: number | null;
  approval_step_count: number | null;
  approval_flow_name: string | null;
  /** The onsite record's facts (request-days/onsite-rules.ts) when the row belongs to one: its actions are the record's. */
  onsite: OnsiteFacts | null;
  /** The owner is in the caller's lead scope (the reassignment rule's fact for the Delegate flag). */
  in_lead_scope: boolean;
  description: string | null;
  reasons_for_rejection: string | null;
  check_in: string | null;
  check_out: string | null;
  absent_time: number | null;
  leaving_type: string | null;
  abnormal_case_id: number | null;
  project_id: number | null;
  created_by_user_name: string | null;
  created_by_name: string | null;
  created_date: string;
  last_modified_date: string;
  version: number;
  mail: { id: number; name: string; user_name: string; department_name: string | null }[] | null;
  request_dates: { request_date: string; request_minutes: number | null; duration: string | null }[] | null;
};

/**
 * One page of requests in one statement: the caller's lock date and last timesheet end are read once (`lk`), the
 * page's ids are chosen (filters, scope, order, limit: a top-N sort), the total counted beside it, then only those
 * rows get their people, CC list and dates (json_agg). `lockDate` / `lastTimesheetEnd`: `date` expressions
 * (payroll-periods `lockDateOfEmployeeSql`, `latestPeriodEndOfEmployeeSql`).
 */
export async function listRequests(
  db: DbOrTx,
  opts: { filter: RequestListFilter; scope: SQL; lockDate: SQL | string | null; lastTimesheetEnd?: SQL; timeZone: string; limit: number; offset: number; caller?: ScopeUser },
): Promise<RequestListRow[]> {
  const { filter } = opts;
  const leadScope = opts.caller ? moverLeadScopeSql(opts.caller, sql`r.employee_id`) : sql`false`;
  // A lock date already read (a caller with its own value, e.g. the benchmark's bare handler) is a literal.
  const lockDate = typeof opts.lockDate === 'string' || opts.lockDate === null ? sql`${opts.lockDate}::date` : opts.lockDate;
  const lock = sql`(select lk.lock_date from lk)`;
  const where = sql`${filterConditions(filter, { ...opts, lockDate: lock })} and ${opts.scope}`;
  const needsEmployee = filter.sort === 'name' || employeeFiltered(filter);
  return queryRowsPrepared<RequestListRow>(
    db,
    sql`
    with lk as materialized (select ${lockDate} as lock_date, ${opts.lastTimesheetEnd ?? sql`null::date`} as last_timesheet_end),
    page as (
      select x.id, row_number() over () as ord
        from (
          select r.id
            from requests r ${employeeJoin(needsEmployee)}
           where ${where}
           order by ${orderBy(filter.sort, filter.direction)}
           limit ${opts.limit} offset ${opts.offset}
        ) x
    ),
    total as (select count(*)::int as total from requests r ${employeeJoin(employeeFiltered(filter))} where ${where})
    select (select total from total) as total, lk.lock_date::text as lock_date, lk.last_timesheet_end::text as last_timesheet_end, r.id, r.request_type, r.reason_type,
           ${reasonTypeName(sql`rt`)} as reason_type_name,
           e.id as employee_id, e.name as employee_name, e.user_name as employee_user_name, ${departmentName(sql`dep`)} as employee_department,
           r.assignee_user_id, r.assignee_role, au.username as assignee_user_name, coalesce(ae.name, au.username) as assignee_name,
           r.start_date::text as start_date, r.end_date::text as end_date, r.start_shift, r.end_shift,
           r.quantity_in_hours::text as quantity_in_hours, r.quantity_in_minutes, r.status,
           ${expiredSql(sql`lk.lock_date`)} as is_expired, r.is_explanation, r.is_flexible, r.created_by_role, r.created_by_user_id,
           ${leadScope} as in_lead_scope, r.description, r.reasons_for_rejection, ac.check_in, ac.check_out,
           case when r.is_flexible then ac.minute_violation end as absent_time,
           r.leaving_type, r.abnormal_case_id, r.project_id, r.onsite_request_id, r.approval_step, r.approval_step_count, r.approval_flow_name,
           (select json_build_object('status', o.status, 'statusDepartment', o.status_department, 'statusCb', o.status_cb,
                   'approverUserId', o.approver_user_id, 'approverRole', o.approver_role, 'departmentDecidedBy', o.department_decided_by, 'createdByUserId', o.created_by_user_id,
                   'creatorPrivileged', exists (select 1 from user_roles ur where ur.user_id = o.created_by_user_id and ur.role in ('HR', 'HRM', 'ADMIN')),
                   'fromDate', o.from_date::text)
              from onsite_requests o where o.id = r.onsite_request_id) as onsite,
           cu.username as created_by_user_name, coalesce(ce.name, cu.username) as created_by_name,
           ${isoInstant(sql`r.created_at`)} as created_date, ${isoInstant(sql`r.updated_at`)} as last_modified_date, r.version,
           cc.mail, rd.request_dates
      from page p
      cross join lk
      join requests r on r.id = p.id
      join employees e on e.id = r.employee_id
      left join departments dep on dep.id = e.department_id
      join reason_types rt on rt.code = r.reason_type
      left join users au on au.id = r.assignee_user_id
      left join employees ae on ae.id = au.employee_id
      left join users cu on cu.id = r.created_by_user_id
      left join employees ce on ce.id = cu.employee_id
      left join abnormal_cases ac on ac.id = r.abnormal_case_id
      left join lateral (
        select json_agg(json_build_object('id', ce2.id, 'name', ce2.name, 'user_name', ce2.user_name, 'department_name', ${departmentName(sql`cd`)}) order by ce2.name, ce2.id) as mail
          from request_cc c join employees ce2 on ce2.id = c.employee_id left join departments cd on cd.id = ce2.department_id
         where c.request_id = r.id
      ) cc on true
      left join lateral (
        select json_agg(json_build_object('request_date', d.date::text, 'request_minutes', d.minutes, 'duration', d.shift) order by d.date, d.id) as request_dates
          from request_dates d where d.request_id = r.id
      ) rd on true
     order by p.ord`,
  );
}

/** The number of requests matching (for a page past the end, where the window count is not available). */
export async function countRequests(db: DbOrTx, opts: { filter: RequestListFilter; scope: SQL; lockDate: SQL; timeZone: string }): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from requests r ${employeeJoin(employeeFiltered(opts.filter))} where ${filterConditions(opts.filter, opts)} and ${opts.scope}`,
  );
  return Number(row?.n ?? 0);
}

/** A request in the caller's scope: its owner, type, status and first date (null outside the scope → 404). */
export type ScopedRequest = { id: number; employee_id: number; request_type: string; status: number; start_date: string; owner_user_id: number | null; created_by_user_id: number | null };

export async function findScopedRequest(db: DbOrTx, id: number, scope: SQL): Promise<ScopedRequest | undefined> {
  const [row] = await queryRows<ScopedRequest>(
    db,
    sql`select r.id, r.employee_id, r.request_type, r.status, r.start_date::text as start_date, r.created_by_user_id,
               (select u.id from users u where u.employee_id = r.employee_id order by u.id limit 1) as owner_user_id
          from requests r where r.id = ${id} and ${scope}`,
  );
  return row;
}

export type RequestFileRow = { stored_name: string; original_name: string; size: number; content_type: string; created_date: string };

/** The live attachments of a request in `folder`, oldest first. */
export async function listFiles(db: DbOrTx, requestId: number, folder: string): Promise<RequestFileRow[]> {
  return queryRows<RequestFileRow>(
    db,
    sql`select s.stored_name, s.original_name, s.size, s.content_type, ${isoInstant(sql`f.created_at`)} as created_date
          from request_files f join stored_files s on s.id = f.stored_file_id
         where f.request_id = ${requestId} and f.folder = ${folder} and f.deleted_at is null
         order by f.created_at, s.id`,
  );
}

export async function linkFile(tx: DbOrTx, requestId: number, storedFileId: number, folder: string): Promise<void> {
  await tx.execute(sql`insert into request_files (request_id, stored_file_id, folder) values (${requestId}, ${storedFileId}, ${folder})`);
}

/** A live attachment by its server-made name, with its content. */
export async function findFile(
  db: DbOrTx,
  requestId: number,
  folder: string,
  name: string,
): Promise<{ stored_file_id: number; original_name: string; content_type: string; content: Buffer | Uint8Array } | undefined> {
  const [row] = await queryRows<{ stored_file_id: number; original_name: string; content_type: string; content: Buffer | Uint8Array }>(
    db,
    sql`select s.id as stored_file_id, s.original_name, s.content_type, s.content
          from request_files f join stored_files s on s.id = f.stored_file_id
         where f.request_id = ${requestId} and f.folder = ${folder} and f.deleted_at is null and s.stored_name = ${name}`,
  );
  return row;
}

/** Soft-deletes a link (the file stays for history); false when it was already gone. */
export async function unlinkFile(tx: DbOrTx, requestId: number, storedFileId: number): Promise<boolean> {
  const rows = await queryRows<{ request_id: number }>(
    tx,
    sql`update request_files set deleted_at = now() where request_id = ${requestId} and stored_file_id = ${storedFileId} and deleted_at is null returning request_id`,
  );
  return rows.length > 0;
}
