import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueueRecalculation, rangesOfDays, recalculateRanges, type EmployeeDay, type EmployeeRange, type RecalculateSummary } from './recalculate.ts';

/**
 * The one way a writer brings the timesheet up to date after its change has committed (RULES.md §4: a new punch, an
 * HR edit, an approved, rejected or withdrawn request or explanation, a changed schedule or policy, overtime recompute
 * the affected employee-days only, within seconds). Call it after the transaction, never inside it: the
 * recalculation reads the change and takes the employees' row locks itself.
 *
 * Up to SYNC_RECALCULATION_MAX_EMPLOYEES employees are recomputed at once, inside the caller's request; more (a device
 * catching up, a column of the whole company) go to a job. If the run fails, the change stays committed and the same
 * work is queued as a job, so the caller is not told to retry what is already stored.
 */
export const SYNC_RECALCULATION_MAX_EMPLOYEES = 200;

/** What the entry point needs of the app: `app` itself will do. */
export type AfterCommitDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger };

/** The change: employee-days (a punch batch, edited cells), or employee ranges (a schedule from its apply date). */
export type AfterCommitChange = readonly EmployeeDay[] | { ranges: readonly EmployeeRange[] };

export type AfterCommitResult = { outcome: 'none' | 'done' | 'queued'; summary: RecalculateSummary | null };

export async function recalculateAfterCommit(deps: AfterCommitDeps, change: AfterCommitChange, opts: { createdBy?: number | null } = {}): Promise<AfterCommitResult> {
  const ranges = 'ranges' in change ? [...change.ranges] : rangesOfDays(change);
  if (ranges.length === 0) return { outcome: 'none', summary: null };
  const createdBy = opts.createdBy ?? null;
  if (new Set(ranges.map((r) => r.employeeId)).size > SYNC_RECALCULATION_MAX_EMPLOYEES) {
    await enqueueRecalculation(deps.db, ranges, createdBy);
    return { outcome: 'queued', summary: null };
  }
  try {
    const summary = await recalculateRanges(deps.db, ranges, { timeZone: deps.clock.timeZone, now: deps.clock.now() });
    return { outcome: 'done', summary };
  } catch (err) {
    deps.log?.error({ err, employees: ranges.length }, 'recalculation after a committed change failed; queued as a job');
    await enqueueRecalculation(deps.db, ranges, createdBy);
    return { outcome: 'queued', summary: null };
  }
}
