import { describe, expect, it } from 'vitest';
import {
  advanceAvailable,
  computeAccruals,
  NEVER,
  configInForce,
  contractForPeriod,
  fullYearsBetween,
  payrollPeriodOf,
  periodQualifies,
  planYearEnd,
  reconcile,
  remainFinancialLeave,
  twelfthMilli,
} from './accrual-engine.ts';
import type { AccrualInput, AccrualRow, Contract, GeneralConfig, PayrollPeriod, StoredFundRow } from './accrual-engine.types.ts';
import { planReturn, planUse, toMilli, fromMilli, type FundRowState, type SourceMovement } from './allocation.ts';
import { FUND_TYPE, LEDGER_CAUSE } from './leave.types.ts';

const config = (over: Partial<GeneralConfig> = {}): GeneralConfig => ({
  id: 1,
  leaveHourInMonth: 8,
  conditionalMonth: 80,
  seniorityLeaveHour: 0,
  seniorityLeaveYear: 5,
  advanceLeave: 0,
  applyDate: '2020-01-01',
  expireDate: null,
  ...over,
});

/** The payroll period named for month `m` of `y` (RULES.md §4), with 20 working days and `paid` paid days. */
const period = (y: number, m: number, paid = 20, workingDays = 20): PayrollPeriod => {
  const p = payrollPeriodOf(`${y}-${String(m).padStart(2, '0')}-25`);
  return { from: p.from, to: p.to, workingDays, paidDays: paid };
};
const yearOfPeriods = (y: number, paid = 20) => Array.from({ length: 12 }, (_, i) => period(y, i + 1, paid));

const official: Contract = { type: 'UNLIMTED', from: '2020-01-01', to: null };
const input = (over: Partial<AccrualInput> = {}): AccrualInput => ({
  employeeId: 7,
  contracts: [official],
  seniorityDate: null,
  configs: [config()],
  periods: yearOfPeriods(2026),
  through: '2026-12-31',
  ...over,
});
const summary = (rows: AccrualRow[]) => rows.map((r) => `${r.key} ${r.hours} ${r.applyDate}→${r.expireDate}`);
/** With the grant date: when the hours are earned (and shown), then when usable. */
const granted = (rows: AccrualRow[]) => rows.map((r) => `${r.key} ${r.hours} granted ${r.grantDate} usable ${r.applyDate}→${r.expireDate}`);

describe('payroll periods and configurations', () => {
  it.each([
    ['2026-11-25', '2026-10-26', '2026-11-25', '2026-11'],
    ['2026-11-26', '2026-11-26', '2026-12-25', '2026-12'],
    ['2026-12-26', '2026-12-26', '2027-01-25', '2027-01'],
    ['2027-01-01', '2026-12-26', '2027-01-25', '2027-01'],
  ])('%s falls in the period %s – %s', (date, from, to, month) => {
    expect(payrollPeriodOf(date)).toEqual({ from, to, month });
  });

  it('takes the configuration in force on the date, the latest applied one on overlap', () => {
    const a = config({ id: 1, applyDate: '2026-01-01', expireDate: '2026-06-30' });
    const b = config({ id: 2, applyDate: '2026-07-01', expireDate: null });
    const c = config({ id: 3, applyDate: '2026-09-01', expireDate: '2026-09-30' });
    expect(configInForce([a, b, c], '2025-12-31')).toBeNull();
    expect(configInForce([a, b, c], '2026-06-30')?.id).toBe(1);
    expect(configInForce([a, b, c], '2026-07-01')?.id).toBe(2);
    expect(configInForce([c, b, a], '2026-09-15')?.id).toBe(3);
  });

  it.each([
    [16, 20, 80, true],
    [15.5, 20, 80, false],
    [0, 20, 0, true],
    [5, 0, 0, false],
    [19, 22, 86.36, true],
  ])('%s paid of %s working days at %s %% qualifies: %s', (paidDays, workingDays, pct, ok) => {
    expect(periodQualifies({ paidDays, workingDays }, pct)).toBe(ok);
  });

  it.each([
    ['2021-02-01', '2026-01-31', 4],
    ['2021-02-01', '2026-02-01', 5],
    ['2020-02-29', '2025-02-28', 4],
    ['2020-02-29', '2025-03-01', 5],
    ['2026-05-01', '2026-04-01', 0],
  ])('full years from %s to %s: %s', (from, to, years) => {
    expect(fullYearsBetween(from, to)).toBe(years);
  });

  it('splits a yearly amount into twelfths that add up exactly', () => {
    for (const milli of [1000, 6000, 7, 12_345]) {
      const months = Array.from({ length: 12 }, (_, i) => twelfthMilli(milli, i + 1));
      expect(months.reduce((a, b) => a + b, 0)).toBe(milli);
      expect(Math.max(...months) - Math.min(...months)).toBeLessThanOrEqual(1);
    }
  });
});

describe('default_leave (RULES.md §7)', () => {
  it('accrues leaveHourInMonth for each qualifying period, applied on its end date, expiring at the year end', () => {
    const periods = [period(2026, 1, 20), period(2026, 2, 15.5), period(2026, 3, 16)];
    expect(summary(computeAccruals(input({ periods })))).toEqual([
      'default:2026-01 8 2026-01-25→2026-12-31',
      'default:2026-03 8 2026-03-25→2026-12-31',
    ]);
  });

  it('gives the December-26 → January-25 period to the new financial year', () => {
    const rows = computeAccruals(input({ periods: [period(2026, 12), period(2027, 1)], through: '2027-01-25' }));
    expect(summary(rows)).toEqual(['default:2026-12 8 2026-12-25→2026-12-31', 'default:2027-01 8 2027-01-25→2027-12-31']);
    expect(rows.map((r) => r.financialYear)).toEqual([2026, 2027]);
  });

  it('uses the configuration in force on each period end when it changes mid-year', () => {
    const configs = [
      config({ id: 1, leaveHourInMonth: 8, conditionalMonth: 80, applyDate: '2026-01-01', expireDate: '2026-06-30' }),
      config({ id: 2, leaveHourInMonth: 10, conditionalMonth: 100, applyDate: '2026-07-01', expireDate: null }),
    ];
    const periods = [period(2026, 6, 16), period(2026, 7, 16), period(2026, 8, 20)];
    const rows = computeAccruals(input({ configs, periods }));
    // T06 ends 25 Jun (config 1: 16/20 ≥ 80 %); T07 runs 26 Jun – 25 Jul, so config 2 decides (16/20 < 100 %).
    expect(rows.map((r) => [r.key, r.hours, r.configId])).toEqual([
      ['default:2026-06', 8, 1],
      ['default:2026-08', 10, 2],
    ]);
  });

  it('accrues nothing while no configuration is in force or no contract covers the period', () => {
    expect(computeAccruals(input({ configs: [config({ applyDate: '2027-01-01' })] }))).toEqual([]);
    expect(computeAccruals(input({ contracts: [{ type: 'UNLIMTED', from: '2026-06-01', to: '2026-07-31' }] })).map((r) => r.key)).toEqual([
      'default:2026-06',
      'default:2026-07',
      'default:2026-08',
    ]);
  });

  it('counts a period whose first day is the first day of work, once the period has ended', () => {
    const contracts: Contract[] = [{ type: 'UNLIMTED', from: '2026-10-26', to: null }];
    const periods = [period(2026, 10, 0), period(2026, 11, 20)];
    expect(computeAccruals(input({ contracts, periods, through: '2026-10-26' }))).toEqual([]);
    expect(computeAccruals(input({ contracts, periods, through: '2026-11-24' }))).toEqual([]);
    expect(summary(computeAccruals(input({ contracts, periods, through: '2026-11-25' })))).toEqual(['default:2026-11 8 2026-11-25→2026-12-31']);
  });
});

describe('seniority_leave (RULES.md §7)', () => {
  const seniorityConfig = config({ seniorityLeaveHour: 6, seniorityLeaveYear: 5 });

  it('accrues seniorityLeaveHour a year per full seniorityLeaveYear years, in twelfths, from the anniversary on', () => {
    const rows = computeAccruals(input({ configs: [seniorityConfig], seniorityDate: '2021-02-10', periods: yearOfPeriods(2026) }));
    const seniority = rows.filter((r) => r.fundType === FUND_TYPE.seniority);
    // 5 full years from 10 Feb 2026: T01 (ends 25 Jan) has none; every later month has its twelfth of 6 h.
    expect(seniority.map((r) => r.key)).toEqual(yearOfPeriods(2026).slice(1).map((p) => `seniority:${p.to.slice(0, 7)}`));
    expect(seniority.every((r) => r.hours === 0.5 && r.expireDate === '2026-12-31')).toBe(true);
  });

  it('grows with the years and sums to the yearly hours exactly over a full year', () => {
    const rows = computeAccruals(input({ configs: [config({ seniorityLeaveHour: 1, seniorityLeaveYear: 3 })], seniorityDate: '2010-01-01' }));
    const seniority = rows.filter((r) => r.fundType === FUND_TYPE.seniority);
    expect(seniority).toHaveLength(12);
    // 16 full years / 3 → 5 × 1 h a year.
    expect(fromMilli(seniority.reduce((s, r) => s + toMilli(r.hours), 0))).toBe(5);
  });

  it.each([
    // The years are counted on the period's end date: an anniversary on its last day counts for that period, one on
    // its first day too (it is before the end); one the day after the end waits for the next period.
    ['on the last day of T06 (25 Jun)', '2021-06-25', 'seniority:2026-06'],
    ['on the first day of T06 (26 May)', '2021-05-26', 'seniority:2026-06'],
    ['the day after T06 ends (26 Jun)', '2021-06-26', 'seniority:2026-07'],
  ])('a fifth anniversary %s: the first seniority row is %s', (_name, seniorityDate, first) => {
    const rows = computeAccruals(input({ configs: [config({ seniorityLeaveHour: 12, seniorityLeaveYear: 5 })], seniorityDate }));
    const seniority = rows.filter((r) => r.fundType === FUND_TYPE.seniority);
    expect(seniority[0]?.key).toBe(first);
    // The M-th twelfth of 12 h a year: 1 h each month.
    expect(seniority.every((r) => r.hours === 1)).toBe(true);
  });

  it('accrues no seniority without a seniority date or with seniorityLeaveYear 0', () => {
    expect(computeAccruals(input({ configs: [seniorityConfig] })).some((r) => r.fundType === FUND_TYPE.seniority)).toBe(false);
    const zero = config({ seniorityLeaveHour: 6, seniorityLeaveYear: 0 });
    expect(computeAccruals(input({ configs: [zero], seniorityDate: '2000-01-01' })).some((r) => r.fundType === FUND_TYPE.seniority)).toBe(false);
  });
});

describe('reserve_probationary_leave (RULES.md §7)', () => {
  const probation: Contract = { type: 'P', from: '2026-01-01', to: '2026-03-10' };
  const officialFrom11Mar: Contract = { type: 'UNLIMTED', from: '2026-03-11', to: null };
  const periods = [period(2026, 1, 17), period(2026, 2, 20), period(2026, 3, 20), period(2026, 4, 20)];
  const yearConfig = config({ applyDate: '2026-01-01', expireDate: '2026-12-31' });

  it('is granted in the period it is earned and usable from the official start; official mid-period → default', () => {
    const rows = computeAccruals(input({ contracts: [probation, officialFrom11Mar], periods, seniorityDate: '2026-01-01' }));
    // T03 (26 Feb – 25 Mar) turns official on 11 Mar: the contract of its end decides, the whole period is default.
    expect(granted(rows)).toEqual([
      'default:2026-03 8 granted 2026-03-25 usable 2026-03-25→2026-12-31',
      'default:2026-04 8 granted 2026-04-25 usable 2026-04-25→2026-12-31',
      'reserve_probationary:2026-01 8 granted 2026-01-25 usable 2026-03-11→2026-12-31',
      'reserve_probationary:2026-02 8 granted 2026-02-25 usable 2026-03-11→2026-12-31',
    ]);
  });

  it('is granted while no official contract is known yet, not usable: expiring with its configuration', () => {
    // T01, T02 and T03 (overlapping the probation until 10 Mar, no later contract) are probationary; T04 has none.
    expect(granted(computeAccruals(input({ contracts: [probation], periods, configs: [yearConfig] })))).toEqual([
      'reserve_probationary:2026-01 8 granted 2026-01-25 usable 2027-01-01→2026-12-31',
      'reserve_probationary:2026-02 8 granted 2026-02-25 usable 2027-01-01→2026-12-31',
      'reserve_probationary:2026-03 8 granted 2026-03-25 usable 2027-01-01→2026-12-31',
    ]);
    // Under a configuration without an expiry the row waits for the official contract.
    const open = computeAccruals(input({ contracts: [probation], periods: [period(2026, 1)] }));
    expect(granted(open)).toEqual([`reserve_probationary:2026-01 8 granted 2026-01-25 usable ${NEVER}→${NEVER}`]);
  });

  it('expires with the configuration when the official contract comes after it, usable when it comes by then', () => {
    const contracts = (officialOn: string): Contract[] => [
      { type: 'P', from: '2026-11-01', to: null },
      { type: 'UNLIMTED', from: officialOn, to: null },
    ];
    const dec = [period(2026, 12)];
    expect(granted(computeAccruals(input({ contracts: contracts('2026-12-31'), periods: dec, configs: [yearConfig], through: '2027-01-25' })))).toEqual([
      'reserve_probationary:2026-12 8 granted 2026-12-25 usable 2026-12-31→2026-12-31',
    ]);
    expect(granted(computeAccruals(input({ contracts: contracts('2027-01-05'), periods: dec, configs: [yearConfig], through: '2027-01-25' })))).toEqual([
      'reserve_probationary:2026-12 8 granted 2026-12-25 usable 2027-01-01→2026-12-31',
    ]);
    // An open configuration: usable from the official start in the next year, expiring at that year's end.
    expect(granted(computeAccruals(input({ contracts: contracts('2027-01-05'), periods: dec, through: '2027-01-25' })))).toEqual([
      'reserve_probationary:2026-12 8 granted 2026-12-25 usable 2027-01-05→2027-12-31',
    ]);
  });

  it('picks the contract of the period end', () => {
    expect(contractForPeriod([probation, officialFrom11Mar], { from: '2026-02-26', to: '2026-03-25' })?.type).toBe('UNLIMTED');
    expect(contractForPeriod([probation, officialFrom11Mar], { from: '2026-01-26', to: '2026-02-25' })?.type).toBe('P');
  });

  it('of two contracts starting the same day, the official one decides, in either order', () => {
    const p = { type: 'P', from: '2025-06-04', to: null };
    const official = { type: 'UNLIMTED', from: '2025-06-04', to: null };
    const period = { from: '2025-05-26', to: '2025-06-25' };
    expect(contractForPeriod([p, official], period)?.type).toBe('UNLIMTED');
    expect(contractForPeriod([official, p], period)?.type).toBe('UNLIMTED');
  });

  it.each([
    ['the first day of a period', '2026-10-26', 'UNLIMTED'],
    ['the last day of a period', '2026-11-25', 'UNLIMTED'],
    ['the day after a period', '2026-11-26', 'P'],
  ])('an official contract starting on %s decides that period by its end', (_name, officialOn, t11) => {
    const contracts: Contract[] = [
      { type: 'P', from: '2026-09-01', to: null },
      { type: 'UNLIMTED', from: officialOn, to: null },
    ];
    expect(contractForPeriod(contracts, { from: '2026-10-26', to: '2026-11-25' })?.type).toBe(t11);
  });
});

describe('advanceLeave (RULES.md §7)', () => {
  const configs = [config({ advanceLeave: 2 })];
  it.each([
    ['two future periods inside the year', '2026-10-10', 2, 16],
    ['the period ending today is accrued, not ahead', '2026-10-25', 2, 16],
    ['only what is left of the financial year', '2026-12-10', 1, 8],
    ['nothing after the last period of the year', '2026-12-25', 0, 0],
    ['nothing between the last period end and the year end', '2026-12-28', 0, 0],
  ])('%s', (_name, date, periods, hours) => {
    expect(advanceAvailable({ configs, contracts: [official], date })).toEqual({ periods, hours });
  });

  it('follows the configuration in force on each future period, and gives nothing on probation', () => {
    const changing = [config({ id: 1, advanceLeave: 3, expireDate: '2026-10-31' }), config({ id: 2, leaveHourInMonth: 10, applyDate: '2026-11-01' })];
    expect(advanceAvailable({ configs: changing, contracts: [official], date: '2026-09-30' })).toEqual({ periods: 3, hours: 28 });
    expect(advanceAvailable({ configs, contracts: [{ type: 'P', from: '2026-01-01', to: null }], date: '2026-10-10' })).toEqual({ periods: 0, hours: 0 });
  });
});

describe('reconcile: recomputing is safe to run again', () => {
  const stored = (rows: AccrualRow[], used: Record<string, number> = {}): StoredFundRow[] =>
    rows.map((r, i) => ({ fundRowId: i + 1, key: r.key, fundType: r.fundType, hours: r.hours, applyDate: r.applyDate, expireDate: r.expireDate, usedHours: used[r.key] ?? 0 }));
  const open = { lockDate: null, through: '2026-12-31' };

  it('grants every row the first time and nothing the second', () => {
    const rows = computeAccruals(input());
    expect(reconcile(rows, [], open).map((a) => a.kind)).toEqual(Array(12).fill('grant'));
    expect(reconcile(computeAccruals(input()), stored(rows), open)).toEqual([]);
  });

  it('adjusts a changed configuration, removes a row no longer earned, leaves other funds alone', () => {
    const before = computeAccruals(input({ periods: [period(2026, 1), period(2026, 2)] }));
    const kept: StoredFundRow[] = [...stored(before), { fundRowId: 99, key: null, fundType: FUND_TYPE.prioritize, hours: 5, applyDate: '2026-01-01', expireDate: '2026-12-31', usedHours: 0 }];
    const after = computeAccruals(input({ configs: [config({ leaveHourInMonth: 10 })], periods: [period(2026, 1), period(2026, 2, 10)] }));
    expect(reconcile(after, kept, open)).toEqual([
      { kind: 'adjust', fundRowId: 1, row: after[0], entries: [{ hours: 2, entryDate: '2026-01-25', cause: 'ADJUST' }] },
      { kind: 'remove', fundRowId: 2, key: 'default:2026-02', entryDate: '2026-02-25' },
    ]);
  });

  it('reports a conflict instead of taking a row below its used hours', () => {
    const before = computeAccruals(input({ periods: [period(2026, 1), period(2026, 2)] }));
    const after = computeAccruals(input({ configs: [config({ leaveHourInMonth: 4 })], periods: [period(2026, 1)] }));
    expect(reconcile(after, stored(before, { 'default:2026-01': 6, 'default:2026-02': 1 }), open)).toEqual([
      { kind: 'conflict', fundRowId: 1, key: 'default:2026-01', reason: 'below-used', usedHours: 6, wantedHours: 4 },
      { kind: 'conflict', fundRowId: 2, key: 'default:2026-02', reason: 'below-used', usedHours: 1, wantedHours: 0 },
    ]);
  });

  // RULES.md §4, §7: nothing the accrual writes is dated on or before the lock date.
  describe('with periods locked (lock date 25 Oct 2026: T09 and T10 approved)', () => {
    const locked = { lockDate: '2026-10-25', through: '2026-11-27' };
    const sept = computeAccruals(input({ periods: [period(2026, 9), period(2026, 10), period(2026, 11)], through: '2026-11-27' }));

    it('a contract moved to 1 Nov removes T09 and T10 in the first open period, never on their own dates', () => {
      const contracts: Contract[] = [{ type: 'UNLIMTED', from: '2026-11-01', to: null }];
      const after = computeAccruals(input({ contracts, periods: [period(2026, 9), period(2026, 10), period(2026, 11)], through: '2026-11-27' }));
      expect(reconcile(after, stored(sept), locked)).toEqual([
        { kind: 'remove', fundRowId: 1, key: 'default:2026-09', entryDate: '2026-10-26' },
        { kind: 'remove', fundRowId: 2, key: 'default:2026-10', entryDate: '2026-10-26' },
      ]);
    });

    it('grants and adjusts a locked period in the first open period, an open one on its own date', () => {
      const more = computeAccruals(input({ configs: [config({ leaveHourInMonth: 10 })], periods: [period(2026, 9), period(2026, 10), period(2026, 11)], through: '2026-11-27' }));
      expect(reconcile(more, stored(sept.slice(0, 1)), locked)).toEqual([
        { kind: 'adjust', fundRowId: 1, row: more[0], entries: [{ hours: 2, entryDate: '2026-10-26', cause: 'ADJUST' }] },
        { kind: 'grant', row: more[1], entryDate: '2026-10-26' },
        { kind: 'grant', row: more[2], entryDate: '2026-11-25' },
      ]);
    });

    it('never touches a row whose whole life is locked (it expired on or before the lock date)', () => {
      const lastYear = computeAccruals(input({ periods: [period(2025, 11)], through: '2026-11-27' }));
      expect(reconcile([], stored(lastYear), locked)).toEqual([]);
      expect(reconcile(lastYear, [], locked)).toEqual([]);
    });
  });

  it('leaves a future grant an advance leave drew on alone, and settles it with a GRANT once its period is accrued', () => {
    const advance: StoredFundRow = { fundRowId: 5, key: 'default:2026-12', fundType: FUND_TYPE.default, hours: 0, applyDate: '2026-12-25', expireDate: '2026-12-31', usedHours: 4 };
    expect(reconcile([], [advance], { lockDate: null, through: '2026-11-30' })).toEqual([]);
    const dec = computeAccruals(input({ periods: [period(2026, 12)], through: '2026-12-26' }));
    expect(reconcile(dec, [advance], { lockDate: null, through: '2026-12-26' })).toEqual([
      { kind: 'adjust', fundRowId: 5, row: dec[0], entries: [{ hours: 8, entryDate: '2026-12-25', cause: 'GRANT' }] },
    ]);
    // Not earned after all (too few paid days): the debit stays, reported, never removed.
    expect(reconcile([], [advance], { lockDate: null, through: '2026-12-26' })).toEqual([
      { kind: 'conflict', fundRowId: 5, key: 'default:2026-12', reason: 'below-used', usedHours: 4, wantedHours: 0 },
    ]);
  });

  it('moves a probationary row to its official start as a change of terms, without ledger entries', () => {
    const waiting = computeAccruals(input({ contracts: [{ type: 'P', from: '2026-01-01', to: null }], periods: [period(2026, 1)] }));
    const official = computeAccruals(input({ contracts: [{ type: 'P', from: '2026-01-01', to: '2026-03-10' }, { type: 'UNLIMTED', from: '2026-03-11', to: null }], periods: [period(2026, 1)] }));
    expect(reconcile(official, stored(waiting), open)).toEqual([{ kind: 'adjust', fundRowId: 1, row: official[0], entries: [] }]);
  });
});

/** Fund rows of the accruals with what is left on them after `used` hours (by key). */
const fundStates = (rows: AccrualRow[], used: Record<string, number> = {}): FundRowState[] =>
  rows.map((r, i) => ({ fundRowId: i + 1, fundType: r.fundType, applyDate: r.applyDate, expireDate: r.expireDate, remainingHours: r.hours - (used[r.key] ?? 0) }));

describe('year end: carryover and expiry (RULES.md §7)', () => {
  const rows = computeAccruals(input({ configs: [config({ seniorityLeaveHour: 12, seniorityLeaveYear: 5 })], seniorityDate: '2020-01-01', periods: [period(2026, 11), period(2026, 12)] }));
  // default 8 + 8, seniority 1 + 1 (12 h a year → 1 h a month) = 18 h; 10 h used.
  const states = fundStates(rows, { 'default:2026-11': 8, 'default:2026-12': 2 });
  const bonus: FundRowState = { fundRowId: 50, fundType: FUND_TYPE.prioritize, applyDate: '2026-01-01', expireDate: '2026-12-31', remainingHours: 4 };

  it('caps the carryover at the unused default and seniority hours, less what is already carried', () => {
    expect(remainFinancialLeave([...states, bonus], 2026, 0)).toBe(8);
    expect(remainFinancialLeave(states, 2026, 5.5)).toBe(2.5);
    expect(remainFinancialLeave(states, 2026, 20)).toBe(0);
    expect(remainFinancialLeave(states, 2025, 0)).toBe(0);
  });

  it('moves the carried hours out first and expires only the unused rest, dated on the last day of the year', () => {
    const entries = planYearEnd({ employeeId: 7, financialYear: 2026, rows: [...states, bonus], carriedHours: 5 });
    // Carried hours leave in the order of use (seniority before default on the same expiry); default:2026-11 (row 1)
    // is fully used and does not move; the bonus row is not settled by the year end.
    expect(entries.map((e) => [e.key, e.fundRowId, e.hours, e.causeRef])).toEqual([
      ['carry-out:2026:2', 2, -3, 'carryover:2026'],
      ['expire:2026:2', 2, -3, 'year-end:2026'],
      ['carry-out:2026:3', 3, -1, 'carryover:2026'],
      ['carry-out:2026:4', 4, -1, 'carryover:2026'],
    ]);
    expect(entries.every((e) => e.cause === LEDGER_CAUSE.expire && e.entryDate === '2026-12-31')).toBe(true);
    expect(fromMilli(entries.reduce((s, e) => s + toMilli(e.hours), 0))).toBe(-8);
  });

  it('caps carried hours above the unused hours, and plans nothing once settled', () => {
    const entries = planYearEnd({ employeeId: 7, financialYear: 2026, rows: states, carriedHours: 100 });
    expect(entries.every((e) => e.causeRef === 'carryover:2026')).toBe(true);
    expect(fromMilli(entries.reduce((s, e) => s + toMilli(e.hours), 0))).toBe(-8);
    const after = states.map((s) => ({ ...s, remainingHours: 0 }));
    expect(planYearEnd({ employeeId: 7, financialYear: 2026, rows: after, carriedHours: 100 })).toEqual([]);
    expect(planYearEnd({ employeeId: 7, financialYear: 2026, rows: states, carriedHours: 100, settledKeys: new Set(entries.map((e) => e.key)) })).toEqual([]);
  });
});

describe('uses over the engine rows (allocation.ts)', () => {
  it('draws a leave spanning two financial years from each year’s rows', () => {
    const rows2026 = computeAccruals(input({ periods: [period(2026, 12)], through: '2027-01-31' }));
    const rows2027 = computeAccruals(input({ periods: [period(2027, 1)], through: '2027-01-31' }));
    const carryover: FundRowState = { fundRowId: 10, fundType: FUND_TYPE.reserve, applyDate: '2027-01-01', expireDate: '2027-03-31', remainingHours: 4 };
    const states = [...fundStates(rows2026), { ...fundStates(rows2027)[0]!, fundRowId: 2 }, carryover];
    // Leave on 30 Dec 2026 and 4 Jan 2027, 8 h each: the 2026 day takes the 2026 row; the 2027 day cannot touch it.
    expect(planUse(states, { hours: 8, date: '2026-12-30' })).toEqual({ ok: true, draws: [{ fundRowId: 1, hours: 8 }] });
    expect(planUse(states, { hours: 8, date: '2027-01-04' })).toEqual({ ok: false, reason: 'insufficient', requestedHours: 8, availableHours: 4 });
    expect(planUse(states, { hours: 8, date: '2027-01-25' })).toEqual({ ok: true, draws: [{ fundRowId: 10, hours: 4 }, { fundRowId: 2, hours: 4 }] });
  });

  it('returns a withdrawal to the row it came from after that row expired, and it stays expired', () => {
    const states = fundStates(computeAccruals(input({ periods: [period(2026, 11)] })));
    const use = planUse(states, { hours: 3, date: '2026-12-10' });
    expect(use).toEqual({ ok: true, draws: [{ fundRowId: 1, hours: 3 }] });
    const ledger: { fundRowId: number; hours: number; cause: string }[] = [{ fundRowId: 1, hours: 8, cause: LEDGER_CAUSE.grant }, { fundRowId: 1, hours: -3, cause: LEDGER_CAUSE.use }];
    const yearEnd = planYearEnd({ employeeId: 7, financialYear: 2026, rows: [{ ...states[0]!, remainingHours: 5 }], carriedHours: 0 });
    expect(yearEnd.map((e) => e.hours)).toEqual([-5]);
    ledger.push(...yearEnd);
    const movements: SourceMovement[] = [{ employeeId: 7, fundRowId: 1, entryDate: '2026-12-10', cause: LEDGER_CAUSE.use, hours: -3 }];
    const back = planReturn(movements, new Map([[1, '2026-12-31']]));
    expect(back).toEqual([
      { employeeId: 7, fundRowId: 1, hours: 3, cause: LEDGER_CAUSE.return, entryDate: '2026-12-10' },
      { employeeId: 7, fundRowId: 1, hours: -3, cause: LEDGER_CAUSE.expire, entryDate: '2026-12-31' },
    ]);
    ledger.push(...back);
    expect(ledger.reduce((s, e) => s + toMilli(e.hours), 0)).toBe(0);
  });
});
