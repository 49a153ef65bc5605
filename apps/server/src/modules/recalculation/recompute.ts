import type { Db } from '../../db/client.ts';
import { recomputeOvertimePay } from '../overtime-pay/ot-pay.service.ts';
import { clipRanges, recalculateRanges, type EmployeeRange, type RecalculateOptions, type RecalculateSummary } from '../timesheet/recalculate.ts';
import { overtimeRequestDays } from '../timesheet/recalculate.repository.ts';

export type RecomputeSummary = RecalculateSummary & { overtimeRequests: number };

/**
 * Brings employee ranges up to date: the timesheet days first, then the OT pay of the same ranges (RULES.md §6: the
 * punches of these days may change the OT figures of requests around them; one indexed query when there is no OT).
 * The two cores do not know each other; this is the one place that runs them in order. Locked dates keep their
 * figures unless `includeLocked` (the demo seed building already approved periods once).
 */
export async function recomputeRanges(db: Db, ranges: readonly EmployeeRange[], opts: RecalculateOptions & { createdBy?: number | null }): Promise<RecomputeSummary> {
  const days = await recalculateRanges(db, ranges, opts);
  const clipped = await clipRanges(db, ranges, opts);
  const pay = clipped.length === 0
    ? { requests: 0 }
    : await recomputeOvertimePay(db, { ranges: clipped, ...(opts.includeLocked ? { includeLocked: true } : {}) }, { timeZone: opts.timeZone, now: opts.now, createdBy: opts.createdBy ?? null });
  return { ...days, overtimeRequests: pay.requests };
}

/**
 * Labour Code Art. 98.2: a day's regular night minutes exclude approved overtime, so an overtime request's approval,
 * rejection or edit recomputes the days its window can meet before its pay (docs/timesheet-engine.md "Night minutes").
 */
export async function recomputeOvertimeDays(db: Db, requestIds: readonly number[], opts: RecalculateOptions): Promise<RecalculateSummary> {
  return recalculateRanges(db, await overtimeRequestDays(db, requestIds), opts);
}
