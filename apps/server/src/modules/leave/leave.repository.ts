import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { inList, intArray, isoInstant, textArrayLiteral } from '../../db/sql-fragments.ts';
import { GRANTED_CAUSES, LEDGER_CAUSE, USED_CAUSES, type LeaveFundType, type LedgerCause } from './leave.types.ts';
import { queueLeaveBalanceEvents } from './leave-webhook-events.ts';

/** All SQL of the leave ledger (RULES.md §7): fund rows, their ledger entries, balances and the locks of a use. */

/** Rows per INSERT: at most 10 parameters a row, well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 5000;

const causeList = (causes: readonly LedgerCause[]) => sql.raw(causes.map((c) => `'${c}'`).join(', '));

/**
 * `left join lateral` giving, for the fund row whose id is `fundRowId`, its ledger totals as exact numeric text:
 * `granted` (Σ GRANT, CARRYOVER, ADJUST, REMOVE), `used` (−Σ USE, RETURN) and `remaining` (Σ of every entry).
 */
export function ledgerTotalsJoin(fundRowId: SQL, alias = 't'): SQL {
  return sql`
  left join lateral (
    select coalesce(sum(l.amount) filter (where l.cause in (${causeList(GRANTED_CAUSES)})), 0)::text as granted,
           coalesce(-sum(l.amount) filter (where l.cause in (${causeList(USED_CAUSES)})), 0)::text as used,
           coalesce(sum(l.amount), 0)::text as remaining
      from leave_ledger l
     where l.fund_row_id = ${fundRowId}
  ) ${sql.identifier(alias)} on true`;
}

export type NewFundRow = {
  employeeId: number;
  fundType: LeaveFundType;
  hours: number;
  applyDate: string;
  expireDate: string;
  description?: string | null;
  financialYear?: number | null;
  projectId?: number | null;
  /** The accrual engine's key (`default:2026-11`); only the engine's rows have one. */
  sourceKey?: string | null;
};

export type InsertedFundRow = {
  id: number;
  employeeId: number;
  fundType: LeaveFundType;
  amount: string;
  applyDate: string;
  expireDate: string;
  description: string | null;
  version: number;
};

export type LedgerEntry = { employeeId: number; fundRowId: number; hours: number; cause: LedgerCause; entryDate: string; causeRef?: string | null };

export type FundRowRecord = {
  id: number;
  employee_id: number;
  fund_type: LeaveFundType;
  amount: string;
  apply_date: string;
  expire_date: string;
  description: string | null;
  version: number;
  deleted: boolean;
  granted: string;
  used: string;
  remaining: string;
};

/** A fund row with its ledger totals; `forUpdate` holds it until the transaction ends. */
export async function findFundRow(db: DbOrTx, id: number, opts: { forUpdate?: boolean } = {}): Promise<FundRowRecord | undefined> {
  const [row] = await queryRows<FundRowRecord>(
    db,
    sql`select f.id, f.employee_id, f.fund_type, f.amount::text as amount, f.apply_date::text as apply_date,
               f.expire_date::text as expire_date, f.description, f.version, f.deleted_at is not null as deleted,
               t.granted, t.used, t.remaining
          from leave_fund_rows f
          ${ledgerTotalsJoin(sql`f.id`)}
         where f.id = ${id}
         ${opts.forUpdate ? sql`for update of f` : sql``}`,
  );
  return row;
}

/** Writes the new terms only if `version` (when given) is still current; answers the new version, or undefined. */
export async function updateFundRow(
  tx: DbOrTx,
  id: number,
  version: number | undefined,
  terms: { hours: number; applyDate: string; expireDate: string; description: string | null },
  byUserId: number | null,
): Promise<number | undefined> {
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`update leave_fund_rows
           set amount = ${String(terms.hours)}, apply_date = ${terms.applyDate}, expire_date = ${terms.expireDate},
               description = ${terms.description}, modified_by = ${byUserId}, modified_at = now(), version = version + 1
         where id = ${id} and deleted_at is null ${version === undefined ? sql`` : sql`and version = ${version}`}
     returning version`,
  );
  return row?.version;
}

export async function markDeleted(tx: DbOrTx, id: number, byUserId: number | null): Promise<number | undefined> {
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`update leave_fund_rows set deleted_at = now(), modified_by = ${byUserId}, modified_at = now(), version = version + 1
         where id = ${id} and deleted_at is null
     returning version`,
  );
  return row?.version;
}

/** The employee's live rows of `fundTypes` that are usable on `date` (apply ≤ date ≤ expire). */
const usableOn = (employeeId: number, date: string, fundTypes: readonly LeaveFundType[]) =>
  sql`f.employee_id = ${employeeId} and f.deleted_at is null and f.fund_type in (${inList(fundTypes)})
      and f.apply_date <= ${date} and f.expire_date >= ${date}`;

/** Advisory-lock key space of the leave ledger ('LEAV'); the second key is the employee id. */
const LEAVE_LOCK_SPACE = 0x4c454156;

/**
 * Takes the employee's leave lock until the transaction ends (re-entrant within it), in id order. Every use and return
 * takes it first, so a transaction that returns and then uses again (an edited request) cannot deadlock with another
 * use of the same employee on their fund-row locks.
 */
export async function lockEmployees(tx: DbOrTx, employeeIds: readonly number[]): Promise<void> {
  for (const id of [...new Set(employeeIds)].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LEAVE_LOCK_SPACE}, ${id})`);
  }
}

/** The employees a source drew leave for. */
export async function employeesOfSource(db: DbOrTx, sourceId: string): Promise<number[]> {
  const rows = await queryRows<{ employee_id: number }>(db, sql`select distinct employee_id from leave_ledger where cause_ref = ${sourceId}`);
  return rows.map((r) => r.employee_id);
}

/**
 * Locks, in id order, the rows a use on `date` may draw from, so two uses (or a use and an edit of a grant, which
 * locks its row too) of one employee run one after the other. Read the hours left only after this statement: under
 * READ COMMITTED the next statement sees what the transaction we waited for committed.
 */
export async function lockUsableRows(tx: DbOrTx, opts: { employeeId: number; date: string; fundTypes: readonly LeaveFundType[] }): Promise<void> {
  await tx.execute(sql`select f.id from leave_fund_rows f where ${usableOn(opts.employeeId, opts.date, opts.fundTypes)} order by f.id for update`);
}

export type FundRowStateRow = { id: number; fund_type: LeaveFundType; apply_date: string; expire_date: string; remaining: string };

/**
 * The rows usable on `date` with the hours each holds that day: Σ of its entries whatever their date — but its
 * expiry, which comes after a day it is usable (dated on its expire date): a row the year end or the sweep has since
 * settled still held, on that day, what it held before (RULES.md §7, earliest expiry first on the leave day).
 */
export async function usableRows(db: DbOrTx, opts: { employeeId: number; date: string; fundTypes: readonly LeaveFundType[] }): Promise<FundRowStateRow[]> {
  return queryRows<FundRowStateRow>(
    db,
    sql`select f.id, f.fund_type, f.apply_date::text as apply_date, f.expire_date::text as expire_date,
               coalesce(sum(l.amount) filter (where l.cause <> ${LEDGER_CAUSE.expire}), 0)::text as remaining
          from leave_fund_rows f
          left join leave_ledger l on l.fund_row_id = f.id
         where ${usableOn(opts.employeeId, opts.date, opts.fundTypes)}
         group by f.id
         order by f.id`,
  );
}

export type ManyFundRowRow = { employee_id: number; on_date: string; remaining: string };

/**
 * `usableRows` for many (employee, date) pairs in one statement: each pair's usable rows of `fundTypes` with the hours
 * each holds that day, counted as `usableRows` counts them. Pairs with no usable row answer no row.
 */
export async function usableRowsOfMany(
  db: DbOrTx,
  opts: { employeeIds: readonly number[]; dates: readonly string[]; fundTypes: readonly LeaveFundType[] },
): Promise<ManyFundRowRow[]> {
  if (opts.employeeIds.length === 0) return [];
  return queryRows<ManyFundRowRow>(
    db,
    sql`with q as (select distinct * from unnest(${intArray(opts.employeeIds)}, ${textArrayLiteral(opts.dates)}::date[]) as q(employee_id, on_date))
        select q.employee_id, q.on_date::text as on_date,
               coalesce(sum(l.amount) filter (where l.cause <> ${LEDGER_CAUSE.expire}), 0)::text as remaining
          from q
          join leave_fund_rows f on f.employee_id = q.employee_id and f.deleted_at is null and f.fund_type in (${inList(opts.fundTypes)})
                                and f.apply_date <= q.on_date and f.expire_date >= q.on_date
          left join leave_ledger l on l.fund_row_id = f.id
         group by q.employee_id, q.on_date, f.id`,
  );
}

export type LedgerLineRow = {
  id: number;
  employee_id: number;
  fund_row_id: number;
  fund_type: LeaveFundType;
  apply_date: string;
  expire_date: string;
  amount: string;
  cause: LedgerCause;
  cause_ref: string | null;
  entry_date: string;
  created_by: number | null;
  created_by_username: string | null;
  created_at: string;
};

/** Every ledger entry of the rows usable on `date` but their expiry (as `usableRows` counts), in the order written. */
export async function ledgerLinesOfUsableRows(
  db: DbOrTx,
  opts: { employeeId: number; date: string; fundTypes: readonly LeaveFundType[] },
): Promise<LedgerLineRow[]> {
  return queryRows<LedgerLineRow>(
    db,
    sql`select l.id, l.employee_id, l.fund_row_id, f.fund_type, f.apply_date::text as apply_date, f.expire_date::text as expire_date,
               l.amount::text as amount, l.cause, l.cause_ref, l.entry_date::text as entry_date, l.created_by,
               u.username as created_by_username, ${isoInstant(sql`l.created_at`)} as created_at
          from leave_fund_rows f
          join leave_ledger l on l.fund_row_id = f.id
          left join users u on u.id = l.created_by
         where ${usableOn(opts.employeeId, opts.date, opts.fundTypes)} and l.cause <> ${LEDGER_CAUSE.expire}
         order by l.id`,
  );
}

export type SettledExpiryRow = { fund_row_id: number; employee_id: number; total: string; cause_ref: string | null; entry_date: string; expired: string };

/**
 * For the rows given whose ledger sums below zero, their EXPIRE entries per cause_ref and date (what each took out),
 * read after the caller's writes: a use dated before a settled expiry drew hours the expiry had taken (`useLeave`).
 */
export async function overdrawnExpiries(db: DbOrTx, fundRowIds: readonly number[]): Promise<SettledExpiryRow[]> {
  if (fundRowIds.length === 0) return [];
  return queryRows<SettledExpiryRow>(
    db,
    sql`with t as (select l.fund_row_id, sum(l.amount) as total from leave_ledger l where l.fund_row_id in (${inList(fundRowIds)}) group by 1 having sum(l.amount) < 0)
        select l.fund_row_id, l.employee_id, t.total::text as total, l.cause_ref, l.entry_date::text as entry_date, (-sum(l.amount))::text as expired
          from leave_ledger l join t on t.fund_row_id = l.fund_row_id
         where l.cause = ${LEDGER_CAUSE.expire}
         group by l.fund_row_id, l.employee_id, t.total, l.cause_ref, l.entry_date
        having sum(l.amount) < 0
         order by l.fund_row_id, l.entry_date, l.cause_ref`,
  );
}

/**
 * Locks, in id order, the fund rows a source drew from, so two returns of one source, or a return and a use, run one
 * after the other.
 */
export async function lockRowsOfSource(tx: DbOrTx, sourceId: string): Promise<void> {
  await tx.execute(
    sql`select f.id from leave_fund_rows f
         where f.id in (select l.fund_row_id from leave_ledger l where l.cause_ref = ${sourceId})
         order by f.id for update`,
  );
}

export type SourceMovementRow = { employee_id: number; fund_row_id: number; entry_date: string; cause: LedgerCause; amount: string };

/** The USE and RETURN entries written under a source. */
export async function movementsOfSource(db: DbOrTx, sourceId: string): Promise<SourceMovementRow[]> {
  return queryRows<SourceMovementRow>(
    db,
    sql`select l.employee_id, l.fund_row_id, l.entry_date::text as entry_date, l.cause, l.amount::text as amount
          from leave_ledger l
         where l.cause_ref = ${sourceId} and l.cause in (${causeList(USED_CAUSES)})
         order by l.id`,
  );
}

/** For the rows given, the date of their latest EXPIRE entry, where they have one. */
export async function settledExpiries(db: DbOrTx, fundRowIds: readonly number[]): Promise<Map<number, string>> {
  if (fundRowIds.length === 0) return new Map();
  const rows = await queryRows<{ fund_row_id: number; entry_date: string }>(
    db,
    sql`select l.fund_row_id, max(l.entry_date)::text as entry_date
          from leave_ledger l
         where l.fund_row_id in (${inList(fundRowIds)}) and l.cause = ${LEDGER_CAUSE.expire}
         group by l.fund_row_id`,
  );
  return new Map(rows.map((r) => [r.fund_row_id, r.entry_date]));
}

// ---------------------------------------------------------------------------------------------------------------
// Set-based variants for the accrual engine's jobs (thousands of employees per transaction). They write the same
// ledger entries as the per-row functions above.


/**
 * The leave locks of many employees in one statement, in id order (the same locks as `lockEmployees`, so a job
 * holding a chunk's locks and a use of one of its employees run one after the other).
 */
export async function lockEmployeeSet(tx: DbOrTx, employeeIds: readonly number[]): Promise<void> {
  const ids = [...new Set(employeeIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.execute(
    sql`select count(pg_advisory_xact_lock(${LEAVE_LOCK_SPACE}, s.id))
          from (select unnest(${intArray(ids)}) as id order by 1) s`,
  );
}

export type FundRowTerms = { id: number; hours: number; applyDate: string; expireDate: string; financialYear: number | null };

/** New terms for many live rows in one UPDATE (version + 1); answers the ids of the rows changed. */
export async function updateFundRowTerms(tx: DbOrTx, rows: readonly FundRowTerms[], byUserId: number | null): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const changed = await queryRows<{ id: number }>(
    tx,
    sql`update leave_fund_rows f
           set amount = v.amount, apply_date = v.apply_date, expire_date = v.expire_date, financial_year = v.financial_year,
               modified_by = ${byUserId}, modified_at = now(), version = f.version + 1
          from (select unnest(${intArray(rows.map((r) => r.id))}) as id,
                       unnest(${`{${rows.map((r) => String(r.hours)).join(',')}}`}::numeric[]) as amount,
                       unnest(${`{${rows.map((r) => r.applyDate).join(',')}}`}::date[]) as apply_date,
                       unnest(${`{${rows.map((r) => r.expireDate).join(',')}}`}::date[]) as expire_date,
                       unnest(${`{${rows.map((r) => (r.financialYear === null ? 'NULL' : String(r.financialYear))).join(',')}}`}::int[]) as financial_year) v
         where f.id = v.id and f.deleted_at is null
     returning f.id`,
  );
  return new Set(changed.map((r) => r.id));
}

/**
 * Removes many rows like `removeFundRow`: marks them deleted and writes, per row, one REMOVE entry of what is left on
 * it, dated as given. Two statements; answers how many rows were removed.
 */
export async function removeFundRowSet(
  tx: DbOrTx,
  removals: readonly { fundRowId: number; entryDate: string }[],
  byUserId: number | null,
): Promise<{ removed: number; entries: { employeeId: number; fundRowId: number; hours: number }[] }> {
  if (removals.length === 0) return { removed: 0, entries: [] };
  const removed = await queryRows<{ id: number }>(
    tx,
    sql`update leave_fund_rows set deleted_at = now(), modified_by = ${byUserId}, modified_at = now(), version = version + 1
         where id = any(${intArray(removals.map((r) => r.fundRowId))}) and deleted_at is null
     returning id`,
  );
  if (removed.length === 0) return { removed: 0, entries: [] };
  const ids = new Set(removed.map((r) => Number(r.id)));
  const rows = removals.filter((r) => ids.has(r.fundRowId));
  // The entries written come back for the leave_balance.changed webhook events (issue 30).
  const entries = await queryRows<{ employee_id: number; fund_row_id: number; amount: number }>(
    tx,
    sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date, created_by)
        select f.employee_id, f.id, -s.remaining, ${LEDGER_CAUSE.remove}, v.entry_date, ${byUserId}
          from unnest(${intArray(rows.map((r) => r.fundRowId))}, ${`{${rows.map((r) => r.entryDate).join(',')}}`}::date[]) as v(id, entry_date)
          join leave_fund_rows f on f.id = v.id
          join lateral (select coalesce(sum(l.amount), 0) as remaining from leave_ledger l where l.fund_row_id = f.id) s on true
         where s.remaining <> 0
         order by f.id
     returning employee_id, fund_row_id, amount::float8 as amount`,
  );
  return { removed: removed.length, entries: entries.map((e) => ({ employeeId: Number(e.employee_id), fundRowId: Number(e.fund_row_id), hours: Number(e.amount) })) };
}

/**
 * Inserts fund rows: one INSERT … SELECT over a JSON array per 5,000 rows (several times faster than a VALUES list for
 * large grants). Answers the rows in the order given (ids ascend with the array's order).
 */
export async function insertFundRows(tx: DbOrTx, rows: readonly NewFundRow[], byUserId: number | null): Promise<InsertedFundRow[]> {
  const out: InsertedFundRow[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const json = JSON.stringify(
      rows.slice(start, start + CHUNK).map((r, i) => ({
        n: i,
        employee_id: r.employeeId,
        fund_type: r.fundType,
        amount: String(r.hours),
        apply_date: r.applyDate,
        expire_date: r.expireDate,
        description: r.description ?? null,
        financial_year: r.financialYear ?? null,
        project_id: r.projectId ?? null,
        source_key: r.sourceKey ?? null,
      })),
    );
    const inserted = await queryRows<{ id: number; employee_id: number; fund_type: LeaveFundType; amount: string; apply_date: string; expire_date: string; description: string | null; version: number }>(
      tx,
      sql`insert into leave_fund_rows (employee_id, fund_type, amount, apply_date, expire_date, description, financial_year, project_id, source_key, created_by, modified_by)
          select x.employee_id, x.fund_type, x.amount, x.apply_date, x.expire_date, x.description, x.financial_year, x.project_id, x.source_key, ${byUserId}::int, ${byUserId}::int
            from jsonb_to_recordset(${json}::jsonb) as x(n int, employee_id int, fund_type text, amount numeric, apply_date date, expire_date date,
                                                       description text, financial_year int, project_id int, source_key text)
           order by x.n
       returning id, employee_id, fund_type, amount::text as amount, apply_date::text as apply_date, expire_date::text as expire_date, description, version`,
    );
    inserted.sort((a, b) => a.id - b.id);
    out.push(
      ...inserted.map((r) => ({
        id: r.id,
        employeeId: r.employee_id,
        fundType: r.fund_type,
        amount: r.amount,
        applyDate: r.apply_date,
        expireDate: r.expire_date,
        description: r.description,
        version: r.version,
      })),
    );
  }
  return out;
}

/** Appends ledger entries: one INSERT … SELECT over a JSON array per 5,000 entries. */
export async function insertLedger(tx: DbOrTx, entries: readonly LedgerEntry[], byUserId: number | null, events: { accrual?: boolean } = {}): Promise<void> {
  for (let start = 0; start < entries.length; start += CHUNK) {
    const json = JSON.stringify(
      entries.slice(start, start + CHUNK).map((e, i) => ({
        n: i,
        employee_id: e.employeeId,
        fund_row_id: e.fundRowId,
        amount: String(e.hours),
        cause: e.cause,
        entry_date: e.entryDate,
        cause_ref: e.causeRef ?? null,
      })),
    );
    await tx.execute(
      sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date, cause_ref, created_by)
          select x.employee_id, x.fund_row_id, x.amount, x.cause, x.entry_date, x.cause_ref, ${byUserId}::int
            from jsonb_to_recordset(${json}::jsonb) as x(n int, employee_id int, fund_row_id int, amount numeric, cause text, entry_date date, cause_ref text)
           order by x.n`,
    );
  }
  // Issue 30: every ledger write through here tells the webhook subscribers whose balance moved and why.
  await queueLeaveBalanceEvents(tx, entries, events);
}
