import { recordHistory, type HistoryAuthor } from '../../lib/history.ts';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './allowance.repository.ts';
import { inTransaction } from './leave.service.ts';

export type { AllowanceKind } from './allowance.repository.ts';

/**
 * Offset leave (`employees.remain_offset_leave`, hours; reason LOA_CORP_11) and birthday leave
 * (`employees.remain_birthday_leave`, days, 1 a year; reason BIRTHDAY_LEAVE), RULES.md §5. Each draw or return is one
 * conditional UPDATE (never below zero, whatever runs at the same time) plus one history entry on the employee, in
 * the caller's transaction (or its own when given the pool).
 */

const FIELD: Record<repo.AllowanceKind, string> = { OFFSET: 'remain_offset_leave', BIRTHDAY: 'remain_birthday_leave' };

export type AllowanceMove = { employeeId: number; kind: repo.AllowanceKind; amount: number; sourceId: string; by: HistoryAuthor };
export type AllowanceResult = { ok: true; before: number; after: number } | { ok: false; reason: 'insufficient'; available: number };

function checkAmount(amount: number): void {
  if (!Number.isFinite(amount) || amount <= 0 || amount > 10000) throw new RangeError(`allowance amount out of range: ${amount}`);
}

export async function useAllowance(db: DbOrTx, move: AllowanceMove): Promise<AllowanceResult> {
  checkAmount(move.amount);
  return inTransaction(db, async (tx) => {
    const moved = await repo.drawAllowance(tx, move.employeeId, move.kind, move.amount);
    if (!moved) return { ok: false, reason: 'insufficient', available: (await repo.allowanceLeft(tx, move.employeeId, move.kind)) ?? 0 };
    await recordMove(tx, move, 'USE', moved);
    return { ok: true, ...moved };
  });
}

export async function returnAllowance(db: DbOrTx, move: AllowanceMove): Promise<{ before: number; after: number } | undefined> {
  checkAmount(move.amount);
  return inTransaction(db, async (tx) => {
    const moved = await repo.returnAllowance(tx, move.employeeId, move.kind, move.amount);
    if (moved) await recordMove(tx, move, 'RETURN', moved);
    return moved;
  });
}

export async function allowanceLeft(db: DbOrTx, employeeId: number, kind: repo.AllowanceKind): Promise<number> {
  return (await repo.allowanceLeft(db, employeeId, kind)) ?? 0;
}

/** `allowanceLeft` of many employees in one statement (0 for an employee not found). */
export async function allowancesLeft(db: DbOrTx, employeeIds: readonly number[], kind: repo.AllowanceKind): Promise<Map<number, number>> {
  const left = await repo.allowancesLeft(db, employeeIds, kind);
  return new Map(employeeIds.map((id) => [id, left.get(id) ?? 0]));
}

async function recordMove(tx: DbOrTx, move: AllowanceMove, cause: 'USE' | 'RETURN', moved: { before: number; after: number }) {
  await recordHistory(tx, {
    tableName: 'employees',
    recordId: move.employeeId,
    employeeId: move.employeeId,
    action: 'UPDATE',
    changes: [{ field: FIELD[move.kind], oldValue: moved.before, newValue: moved.after }],
    newRecord: { cause, source: move.sourceId, amount: move.amount },
    by: move.by,
  });
}
