import type { DelegationPeriodState } from '@tms/contracts/delegation';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { employeeNameContains, intArray, isoInstant } from '../../db/sql-fragments.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { departmentName } from '../../lib/localized-name.ts';

/** All SQL of Delegation Management (spec 001 §2.9, §3 Delegation, §7.8; RULES.md §5). */

/**
 * Which delegations a caller sees (docs/delegation.md): HR, HRM, ADMIN all (employeeScope is `true` for them);
 * GROUP_LEAD and DULEAD those they created and those listing at least one member of their scope. Alias `dl`.
 */
export function visibleDelegation(user: SessionUser): SQL {
  return sql`(dl.creator_user_id = ${user.userId}
    or exists (select 1 from delegation_members vm where vm.delegation_id = dl.id and ${employeeScope(user, sql`vm.staff_employee_id`)}))`;
}

export type DelegationRowDb = {
  id: number;
  delegator_id: number;
  delegator_name: string;
  delegator_user_name: string | null;
  department_id: number | null;
  department_name: string | null;
  creator_user_id: number | null;
  creator_employee_id: number | null;
  creator_name: string | null;
  creator_user_name: string | null;
  flag: boolean;
  version: number;
  member_count: number;
  name_list: string[] | null;
  period_state?: DelegationPeriodState;
  total?: number;
};

const baseColumns = () => sql`
  select dl.id, de.id as delegator_id, de.name as delegator_name, de.user_name as delegator_user_name,
         dd.id as department_id, ${departmentName(sql`dd`)} as department_name,
         dl.creator_user_id, ce.id as creator_employee_id, coalesce(ce.name, cu.username) as creator_name, cu.username as creator_user_name,
         dl.flag, dl.version`;
const baseFrom = sql`
    from delegations dl
    join employees de on de.id = dl.delegator_employee_id
    left join departments dd on dd.id = de.department_id
    left join users cu on cu.id = dl.creator_user_id
    left join employees ce on ce.id = cu.employee_id`;
const rowSelect = () => sql`${baseColumns()} ${baseFrom}`;

/** A row's state on `today` by its member ranges (contracts DELEGATION_PERIOD_STATES). */
const periodState = (today: string) => sql`
  case when exists (select 1 from delegation_members m where m.delegation_id = x.id and m.from_date <= ${today}::date and m.to_date >= ${today}::date) then 'IN_FORCE'
       when exists (select 1 from delegation_members m where m.delegation_id = x.id and m.from_date > ${today}::date) then 'SCHEDULED'
       else 'ENDED' end`;

/** The member count and names of the (already paged) rows `x`, and with `today` their state on it. */
const withMembers = (inner: SQL, order: SQL, today?: string) => sql`
  select x.*, ${today === undefined ? sql`null` : periodState(today)} as period_state,
         (select count(distinct m.staff_employee_id)::int from delegation_members m where m.delegation_id = x.id) as member_count,
         (select array_agg(n.name order by n.name) from (select distinct me.name from delegation_members m join employees me on me.id = m.staff_employee_id
                                                           where m.delegation_id = x.id) n) as name_list
    from (${inner}) x ${order}`;

export type DelegationListFilter = { delegator?: string; departments?: number[] };

/** One page of live delegations the caller sees, sorted by delegator name (direction 1 ascending), with the total. */
export async function listDelegations(
  db: DbOrTx,
  user: SessionUser,
  f: DelegationListFilter,
  page: { limit: number; offset: number; direction: 1 | -1 },
  today: string,
): Promise<DelegationRowDb[]> {
  const parts: SQL[] = [sql`dl.deleted_at is null`, visibleDelegation(user)];
  if (f.delegator) parts.push(employeeNameContains(f.delegator, sql`de`));
  if (f.departments?.length) parts.push(sql`de.department_id = any(${intArray(f.departments)})`);
  const dir = page.direction === 1 ? sql`asc` : sql`desc`;
  const order = sql`order by x.delegator_name ${dir}, x.id ${dir}`;
  const paged = sql`select p.*, count(*) over()::int as total from (${rowSelect()} where ${sql.join(parts, sql` and `)}) p
                     order by p.delegator_name ${dir}, p.id ${dir} limit ${page.limit} offset ${page.offset}`;
  return queryRows<DelegationRowDb>(db, withMembers(paged, order, today));
}

/** One live delegation the caller sees (by id, or by its delegator); with `forUpdate` its row is locked. */
export async function findDelegation(
  tx: DbOrTx,
  user: SessionUser,
  by: { id: number } | { delegatorId: number },
  opts: { forUpdate?: boolean } = {},
): Promise<DelegationRowDb | undefined> {
  const key = 'id' in by ? sql`dl.id = ${by.id}` : sql`dl.delegator_employee_id = ${by.delegatorId}`;
  if (opts.forUpdate) await queryRows(tx, sql`select dl.id from delegations dl where ${key} and dl.deleted_at is null for update`);
  const [row] = await queryRows<DelegationRowDb>(tx, withMembers(sql`${rowSelect()} where ${key} and dl.deleted_at is null and ${visibleDelegation(user)} order by dl.id limit 1`, sql``));
  return row;
}

export type StaffRangeDb = {
  id: number;
  staff_id: number;
  from_date: string;
  to_date: string;
  name: string;
  user_name: string | null;
  department: string | null;
};

/** The member ranges of a delegation, optionally filtered by member name or user name (folded). */
export async function membersOf(db: DbOrTx, delegationId: number, employee?: string): Promise<StaffRangeDb[]> {
  const search = employee ? sql`and ${employeeNameContains(employee)}` : sql``;
  return queryRows<StaffRangeDb>(
    db,
    sql`select m.id, m.staff_employee_id as staff_id, m.from_date::text as from_date, m.to_date::text as to_date,
               e.name, e.user_name, ${departmentName(sql`d`)} as department
          from delegation_members m
          join employees e on e.id = m.staff_employee_id
          left join departments d on d.id = e.department_id
         where m.delegation_id = ${delegationId} ${search}
         order by e.name, m.from_date, m.id`,
  );
}

/** Whether an employee may be a delegator: active, with an enabled user account. */
export async function isValidDelegator(db: DbOrTx, employeeId: number): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from employees e join users u on u.employee_id = e.id and not u.disabled
                        where e.id = ${employeeId} and e.employee_status = 'Active') as ok`,
  );
  return row?.ok === true;
}

/** The live delegation of a delegator other than `exceptId` (one live delegation per delegator). */
export async function liveDelegationOf(db: DbOrTx, delegatorId: number, exceptId: number | null): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from delegations where delegator_employee_id = ${delegatorId} and deleted_at is null and id <> ${exceptId ?? 0} limit 1`,
  );
  return row?.id;
}

/** Of `ids`, those that are active employees in the caller's scope (RULES.md §3). */
export async function membersInScope(db: DbOrTx, user: SessionUser, ids: readonly number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select e.id from employees e where e.id = any(${intArray(ids)}) and e.employee_status = 'Active' and ${employeeScope(user, sql`e.id`)}`,
  );
  return rows.map((r) => r.id);
}

/**
 * A member range that overlaps a range of the same member in another live delegation (a member has one delegator on
 * a date, so the routing of RULES.md §5 never has to choose).
 */
export async function overlapElsewhere(
  db: DbOrTx,
  list: readonly { staff_id: number; from_date: string; to_date: string }[],
  exceptId: number | null,
): Promise<boolean> {
  const [row] = await queryRows<{ clash: boolean }>(
    db,
    sql`select exists (
          select 1 from unnest(${intArray(list.map((l) => l.staff_id))}, ${`{${list.map((l) => l.from_date).join(',')}}`}::date[], ${`{${list.map((l) => l.to_date).join(',')}}`}::date[]) as n(staff_id, from_date, to_date)
            join delegation_members m on m.staff_employee_id = n.staff_id and m.from_date <= n.to_date and n.from_date <= m.to_date
            join delegations dl on dl.id = m.delegation_id and dl.deleted_at is null
           where dl.id <> ${exceptId ?? 0}) as clash`,
  );
  return row?.clash === true;
}

export async function insertDelegation(tx: DbOrTx, v: { delegatorId: number; creatorUserId: number; flag: boolean; now: Date }): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into delegations (delegator_employee_id, creator_user_id, flag, created_at, updated_at)
        values (${v.delegatorId}, ${v.creatorUserId}, ${v.flag}, ${v.now.toISOString()}::timestamptz, ${v.now.toISOString()}::timestamptz) returning id`,
  );
  return row!.id;
}

/** Edit guarded by the version read (stale → no row → 409). */
export async function updateDelegation(tx: DbOrTx, v: { id: number; version: number; delegatorId: number; flag: boolean; now: Date }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update delegations set delegator_employee_id = ${v.delegatorId}, flag = ${v.flag}, updated_at = ${v.now.toISOString()}::timestamptz, version = version + 1
         where id = ${v.id} and version = ${v.version} and deleted_at is null returning id`,
  );
  return rows.length === 1;
}

/** Replaces the member ranges of a delegation. */
export async function replaceMembers(tx: DbOrTx, delegationId: number, list: readonly { staff_id: number; from_date: string; to_date: string }[]): Promise<void> {
  await queryRows(tx, sql`delete from delegation_members where delegation_id = ${delegationId}`);
  if (list.length === 0) return;
  await queryRows(
    tx,
    sql`insert into delegation_members (delegation_id, staff_employee_id, from_date, to_date)
        select ${delegationId}, n.staff_id, n.from_date, n.to_date
          from unnest(${intArray(list.map((l) => l.staff_id))}, ${`{${list.map((l) => l.from_date).join(',')}}`}::date[], ${`{${list.map((l) => l.to_date).join(',')}}`}::date[]) as n(staff_id, from_date, to_date)`,
  );
}

/** Soft delete of the given live delegations the caller sees; answers the ids deleted. */
export async function softDelete(tx: DbOrTx, ids: readonly number[], now: Date): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update delegations set deleted_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz, version = version + 1
         where id = any(${intArray(ids)}) and deleted_at is null returning id`,
  );
  return rows.map((r) => r.id);
}

/** The live delegations among `ids` the caller sees (for the delete). */
export async function visibleLive(tx: DbOrTx, user: SessionUser, ids: readonly number[]): Promise<DelegationRowDb[]> {
  return queryRows<DelegationRowDb>(tx, sql`${baseColumns()}, 0 as member_count, null as name_list ${baseFrom}
    where dl.id = any(${intArray(ids)}) and dl.deleted_at is null and ${visibleDelegation(user)} for update of dl`);
}

export type CandidateDb = { id: number; name: string; user_name: string | null; department_name: string | null; has_delegation: boolean; total?: number };

/** Delegator candidates: active employees with an enabled user account, folded search on name and user name. */
export async function delegatorCandidates(db: DbOrTx, text: string | undefined, page: { limit: number; offset: number }): Promise<CandidateDb[]> {
  const search = text ? sql`and ${employeeNameContains(text)}` : sql``;
  return queryRows<CandidateDb>(
    db,
    sql`select e.id, e.name, e.user_name, ${departmentName(sql`d`)} as department_name,
               exists (select 1 from delegations dl where dl.delegator_employee_id = e.id and dl.deleted_at is null) as has_delegation,
               count(*) over()::int as total
          from employees e
          join users u on u.employee_id = e.id and not u.disabled
          left join departments d on d.id = e.department_id
         where e.employee_status = 'Active' ${search}
         order by e.name, e.id
         limit ${page.limit} offset ${page.offset}`,
  );
}

/** Member candidates: active employees in the caller's scope (RULES.md §3) but the delegator, folded search. */
export async function memberCandidates(db: DbOrTx, user: SessionUser, delegatorId: number | null, text: string | undefined, limit: number): Promise<CandidateDb[]> {
  const search = text ? sql`and ${employeeNameContains(text)}` : sql``;
  return queryRows<CandidateDb>(
    db,
    sql`select e.id, e.name, e.user_name, ${departmentName(sql`d`)} as department_name, false as has_delegation
          from employees e
          left join departments d on d.id = e.department_id
         where e.employee_status = 'Active' and e.id <> ${delegatorId ?? 0} and ${employeeScope(user, sql`e.id`)} ${search}
         order by e.name, e.id
         limit ${limit}`,
  );
}

export type DelegatedExplanationDb = {
  id: number;
  title: string | null;
  employee_id: number;
  employee_name: string;
  department: string | null;
  delegator_id: number;
  delegator_name: string;
  assignee_user_id: number | null;
  assignee_user_name: string | null;
  assignee_name: string | null;
  abnormal_date: string;
  created_date: string;
  status: number;
  total?: number;
};

/**
 * The explanation-request tab (docs/delegation.md): explanation requests of a member dated inside one of the member's
 * ranges of a live delegation whose delegator holds them (the assignee's employee is the delegator). Visible to HR,
 * HRM, ADMIN; to others when the delegation is visible to them or the explanation is assigned to them.
 * Newest first with direction -1 (spec 001 §9).
 */
export async function listDelegatedExplanations(
  db: DbOrTx,
  user: SessionUser,
  f: { employee?: string },
  page: { limit: number; offset: number; direction: 1 | -1 },
): Promise<DelegatedExplanationDb[]> {
  const search = f.employee ? sql`and ${employeeNameContains(f.employee)}` : sql``;
  const dir = page.direction === 1 ? sql`asc` : sql`desc`;
  return queryRows<DelegatedExplanationDb>(
    db,
    sql`select r.id, r.title, e.id as employee_id, e.name as employee_name, ${departmentName(sql`d`)} as department,
               de.id as delegator_id, de.name as delegator_name,
               r.assignee_user_id, au.username as assignee_user_name, coalesce(ae.name, au.username) as assignee_name,
               r.start_date::text as abnormal_date, ${isoInstant(sql`r.created_at`)} as created_date, r.status,
               count(*) over()::int as total
          from requests r
          join employees e on e.id = r.employee_id
          left join departments d on d.id = e.department_id
          join users au on au.id = r.assignee_user_id
          left join employees ae on ae.id = au.employee_id
          join lateral (select dl.id, dl.delegator_employee_id, dl.creator_user_id
                          from delegation_members m
                          join delegations dl on dl.id = m.delegation_id and dl.deleted_at is null
                         where m.staff_employee_id = r.employee_id and r.start_date between m.from_date and m.to_date
                           and dl.delegator_employee_id = au.employee_id
                         order by dl.id limit 1) dl on true
          join employees de on de.id = dl.delegator_employee_id
         where r.is_explanation ${search}
           and (r.assignee_user_id = ${user.userId} or ${visibleDelegation(user)})
         order by r.created_at ${dir}, r.id ${dir}
         limit ${page.limit} offset ${page.offset}`,
  );
}
