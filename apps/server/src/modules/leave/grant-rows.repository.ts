import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { isoInstant } from '../../db/sql-fragments.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { ledgerTotalsJoin } from './leave.repository.ts';
import type { LeaveFundType as FundType } from '../../db/schema/leave.ts';
import { departmentName } from '../../lib/localized-name.ts';

/**
 * The SQL of the grant tabs (Bonus Leave, Leave Carryover): the rows of one fund type of leave_fund_rows with their
 * staff, creator/modifier and ledger totals (RULES.md §7). Read-only: rows and ledger entries are written by the
 * leave core's service (leave.service.ts).
 */
export const GRANT_ROWS_TABLE = 'leave_fund_rows';

/** The rows `f` the user may see (RULES.md §3: GL their departments, DL their division, HR/HRM/Admin everyone). */
export const grantRowScope = (user: SessionUser): SQL => employeeScope(user, sql`f.employee_id`);

export type GrantRowFilter = DateRangeFilter & {
  employeeIds?: number[];
  divisionIds?: number[];
  departmentIds?: number[];
};

/** `column in (…ids)`; callers pass a non-empty list. */
export const idIn = (column: SQL, ids: readonly number[]) => sql`${column} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;

/** Apply and expire date bounds (YYYY-MM-DD, inclusive) of a leave list filter. */
export type DateRangeFilter = { applyFrom?: string; applyTo?: string; expireFrom?: string; expireTo?: string };

/** The conditions of the apply and expire date bounds that are set, on the given columns. */
export function dateRangeConditions(filter: DateRangeFilter, columns: { apply: SQL; expire: SQL }): SQL[] {
  const parts: SQL[] = [];
  if (filter.applyFrom) parts.push(sql`${columns.apply} >= ${filter.applyFrom}`);
  if (filter.applyTo) parts.push(sql`${columns.apply} <= ${filter.applyTo}`);
  if (filter.expireFrom) parts.push(sql`${columns.expire} >= ${filter.expireFrom}`);
  if (filter.expireTo) parts.push(sql`${columns.expire} <= ${filter.expireTo}`);
  return parts;
}

/** Who created and last changed the record `t` (`created_by`/`modified_by` users), with their departments and the ISO instants. */
export const auditColumns = (t: SQL) => sql`coalesce(ce.name, cu.username) as created_by_name, ${departmentName(sql`cd`)} as created_by_department,
           coalesce(me.name, mu.username) as modified_by_name, ${departmentName(sql`md`)} as modified_by_department,
           ${isoInstant(sql`${t}.created_at`)} as created_at, ${isoInstant(sql`${t}.modified_at`)} as modified_at`;
/** The joins `auditColumns` reads. */
export const auditJoins = (t: SQL) => sql`left join users cu on cu.id = ${t}.created_by
      left join employees ce on ce.id = cu.employee_id
      left join departments cd on cd.id = ce.department_id
      left join users mu on mu.id = ${t}.modified_by
      left join employees me on me.id = mu.employee_id
      left join departments md on md.id = me.department_id`;

/** What `auditColumns` reads. */
export type AuditColumns = {
  created_by_name: string | null;
  created_by_department: string | null;
  modified_by_name: string | null;
  modified_by_department: string | null;
  created_at: string;
  modified_at: string;
};

/** Granted and used hours of the row `f`, as `t.granted`, `t.used` (numerics as text, exact). */
const ledgerTotals = ledgerTotalsJoin(sql`f.id`, 't');
/** The terms of the row `f` with its ledger totals: what both the list and the single row answer. */
const termColumns = sql`f.financial_year, f.amount::text as amount, t.granted, t.used, f.description,
           f.apply_date::text as apply_date, f.expire_date::text as expire_date, f.version`;

/** Sort allow-list → SQL (ARCHITECTURE.md convention 5); the date, amount and created columns are served by the (fund_type, column) indexes. */
const SORT_COLUMNS = {
  createdDate: sql`f.created_at`,
  applyDate: sql`f.apply_date`,
  expireDate: sql`f.expire_date`,
  amount: sql`f.amount`,
  financialYear: sql`f.financial_year`,
  name: sql`e.name`,
} as const satisfies Record<string, SQL>;
export type GrantRowSort = keyof typeof SORT_COLUMNS;

/** The employees join is only needed to filter by division or department, or to sort by name. */
const needsEmployee = (filter: GrantRowFilter, sort?: GrantRowSort) =>
  Boolean(filter.divisionIds?.length || filter.departmentIds?.length || sort === 'name');
const employeeJoin = (needed: boolean) => (needed ? sql`join employees e on e.id = f.employee_id` : sql``);

function listConditions(fundType: FundType, filter: GrantRowFilter, scope: SQL): SQL {
  const parts: SQL[] = [sql`f.fund_type = ${fundType}`, sql`f.deleted_at is null`, scope];
  if (filter.employeeIds?.length) parts.push(idIn(sql`f.employee_id`, filter.employeeIds));
  if (filter.divisionIds?.length) parts.push(idIn(sql`e.division_id`, filter.divisionIds));
  if (filter.departmentIds?.length) parts.push(idIn(sql`e.department_id`, filter.departmentIds));
  parts.push(...dateRangeConditions(filter, { apply: sql`f.apply_date`, expire: sql`f.expire_date` }));
  return sql.join(parts, sql` and `);
}

/** What `termColumns` reads, with the row's id and staff. */
type GrantTerms = {
  id: number;
  employee_id: number;
  user_name: string;
  financial_year: number | null;
  amount: string;
  granted: string;
  used: string;
  description: string | null;
  apply_date: string;
  expire_date: string;
  version: number;
};

export type GrantListRow = GrantTerms &
  AuditColumns & {
    name: string;
    /** The staff's roles, comma-separated; null without a user. */
    role: string | null;
    department_name: string;
    division_name: string;
  };

export type GrantListOptions = {
  fundType: FundType;
  filter: GrantRowFilter;
  scope: SQL;
  sort: GrantRowSort;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/**
 * One page in one statement: the page's ids are chosen first (filter, scope, sort, limit on indexed columns), then
 * only those rows get their names, roles and ledger totals.
 */
export async function listGrantRows(db: DbOrTx, opts: GrantListOptions): Promise<GrantListRow[]> {
  const dir = opts.direction === 'asc' ? sql`asc` : sql`desc`;
  const order = sql`${SORT_COLUMNS[opts.sort]} ${dir}, f.id ${dir}`;
  return queryRows<GrantListRow>(
    db,
    sql`
    with page as (
      select f.id
        from leave_fund_rows f
        ${employeeJoin(needsEmployee(opts.filter, opts.sort))}
       where ${listConditions(opts.fundType, opts.filter, opts.scope)}
       order by ${order}
       limit ${opts.limit} offset ${opts.offset}
    )
    select f.id, f.employee_id, e.name, e.user_name,
           (select string_agg(r.role, ', ' order by r.role)
              from users u join user_roles r on r.user_id = u.id
             where u.employee_id = e.id) as role,
           ${departmentName(sql`dep`)} as department_name, ${departmentName(sql`div`)} as division_name,
           ${termColumns}, ${auditColumns(sql`f`)}
      from page p
      join leave_fund_rows f on f.id = p.id
      join employees e on e.id = f.employee_id
      join departments dep on dep.id = e.department_id
      join departments div on div.id = e.division_id
      ${ledgerTotals}
      ${auditJoins(sql`f`)}
     order by ${order}`,
  );
}

export async function countGrantRows(db: DbOrTx, opts: { fundType: FundType; filter: GrantRowFilter; scope: SQL }): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total
          from leave_fund_rows f
          ${employeeJoin(needsEmployee(opts.filter))}
         where ${listConditions(opts.fundType, opts.filter, opts.scope)}`,
  );
  return Number(row?.total ?? 0);
}

export type GrantRecord = GrantTerms & { deleted: boolean };

/**
 * One row of the fund type within the caller's scope, or undefined. `forUpdate` locks the row until the transaction
 * ends, so an edit or removal and a concurrent leave approval drawing on it (which locks it too) run one after the other.
 */
export async function findGrantRow(
  db: DbOrTx,
  id: number,
  opts: { fundType: FundType; scope: SQL; includeDeleted?: boolean; forUpdate?: boolean },
): Promise<GrantRecord | undefined> {
  const [row] = await queryRows<GrantRecord>(
    db,
    sql`select f.id, f.employee_id, e.user_name, ${termColumns}, f.deleted_at is not null as deleted
          from leave_fund_rows f
          join employees e on e.id = f.employee_id
          ${ledgerTotals}
         where f.id = ${id} and f.fund_type = ${opts.fundType} and ${opts.scope}
           ${opts.includeDeleted ? sql`` : sql`and f.deleted_at is null`}
           ${opts.forUpdate ? sql`for update of f` : sql``}`,
  );
  return row;
}

export type StaffRef = { id: number; userName: string; name: string };

/** user_name (lower-cased) → employee, for the names given: the staff a grant form or import names. */
export async function findEmployeesByUsernames(db: DbOrTx, usernames: readonly string[]): Promise<Map<string, StaffRef>> {
  const lowered = [...new Set(usernames.map((u) => u.toLowerCase()))];
  if (lowered.length === 0) return new Map();
  const rows = await queryRows<{ id: number; user_name: string; name: string }>(
    db,
    sql`select id, user_name, name from employees where lower(user_name) in (${sql.join(lowered.map((u) => sql`${u}`), sql`, `)})`,
  );
  return new Map(rows.map((r) => [r.user_name.toLowerCase(), { id: r.id, userName: r.user_name, name: r.name }]));
}
