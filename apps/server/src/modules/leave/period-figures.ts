import type { DbOrTx } from '../../db/client.ts';
import { toMilli } from './allocation.ts';
import { FUND_TYPE, GRANTED_CAUSES, LEDGER_CAUSE, USED_CAUSES, type LeaveFundType, type LedgerCause } from './leave.types.ts';
import * as repo from './period-figures.repository.ts';
import { isEngineKey } from './accrual-engine.ts';
import { periodContaining } from '../payroll-periods/period-calendar.ts';

/**
 * A payroll period's annual leave figures per employee and fund (RULES.md §7 overview; docs/leave-overview.md), read
 * from the ledger only, and the ledger lines behind any of them. For a period [from, to], the day `asOf` =
 * min(today, to), and the employee's rows of a fund still live at `from` (expire date ≥ from), over their entries e
 * dated ≤ to:
 * - availability_begin_period B = Σ e dated before `from`;
 * - addition_leave A = Σ GRANT, CARRYOVER, ADJUST, REMOVE dated in the period;
 * - used_in_period U = −Σ USE, RETURN dated in the period (leave approved ahead included);
 * - expired X = what expired in the period up to `asOf`;
 * - current_leave_fund_availability C = the balance on `asOf`: B + the additions − the uses − the expiries up to it;
 * - leave_fund_availability_end_of_period E = the balance on `to`: B + A − U − every expiry of the period.
 * A row's expiry is its EXPIRE entries once written (the sweep, the year end); a row expiring in the period with none
 * yet expires what it holds on its expire date (Σ of its entries dated up to then, never below 0): scheduled.
 * For an ended period `asOf` = `to`, so C = E. Sums are exact (thousandths of an hour), rounded once, at the end.
 */

export const PERIOD_FIGURES = [
  'availability_begin_period',
  'addition_leave',
  'used_in_period',
  'expired',
  'current_leave_fund_availability',
  'leave_fund_availability_end_of_period',
] as const;
export type PeriodFigure = (typeof PERIOD_FIGURES)[number];
export type PeriodFigures = Record<PeriodFigure, number>;

/** The overview's funds (project leave, in days, is not annual leave). */
export const PERIOD_FUND_TYPES = [
  FUND_TYPE.default,
  FUND_TYPE.seniority,
  FUND_TYPE.prioritize,
  FUND_TYPE.reserve,
  FUND_TYPE.reserveProbationary,
] as const satisfies readonly LeaveFundType[];
export type PeriodFundType = (typeof PERIOD_FUND_TYPES)[number];

/**
 * The disjoint parts the figures are sums of, in thousandths; `used*` and `expired*` as positive hours. `*ToDay` are
 * the parts of the period up to `asOf`.
 */
export type PartsMilli = {
  begin: number;
  addition: number;
  additionToDay: number;
  used: number;
  usedToDay: number;
  expiredToDay: number;
  expiredInPeriod: number;
};
export type Part = keyof PartsMilli;
const ZERO_PARTS: PartsMilli = { begin: 0, addition: 0, additionToDay: 0, used: 0, usedToDay: 0, expiredToDay: 0, expiredInPeriod: 0 };

/** Each figure as the parts it adds up (ledger signs) and the sign a ledger amount takes in it. */
export const FIGURE_DEFINITION: Record<PeriodFigure, { parts: readonly Part[]; sign: 1 | -1 }> = {
  availability_begin_period: { parts: ['begin'], sign: 1 },
  addition_leave: { parts: ['addition'], sign: 1 },
  used_in_period: { parts: ['used'], sign: -1 },
  expired: { parts: ['expiredToDay'], sign: -1 },
  current_leave_fund_availability: { parts: ['begin', 'additionToDay', 'usedToDay', 'expiredToDay'], sign: 1 },
  leave_fund_availability_end_of_period: { parts: ['begin', 'addition', 'used', 'expiredInPeriod'], sign: 1 },
};

/** The day the running figures of [from, to] stop at on `today`. */
export const asOfDay = (to: string, today: string): string => (today < to ? today : to);

/** Thousandths → hours with 2 decimals, half away from zero (as PostgreSQL's round). */
export function roundMilli(milli: number): number {
  const hundredths = Math.round(Math.abs(milli) / 10);
  return hundredths === 0 ? 0 : (Math.sign(milli) * hundredths) / 100;
}

const addParts = (a: PartsMilli, b: PartsMilli): PartsMilli =>
  Object.fromEntries((Object.keys(ZERO_PARTS) as Part[]).map((k) => [k, a[k] + b[k]])) as PartsMilli;

/** The six figures of one set of parts, each rounded once. */
export function figuresOf(p: PartsMilli): PeriodFigures {
  return {
    availability_begin_period: roundMilli(p.begin),
    addition_leave: roundMilli(p.addition),
    used_in_period: roundMilli(p.used),
    expired: roundMilli(p.expiredToDay),
    current_leave_fund_availability: roundMilli(p.begin + p.additionToDay - p.usedToDay - p.expiredToDay),
    leave_fund_availability_end_of_period: roundMilli(p.begin + p.addition - p.used - p.expiredInPeriod),
  };
}

export type EmployeePeriodFigures = { byFund: Record<PeriodFundType, PeriodFigures>; total: PeriodFigures };

/** Every fund 0: an employee without entries in the period. */
export function emptyPeriodFigures(): EmployeePeriodFigures {
  const zero = figuresOf(ZERO_PARTS);
  return { byFund: Object.fromEntries(PERIOD_FUND_TYPES.map((f) => [f, { ...zero }])) as EmployeePeriodFigures['byFund'], total: { ...zero } };
}

export type PeriodQuery = { from: string; to: string; today: string };

/** The figures of the employees over the period, per fund and in total: one statement for all of them. */
export async function periodFigures(db: DbOrTx, opts: PeriodQuery & { employeeIds: readonly number[] }): Promise<Map<number, EmployeePeriodFigures>> {
  const bounds = { from: opts.from, to: opts.to, asOf: asOfDay(opts.to, opts.today) };
  const rows = await repo.fundParts(db, { employeeIds: opts.employeeIds, bounds, fundTypes: PERIOD_FUND_TYPES });
  const parts = new Map<number, Map<PeriodFundType, PartsMilli>>();
  for (const r of rows) {
    const byFund = parts.get(r.employee_id) ?? new Map<PeriodFundType, PartsMilli>();
    byFund.set(r.fund_type as PeriodFundType, {
      begin: toMilli(Number(r.begin)),
      addition: toMilli(Number(r.addition)),
      additionToDay: toMilli(Number(r.addition_to_day)),
      used: toMilli(Number(r.used)),
      usedToDay: toMilli(Number(r.used_to_day)),
      expiredToDay: toMilli(Number(r.expired_to_day)),
      expiredInPeriod: toMilli(Number(r.expired_in_period)),
    });
    parts.set(r.employee_id, byFund);
  }
  const out = new Map<number, EmployeePeriodFigures>();
  for (const employeeId of opts.employeeIds) {
    const byFund = parts.get(employeeId);
    let total = ZERO_PARTS;
    const figures = {} as EmployeePeriodFigures['byFund'];
    for (const fund of PERIOD_FUND_TYPES) {
      const p = byFund?.get(fund) ?? ZERO_PARTS;
      total = addParts(total, p);
      figures[fund] = figuresOf(p);
    }
    out.set(employeeId, { byFund: figures, total: figuresOf(total) });
  }
  return out;
}

export type FigureLine = {
  /** The ledger entry's id; 0 for a scheduled expiry, which is not written yet. */
  id: number;
  entryDate: string;
  fundRowId: number;
  fundType: PeriodFundType;
  applyDate: string;
  expireDate: string;
  /** The ledger amount as written (or, scheduled, as it will be written). */
  amount: number;
  /** What it adds to the figure: sign × amount. */
  hours: number;
  cause: LedgerCause;
  causeRef: string | null;
  /** An expiry the ledger will record on the row's expire date: what the row holds then. */
  scheduled: boolean;
  createdBy: { username: string | null; name: string | null } | null;
  createdAt: string | null;
};

type Line = Omit<FigureLine, 'hours'> & { milli: number };

/** The parts a written entry (or a scheduled expiry) belongs to; none when it is dated after the period. */
export function partsOfLine(line: { entryDate: string; cause: LedgerCause; scheduled: boolean }, bounds: repo.PeriodBounds): Part[] {
  const { from, to, asOf } = bounds;
  if (line.entryDate > to) return [];
  if (line.entryDate < from) return line.scheduled ? [] : ['begin'];
  const toDay = line.entryDate <= asOf;
  if (line.scheduled || line.cause === LEDGER_CAUSE.expire) return toDay ? ['expiredInPeriod', 'expiredToDay'] : ['expiredInPeriod'];
  if ((GRANTED_CAUSES as readonly string[]).includes(line.cause)) return toDay ? ['addition', 'additionToDay'] : ['addition'];
  if ((USED_CAUSES as readonly string[]).includes(line.cause)) return toDay ? ['used', 'usedToDay'] : ['used'];
  return [];
}

/**
 * The scheduled expiries of the rows behind `lines`: a row expiring inside [from, to] that has no EXPIRE entry yet
 * expires what it holds on its expire date (Σ of its entries dated up to then), never below 0.
 */
function scheduledExpiries(lines: readonly Line[], bounds: repo.PeriodBounds): Line[] {
  const rows = new Map<number, { first: Line; held: number; settled: boolean }>();
  for (const l of lines) {
    const row = rows.get(l.fundRowId) ?? { first: l, held: 0, settled: false };
    if (l.cause === LEDGER_CAUSE.expire) row.settled = true;
    else if (l.entryDate <= l.expireDate) row.held += l.milli;
    rows.set(l.fundRowId, row);
  }
  const out: Line[] = [];
  for (const { first, held, settled } of rows.values()) {
    if (settled || first.expireDate < bounds.from || first.expireDate > bounds.to || held <= 0) continue;
    out.push({
      ...first,
      id: 0,
      entryDate: first.expireDate,
      milli: -held,
      amount: -held / 1000,
      cause: LEDGER_CAUSE.expire,
      causeRef: `scheduled:${first.fundRowId}`,
      scheduled: true,
      createdBy: null,
      createdAt: null,
    });
  }
  return out;
}

/**
 * The ledger lines behind one figure of one employee's fund (or of all five) over the period, each signed as it
 * counts, a scheduled expiry as a line of its own; `total` = Σ lines = the figure of `periodFigures`, to the hundredth.
 */
export async function explainPeriodFigure(
  db: DbOrTx,
  opts: PeriodQuery & { employeeId: number; figure: PeriodFigure; fundTypes?: readonly PeriodFundType[] },
): Promise<{ sign: 1 | -1; total: number; lines: FigureLine[] }> {
  const { parts, sign } = FIGURE_DEFINITION[opts.figure];
  const bounds = { from: opts.from, to: opts.to, asOf: asOfDay(opts.to, opts.today) };
  const rows = await repo.periodLines(db, { employeeId: opts.employeeId, bounds, fundTypes: opts.fundTypes ?? PERIOD_FUND_TYPES });
  const written: Line[] = rows.map((r) => {
    const milli = toMilli(Number(r.amount));
    return {
      id: r.id,
      entryDate: r.entry_date,
      fundRowId: r.fund_row_id,
      fundType: r.fund_type as PeriodFundType,
      applyDate: r.apply_date,
      expireDate: r.expire_date,
      milli,
      amount: milli / 1000,
      cause: r.cause,
      causeRef: r.cause_ref,
      scheduled: false,
      createdBy: r.created_by_username === null && r.created_by_name === null ? null : { username: r.created_by_username, name: r.created_by_name },
      createdAt: r.created_at,
    };
  });
  const all = [...written, ...scheduledExpiries(written, bounds)].sort((a, b) => (a.entryDate < b.entryDate ? -1 : a.entryDate > b.entryDate ? 1 : (a.id || Infinity) - (b.id || Infinity)));
  let milli = 0;
  const lines: FigureLine[] = [];
  for (const { milli: m, ...l } of all) {
    if (!partsOfLine(l, bounds).some((p) => parts.includes(p))) continue;
    milli += sign * m;
    lines.push({ ...l, hours: (sign * m) / 1000 });
  }
  return { sign, total: roundMilli(milli), lines };
}

/**
 * Hours accrued for each month of the financial year `year` (calendar year; the payroll month is that of the period's
 * end): Σ of the granted entries of the default, seniority and probationary rows keyed for that month, and of the
 * rows of those funds without a key (an opening balance, a hand-made grant) in the payroll month of their apply date,
 * so every hour granted to these funds shows in the list (issue 26 §11: a 96 h grant dated 25/01 left every month
 * 'Not allowed'). Map of employee → 'YYYY-MM' → hours (2 decimals); months with nothing are absent.
 */
export async function accrualByMonth(db: DbOrTx, opts: { employeeIds: readonly number[]; year: number }): Promise<Map<number, Map<string, number>>> {
  const rows = await repo.monthAccruals(db, opts);
  const milli = new Map<number, Map<string, number>>();
  for (const r of rows) {
    const month = isEngineKey(r.source_key) ? r.source_key.slice(-7) : periodContaining(r.apply_date).month;
    if (!month.startsWith(`${opts.year}-`)) continue;
    const months = milli.get(r.employee_id) ?? new Map<string, number>();
    months.set(month, (months.get(month) ?? 0) + toMilli(Number(r.hours)));
    milli.set(r.employee_id, months);
  }
  return new Map([...milli].map(([employeeId, months]) => [employeeId, new Map([...months].map(([m, v]) => [m, roundMilli(v)]))]));
}
