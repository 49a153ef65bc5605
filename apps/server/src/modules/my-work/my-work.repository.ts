import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { textArray } from '../../db/sql-fragments.ts';
import { departmentName, reasonTypeName } from '../../lib/localized-name.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';

/**
 * SQL of My Work (issue 26 §2, docs/my-work.md): each block is one statement (the waiting list one union), so a block
 * costs the same for one item as for two hundred. Who approves an item is what its workflow stored when it assigned it
 * through the approver rule (`auth/approver.repository.ts` `resolveApprover`: delegation, PM, leads, HRM) or moved it
 * (update-assignee): this module reads those columns and never decides an approver itself.
 */

export type WaitingRow = {
  kind: string;
  id: number;
  employee_id: number | null;
  requester_id: number;
  requester_name: string;
  requester_user_name: string | null;
  department_name: string | null;
  title: string;
  from_date: string;
  to_date: string;
  amount: string | null;
  unit: 'HOURS' | 'DAYS' | null;
  effect: string | null;
  stage: string | null;
  approval_step: number | null;
  approval_step_count: number | null;
  created_at: string;
  version: number | null;
  total: number;
};

/** `roles`: the caller's roles, for the requests at an approval flow's ROLE step (anyone of the role decides). */
export type WaitingFilter = { userId: number; employeeId: number | null; roles: readonly string[]; cbDecider: boolean; lockDate: string | null };

/**
 * Everything waiting for the caller's decision, open to a decision now: after the lock date (RULES.md §4: what is on
 * or before it reads Expired and refuses every action) and never the caller's own (RULES.md §5). Parts:
 * - requests and explanations assigned to the caller, or to a role of theirs (an approval flow's ROLE step), pending
 *   (an explanation also while Delegated);
 * - fixed overtime staff rows whose approver is the caller, pending;
 * - flexible overtime at index 0 held by the caller as the PM stage, or at 3 as the manager (RULES.md §6);
 * - onsite requests at the Department stage with the caller as its approver, or at the C&B stage when the caller is
 *   HR, HRM or Admin and not the creator (docs/onsite.md).
 */
function waitingUnion(f: WaitingFilter): SQL {
  const me = f.userId;
  // An approval flow's ROLE step: anyone of one of the caller's roles decides (the approver column is then null).
  return waitingUnionOf({
    me,
    myEmployee: f.employeeId ?? -1,
    after: (column: SQL) => (f.lockDate === null ? sql`true` : sql`${column} > ${f.lockDate}::date`),
    mine: (role: SQL) => sql`${role} = any(${textArray(f.roles)})`,
    cb: f.cbDecider ? sql`or (o.status_department = 3 and o.status_cb = 1 and o.created_by_user_id is distinct from ${me})` : sql``,
  });
}

/**
 * Who the union is for, as values (one caller) or as columns of an outer row (every approver at once, issue 30's
 * approver digest): the user, their employee, the lock-date condition, the ROLE-step test and the C&B onsite clause.
 */
type WaitingFor = { me: number | SQL; myEmployee: number | SQL; after: (column: SQL) => SQL; mine: (role: SQL) => SQL; cb: SQL };

function waitingUnionOf({ me, myEmployee, after, mine, cb }: WaitingFor): SQL {
  const windowHours = sql`round((extract(epoch from (o.end_at - o.start_at)) / 3600)::numeric, 2)`;
  return sql`
    select case when not r.is_explanation then 'REQUEST' when r.abnormal_case_id is null then 'EXPLANATION' else 'ABNORMAL_CASE' end as kind,
           r.id, null::int as employee_id, r.employee_id as requester_id,
           coalesce(nullif(r.title, ''), ${reasonTypeName(sql`rt`)}) as title, r.start_date as from_date, r.end_date as to_date,
           case when r.is_explanation then coalesce(r.explanation_hours, r.quantity_in_hours)
                when rt.effect in ('PROJECT', 'BIRTHDAY') then (select sum(rd.hours) from request_dates rd where rd.request_id = r.id)
                else r.quantity_in_hours end as amount,
           case when not r.is_explanation and rt.effect in ('PROJECT', 'BIRTHDAY') then 'DAYS' else 'HOURS' end as unit,
           case when r.is_explanation then null else rt.effect end as effect,
           null as stage, r.created_at, r.version, r.approval_step, r.approval_step_count
      from requests r join reason_types rt on rt.code = r.reason_type
     where (r.assignee_user_id = ${me} or ${mine(sql`r.assignee_role`)}) and r.status in (1, 6) and (r.status = 1 or r.is_explanation)
       and r.employee_id <> ${myEmployee} and ${after(sql`r.start_date`)}
    union all
    select 'FIXED_OT', o.id, s.employee_id, s.employee_id, o.title, o.ot_date, o.ot_date, ${windowHours}, 'HOURS', null, null, o.created_at, o.version, s.approval_step, s.approval_step_count
      from overtime_request_staff s join overtime_requests o on o.id = s.overtime_request_id
     where (s.approver_user_id = ${me} or ${mine(sql`s.approver_role`)}) and s.status = 1 and o.kind = 'FIXED' and s.employee_id <> ${myEmployee} and ${after(sql`o.ot_date`)}
    union all
    select 'FLEXIBLE_OT', o.id, null, s.employee_id, o.title, o.ot_date, o.ot_date, coalesce(s.total_time_confirm, ${windowHours}), 'HOURS', null,
           case when o.status = 0 then 'PM' else 'MANAGER' end, o.created_at, o.version,
           case when o.status = 3 then s.approval_step end, case when o.status = 3 then s.approval_step_count end
      from overtime_requests o join overtime_request_staff s on s.overtime_request_id = o.id
     where o.kind = 'FLEXIBLE'
       and ((o.assignee_user_id = ${me} and ((o.status = 0 and o.pm_user_id = ${me}) or (o.status = 3 and o.manager_user_id = ${me})))
            or (o.status = 3 and ${mine(sql`o.assignee_role`)}))
       and s.employee_id <> ${myEmployee} and ${after(sql`o.ot_date`)}
    union all
    select 'ONSITE', o.id, null, cu.employee_id, o.title, o.from_date, o.to_date, (o.to_date - o.from_date + 1)::numeric, 'DAYS', null,
           case when o.status_department = 1 then 'DEPARTMENT' else 'CB' end, o.created_at, o.version,
           case when o.status_department = 1 then o.approval_step end, case when o.status_department = 1 then o.approval_step_count end
      from onsite_requests o join users cu on cu.id = o.created_by_user_id
     where o.status = 1 and ((o.status_department = 1 and (o.approver_user_id = ${me} or ${mine(sql`o.approver_role`)})) ${cb})
       and cu.employee_id is not null and cu.employee_id <> ${myEmployee} and ${after(sql`o.from_date`)}`;
}

/** The waiting items, oldest first (by the date they are about, then when they were filed), with the full count. */
export async function waitingItems(db: DbOrTx, f: WaitingFilter, limit: number): Promise<WaitingRow[]> {
  return queryRows<WaitingRow>(
    db,
    sql`with w as (${waitingUnion(f)})
        select w.kind, w.id, w.employee_id, w.requester_id, e.name as requester_name, e.user_name as requester_user_name,
               ${departmentName(sql`d`)} as department_name, w.title, w.from_date::text, w.to_date::text, w.amount::text, w.unit, w.effect,
               w.stage, to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at, w.version,
               w.approval_step, w.approval_step_count,
               (count(*) over ())::int as total
          from w join employees e on e.id = w.requester_id left join departments d on d.id = e.department_id
         order by w.from_date, w.created_at, w.kind, w.id, w.employee_id
         limit ${limit}`,
  );
}

export async function waitingCount(db: DbOrTx, f: WaitingFilter): Promise<number> {
  const [row] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${waitingUnion(f)}) w`);
  return row?.total ?? 0;
}

export type OverdueWaitingRow = {
  user_id: number;
  company_id: number | null;
  count: number;
  oldest_created_at: string;
  oldest_title: string;
  oldest_requester: string;
};

/**
 * Issue 30 §4 approver digest: for every enabled user at once, what waits for them (the same union as their own My
 * Work list, with each user's roles, C&B right and lock date) filed on or before `filedBy` in company time — one
 * statement, a lateral union per user. `filedBy` maps a company id to its last overdue filing day (users without an
 * employee use the key `null` entry's day, given as company 0). `lockDateOf(employee)` is the payroll-period core's
 * lock date of that employee's company.
 */
export async function overdueWaitingByUser(
  db: DbOrTx,
  o: { filedBy: { companyId: number; day: string }[]; timeZone: string; cbRoles: readonly string[]; lockDateOf: (employeeId: SQL) => SQL },
): Promise<OverdueWaitingRow[]> {
  if (o.filedBy.length === 0) return [];
  const cutoffs = sql.join(o.filedBy.map((c) => sql`(${c.companyId}::int, ${c.day}::date)`), sql`, `);
  const union = waitingUnionOf({
    me: sql`a.user_id`,
    myEmployee: sql`coalesce(a.employee_id, -1)`,
    after: (column: SQL) => sql`(a.lock_date is null or ${column} > a.lock_date)`,
    mine: (role: SQL) => sql`${role} = any(a.roles)`,
    cb: sql`or (a.cb_decider and o.status_department = 3 and o.status_cb = 1 and o.created_by_user_id is distinct from a.user_id)`,
  });
  return queryRows<OverdueWaitingRow>(
    db,
    sql`with cut(company_id, day) as (values ${cutoffs}),
        a as (
          select u.id as user_id, u.employee_id, ue.company_id,
                 coalesce((select array_agg(ur.role::text) from user_roles ur where ur.user_id = u.id), '{}'::text[]) as roles,
                 exists (select 1 from user_roles ur where ur.user_id = u.id and ur.role::text = any(${textArray(o.cbRoles)})) as cb_decider,
                 ${o.lockDateOf(sql`u.employee_id`)} as lock_date,
                 cut.day as filed_by
            from users u
            left join employees ue on ue.id = u.employee_id
            join cut on cut.company_id = coalesce(ue.company_id, 0)
           where not u.disabled),
        w as (
          select a.user_id, a.company_id, x.title, x.created_at, x.requester_id,
                 row_number() over (partition by a.user_id order by x.created_at, x.id) as rank,
                 count(*) over (partition by a.user_id)::int as n
            from a cross join lateral (${union}) x
           where (x.created_at at time zone ${o.timeZone})::date <= a.filed_by)
        select w.user_id, w.company_id, w.n as count,
               to_char(w.created_at at time zone ${o.timeZone}, 'YYYY-MM-DD') as oldest_created_at,
               w.title as oldest_title, e.name as oldest_requester
          from w join employees e on e.id = w.requester_id
         where w.rank = 1
         order by w.user_id`,
  );
}

export type PunchRow = { at: string };

/** The employee's punches on `date` (company calendar day in `timeZone`), 'HH:mm' in order. */
export async function punchesOn(db: DbOrTx, employeeId: number, date: string, timeZone: string): Promise<PunchRow[]> {
  return queryRows<PunchRow>(
    db,
    sql`select to_char(p.punched_at at time zone ${timeZone}, 'HH24:MI') as at
          from punches p
         where p.employee_id = ${employeeId}
           and p.punched_at >= (${date}::date)::timestamp at time zone ${timeZone}
           and p.punched_at < (${date}::date + 1)::timestamp at time zone ${timeZone}
         order by p.punched_at`,
  );
}

export type MyRequestRow = { id: number; is_explanation: boolean; title: string; from_date: string; to_date: string; status: number; created_at: string };

/**
 * The employee's own requests and explanations about days from `since` on (ending on or after it: the last 30 days and
 * everything ahead, so approved future leave stays in sight), newest filed first; onsite credits are the onsite
 * request's. By the request's dates, not its filing time: the dates are the business calendar's, the filing time the
 * database's.
 */
export async function recentRequests(db: DbOrTx, employeeId: number, since: string): Promise<MyRequestRow[]> {
  return queryRows<MyRequestRow>(
    db,
    sql`select r.id, r.is_explanation, coalesce(nullif(r.title, ''), ${reasonTypeName(sql`rt`)}) as title, r.start_date::text as from_date,
               r.end_date::text as to_date, r.status, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
          from requests r join reason_types rt on rt.code = r.reason_type
         where r.employee_id = ${employeeId} and r.request_type <> 'ONSITE'
           and r.end_date >= ${since}::date
         order by r.created_at desc, r.id desc
         limit 200`,
  );
}

export type OpenCaseRow = { id: number; date: string; reason: string; minute_violation: number };

/** The employee's unexplained abnormal cases after the lock date, oldest first. */
export async function unexplainedCases(db: DbOrTx, employeeId: number, lockDate: string | null): Promise<OpenCaseRow[]> {
  return queryRows<OpenCaseRow>(
    db,
    sql`select c.id, c.abnormal_date::text as date, c.reason, c.minute_violation
          from abnormal_cases c
         where c.employee_id = ${employeeId} and c.status = 0 ${lockDate === null ? sql`` : sql`and c.abnormal_date > ${lockDate}::date`}
         order by c.abnormal_date, c.id`,
  );
}

export type PeriodCountsRow = { department_name: string | null; pending: number; unexplained: number };

/**
 * HR's period figures inside the caller's data scope (RULES.md §3): unexplained cases of the period's dates, and the
 * pending requests (not explanations) whose first date is in the period and after the lock date, per department.
 * One statement; the row with a null department name and `unexplained` carries the case count.
 */
export async function periodCounts(
  db: DbOrTx,
  user: SessionUser,
  period: { from: string; to: string },
  lockDate: string | null,
): Promise<{ unexplained: number; byDepartment: { department_name: string | null; pending: number }[] }> {
  const after = lockDate === null ? sql`true` : sql`r.start_date > ${lockDate}::date`;
  const rows = await queryRows<{ department_name: string | null; pending: number; unexplained: number | null }>(
    db,
    sql`with cases as (
          select count(*)::int as n from abnormal_cases c
           where c.status = 0 and c.abnormal_date between ${period.from}::date and ${period.to}::date and ${employeeScope(user, sql`c.employee_id`)}),
        pending as (
          select e.department_id, count(*)::int as n
            from requests r join employees e on e.id = r.employee_id
           where r.status = 1 and not r.is_explanation and r.start_date between ${period.from}::date and ${period.to}::date and ${after}
             and ${employeeScope(user, sql`r.employee_id`)}
           group by e.department_id)
        select null as department_name, 0 as pending, (select n from cases) as unexplained
        union all
        select ${departmentName(sql`d`)}, p.n, null from pending p left join departments d on d.id = p.department_id
        order by 3 nulls last, 2 desc, 1`,
  );
  const [head, ...rest] = rows;
  return { unexplained: head?.unexplained ?? 0, byDepartment: rest.map((r) => ({ department_name: r.department_name, pending: r.pending })) };
}
