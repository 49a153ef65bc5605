import type { Db, DbOrTx } from '../db/client.ts';
import { toDmy } from '../lib/dates.ts';
import { diffFields, recordHistories, type HistoryAuthor } from '../lib/history.ts';
import { remainFinancialLeave } from '../modules/leave/accrual-engine.ts';
import { carriedHoursOf, yearEndRowsOf } from '../modules/leave/financial-year.ts';
import { grantFundRows, useLeave, type GrantInput } from '../modules/leave/leave.service.ts';
import { FUND_TYPE, LEDGER_CAUSE } from '../modules/leave/leave.types.ts';

/**
 * The demo's past leave, taken and carried once every grant of the demo's history exists (prepare.ts: after the demo
 * periods are accrued, before the year end is settled): each leave in date order through the allocation itself
 * (`useLeave`, RULES.md §7: earliest expiry first, ties prioritize → reserve → probationary → seniority → default), so
 * on its day it draws on the rows that came first then, never on a bonus row while a row expiring earlier has hours.
 * The carryovers from the previous year come at the year boundary, within each one's cap as it then stands.
 */

export type PlannedLeaveUse = { employeeId: number; hours: number; date: string; sourceId: string };
/** A carryover of `share` of the employee's cap, from 1 January, expiring on `expireDate`. */
export type PlannedCarryover = { employeeId: number; username: string; share: number; expireDate: string };

export type LeaveHistorySummary = { uses: number; usedRows: number; refused: number; carryovers: number };

export async function seedLeaveHistory(
  db: Db,
  plan: { financialYear: number; uses: readonly PlannedLeaveUse[]; carryovers: readonly PlannedCarryover[]; by: HistoryAuthor },
): Promise<LeaveHistorySummary> {
  return db.transaction((tx) => takeAndCarry(tx, plan));
}

async function takeAndCarry(db: DbOrTx, plan: Parameters<typeof seedLeaveHistory>[1]): Promise<LeaveHistorySummary> {
  const yearEnd = `${plan.financialYear}-12-31`;
  const inOrder = [...plan.uses].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.sourceId < b.sourceId ? -1 : 1));
  const summary: LeaveHistorySummary = { uses: 0, usedRows: 0, refused: 0, carryovers: 0 };
  const take = async (uses: readonly PlannedLeaveUse[]) => {
    for (const u of uses) {
      const used = await useLeave(db, { ...u, byUserId: plan.by.userId });
      if (used.ok) {
        summary.uses += 1;
        summary.usedRows += used.draws.length;
      } else summary.refused += 1;
    }
  };
  await take(inOrder.filter((u) => u.date <= yearEnd));
  summary.carryovers = await carryOver(db, plan);
  await take(inOrder.filter((u) => u.date > yearEnd));
  return summary;
}

/** Each planned share of the cap (`remain-financial-leave`), in steps of 0.5 h up to 40 h, as a reserve_leave row. */
async function carryOver(db: DbOrTx, plan: { financialYear: number; carryovers: readonly PlannedCarryover[]; by: HistoryAuthor }): Promise<number> {
  const nextYear = plan.financialYear + 1;
  const employeeIds = plan.carryovers.map((c) => c.employeeId);
  const rows = await yearEndRowsOf(db, { employeeIds, financialYear: plan.financialYear });
  const carried = await carriedHoursOf(db, { employeeIds, financialYear: plan.financialYear });
  const grants: (GrantInput & { username: string })[] = [];
  for (const c of plan.carryovers) {
    const own = rows.filter((r) => r.employeeId === c.employeeId);
    const cap = remainFinancialLeave(own, plan.financialYear, carried.get(c.employeeId) ?? 0);
    const hours = Math.floor(Math.min(cap * c.share, 40) * 2) / 2;
    if (hours <= 0) continue;
    grants.push({
      employeeId: c.employeeId,
      username: c.username,
      fundType: FUND_TYPE.reserve,
      hours,
      applyDate: `${nextYear}-01-01`,
      expireDate: c.expireDate,
      financialYear: plan.financialYear,
      cause: LEDGER_CAUSE.carryover,
      description: `Carried over from ${plan.financialYear}`,
    });
  }
  const granted = await grantFundRows(db, grants, plan.by.userId);
  await recordHistories(
    db,
    granted.map((row, i) => {
      const record = { id: row.id, employeeId: row.employeeId, username: grants[i]!.username, financialYear: plan.financialYear, leaveHours: grants[i]!.hours, applyDate: toDmy(row.applyDate), expireDate: toDmy(row.expireDate), description: row.description, version: row.version };
      return { tableName: 'leave_fund_rows', recordId: row.id, employeeId: row.employeeId, action: 'CREATE' as const, changes: diffFields(null, record, ['financialYear', 'leaveHours', 'applyDate', 'expireDate', 'description']), newRecord: record };
    }),
    plan.by,
  );
  return granted.length;
}
