/**
 * An independent recomputation of the Annual Leave Overview from RULES.md §7 alone, for the oracle test: from the
 * inputs — contracts (the history, else the form's), seniority dates, general configurations, payroll periods with
 * each employee's paid days, the rows HR granted by hand (bonus, carryover, opening balances) and the leave taken
 * (approved annual leave requests, the demo's past leave) — it builds its own ledger and its own six figures. It shares
 * no code with the leave core: where both agree, the figures follow the rules, not the code. The inputs are read by
 * the oracle test (leave-oracle.test.ts).
 */

const FUNDS = ['default_leave', 'seniority_leave', 'prioritize_leave', 'reserve_leave', 'reserve_probationary_leave'] as const;
export type OracleFund = (typeof FUNDS)[number];
/** RULES.md §7: on equal expiry, prioritize, reserve, reserve_probationary, seniority, default. */
const TIE = ['prioritize_leave', 'reserve_leave', 'reserve_probationary_leave', 'seniority_leave', 'default_leave'];
export const ORACLE_FUNDS = FUNDS;

export type Row = { order: string; fund: OracleFund; grantDate: string; usableFrom: string; expire: string; milli: number };
type Entry = { row: Row; date: string; milli: number; kind: 'grant' | 'use' | 'expire' };
export type Contract = { type: string; from: string; to: string | null };
export type Config = { leaveHour: number; conditional: number; seniorityHour: number; seniorityYear: number; apply: string; expire: string | null; id: number };
export type Period = { from: string; to: string; working: number };
export type Use = { employeeId: number; date: string; milli: number };

export const milli = (hours: string | number) => Math.round(Number(hours) * 1000);
const yearEnd = (date: string) => `${date.slice(0, 4)}-12-31`;
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whole years from `from` to `to`, an anniversary counting on its day (29 Feb + 1 year = 1 Mar). */
function fullYears(from: string, to: string): number {
  let years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  const at = (n: number) => {
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCFullYear(d.getUTCFullYear() + n);
    return d.toISOString().slice(0, 10);
  };
  while (years > 0 && at(years) > to) years -= 1;
  return Math.max(0, years);
}

export type OracleInputs = {
  today: string;
  employees: { id: number; seniority: string | null; contracts: Contract[] }[];
  configs: Config[];
  periods: Period[];
  paid: Map<string, number>;
  handRows: Map<number, Row[]>;
  uses: Use[];
};

/** RULES.md §7 accrual of one employee: one row per fund and earned period, granted on the period's end. */
function accrue(inputs: OracleInputs, e: OracleInputs['employees'][number]): Row[] {
  const rows: Row[] = [];
  const firstYear = Number(inputs.today.slice(0, 4)) - 1;
  for (const p of inputs.periods) {
    if (p.to > inputs.today || Number(p.to.slice(0, 4)) < firstYear) continue;
    const config = inputs.configs.filter((c) => c.apply <= p.to && (c.expire === null || c.expire >= p.to)).sort((a, b) => (a.apply < b.apply ? 1 : a.apply > b.apply ? -1 : b.id - a.id))[0];
    const overlapping = e.contracts.filter((c) => c.from <= p.to && (c.to === null || c.to >= p.from));
    const contract = overlapping.sort((a, b) => (a.from !== b.from ? (a.from < b.from ? 1 : -1) : (a.type === 'P' ? 1 : 0) - (b.type === 'P' ? 1 : 0)))[0];
    const paid = inputs.paid.get(`${e.id}|${p.to}`) ?? 0;
    if (!config || !contract || p.working <= 0 || Math.round(paid * 1000) * 100 < Math.round(config.conditional * 1000) * p.working) continue;
    const base = { grantDate: p.to, order: `a${p.to}` };
    if (contract.type === 'P') {
      const official = e.contracts.filter((c) => c.type !== 'P' && c.from > p.to).map((c) => c.from).sort()[0];
      const usable = official !== undefined && (config.expire === null || official <= config.expire);
      const expire = usable ? yearEnd(official) : (config.expire ?? '9999-12-31');
      rows.push({ ...base, fund: 'reserve_probationary_leave', usableFrom: usable ? official : config.expire === null ? '9999-12-31' : dayAfter(expire), expire, milli: milli(config.leaveHour) });
      continue;
    }
    rows.push({ ...base, fund: 'default_leave', usableFrom: p.to, expire: yearEnd(p.to), milli: milli(config.leaveHour) });
    if (e.seniority !== null && config.seniorityYear > 0) {
      const yearly = milli(Math.floor(fullYears(e.seniority, p.to) / config.seniorityYear) * config.seniorityHour);
      const m = Number(p.to.slice(5, 7));
      const twelfth = Math.round((yearly * m) / 12) - Math.round((yearly * (m - 1)) / 12);
      if (twelfth > 0) rows.push({ ...base, fund: 'seniority_leave', usableFrom: p.to, expire: yearEnd(p.to), milli: twelfth });
    }
  }
  return rows.filter((r) => r.milli > 0);
}

/** The oracle's own ledger of one employee: grants, each leave drawn earliest expiry first, what is left expiring. */
function ledgerOf(inputs: OracleInputs, e: OracleInputs['employees'][number]): { entries: Entry[]; refused: Use[] } {
  const rows = [...(inputs.handRows.get(e.id) ?? []), ...accrue(inputs, e)];
  const left = new Map(rows.map((r) => [r, r.milli]));
  const entries: Entry[] = rows.map((row) => ({ row, date: row.grantDate, milli: row.milli, kind: 'grant' }));
  const refused: Use[] = [];
  for (const use of inputs.uses.filter((u) => u.employeeId === e.id)) {
    const usable = rows
      .filter((r) => r.usableFrom <= use.date && use.date <= r.expire && left.get(r)! > 0)
      .sort((a, b) => (a.expire !== b.expire ? (a.expire < b.expire ? -1 : 1) : TIE.indexOf(a.fund) - TIE.indexOf(b.fund) || (a.usableFrom < b.usableFrom ? -1 : a.usableFrom > b.usableFrom ? 1 : a.order < b.order ? -1 : 1)));
    let need = use.milli;
    if (usable.reduce((s, r) => s + left.get(r)!, 0) < need) {
      refused.push(use);
      continue;
    }
    for (const r of usable) {
      const take = Math.min(need, left.get(r)!);
      if (take <= 0) continue;
      left.set(r, left.get(r)! - take);
      entries.push({ row: r, date: use.date, milli: -take, kind: 'use' });
      need -= take;
    }
  }
  // A row gives up on its expire date what it still holds then (RULES.md §7; the year end: carried or expired alike).
  for (const r of rows) if (left.get(r)! > 0) entries.push({ row: r, date: r.expire, milli: -left.get(r)!, kind: 'expire' });
  return { entries, refused };
}

export type OracleFigures = Record<OracleFund | 'total', [number, number, number, number, number, number]>;

const round2 = (m: number) => {
  const h = Math.round(Math.abs(m) / 10);
  return h === 0 ? 0 : (Math.sign(m) * h) / 100;
};

/** The six figures of RULES.md §7 for one period, per fund and in total, from the oracle's ledger. */
function figuresOf(entries: readonly Entry[], period: { from: string; to: string }, today: string): OracleFigures {
  const d = today < period.to ? today : period.to;
  const sums = (fund: OracleFund | null) => {
    const mine = entries.filter((x) => (fund === null || x.row.fund === fund) && x.row.expire >= period.from && x.date <= period.to);
    const sum = (f: (x: Entry) => boolean) => mine.filter(f).reduce((s, x) => s + x.milli, 0);
    const inPeriod = (x: Entry, end: string) => x.date >= period.from && x.date <= end;
    const begin = sum((x) => x.date < period.from);
    const added = sum((x) => x.kind === 'grant' && inPeriod(x, period.to));
    const used = -sum((x) => x.kind === 'use' && inPeriod(x, period.to));
    const expiredToDay = -sum((x) => x.kind === 'expire' && inPeriod(x, d));
    const current = begin + sum((x) => x.kind !== 'expire' && inPeriod(x, d)) - expiredToDay;
    const end = begin + added - used + sum((x) => x.kind === 'expire' && inPeriod(x, period.to));
    return [begin, added, used, expiredToDay, current, end].map(round2) as OracleFigures['total'];
  };
  const out = { total: sums(null) } as OracleFigures;
  for (const f of FUNDS) out[f] = sums(f);
  return out;
}

/** Every employee's figures for each period, and the leave the rules could not place (should be none). */
export function recompute(inputs: OracleInputs): { figures: Map<string, OracleFigures>; refused: Use[] } {
  const figures = new Map<string, OracleFigures>();
  const refused: Use[] = [];
  for (const e of inputs.employees) {
    const ledger = ledgerOf(inputs, e);
    refused.push(...ledger.refused);
    for (const p of inputs.periods) figures.set(`${e.id}|${p.from}`, figuresOf(ledger.entries, p, inputs.today));
  }
  return { figures, refused };
}
