import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './leave.repository.ts';
import { adjustEntries, checkHours, compareForUse, fromMilli, planReturn, planUse, toMilli, type Draw, type FundRowState } from './allocation.ts';
import { ANNUAL_FUND_TYPES, LEDGER_CAUSE, type LeaveFundType, type LedgerCause } from './leave.types.ts';
import { advanceDraws, advanceHours, advanceSlots, planAdvance } from './advance.ts';
import { balanceKeyOf, type BalanceKey } from './balance-key.ts';
import { queueLeaveBalanceEvents } from './leave-webhook-events.ts';

/**
 * The leave core (RULES.md §7, docs/leave-ledger.md): fund rows are granted, adjusted and removed here, leave is used
 * and returned here, and balances are read here, so every movement is a ledger entry written in one place. Every
 * function takes the pool or the caller's transaction; given the pool, the ones that write open their own.
 * History entries are the caller's (each area records its own business record, RULES.md §8).
 */

/** A transaction's work joins the caller's transaction, or gets its own when called with the pool. */
export function inTransaction<T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? work(db) : db.transaction((tx) => work(tx));
}

const hoursOf = (numeric: string) => fromMilli(toMilli(Number(numeric)));

export type GrantInput = repo.NewFundRow & {
  /** GRANT unless the hours come from a previous year's funds (CARRYOVER). */
  cause?: typeof LEDGER_CAUSE.grant | typeof LEDGER_CAUSE.carryover;
  /** What caused the grant, e.g. `import:12`; kept on the ledger entry. */
  sourceId?: string | null;
};

/**
 * Creates fund rows and their grant entries (+hours on the apply date, when they become usable): two statements for
 * any number of rows. Answers the rows in the order given.
 */
export async function grantFundRows(db: DbOrTx, grants: readonly GrantInput[], byUserId: number | null): Promise<repo.InsertedFundRow[]> {
  if (grants.length === 0) return [];
  for (const g of grants) checkHours(g.hours);
  return inTransaction(db, async (tx) => {
    const rows = await repo.insertFundRows(tx, grants, byUserId);
    await repo.insertLedger(
      tx,
      rows.map((r, i) => ({
        employeeId: r.employeeId,
        fundRowId: r.id,
        hours: grants[i]!.hours,
        cause: grants[i]!.cause ?? LEDGER_CAUSE.grant,
        entryDate: r.applyDate,
        causeRef: grants[i]!.sourceId ?? null,
      })),
      byUserId,
    );
    return rows;
  });
}

export type AdjustInput = {
  fundRowId: number;
  /** When given, the edit is written only if the row is still at this version (RULES.md §1). */
  version?: number;
  hours?: number;
  applyDate?: string;
  expireDate?: string;
  /** undefined keeps the description, null clears it. */
  description?: string | null;
};
export type AdjustResult = { ok: true; version: number } | { ok: false; reason: 'not-found' | 'stale' | 'below-used' };

/**
 * Changes a grant's terms. A change of hours or apply date is written as ADJUST entries (`adjustEntries`); the hours
 * may not drop below those already used. Nothing changed → nothing written, same version.
 */
export async function adjustFundRow(db: DbOrTx, input: AdjustInput, byUserId: number | null): Promise<AdjustResult> {
  if (input.hours !== undefined) checkHours(input.hours);
  return inTransaction(db, async (tx) => {
    const row = await repo.findFundRow(tx, input.fundRowId, { forUpdate: true });
    if (!row || row.deleted) return { ok: false, reason: 'not-found' };
    if (input.version !== undefined && row.version !== input.version) return { ok: false, reason: 'stale' };
    const before = { hours: hoursOf(row.amount), applyDate: row.apply_date, expireDate: row.expire_date, description: row.description };
    const after = {
      hours: input.hours ?? before.hours,
      applyDate: input.applyDate ?? before.applyDate,
      expireDate: input.expireDate ?? before.expireDate,
      description: input.description === undefined ? before.description : input.description,
    };
    if (toMilli(after.hours) < toMilli(Number(row.used))) return { ok: false, reason: 'below-used' };
    const unchanged =
      toMilli(after.hours) === toMilli(before.hours) &&
      after.applyDate === before.applyDate &&
      after.expireDate === before.expireDate &&
      after.description === before.description;
    if (unchanged) return { ok: true, version: row.version };
    const version = await repo.updateFundRow(tx, row.id, input.version, after, byUserId);
    if (version === undefined) return { ok: false, reason: 'stale' };
    await repo.insertLedger(
      tx,
      adjustEntries(before, after).map((e) => ({ ...e, employeeId: row.employee_id, fundRowId: row.id, cause: LEDGER_CAUSE.adjust })),
      byUserId,
    );
    return { ok: true, version };
  });
}

export type RemoveResult = { ok: true; version: number; removedHours: number } | { ok: false; reason: 'not-found' | 'stale' };

/**
 * Removes a grant: the row stays (deleted_at) for its ledger and history, and what is left on it goes out as one
 * REMOVE entry on its apply date, so the row then sums to 0. Hours already used stay used; whether a used row may be
 * removed at all is the caller's rule.
 */
export async function removeFundRow(db: DbOrTx, input: { fundRowId: number; version?: number }, byUserId: number | null): Promise<RemoveResult> {
  return inTransaction(db, async (tx) => {
    const row = await repo.findFundRow(tx, input.fundRowId, { forUpdate: true });
    if (!row || row.deleted) return { ok: false, reason: 'not-found' };
    if (input.version !== undefined && row.version !== input.version) return { ok: false, reason: 'stale' };
    const version = await repo.markDeleted(tx, row.id, byUserId);
    if (version === undefined) return { ok: false, reason: 'not-found' };
    const left = hoursOf(row.remaining);
    if (left !== 0) {
      await repo.insertLedger(tx, [{ employeeId: row.employee_id, fundRowId: row.id, hours: -left, cause: LEDGER_CAUSE.remove, entryDate: row.apply_date }], byUserId);
    }
    return { ok: true, version, removedHours: left };
  });
}

export type UseInput = {
  employeeId: number;
  hours: number;
  /** The leave day (YYYY-MM-DD): only rows usable that day are drawn, and the USE entries carry it. */
  date: string;
  /** The request (or other record) the hours are for, e.g. `leave_request:42`; `returnLeave` gives them back by it. */
  sourceId: string;
  /** The funds to draw on; annual leave by default (project leave is drawn with `[FUND_TYPE.project]`). */
  fundTypes?: readonly LeaveFundType[];
  /**
   * An annual leave: beyond the hours on fund rows it may draw on the default accrual of the coming periods
   * (RULES.md §7 advance leave, advance.ts), as USE entries on those periods' future grant rows.
   */
  advance?: boolean;
  byUserId?: number | null;
};
export type UseResult = { ok: true; draws: Draw[] } | { ok: false; reason: 'insufficient'; requestedHours: number; availableHours: number };

/**
 * Draws `hours` from the employee's fund rows usable on `date`, earliest expiry first and on ties in the RULES.md §7
 * order, one USE entry per row drawn; with `advance`, what the rows lack from the coming periods' accrual (advance.ts),
 * the rows first. Refuses (nothing written) when they hold less. The employee's leave lock and the rows' locks are
 * taken first, so concurrent uses of one employee never take a balance below zero (RULES.md §5): run it inside the
 * transaction that approves the request, so the check and the debit commit together.
 */
export async function useLeave(db: DbOrTx, input: UseInput): Promise<UseResult> {
  checkHours(input.hours);
  const fundTypes = input.fundTypes ?? ANNUAL_FUND_TYPES;
  return inTransaction(db, async (tx) => {
    const where = { employeeId: input.employeeId, date: input.date, fundTypes };
    await repo.lockEmployees(tx, [input.employeeId]);
    await repo.lockUsableRows(tx, where);
    const rows = (await repo.usableRows(tx, where)).map(toState);
    let plan = planUse(rows, { hours: input.hours, date: input.date, fundTypes });
    if (!plan.ok && input.advance) plan = await withAdvance(tx, input, plan.availableHours, rows, fundTypes);
    if (!plan.ok) return plan;
    await repo.insertLedger(
      tx,
      plan.draws.map((d) => ({
        employeeId: input.employeeId,
        fundRowId: d.fundRowId,
        hours: -d.hours,
        cause: LEDGER_CAUSE.use,
        entryDate: input.date,
        causeRef: input.sourceId,
      })),
      input.byUserId ?? null,
    );
    await repo.insertLedger(tx, reopenedExpiries(await repo.overdrawnExpiries(tx, plan.draws.map((d) => d.fundRowId))), input.byUserId ?? null);
    return { ok: true, draws: plan.draws };
  });
}

/**
 * A use dated before a row's expiry that was already settled (the year end, the sweep) takes hours the expiry had
 * taken out: the expiry gives them back, so the row sums to 0 again and the period of the expiry shows that much less
 * expired. From the year end's own part first (`year-end:`), then the sweep's, then the carried part.
 */
function reopenedExpiries(rows: readonly repo.SettledExpiryRow[]): repo.LedgerEntry[] {
  const rank = (ref: string | null) => (ref?.startsWith('year-end:') ? 0 : ref?.startsWith('expired:') ? 1 : 2);
  const out: repo.LedgerEntry[] = [];
  const byRow = new Map<number, repo.SettledExpiryRow[]>();
  for (const r of rows) byRow.set(r.fund_row_id, [...(byRow.get(r.fund_row_id) ?? []), r]);
  for (const list of byRow.values()) {
    let owed = -toMilli(Number(list[0]!.total));
    for (const e of [...list].sort((a, b) => rank(a.cause_ref) - rank(b.cause_ref))) {
      const back = Math.min(owed, toMilli(Number(e.expired)));
      if (back <= 0) break;
      out.push({ employeeId: e.employee_id, fundRowId: e.fund_row_id, hours: fromMilli(back), cause: LEDGER_CAUSE.expire, entryDate: e.entry_date, causeRef: e.cause_ref });
      owed -= back;
    }
  }
  return out;
}

/** Every usable row drained, then the rest from the advance periods; insufficient when they hold less too. */
async function withAdvance(tx: DbOrTx, input: UseInput, onRows: number, rows: FundRowState[], fundTypes: readonly LeaveFundType[]): Promise<UseResult> {
  const slots = await advanceSlots(tx, { employeeId: input.employeeId, date: input.date, forUpdate: true });
  const ahead = planAdvance(slots, fromMilli(toMilli(input.hours) - toMilli(onRows)));
  if (ahead === null) {
    return { ok: false, reason: 'insufficient', requestedHours: fromMilli(toMilli(input.hours)), availableHours: fromMilli(toMilli(onRows) + toMilli(advanceHours(slots))) };
  }
  const drained = onRows > 0 ? planUse(rows, { hours: onRows, date: input.date, fundTypes }) : { ok: true as const, draws: [] };
  if (!drained.ok) return drained;
  return { ok: true, draws: [...drained.draws, ...(await advanceDraws(tx, input.employeeId, ahead, input.byUserId ?? null))] };
}

/**
 * Takes the employee's leave lock until the transaction ends (the lock every use takes first): a request's creation
 * reads the balance under it, so a parallel approval of the same employee cannot change it before the write.
 */
export async function lockEmployeeLeave(tx: DbOrTx, employeeId: number): Promise<void> {
  await repo.lockEmployees(tx, [employeeId]);
}

export type ReturnResult = { returnedHours: number; returns: (Draw & { entryDate: string })[] };

/**
 * Gives back what a source drew and has not had back (RULES.md §7: to the rows it came from), one RETURN entry per row
 * and leave day, dated on that day. A row that has expired since keeps the hours expired (`planReturn`). Returning a
 * source twice returns nothing the second time.
 */
export async function returnLeave(db: DbOrTx, input: { sourceId: string; byUserId?: number | null }): Promise<ReturnResult> {
  return inTransaction(db, async (tx) => {
    await repo.lockEmployees(tx, await repo.employeesOfSource(tx, input.sourceId));
    await repo.lockRowsOfSource(tx, input.sourceId);
    const movements = (await repo.movementsOfSource(tx, input.sourceId)).map((m) => ({
      employeeId: m.employee_id,
      fundRowId: m.fund_row_id,
      entryDate: m.entry_date,
      cause: m.cause,
      hours: Number(m.amount),
    }));
    const settled = await repo.settledExpiries(tx, [...new Set(movements.map((m) => m.fundRowId))]);
    const entries = planReturn(movements, settled);
    await repo.insertLedger(tx, entries.map((e) => ({ ...e, causeRef: input.sourceId })), input.byUserId ?? null);
    const returns = entries.filter((e) => e.cause === LEDGER_CAUSE.return).map((e) => ({ fundRowId: e.fundRowId, hours: e.hours, entryDate: e.entryDate }));
    return { returnedHours: fromMilli(returns.reduce((sum, r) => sum + toMilli(r.hours), 0)), returns };
  });
}

const toState = (r: repo.FundRowStateRow): FundRowState => ({
  fundRowId: r.id,
  fundType: r.fund_type,
  applyDate: r.apply_date,
  expireDate: r.expire_date,
  remainingHours: hoursOf(r.remaining),
});

export type BalanceQuery = { employeeId: number; date: string; fundTypes?: readonly LeaveFundType[] };
export type EmployeeBalance = {
  employeeId: number;
  date: string;
  totalHours: number;
  /** Every fund asked for, 0 when the employee has none of it. */
  byFundType: Partial<Record<LeaveFundType, number>>;
  /** The rows behind the figures, in the order a use would draw them. */
  rows: FundRowState[];
};

/**
 * What the employee can use on `date`: the hours left on the rows usable that day (applied, not yet expired, not
 * removed). Every entry of such a row counts whatever its date, since hours promised to a later leave day are no
 * longer free.
 */
export async function employeeBalance(db: DbOrTx, query: BalanceQuery): Promise<EmployeeBalance> {
  const fundTypes = query.fundTypes ?? ANNUAL_FUND_TYPES;
  const rows = (await repo.usableRows(db, { employeeId: query.employeeId, date: query.date, fundTypes })).map(toState);
  const milliByType = new Map<LeaveFundType, number>(fundTypes.map((t) => [t, 0]));
  for (const r of rows) milliByType.set(r.fundType, (milliByType.get(r.fundType) ?? 0) + toMilli(r.remainingHours));
  const total = [...milliByType.values()].reduce((a, b) => a + b, 0);
  return {
    employeeId: query.employeeId,
    date: query.date,
    totalHours: fromMilli(total),
    byFundType: Object.fromEntries([...milliByType].map(([t, m]) => [t, fromMilli(m)])),
    rows: rows.sort(compareForUse),
  };
}

/**
 * `employeeBalance(...).totalHours` for many (employee, date) pairs in one statement (a list of approvals reads each
 * requester's fund at once), keyed by `balanceKeyOf`; a pair without usable rows holds 0.
 */
export async function usableHoursOfMany(db: DbOrTx, queries: readonly BalanceKey[], fundTypes: readonly LeaveFundType[] = ANNUAL_FUND_TYPES): Promise<Map<string, number>> {
  const rows = await repo.usableRowsOfMany(db, { employeeIds: queries.map((q) => q.employeeId), dates: queries.map((q) => q.date), fundTypes });
  const milli = new Map<string, number>(queries.map((q) => [balanceKeyOf(q), 0]));
  for (const r of rows) {
    const key = balanceKeyOf({ employeeId: r.employee_id, date: r.on_date });
    milli.set(key, (milli.get(key) ?? 0) + toMilli(Number(r.remaining)));
  }
  return new Map([...milli].map(([key, m]) => [key, fromMilli(m)]));
}

export type LedgerLine = {
  id: number;
  fundRowId: number;
  fundType: LeaveFundType;
  applyDate: string;
  expireDate: string;
  hours: number;
  cause: LedgerCause;
  sourceId: string | null;
  entryDate: string;
  createdBy: { userId: number; username: string | null } | null;
  createdAt: string;
};

/** The ledger entries behind `employeeBalance` for the same query, line by line; `totalHours` is their sum. */
export async function explainBalance(db: DbOrTx, query: BalanceQuery): Promise<{ totalHours: number; lines: LedgerLine[] }> {
  const fundTypes = query.fundTypes ?? ANNUAL_FUND_TYPES;
  const rows = await repo.ledgerLinesOfUsableRows(db, { employeeId: query.employeeId, date: query.date, fundTypes });
  const lines = rows.map(
    (r): LedgerLine => ({
      id: r.id,
      fundRowId: r.fund_row_id,
      fundType: r.fund_type,
      applyDate: r.apply_date,
      expireDate: r.expire_date,
      hours: hoursOf(r.amount),
      cause: r.cause,
      sourceId: r.cause_ref,
      entryDate: r.entry_date,
      createdBy: r.created_by === null ? null : { userId: r.created_by, username: r.created_by_username },
      createdAt: r.created_at,
    }),
  );
  return { totalHours: fromMilli(lines.reduce((sum, l) => sum + toMilli(l.hours), 0)), lines };
}

// ---------------------------------------------------------------------------------------------------------------
// Set-based variants for jobs over thousands of employees (the accrual engine). The caller holds the employees' leave
// locks (`lockEmployeeSet`) and has checked the used hours (`reconcile` turns a change below them into a conflict);
// the ledger entries are the ones `adjustFundRow` and `removeFundRow` write.

export type FundRowChange = repo.FundRowTerms & {
  employeeId: number;
  /** The entries of the change: ADJUST unless said otherwise (the accrual's grant of an advance row is a GRANT). */
  entries: readonly { hours: number; entryDate: string; cause?: typeof LEDGER_CAUSE.adjust | typeof LEDGER_CAUSE.grant }[];
};

/** Many rows' new terms in one UPDATE and their entries in one INSERT; answers how many rows changed. */
export async function adjustFundRowSet(db: DbOrTx, changes: readonly FundRowChange[], byUserId: number | null, events: { accrual?: boolean } = {}): Promise<number> {
  if (changes.length === 0) return 0;
  for (const c of changes) checkHours(c.hours);
  return inTransaction(db, async (tx) => {
    const changed = await repo.updateFundRowTerms(tx, changes, byUserId);
    await repo.insertLedger(
      tx,
      // A row removed meanwhile is not changed and gets no entries.
      changes
        .filter((c) => changed.has(c.id))
        .flatMap((c) => c.entries.map((e) => ({ employeeId: c.employeeId, fundRowId: c.id, hours: e.hours, cause: e.cause ?? LEDGER_CAUSE.adjust, entryDate: e.entryDate }))),
      byUserId,
      events,
    );
    return changed.size;
  });
}

/**
 * Removes many rows as `removeFundRow` does — a REMOVE of what is left on each — with the REMOVE dated as given (the
 * accrual dates it on the first open day when the row's own date is locked); answers the count.
 */
export async function removeFundRowSet(db: DbOrTx, removals: readonly { fundRowId: number; entryDate: string }[], byUserId: number | null, events: { accrual?: boolean } = {}): Promise<number> {
  if (removals.length === 0) return 0;
  return inTransaction(db, async (tx) => {
    const { removed, entries } = await repo.removeFundRowSet(tx, removals, byUserId);
    // Its REMOVE entries bypass insertLedger: their leave_balance.changed events are queued here (issue 30).
    await queueLeaveBalanceEvents(tx, entries.map((e) => ({ ...e, cause: LEDGER_CAUSE.remove })), events);
    return removed;
  });
}
