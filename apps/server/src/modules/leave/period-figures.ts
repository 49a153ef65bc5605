import type { DbOrTx } from '../../db/client.ts';
import { toMilli } from './allocation.ts';
import { FUND_TYPE, type LeaveFundType, type LedgerCause } from './leave.types.ts';
import * as repo from './period-figures.repository.ts';

/**
 * A payroll period's annual leave figures per employee and fund (RULES.md §7 overview; docs/leave-overview.md), read
 * from the ledger only, and the ledger lines behind any of them. For a period [from, to] and the employee's rows of a
 * fund still live at `from` (expire date ≥ from), over their entries e dated ≤ to:
 * - availability_begin_period B = Σ e dated before `from`;
 * - addition_leave A = Σ GRANT, CARRYOVER, ADJUST, REMOVE dated in the period;
 * - used_in_period U = −Σ USE, RETURN dated in the period;
 * - expired X = −Σ EXPIRE dated in the period;
 * - current_leave_fund_availability C = B + A;
 * - leave_fund_availability_end_of_period E = C − U − X (= Σ of every entry counted).
 * Sums are exact (thousandths of an hour) and rounded once, to hundredths, at the end.
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

/** Each figure as the parts it adds up and the sign a ledger amount takes in it. */
export const FIGURE_DEFINITION: Record<PeriodFigure, { parts: readonly repo.FigurePart[]; sign: 1 | -1 }> = {
  availability_begin_period: { parts: ['begin'], sign: 1 },
  addition_leave: { parts: ['addition'], sign: 1 },
  used_in_period: { parts: ['used'], sign: -1 },
  expired: { parts: ['expired'], sign: -1 },
  current_leave_fund_availability: { parts: ['begin', 'addition'], sign: 1 },
  leave_fund_availability_end_of_period: { parts: ['begin', 'addition', 'used', 'expired'], sign: 1 },
};

/** Thousandths → hours with 2 decimals, half away from zero (as PostgreSQL's round). */
export function roundMilli(milli: number): number {
  const hundredths = Math.round(Math.abs(milli) / 10);
  return hundredths === 0 ? 0 : (Math.sign(milli) * hundredths) / 100;
}

/** The four parts of a fund, in thousandths, `used` and `expired` as positive hours. */
export type PartsMilli = { begin: number; addition: number; used: number; expired: number };
const ZERO_PARTS: PartsMilli = { begin: 0, addition: 0, used: 0, expired: 0 };

const addParts = (a: PartsMilli, b: PartsMilli): PartsMilli => ({
  begin: a.begin + b.begin,
  addition: a.addition + b.addition,
  used: a.used + b.used,
  expired: a.expired + b.expired,
});

/** The six figures of one set of parts, each rounded once. */
export function figuresOf(p: PartsMilli): PeriodFigures {
  const current = p.begin + p.addition;
  return {
    availability_begin_period: roundMilli(p.begin),
    addition_leave: roundMilli(p.addition),
    used_in_period: roundMilli(p.used),
    expired: roundMilli(p.expired),
    current_leave_fund_availability: roundMilli(current),
    leave_fund_availability_end_of_period: roundMilli(current - p.used - p.expired),
  };
}

export type EmployeePeriodFigures = { byFund: Record<PeriodFundType, PeriodFigures>; total: PeriodFigures };

/** Every fund 0: an employee without entries in the period. */
export function emptyPeriodFigures(): EmployeePeriodFigures {
  const zero = figuresOf(ZERO_PARTS);
  return { byFund: Object.fromEntries(PERIOD_FUND_TYPES.map((f) => [f, { ...zero }])) as EmployeePeriodFigures['byFund'], total: { ...zero } };
}

/** The figures of the employees over the period, per fund and in total: one statement for all of them. */
export async function periodFigures(db: DbOrTx, opts: { employeeIds: readonly number[]; from: string; to: string }): Promise<Map<number, EmployeePeriodFigures>> {
  const rows = await repo.fundParts(db, { employeeIds: opts.employeeIds, bounds: opts, fundTypes: PERIOD_FUND_TYPES });
  const parts = new Map<number, Map<PeriodFundType, PartsMilli>>();
  for (const r of rows) {
    const byFund = parts.get(r.employee_id) ?? new Map<PeriodFundType, PartsMilli>();
    byFund.set(r.fund_type as PeriodFundType, {
      begin: toMilli(Number(r.begin)),
      addition: toMilli(Number(r.addition)),
      used: toMilli(Number(r.used)),
      expired: toMilli(Number(r.expired)),
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
  id: number;
  entryDate: string;
  fundRowId: number;
  fundType: PeriodFundType;
  applyDate: string;
  expireDate: string;
  /** The ledger amount as written. */
  amount: number;
  /** What it adds to the figure: sign × amount. */
  hours: number;
  cause: LedgerCause;
  causeRef: string | null;
  createdBy: { username: string | null; name: string | null } | null;
  createdAt: string;
};

/**
 * The ledger lines behind one figure of one employee's fund (or of all five) over the period, each signed as it
 * counts; `total` = Σ lines = the figure of `periodFigures`, to the hundredth.
 */
export async function explainPeriodFigure(
  db: DbOrTx,
  opts: { employeeId: number; from: string; to: string; figure: PeriodFigure; fundTypes?: readonly PeriodFundType[] },
): Promise<{ sign: 1 | -1; total: number; lines: FigureLine[] }> {
  const { parts, sign } = FIGURE_DEFINITION[opts.figure];
  const rows = await repo.partLines(db, {
    employeeId: opts.employeeId,
    bounds: opts,
    fundTypes: opts.fundTypes ?? PERIOD_FUND_TYPES,
    parts,
  });
  let milli = 0;
  const lines = rows.map((r): FigureLine => {
    const amount = toMilli(Number(r.amount));
    milli += sign * amount;
    return {
      id: r.id,
      entryDate: r.entry_date,
      fundRowId: r.fund_row_id,
      fundType: r.fund_type as PeriodFundType,
      applyDate: r.apply_date,
      expireDate: r.expire_date,
      amount: amount / 1000,
      hours: (sign * amount) / 1000,
      cause: r.cause,
      causeRef: r.cause_ref,
      createdBy: r.created_by_username === null && r.created_by_name === null ? null : { username: r.created_by_username, name: r.created_by_name },
      createdAt: r.created_at,
    };
  });
  return { sign, total: roundMilli(milli), lines };
}

/**
 * Hours accrued for each month of the financial year `year` (calendar year; the payroll month is that of the period's
 * end): Σ of the granted entries of the default, seniority and probationary rows keyed for that month. Map of
 * employee → 'YYYY-MM' → hours (2 decimals); months with nothing are absent.
 */
export async function accrualByMonth(db: DbOrTx, opts: { employeeIds: readonly number[]; year: number }): Promise<Map<number, Map<string, number>>> {
  const rows = await repo.monthAccruals(db, opts);
  const out = new Map<number, Map<string, number>>();
  for (const r of rows) {
    const months = out.get(r.employee_id) ?? new Map<string, number>();
    months.set(r.month, roundMilli(toMilli(Number(r.hours))));
    out.set(r.employee_id, months);
  }
  return out;
}
