import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray, textArrayLiteral } from '../../db/sql-fragments.ts';
import { LEDGER_CAUSE, USED_CAUSES, type LeaveFundType } from './leave.types.ts';

/** SQL of the accrual job (accrual.service.ts): its employees, the engine's stored rows, its schedule lock. */

const causeList = (causes: readonly string[]) => sql.raw(causes.map((c) => `'${c}'`).join(', '));

/** The ids of an accrual run, ascending: every employee, or those of `employeeIds` that exist. */
export async function employeeIds(db: DbOrTx, employeeIds: readonly number[] | null): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    employeeIds === null
      ? sql`select id from employees order by id`
      : sql`select id from employees where id = any(${intArray(employeeIds)}) order by id`,
  );
  return rows.map((r) => Number(r.id));
}

export type EngineRowRow = {
  id: number;
  employee_id: number;
  source_key: string;
  fund_type: LeaveFundType;
  amount: string;
  apply_date: string;
  expire_date: string;
};

/** An engine key: the engine's fund and a month (`default:2026-11`). */
const ENGINE_KEY = /^(default|seniority|reserve_probationary):[0-9]{4}-[0-9]{2}$/;

/**
 * The SQL filter on `column` for the employees given: their id range, plus the id list itself only when the range is
 * sparse. A chunk of a full run is dense (every employee between its first and last id), so its rows are read by an
 * index range with no per-row lookup in the list; rows of employees outside the list are dropped by the caller.
 */
export function employeeRange(column: string, employeeIds: readonly number[]): SQL {
  const low = employeeIds.reduce((a, b) => Math.min(a, b));
  const high = employeeIds.reduce((a, b) => Math.max(a, b));
  const range = sql`${sql.raw(column)} between ${low}::int and ${high}::int`;
  return high - low + 1 <= 2 * employeeIds.length ? range : sql`${range} and ${sql.raw(column)} in (select unnest(${intArray(employeeIds)}))`;
}

/**
 * The live rows the engine wrote (an engine key: `default:`, `seniority:`, `reserve_probationary:` and a month) of the
 * employees given, for months from `fromMonth` (`YYYY-MM`) on, by employee then key, WITHOUT their used hours (see
 * `usedHours`). Rows of older months belong to financial years a run no longer recomputes.
 *
 * Read by the employee range; the key pattern and month are tested here, not per row in SQL. measured (PGlite, chunk
 * of 1,000 with 24,000 rows): the former lateral sum of used hours per row took ~0.9 s, the regular expression in
 * SQL alone ~0.5 s.
 */
export async function engineRows(db: DbOrTx, opts: { employeeIds: readonly number[]; fromMonth: string }): Promise<EngineRowRow[]> {
  if (opts.employeeIds.length === 0) return [];
  const rows = await queryRows<EngineRowRow>(
    db,
    sql`select f.id, f.employee_id, f.source_key, f.fund_type, f.amount::text as amount, f.apply_date::text as apply_date,
               f.expire_date::text as expire_date
          from leave_fund_rows f
         where ${employeeRange('f.employee_id', opts.employeeIds)} and f.source_key is not null and f.deleted_at is null
         order by f.employee_id, f.source_key`,
  );
  const wanted = new Set(opts.employeeIds);
  // The key has one ':' (ENGINE_KEY), so the month is what follows it; `YYYY-MM` strings compare as months.
  return rows.filter((r) => wanted.has(r.employee_id) && ENGINE_KEY.test(r.source_key) && r.source_key.slice(r.source_key.indexOf(':') + 1) >= opts.fromMonth);
}

/** The used hours (−Σ USE and RETURN, the `used` of ledgerTotalsJoin) of the rows given that have any, by row id. */
export async function usedHours(db: DbOrTx, fundRowIds: readonly number[]): Promise<Map<number, string>> {
  if (fundRowIds.length === 0) return new Map();
  const rows = await queryRows<{ fund_row_id: number; used: string }>(
    db,
    sql`select l.fund_row_id, (-sum(l.amount))::text as used
          from leave_ledger l
         where l.fund_row_id in (select unnest(${intArray(fundRowIds)})) and l.cause in (${causeList(USED_CAUSES)})
         group by l.fund_row_id`,
  );
  return new Map(rows.map((r) => [Number(r.fund_row_id), r.used]));
}

export type EngineGrant = {
  employeeId: number;
  fundType: LeaveFundType;
  hours: number;
  /** The GRANT entry's date (the grant date, or the first open day when that is locked). */
  entryDate: string;
  applyDate: string;
  expireDate: string;
  financialYear: number;
  description: string;
  sourceKey: string;
};

/** Rows per grant statement (text arrays of a few MB). */
const GRANT_CHUNK = 10_000;

/** A PostgreSQL array literal of strings (quoted, `\` and `"` escaped). */

/**
 * The engine's grants as `grantFundRows` writes them — fund rows in the order given (created_by = modified_by =
 * byUserId) and per row one GRANT entry of its hours on the entry date given, in id order — in ONE statement per 10,000
 * rows: the insert's returned rows feed the ledger insert inside the database. measured: the two JSON statements of
 * `grantFundRows` (rows returned to JS, then sent back for the ledger) took ~1.6× this. Hours are checked by the caller.
 */
export async function insertEngineGrants(tx: DbOrTx, grants: readonly EngineGrant[], byUserId: number | null): Promise<number> {
  let count = 0;
  for (let start = 0; start < grants.length; start += GRANT_CHUNK) {
    const part = grants.slice(start, start + GRANT_CHUNK);
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`with v as (
            select * from unnest(${intArray(part.map((g) => g.employeeId))}, ${textArrayLiteral(part.map((g) => g.fundType))}::text[],
                                 ${`{${part.map((g) => String(g.hours)).join(',')}}`}::numeric[], ${`{${part.map((g) => g.applyDate).join(',')}}`}::date[],
                                 ${`{${part.map((g) => g.expireDate).join(',')}}`}::date[], ${textArrayLiteral(part.map((g) => g.description))}::text[],
                                 ${intArray(part.map((g) => g.financialYear))}, ${textArrayLiteral(part.map((g) => g.sourceKey))}::text[],
                                 ${`{${part.map((g) => g.entryDate).join(',')}}`}::date[])
                   with ordinality as x(employee_id, fund_type, amount, apply_date, expire_date, description, financial_year, source_key, entry_date, n)
          ), ins as (
            insert into leave_fund_rows (employee_id, fund_type, amount, apply_date, expire_date, description, financial_year, source_key, created_by, modified_by)
            select v.employee_id, v.fund_type, v.amount, v.apply_date, v.expire_date, v.description, v.financial_year, v.source_key, ${byUserId}::int, ${byUserId}::int
              from v order by v.n
         returning id, employee_id, amount, source_key
          ), led as (
            insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date, created_by)
            select ins.employee_id, ins.id, ins.amount, ${LEDGER_CAUSE.grant}, v.entry_date, ${byUserId}::int
              from ins join v on v.employee_id = ins.employee_id and v.source_key = ins.source_key
             order by ins.id
         returning 1
          )
          select count(*)::int as n from led`,
    );
    count += Number(row?.n ?? 0);
  }
  return count;
}

/**
 * Fresh planner statistics for the leave tables. A run that grants a year for thousands of employees multiplies
 * their size; with the statistics of the empty tables (PGlite has no autovacuum, a server's lags) the next chunk's
 * per-employee lookups are planned as scans of the whole table — measured: the 10,000-employee run 20× slower.
 */
export async function analyzeLeaveTables(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze leave_fund_rows, leave_ledger`);
}
