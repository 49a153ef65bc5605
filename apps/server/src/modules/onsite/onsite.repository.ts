import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { foldedContains, intArray, isoInstant } from '../../db/sql-fragments.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';

/** SQL of onsite management (spec 002 §2, §3; RULES.md §3, §5): every statement set-based. */

export const ONSITE_TABLE = 'onsite_requests';
export const ONSITE_FILE_FOLDER = 'onsite';

/** Who sees what (RULES.md §3 applied to onsite requests). */
export type OnsiteViewer = Pick<SessionUser, 'userId' | 'employeeId' | 'roles' | 'isPm'>;

/**
 * RULES.md §3: HR, HRM, ADMIN everything; everyone else the requests they created, are the Department approver of, or
 * list someone of their employee scope (themselves; a group lead's departments, a division lead's division); a PM
 * also every request of their projects. Under an approval flow the Department approver is the current step's, and
 * whoever decided an earlier step keeps seeing the record (as the single step's approver does once they decide).
 */
function visibleSql(v: OnsiteViewer | 'all'): SQL {
  if (v === 'all') return sql`true`;
  const scope = employeeScope(v as SessionUser, sql`s.employee_id`);
  return sql`(o.created_by_user_id = ${v.userId} or o.approver_user_id = ${v.userId}
    or exists (select 1 from projects pp where pp.id = o.project_id and pp.pm_employee_id = ${v.employeeId ?? -1})
    or exists (select 1 from onsite_approval_steps st where st.onsite_request_id = o.id and st.decided_by_user_id = ${v.userId})
    or exists (select 1 from onsite_request_staff s where s.onsite_request_id = o.id and ${scope}))`;
}

export type OnsiteFilter = { title?: string; projectIds?: number[]; statuses?: number[]; fromDate?: string; toDate?: string; employeeIds?: number[]; id?: number };

function filterSql(f: OnsiteFilter): SQL {
  const parts: SQL[] = [];
  if (f.id !== undefined) parts.push(sql`o.id = ${f.id}`);
  if (f.title && f.title.trim()) parts.push(foldedContains(sql`o.title`, f.title.trim()));
  if (f.projectIds && f.projectIds.length > 0) parts.push(sql`o.project_id = any(${intArray(f.projectIds)})`);
  if (f.statuses && f.statuses.length > 0) parts.push(sql`o.status = any(${intArray(f.statuses)})`);
  if (f.fromDate) parts.push(sql`o.to_date >= ${f.fromDate}::date`);
  if (f.toDate) parts.push(sql`o.from_date <= ${f.toDate}::date`);
  if (f.employeeIds && f.employeeIds.length > 0) {
    parts.push(sql`exists (select 1 from onsite_request_staff s2 where s2.onsite_request_id = o.id and s2.employee_id = any(${intArray(f.employeeIds)}))`);
  }
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

export type StaffJson = { employeeId: number; name: string; code: string | null; user_name: string; startTime: string; endTime: string; duration: number; requestId: number | null };

export type OnsiteRowDb = {
  id: number;
  title: string;
  project_id: number;
  project_name: string;
  project_code: string;
  from_date: string;
  to_date: string;
  onsite_type: string;
  location: string | null;
  description: string | null;
  status: number;
  status_department: number;
  status_cb: number;
  approver_user_id: number | null;
  /** An approval flow's ROLE step deciding the Department stage: anyone of this role (`approver_user_id` then null). */
  approver_role: string | null;
  approver_username: string | null;
  approver_name: string | null;
  created_by_user_id: number | null;
  creator_username: string | null;
  creator_name: string | null;
  creator_employee_id: number | null;
  creator_privileged: boolean;
  department_decided_by: number | null;
  department_decider_username: string | null;
  department_decider_name: string | null;
  department_decided_at: string | null;
  cb_decided_by: number | null;
  cb_decider_username: string | null;
  cb_decider_name: string | null;
  cb_decided_at: string | null;
  reasons_for_rejection: string | null;
  withdraw_reason: string | null;
  created_at: string;
  updated_at: string;
  version: number;
  company_id: number | null;
  /** Approval flows: the flow the Department stage follows (null: the single step), the step now deciding, the count. */
  approval_flow_name: string | null;
  approval_step: number | null;
  approval_step_count: number | null;
  staff: StaffJson[];
};

const userName = (alias: string) => sql.raw(`(select coalesce(e.name, u.username) from users u left join employees e on e.id = u.employee_id where u.id = ${alias})`);
const userLogin = (alias: string) => sql.raw(`(select u.username from users u where u.id = ${alias})`);

const rowColumns = sql`o.id, o.title, o.project_id, p.project_name, p.project_code, o.from_date::text as from_date, o.to_date::text as to_date,
  o.onsite_type, o.location, o.description, o.status, o.status_department, o.status_cb,
  o.approver_user_id, o.approver_role, ${userLogin('o.approver_user_id')} as approver_username, ${userName('o.approver_user_id')} as approver_name,
  o.created_by_user_id, ${userLogin('o.created_by_user_id')} as creator_username, ${userName('o.created_by_user_id')} as creator_name,
  (select u.employee_id from users u where u.id = o.created_by_user_id) as creator_employee_id,
  exists (select 1 from user_roles r where r.user_id = o.created_by_user_id and r.role in ('HR', 'HRM', 'ADMIN')) as creator_privileged,
  o.department_decided_by, ${userLogin('o.department_decided_by')} as department_decider_username, ${userName('o.department_decided_by')} as department_decider_name,
  case when o.department_decided_at is null then null else ${isoInstant(sql`o.department_decided_at`)} end as department_decided_at,
  o.cb_decided_by, ${userLogin('o.cb_decided_by')} as cb_decider_username, ${userName('o.cb_decided_by')} as cb_decider_name,
  case when o.cb_decided_at is null then null else ${isoInstant(sql`o.cb_decided_at`)} end as cb_decided_at,
  o.reasons_for_rejection, o.withdraw_reason, ${isoInstant(sql`o.created_at`)} as created_at, ${isoInstant(sql`o.updated_at`)} as updated_at, o.version,
  (select e.company_id from users u join employees e on e.id = u.employee_id where u.id = o.created_by_user_id) as company_id,
  o.approval_flow_name, o.approval_step, o.approval_step_count,
  (select coalesce(json_agg(json_build_object('employeeId', e.id, 'name', e.name, 'code', e.sf4c_id, 'user_name', e.user_name,
            'startTime', to_char(s.start_time, 'HH24:MI'), 'endTime', to_char(s.end_time, 'HH24:MI'), 'duration', s.duration::float8,
            'requestId', s.request_id) order by e.name, s.id), '[]'::json)
     from onsite_request_staff s join employees e on e.id = s.employee_id where s.onsite_request_id = o.id) as staff`;

/** One page of the list, newest range first, and the total. */
export async function listOnsite(db: DbOrTx, viewer: OnsiteViewer | 'all', f: OnsiteFilter, page: { limit: number; offset: number }): Promise<{ rows: OnsiteRowDb[]; total: number }> {
  const where = sql`${visibleSql(viewer)} and ${filterSql(f)}`;
  const rows = await queryRows<OnsiteRowDb>(
    db,
    sql`select ${rowColumns} from onsite_requests o join projects p on p.id = o.project_id
         where ${where} order by o.from_date desc, o.id desc limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from onsite_requests o where ${where}`);
  return { rows, total: count?.n ?? 0 };
}

/** One request if `viewer` sees it; `forUpdate` locks it for the caller's transaction. */
export async function findOnsite(db: DbOrTx, id: number, viewer: OnsiteViewer | 'all', opts: { forUpdate?: boolean } = {}): Promise<OnsiteRowDb | undefined> {
  const [row] = await queryRows<OnsiteRowDb>(
    db,
    sql`select ${rowColumns} from onsite_requests o join projects p on p.id = o.project_id
         where o.id = ${id} and ${visibleSql(viewer)} ${opts.forUpdate ? sql`for update of o` : sql``}`,
  );
  return row;
}

export async function projectOf(db: DbOrTx, projectId: number): Promise<{ id: number; pm_employee_id: number | null } | undefined> {
  const [row] = await queryRows<{ id: number; pm_employee_id: number | null }>(db, sql`select id, pm_employee_id from projects where id = ${projectId}`);
  return row;
}

export type CcUser = { id: number; username: string; name: string; employee_id: number | null };

/** Enabled users among `ids`. */
export async function usersByIds(db: DbOrTx, ids: readonly number[]): Promise<CcUser[]> {
  if (ids.length === 0) return [];
  return queryRows<CcUser>(
    db,
    sql`select u.id, u.username, coalesce(e.name, u.username) as name, u.employee_id
          from users u left join employees e on e.id = u.employee_id where u.id = any(${intArray(ids)}) and not u.disabled order by u.id`,
  );
}

/** Enabled users by login name (case-insensitive). */
export async function userIdsByUsernames(db: DbOrTx, usernames: readonly string[]): Promise<number[]> {
  if (usernames.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u where lower(u.username) in (select lower(v) from json_array_elements_text(${JSON.stringify(usernames)}::json) v) and not u.disabled`,
  );
  return rows.map((r) => r.id);
}

export async function ccOf(db: DbOrTx, onsiteId: number): Promise<CcUser[]> {
  return queryRows<CcUser>(
    db,
    sql`select u.id, u.username, coalesce(e.name, u.username) as name, u.employee_id
          from onsite_request_cc c join users u on u.id = c.user_id left join employees e on e.id = u.employee_id
         where c.onsite_request_id = ${onsiteId} order by c.id`,
  );
}

/** Enabled HR and HRM users: who the C&B stage is announced to (RULES.md §8). */
export async function cbUsers(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct u.id from users u join user_roles r on r.user_id = u.id where r.role in ('HR', 'HRM') and not u.disabled order by u.id`,
  );
  return rows.map((r) => r.id);
}

export type NewOnsite = {
  title: string;
  projectId: number;
  fromDate: string;
  toDate: string;
  type: string;
  location: string | null;
  description: string | null;
  /** Null only when an approval flow with no step approves the Department stage at once. */
  approverUserId: number | null;
  createdByUserId: number;
};
export type StaffInput = { employeeId: number; startTime: string; endTime: string; duration: number };

export async function insertOnsite(tx: DbOrTx, o: NewOnsite): Promise<{ id: number; version: number }> {
  const [row] = await queryRows<{ id: number; version: number }>(
    tx,
    sql`insert into onsite_requests (title, project_id, from_date, to_date, onsite_type, location, description, approver_user_id, created_by_user_id)
        values (${o.title}, ${o.projectId}, ${o.fromDate}, ${o.toDate}, ${o.type}, ${o.location}, ${o.description}, ${o.approverUserId}::int, ${o.createdByUserId})
        returning id, version`,
  );
  if (!row) throw new Error('onsite_requests insert returned no row');
  return row;
}

/** Replaces the staff list and the CC list (`cc` null: keep it). */
export async function writeStaffAndCc(tx: DbOrTx, onsiteId: number, staff: readonly StaffInput[], cc: readonly number[] | null): Promise<void> {
  await tx.execute(sql`delete from onsite_request_staff where onsite_request_id = ${onsiteId}`);
  await tx.execute(sql`
    insert into onsite_request_staff (onsite_request_id, employee_id, start_time, end_time, duration)
    select ${onsiteId}, x.e, x.s::time, x.t::time, x.d
      from json_to_recordset(${JSON.stringify(staff.map((s) => ({ e: s.employeeId, s: s.startTime, t: s.endTime, d: s.duration })))}::json) as x(e int, s text, t text, d numeric)`);
  if (cc !== null) {
    await tx.execute(sql`delete from onsite_request_cc where onsite_request_id = ${onsiteId}`);
    if (cc.length > 0) await tx.execute(sql`insert into onsite_request_cc (onsite_request_id, user_id) select ${onsiteId}, x from unnest(${intArray([...new Set(cc)])}) x`);
  }
}

/** The edit of the terms, only at `version` and while the statuses are still those read (409 otherwise). */
export async function updateTerms(
  tx: DbOrTx,
  id: number,
  expect: { version: number; status: number; statusDepartment: number },
  o: Omit<NewOnsite, 'createdByUserId' | 'approverUserId'> & { approverUserId: number | null },
): Promise<{ id: number; version: number } | undefined> {
  const [row] = await queryRows<{ id: number; version: number }>(
    tx,
    sql`update onsite_requests set title = ${o.title}, project_id = ${o.projectId}, from_date = ${o.fromDate}, to_date = ${o.toDate},
               onsite_type = ${o.type}, location = ${o.location}, description = ${o.description}, approver_user_id = ${o.approverUserId},
               version = version + 1, updated_at = now()
         where id = ${id} and version = ${expect.version} and status = ${expect.status} and status_department = ${expect.statusDepartment}
        returning id, version`,
  );
  return row;
}

export type Transition =
  | { kind: 'department'; to: 3 | 4; by: number; reason: string | null }
  | { kind: 'cb'; to: 3 | 4; by: number; reason: string | null }
  | { kind: 'withdraw'; from: 1 | 3; reason: string | null };

/**
 * A status change as ONE conditional statement on (id, the stage's expected status, version): of concurrent decisions
 * exactly one moves the row; the rest match nothing (409, no second history entry).
 */
export async function transition(tx: DbOrTx, id: number, version: number, t: Transition): Promise<{ id: number; version: number; status: number } | undefined> {
  let set: SQL;
  let where: SQL;
  if (t.kind === 'department') {
    set = sql`status_department = ${t.to}, status = ${t.to === 4 ? 4 : 1}, department_decided_by = ${t.by}, department_decided_at = now(),
              reasons_for_rejection = coalesce(${t.reason}::text, reasons_for_rejection)`;
    where = sql`status = 1 and status_department = 1`;
  } else if (t.kind === 'cb') {
    set = sql`status_cb = ${t.to}, status = ${t.to}, cb_decided_by = ${t.by}, cb_decided_at = now(), reasons_for_rejection = coalesce(${t.reason}::text, reasons_for_rejection)`;
    where = sql`status = 1 and status_department = 3 and status_cb = 1`;
  } else {
    set = sql`status = 5, withdraw_reason = coalesce(${t.reason}::text, withdraw_reason)`;
    where = sql`status = ${t.from}`;
  }
  const [row] = await queryRows<{ id: number; version: number; status: number }>(
    tx,
    sql`update onsite_requests set ${set}, version = version + 1, updated_at = now()
         where id = ${id} and version = ${version} and ${where} returning id, version, status`,
  );
  return row;
}

/**
 * An approval flow with no step approves the Department stage of a record just filed: no decider (the history names
 * the flow), the C&B stage opens.
 */
export async function approveDepartmentByFlow(tx: DbOrTx, id: number): Promise<{ id: number; version: number; status: number } | undefined> {
  const [row] = await queryRows<{ id: number; version: number; status: number }>(
    tx,
    sql`update onsite_requests set status_department = 3, department_decided_at = now(), version = version + 1, updated_at = now()
         where id = ${id} and status = 1 and status_department = 1 returning id, version, status`,
  );
  return row;
}

/** The role deciding a record's Department stage now (an approval flow's ROLE step), or null. */
export async function approverRoleOf(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await queryRows<{ approver_role: string | null }>(db, sql`select approver_role from onsite_requests where id = ${id}`);
  return row?.approver_role ?? null;
}

export type ReassignedRequest = { id: number; employee_id: number; version: number; old_assignee: number | null; old_role: string | null; assignee: number | null; role: string | null };

/**
 * The pending staff rows of a record follow its Department approver when an approval flow moves it to another step
 * (Request Management's lists and "What needs me" find them by their assignee): the record's approver, or at a ROLE
 * step its role (`requests.assignee_role`, cleared again when a person's step follows). Answers the rows that moved.
 */
export async function moveStaffAssignee(tx: DbOrTx, onsiteId: number): Promise<ReassignedRequest[]> {
  return queryRows<ReassignedRequest>(
    tx,
    sql`with o as (select approver_user_id, approver_role from onsite_requests where id = ${onsiteId}),
        old as (select r.id, r.assignee_user_id, r.assignee_role from requests r, o where r.onsite_request_id = ${onsiteId} and r.status = 1
                   and (r.assignee_user_id is distinct from o.approver_user_id or r.assignee_role is distinct from o.approver_role) for update of r)
        update requests r set assignee_user_id = o.approver_user_id, assignee_role = o.approver_role, version = r.version + 1, updated_at = now()
          from old, o where r.id = old.id
        returning r.id, r.employee_id, r.version, old.assignee_user_id as old_assignee, old.assignee_role as old_role,
                  r.assignee_user_id as assignee, r.assignee_role as role`,
  );
}

export type StaffRow = { id: number; employee_id: number; start_time: string; end_time: string; duration: number; request_id: number | null };

export async function staffOf(db: DbOrTx, onsiteId: number): Promise<StaffRow[]> {
  return queryRows<StaffRow>(
    db,
    sql`select id, employee_id, to_char(start_time, 'HH24:MI') as start_time, to_char(end_time, 'HH24:MI') as end_time, duration::float8 as duration, request_id
          from onsite_request_staff where onsite_request_id = ${onsiteId} order by id`,
  );
}

/**
 * Links a staff member's ONSITE request row both ways: the staff row names it, it names its onsite record; a pending
 * row of a record waiting on a ROLE step is that role's to decide (`assigneeRole`).
 */
export async function setStaffRequest(tx: DbOrTx, staffRowId: number, requestId: number, assigneeRole: string | null = null): Promise<void> {
  await tx.execute(sql`update onsite_request_staff set request_id = ${requestId} where id = ${staffRowId}`);
  await tx.execute(
    sql`update requests set onsite_request_id = (select onsite_request_id from onsite_request_staff where id = ${staffRowId}), assignee_role = ${assigneeRole}
         where id = ${requestId}`,
  );
}

export type MovedRequest = { id: number; employee_id: number; start_date: string; end_date: string; version: number; old_status: number };

/**
 * The staff rows of an onsite record follow its status (one status, decided by onsite.service): each linked row still
 * at one of `from` moves to `to` in one statement; answers what moved, with its dates for the recalculation.
 */
export async function moveStaffRequests(
  tx: DbOrTx,
  onsiteId: number,
  from: readonly number[],
  to: 3 | 4 | 5,
  set: { approvedBy?: number | null; rejection?: string | null; withdrawReason?: string | null },
): Promise<MovedRequest[]> {
  return queryRows<MovedRequest>(
    tx,
    sql`with old as (select id, status from requests where onsite_request_id = ${onsiteId} and status = any(${intArray([...from])}) for update)
        update requests r set status = ${to}, version = r.version + 1, updated_at = now(),
               approved_by_user_id = coalesce(${set.approvedBy ?? null}::int, r.approved_by_user_id),
               reasons_for_rejection = coalesce(${set.rejection ?? null}::text, r.reasons_for_rejection),
               withdraw_reason = coalesce(${set.withdrawReason ?? null}::text, r.withdraw_reason)
          from old where r.id = old.id
        returning r.id, r.employee_id, r.start_date::text as start_date, r.end_date::text as end_date, r.version, old.status as old_status`,
  );
}

export type OnsiteFileRow = { id: number; stored_name: string; original_name: string; size: number; content_type: string; created_date: string };

export async function listFiles(db: DbOrTx, onsiteId: number): Promise<OnsiteFileRow[]> {
  return queryRows<OnsiteFileRow>(
    db,
    sql`select id, stored_name, original_name, size, content_type, ${isoInstant(sql`created_at`)} as created_date
          from stored_files where owner_table = ${ONSITE_TABLE} and owner_id = ${onsiteId} order by created_at, id`,
  );
}

export async function filesTotal(db: DbOrTx, onsiteId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select coalesce(sum(size), 0)::int as n from stored_files where owner_table = ${ONSITE_TABLE} and owner_id = ${onsiteId}`);
  return row?.n ?? 0;
}

export async function findFile(db: DbOrTx, onsiteId: number, name: string): Promise<{ id: number; original_name: string; content_type: string; content: Buffer | Uint8Array } | undefined> {
  const [row] = await queryRows<{ id: number; original_name: string; content_type: string; content: Buffer | Uint8Array }>(
    db,
    sql`select id, original_name, content_type, content from stored_files where owner_table = ${ONSITE_TABLE} and owner_id = ${onsiteId} and stored_name = ${name}`,
  );
  return row;
}

/** Detaches a file from its request (the stored row stays for the history); false when it was already gone. */
export async function detachFile(tx: DbOrTx, onsiteId: number, fileId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update stored_files set owner_table = ${`${ONSITE_TABLE}:deleted`} where id = ${fileId} and owner_table = ${ONSITE_TABLE} and owner_id = ${onsiteId} returning id`,
  );
  return rows.length > 0;
}

/** Employee ids of users (the CC list's mail addresses). */
export async function employeeIdsOfUsers(db: DbOrTx, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<{ employee_id: number }>(db, sql`select employee_id from users where id = any(${intArray(userIds)}) and employee_id is not null`);
  return rows.map((r) => r.employee_id);
}
