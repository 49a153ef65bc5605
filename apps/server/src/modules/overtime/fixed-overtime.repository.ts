import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { foldedContains, intArray, intArrayLiteral, isoInstant } from '../../db/sql-fragments.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { overtimeVisibleSql } from './overtime-scope.repository.ts';
import { departmentName } from '../../lib/localized-name.ts';

/**
 * SQL of fixed overtime (spec 001 §3, §4.5): the request with its people, staff rows, CC, files, and the guarded
 * writes. Every lookup is limited to the caller's scope (`overtimeVisibleSql`, RULES.md §3): outside it nothing is found.
 */

export type FixedRowDb = {
  id: number;
  kind: 'FIXED' | 'FLEXIBLE';
  title: string;
  project_id: number;
  project_name: string;
  project_code: string;
  ot_date: string;
  start_at: string;
  end_at: string;
  ot_type: string;
  date_type: string;
  description: string | null;
  source: string;
  is_ot_paid_by_offset_day: boolean;
  assignee_user_id: number | null;
  assignee_username: string | null;
  assignee_name: string | null;
  assignee_department: string | null;
  created_by_user_id: number | null;
  creator_employee_id: number | null;
  creator_username: string | null;
  creator_name: string | null;
  creator_department: string | null;
  reject_all_reason: string | null;
  withdraw_reason: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};

/** One request of either kind within the caller's scope (`forUpdate` locks it for a write). */
export async function findRequest(db: DbOrTx, id: number, user: SessionUser, opts: { forUpdate?: boolean } = {}): Promise<FixedRowDb | undefined> {
  const [row] = await queryRows<FixedRowDb>(
    db,
    sql`
    select o.id, o.kind, o.title, o.project_id, p.project_name, p.project_code, o.ot_date::text as ot_date,
           ${isoInstant(sql`o.start_at`)} as start_at, ${isoInstant(sql`o.end_at`)} as end_at,
           o.ot_type, o.date_type, o.description, o.source, o.is_ot_paid_by_offset_day,
           o.assignee_user_id, au.username as assignee_username, coalesce(ae.name, au.username) as assignee_name, ${departmentName(sql`ad`)} as assignee_department,
           o.created_by_user_id, cu.employee_id as creator_employee_id, cu.username as creator_username,
           coalesce(ce.name, cu.username) as creator_name, ${departmentName(sql`cd`)} as creator_department,
           o.reject_all_reason, o.withdraw_reason,
           ${isoInstant(sql`o.created_at`)} as created_at, ${isoInstant(sql`o.updated_at`)} as updated_at, o.version
      from overtime_requests o
      join projects p on p.id = o.project_id
      left join users au on au.id = o.assignee_user_id
      left join employees ae on ae.id = au.employee_id
      left join departments ad on ad.id = ae.department_id
      left join users cu on cu.id = o.created_by_user_id
      left join employees ce on ce.id = cu.employee_id
      left join departments cd on cd.id = ce.department_id
     where o.id = ${id} and ${overtimeVisibleSql(user, 'o')}
     ${opts.forUpdate ? sql`for update of o` : sql``}`,
  );
  return row;
}

export type StaffRowDb = {
  id: number;
  employee_id: number;
  name: string;
  user_name: string;
  department_name: string | null;
  status: number;
  approver_user_id: number | null;
  approver_username: string | null;
  approver_name: string | null;
  /** Issue 29: at an approval flow's ROLE step, the role whose users decide the row (`approver_user_id` null). */
  approver_role: string | null;
  reject_reason: string | null;
  decided_at: string | null;
  check_in: string | null;
  check_out: string | null;
  total_time_actual: string | null;
  total_time_confirm: string | null;
  limit_override_reason: string | null;
  /** Issue 29: the row's approval flow (its name), the step deciding now and the step count; null for the single step. */
  approval_flow_name: string | null;
  approval_step: number | null;
  approval_step_count: number | null;
  /** Who decided the row (approved, rejected, withdrew or cancelled it). */
  decided_by_user_id: number | null;
  decided_by_username: string | null;
  decided_by_name: string | null;
};

/** The staff rows in the order they were filed. */
export async function staffOf(db: DbOrTx, requestId: number): Promise<StaffRowDb[]> {
  return queryRows<StaffRowDb>(
    db,
    sql`
    select s.id, s.employee_id, e.name, coalesce(e.user_name, '') as user_name, ${departmentName(sql`d`)} as department_name, s.status,
           s.approver_user_id, u.username as approver_username, coalesce(ue.name, u.username) as approver_name, s.approver_role, s.reject_reason,
           ${isoInstant(sql`s.decided_at`)} as decided_at, ${isoInstant(sql`s.check_in`)} as check_in, ${isoInstant(sql`s.check_out`)} as check_out,
           s.total_time_actual::text as total_time_actual, s.total_time_confirm::text as total_time_confirm,
           s.limit_override_reason, s.approval_flow_name, s.approval_step, s.approval_step_count,
           s.decided_by_user_id, du.username as decided_by_username, coalesce(de.name, du.username) as decided_by_name
      from overtime_request_staff s
      join employees e on e.id = s.employee_id
      left join departments d on d.id = e.department_id
      left join users u on u.id = s.approver_user_id
      left join employees ue on ue.id = u.employee_id
      left join users du on du.id = s.decided_by_user_id
      left join employees de on de.id = du.employee_id
     where s.overtime_request_id = ${requestId}
     order by s.id`,
  );
}

export type EmployeeRefDb = { employee_id: number; name: string; user_name: string; department_name: string | null };

export async function ccOf(db: DbOrTx, requestId: number): Promise<EmployeeRefDb[]> {
  return queryRows<EmployeeRefDb>(
    db,
    sql`select e.id as employee_id, e.name, coalesce(e.user_name, '') as user_name, ${departmentName(sql`d`)} as department_name
          from overtime_request_cc c join employees e on e.id = c.employee_id left join departments d on d.id = e.department_id
         where c.overtime_request_id = ${requestId} order by e.name, e.id`,
  );
}

/** Texts of the request's live comments, oldest first (spec 001 §3 `comment`). */
export async function commentTexts(db: DbOrTx, requestId: number): Promise<string[]> {
  const rows = await queryRows<{ content: string }>(db, sql`select content from overtime_comments where overtime_request_id = ${requestId} and deleted_at is null order by id`);
  return rows.map((r) => r.content);
}

export async function projectOf(db: DbOrTx, projectId: number): Promise<{ id: number; project_name: string; pm_employee_id: number | null } | undefined> {
  const [row] = await queryRows<{ id: number; project_name: string; pm_employee_id: number | null }>(db, sql`select id, project_name, pm_employee_id from projects where id = ${projectId}`);
  return row;
}

export type StaffCandidateDb = { id: number; name: string; user_name: string; member: boolean; active: boolean };

/** The employees by id, whether each is a member of the project (project_members, dates ignored) and active. */
export async function staffCandidates(db: DbOrTx, projectId: number, ids: readonly number[]): Promise<StaffCandidateDb[]> {
  if (ids.length === 0) return [];
  return queryRows<StaffCandidateDb>(
    db,
    sql`select e.id, e.name, coalesce(e.user_name, '') as user_name,
               exists (select 1 from project_members m where m.project_id = ${projectId} and m.employee_id = e.id) as member,
               coalesce(e.employee_status, 'Active') = 'Active' as active
          from employees e where e.id = any(${intArray(ids)})`,
  );
}

export async function existingEmployeeIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(db, sql`select id from employees where id = any(${intArray(ids)})`);
  return rows.map((r) => r.id);
}

export type FixedWrite = {
  title: string;
  projectId: number;
  otDate: string;
  startAt: Date;
  endAt: Date;
  otType: string;
  dateType: string;
  description: string | null;
  /** Null when no staff row waits for anyone (every row approved by an approval flow at once). */
  assigneeUserId: number | null;
};

export async function insertRequest(tx: DbOrTx, w: FixedWrite & { createdByUserId: number }): Promise<{ id: number; version: number }> {
  const [row] = await queryRows<{ id: number; version: number }>(
    tx,
    sql`insert into overtime_requests (kind, title, project_id, ot_date, start_at, end_at, ot_type, date_type, description, source, assignee_user_id, created_by_user_id)
        values ('FIXED', ${w.title}, ${w.projectId}, ${w.otDate}::date, ${w.startAt.toISOString()}::timestamptz, ${w.endAt.toISOString()}::timestamptz,
                ${w.otType}, ${w.dateType}, ${w.description}, 'FORM', ${w.assigneeUserId}::int, ${w.createdByUserId})
        returning id, version`,
  );
  if (!row) throw new Error('overtime_requests insert returned no row');
  return row;
}

/** The terms of an edit, only while the request is still at `version` and every staff row is pending. */
export async function updateTerms(tx: DbOrTx, id: number, version: number, w: FixedWrite): Promise<{ version: number } | undefined> {
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`update overtime_requests o
           set title = ${w.title}, project_id = ${w.projectId}, ot_date = ${w.otDate}::date, start_at = ${w.startAt.toISOString()}::timestamptz,
               end_at = ${w.endAt.toISOString()}::timestamptz, ot_type = ${w.otType}, date_type = ${w.dateType}, description = ${w.description},
               assignee_user_id = ${w.assigneeUserId}::int, updated_at = now(), version = o.version + 1
         where o.id = ${id} and o.kind = 'FIXED' and o.version = ${version}
           and not exists (select 1 from overtime_request_staff s where s.overtime_request_id = o.id and s.status <> 1)
         returning o.version`,
  );
  return row;
}

/**
 * Adds pending staff rows with their approvers (null: none, a row an approval flow approves at once); answers each new
 * row's id by employee.
 */
export async function insertStaff(tx: DbOrTx, requestId: number, staff: readonly { employeeId: number; approverUserId: number | null }[]): Promise<Map<number, number>> {
  if (staff.length === 0) return new Map();
  const rows = await queryRows<{ id: number; employee_id: number }>(
    tx,
    sql`insert into overtime_request_staff (overtime_request_id, employee_id, status, approver_user_id)
        select ${requestId}, x.e, 1, x.a from unnest(${intArray(staff.map((s) => s.employeeId))}, ${intArrayLiteral(staff.map((s) => s.approverUserId))}::int[]) with ordinality as x(e, a, n) order by x.n
        returning id, employee_id`,
  );
  return new Map(rows.map((r) => [r.employee_id, r.id]));
}

/** An edit: the rows of staff no longer listed go (with their flow's steps); the others stay as they are. */
export async function removeStaffExcept(tx: DbOrTx, requestId: number, keepEmployeeIds: readonly number[]): Promise<void> {
  await queryRows(tx, sql`delete from overtime_request_staff where overtime_request_id = ${requestId} and not (employee_id = any(${intArray(keepEmployeeIds)}))`);
}

/** An edit: a kept row of the single step goes to the approver resolved for the new terms (a person, no role). */
export async function setRowApprover(tx: DbOrTx, staffId: number, userId: number | null): Promise<void> {
  await queryRows(tx, sql`update overtime_request_staff set approver_user_id = ${userId}::int, approver_role = null where id = ${staffId}`);
}

/** Who a row waits on now: its approver, or (an approval flow's ROLE step) anyone of its role. */
export async function rowWaitsOn(db: DbOrTx, staffId: number): Promise<{ approver_user_id: number | null; approver_role: string | null }> {
  const [row] = await queryRows<{ approver_user_id: number | null; approver_role: string | null }>(db, sql`select approver_user_id, approver_role from overtime_request_staff where id = ${staffId}`);
  return row ?? { approver_user_id: null, approver_role: null };
}

/** Replaces the CC list. */
export async function writeCc(tx: DbOrTx, requestId: number, cc: readonly number[]): Promise<void> {
  await queryRows(tx, sql`delete from overtime_request_cc where overtime_request_id = ${requestId}`);
  if (cc.length > 0) {
    await queryRows(tx, sql`insert into overtime_request_cc (overtime_request_id, employee_id) select ${requestId}, x from unnest(${intArray(cc)}) as x on conflict do nothing`);
  }
}

/** The request's one approver, set after its rows are planned (issue 29: the creation's automatic approvals). */
export async function setAssignee(tx: DbOrTx, id: number, userId: number | null): Promise<void> {
  await queryRows(tx, sql`update overtime_requests set assignee_user_id = ${userId}::int where id = ${id}`);
}

/**
 * Issue 29: the approval flow's automatic approval of rows at creation (a flow with no step): Approved by nobody, at
 * once, only while pending.
 */
export async function approveAutomatically(tx: DbOrTx, requestId: number, employeeIds: readonly number[]): Promise<number[]> {
  if (employeeIds.length === 0) return [];
  const rows = await queryRows<{ employee_id: number }>(
    tx,
    sql`update overtime_request_staff set status = 3, decided_by_user_id = null, decided_at = now()
         where overtime_request_id = ${requestId} and employee_id = any(${intArray(employeeIds)}) and status = 1 returning employee_id`,
  );
  return rows.map((r) => r.employee_id);
}

/**
 * One guarded transition of staff rows: each listed row moves only from one of `from`. Returns the employee ids that
 * moved; the caller compares with what it asked (a concurrent decision moved the rest first → 409).
 */
export async function transitionRows(
  tx: DbOrTx,
  requestId: number,
  employeeIds: readonly number[],
  from: readonly number[],
  to: number,
  by: { userId: number; reasons?: ReadonlyMap<number, string | null> },
): Promise<number[]> {
  if (employeeIds.length === 0) return [];
  const reasons = employeeIds.map((e) => by.reasons?.get(e) ?? null);
  const rows = await queryRows<{ employee_id: number }>(
    tx,
    sql`update overtime_request_staff s
           set status = ${to}, decided_by_user_id = ${by.userId}, decided_at = now(),
               reject_reason = case when ${to} = 4 then x.reason else s.reject_reason end
          from (select e.employee_id, r.reason
                  from unnest(${intArray(employeeIds)}) with ordinality as e(employee_id, n)
                  join jsonb_array_elements_text(${JSON.stringify(reasons)}::jsonb) with ordinality as r(reason, n) on r.n = e.n) as x
         where s.overtime_request_id = ${requestId} and s.employee_id = x.employee_id and s.status = any(${intArray(from)})
         returning s.employee_id`,
  );
  return rows.map((r) => r.employee_id);
}

/**
 * Bumps the request's version with the request-level fields of a status change; undefined when `version` is stale.
 * `assigneeUserId`: absent keeps the assignee; null clears it (the rows still waiting wait on a role, issue 29).
 */
export async function touchRequest(
  tx: DbOrTx,
  id: number,
  version: number,
  patch: { isOtPaidByOffsetDay?: boolean; rejectAllReason?: string; withdrawReason?: string; assigneeUserId?: number | null },
): Promise<{ version: number } | undefined> {
  const assignee = patch.assigneeUserId === undefined ? sql`assignee_user_id` : sql`${patch.assigneeUserId}::int`;
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`update overtime_requests
           set is_ot_paid_by_offset_day = coalesce(${patch.isOtPaidByOffsetDay ?? null}::boolean, is_ot_paid_by_offset_day),
               reject_all_reason = coalesce(${patch.rejectAllReason ?? null}::text, reject_all_reason),
               withdraw_reason = coalesce(${patch.withdrawReason ?? null}::text, withdraw_reason),
               assignee_user_id = ${assignee},
               updated_at = now(), version = version + 1
         where id = ${id} and version = ${version}
         returning version`,
  );
  return row;
}

/**
 * Moves the approver of every pending row (update-assignee); a row in an approval flow moves its current step with it
 * (issue 29: the timeline names the new approver). A row waiting on a role (a ROLE step) is the new approver's alone
 * from now on, as a reassignment of any item at such a step (`moveStepApprover`).
 */
export async function moveApprover(tx: DbOrTx, requestId: number, userId: number): Promise<number[]> {
  await queryRows(
    tx,
    sql`update overtime_approval_steps a set approver_user_id = ${userId}, approver_role = null
          from overtime_request_staff s
         where s.overtime_request_id = ${requestId} and s.status = 1 and a.overtime_staff_id = s.id and a.position = s.approval_step`,
  );
  const rows = await queryRows<{ employee_id: number }>(
    tx,
    sql`update overtime_request_staff set approver_user_id = ${userId}, approver_role = null where overtime_request_id = ${requestId} and status = 1 returning employee_id`,
  );
  return rows.map((r) => r.employee_id);
}

/** An enabled user (by id, else by login name) whose employee, if any, is active. */
export async function activeUser(db: DbOrTx, by: { id: number | null; username: string | null }): Promise<{ id: number; employee_id: number | null; username: string } | undefined> {
  if (by.id === null && by.username === null) return undefined;
  const [row] = await queryRows<{ id: number; employee_id: number | null; username: string }>(
    db,
    sql`select u.id, u.employee_id, u.username from users u left join employees e on e.id = u.employee_id
         where ${by.id !== null ? sql`u.id = ${by.id}` : sql`lower(u.username) = lower(${by.username})`} and not u.disabled and (e.id is null or coalesce(e.employee_status, 'Active') = 'Active')`,
  );
  return row;
}

/** User ids of employees (their accounts), for notifications. */
export async function userIdsOfEmployees(db: DbOrTx, employeeIds: readonly number[]): Promise<number[]> {
  if (employeeIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(db, sql`select id from users where employee_id = any(${intArray(employeeIds)}) and not disabled`);
  return rows.map((r) => r.id);
}

export type MemberRowDb = {
  id: number;
  user_name: string;
  name: string;
  sf4c_id: string | null;
  department_name: string;
  division_name: string;
  total: number;
};

/** The project exists and the employee manages it or is one of its members (any dates, as the form's member rule). */
export async function isProjectOfEmployee(db: DbOrTx, projectId: number, employeeId: number): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (
          select 1 from projects p
           where p.id = ${projectId}
             and (p.pm_employee_id = ${employeeId}
                  or exists (select 1 from project_members m where m.project_id = p.id and m.employee_id = ${employeeId}))
        ) as ok`,
  );
  return row?.ok === true;
}

/** Active members of a project matching `filter` (name, username or code, diacritics ignored), by name, one page. */
export async function projectMembers(db: DbOrTx, projectId: number, filter: string, limit: number, offset: number): Promise<MemberRowDb[]> {
  const match = filter ? sql`and (${foldedContains(sql`e.name`, filter)} or ${foldedContains(sql`e.user_name`, filter)} or ${foldedContains(sql`e.sf4c_id`, filter)})` : sql``;
  return queryRows<MemberRowDb>(
    db,
    sql`
    select e.id, coalesce(e.user_name, '') as user_name, e.name, e.sf4c_id,
           coalesce(${departmentName(sql`d`)}, '') as department_name, coalesce(${departmentName(sql`v`)}, '') as division_name,
           count(*) over ()::int as total
      from project_members m
      join employees e on e.id = m.employee_id
      left join departments d on d.id = e.department_id
      left join departments v on v.id = e.division_id
     where m.project_id = ${projectId} and coalesce(e.employee_status, 'Active') = 'Active' ${match}
     group by e.id, d.id, v.id
     order by e.name, e.id
     limit ${limit} offset ${offset}`,
  );
}

/** Issue 27 §2: HR's approval over an overtime limit, kept on the rows it let through. */
export async function markLimitOverride(tx: DbOrTx, requestId: number, employeeIds: readonly number[], reason: string, userId: number): Promise<void> {
  if (employeeIds.length === 0) return;
  await tx.execute(
    sql`update overtime_request_staff set limit_override_reason = ${reason}, limit_override_by_user_id = ${userId}, limit_override_at = now()
         where overtime_request_id = ${requestId} and employee_id = any(${intArray(employeeIds)})`,
  );
}
