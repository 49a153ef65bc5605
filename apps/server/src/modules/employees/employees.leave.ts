import type { DbOrTx } from '../../db/client.ts';
import { financialYearEnd } from '../leave/accrual-engine.ts';
import { fromMilli, toMilli } from '../leave/allocation.ts';
import { findFundRow } from '../leave/leave.repository.ts';
import { adjustFundRow, employeeBalance, grantFundRows, removeFundRow } from '../leave/leave.service.ts';
import { ANNUAL_FUND_TYPES, FUND_TYPE } from '../leave/leave.types.ts';

/** The description of a grant made by editing an employee's remain annual leave (visible on the Bonus Leave list). */
export const ADJUSTMENT_DESCRIPTION = 'Employee management: remain annual leave adjustment';

export type AdjustOutcome = { ok: true } | { ok: false; message: string };

/**
 * Posts a change of an employee's remain annual leave (hours, docs/employees.md) on the leave ledger, in the caller's
 * transaction, through the leave core:
 * - more hours: one bonus (prioritize_leave) fund row granted today, expiring at the end of the financial year;
 * - fewer hours: the usable annual rows are reduced in the order a leave would draw them (earliest expiry first),
 *   each an ADJUST entry (a row taken to zero is removed: a REMOVE entry of what was left).
 * All or nothing: fewer usable hours than the cut answers a message and writes nothing more.
 */
export async function adjustRemainAnnualLeave(
  tx: DbOrTx,
  input: { employeeId: number; hours: number; today: string; byUserId: number },
): Promise<AdjustOutcome> {
  const milli = toMilli(input.hours);
  if (milli === 0) return { ok: true };
  if (milli > 0) {
    await grantFundRows(
      tx,
      [
        {
          employeeId: input.employeeId,
          fundType: FUND_TYPE.prioritize,
          hours: fromMilli(milli),
          applyDate: input.today,
          expireDate: financialYearEnd(Number(input.today.slice(0, 4))),
          description: ADJUSTMENT_DESCRIPTION,
          financialYear: Number(input.today.slice(0, 4)),
          sourceId: `employee:${input.employeeId}`,
        },
      ],
      input.byUserId,
    );
    return { ok: true };
  }
  let left = -milli;
  const balance = await employeeBalance(tx, { employeeId: input.employeeId, date: input.today, fundTypes: ANNUAL_FUND_TYPES });
  if (toMilli(balance.totalHours) < left) {
    return { ok: false, message: `Remain annual leave cannot be lowered by more than the ${balance.totalHours} hours left on the leave funds` };
  }
  for (const row of balance.rows) {
    if (left <= 0) break;
    const take = Math.min(left, toMilli(row.remainingHours));
    if (take <= 0) continue;
    const stored = await findFundRow(tx, row.fundRowId, { forUpdate: true });
    if (!stored) continue;
    const newAmount = toMilli(Number(stored.amount)) - take;
    const result =
      newAmount > 0
        ? await adjustFundRow(tx, { fundRowId: row.fundRowId, hours: fromMilli(newAmount) }, input.byUserId)
        : await removeFundRow(tx, { fundRowId: row.fundRowId }, input.byUserId);
    if (!result.ok) return { ok: false, message: `Remain annual leave could not be adjusted (${result.reason})` };
    left -= take;
  }
  return { ok: true };
}
