import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { employeeNameContains, foldedContains, isoInstant } from '../../db/sql-fragments.ts';
import { employeeScope, type ScopeUser } from '../../lib/scope.ts';
import { moverLeadScopeSql } from '../auth/reassign.repository.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { departmentName, reasonTypeName } from '../../lib/localized-name.ts';

/** All SQL of Explanation Management (spec 001 §2.6, §3 Explanation, §4.4, §7.5): explanation requests. */

export type ExplanationRow = {
  id: number;
  abnormal_id: number | null;
  title: string | null;
  employee_id: number;
  employee_name: string;
  employee_code: string | null;
  department_name: string | null;
  assignee_user_id: number | null;
  /** A ROLE step of an approval flow: anyone of this role decides. */
  assignee_role: string | null;
  assignee_user_name: string | null;
  assignee_name: string | null;
  original_assignee_user_id: number | null;
  original_user_name: string | null;
  original_name: string | null;
  created_by_user_id: number | null;
  created_by_user_name: string | null;
  created_by_name: string | null;
  approved_by_user_id: number | null;
  approved_by_user_name: string | null;
  approved_by_name: string | null;
  abnormal_date: string;
  created_date: string;
  modify_date: string;
  reason_type: string;
  reason_type_name: string | null;
  reason_detail: string | null;
  absent_type: string | null;
  actual: string | null;
  description: string | null;
  reasons_for_rejection: string | null;
  /** The abnormal case's type and whether it is hour-based (which actual choices fit it). */
  case_reason: string | null;
  is_flexible: boolean;
  status: number;
  status_before_delegation: number | null;
  version: number;
  approval_step: number | null;
  approval_step_count: number | null;
  total?: number;
  /** The list only: the owner is in the caller's lead scope (the reassignment rule's fact). */
  in_lead_scope?: boolean;
};

const select = () => sql`
  select r.id, r.abnormal_case_id as abnormal_id, r.title, r.employee_id, e.name as employee_name, e.sf4c_id as employee_code,
         ${departmentName(sql`d`)} as department_name,
         r.assignee_user_id, r.assignee_role, au.username as assignee_user_name, coalesce(ae.name, au.username) as assignee_name,
         r.original_assignee_user_id, ou.username as original_user_name, coalesce(oe.name, ou.username) as original_name,
         r.created_by_user_id, cu.username as created_by_user_name, coalesce(ce.name, cu.username) as created_by_name,
         r.approved_by_user_id, pu.username as approved_by_user_name, coalesce(pe.name, pu.username) as approved_by_name,
         r.start_date::text as abnormal_date, ${isoInstant(sql`r.created_at`)} as created_date, ${isoInstant(sql`r.updated_at`)} as modify_date,
         r.reason_type, ${reasonTypeName(sql`rt`)} as reason_type_name, r.reason_detail, r.absent_type, r.actual, r.description,
         r.reasons_for_rejection, ac.reason as case_reason, r.is_flexible, r.status, r.status_before_delegation, r.version,
         r.approval_step, r.approval_step_count
    from requests r
    join employees e on e.id = r.employee_id
    left join abnormal_cases ac on ac.id = r.abnormal_case_id
    left join departments d on d.id = e.department_id
    left join reason_types rt on rt.code = r.reason_type
    left join users au on au.id = r.assignee_user_id left join employees ae on ae.id = au.employee_id
    left join users ou on ou.id = r.original_assignee_user_id left join employees oe on oe.id = ou.employee_id
    left join users cu on cu.id = r.created_by_user_id left join employees ce on ce.id = cu.employee_id
    left join users pu on pu.id = r.approved_by_user_id left join employees pe on pe.id = pu.employee_id`;

/** RULES.md §3 scope on an explanation (alias r) or assigned to the caller; ALL for ADMIN and HR (spec 001 §6). */
export const requestScope = (user: SessionUser): SQL => sql`(${employeeScope(user, sql`r.employee_id`)} or r.assignee_user_id = ${user.userId})`;
export const ALL_EXPLANATIONS: SQL = sql`true`;

export type ExplanationFilter = {
  /** Scope: RULES.md §3 condition on r.employee_id, or-ed with "assigned to the caller" by the service. */
  scope: SQL;
  employee?: string;
  departments?: number[];
  statuses?: number[];
  from?: string;
  to?: string;
  id?: number;
};

/** Sort columns of the wrapped row (ISO instants sort as text). */
const SORT: Record<string, SQL> = {
  created_date: sql`x.created_date`,
  abnormal_date: sql`x.abnormal_date`,
  title: sql`x.title`,
  status: sql`x.status`,
  modify_date: sql`x.modify_date`,
};

function where(f: ExplanationFilter): SQL {
  const parts: SQL[] = [sql`r.is_explanation`, f.scope];
  if (f.employee) parts.push(employeeNameContains(f.employee));
  if (f.departments?.length) parts.push(sql`e.department_id = any(${`{${f.departments.join(',')}}`}::int[])`);
  if (f.statuses?.length) parts.push(sql`r.status = any(${`{${f.statuses.join(',')}}`}::int[])`);
  if (f.from) parts.push(sql`r.start_date >= ${f.from}::date`);
  if (f.to) parts.push(sql`r.start_date <= ${f.to}::date`);
  if (f.id) parts.push(sql`r.id = ${f.id}`);
  return sql.join(parts, sql` and `);
}

/** One page of explanations with the total, one statement. */
export async function listExplanations(
  db: DbOrTx,
  f: ExplanationFilter,
  page: { page: number; size: number; fieldToSort: string; direction: 1 | -1 },
  /** The caller: each row answers whether its owner is in their lead scope (the reassignment rule's fact). */
  caller?: ScopeUser,
): Promise<ExplanationRow[]> {
  const leadScope = caller ? moverLeadScopeSql(caller, sql`x.employee_id`) : sql`false`;
  const col = SORT[page.fieldToSort] ?? SORT.created_date!;
  const dir = page.direction === 1 ? sql`asc` : sql`desc`;
  return queryRows<ExplanationRow>(
    db,
    sql`select x.*, ${leadScope} as in_lead_scope, count(*) over()::int as total from (${select()} where ${where(f)}) x
        order by ${col} ${dir} nulls last, x.id ${dir}
        limit ${page.size} offset ${(page.page - 1) * page.size}`,
  );
}

/** One explanation by request id within a scope; with `forUpdate` the request row is locked first. */
export async function findExplanation(tx: DbOrTx, id: number, scope: SQL, opts: { forUpdate?: boolean } = {}): Promise<ExplanationRow | undefined> {
  if (opts.forUpdate) await queryRows(tx, sql`select id from requests where id = ${id} for update`);
  const [row] = await queryRows<ExplanationRow>(tx, sql`${select()} where r.is_explanation and r.id = ${id} and ${scope}`);
  return row;
}

/** The latest explanation request of a case. */
export async function explanationIdOfCase(tx: DbOrTx, caseId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(tx, sql`select id from requests where abnormal_case_id = ${caseId} and is_explanation order by id desc limit 1`);
  return row?.id;
}

/**
 * Hand-over (spec 001 §4.4): the new assignee; to someone else than the original → 6 (the status before kept), back
 * to the original → the status before. Conditional on the status (1 or 6) and, when given, the version.
 */
export async function changeAssignee(tx: DbOrTx, id: number, assigneeUserId: number, version: number | null): Promise<{ id: number; status: number; version: number } | undefined> {
  const [row] = await queryRows<{ id: number; status: number; version: number }>(
    tx,
    sql`update requests set
               status = case when ${assigneeUserId} = original_assignee_user_id then coalesce(status_before_delegation, 1) else 6 end,
               status_before_delegation = case when ${assigneeUserId} = original_assignee_user_id then null
                                               when status = 6 then status_before_delegation else status end,
               assignee_user_id = ${assigneeUserId}, updated_at = now(), version = version + 1
         where id = ${id} and is_explanation and status in (1, 6) and (${version}::int is null or version = ${version}::int)
         returning id, status, version`,
  );
  return row;
}

export type DelegateCandidate = { id: number; user_name: string; name: string; department_name: string | null; employee_id: number | null };

/** Users to hand an item to: active, not disabled, matching the text with or without diacritics (issue 7 §8). */
export async function searchDelegates(db: DbOrTx, text: string, limit = 20): Promise<DelegateCandidate[]> {
  return queryRows<DelegateCandidate>(
    db,
    sql`select u.id, u.username as user_name, coalesce(e.name, u.username) as name, ${departmentName(sql`d`)} as department_name, e.id as employee_id
          from users u
          left join employees e on e.id = u.employee_id
          left join departments d on d.id = e.department_id
         where not u.disabled and (e.id is null or e.employee_status = 'Active')
           and (${foldedContains(sql`u.username`, text)} or ${foldedContains(sql`coalesce(e.name, '')`, text)})
         order by coalesce(e.name, u.username), u.id
         limit ${limit}`,
  );
}

export type ExplanationFund = {
  absent_minutes: number | null;
  explanation_number: number | null;
  refund_hours: number | null;
  per_day: number | null;
  /** Uses the engine stored on the period's days (approved explanations). */
  used: number;
  /** Uses asked for by the period's live, not yet approved explanations (pending, delegated). */
  pending: number;
  /** used + pending on `date` itself. */
  day_used: number;
};

/**
 * THE explanation fund of an employee's date (RULES.md §4, spec 001 §3 Absent data): the staff policy in force, the
 * stored day's absent minutes and the uses in `range` (the date's payroll period): approved ones as stored by the
 * engine on timesheet_days, pending/delegated ones from request_dates.fund_uses. `exceptRequestId` leaves out the
 * explanation being edited. What is left: {@link fundLeft}.
 */
export async function explanationFund(
  db: DbOrTx,
  employeeId: number,
  date: string,
  range: { from: string; to: string },
  exceptRequestId: number | null = null,
): Promise<ExplanationFund> {
  const [row] = await queryRows<ExplanationFund>(
    db,
    sql`
    with pol as (select sp.explanation_number, sp.refund_hours_per_explanation::float8 as refund_hours, sp.explanation_time_per_days as per_day
                   from employee_policies sp
                  where sp.employee_id = ${employeeId} and ${date}::date between sp.apply_date and sp.expire_date
                  order by sp.apply_date desc, sp.id desc limit 1),
    stored as (select coalesce(sum(td.explanation_uses), 0)::int as period,
                      coalesce(sum(td.explanation_uses) filter (where td.date = ${date}::date), 0)::int as day
                 from timesheet_days td
                where td.employee_id = ${employeeId} and td.date between ${range.from}::date and ${range.to}::date),
    live as (select coalesce(sum(rd.fund_uses), 0)::int as period,
                    coalesce(sum(rd.fund_uses) filter (where rd.date = ${date}::date), 0)::int as day
               from request_dates rd join requests r on r.id = rd.request_id
              where rd.employee_id = ${employeeId} and rd.date between ${range.from}::date and ${range.to}::date
                and r.is_explanation and r.status in (1, 6) and rd.fund_uses is not null and r.id <> ${exceptRequestId ?? 0})
    select (select td.absent_minutes from timesheet_days td where td.employee_id = ${employeeId} and td.date = ${date}::date) as absent_minutes,
           (select explanation_number from pol) as explanation_number,
           (select refund_hours from pol) as refund_hours,
           (select per_day from pol) as per_day,
           stored.period as used, live.period as pending, (stored.day + live.day)::int as day_used
      from stored, live`,
  );
  return row ?? { absent_minutes: null, explanation_number: null, refund_hours: null, per_day: null, used: 0, pending: 0, day_used: 0 };
}

/** Uses left in the period: explanation_number − used − pending (never below 0). */
export const fundLeft = (f: ExplanationFund): number => Math.max(0, (f.explanation_number ?? 0) - f.used - f.pending);
