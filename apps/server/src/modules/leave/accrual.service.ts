import type { DbOrTx } from '../../db/client.ts';
import { accrualDescription, computeAccruals, financialYearOf, reconcile } from './accrual-engine.ts';
import type { AccrualRow, ReconcileAction, StoredFundRow } from './accrual-engine.types.ts';
import { loadAccrualEmployees, loadGeneralConfigs, loadPaidPeriods, type AccrualEmployee } from './accrual-inputs.ts';
import * as repo from './accrual.repository.ts';
import { checkHours, fromMilli, toMilli } from './allocation.ts';
import { lockEmployeeSet } from './leave.repository.ts';
import { adjustFundRowSet, inTransaction, removeFundRowSet, type FundRowChange } from './leave.service.ts';
import { LEDGER_CAUSE } from './leave.types.ts';
import { queueLeaveBalanceEvents } from './leave-webhook-events.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';

/**
 * Persisting the accrual engine (docs/leave-ledger.md "Persisting"): for the employees of a run, in chunks of one
 * transaction each, the engine's rows over the payroll periods of the current and the previous financial year that
 * have ended by `through` are compared with the stored engine rows (`reconcile`) and the difference is written through
 * the leave core: grants, adjustments, removals. A change below a row's used hours is a conflict, reported and never
 * applied. Equal inputs write nothing.
 *
 * decision: a run recomputes the current and the previous financial year (a late paid-days change in January still
 * fixes December's accrual); rows of older years are never touched.
 */

/** Employees per transaction: bounded locks (one advisory lock each) and statements of a few thousand rows. */
export const ACCRUAL_CHUNK = 1000;
/**
 * Rows granted after which the leave tables' planner statistics are refreshed, once at least as many rows as at the
 * previous refresh were granted since (the tables doubled): a full run of 10 chunks analyzes 4 times, not 10.
 */
const ANALYZE_AFTER_ROWS = 5000;
/** Conflicts listed in a run's summary (all are counted). */
const CONFLICTS_LISTED = 50;

export type AccrualConflict = { employeeId: number; fundRowId: number; key: string; usedHours: number; wantedHours: number };

export type LeaveAccrualRun = {
  employees: number;
  granted: number;
  adjusted: number;
  removed: number;
  conflicts: number;
  /** The first conflicts, by employee then key. */
  conflictList: AccrualConflict[];
};

export type LeaveAccrualOptions = {
  /** null: every employee. */
  employeeIds: readonly number[] | null;
  /** Today: periods ending after it are not accrued yet. */
  through: string;
  byUserId: number | null;
  onProgress?: (done: number, total: number) => Promise<void> | void;
  chunkSize?: number;
  /**
   * The lock date to respect for every company instead of the stored ones (RULES.md §4). Only the demo seed passes
   * it (null): it replays its periods' accrual as it ran when each ended, before the period was approved.
   */
  lockDateOverride?: string | null;
};

const describe = (row: AccrualRow) => accrualDescription(row.fundType, row.month);

export async function runLeaveAccrual(db: DbOrTx, opts: LeaveAccrualOptions): Promise<LeaveAccrualRun> {
  const fy = financialYearOf(opts.through);
  const from = `${fy - 1}-01-01`;
  const ids = await repo.employeeIds(db, opts.employeeIds);
  const configs = await loadGeneralConfigs(db);
  const run: LeaveAccrualRun = { employees: ids.length, granted: 0, adjusted: 0, removed: 0, conflicts: 0, conflictList: [] };
  const size = Math.max(1, opts.chunkSize ?? ACCRUAL_CHUNK);
  await opts.onProgress?.(0, ids.length);
  let grantedAtAnalyze = 0;
  for (let start = 0; start < ids.length; start += size) {
    const chunk = ids.slice(start, start + size);
    const done = await inTransaction(db, async (tx) => {
      // Held to the commit: a leave use of these employees waits, so the used hours read below stay true.
      await lockEmployeeSet(tx, chunk);
      const employees = await loadAccrualEmployees(tx, chunk);
      const lockOf = await lockDatesOf(tx, employees, opts.lockDateOverride);
      const periods = await loadPaidPeriods(tx, { employeeIds: chunk, from, to: opts.through });
      const storedRows = await repo.engineRows(tx, { employeeIds: chunk, fromMonth: `${fy - 1}-01` });
      const stored = groupStored(storedRows, new Map());
      const desired = new Map<number, AccrualRow[]>();
      const planned = new Map<number, ReconcileAction[]>();
      for (const e of employees) {
        const rows = computeAccruals({
          employeeId: e.id,
          contracts: e.contracts,
          seniorityDate: e.seniorityDate,
          configs,
          periods: periods.get(e.id) ?? [],
          through: opts.through,
        });
        desired.set(e.id, rows);
        planned.set(e.id, reconcile(rows, stored.get(e.id) ?? [], { lockDate: lockOf(e), through: opts.through }));
      }
      // Used hours decide only what happens to a stored row that changes or goes (reconcile: an equal row is kept
      // whatever its use, a grant has none): planned with 0 first, the employees with such an action are planned
      // again with their rows' used hours, read for those rows only. measured: reading every row's used hours (its
      // USE/RETURN entries) was ~half of a no-change run's database time.
      const touched = employees.filter((e) => planned.get(e.id)!.some((a) => a.kind !== 'grant')).map((e) => e.id);
      if (touched.length > 0) {
        const touchedSet = new Set(touched);
        const used = await repo.usedHours(tx, storedRows.filter((r) => touchedSet.has(r.employee_id)).map((r) => r.id));
        const exact = groupStored(storedRows.filter((r) => touchedSet.has(r.employee_id)), used);
        for (const e of employees) if (touchedSet.has(e.id)) planned.set(e.id, reconcile(desired.get(e.id)!, exact.get(e.id) ?? [], { lockDate: lockOf(e), through: opts.through }));
      }
      const actions: EmployeeAction[] = [];
      for (const e of employees) for (const action of planned.get(e.id)!) actions.push({ employeeId: e.id, action });
      return applyActions(tx, actions, opts.byUserId);
    });
    // The tables grew a lot: the next chunk's lookups need statistics that know it (analyzeLeaveTables).
    const sinceAnalyze = run.granted + done.granted - grantedAtAnalyze;
    if (sinceAnalyze >= ANALYZE_AFTER_ROWS && sinceAnalyze >= grantedAtAnalyze) {
      await repo.analyzeLeaveTables(db);
      grantedAtAnalyze = run.granted + done.granted;
    }
    run.granted += done.granted;
    run.adjusted += done.adjusted;
    run.removed += done.removed;
    run.conflicts += done.conflicts.length;
    run.conflictList.push(...done.conflicts.slice(0, CONFLICTS_LISTED - run.conflictList.length));
    await opts.onProgress?.(Math.min(ids.length, start + size), ids.length);
  }
  return run;
}

/**
 * The lock date of each employee's company (RULES.md §4), read once per company in the transaction that holds the
 * chunk's locks; `override` (when given) replaces them all (the demo's replay).
 */
async function lockDatesOf(tx: DbOrTx, employees: readonly AccrualEmployee[], override: string | null | undefined): Promise<(e: AccrualEmployee) => string | null> {
  const byCompany = new Map<number, string | null>();
  for (const companyId of new Set(employees.map((e) => e.companyId))) {
    byCompany.set(companyId, override !== undefined ? override : await getLockDate(tx, companyId));
  }
  return (e) => byCompany.get(e.companyId) ?? null;
}

/** The stored rows by employee, with the used hours given (0 for a row not in `used`). */
function groupStored(rows: readonly repo.EngineRowRow[], used: ReadonlyMap<number, string>): Map<number, StoredFundRow[]> {
  const out = new Map<number, StoredFundRow[]>();
  for (const r of rows) {
    const list = out.get(r.employee_id) ?? [];
    list.push({
      fundRowId: r.id,
      key: r.source_key,
      fundType: r.fund_type,
      hours: fromMilli(toMilli(Number(r.amount))),
      applyDate: r.apply_date,
      expireDate: r.expire_date,
      usedHours: fromMilli(toMilli(Number(used.get(r.id) ?? 0))),
    });
    out.set(r.employee_id, list);
  }
  return out;
}

type EmployeeAction = { employeeId: number; action: ReconcileAction };

/** Writes a chunk's actions set-based: one grant call, one adjust call, one remove call. */
async function applyActions(
  tx: DbOrTx,
  actions: readonly EmployeeAction[],
  byUserId: number | null,
): Promise<{ granted: number; adjusted: number; removed: number; conflicts: AccrualConflict[] }> {
  const grants: repo.EngineGrant[] = [];
  const changes: FundRowChange[] = [];
  const removals: { fundRowId: number; entryDate: string }[] = [];
  const conflicts: AccrualConflict[] = [];
  for (const { employeeId, action: a } of actions) {
    if (a.kind === 'grant') {
      const r = a.row;
      grants.push({
        employeeId: r.employeeId,
        fundType: r.fundType,
        hours: r.hours,
        entryDate: a.entryDate,
        applyDate: r.applyDate,
        expireDate: r.expireDate,
        financialYear: r.financialYear,
        description: describe(r),
        sourceKey: r.key,
      });
    } else if (a.kind === 'adjust') {
      const r = a.row;
      const entries = a.entries.map((e) => ({ hours: e.hours, entryDate: e.entryDate, cause: e.cause === 'GRANT' ? LEDGER_CAUSE.grant : LEDGER_CAUSE.adjust }));
      changes.push({ id: a.fundRowId, employeeId, hours: r.hours, applyDate: r.applyDate, expireDate: r.expireDate, financialYear: r.financialYear, entries });
    } else if (a.kind === 'remove') {
      removals.push({ fundRowId: a.fundRowId, entryDate: a.entryDate });
    } else {
      conflicts.push({ employeeId, fundRowId: a.fundRowId, key: a.key, usedHours: a.usedHours, wantedHours: a.wantedHours });
    }
  }
  // grantFundRows' rows and GRANT entries, written in one statement (insertEngineGrants).
  for (const g of grants) checkHours(g.hours);
  const granted = await repo.insertEngineGrants(tx, grants, byUserId);
  await queueLeaveBalanceEvents(tx, grants.map((g) => ({ employeeId: g.employeeId, fundRowId: null, fundType: g.fundType, hours: g.hours, cause: LEDGER_CAUSE.grant })), { accrual: true });
  const adjusted = await adjustFundRowSet(tx, changes, byUserId, { accrual: true });
  const removed = await removeFundRowSet(tx, removals, byUserId, { accrual: true });
  return { granted, adjusted, removed, conflicts };
}
