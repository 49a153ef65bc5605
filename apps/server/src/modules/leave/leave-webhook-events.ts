import type { LeaveBalanceEventData } from '@tms/contracts/webhook-events';
import type { DbOrTx } from '../../db/client.ts';
import { queueWebhookEvents, webhookRecordKey, webhookWanted } from '../webhook-events/webhook-events.ts';
import { balanceEventLookups } from './leave-webhook-events.repository.ts';
import type { LedgerCause } from './leave.types.ts';

/**
 * `leave_balance.changed` (issue 30 §3, docs/integrations.md "Events"): one event per employee and cause of a ledger
 * write — a request's draw or return, an accrual run (its grants, adjustments and removals), an adjustment or removal,
 * a carryover, the expiry sweep. Ledger writes that bypass `insertLedger` (the accrual's grants, `removeFundRowSet`,
 * the expiry sweep) queue their moves here themselves. Built only when
 * an endpoint subscribes (one probe otherwise); then one lookup statement for the whole batch and one insert.
 */
export type BalanceMove = {
  employeeId: number;
  /** The fund row moved (its type is looked up), or null with `fundType` given (an accrual's new row). */
  fundRowId: number | null;
  fundType?: string;
  hours: number;
  cause: LedgerCause;
  causeRef?: string | null;
};

const KIND_OF: Record<LedgerCause, LeaveBalanceEventData['cause']['kind']> = {
  GRANT: 'GRANT',
  ADJUST: 'ADJUSTMENT',
  REMOVE: 'REMOVAL',
  USE: 'REQUEST_APPROVED',
  RETURN: 'REQUEST_WITHDRAWN',
  EXPIRE: 'EXPIRY',
  CARRYOVER: 'CARRYOVER',
};

function causeOf(move: BalanceMove, accrual: boolean): LeaveBalanceEventData['cause'] {
  const request = move.causeRef?.match(/^request:(\d{1,9})$/);
  if (request) return { kind: move.cause === 'RETURN' ? 'REQUEST_WITHDRAWN' : 'REQUEST_APPROVED', id: Number(request[1]), ledger_cause: move.cause };
  // Everything an accrual run writes (its grants, adjustments and removals) is the accrual's doing; ledger_cause says which.
  const kind = accrual ? 'ACCRUAL' : KIND_OF[move.cause];
  return { kind, id: move.causeRef ?? null, ledger_cause: move.cause };
}

/** Thousandths of an hour, so sums of many entries do not drift. */
const round = (hours: number) => Math.round(hours * 1000) / 1000;

export async function queueLeaveBalanceEvents(tx: DbOrTx, moves: readonly BalanceMove[], opts: { accrual?: boolean } = {}): Promise<void> {
  if (moves.length === 0 || !(await webhookWanted(tx, 'leave_balance.changed'))) return;
  const employeeIds = [...new Set(moves.map((m) => m.employeeId))];
  const fundRowIds = [...new Set(moves.flatMap((m) => (m.fundRowId !== null && m.fundType === undefined ? [m.fundRowId] : [])))];
  const { employees, fundTypes } = await balanceEventLookups(tx, employeeIds, fundRowIds);
  const groups = new Map<string, { move: BalanceMove; funds: Map<string, number> }>();
  for (const m of moves) {
    const key = `${m.employeeId}|${m.cause}|${m.causeRef ?? ''}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { move: m, funds: new Map() }));
    const fund = m.fundType ?? (m.fundRowId === null ? 'UNKNOWN' : (fundTypes.get(m.fundRowId) ?? 'UNKNOWN'));
    g.funds.set(fund, (g.funds.get(fund) ?? 0) + m.hours);
  }
  const events = [...groups.values()].map(({ move, funds }) => {
    const person = employees.get(move.employeeId);
    const fundList = [...funds].map(([fund_type, delta]) => ({ fund_type, delta: round(delta) }));
    const data: LeaveBalanceEventData = {
      employee_id: move.employeeId,
      employee_name: person?.name ?? '',
      user_name: person?.user_name ?? '',
      delta: round(fundList.reduce((sum, f) => sum + f.delta, 0)),
      funds: fundList,
      cause: causeOf(move, opts.accrual === true),
    };
    return { type: 'leave_balance.changed' as const, recordKey: webhookRecordKey('leave', move.employeeId), data };
  });
  await queueWebhookEvents(tx, events);
}
