import { ANNUAL_FUND_TYPES, LEDGER_CAUSE, type LeaveFundType, type LedgerCause } from './leave.types.ts';

/**
 * The pure rules of the leave ledger (RULES.md §7, docs/leave-ledger.md): which fund rows a use draws on and in what
 * order, what a return gives back, the entries of an edited grant, and a fund row's balance. No I/O, no clock.
 * Amounts are computed in thousandths of an hour (the ledger's numeric(10,3)), so sums are exact.
 */

export const toMilli = (hours: number): number => Math.round(hours * 1000);
export const fromMilli = (milli: number): number => milli / 1000;

/** A fund row as allocation sees it: its dates and what is left on it (Σ of its ledger entries). */
export type FundRowState = {
  fundRowId: number;
  fundType: LeaveFundType;
  applyDate: string;
  expireDate: string;
  remainingHours: number;
};

/** Position in the RULES.md §7 tie order; a fund outside it (project leave) comes after. */
export function tieRank(fundType: LeaveFundType): number {
  const i = (ANNUAL_FUND_TYPES as readonly LeaveFundType[]).indexOf(fundType);
  return i === -1 ? ANNUAL_FUND_TYPES.length : i;
}

/**
 * Earliest expiry first; ties by fund (RULES.md §7); then the earlier grant, then the older row, so the order is
 * total and the same rows are always drawn for the same state.
 */
export function compareForUse(a: FundRowState, b: FundRowState): number {
  if (a.expireDate !== b.expireDate) return a.expireDate < b.expireDate ? -1 : 1;
  const rank = tieRank(a.fundType) - tieRank(b.fundType);
  if (rank !== 0) return rank;
  if (a.applyDate !== b.applyDate) return a.applyDate < b.applyDate ? -1 : 1;
  return a.fundRowId - b.fundRowId;
}

/** A row is usable on a date from its apply date to its expire date, both inclusive. */
export const isAvailableOn = (row: Pick<FundRowState, 'applyDate' | 'expireDate'>, date: string): boolean =>
  row.applyDate <= date && date <= row.expireDate;

export type Draw = { fundRowId: number; hours: number };
export type UsePlan =
  | { ok: true; draws: Draw[] }
  | { ok: false; reason: 'insufficient'; requestedHours: number; availableHours: number };

/** Hours of leave are positive with at most 3 decimals (the ledger's precision). */
export function checkHours(hours: number): void {
  if (!Number.isFinite(hours) || hours <= 0 || Math.abs(toMilli(hours) - hours * 1000) > 1e-6) {
    throw new RangeError(`leave hours must be positive with at most 3 decimals, got ${hours}`);
  }
}

/**
 * Which rows a use of `hours` on `date` draws from: the rows of `fundTypes` usable on that date with hours left, in
 * `compareForUse` order, each drained before the next. All or nothing: when the rows hold less than asked, nothing is
 * drawn and the plan says how much there was.
 */
export function planUse(
  rows: readonly FundRowState[],
  request: { hours: number; date: string; fundTypes?: readonly LeaveFundType[] },
): UsePlan {
  checkHours(request.hours);
  const types = new Set<LeaveFundType>(request.fundTypes ?? ANNUAL_FUND_TYPES);
  const usable = rows
    .filter((r) => types.has(r.fundType) && isAvailableOn(r, request.date) && toMilli(r.remainingHours) > 0)
    .sort(compareForUse);
  let left = toMilli(request.hours);
  const draws: Draw[] = [];
  for (const row of usable) {
    if (left === 0) break;
    const take = Math.min(left, toMilli(row.remainingHours));
    draws.push({ fundRowId: row.fundRowId, hours: fromMilli(take) });
    left -= take;
  }
  if (left > 0) {
    const available = usable.reduce((sum, r) => sum + toMilli(r.remainingHours), 0);
    return { ok: false, reason: 'insufficient', requestedHours: fromMilli(toMilli(request.hours)), availableHours: fromMilli(available) };
  }
  return { ok: true, draws };
}

/** A ledger entry written under one source (a request), as `returnLeave` reads them back. */
export type SourceMovement = { employeeId: number; fundRowId: number; entryDate: string; cause: LedgerCause; hours: number };

export type PlannedEntry = { employeeId: number; fundRowId: number; hours: number; cause: LedgerCause; entryDate: string };

/**
 * What a withdrawal gives back (RULES.md §7): for each fund row and day, the hours the source drew there and has not
 * had back yet, as a RETURN entry on that row and that day, so the use is cancelled where it happened. A second return
 * of the same source finds nothing left and plans nothing.
 *
 * decision: a row that has expired keeps the returned hours but they stay expired (availability is by date). When
 * the row's expiry was already settled by an EXPIRE entry (`settledExpiry`: fund row → that entry's date), the
 * returned hours expire again by an equal EXPIRE entry on that date, so the settled row still sums to what it did.
 */
export function planReturn(movements: readonly SourceMovement[], settledExpiry: ReadonlyMap<number, string> = new Map()): PlannedEntry[] {
  const net = new Map<string, { employeeId: number; fundRowId: number; entryDate: string; milli: number }>();
  for (const m of movements) {
    if (m.cause !== LEDGER_CAUSE.use && m.cause !== LEDGER_CAUSE.return) continue;
    const key = `${m.fundRowId}|${m.entryDate}`;
    const slot = net.get(key) ?? { employeeId: m.employeeId, fundRowId: m.fundRowId, entryDate: m.entryDate, milli: 0 };
    slot.milli -= toMilli(m.hours);
    net.set(key, slot);
  }
  const entries: PlannedEntry[] = [];
  const slots = [...net.values()].filter((s) => s.milli > 0);
  slots.sort((a, b) => a.fundRowId - b.fundRowId || (a.entryDate < b.entryDate ? -1 : a.entryDate > b.entryDate ? 1 : 0));
  for (const s of slots) {
    entries.push({ employeeId: s.employeeId, fundRowId: s.fundRowId, hours: fromMilli(s.milli), cause: LEDGER_CAUSE.return, entryDate: s.entryDate });
    const settledOn = settledExpiry.get(s.fundRowId);
    if (settledOn !== undefined) {
      entries.push({ employeeId: s.employeeId, fundRowId: s.fundRowId, hours: -fromMilli(s.milli), cause: LEDGER_CAUSE.expire, entryDate: settledOn });
    }
  }
  return entries;
}

export type GrantTerms = { hours: number; applyDate: string };

/**
 * Ledger entries of an edited grant, dated when the hours become available: a change of hours is one ADJUST of the
 * difference on the apply date; a new apply date moves the grant (−old hours on the old date, +new on the new date).
 */
export function adjustEntries(before: GrantTerms, after: GrantTerms): { hours: number; entryDate: string }[] {
  if (before.applyDate !== after.applyDate) {
    return [
      { hours: -before.hours, entryDate: before.applyDate },
      { hours: after.hours, entryDate: after.applyDate },
    ];
  }
  const delta = fromMilli(toMilli(after.hours) - toMilli(before.hours));
  return delta === 0 ? [] : [{ hours: delta, entryDate: after.applyDate }];
}

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

export type FundRowBalance = { usedHours: number; remainHours: number; expiredHours: number; isExpired: boolean };

/**
 * One fund row from its ledger totals, hours with 2 decimals: remaining = granted − used while the row has not expired
 * (expire date today or later), else 0; expired = granted − used once it has, else 0.
 */
export function fundRowBalance(totals: { granted: number; used: number; expireDate: string }, today: string): FundRowBalance {
  const isExpired = totals.expireDate < today;
  const left = round2(totals.granted - totals.used);
  return { usedHours: round2(totals.used), remainHours: isExpired ? 0 : left, expiredHours: isExpired ? left : 0, isExpired };
}
