import { sql, type SQL } from 'drizzle-orm';
import type { BonusLeaveSort } from '@tms/contracts/bonus-leave';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { isoInstant } from '../../db/sql-fragments.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { ledgerTotalsJoin } from '../leave/leave.repository.ts';
import { FUND_TYPE as FUND } from '../leave/leave.types.ts';

/**
 * The SQL of the bonus leave screens: `prioritize_leave` rows of leave_fund_rows with their ledger totals from the
 * leave core (RULES.md §7); rows and ledger entries are written by the leave core (modules/leave).
 */
const FUND_TYPE = FUND.prioritize;
export const BONUS_LEAVE_TABLE = 'leave_fund_rows';

/** The rows `f` the user may see (RULES.md §3). */
export const scopeOf = (user: SessionUser): SQL => employeeScope(user, sql`f.employee_id`);

export type BonusLeaveFilter = {
  employeeIds?: number[];
  divisionIds?: number[];
  departmentIds?: number[];
  /** YYYY-MM-DD bounds, inclusive. */
  applyFrom?: string;
  applyTo?: string;
  expireFrom?: string;
  expireTo?: string;
};

/** Granted and used hours of the row `f`, as `t.granted`, `t.used` (numerics as text, exact). */
const ledgerTotals = ledgerTotalsJoin(sql`f.id`, 't');

/** Sort allow-list → SQL (ARCHITECTURE.md convention 5); each is served by an index on (fund_type, column). */
const SORT_COLUMNS: Record<BonusLeaveSort, SQL> = {
  createdDate: sql`f.created_at`,
  applyDate: sql`f.apply_date`,
  expireDate: sql`f.expire_date`,
  leaveHour: sql`f.amount`,
  name: sql`e.name`,
};

/** The employees join is only needed to filter by division or department, or to sort by name. */
const needsEmployee = (filter: BonusLeaveFilter, sort?: BonusLeaveSort) =>
  Boolean(filter.divisionIds?.length || filter.departmentIds?.length || sort === 'name');
const employeeJoin = (needed: boolean) => (needed ? sql`join employees e on e.id = f.employee_id` : sql``);

const idIn = (column: SQL, ids: number[]) => sql`${column} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;

function listConditions(filter: BonusLeaveFilter, scope: SQL): SQL {
  const parts: SQL[] = [sql`f.fund_type = ${FUND_TYPE}`, sql`f.deleted_at is null`, scope];
  if (filter.employeeIds?.length) parts.push(idIn(sql`f.employee_id`, filter.employeeIds));
  if (filter.divisionIds?.length) parts.push(idIn(sql`e.division_id`, filter.divisionIds));
  if (filter.departmentIds?.length) parts.push(idIn(sql`e.department_id`, filter.departmentIds));
  if (filter.applyFrom) parts.push(sql`f.apply_date >= ${filter.applyFrom}`);
  if (filter.applyTo) parts.push(sql`f.apply_date <= ${filter.applyTo}`);
  if (filter.expireFrom) parts.push(sql`f.expire_date >= ${filter.expireFrom}`);
  if (filter.expireTo) parts.push(sql`f.expire_date <= ${filter.expireTo}`);
  return sql.join(parts, sql` and `);
}

export type BonusLeaveListRow = {
  id: number;
  employee_id: number;
  name: string;
  user_name: string;
  role: string | null;
  department_name: string;
  division_name: string;
  amount: string;
  granted: string;
  used: string;
  description: string | null;
  apply_date: string;
  expire_date: string;
  created_by_name: string | null;
  created_by_department: string | null;
  modified_by_name: string | null;
  modified_by_department: string | null;
  created_at: string;
  modified_at: string;
  version: number;
};

/**
 * One page in one statement: the page's ids are chosen first (filter, scope, sort, limit on indexed columns), then
 * only those rows get their names, roles and ledger totals.
 */
export async function listPage(
  db: DbOrTx,
  opts: { filter: BonusLeaveFilter; scope: SQL; sort: BonusLeaveSort; direction: 'asc' | 'desc'; limit: number; offset: number },
): Promise<BonusLeaveListRow[]> {
  const dir = opts.direction === 'asc' ? sql`asc` : sql`desc`;
  const order = sql`${SORT_COLUMNS[opts.sort]} ${dir}, f.id ${dir}`;
  return queryRows<BonusLeaveListRow>(
    db,
    sql`
    with page as (
      select f.id
        from leave_fund_rows f
        ${employeeJoin(needsEmployee(opts.filter, opts.sort))}
       where ${listConditions(opts.filter, opts.scope)}
       order by ${order}
       limit ${opts.limit} offset ${opts.offset}
    )
    select f.id, f.employee_id, e.name, e.user_name,
           (select string_agg(r.role, ', ' order by r.role)
              from users u join user_roles r on r.user_id = u.id
             where u.employee_id = e.id) as role,
           dep.name as department_name, div.name as division_name,
           f.amount::text as amount, t.granted, t.used, f.description,
           f.apply_date::text as apply_date, f.expire_date::text as expire_date,
           coalesce(ce.name, cu.username) as created_by_name, cd.name as created_by_department,
           coalesce(me.name, mu.username) as modified_by_name, md.name as modified_by_department,
           ${isoInstant(sql`f.created_at`)} as created_at, ${isoInstant(sql`f.modified_at`)} as modified_at, f.version
      from page p
      join leave_fund_rows f on f.id = p.id
      join employees e on e.id = f.employee_id
      join departments dep on dep.id = e.department_id
      join departments div on div.id = e.division_id
      ${ledgerTotals}
      left join users cu on cu.id = f.created_by
      left join employees ce on ce.id = cu.employee_id
      left join departments cd on cd.id = ce.department_id
      left join users mu on mu.id = f.modified_by
      left join employees me on me.id = mu.employee_id
      left join departments md on md.id = me.department_id
     order by ${order}`,
  );
}

export async function countRows(db: DbOrTx, opts: { filter: BonusLeaveFilter; scope: SQL }): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total
          from leave_fund_rows f
          ${employeeJoin(needsEmployee(opts.filter))}
         where ${listConditions(opts.filter, opts.scope)}`,
  );
  return Number(row?.total ?? 0);
}

export type BonusLeaveRecord = {
  id: number;
  employee_id: number;
  user_name: string;
  amount: string;
  granted: string;
  used: string;
  description: string | null;
  apply_date: string;
  expire_date: string;
  version: number;
  deleted: boolean;
};

/**
 * One bonus leave row within the caller's scope, or undefined. `forUpdate` locks the row until the transaction
 * ends, so an edit or removal and a concurrent leave approval drawing on it (which locks it too) run one after the other.
 */
export async function findById(
  db: DbOrTx,
  id: number,
  opts: { scope: SQL; includeDeleted?: boolean; forUpdate?: boolean },
): Promise<BonusLeaveRecord | undefined> {
  const [row] = await queryRows<BonusLeaveRecord>(
    db,
    sql`select f.id, f.employee_id, e.user_name, f.amount::text as amount, t.granted, t.used, f.description,
               f.apply_date::text as apply_date, f.expire_date::text as expire_date, f.version, f.deleted_at is not null as deleted
          from leave_fund_rows f
          join employees e on e.id = f.employee_id
          ${ledgerTotals}
         where f.id = ${id} and f.fund_type = ${FUND_TYPE} and ${opts.scope}
           ${opts.includeDeleted ? sql`` : sql`and f.deleted_at is null`}
           ${opts.forUpdate ? sql`for update of f` : sql``}`,
  );
  return row;
}

/** user_name (lower-cased) → employee id, for the names given. */
export async function findEmployeesByUsernames(db: DbOrTx, usernames: readonly string[]): Promise<Map<string, { id: number; userName: string }>> {
  if (usernames.length === 0) return new Map();
  const lowered = [...new Set(usernames.map((u) => u.toLowerCase()))];
  const rows = await queryRows<{ id: number; user_name: string }>(
    db,
    sql`select id, user_name from employees where lower(user_name) in (${sql.join(lowered.map((u) => sql`${u}`), sql`, `)})`,
  );
  return new Map(rows.map((r) => [r.user_name.toLowerCase(), { id: r.id, userName: r.user_name }]));
}
