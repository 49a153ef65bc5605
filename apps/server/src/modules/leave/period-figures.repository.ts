import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray, isoInstant } from '../../db/sql-fragments.ts';
import { FUND_TYPE, GRANTED_CAUSES, LEDGER_CAUSE, USED_CAUSES, type LeaveFundType, type LedgerCause } from './leave.types.ts';

/**
 * The SQL of a payroll period's leave figures (docs/leave-overview.md): set-based sums of `leave_ledger` over the
 * employees of a page or an export chunk, and the ledger lines behind one figure. The ledger is the only source:
 * expiries count once the expiry job or the year end has written their EXPIRE entries.
 */

const causeList = (causes: readonly LedgerCause[]) => sql.raw(causes.map((c) => `'${c}'`).join(', '));
const textList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
// One array parameter (drizzle would expand a JS array into a parenthesised list).

export type PeriodBounds = { from: string; to: string };

/** The parts of a period the figures are built from; every figure is one of them or a sum of some. */
export type FigurePart = 'begin' | 'addition' | 'used' | 'expired';

/** Which entries of the period's rows make up each part (docs/leave-overview.md). */
function partCondition(part: FigurePart, from: string): SQL {
  switch (part) {
    case 'begin':
      return sql`l.entry_date < ${from}::date`;
    case 'addition':
      return sql`(l.entry_date >= ${from}::date and l.cause in (${causeList(GRANTED_CAUSES)}))`;
    case 'used':
      return sql`(l.entry_date >= ${from}::date and l.cause in (${causeList(USED_CAUSES)}))`;
    case 'expired':
      return sql`(l.entry_date >= ${from}::date and l.cause = ${LEDGER_CAUSE.expire})`;
  }
}

/**
 * The entries of `employees` a period's figures may count: those of the rows still live at its start (expire date on
 * or after `from`) dated on or before its end. A row expired before the period counts for nothing in it; a row applied
 * later has no entry dated inside it yet. The employees are named on both tables, so each side is read through its
 * own index — leave_ledger (employee_id, entry_date), leave_fund_rows (employee_id, expire_date) — instead of the
 * planner scanning every fund row to hash-join a few hundred entries.
 */
const periodEntries = (employees: SQL, bounds: PeriodBounds, fundTypes: readonly LeaveFundType[]) =>
  sql`l.employee_id ${employees} and f.employee_id ${employees}
      and l.entry_date <= ${bounds.to}::date and f.expire_date >= ${bounds.from}::date and f.fund_type in (${textList(fundTypes)})`;

export type FundPartsRow = {
  employee_id: number;
  fund_type: LeaveFundType;
  /** Exact numeric text, ledger signs: begin and addition as summed, used and expired negated (positive hours). */
  begin: string;
  addition: string;
  used: string;
  expired: string;
};

/** One row per employee and fund with any entry in the period: one statement for any number of employees. */
export async function fundParts(db: DbOrTx, opts: { employeeIds: readonly number[]; bounds: PeriodBounds; fundTypes: readonly LeaveFundType[] }): Promise<FundPartsRow[]> {
  if (opts.employeeIds.length === 0) return [];
  const { from } = opts.bounds;
  return queryRows<FundPartsRow>(
    db,
    sql`select l.employee_id, f.fund_type,
               coalesce(sum(l.amount) filter (where ${partCondition('begin', from)}), 0)::text as begin,
               coalesce(sum(l.amount) filter (where ${partCondition('addition', from)}), 0)::text as addition,
               coalesce(-sum(l.amount) filter (where ${partCondition('used', from)}), 0)::text as used,
               coalesce(-sum(l.amount) filter (where ${partCondition('expired', from)}), 0)::text as expired
          from leave_ledger l
          join leave_fund_rows f on f.id = l.fund_row_id
         where ${periodEntries(sql`= any(${intArray(opts.employeeIds)})`, opts.bounds, opts.fundTypes)}
         group by l.employee_id, f.fund_type`,
  );
}

export type PartLineRow = {
  id: number;
  entry_date: string;
  fund_row_id: number;
  fund_type: LeaveFundType;
  apply_date: string;
  expire_date: string;
  amount: string;
  cause: LedgerCause;
  cause_ref: string | null;
  created_by_username: string | null;
  created_by_name: string | null;
  created_at: string;
};

/** The ledger entries of one employee that make up the union of `parts`, oldest first. */
export async function partLines(
  db: DbOrTx,
  opts: { employeeId: number; bounds: PeriodBounds; fundTypes: readonly LeaveFundType[]; parts: readonly FigurePart[] },
): Promise<PartLineRow[]> {
  const parts = sql.join(
    opts.parts.map((p) => partCondition(p, opts.bounds.from)),
    sql` or `,
  );
  return queryRows<PartLineRow>(
    db,
    sql`select l.id, l.entry_date::text as entry_date, l.fund_row_id, f.fund_type, f.apply_date::text as apply_date,
               f.expire_date::text as expire_date, l.amount::text as amount, l.cause, l.cause_ref,
               u.username as created_by_username, ue.name as created_by_name, ${isoInstant(sql`l.created_at`)} as created_at
          from leave_ledger l
          join leave_fund_rows f on f.id = l.fund_row_id
          left join users u on u.id = l.created_by
          left join employees ue on ue.id = u.employee_id
         where ${periodEntries(sql`= ${opts.employeeId}`, opts.bounds, opts.fundTypes)} and (${parts})
         order by l.entry_date, l.id`,
  );
}

/** The funds the accrual engine keys by month (`default:2026-11`, docs/leave-ledger.md "Accrual engine"). */
export const MONTHLY_ACCRUAL_FUNDS = [FUND_TYPE.default, FUND_TYPE.seniority, FUND_TYPE.reserveProbationary] as const;

export type MonthAccrualRow = { employee_id: number; month: string; hours: string };

/**
 * Hours granted for each month of `year` (Σ GRANT, CARRYOVER, ADJUST, REMOVE of the keyed rows, so a row the engine
 * removed counts 0), per employee; months with nothing are absent. `month` is 'YYYY-MM', the key's end.
 */
export async function monthAccruals(db: DbOrTx, opts: { employeeIds: readonly number[]; year: number }): Promise<MonthAccrualRow[]> {
  if (opts.employeeIds.length === 0) return [];
  return queryRows<MonthAccrualRow>(
    db,
    sql`select f.employee_id, right(f.source_key, 7) as month, sum(l.amount)::text as hours
          from leave_fund_rows f
          join leave_ledger l on l.fund_row_id = f.id
         where f.employee_id = any(${intArray(opts.employeeIds)})
           -- Named on the ledger too, so its (employee_id, entry_date) index serves it (as in periodEntries).
           and l.employee_id = any(${intArray(opts.employeeIds)})
           and f.fund_type in (${textList(MONTHLY_ACCRUAL_FUNDS)})
           and f.source_key is not null
           and right(f.source_key, 7) between ${`${opts.year}-01`} and ${`${opts.year}-12`}
           and l.cause in (${causeList(GRANTED_CAUSES)})
         group by f.employee_id, right(f.source_key, 7)`,
  );
}
