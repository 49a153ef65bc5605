import type { DbOrTx } from '../../db/client.ts';
import { accrualDescription, advancePeriods, type AdvancePeriod } from './accrual-engine.ts';
import { loadAccrualEmployees, loadGeneralConfigs } from './accrual-inputs.ts';
import * as repo from './advance.repository.ts';
import { fromMilli, toMilli, type Draw } from './allocation.ts';
import { insertFundRows } from './leave.repository.ts';
import { FUND_TYPE } from './leave.types.ts';
import { balanceKeyOf, type BalanceKey } from './balance-key.ts';

/**
 * Advance leave (RULES.md §7): an annual leave may use, beyond the hours on fund rows, the default accrual of the next
 * `advanceLeave` payroll periods of its financial year. The debit is a ledger row against the future grant: the USE
 * entry is written on that period's default accrual row (`default:YYYY-MM`), created ahead with no hours, so it holds
 * the debit until the accrual grants the month and settles it (the engine's GRANT brings the row to the month's hours
 * less the advance). A withdrawal returns the hours to that row like any use. One figure serves the balance shown, the
 * check at creation and the draw at approval: `advanceSlots`.
 */

/** A future period's default accrual and what is still free of it to draw ahead. */
export type AdvanceSlot = AdvancePeriod & { fundRowId: number | null; availableHours: number };

/**
 * The advance periods of a leave on `date` with what is left to draw on each: the month's accrual less what earlier
 * advance leave drew on it (or, once the month is granted, what is left on its row). `forUpdate` (in a use) locks the
 * rows already there.
 */
export async function advanceSlots(db: DbOrTx, opts: { employeeId: number; date: string; forUpdate?: boolean }): Promise<AdvanceSlot[]> {
  const configs = await loadGeneralConfigs(db);
  const [employee] = await loadAccrualEmployees(db, [opts.employeeId]);
  const periods = advancePeriods({ configs, contracts: employee?.contracts ?? [], date: opts.date });
  const rows = await repo.futureGrantRows(db, { employeeId: opts.employeeId, keys: periods.map((p) => p.key), forUpdate: opts.forUpdate });
  return slotsOf(periods, rows);
}

/**
 * `advanceSlots` for many (employee, date) pairs, read only (no lock): the general configurations, contracts and future
 * grant rows of all of them in three statements. Keyed by `balanceKeyOf`.
 */
export async function advanceSlotsOfMany(db: DbOrTx, queries: readonly BalanceKey[]): Promise<Map<string, AdvanceSlot[]>> {
  const employeeIds = [...new Set(queries.map((q) => q.employeeId))];
  if (employeeIds.length === 0) return new Map();
  const configs = await loadGeneralConfigs(db);
  const employees = await loadAccrualEmployees(db, employeeIds);
  const contractsOf = new Map(employees.map((e) => [e.id, e.contracts]));
  const periodsOf = queries.map((q) => ({ q, periods: advancePeriods({ configs, contracts: contractsOf.get(q.employeeId) ?? [], date: q.date }) }));
  const keys = [...new Set(periodsOf.flatMap((x) => x.periods.map((p) => p.key)))];
  const rows = await repo.futureGrantRowsOfMany(db, { employeeIds, keys });
  return new Map(periodsOf.map(({ q, periods }) => [balanceKeyOf(q), slotsOf(periods, rows.filter((r) => r.employee_id === q.employeeId))]));
}

/** Pure: what is left to draw ahead on each period, from its future grant row when there is one. */
function slotsOf(periods: readonly AdvancePeriod[], grantRows: readonly repo.FutureGrantRow[]): AdvanceSlot[] {
  const rows = new Map(grantRows.map((r) => [r.source_key, r]));
  return periods.map((p) => {
    const row = rows.get(p.key);
    // A row created ahead holds no hours, only debits; once granted, what is left on it is what is left.
    const milli = row === undefined ? toMilli(p.hours) : (toMilli(Number(row.amount)) > 0 ? 0 : toMilli(p.hours)) + toMilli(Number(row.remaining));
    return { ...p, fundRowId: row?.id ?? null, availableHours: fromMilli(Math.max(0, milli)) };
  });
}

export const advanceHours = (slots: readonly AdvanceSlot[]): number => fromMilli(slots.reduce((s, x) => s + toMilli(x.availableHours), 0));

/** Pure: `hours` drawn from the slots in period order, each drained before the next; null when they hold less. */
export function planAdvance(slots: readonly AdvanceSlot[], hours: number): { slot: AdvanceSlot; hours: number }[] | null {
  let left = toMilli(hours);
  const draws: { slot: AdvanceSlot; hours: number }[] = [];
  for (const slot of slots) {
    if (left === 0) break;
    const take = Math.min(left, toMilli(slot.availableHours));
    if (take > 0) draws.push({ slot, hours: fromMilli(take) });
    left -= take;
  }
  return left > 0 ? null : draws;
}

/**
 * The rows the planned advance draws go to: a slot's future grant row, created ahead (no hours, applied and expiring
 * as the accrual will grant it) when the month has none yet. Call under the employee's leave lock.
 */
export async function advanceDraws(tx: DbOrTx, employeeId: number, planned: readonly { slot: AdvanceSlot; hours: number }[], byUserId: number | null): Promise<Draw[]> {
  const missing = planned.filter((p) => p.slot.fundRowId === null).map((p) => p.slot);
  const created = await insertFundRows(
    tx,
    missing.map((s) => ({
      employeeId,
      fundType: FUND_TYPE.default,
      hours: 0,
      applyDate: s.grantDate,
      expireDate: s.expireDate,
      financialYear: s.financialYear,
      sourceKey: s.key,
      description: accrualDescription(FUND_TYPE.default, s.key.slice(s.key.indexOf(':') + 1)),
    })),
    byUserId,
  );
  const idOf = new Map(missing.map((s, i) => [s.key, created[i]!.id]));
  return planned.map((p) => ({ fundRowId: p.slot.fundRowId ?? idOf.get(p.slot.key)!, hours: p.hours }));
}
