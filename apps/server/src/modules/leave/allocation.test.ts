import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  adjustEntries,
  compareForUse,
  fromMilli,
  fundRowBalance,
  planReturn,
  planUse,
  toMilli,
  type FundRowState,
  type SourceMovement,
} from './allocation.ts';
import { ANNUAL_FUND_TYPES, FUND_TYPE, type LeaveFundType } from './leave.types.ts';

const row = (fundRowId: number, fundType: LeaveFundType, remainingHours: number, expireDate = '2026-12-31', applyDate = '2026-01-01'): FundRowState => ({
  fundRowId,
  fundType,
  applyDate,
  expireDate,
  remainingHours,
});

describe('order of use (RULES.md §7)', () => {
  it('puts earliest expiry first, then prioritize → reserve → reserve_probationary → seniority → default', () => {
    const rows = [
      row(1, FUND_TYPE.default, 8),
      row(2, FUND_TYPE.seniority, 8),
      row(3, FUND_TYPE.reserveProbationary, 8),
      row(4, FUND_TYPE.reserve, 8),
      row(5, FUND_TYPE.prioritize, 8),
      row(6, FUND_TYPE.default, 8, '2026-06-30'),
      row(7, FUND_TYPE.project, 8),
    ];
    expect([...rows].sort(compareForUse).map((r) => r.fundRowId)).toEqual([6, 5, 4, 3, 2, 1, 7]);
  });

  it('breaks a remaining tie by the earlier grant, then the older row', () => {
    const rows = [row(3, FUND_TYPE.prioritize, 1, '2026-12-31', '2026-03-01'), row(2, FUND_TYPE.prioritize, 1), row(1, FUND_TYPE.prioritize, 1)];
    expect([...rows].sort(compareForUse).map((r) => r.fundRowId)).toEqual([1, 2, 3]);
  });
});

describe('planUse', () => {
  const rows = [
    row(1, FUND_TYPE.default, 10),
    row(2, FUND_TYPE.prioritize, 4, '2026-12-31'),
    row(3, FUND_TYPE.reserve, 3, '2026-03-31'),
    row(4, FUND_TYPE.seniority, 5, '2026-12-31', '2026-07-01'),
    row(5, FUND_TYPE.prioritize, 0),
    row(6, FUND_TYPE.project, 2),
  ];
  it.each([
    ['one row enough', 2, '2026-02-10', [{ fundRowId: 3, hours: 2 }]],
    ['spills into the next row', 5, '2026-02-10', [{ fundRowId: 3, hours: 3 }, { fundRowId: 2, hours: 2 }]],
    ['every usable row', 17, '2026-02-10', [{ fundRowId: 3, hours: 3 }, { fundRowId: 2, hours: 4 }, { fundRowId: 1, hours: 10 }]],
    ['an expired row is skipped', 5, '2026-04-01', [{ fundRowId: 2, hours: 4 }, { fundRowId: 1, hours: 1 }]],
    ['a row applied later joins on its apply date', 15, '2026-07-01', [{ fundRowId: 2, hours: 4 }, { fundRowId: 4, hours: 5 }, { fundRowId: 1, hours: 6 }]],
    ['thousandths exact', 3.333, '2026-02-10', [{ fundRowId: 3, hours: 3 }, { fundRowId: 2, hours: 0.333 }]],
  ])('%s', (_name, hours, date, draws) => {
    expect(planUse(rows, { hours, date })).toEqual({ ok: true, draws });
  });

  it.each([
    ['more than the usable rows hold', 17.5, '2026-02-10', 17],
    ['a row not yet applied does not count', 15, '2026-06-30', 14],
    ['nothing usable after every expiry', 1, '2027-01-01', 0],
  ])('refuses %s, drawing nothing', (_name, hours, date, availableHours) => {
    expect(planUse(rows, { hours, date })).toEqual({ ok: false, reason: 'insufficient', requestedHours: hours, availableHours });
  });

  it('draws only the funds asked for', () => {
    expect(planUse(rows, { hours: 2, date: '2026-02-10', fundTypes: [FUND_TYPE.project] })).toEqual({ ok: true, draws: [{ fundRowId: 6, hours: 2 }] });
    expect(planUse(rows, { hours: 1, date: '2026-02-10', fundTypes: [FUND_TYPE.seniority] })).toMatchObject({ ok: false, availableHours: 0 });
  });

  it.each([0, -1, 0.0001, Number.NaN, Number.POSITIVE_INFINITY])('throws on %s hours (callers validate first)', (hours) => {
    expect(() => planUse(rows, { hours, date: '2026-02-10' })).toThrow(RangeError);
  });
});

describe('planReturn', () => {
  const m = (fundRowId: number, entryDate: string, cause: SourceMovement['cause'], hours: number): SourceMovement => ({ employeeId: 7, fundRowId, entryDate, cause, hours });
  it.each([
    ['nothing used', [], new Map<number, string>(), []],
    [
      'each row and day it came from',
      [m(2, '2026-02-10', 'USE', -3), m(1, '2026-02-10', 'USE', -1.5), m(2, '2026-02-11', 'USE', -4)],
      new Map<number, string>(),
      [
        { employeeId: 7, fundRowId: 1, hours: 1.5, cause: 'RETURN', entryDate: '2026-02-10' },
        { employeeId: 7, fundRowId: 2, hours: 3, cause: 'RETURN', entryDate: '2026-02-10' },
        { employeeId: 7, fundRowId: 2, hours: 4, cause: 'RETURN', entryDate: '2026-02-11' },
      ],
    ],
    ['already returned', [m(2, '2026-02-10', 'USE', -3), m(2, '2026-02-10', 'RETURN', 3)], new Map<number, string>(), []],
    [
      'a used-again source returns only what is still out',
      [m(2, '2026-02-10', 'USE', -3), m(2, '2026-02-10', 'RETURN', 3), m(2, '2026-02-10', 'USE', -2)],
      new Map<number, string>(),
      [{ employeeId: 7, fundRowId: 2, hours: 2, cause: 'RETURN', entryDate: '2026-02-10' }],
    ],
    [
      'a row whose expiry was settled expires the returned hours again',
      [m(2, '2026-02-10', 'USE', -3)],
      new Map([[2, '2026-04-01']]),
      [
        { employeeId: 7, fundRowId: 2, hours: 3, cause: 'RETURN', entryDate: '2026-02-10' },
        { employeeId: 7, fundRowId: 2, hours: -3, cause: 'EXPIRE', entryDate: '2026-04-01' },
      ],
    ],
    ['other causes are not returned', [m(2, '2026-02-10', 'ADJUST', -3)], new Map<number, string>(), []],
  ])('%s', (_name, movements, settled, entries) => {
    expect(planReturn(movements, settled)).toEqual(entries);
  });
});

describe('adjustEntries', () => {
  const g = (hours: number, applyDate: string) => ({ hours, applyDate });
  it.each([
    ['nothing changed', g(8, '2026-12-01'), g(8, '2026-12-01'), []],
    ['more hours', g(8, '2026-12-01'), g(10.5, '2026-12-01'), [{ hours: 2.5, entryDate: '2026-12-01' }]],
    ['fewer hours', g(8.3, '2026-12-01'), g(8.1, '2026-12-01'), [{ hours: -0.2, entryDate: '2026-12-01' }]],
    ['moved', g(8, '2026-12-01'), g(6, '2026-12-05'), [{ hours: -8, entryDate: '2026-12-01' }, { hours: 6, entryDate: '2026-12-05' }]],
  ])('%s', (_name, before, after, entries) => {
    expect(adjustEntries(before, after)).toEqual(entries);
  });
});

describe('fundRowBalance', () => {
  const today = '2026-11-21';
  it.each([
    ['unused, not expired', { granted: 8, used: 0, expireDate: today }, { usedHours: 0, remainHours: 8, expiredHours: 0, isExpired: false }],
    ['expired yesterday', { granted: 8, used: 2.5, expireDate: '2026-11-20' }, { usedHours: 2.5, remainHours: 0, expiredHours: 5.5, isExpired: true }],
  ])('%s', (_name, totals, balance) => {
    expect(fundRowBalance(totals, today)).toEqual(balance);
  });
});

/** A ledger in memory driven only by the plans, as the service drives the database. */
type Entry = { fundRowId: number; milli: number; cause: string; source: string | null; date: string };
type ModelRow = { fundRowId: number; fundType: LeaveFundType; applyDate: string; expireDate: string };
const DATES = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-15`);

type Command =
  | { kind: 'grant'; fundType: LeaveFundType; hours: number; apply: number; expire: number }
  | { kind: 'use'; hours: number; date: number; source: number }
  | { kind: 'return'; source: number };

/** Hours with up to 3 decimals, as the ledger stores them. */
const hoursArb = fc.integer({ min: 1, max: 24_000 }).map((m) => m / 1000);
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('grant' as const),
    fundType: fc.constantFrom(...ANNUAL_FUND_TYPES),
    hours: hoursArb,
    apply: fc.integer({ min: 0, max: 11 }),
    expire: fc.integer({ min: 0, max: 11 }),
  }),
  fc.record({ kind: fc.constant('use' as const), hours: hoursArb, date: fc.integer({ min: 0, max: 11 }), source: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('return' as const), source: fc.integer({ min: 1, max: 4 }) }),
);

describe('property: any sequence of grants, uses and returns', () => {
  it('keeps every row and every balance at or above zero, and a balance is the sum of its rows’ entries', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 40 }), (commands) => {
        const rows: ModelRow[] = [];
        const ledger: Entry[] = [];
        const remainingOf = (id: number) => ledger.filter((e) => e.fundRowId === id).reduce((s, e) => s + e.milli, 0);
        const states = (): FundRowState[] => rows.map((r) => ({ ...r, remainingHours: fromMilli(remainingOf(r.fundRowId)) }));
        const balanceOn = (date: string) =>
          rows.filter((r) => r.applyDate <= date && date <= r.expireDate).reduce((s, r) => s + remainingOf(r.fundRowId), 0);

        for (const c of commands) {
          if (c.kind === 'grant') {
            const [a, b] = c.apply <= c.expire ? [c.apply, c.expire] : [c.expire, c.apply];
            const fundRowId = rows.length + 1;
            rows.push({ fundRowId, fundType: c.fundType, applyDate: DATES[a]!, expireDate: DATES[b]! });
            ledger.push({ fundRowId, milli: toMilli(c.hours), cause: 'GRANT', source: null, date: DATES[a]! });
          } else if (c.kind === 'use') {
            const date = DATES[c.date]!;
            const before = balanceOn(date);
            const plan = planUse(states(), { hours: c.hours, date });
            expect(plan.ok).toBe(before >= toMilli(c.hours));
            if (plan.ok) {
              for (const d of plan.draws) ledger.push({ fundRowId: d.fundRowId, milli: -toMilli(d.hours), cause: 'USE', source: `s${c.source}`, date });
              expect(balanceOn(date)).toBe(before - toMilli(c.hours));
            } else {
              expect(toMilli(plan.availableHours)).toBe(before);
            }
          } else {
            const source = `s${c.source}`;
            const movements = ledger
              .filter((e) => e.source === source)
              .map((e) => ({ employeeId: 1, fundRowId: e.fundRowId, entryDate: e.date, cause: e.cause as SourceMovement['cause'], hours: fromMilli(e.milli) }));
            for (const e of planReturn(movements)) ledger.push({ fundRowId: e.fundRowId, milli: toMilli(e.hours), cause: e.cause, source, date: e.entryDate });
            // Everything the source drew is back, on the rows it came from.
            for (const r of rows) {
              expect(ledger.filter((e) => e.source === source && e.fundRowId === r.fundRowId).reduce((s, e) => s + e.milli, 0)).toBe(0);
            }
          }
          for (const r of rows) expect(remainingOf(r.fundRowId)).toBeGreaterThanOrEqual(0);
          for (const d of DATES) {
            const usable = rows.filter((r) => r.applyDate <= d && d <= r.expireDate).map((r) => r.fundRowId);
            const sumOfEntries = ledger.filter((e) => usable.includes(e.fundRowId)).reduce((s, e) => s + e.milli, 0);
            expect(balanceOn(d)).toBe(sumOfEntries);
            expect(balanceOn(d)).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
