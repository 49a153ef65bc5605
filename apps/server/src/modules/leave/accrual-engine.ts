import { fromMilli, isAvailableOn, planUse, toMilli, type FundRowState } from './allocation.ts';
import { periodContaining, periodOfMonth } from '../payroll-periods/period-calendar.ts';
import { FUND_TYPE, LEDGER_CAUSE, type LeaveFundType } from './leave.types.ts';
import type {
  AccrualInput,
  AccrualRow,
  Contract,
  EngineEntry,
  GeneralConfig,
  IsoDate,
  PayrollPeriod,
  ReconcileAction,
  StoredFundRow,
  YearEndEntry,
} from './accrual-engine.types.ts';

/**
 * The leave accrual engine (RULES.md §7, docs/leave-ledger.md "Accrual engine"): from contracts, the general
 * configurations in force over time and the payroll periods with paid days, the fund rows an employee should have,
 * each under a stable key so a recompute with the same inputs yields the same rows. Pure: no I/O, no clock.
 */

export const PROBATIONARY_CONTRACT = 'P';

/** The fund types the engine owns, by key prefix; rows of other funds (bonus, carryover, project) are never touched. */
const KEY_PREFIX = {
  [FUND_TYPE.default]: 'default',
  [FUND_TYPE.seniority]: 'seniority',
  [FUND_TYPE.reserveProbationary]: 'reserve_probationary',
} as const satisfies Partial<Record<LeaveFundType, string>>;
const ENGINE_KEY = /^(default|seniority|reserve_probationary):\d{4}-\d{2}$/;

export const isEngineKey = (key: string | null): key is string => key !== null && ENGINE_KEY.test(key);

/** The day an engine row's hours are earned and granted: the end of the payroll period of its key's month. */
export const grantDateOfKey = (key: string): IsoDate => periodOfMonth(key.slice(key.indexOf(':') + 1)).to;

/** The financial year is the calendar year (RULES.md §7). */
export const financialYearOf = (date: IsoDate): number => Number(date.slice(0, 4));
export const financialYearEnd = (year: number): IsoDate => `${String(year).padStart(4, '0')}-12-31`;

/** The payroll period a date falls in (RULES.md §4), from the payroll calendar. */
export function payrollPeriodOf(date: IsoDate): { from: IsoDate; to: IsoDate; month: string } {
  const { from, to, month } = periodContaining(date);
  return { from, to, month };
}

/**
 * decision: the configuration in force on a date is the one with apply ≤ date ≤ expire (no expire = open); when
 * several overlap, the latest apply date wins, then the higher id, so the choice is total.
 */
export function configInForce(configs: readonly GeneralConfig[], date: IsoDate): GeneralConfig | null {
  let best: GeneralConfig | null = null;
  for (const c of configs) {
    if (c.applyDate > date || (c.expireDate !== null && c.expireDate < date)) continue;
    if (best === null || c.applyDate > best.applyDate || (c.applyDate === best.applyDate && c.id > best.id)) best = c;
  }
  return best;
}

/**
 * decision: the contract that decides a period's fund is the last one (latest start) overlapping the period — the one in
 * force on its end date, or the last one when employment ended inside it. A probationary contract turned official
 * mid-period therefore gives the whole period to default_leave.
 */
export function contractForPeriod(contracts: readonly Contract[], period: Pick<PayrollPeriod, 'from' | 'to'>): Contract | null {
  let best: Contract | null = null;
  for (const c of contracts) {
    if (c.from > period.to || (c.to !== null && c.to < period.from)) continue;
    if (best === null || laterContract(c, best)) best = c;
  }
  return best;
}

/**
 * Whether `a` decides over `b`: the later start; on the same start (a probationary contract and the official one
 * recorded for the same day) the official one, then the one that runs longer — so the answer never depends on the
 * order the contracts were read in.
 */
function laterContract(a: Contract, b: Contract): boolean {
  if (a.from !== b.from) return a.from > b.from;
  const aOfficial = a.type !== PROBATIONARY_CONTRACT;
  if (aOfficial !== (b.type !== PROBATIONARY_CONTRACT)) return aOfficial;
  if (a.to !== b.to) return a.to === null || (b.to !== null && a.to > b.to);
  return a.type > b.type;
}

/** The day the employee becomes official after `date`: the earliest start of a non-probationary contract after it. */
export function officialStartAfter(contracts: readonly Contract[], date: IsoDate): IsoDate | null {
  let start: IsoDate | null = null;
  for (const c of contracts) {
    if (c.type !== PROBATIONARY_CONTRACT && c.from > date && (start === null || c.from < start)) start = c.from;
  }
  return start;
}

/** Whole years from `from` to `to` (an anniversary counts on its day; 29 Feb anniversaries fall on 1 Mar). */
export function fullYearsBetween(from: IsoDate, to: IsoDate): number {
  if (to < from) return 0;
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) >= from.slice(5) ? years : years - 1;
}

/**
 * A period qualifies when paid days reach `conditionalMonth` % of working days (RULES.md §7), compared in integers
 * (paid × 100 ≥ percent × working) so 80 % of 20 days is exactly 16. decision: a period with no working days accrues
 * nothing.
 */
export function periodQualifies(period: Pick<PayrollPeriod, 'workingDays' | 'paidDays'>, conditionalMonth: number): boolean {
  if (period.workingDays <= 0) return false;
  return Math.round(period.paidDays * 1000) * 100 >= Math.round(conditionalMonth * 1000) * period.workingDays;
}

/**
 * The month-th twelfth (1..12) of a yearly amount, in thousandths, such that the twelve add up to the amount exactly:
 * round(T·m/12) − round(T·(m−1)/12).
 */
export function twelfthMilli(yearMilli: number, month: number): number {
  return Math.round((yearMilli * month) / 12) - Math.round((yearMilli * (month - 1)) / 12);
}

/** Yearly seniority hours on a date: seniorityLeaveHour for each full seniorityLeaveYear years since seniorityDate. */
export function seniorityHoursPerYear(config: GeneralConfig, seniorityDate: IsoDate | null, date: IsoDate): number {
  if (seniorityDate === null || config.seniorityLeaveYear <= 0 || config.seniorityLeaveHour <= 0) return 0;
  return Math.floor(fullYearsBetween(seniorityDate, date) / config.seniorityLeaveYear) * config.seniorityLeaveHour;
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * The accrual fund rows of one employee for every payroll period ended on or before `through`, sorted by key.
 * Per period (month M = the month of its end date, its financial year = M's year):
 * - the configuration in force on the period's end date and the contract of `contractForPeriod` decide;
 * - a qualifying period under an official contract gives `default:M` (leaveHourInMonth) and `seniority:M` (the
 *   M-th twelfth of the yearly seniority hours), both granted and applied on the period's end date and expiring at
 *   the end of the financial year;
 * - a qualifying period under contract P gives `reserve_probationary:M` (leaveHourInMonth), granted on the period's
 *   end date like default accrual (RULES.md §7: shown in the period it is earned) and usable from the first day of
 *   the official contract that follows, expiring at the end of that day's financial year; when no official contract
 *   follows by the expiry of the configuration it was earned under, it is never usable and expires with it.
 */
export function computeAccruals(input: AccrualInput): AccrualRow[] {
  const rows: AccrualRow[] = [];
  for (const period of input.periods) {
    if (period.to > input.through) continue;
    const config = configInForce(input.configs, period.to);
    const contract = contractForPeriod(input.contracts, period);
    if (config === null || contract === null || !periodQualifies(period, config.conditionalMonth)) continue;
    const month = period.to.slice(0, 7);
    const fy = financialYearOf(period.to);
    const base = { employeeId: input.employeeId, month, configId: config.id, grantDate: period.to };
    if (contract.type === PROBATIONARY_CONTRACT) {
      const hours = fromMilli(toMilli(config.leaveHourInMonth));
      if (hours <= 0) continue;
      rows.push({
        ...base,
        ...probationaryTerms(input.contracts, period.to, config.expireDate),
        key: `${KEY_PREFIX[FUND_TYPE.reserveProbationary]}:${month}`,
        fundType: FUND_TYPE.reserveProbationary,
        hours,
      });
      continue;
    }
    const dated = { applyDate: period.to, expireDate: financialYearEnd(fy), financialYear: fy };
    const defaultHours = fromMilli(toMilli(config.leaveHourInMonth));
    if (defaultHours > 0) {
      rows.push({ ...base, ...dated, key: `${KEY_PREFIX[FUND_TYPE.default]}:${month}`, fundType: FUND_TYPE.default, hours: defaultHours });
    }
    const yearly = seniorityHoursPerYear(config, input.seniorityDate, period.to);
    const seniority = fromMilli(twelfthMilli(toMilli(yearly), Number(month.slice(5, 7))));
    if (seniority > 0) {
      rows.push({ ...base, ...dated, key: `${KEY_PREFIX[FUND_TYPE.seniority]}:${month}`, fundType: FUND_TYPE.seniority, hours: seniority });
    }
  }
  return rows.sort(byKey);
}

/** A date no row reaches: a probationary row under an open configuration waits for its official contract. */
export const NEVER = '9999-12-31';

/**
 * When a probationary row earned in the period ending `earnedOn` is usable (RULES.md §7): from the official start
 * that follows, until the end of that day's financial year — when it comes by the expiry of the configuration the
 * hours were earned under (`configExpiry`; null: open, no limit). Otherwise not (yet): the row applies the day after
 * its expiry, which is the configuration's — the expiry sweep settles it then — or, under an open configuration,
 * never comes, so the row waits for the official contract.
 */
export function probationaryTerms(contracts: readonly Contract[], earnedOn: IsoDate, configExpiry: IsoDate | null): Pick<AccrualRow, 'applyDate' | 'expireDate' | 'financialYear'> {
  const official = officialStartAfter(contracts, earnedOn);
  if (official !== null && (configExpiry === null || official <= configExpiry)) {
    return { applyDate: official, expireDate: financialYearEnd(financialYearOf(official)), financialYear: financialYearOf(official) };
  }
  if (configExpiry === null) return { applyDate: NEVER, expireDate: NEVER, financialYear: financialYearOf(earnedOn) };
  return { applyDate: nextDay(configExpiry), expireDate: configExpiry, financialYear: financialYearOf(configExpiry) };
}

/** One future payroll period's default accrual an annual leave may draw on ahead (RULES.md §7 advanceLeave). */
export type AdvancePeriod = {
  /** The engine key of the future grant the draw is a debit against (`default:2026-12`). */
  key: string;
  hours: number;
  grantDate: IsoDate;
  expireDate: IsoDate;
  financialYear: number;
};

/**
 * The periods usable ahead on `date` (RULES.md §7 advanceLeave): the next `advanceLeave` payroll periods not yet
 * accrued (ending after `date`) inside the financial year of `date`, oldest first, each with the leaveHourInMonth of
 * the configuration in force on its end date — the default accrual a leave on `date` may use beyond the hours on fund
 * rows, as a debit against that future grant.
 * decision: the count comes from the configuration in force on `date`; only an employee under an official contract on
 * `date` gets any (probationary hours are not usable yet); a future period with no configuration adds nothing.
 */
export function advancePeriods(input: { configs: readonly GeneralConfig[]; contracts: readonly Contract[]; date: IsoDate }): AdvancePeriod[] {
  const config = configInForce(input.configs, input.date);
  const contract = contractForPeriod(input.contracts, { from: input.date, to: input.date });
  if (config === null || contract === null || contract.type === PROBATIONARY_CONTRACT || config.advanceLeave <= 0) return [];
  const fy = financialYearOf(input.date);
  const yearEnd = financialYearEnd(fy);
  let period = payrollPeriodOf(input.date);
  if (period.to === input.date) period = payrollPeriodOf(nextDay(period.to));
  const out: AdvancePeriod[] = [];
  for (let n = 0; n < config.advanceLeave && period.to <= yearEnd; n++) {
    const future = configInForce(input.configs, period.to);
    const hours = future === null ? 0 : fromMilli(toMilli(future.leaveHourInMonth));
    if (hours > 0) out.push({ key: `${KEY_PREFIX[FUND_TYPE.default]}:${period.month}`, hours, grantDate: period.to, expireDate: yearEnd, financialYear: fy });
    period = payrollPeriodOf(nextDay(period.to));
  }
  return out;
}

/** Hours usable ahead on `date` before any is drawn: the periods of `advancePeriods` and Σ of their hours. */
export function advanceAvailable(input: { configs: readonly GeneralConfig[]; contracts: readonly Contract[]; date: IsoDate }): { periods: number; hours: number } {
  const periods = advancePeriods(input);
  return { periods: periods.length, hours: fromMilli(periods.reduce((s, p) => s + toMilli(p.hours), 0)) };
}

const FUND_LABEL: Partial<Record<LeaveFundType, string>> = {
  [FUND_TYPE.default]: 'Monthly accrual',
  [FUND_TYPE.seniority]: 'Seniority accrual',
  [FUND_TYPE.reserveProbationary]: 'Probationary accrual',
};

/** The description an engine row carries: what it is and the payroll period it is earned in (`Monthly accrual T03-2026`). */
export const accrualDescription = (fundType: LeaveFundType, month: string) => `${FUND_LABEL[fundType] ?? 'Accrual'} ${periodOfMonth(month).name}`;

function nextDay(date: IsoDate): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export type ReconcileOptions = {
  /** RULES.md §4 lock date of the employee's company: nothing is dated on or before it; null when nothing is locked. */
  lockDate: IsoDate | null;
  /** The run's day: stored rows of periods not ended by then (advance rows, leave-advance.ts) are not the run's. */
  through: IsoDate;
};

/**
 * What the persistence job must do to make the stored engine rows match `desired`, sorted by key: grant a missing
 * row, adjust a changed one, remove one no longer earned. Rows without an engine key (bonus, carryover, project,
 * hand-made) are left alone, and so are engine rows of periods not ended by `through` (a future grant an advance
 * leave drew on, settled when its period is accrued).
 * - A grant is one GRANT entry of its hours; a change of hours one entry of the difference (GRANT when the stored row
 *   had none yet: an advance row, whose debit the grant settles; else ADJUST); a removal one REMOVE of what is left.
 *   A move of the apply date (a probationary row's official start) is a change of terms only: the hours were
 *   granted when earned.
 * - Every entry is dated on the grant date (the end of the row's period), or on the first open day when that is on or
 *   before the lock date (RULES.md §4, §7: a change to past inputs adjusts the first open period, never a locked one).
 *   decision: a row whose whole life is locked (it expired on or before the lock date) is never touched — an entry
 *   after its expiry would count in no period and no balance.
 * - A change that would take a row below its used hours is a `conflict`, not an action: decision — the job reports it
 *   and changes nothing on that row.
 * Equal inputs give no actions, so running the job twice writes nothing the second time.
 */
export function reconcile(desired: readonly AccrualRow[], stored: readonly StoredFundRow[], opts: ReconcileOptions): ReconcileAction[] {
  const openFrom = opts.lockDate === null ? null : nextDay(opts.lockDate);
  const dated = (date: IsoDate) => (openFrom !== null && date < openFrom ? openFrom : date);
  const locked = (expireDate: IsoDate) => opts.lockDate !== null && expireDate <= opts.lockDate;
  const byStoredKey = new Map<string, StoredFundRow>();
  for (const s of stored) if (isEngineKey(s.key) && grantDateOfKey(s.key) <= opts.through) byStoredKey.set(s.key, s);
  const actions: { key: string; action: ReconcileAction }[] = [];
  const wanted = new Set<string>();
  for (const row of desired) {
    wanted.add(row.key);
    const s = byStoredKey.get(row.key);
    if (locked(row.expireDate) && (s === undefined || locked(s.expireDate))) continue;
    if (s === undefined) {
      actions.push({ key: row.key, action: { kind: 'grant', row, entryDate: dated(row.grantDate) } });
      continue;
    }
    const same = toMilli(s.hours) === toMilli(row.hours) && s.applyDate === row.applyDate && s.expireDate === row.expireDate && s.fundType === row.fundType;
    if (same) continue;
    if (toMilli(row.hours) < toMilli(s.usedHours)) {
      actions.push({ key: row.key, action: { kind: 'conflict', fundRowId: s.fundRowId, key: row.key, reason: 'below-used', usedHours: s.usedHours, wantedHours: row.hours } });
      continue;
    }
    const delta = toMilli(row.hours) - toMilli(s.hours);
    const entries: EngineEntry[] = delta === 0 ? [] : [{ hours: fromMilli(delta), entryDate: dated(row.grantDate), cause: toMilli(s.hours) === 0 ? 'GRANT' : 'ADJUST' }];
    actions.push({ key: row.key, action: { kind: 'adjust', fundRowId: s.fundRowId, row, entries } });
  }
  for (const [key, s] of byStoredKey) {
    if (wanted.has(key) || locked(s.expireDate)) continue;
    const action: ReconcileAction =
      toMilli(s.usedHours) > 0
        ? { kind: 'conflict', fundRowId: s.fundRowId, key, reason: 'below-used', usedHours: s.usedHours, wantedHours: 0 }
        : { kind: 'remove', fundRowId: s.fundRowId, key, entryDate: dated(grantDateOfKey(key)) };
    actions.push({ key, action });
  }
  return actions.sort(byKey).map((a) => a.action);
}

const YEAR_END_FUNDS: readonly LeaveFundType[] = [FUND_TYPE.seniority, FUND_TYPE.default];

/** The default and seniority rows a financial year's year end settles: those expiring on its last day. */
const yearEndRows = <R extends FundRowState>(rows: readonly R[], financialYear: number): R[] =>
  rows.filter((r) => YEAR_END_FUNDS.includes(r.fundType) && r.expireDate === financialYearEnd(financialYear));

/**
 * `remain-financial-leave` (spec 000, RULES.md §7): the most HR may still carry over from a financial year — the
 * unused default and seniority hours of the year (what is left on the rows expiring at its end) minus the hours
 * already carried over from it. Never below 0.
 */
export function remainFinancialLeave(rows: readonly FundRowState[], financialYear: number, carriedHours: number): number {
  const unused = yearEndRows(rows, financialYear).reduce((sum, r) => sum + Math.max(0, toMilli(r.remainingHours)), 0);
  return fromMilli(Math.max(0, unused - toMilli(carriedHours)));
}

/**
 * Year-end movements of one financial year (RULES.md §7): every default and seniority row expiring on its last day
 * gives up what is left on it, dated that day. The carried-over hours (the year's carryover rows, capped by
 * `remainFinancialLeave`) leave the rows first, drawn in the order of use by `planUse`, as EXPIRE entries with
 * `causeRef` `carryover:<fy>`; the rest expires with `causeRef` `year-end:<fy>`. Only unused hours move. Keys are
 * `expire:<fy>:<row>` and `carry-out:<fy>:<row>`, so a second run (keys in `settledKeys`) plans nothing.
 */
export function planYearEnd(input: {
  employeeId: number;
  financialYear: number;
  rows: readonly FundRowState[];
  carriedHours: number;
  settledKeys?: ReadonlySet<string>;
}): YearEndEntry[] {
  const yearEnd = financialYearEnd(input.financialYear);
  const rows = yearEndRows(input.rows, input.financialYear).filter((r) => isAvailableOn(r, yearEnd) && toMilli(r.remainingHours) > 0);
  const cap = rows.reduce((sum, r) => sum + toMilli(r.remainingHours), 0);
  const carried = Math.min(Math.max(0, toMilli(input.carriedHours)), cap);
  const carriedPerRow = new Map<number, number>();
  if (carried > 0) {
    const plan = planUse(rows, { hours: fromMilli(carried), date: yearEnd, fundTypes: YEAR_END_FUNDS });
    if (plan.ok) for (const d of plan.draws) carriedPerRow.set(d.fundRowId, toMilli(d.hours));
  }
  const settled = input.settledKeys ?? new Set<string>();
  const entries: YearEndEntry[] = [];
  const fy = String(input.financialYear);
  for (const r of [...rows].sort((a, b) => a.fundRowId - b.fundRowId)) {
    const out = carriedPerRow.get(r.fundRowId) ?? 0;
    const rest = toMilli(r.remainingHours) - out;
    const base = { employeeId: input.employeeId, fundRowId: r.fundRowId, cause: LEDGER_CAUSE.expire, entryDate: yearEnd };
    const carryKey = `carry-out:${fy}:${r.fundRowId}`;
    const expireKey = `expire:${fy}:${r.fundRowId}`;
    if (out > 0 && !settled.has(carryKey)) entries.push({ ...base, key: carryKey, hours: -fromMilli(out), causeRef: `carryover:${fy}` });
    if (rest > 0 && !settled.has(expireKey)) entries.push({ ...base, key: expireKey, hours: -fromMilli(rest), causeRef: `year-end:${fy}` });
  }
  return entries;
}
