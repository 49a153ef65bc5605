import { sql, type SQL } from 'drizzle-orm';
import { hasAnyRole, PRIVILEGED_ROLES } from '@tms/contracts/roles';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { leaveFundRowFiles } from '../../db/schema/leave.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { ledgerTotalsJoin } from '../leave/leave.repository.ts';
import { idIn } from '../leave/grant-rows.repository.ts';
import { FUND_TYPE as FUND } from '../leave/leave.types.ts';
import { departmentName } from '../../lib/localized-name.ts';

/**
 * The SQL of the project leave screens: `project_leave` rows of leave_fund_rows (days) with their ledger totals from
 * the leave core (RULES.md §7) and their attachments (leave_fund_row_files → stored_files). Fund rows and ledger
 * entries are written by the leave core; this file writes only the attachment links.
 */
const FUND_TYPE = FUND.project;
export const PROJECT_LEAVE_TABLE = 'leave_fund_rows';


/**
 * The project leave rows `f` the user may see (RULES.md §3): HR, HRM, Admin all; everyone their own; a group or
 * division lead their people (employeeScope); a PM the rows of the projects they manage.
 */
export function rowScope(user: SessionUser): SQL {
  if (hasAnyRole(user.roles, PRIVILEGED_ROLES)) return sql`true`;
  const people = employeeScope(user, sql`f.employee_id`);
  if (!user.isPm) return people;
  const me = user.employeeId ?? -1;
  return sql`(${people} or f.project_id in (select pp.id from projects pp where pp.pm_employee_id = ${me}))`;
}

/** Employees `e` whose detail page the user may open: as above, a PM also the members of their projects. */
export const employeeOfScope = (user: SessionUser): SQL => employeeScope(user, sql`e.id`, { includeProjects: true });

/** Granted and used days of the row `f`, as `t.granted`, `t.used` (numerics as text, exact). */
const ledgerTotals = ledgerTotalsJoin(sql`f.id`, 't');

const liveRow = sql`f.fund_type = ${FUND_TYPE} and f.deleted_at is null`;

export type ProjectLeaveFilter = { employeeIds?: number[]; divisionIds?: number[]; departmentIds?: number[] };

function employeeConditions(filter: ProjectLeaveFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.employeeIds?.length) parts.push(idIn(sql`e.id`, filter.employeeIds));
  if (filter.divisionIds?.length) parts.push(idIn(sql`e.division_id`, filter.divisionIds));
  if (filter.departmentIds?.length) parts.push(idIn(sql`e.department_id`, filter.departmentIds));
  return sql.join(parts, sql` and `);
}

/** Employees holding at least one live project leave row the user may see. */
const hasVisibleRows = (scope: SQL) => sql`exists (select 1 from leave_fund_rows f where f.employee_id = e.id and ${liveRow} and ${scope})`;

export type SummaryRow = {
  employee_id: number;
  name: string;
  user_name: string;
  division: string;
  department: string;
  granted: string;
  used: string;
  expired: string;
  remaining: string;
};

/**
 * Per employee over the rows `f` in scope: Σ granted, Σ used, Σ (granted − used) of rows expired before `today`
 * and of rows not expired (the per-row figures of `fundRowBalance`, summed exactly in numeric).
 */
const totalsColumns = (today: string) => sql`
  coalesce(sum(t.granted::numeric), 0)::text as granted,
  coalesce(sum(t.used::numeric), 0)::text as used,
  coalesce(sum(case when f.expire_date < ${today} then t.granted::numeric - t.used::numeric else 0 end), 0)::text as expired,
  coalesce(sum(case when f.expire_date >= ${today} then t.granted::numeric - t.used::numeric else 0 end), 0)::text as remaining`;

/**
 * One page of employees with totals in one statement: the page's employees are chosen first (filters, scope, name
 * order, limit), then only their rows get ledger totals.
 */
export async function listPage(
  db: DbOrTx,
  opts: { filter: ProjectLeaveFilter; scope: SQL; today: string; limit: number; offset: number },
): Promise<SummaryRow[]> {
  return queryRows<SummaryRow>(
    db,
    sql`
    with page as (
      select e.id, e.name
        from employees e
       where ${employeeConditions(opts.filter)} and ${hasVisibleRows(opts.scope)}
       order by e.name, e.id
       limit ${opts.limit} offset ${opts.offset}
    )
    select e.id as employee_id, e.name, e.user_name, ${departmentName(sql`div`)} as division, ${departmentName(sql`dep`)} as department, ${totalsColumns(opts.today)}
      from page p
      join employees e on e.id = p.id
      join departments dep on dep.id = e.department_id
      join departments div on div.id = e.division_id
      join leave_fund_rows f on f.employee_id = e.id and ${liveRow} and ${opts.scope}
      ${ledgerTotals}
     group by e.id, e.name, e.user_name, div.id, dep.id
     order by e.name, e.id`,
  );
}

export async function countEmployees(db: DbOrTx, opts: { filter: ProjectLeaveFilter; scope: SQL }): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from employees e where ${employeeConditions(opts.filter)} and ${hasVisibleRows(opts.scope)}`,
  );
  return Number(row?.total ?? 0);
}

/** The header of the detail page: the employee (if in the user's scope) and the totals of the rows they may see. */
export async function findEmployeeSummary(
  db: DbOrTx,
  employeeId: number,
  opts: { employeeScope: SQL; rowScope: SQL; today: string },
): Promise<SummaryRow | undefined> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`
    select e.id as employee_id, e.name, e.user_name, ${departmentName(sql`div`)} as division, ${departmentName(sql`dep`)} as department, ${totalsColumns(opts.today)}
      from employees e
      join departments dep on dep.id = e.department_id
      join departments div on div.id = e.division_id
      left join leave_fund_rows f on f.employee_id = e.id and ${liveRow} and ${opts.rowScope}
      ${ledgerTotals}
     where e.id = ${employeeId} and ${opts.employeeScope}
     group by e.id, e.name, e.user_name, div.id, dep.id`,
  );
  return row;
}

export type StoredFileRef = { id: number; fileName: string; folder: string; storedName: string };

export type ProjectLeaveRecord = {
  id: number;
  employee_id: number;
  name: string;
  user_name: string;
  project_id: number;
  project_code: string;
  project_name: string;
  amount: string;
  description: string | null;
  granted: string;
  used: string;
  apply_date: string;
  expire_date: string;
  version: number;
  deleted: boolean;
  files: StoredFileRef[];
};

const recordColumns = sql`
  f.id, f.employee_id, e.name, e.user_name, f.project_id, p.project_code, p.project_name,
  f.amount::text as amount, f.description, t.granted, t.used, f.apply_date::text as apply_date, f.expire_date::text as expire_date,
  f.version, f.deleted_at is not null as deleted,
  coalesce((select json_agg(json_build_object('id', s.id, 'fileName', s.original_name, 'folder', s.folder, 'storedName', s.stored_name)
                            order by lf.created_at, s.id)
              from leave_fund_row_files lf join stored_files s on s.id = lf.stored_file_id
             where lf.fund_row_id = f.id), '[]'::json) as files`;

const recordFrom = sql`
  from leave_fund_rows f
  join employees e on e.id = f.employee_id
  join projects p on p.id = f.project_id
  ${ledgerTotals}`;

/** The employee's live rows in scope, latest apply date first. */
export async function rowsOfEmployee(db: DbOrTx, employeeId: number, scope: SQL): Promise<ProjectLeaveRecord[]> {
  return queryRows<ProjectLeaveRecord>(
    db,
    sql`select ${recordColumns} ${recordFrom}
         where f.employee_id = ${employeeId} and ${liveRow} and ${scope}
         order by f.apply_date desc, f.id desc`,
  );
}

/**
 * One project leave row within the caller's scope, or undefined. `forUpdate` locks the row until the transaction
 * ends, so an edit or removal and a concurrent leave use drawing on it (which locks it too) run one after the other.
 */
export async function findById(
  db: DbOrTx,
  id: number,
  opts: { scope: SQL; includeDeleted?: boolean; forUpdate?: boolean },
): Promise<ProjectLeaveRecord | undefined> {
  const [row] = await queryRows<ProjectLeaveRecord>(
    db,
    sql`select ${recordColumns} ${recordFrom}
         where f.id = ${id} and f.fund_type = ${FUND_TYPE} and ${opts.scope}
           ${opts.includeDeleted ? sql`` : sql`and f.deleted_at is null`}
           ${opts.forUpdate ? sql`for update of f` : sql``}`,
  );
  return row;
}

export type ProjectRef = { id: number; code: string; name: string };

export async function findProjectById(db: DbOrTx, id: number): Promise<ProjectRef | undefined> {
  const [row] = await queryRows<ProjectRef>(db, sql`select id, project_code as code, project_name as name from projects where id = ${id}`);
  return row;
}

/** project_code (lower-cased) → project, for the codes given. */
export async function findProjectsByCodes(db: DbOrTx, codes: readonly string[]): Promise<Map<string, ProjectRef>> {
  const lowered = [...new Set(codes.map((c) => c.toLowerCase()))];
  if (lowered.length === 0) return new Map();
  const rows = await queryRows<ProjectRef>(
    db,
    sql`select id, project_code as code, project_name as name from projects
         where lower(project_code) in (${sql.join(lowered.map((c) => sql`${c}`), sql`, `)})`,
  );
  return new Map(rows.map((r) => [r.code.toLowerCase(), r]));
}

/** The staff a form or import names: the leave core's lookup. */
export { findEmployeesByUsernames, type StaffRef as EmployeeRef } from '../leave/grant-rows.repository.ts';

/** The pairs (project, employee) among those given where the employee is a member of the project, as `p:e` keys. */
export async function memberPairs(db: DbOrTx, pairs: readonly { projectId: number; employeeId: number }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const values = sql.join(
    pairs.map((p) => sql`(${p.projectId}::int, ${p.employeeId}::int)`),
    sql`, `,
  );
  const rows = await queryRows<{ project_id: number; employee_id: number }>(
    db,
    sql`select m.project_id, m.employee_id
          from project_members m
          join (values ${values}) as v(project_id, employee_id) on v.project_id = m.project_id and v.employee_id = m.employee_id`,
  );
  return new Set(rows.map((r) => `${r.project_id}:${r.employee_id}`));
}

/** Links stored files to fund rows (one upload granted to several staff is stored once and linked to each row). */
export async function linkFiles(tx: DbOrTx, links: readonly { fundRowId: number; storedFileId: number }[]): Promise<void> {
  if (links.length === 0) return;
  await tx.insert(leaveFundRowFiles).values(links.map((l) => ({ fundRowId: l.fundRowId, storedFileId: l.storedFileId })));
}

/** Drops links of a row; the files stay for the row's history. */
export async function unlinkFiles(tx: DbOrTx, fundRowId: number, storedFileIds: readonly number[]): Promise<void> {
  if (storedFileIds.length === 0) return;
  await tx.execute(sql`delete from leave_fund_row_files where fund_row_id = ${fundRowId} and ${idIn(sql`stored_file_id`, storedFileIds)}`);
}

export type DownloadFile = { originalName: string; contentType: string; content: Buffer | Uint8Array };

/**
 * A project leave attachment by stored file id or by `folder/storedName`, only when it is linked to a live row the
 * user may see (RULES.md §3: outside the scope is 404 for attachment downloads too).
 */
export async function findDownload(db: DbOrTx, ref: { id?: number; folder?: string; storedName?: string }, scope: SQL): Promise<DownloadFile | undefined> {
  const which = ref.id !== undefined ? sql`s.id = ${ref.id}` : sql`s.folder = ${ref.folder ?? ''} and s.stored_name = ${ref.storedName ?? ''}`;
  const [row] = await queryRows<{ original_name: string; content_type: string; content: Buffer | Uint8Array }>(
    db,
    sql`select s.original_name, s.content_type, s.content
          from stored_files s
         where ${which}
           and exists (select 1 from leave_fund_row_files lf join leave_fund_rows f on f.id = lf.fund_row_id
                        where lf.stored_file_id = s.id and ${liveRow} and ${scope})`,
  );
  return row ? { originalName: row.original_name, contentType: row.content_type, content: row.content } : undefined;
}
