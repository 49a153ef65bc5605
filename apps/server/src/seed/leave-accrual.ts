import { isWeekendIso } from '@tms/contracts/api';
import type { DbOrTx } from '../db/client.ts';
import { eq } from 'drizzle-orm';
import { employeeContracts, employees as employeesTable } from '../db/schema/organisation.ts';
import { leaveGeneralConfigs } from '../db/schema/leave.ts';
import { toDmy } from '../lib/dates.ts';
import { diffFields, recordHistories, type HistoryAuthor, type HistoryRecordEntry } from '../lib/history.ts';
import { periodMonthOf, periodOfMonth } from '../modules/payroll-periods/period-calendar.ts';
import { seniorityHoursPerYear, twelfthMilli } from '../modules/leave/accrual-engine.ts';
import type { GeneralConfig } from '../modules/leave/accrual-engine.types.ts';
import { fromMilli, toMilli } from '../modules/leave/allocation.ts';
import { grantFundRows, type GrantInput } from '../modules/leave/leave.service.ts';
import { FUND_TYPE } from '../modules/leave/leave.types.ts';
import type { PlannedCarryover, PlannedLeaveUse } from './leave-history.ts';
import { eachDay, plusDays, plusYears } from './calendar.ts';
import type { SeededEmployee } from './org.ts';
import type { PeriodPlan } from './periods.ts';
import { createRandom, deriveSeed, DEMO_SEED } from './random.ts';

/**
 * Demo data of the leave engine (issue 8 §1-§2), on top of the demo company:
 * - a general configuration for the previous and the current financial year (12 h a month at 80 % paid days, 8 h a
 *   year more per 5 years of seniority, 2 periods ahead);
 * - contract history: one staff member on probation turned official inside the demo periods, the probationary and
 *   fixed-term staff's contracts;
 * - opening balances: the demo has payroll periods for the last three months only, so the months of the previous
 *   and the current financial year before them are balances taken over at go-live — one default_leave and one
 *   seniority_leave row per employee and year, worked out with the same configuration;
 * - the plan of what comes after the demo periods are accrued (prepare.ts → leave-history.ts): leave taken from last
 *   year's hours, and carryovers from the previous year within each one's cap for about half of them (`staff`
 *   carries part and keeps unused hours uncarried); then the previous year's settlement (settleExpiries).
 */

export type LeaveAccrualDemo = {
  configs: number;
  contracts: number;
  openingRows: number;
  plannedUses: number;
  plannedCarryovers: number;
  /** What leave-history.ts takes and grants once the demo periods are accrued. */
  history: { financialYear: number; uses: PlannedLeaveUse[]; carryovers: PlannedCarryover[] };
};

const CONFIG = { leaveHourInMonth: 12, conditionalMonth: 80, seniorityLeaveHour: 8, seniorityLeaveYear: 5, advanceLeave: 2 } as const;
const USE_HOURS = [4, 8, 8, 12, 16, 24];

type Author = HistoryAuthor;
const FUND_ROWS_TABLE = 'leave_fund_rows';

export async function seedLeaveAccrualDemo(
  db: DbOrTx,
  opts: { employees: readonly SeededEmployee[]; periods: readonly PeriodPlan[]; today: string; by: Author; seed?: number },
): Promise<LeaveAccrualDemo> {
  const rng = createRandom(deriveSeed(opts.seed ?? DEMO_SEED, 7));
  const cy = Number(opts.today.slice(0, 4));
  const py = cy - 1;
  const configs = await insertConfigs(db, [py, cy], opts.by);
  const probationer = pickProbationer(opts.employees, opts.periods);
  const contracts = await insertContracts(db, opts.employees, opts.periods, probationer);

  // Opening balances: the months of both years whose payroll period comes before the first demo period.
  const firstDemoMonth = periodMonthOf(opts.periods[0]!.toDate);
  const people = opts.employees.filter((e) => !e.roles.includes('GUEST') && e.contractType !== 'P' && e !== probationer);
  const grants: (GrantInput & { username: string })[] = [];
  for (const year of [py, cy]) {
    const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`).filter((m) => m < firstDemoMonth);
    if (months.length === 0) continue;
    const config = configs.find((c) => c.applyDate.startsWith(String(year)))!;
    for (const e of people) {
      // Earned from the first full period under the official contract (fixed-term staff: since their start).
      const official = e.contractType === 'UNLIMTED' ? e.contractStartDate : e.startWorkingDay;
      const earned = months.map((m) => periodOfMonth(m)).filter((p) => p.from >= official);
      if (earned.length === 0) continue;
      const first = earned[0]!;
      const last = earned[earned.length - 1]!;
      const label = earned.length === 1 ? first.name : `${first.name} – ${last.name}`;
      const base = { employeeId: e.id, username: e.userName, applyDate: first.to, expireDate: `${year}-12-31`, financialYear: year };
      grants.push({ ...base, fundType: FUND_TYPE.default, hours: earned.length * CONFIG.leaveHourInMonth, description: `Opening balance at go-live: monthly accrual ${label}` });
      const seniority = earned.reduce((sum, p) => sum + twelfthMilli(toMilli(seniorityHoursPerYear(config, e.seniorityDate, p.to)), Number(p.month.slice(5))), 0);
      if (seniority > 0) grants.push({ ...base, fundType: FUND_TYPE.seniority, hours: fromMilli(seniority), description: `Opening balance at go-live: seniority accrual ${label}` });
    }
  }
  const opening = await grantFundRows(db, grants, opts.by.userId);
  await recordHistories(
    db,
    opening.map((row, i) => createEntry(row.id, row.employeeId, { username: grants[i]!.username, fundType: row.fundType, leaveHour: grants[i]!.hours, applyDate: toDmy(row.applyDate), expireDate: toDmy(row.expireDate), description: row.description, version: row.version })),
    opts.by,
  );

  // Some of last year's hours were used, and about half carry some of last year over (staff a quarter, keeping the
  // rest uncarried): planned here, taken and granted in date order through the allocation once the demo periods are
  // accrued (leave-history.ts), so each use draws on the rows that came first on its day.
  const previous = grants.filter((g) => g.financialYear === py && g.fundType === FUND_TYPE.default);
  const uses: PlannedLeaveUse[] = [];
  for (const g of previous) {
    if (g.username !== 'staff' && !rng.chance(0.5)) continue;
    const hours = Math.min(rng.pick(USE_HOURS), g.hours / 2);
    const days = eachDay(g.applyDate, `${py}-11-30`).filter((d) => !isWeekendIso(d));
    if (days.length === 0) continue;
    uses.push({ employeeId: g.employeeId, hours, date: rng.pick(days), sourceId: `demo:opening-use:${g.employeeId}` });
  }
  const carryovers: PlannedCarryover[] = [];
  for (const g of previous) {
    const isStaff = g.username === 'staff';
    if (!isStaff && !rng.chance(0.5)) continue;
    const share = isStaff ? 0.25 : 0.3 + rng.next() * 0.6;
    carryovers.push({ employeeId: g.employeeId, username: g.username, share, expireDate: rng.chance(0.5) || isStaff ? `${cy}-06-30` : `${cy}-03-31` });
  }
  return { configs: configs.length, contracts, openingRows: opening.length, plannedUses: uses.length, plannedCarryovers: carryovers.length, history: { financialYear: py, uses, carryovers } };
}

/** A CREATE history entry of a seeded fund row (RULES.md §8), with the form's values as the user sees them. */
function createEntry(id: number, employeeId: number, fields: Record<string, unknown>): HistoryRecordEntry {
  const record = { id, employeeId, ...fields };
  return { tableName: FUND_ROWS_TABLE, recordId: id, employeeId, action: 'CREATE', changes: diffFields(null, record, Object.keys(fields).filter((f) => f !== 'version' && f !== 'username')), newRecord: record };
}

/** One configuration per financial year, 1 Jan – 31 Dec, each with its CREATE history entry. */
async function insertConfigs(db: DbOrTx, years: readonly number[], by: Author): Promise<GeneralConfig[]> {
  const rows = await db
    .insert(leaveGeneralConfigs)
    .values(
      years.map((y) => ({
        seniorityLeaveHour: String(CONFIG.seniorityLeaveHour),
        seniorityLeaveYear: String(CONFIG.seniorityLeaveYear),
        conditionalMonth: CONFIG.conditionalMonth,
        leaveHourInMonth: String(CONFIG.leaveHourInMonth),
        advanceLeave: CONFIG.advanceLeave,
        applyDate: `${y}-01-01`,
        expireDate: `${y}-12-31`,
        createdBy: by.userId,
        modifiedBy: by.userId,
      })),
    )
    .returning({ id: leaveGeneralConfigs.id, applyDate: leaveGeneralConfigs.applyDate, expireDate: leaveGeneralConfigs.expireDate, version: leaveGeneralConfigs.version });
  const fields = ['seniorityLeaveHour', 'seniorityLeaveYear', 'conditionalMonth', 'leaveHourInMonth', 'advanceLeave', 'applyDate', 'expireDate'];
  await recordHistories(
    db,
    rows.map((r) => {
      const record = { id: r.id, ...CONFIG, applyDate: toDmy(r.applyDate), expireDate: toDmy(r.expireDate), version: r.version };
      return { tableName: 'leave_general_configs', recordId: r.id, action: 'CREATE' as const, changes: diffFields(null, record, fields), newRecord: record };
    }),
    by,
  );
  return rows.map((r) => ({ id: r.id, ...CONFIG, applyDate: r.applyDate, expireDate: r.expireDate }));
}

/**
 * Contract history: the probationary and fixed-term staff's contracts as on their record (a fixed-term contract with
 * its earlier terms), and one staff member who was on probation until a week into the second demo period and is
 * official since, so the probation months turn into reserve_probationary_leave usable from that day.
 */
async function insertContracts(db: DbOrTx, employees: readonly SeededEmployee[], periods: readonly PeriodPlan[], probationer: SeededEmployee | undefined): Promise<number> {
  const rows: { employeeId: number; contractType: string; startDate: string; endDate: string | null }[] = [];
  const officialOn = plusDays(periods[1]!.fromDate, 7);
  if (probationer) {
    rows.push({ employeeId: probationer.id, contractType: 'P', startDate: probationer.startWorkingDay, endDate: plusDays(officialOn, -1) });
    rows.push({ employeeId: probationer.id, contractType: 'UNLIMTED', startDate: officialOn, endDate: null });
    // The form's contract is the history's latest (RULES.md §7): the official one, from that day.
    await db.update(employeesTable).set({ contractType: 'UNLIMTED', contractStartDate: officialOn, contractEndDate: null, numberOfYear: null }).where(eq(employeesTable.id, probationer.id));
    probationer.contractStartDate = officialOn;
    probationer.contractEndDate = null;
  }
  for (const e of employees) {
    if (e.contractType === 'P') rows.push({ employeeId: e.id, contractType: 'P', startDate: e.contractStartDate, endDate: e.contractEndDate });
    if (e.contractType === '1236' && e.numberOfYear) {
      const years = Number(e.numberOfYear);
      for (let from = e.startWorkingDay; from <= e.contractStartDate; from = plusYears(from, years)) {
        rows.push({ employeeId: e.id, contractType: '1236', startDate: from, endDate: plusDays(plusYears(from, years), -1) });
      }
    }
  }
  if (rows.length) await db.insert(employeeContracts).values(rows);
  return rows.length;
}

/** The permanent staff member who joined last before the first demo period: on probation until the second one. */
function pickProbationer(employees: readonly SeededEmployee[], periods: readonly PeriodPlan[]): SeededEmployee | undefined {
  return employees
    .filter((e) => e.contractType === 'UNLIMTED' && e.roles.length === 1 && e.roles[0] === 'STAFF' && e.userName !== 'staff' && e.startWorkingDay < periods[0]!.fromDate)
    .sort((a, b) => (a.startWorkingDay < b.startWorkingDay ? 1 : a.startWorkingDay > b.startWorkingDay ? -1 : a.id - b.id))[0];
}
