import type { DbOrTx } from '../../db/client.ts';
import * as repo from './expiry.repository.ts';
import { inTransaction } from './leave.service.ts';
import { queueLeaveBalanceEvents } from './leave-webhook-events.ts';
import { LEDGER_CAUSE } from './leave.types.ts';

/**
 * The expiry sweep (docs/leave-ledger.md "Expiry"): every fund row that expires by its date (bonus, carryover,
 * probationary reserve, project leave, and default or seniority rows not expiring on 31 Dec — those are settled by
 * the year end) whose expire date is before `today` and that still has hours left gets one EXPIRE entry of what is
 * left, dated on its expire date, cause_ref `expired:<row id>`. The overview's "expired" and every balance are then
 * sums of ledger rows. Idempotent: a swept row sums to 0, so the next sweep finds nothing on it.
 */
export async function sweepExpiredRows(db: DbOrTx, opts: { today: string; byUserId: number | null }): Promise<{ entries: number }> {
  return inTransaction(db, async (tx) => {
    const ids = await repo.lockExpiredWithHoursLeft(tx, opts.today);
    const entries = await repo.insertExpiryEntries(tx, { fundRowIds: ids, today: opts.today, byUserId: opts.byUserId });
    // They bypass insertLedger: one leave_balance.changed per employee of the sweep (issue 30).
    await queueLeaveBalanceEvents(tx, entries.map((e) => ({ ...e, cause: LEDGER_CAUSE.expire })));
    return { entries: entries.length };
  });
}
