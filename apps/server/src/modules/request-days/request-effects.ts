import { REQUEST_RULE_MESSAGES as R } from '@tms/contracts/requests';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { HistoryAuthor } from '../../lib/history.ts';
import { allowancesLeft, returnAllowance, useAllowance } from '../leave/allowance.ts';
import { annualBalances } from '../leave/annual-balance.ts';
import { balanceKeyOf } from '../leave/balance-key.ts';
import { lockEmployeeLeave, returnLeave, useLeave, usableHoursOfMany } from '../leave/leave.service.ts';
import { FUND_TYPE } from '../leave/leave.types.ts';
import type { FundEffect } from './request-form.ts';

/**
 * What an approved request draws (RULES.md §5), in the caller's transaction: annual leave hours (advance leave
 * included, RULES.md §7) and project leave days through the leave core (`useLeave`, source `request:<id>`), offset
 * hours and birthday days through the allowances.
 * A refusal throws 400 "Not enough leave balance", so the approval's transaction writes nothing.
 * A withdrawal or rejection of an approved request gives them back.
 */

export type EffectRequest = { id: number; employeeId: number; effect: FundEffect; dates: readonly { date: string; fundAmount: number }[] };

export const sourceOf = (requestId: number) => `request:${requestId}`;
const sum = (dates: EffectRequest['dates']) => Math.round(dates.reduce((s, d) => s + d.fundAmount, 0) * 1000) / 1000;

export async function applyEffects(tx: DbOrTx, r: EffectRequest, by: HistoryAuthor): Promise<void> {
  const sourceId = sourceOf(r.id);
  if (r.effect === 'ANNUAL' || r.effect === 'PROJECT') {
    const fundTypes = r.effect === 'PROJECT' ? [FUND_TYPE.project] : undefined;
    for (const d of r.dates) {
      if (d.fundAmount <= 0) continue;
      const used = await useLeave(tx, { employeeId: r.employeeId, hours: d.fundAmount, date: d.date, sourceId, fundTypes, advance: r.effect === 'ANNUAL', byUserId: by.userId });
      if (!used.ok) throw badRequest(R.insufficientBalance);
    }
  } else if (r.effect === 'OFFSET' || r.effect === 'BIRTHDAY') {
    const amount = sum(r.dates);
    if (amount <= 0) return;
    const used = await useAllowance(tx, { employeeId: r.employeeId, kind: r.effect, amount, sourceId, by });
    if (!used.ok) throw badRequest(R.insufficientBalance);
  }
}

export async function returnEffects(tx: DbOrTx, r: EffectRequest, by: HistoryAuthor): Promise<void> {
  const sourceId = sourceOf(r.id);
  if (r.effect === 'ANNUAL' || r.effect === 'PROJECT') await returnLeave(tx, { sourceId, byUserId: by.userId });
  else if (r.effect === 'OFFSET' || r.effect === 'BIRTHDAY') {
    const amount = sum(r.dates);
    if (amount > 0) await returnAllowance(tx, { employeeId: r.employeeId, kind: r.effect, amount, sourceId, by });
  }
}

/**
 * What the fund of `effect` holds for the employee on `date` (null: the reason draws no fund). Annual leave: the
 * balance get-balance shows (`annual_leave_balance_hours`, advance included), read under the employee's leave lock,
 * the one the approval's draw takes, so a parallel approval cannot change it before this transaction ends.
 */
export async function fundAvailable(db: DbOrTx, employeeId: number, effect: FundEffect, date: string): Promise<number | null> {
  if (effect === 'ANNUAL') await lockEmployeeLeave(db, employeeId);
  const query = { employeeId, effect, date };
  return (await fundsAvailable(db, [query])).get(fundQueryKey(query)) ?? null;
}

export type FundQuery = { employeeId: number; effect: FundEffect; date: string };
export const fundQueryKey = (q: FundQuery): string => `${q.employeeId}:${q.effect}:${q.date}`;

/**
 * `fundAvailable` of many requests, read only (no leave lock: a list shows the figures, the approval re-reads under
 * the lock), in a fixed number of statements per effect whatever their count. Keyed by `fundQueryKey`; null where the
 * effect draws nothing.
 */
export async function fundsAvailable(db: DbOrTx, queries: readonly FundQuery[]): Promise<Map<string, number | null>> {
  const of = (effect: FundEffect) => queries.filter((q) => q.effect === effect);
  // In turn, not side by side: `db` may be a transaction's one connection.
  const annual = await annualBalances(db, of('ANNUAL'));
  const project = await usableHoursOfMany(db, of('PROJECT'), [FUND_TYPE.project]);
  const offset = await allowancesLeft(db, [...new Set(of('OFFSET').map((q) => q.employeeId))], 'OFFSET');
  const birthday = await allowancesLeft(db, [...new Set(of('BIRTHDAY').map((q) => q.employeeId))], 'BIRTHDAY');
  const figure = (q: FundQuery): number | null => {
    if (q.effect === 'ANNUAL') return annual.get(balanceKeyOf(q))?.balanceHours ?? null;
    if (q.effect === 'PROJECT') return project.get(balanceKeyOf(q)) ?? null;
    if (q.effect === 'OFFSET') return offset.get(q.employeeId) ?? null;
    if (q.effect === 'BIRTHDAY') return birthday.get(q.employeeId) ?? null;
    return null;
  };
  return new Map(queries.map((q) => [fundQueryKey(q), figure(q)]));
}
