import { sql } from 'drizzle-orm';
import type { PoolRole } from '@tms/contracts/approval-flows';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray, isoInstant, projectMembershipOn } from '../../db/sql-fragments.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { moveStepApprover } from '../approval-flows/approval-flows.repository.ts';
import { overtimeVisibleSql } from './overtime-scope.repository.ts';
import { departmentName } from '../../lib/localized-name.ts';

/** SQL of flexible overtime (spec 001 §3, §4.6; RULES.md §3, §6): every read goes through `overtimeVisibleSql`. */


export type FlexibleRowDb = {
  id: number;
  title: string;
  status: number;
  project_id: number;
  project_name: string;
  project_code: string;
  project_pm_employee_id: number | null;
  ot_date: string;
  start_at: string;
  end_at: string;
  start_hm: string;
  end_hm: string;
  ot_type: string;
  date_type: string;
  description: string | null;
  assignee_user_id: number | null;
  /** Issue 29: at a ROLE step of the manager stage (3) anyone of this role acts now (`assignee_user_id` null). */
  assignee_role: string | null;
  pm_user_id: number | null;
  manager_user_id: number | null;
  created_by_user_id: number | null;
  creator_employee_id: number | null;
  reasons_for_rejection: string | null;
  reason_for_cancellation: string | null;
  created_at: string;
  updated_at: string;
  version: number;
  company_id: number | null;
  requester_employee_id: number;
  requester_user_id: number | null;
  staff_row_id: number;
  check_in: string | null;
  check_out: string | null;
  total_time_actual: number | null;
  total_time_confirm: number | null;
  limit_override_reason: string | null;
  /** Issue 29: the manager stage's approval flow, kept on the staff row (all null for the single step). */
  approval_flow_id: number | null;
  approval_flow_name: string | null;
  /** The manager stage's step now deciding (1 from creation; null with no flow or a flow of no step). */
  approval_step: number | null;
  approval_step_count: number | null;
  /**
   * The manager stage's role when its flow's current step is "anyone of a role" (the staff row's `approver_role`, as the
   * approval core moves it; `manager_user_id` is then null) — from creation on, as `manager_user_id` is.
   */
  approver_role: PoolRole | null;
};

const columns = (tz: string) => sql`o.id, o.title, o.status, o.project_id, p.project_name, p.project_code, p.pm_employee_id as project_pm_employee_id,
  o.ot_date::text as ot_date, ${isoInstant(sql`o.start_at`)} as start_at, ${isoInstant(sql`o.end_at`)} as end_at,
  to_char(o.start_at at time zone ${tz}, 'HH24:MI') as start_hm, to_char(o.end_at at time zone ${tz}, 'HH24:MI') as end_hm,
  o.ot_type, o.date_type, o.description, o.assignee_user_id, o.assignee_role, o.pm_user_id, o.manager_user_id, o.created_by_user_id,
  (select u.employee_id from users u where u.id = o.created_by_user_id) as creator_employee_id,
  o.reasons_for_rejection, o.reason_for_cancellation, ${isoInstant(sql`o.created_at`)} as created_at, ${isoInstant(sql`o.updated_at`)} as updated_at,
  o.version, e.company_id, s.employee_id as requester_employee_id,
  (select u.id from users u where u.employee_id = s.employee_id and not u.disabled order by u.id limit 1) as requester_user_id,
  s.id as staff_row_id,
  case when s.check_in is null then null else ${isoInstant(sql`s.check_in`)} end as check_in,
  case when s.check_out is null then null else ${isoInstant(sql`s.check_out`)} end as check_out,
  s.total_time_actual::float8 as total_time_actual, s.total_time_confirm::float8 as total_time_confirm,
  s.limit_override_reason, s.approval_flow_id, s.approval_flow_name, s.approval_step, s.approval_step_count, s.approver_role`;

/** One flexible request if `user` sees it (RULES.md §3; else undefined → 404); `forUpdate` locks it. */
export async function findFlexible(db: DbOrTx, id: number, user: SessionUser, tz: string, opts: { forUpdate?: boolean } = {}): Promise<FlexibleRowDb | undefined> {
  const [row] = await queryRows<FlexibleRowDb>(
    db,
    sql`select ${columns(tz)}
          from overtime_requests o
          join projects p on p.id = o.project_id
          join overtime_request_staff s on s.overtime_request_id = o.id
          join employees e on e.id = s.employee_id
         where o.id = ${id} and o.kind = 'FLEXIBLE' and ${overtimeVisibleSql(user, 'o')}
         order by s.id limit 1 ${opts.forUpdate ? sql`for update of o` : sql``}`,
  );
  return row;
}

export type PersonRow = { user_id: number | null; employee_id: number | null; username: string; name: string; department: string | null; email: string | null };

/** Users by id, with their employee. */
export async function peopleByUserIds(db: DbOrTx, ids: readonly number[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return queryRows<PersonRow>(
    db,
    sql`select u.id as user_id, u.employee_id, u.username, coalesce(e.name, u.username) as name, ${departmentName(sql`d`)} as department, e.email
          from users u left join employees e on e.id = u.employee_id left join departments d on d.id = e.department_id
         where u.id = any(${intArray(ids)})`,
  );
}

/** Employees by id, with their (first enabled) user. */
export async function peopleByEmployeeIds(db: DbOrTx, ids: readonly number[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return queryRows<PersonRow>(
    db,
    sql`select (select u.id from users u where u.employee_id = e.id and not u.disabled order by u.id limit 1) as user_id,
               e.id as employee_id, e.user_name as username, e.name, ${departmentName(sql`d`)} as department, e.email
          from employees e left join departments d on d.id = e.department_id
         where e.id = any(${intArray(ids)}) order by e.name, e.id`,
  );
}

export async function ccOf(db: DbOrTx, requestId: number): Promise<{ employee_id: number; name: string; username: string; email: string | null }[]> {
  return queryRows(
    db,
    sql`select e.id as employee_id, e.name, e.user_name as username, e.email from overtime_request_cc c join employees e on e.id = c.employee_id
         where c.overtime_request_id = ${requestId} order by e.name, e.id`,
  );
}

export async function writeCc(tx: DbOrTx, requestId: number, employeeIds: readonly number[]): Promise<void> {
  await tx.execute(sql`delete from overtime_request_cc where overtime_request_id = ${requestId}`);
  if (employeeIds.length === 0) return;
  await tx.execute(sql`insert into overtime_request_cc (overtime_request_id, employee_id) select ${requestId}, unnest(${intArray(employeeIds)})`);
}

/** The employee's policy in force on `date` (VIEW employee_policies, latest applied first): its OT type. */
export async function policiesOn(db: DbOrTx, employeeIds: readonly number[], date: string): Promise<{ employee_id: number; name: string; ot_type: string | null; has_policy: boolean }[]> {
  if (employeeIds.length === 0) return [];
  return queryRows(
    db,
    sql`select e.id as employee_id, e.name, pol.ot_type, pol.ot_type is not null as has_policy
          from employees e
          left join lateral (
            select p.ot_type from employee_policies p
             where p.employee_id = e.id and p.apply_date <= ${date}::date and p.expire_date >= ${date}::date
             order by p.apply_date desc, p.id desc limit 1
          ) pol on true
         where e.id = any(${intArray(employeeIds)})`,
  );
}

export type ProjectRoleRow = { id: number; project_code: string; project_name: string; pm_employee_id: number | null };

export async function projectOf(db: DbOrTx, projectId: number): Promise<ProjectRoleRow | undefined> {
  const [row] = await queryRows<ProjectRoleRow>(db, sql`select id, project_code, project_name, pm_employee_id from projects where id = ${projectId}`);
  return row;
}

/** The members (current on `date` when given) of a project among `employeeIds`. */
export async function membersOf(db: DbOrTx, projectId: number, employeeIds: readonly number[], date: string | null): Promise<number[]> {
  if (employeeIds.length === 0) return [];
  const rows = await queryRows<{ employee_id: number }>(
    db,
    sql`select distinct m.employee_id from project_members m
         where m.project_id = ${projectId} and m.employee_id = any(${intArray(employeeIds)})
           ${date ? sql`and ${projectMembershipOn(sql`m`, sql`${date}::date`)}` : sql``}`,
  );
  return rows.map((r) => r.employee_id);
}

/** The projects an employee is a member or the PM of (spec 001 §6: flexible types list these), active ones first. */
export async function projectsOfEmployee(db: DbOrTx, employeeId: number): Promise<{ project_id: number; project_name: string; project_code: string; role: 'PM' | 'MEMBER' }[]> {
  return queryRows(
    db,
    sql`select p.id as project_id, p.project_name, p.project_code,
               case when p.pm_employee_id = ${employeeId} then 'PM' else 'MEMBER' end as role
          from projects p
         where p.status = 'Active' and (p.pm_employee_id = ${employeeId}
            or exists (select 1 from project_members m where m.project_id = p.id and m.employee_id = ${employeeId}))
         order by p.project_name, p.id`,
  );
}

/** The employee of a login name (case-insensitive). */
export async function employeeOfUsername(db: DbOrTx, username: string): Promise<{ employee_id: number; username: string } | undefined> {
  const [row] = await queryRows<{ employee_id: number; username: string }>(
    db,
    sql`select u.employee_id, u.username from users u where lower(u.username) = lower(${username}) and u.employee_id is not null`,
  );
  return row;
}

export type NewFlexible = {
  title: string;
  projectId: number;
  otDate: string;
  startAt: Date;
  endAt: Date;
  otType: string;
  dateType: string;
  description: string | null;
  pmUserId: number;
  managerUserId: number | null;
  createdByUserId: number;
  /**
   * The staff row's approver: the PM stage's (`pmUserId`, as before flows) unless the manager stage follows an
   * approval flow of steps, where it is the current step's approver (the approval core moves it step by step).
   */
  staffApproverUserId?: number | null;
};

/** A new request and its one staff row (`staffId`, the approval steps' item). */
export async function insertFlexible(tx: DbOrTx, r: NewFlexible, requesterEmployeeId: number): Promise<{ id: number; version: number; staffId: number }> {
  const [row] = await queryRows<{ id: number; version: number }>(
    tx,
    sql`insert into overtime_requests (kind, title, project_id, ot_date, start_at, end_at, ot_type, date_type, description, source, status,
                                       assignee_user_id, pm_user_id, manager_user_id, created_by_user_id)
        values ('FLEXIBLE', ${r.title}, ${r.projectId}, ${r.otDate}, ${r.startAt.toISOString()}, ${r.endAt.toISOString()}, ${r.otType}, ${r.dateType},
                ${r.description}, 'FORM', 0, ${r.pmUserId}, ${r.pmUserId}, ${r.managerUserId}, ${r.createdByUserId})
        returning id, version`,
  );
  if (!row) throw new Error('overtime_requests insert returned no row');
  const staffApprover = r.staffApproverUserId === undefined ? r.pmUserId : r.staffApproverUserId;
  const [staff] = await queryRows<{ id: number }>(
    tx,
    sql`insert into overtime_request_staff (overtime_request_id, employee_id, status, approver_user_id) values (${row.id}, ${requesterEmployeeId}, 1, ${staffApprover}::int) returning id`,
  );
  return { ...row, staffId: staff!.id };
}

/** The edit (§4.6): one conditional UPDATE on the status and version read; undefined when someone was first. */
export async function updateTerms(
  tx: DbOrTx,
  id: number,
  expect: { version: number; status: number },
  r: Omit<NewFlexible, 'createdByUserId' | 'managerUserId'>,
): Promise<{ version: number } | undefined> {
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`update overtime_requests set title = ${r.title}, project_id = ${r.projectId}, ot_date = ${r.otDate}, start_at = ${r.startAt.toISOString()},
               end_at = ${r.endAt.toISOString()}, ot_type = ${r.otType}, date_type = ${r.dateType}, description = ${r.description},
               pm_user_id = ${r.pmUserId}, assignee_user_id = case when status = 0 then ${r.pmUserId} else assignee_user_id end,
               updated_at = now(), version = version + 1
         where id = ${id} and kind = 'FLEXIBLE' and version = ${expect.version} and status = ${expect.status}
        returning version`,
  );
  // A staff row whose manager stage follows a flow of steps keeps its step's approver (insertFlexible).
  if (row) {
    await tx.execute(sql`update overtime_request_staff set approver_user_id = ${r.pmUserId}
                          where overtime_request_id = ${id} and coalesce(approval_step_count, 0) = 0`);
  }
  return row;
}

/**
 * A status transition as one conditional UPDATE (RULES.md §5: a second concurrent action matches nothing → 409):
 * from `from` (and `version` when given) to `to`, with the new assignee and the reason fields.
 */
export async function transition(
  tx: DbOrTx,
  id: number,
  t: {
    from: number;
    version?: number | null;
    to: number;
    assigneeUserId: number | null;
    /** Issue 29: at a ROLE step of the manager stage, the role that acts now (absent: none, as with every other assignee). */
    assigneeRole?: string | null;
    /** Issue 29: the manager stage's approver moves with its flow (a restarted flow's step 1). */
    managerUserId?: number | null;
    reasonsForRejection?: string | null;
    reasonForCancellation?: string | null;
    confirmedBy?: number | null;
  },
): Promise<{ version: number } | undefined> {
  const sets = [sql`status = ${t.to}`, sql`assignee_user_id = ${t.assigneeUserId}`, sql`assignee_role = ${t.assigneeRole ?? null}`, sql`updated_at = now()`, sql`version = version + 1`];
  if (t.reasonsForRejection !== undefined) sets.push(sql`reasons_for_rejection = ${t.reasonsForRejection}`);
  if (t.reasonForCancellation !== undefined) sets.push(sql`reason_for_cancellation = ${t.reasonForCancellation}`);
  if (t.confirmedBy !== undefined) sets.push(sql`confirmed_by_user_id = ${t.confirmedBy}`, sql`confirmed_at = now()`);
  if (t.managerUserId !== undefined) sets.push(sql`manager_user_id = ${t.managerUserId}::int`);
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`update overtime_requests set ${sql.join(sets, sql`, `)}
         where id = ${id} and kind = 'FLEXIBLE' and status = ${t.from} ${t.version ? sql`and version = ${t.version}` : sql``}
        returning version`,
  );
  return row;
}

/**
 * update-assignee: the open stage's approver (`pm_user_id` or `manager_user_id`) and the assignee become `userId`, one
 * conditional UPDATE on the status and version read (undefined when another change came first). A ROLE step handed to
 * one person is theirs alone from now on (`assignee_role` cleared, as the approval core clears the step's role).
 */
export async function moveStage(tx: DbOrTx, id: number, m: { status: number; version: number; stage: 'pm' | 'manager'; userId: number }): Promise<{ version: number } | undefined> {
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`update overtime_requests
           set assignee_user_id = ${m.userId}, assignee_role = null,
               pm_user_id = case when ${m.stage} = 'pm' then ${m.userId} else pm_user_id end,
               manager_user_id = case when ${m.stage} = 'manager' then ${m.userId} else manager_user_id end,
               updated_at = now(), version = version + 1
         where id = ${id} and kind = 'FLEXIBLE' and status = ${m.status} and version = ${m.version}
        returning version`,
  );
  // Issue 29: a manager stage in an approval flow moves its current step (and the staff row's approver) with it.
  if (row && m.stage === 'manager') await moveFlowStep(tx, id, m.userId);
  return row;
}

/**
 * Issue 29: a step of the manager stage (not the last) passed: the request goes to the next step's approver — the
 * assignee and the manager stage alike — or, at a ROLE step, to its role (`assignee_role`, read from the staff row the
 * approval core has just moved: `passStep` first), on the status (3) and version read (any version when null);
 * undefined when another change came first.
 */
export async function passManagerStep(tx: DbOrTx, id: number, m: { version: number | null; nextApprover: number | null }): Promise<{ version: number; assignee_role: string | null } | undefined> {
  const [row] = await queryRows<{ version: number; assignee_role: string | null }>(
    tx,
    sql`update overtime_requests o set assignee_user_id = ${m.nextApprover}::int, manager_user_id = ${m.nextApprover}::int,
               assignee_role = (select s.approver_role from overtime_request_staff s where s.overtime_request_id = o.id order by s.id limit 1),
               updated_at = now(), version = version + 1
         where o.id = ${id} and o.kind = 'FLEXIBLE' and o.status = 3 ${m.version ? sql`and o.version = ${m.version}` : sql``}
        returning o.version, o.assignee_role`,
  );
  return row;
}

/** The current step of a request's manager-stage flow goes to `userId` (a reassignment at 3); nothing with no flow. */
async function moveFlowStep(tx: DbOrTx, requestId: number, userId: number): Promise<void> {
  const [staff] = await queryRows<{ id: number }>(
    tx,
    sql`update overtime_request_staff set approver_user_id = ${userId}
         where overtime_request_id = ${requestId} and approval_step is not null returning id`,
  );
  if (staff) await moveStepApprover(tx, { type: 'OVERTIME', id: staff.id }, userId);
}

export type PayLineRow = {
  id: number;
  shift: string;
  date_type: string;
  is_night: boolean;
  work_date: string;
  check_in_actual: string | null;
  check_out_actual: string | null;
  duration_actual: number;
  duration_confirm: number | null;
  reason: string | null;
  coefficient: number;
  pay_hours: number;
  non_tax_hours: number;
};

/** The pay core's lines of a request (FLEXIBLE: one staff), in time order. */
export async function payLinesOf(db: DbOrTx, requestId: number): Promise<PayLineRow[]> {
  return queryRows<PayLineRow>(
    db,
    sql`select l.id, l.shift, l.date_type, l.is_night, l.work_date::text as work_date,
               case when l.check_in_actual is null then null else ${isoInstant(sql`l.check_in_actual`)} end as check_in_actual,
               case when l.check_out_actual is null then null else ${isoInstant(sql`l.check_out_actual`)} end as check_out_actual,
               l.duration_actual::float8 as duration_actual, l.duration_confirm::float8 as duration_confirm, l.reason,
               l.coefficient, l.pay_hours::float8 as pay_hours, l.non_tax_hours::float8 as non_tax_hours
          from overtime_pay_lines l where l.overtime_request_id = ${requestId}
         order by l.work_date, l.check_in_actual nulls last, l.id`,
  );
}

/** The PM's confirmation: per line `duration_confirm` and `reason`, and the staff row's total. */
export async function writeConfirmation(tx: DbOrTx, requestId: number, lines: readonly { id: number; value: number; reason: string | null }[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.execute(sql`
    update overtime_pay_lines l set duration_confirm = v.value, reason = v.reason
      from json_to_recordset(${JSON.stringify(lines)}::json) as v(id int, value numeric, reason text)
     where l.id = v.id and l.overtime_request_id = ${requestId}`);
  const total = lines.reduce((a, l) => a + l.value, 0);
  await tx.execute(sql`update overtime_request_staff set total_time_confirm = ${total.toFixed(2)}::numeric where overtime_request_id = ${requestId}`);
}
