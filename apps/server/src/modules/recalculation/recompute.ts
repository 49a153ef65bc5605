import type { Db } from '../../db/client.ts';
import { recomputeOvertimePay } from '../overtime-pay/ot-pay.service.ts';
import { clipRanges, recalculateRanges, type EmployeeRange, type RecalculateOptions, type RecalculateSummary } from '../timesheet/recalculate.ts';

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
