import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray, isoInstant } from '../../db/sql-fragments.ts';
import { FUND_TYPE, GRANTED_CAUSES, LEDGER_CAUSE, USED_CAUSES, type LeaveFundType, type LedgerCause } from './leave.types.ts';

/**
 * The SQL of a payroll period's leave figures (docs/leave-overview.md): set-based sums of `leave_ledger` over the
 * employees of a page or an export chunk, and the ledger lines behind one figure. The ledger is the only source: a
 * row's expiry is its EXPIRE entries once the expiry job or the year end has written them, and until then what the
 * row holds on its expire date (RULES.md §7 "the expiries scheduled inside the period").
 */

const causeList = (causes: readonly LedgerCause[]) => sql.raw(causes.map((c) => `'${c}'`).join(', '));
const textList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
// One array parameter (drizzle would expand a JS array into a parenthesised list).

/**
 * A period [from, to] and the day its running figures stop at: `asOf` = min(today, to) (RULES.md §7 "the balance on
 * min(today, period end)"); before the period starts nothing of it has happened yet.
 */
export type PeriodBounds = { from: string; to: string; asOf: string };

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
  /** Exact numeric text; begin and additions as summed, used and expired negated (positive hours). */
  begin: string;
  addition: string;
  addition_to_day: string;
  used: string;
  used_to_day: string;
  expired_to_day: string;
  expired_in_period: string;
};

/**
 * One row per employee and fund with any entry in the period: one statement for any number of employees. Rows are
 * summed first (a row's expiry is its own: written EXPIRE entries once settled, else what it holds on its expire
 * date when that falls in the period — period-figures.ts), then per fund.
 */
export async function fundParts(db: DbOrTx, opts: { employeeIds: readonly number[]; bounds: PeriodBounds; fundTypes: readonly LeaveFundType[] }): Promise<FundPartsRow[]> {
  if (opts.employeeIds.length === 0) return [];
  const { from, to, asOf } = opts.bounds;
  const inPeriod = sql`l.entry_date >= ${from}::date`;
  const toDay = sql`l.entry_date >= ${from}::date and l.entry_date <= ${asOf}::date`;
  const granted = sql`l.cause in (${causeList(GRANTED_CAUSES)})`;
  const used = sql`l.cause in (${causeList(USED_CAUSES)})`;
  const expire = sql`l.cause = ${LEDGER_CAUSE.expire}`;
  const projected = (until: string) =>
    sql`case when not r.settled and r.expire_date >= ${from}::date and r.expire_date <= ${until}::date then greatest(r.held_at_expiry, 0) else 0 end`;
  return queryRows<FundPartsRow>(
    db,
    sql`with r as (
          select l.employee_id, f.fund_type, f.id, f.expire_date,
                 coalesce(sum(l.amount) filter (where l.entry_date < ${from}::date), 0) as begin,
                 coalesce(sum(l.amount) filter (where ${inPeriod} and ${granted}), 0) as addition,
                 coalesce(sum(l.amount) filter (where ${toDay} and ${granted}), 0) as addition_to_day,
                 coalesce(-sum(l.amount) filter (where ${inPeriod} and ${used}), 0) as used,
                 coalesce(-sum(l.amount) filter (where ${toDay} and ${used}), 0) as used_to_day,
                 coalesce(-sum(l.amount) filter (where ${inPeriod} and ${expire}), 0) as expired_written,
                 coalesce(-sum(l.amount) filter (where ${toDay} and ${expire}), 0) as expired_written_to_day,
                 bool_or(${expire}) as settled,
                 coalesce(sum(l.amount) filter (where l.entry_date <= f.expire_date and not ${expire}), 0) as held_at_expiry
            from leave_ledger l
            join leave_fund_rows f on f.id = l.fund_row_id
           where ${periodEntries(sql`= any(${intArray(opts.employeeIds)})`, opts.bounds, opts.fundTypes)}
           group by l.employee_id, f.fund_type, f.id, f.expire_date
        )
        select r.employee_id, r.fund_type,
               sum(r.begin)::text as begin, sum(r.addition)::text as addition, sum(r.addition_to_day)::text as addition_to_day,
               sum(r.used)::text as used, sum(r.used_to_day)::text as used_to_day,
               sum(r.expired_written_to_day + ${projected(asOf)})::text as expired_to_day,
               sum(r.expired_written + ${projected(to)})::text as expired_in_period
          from r
         group by r.employee_id, r.fund_type`,
  );
}

export type PeriodLineRow = {
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

/** Every entry of one employee a period's figures may count (periodEntries), oldest first. */
export async function periodLines(db: DbOrTx, opts: { employeeId: number; bounds: PeriodBounds; fundTypes: readonly LeaveFundType[] }): Promise<PeriodLineRow[]> {
  return queryRows<PeriodLineRow>(
    db,
    sql`select l.id, l.entry_date::text as entry_date, l.fund_row_id, f.fund_type, f.apply_date::text as apply_date,
               f.expire_date::text as expire_date, l.amount::text as amount, l.cause, l.cause_ref,
               u.username as created_by_username, ue.name as created_by_name, ${isoInstant(sql`l.created_at`)} as created_at
          from leave_ledger l
          join leave_fund_rows f on f.id = l.fund_row_id
          left join users u on u.id = l.created_by
          left join employees ue on ue.id = u.employee_id
         where ${periodEntries(sql`= ${opts.employeeId}`, opts.bounds, opts.fundTypes)}
         order by l.entry_date, l.id`,
  );
}

/** The funds the accrual engine keys by month (`default:2026-11`, docs/leave-ledger.md "Accrual engine"). */
export const MONTHLY_ACCRUAL_FUNDS = [FUND_TYPE.default, FUND_TYPE.seniority, FUND_TYPE.reserveProbationary] as const;

export type MonthAccrualRow = { employee_id: number; source_key: string | null; apply_date: string; hours: string };

/**
 * Hours granted by each row of the monthly-accrual funds that may belong to `year` (Σ GRANT, CARRYOVER, ADJUST,
 * REMOVE, so a row the engine removed counts 0), with its key and apply date: keyed rows of the year's months, and
 * rows without a key applied from a month before the year to its end (the service places them by payroll month).
 */
export async function monthAccruals(db: DbOrTx, opts: { employeeIds: readonly number[]; year: number }): Promise<MonthAccrualRow[]> {
  if (opts.employeeIds.length === 0) return [];
  return queryRows<MonthAccrualRow>(
    db,
    sql`select f.employee_id, f.source_key, f.apply_date::text as apply_date, sum(l.amount)::text as hours
          from leave_fund_rows f
          join leave_ledger l on l.fund_row_id = f.id
         where f.employee_id = any(${intArray(opts.employeeIds)})
           -- Named on the ledger too, so its (employee_id, entry_date) index serves it (as in periodEntries).
           and l.employee_id = any(${intArray(opts.employeeIds)})
           and f.fund_type in (${textList(MONTHLY_ACCRUAL_FUNDS)})
           and (case when f.source_key is not null then right(f.source_key, 7) between ${`${opts.year}-01`} and ${`${opts.year}-12`}
                     else f.apply_date between ${`${opts.year - 1}-12-01`}::date and ${`${opts.year}-12-31`}::date end)
           and l.cause in (${causeList(GRANTED_CAUSES)})
         group by f.employee_id, f.id`,
  );
}
