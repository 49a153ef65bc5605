import type { DbOrTx } from '../../db/client.ts';
import { financialYearEnd, planYearEnd } from './accrual-engine.ts';
import { ACCRUAL_CHUNK } from './accrual.service.ts';
import { fromMilli, toMilli } from './allocation.ts';
import { carriedHoursOf, yearEndRowsOf, type YearEndRow } from './financial-year.ts';
import { insertLedger, lockEmployeeSet, type LedgerEntry } from './leave.repository.ts';
import { inTransaction } from './leave.service.ts';
import { LEDGER_CAUSE } from './leave.types.ts';
import * as repo from './year-end.repository.ts';

/**
 * Year-end settlement of a financial year (RULES.md §7; accrual-engine.ts planYearEnd): the unused default and
 * seniority hours of the rows expiring on its last day leave them, the carried-over part as `carryover:<fy>` and
 * the rest as `year-end:<fy>` EXPIRE entries. Reconciling: run again after a carryover changed, it writes only the
 * difference, so the year's figures always match its carryover rows.
 *
 * The wanted entries come from the hours left before the year end (its own entries left out) and the hours carried
 * now; per fund row and cause_ref the difference to what is already written is one EXPIRE entry dated 31 Dec
 * (positive when hours come back). Call it for a year whose end has passed: the entries take the hours out of the
 * rows at once. Given the pool and all employees, it works in chunks of one transaction each; given a transaction, it
 * joins it (Leave Carryover settles its employee inside its own write).
 */
export type YearEndSummary = { employees: number; entries: number };

export async function settleYearEnd(
  db: DbOrTx,
  opts: { employeeIds: readonly number[] | null; financialYear: number; byUserId: number | null },
): Promise<YearEndSummary> {
  const ids = opts.employeeIds === null ? await repo.employeesWithYearEndRows(db, opts.financialYear) : [...new Set(opts.employeeIds)].sort((a, b) => a - b);
  let entries = 0;
  for (let start = 0; start < ids.length; start += ACCRUAL_CHUNK) {
    const chunk = ids.slice(start, start + ACCRUAL_CHUNK);
    entries += await inTransaction(db, async (tx) => {
      // A use of these employees waits, so the hours left read below are still true when the entries are written.
      await lockEmployeeSet(tx, chunk);
      const query = { employeeIds: chunk, financialYear: opts.financialYear };
      const [rows, carried, written] = [await yearEndRowsOf(tx, query), await carriedHoursOf(tx, query), await repo.writtenYearEnd(tx, query)];
      const diff = yearEndDifference(opts.financialYear, rows, carried, written);
      await insertLedger(tx, diff, opts.byUserId);
      return diff.length;
    });
  }
  return { employees: ids.length, entries };
}

/** The EXPIRE entries that bring what is written to what `planYearEnd` wants, per fund row and cause_ref. */
function yearEndDifference(
  financialYear: number,
  rows: readonly YearEndRow[],
  carried: ReadonlyMap<number, number>,
  written: readonly repo.WrittenYearEndRow[],
): LedgerEntry[] {
  const byEmployee = new Map<number, YearEndRow[]>();
  for (const r of rows) byEmployee.set(r.employeeId, [...(byEmployee.get(r.employeeId) ?? []), r]);
  const slots = new Map<string, { employeeId: number; fundRowId: number; causeRef: string; milli: number }>();
  const slot = (employeeId: number, fundRowId: number, causeRef: string) => {
    const key = `${fundRowId}|${causeRef}`;
    let s = slots.get(key);
    if (!s) slots.set(key, (s = { employeeId, fundRowId, causeRef, milli: 0 }));
    return s;
  };
  for (const [employeeId, list] of byEmployee) {
    const wanted = planYearEnd({ employeeId, financialYear, rows: list, carriedHours: carried.get(employeeId) ?? 0 });
    for (const w of wanted) slot(employeeId, w.fundRowId, w.causeRef).milli += toMilli(w.hours);
  }
  for (const w of written) slot(w.employee_id, w.fund_row_id, w.cause_ref).milli -= toMilli(Number(w.amount));
  const entryDate = financialYearEnd(financialYear);
  return [...slots.values()]
    .filter((s) => s.milli !== 0)
    .sort((a, b) => a.fundRowId - b.fundRowId || (a.causeRef < b.causeRef ? -1 : 1))
    .map((s) => ({ employeeId: s.employeeId, fundRowId: s.fundRowId, hours: fromMilli(s.milli), cause: LEDGER_CAUSE.expire, entryDate, causeRef: s.causeRef }));
}
