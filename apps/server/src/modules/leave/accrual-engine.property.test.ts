import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { advanceAvailable, computeAccruals, NEVER, payrollPeriodOf, planYearEnd, reconcile } from './accrual-engine.ts';
import type { AccrualInput, AccrualRow, Contract, GeneralConfig, PayrollPeriod, StoredFundRow } from './accrual-engine.types.ts';
import { fromMilli, isAvailableOn, planReturn, planUse, toMilli, type FundRowState, type SourceMovement } from './allocation.ts';
import { FUND_TYPE, LEDGER_CAUSE, type LeaveFundType, type LedgerCause } from './leave.types.ts';

const DAY0 = Date.UTC(2025, 0, 1);
const isoDay = (offset: number) => new Date(DAY0 + offset * 86_400_000).toISOString().slice(0, 10);
const dateArb = (min: number, max: number) => fc.integer({ min, max }).map(isoDay);

const configsArb = fc
  .array(
    fc.record({
      leaveHourInMonth: fc.integer({ min: 0, max: 9900 }).map((n) => n / 100),
      conditionalMonth: fc.integer({ min: 0, max: 100 }),
      seniorityLeaveHour: fc.integer({ min: 0, max: 100 }),
      seniorityLeaveYear: fc.integer({ min: 0, max: 10 }),
      advanceLeave: fc.integer({ min: 0, max: 12 }),
      apply: fc.integer({ min: 0, max: 800 }),
      length: fc.option(fc.integer({ min: 0, max: 700 })),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((cs) =>
    cs.map(
      (c, i): GeneralConfig => ({
        id: i + 1,
        leaveHourInMonth: c.leaveHourInMonth,
        conditionalMonth: c.conditionalMonth,
        seniorityLeaveHour: c.seniorityLeaveHour,
        seniorityLeaveYear: c.seniorityLeaveYear,
        advanceLeave: c.advanceLeave,
        // The first one stays in force from 2025 on, so most runs accrue; later ones overlap it at random.
        applyDate: isoDay(i === 0 ? c.apply % 365 : c.apply),
        expireDate: c.length === null || i === 0 ? null : isoDay(c.apply + c.length),
      }),
    ),
  );

/** Some contracts of any type, and usually an open official one, so most runs accrue. */
const contractsArb = fc
  .tuple(
    fc.array(fc.record({ type: fc.constantFrom('P', 'UNLIMTED', '1236'), from: fc.integer({ min: 0, max: 900 }), length: fc.option(fc.integer({ min: 0, max: 500 })) }), { maxLength: 3 }),
    fc.option(fc.integer({ min: 0, max: 700 }), { freq: 5 }),
  )
  .map(([cs, officialFrom]) => [
    ...cs.map((c): Contract => ({ type: c.type, from: isoDay(c.from), to: c.length === null ? null : isoDay(c.from + c.length) })),
    ...(officialFrom === null ? [] : [{ type: 'UNLIMTED', from: isoDay(officialFrom), to: null }]),
  ]);

/** The 24 payroll periods T01-2026 … T12-2027 with random working and paid days. */
const periodsArb = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 30 })), { minLength: 24, maxLength: 24 })
  .map((days) =>
    days.map(([working, paid], i): PayrollPeriod => {
      const y = 2026 + Math.floor(i / 12);
      const p = payrollPeriodOf(`${y}-${String((i % 12) + 1).padStart(2, '0')}-25`);
      return { from: p.from, to: p.to, workingDays: working, paidDays: Math.min(paid, working) / (paid % 2 === 0 ? 1 : 2) };
    }),
  );

const inputArb: fc.Arbitrary<AccrualInput> = fc.record({
  employeeId: fc.constant(7),
  contracts: contractsArb,
  seniorityDate: fc.option(dateArb(-6000, 900)),
  configs: configsArb,
  periods: periodsArb,
  through: dateArb(365, 1200),
});

const storedOf = (rows: readonly AccrualRow[], used: ReadonlyMap<string, number> = new Map()): StoredFundRow[] =>
  rows.map((r, i) => ({ fundRowId: i + 1, key: r.key, fundType: r.fundType, hours: r.hours, applyDate: r.applyDate, expireDate: r.expireDate, usedHours: used.get(r.key) ?? 0 }));

describe('accrual engine properties', () => {
  it('recomputing gives the same rows, in any input order, and nothing to reconcile', () => {
    fc.assert(
      fc.property(inputArb, fc.integer(), (input, seed) => {
        const rows = computeAccruals(input);
        const shuffle = <T,>(xs: readonly T[]) => [...xs].map((x, i) => ({ x, k: (i * 7919 + seed) % 104_729 })).sort((a, b) => a.k - b.k).map((e) => e.x);
        const again = computeAccruals({ ...input, periods: shuffle(input.periods), configs: shuffle(input.configs), contracts: shuffle(input.contracts) });
        expect(again).toEqual(rows);
        expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
        expect(reconcile(again, storedOf(rows), { lockDate: null, through: input.through })).toEqual([]);
        for (const r of rows) {
          expect(r.hours).toBeGreaterThan(0);
          expect(toMilli(r.hours) / 1000).toBe(r.hours);
          expect(r.grantDate).toBe(payrollPeriodOf(r.grantDate).to);
          expect(r.grantDate <= input.through).toBe(true);
          // Usable from its apply date to its expiry — except a probationary row no official contract made usable
          // (it applies the day after it expires); accrual rows expire at the end of their financial year.
          const waiting = r.fundType === FUND_TYPE.reserveProbationary && r.applyDate > r.expireDate;
          if (!waiting) expect(r.applyDate <= r.expireDate).toBe(true);
          if (r.fundType !== FUND_TYPE.reserveProbationary) expect(r.expireDate).toBe(`${r.financialYear}-12-31`);
          else if (!waiting && r.expireDate !== NEVER) expect(r.expireDate).toBe(`${r.applyDate.slice(0, 4)}-12-31`);
        }
        const ahead = advanceAvailable({ configs: input.configs, contracts: input.contracts, date: input.through });
        expect(advanceAvailable({ configs: shuffle(input.configs), contracts: shuffle(input.contracts), date: input.through })).toEqual(ahead);
      }),
      { numRuns: 200 },
    );
  });

  it('never dates an entry on or before the lock date, and leaves rows that expired by it alone', () => {
    fc.assert(
      fc.property(inputArb, dateArb(300, 1100), fc.integer({ min: 0, max: 2 }), (input, lockDate, variant) => {
        const rows = computeAccruals(input);
        // Grants of every row, removals of every row, or an adjustment of every row.
        const [desired, stored] =
          variant === 0 ? [rows, []] : variant === 1 ? [[], storedOf(rows)] : [rows, storedOf(rows.map((r) => ({ ...r, hours: r.hours + 1 })))];
        const actions = reconcile(desired, stored, { lockDate, through: input.through });
        for (const a of actions) {
          if (a.kind === 'grant' || a.kind === 'remove') expect(a.entryDate > lockDate).toBe(true);
          if (a.kind === 'adjust') for (const e of a.entries) expect(e.entryDate > lockDate).toBe(true);
          if (a.kind !== 'conflict') expect((a.kind === 'remove' ? stored.find((x) => x.fundRowId === a.fundRowId)!.expireDate : a.row.expireDate) > lockDate).toBe(true);
        }
        // Every row that is still alive after the lock date gets its action.
        expect(actions).toHaveLength(rows.filter((r) => r.expireDate > lockDate).length);
      }),
      { numRuns: 200 },
    );
  });

  type Op =
    | { kind: 'bonus'; hours: number; apply: number; length: number }
    | { kind: 'use'; hours: number; day: number }
    | { kind: 'return'; pick: number }
    | { kind: 'yearEnd'; year: number; carried: number };
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('bonus' as const), hours: fc.integer({ min: 1, max: 80 }).map((n) => n / 2), apply: fc.integer({ min: 365, max: 1000 }), length: fc.integer({ min: 0, max: 400 }) }),
    fc.record({ kind: fc.constant('use' as const), hours: fc.integer({ min: 1, max: 40 }).map((n) => n / 2), day: fc.integer({ min: 365, max: 1094 }) }),
    fc.record({ kind: fc.constant('return' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('yearEnd' as const), year: fc.constantFrom(2026, 2027), carried: fc.integer({ min: 0, max: 400 }).map((n) => n / 2) }),
  );

  it('for any grants, uses, returns and expiries, every balance is the sum of its ledger rows', () => {
    // Counts what the runs exercised, so the property cannot pass vacuously.
    const seen = { accruals: 0, uses: 0, returns: 0, expiries: 0, carried: 0 };
    fc.assert(
      fc.property(inputArb, fc.array(opArb, { maxLength: 40 }), (input, ops) => {
        type Row = { fundRowId: number; fundType: LeaveFundType; applyDate: string; expireDate: string; key: string | null };
        type Entry = { fundRowId: number; milli: number; cause: LedgerCause; entryDate: string; source: string | null };
        const accruals = computeAccruals(input);
        seen.accruals += accruals.length;
        const rows: Row[] = accruals.map((r, i) => ({ fundRowId: i + 1, fundType: r.fundType, applyDate: r.applyDate, expireDate: r.expireDate, key: r.key }));
        const ledger: Entry[] = accruals.map((r, i) => ({ fundRowId: i + 1, milli: toMilli(r.hours), cause: LEDGER_CAUSE.grant, entryDate: r.applyDate, source: null }));
        // The model, kept apart from the ledger: what each row was given, what each source holds on it, what expired.
        const granted = new Map(accruals.map((r, i) => [i + 1, toMilli(r.hours)]));
        const held = new Map<string, Map<number, number>>();
        const expired = new Map<number, number>();
        const settled = new Map<number, string>();
        const settledKeys = new Set<string>();
        const sources: string[] = [];
        const ledgerSum = (id: number) => ledger.filter((e) => e.fundRowId === id).reduce((s, e) => s + e.milli, 0);
        const modelSum = (id: number) =>
          (granted.get(id) ?? 0) - [...held.values()].reduce((s, m) => s + (m.get(id) ?? 0), 0) - (expired.get(id) ?? 0);
        const states = (): FundRowState[] => rows.map((r) => ({ ...r, remainingHours: fromMilli(ledgerSum(r.fundRowId)) }));

        for (const op of ops) {
          if (op.kind === 'bonus') {
            const id = rows.length + 1;
            const row: Row = { fundRowId: id, fundType: FUND_TYPE.prioritize, applyDate: isoDay(op.apply), expireDate: isoDay(op.apply + op.length), key: null };
            rows.push(row);
            ledger.push({ fundRowId: id, milli: toMilli(op.hours), cause: LEDGER_CAUSE.grant, entryDate: row.applyDate, source: null });
            granted.set(id, toMilli(op.hours));
          } else if (op.kind === 'use') {
            const date = isoDay(op.day);
            const plan = planUse(states(), { hours: op.hours, date });
            const usable = rows.filter((r) => isAvailableOn(r, date)).reduce((s, r) => s + Math.max(0, ledgerSum(r.fundRowId)), 0);
            if (!plan.ok) {
              expect(toMilli(plan.availableHours)).toBe(usable);
              continue;
            }
            const source = `leave_request:${sources.length + 1}`;
            sources.push(source);
            const mine = new Map<number, number>();
            for (const d of plan.draws) {
              ledger.push({ fundRowId: d.fundRowId, milli: -toMilli(d.hours), cause: LEDGER_CAUSE.use, entryDate: date, source });
              mine.set(d.fundRowId, toMilli(d.hours));
            }
            held.set(source, mine);
            seen.uses += 1;
          } else if (op.kind === 'return') {
            if (sources.length === 0) continue;
            const source = sources[op.pick % sources.length]!;
            const movements: SourceMovement[] = ledger
              .filter((e) => e.source === source)
              .map((e) => ({ employeeId: 7, fundRowId: e.fundRowId, entryDate: e.entryDate, cause: e.cause, hours: fromMilli(e.milli) }));
            for (const e of planReturn(movements, settled)) {
              if (e.cause === LEDGER_CAUSE.return) seen.returns += 1;
              ledger.push({ fundRowId: e.fundRowId, milli: toMilli(e.hours), cause: e.cause, entryDate: e.entryDate, source: e.cause === LEDGER_CAUSE.return ? source : null });
              if (e.cause === LEDGER_CAUSE.expire) expired.set(e.fundRowId, (expired.get(e.fundRowId) ?? 0) - toMilli(e.hours));
            }
            held.set(source, new Map());
          } else {
            const plan = planYearEnd({ employeeId: 7, financialYear: op.year, rows: states(), carriedHours: op.carried, settledKeys });
            for (const e of plan) {
              ledger.push({ fundRowId: e.fundRowId, milli: toMilli(e.hours), cause: e.cause, entryDate: e.entryDate, source: null });
              expired.set(e.fundRowId, (expired.get(e.fundRowId) ?? 0) - toMilli(e.hours));
              settled.set(e.fundRowId, e.entryDate);
              settledKeys.add(e.key);
              if (e.causeRef.startsWith('carryover')) seen.carried += 1;
              else seen.expiries += 1;
            }
            // A second year end of the same year finds nothing left to move.
            expect(planYearEnd({ employeeId: 7, financialYear: op.year, rows: states(), carriedHours: op.carried, settledKeys })).toEqual([]);
          }
          for (const r of rows) {
            expect(ledgerSum(r.fundRowId)).toBe(modelSum(r.fundRowId));
            expect(ledgerSum(r.fundRowId)).toBeGreaterThanOrEqual(0);
          }
        }
        const usedByKey = new Map<string, number>();
        for (const r of rows) {
          if (r.key === null) continue;
          const used = -ledger.filter((e) => e.fundRowId === r.fundRowId && (e.cause === LEDGER_CAUSE.use || e.cause === LEDGER_CAUSE.return)).reduce((s, e) => s + e.milli, 0);
          usedByKey.set(r.key, fromMilli(used));
        }
        expect(reconcile(computeAccruals(input), storedOf(accruals, usedByKey), { lockDate: null, through: input.through })).toEqual([]);
      }),
      { numRuns: 150 },
    );
    expect(Object.values(seen).every((n) => n > 0), JSON.stringify(seen)).toBe(true);
  });
});
