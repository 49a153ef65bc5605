import { AsyncLocalStorage } from 'node:async_hooks';
import type { DbOrTx } from '../../db/client.ts';
import { rangesOfDays, type EmployeeDay, type EmployeeRange } from './employee-days.ts';
import * as repo from './recalc-queue.repository.ts';

/**
 * The one way a writer brings the timesheet and the OT pay up to date (RULES.md §4: a new punch, an approved,
 * rejected or withdrawn request or explanation, a changed schedule or policy, overtime, recompute the affected
 * employee-days only, within seconds; docs/recalculation.md).
 *
 * Call `queueRecalculation(tx, change)` INSIDE the write's transaction: the affected employee ranges (or overtime
 * requests) become rows of `recalc_queue` that commit — or roll back — with the change itself, so a process killed
 * right after the commit loses nothing. The writer never recomputes: after the request's handler has returned (its
 * transaction committed), the recalculation module drains what this request queued before the answer is sent, so the
 * cell is right when the call returns; a change of more than SYNC_RECALCULATION_MAX_EMPLOYEES employees, and whatever
 * a crash left behind, is drained by the job worker within seconds.
 */

/** Above this many employees a change is left to the job worker instead of holding up the request. */
export const SYNC_RECALCULATION_MAX_EMPLOYEES = 200;

/**
 * The change: employee-days (a punch batch, a request's dates), employee ranges (a schedule from its apply date;
 * dates after today and on or before the lock date are skipped when drained), or overtime requests (their pay).
 */
export type RecalcChange = readonly EmployeeDay[] | { ranges: readonly EmployeeRange[] } | { overtimeRequestIds: readonly number[] };

/**
 * What one HTTP request queued, drained after its handler returns (recalculation.plugin.ts). `drain`, set by that
 * plugin, recomputes it at once for a handler that answers with the recomputed figures (`settleQueuedNow`).
 */
export type RecalcScope = { employees: Set<number>; overtimeRequests: Set<number>; drain?: () => Promise<void> };

const scopes = new AsyncLocalStorage<RecalcScope>();

/** Runs `fn` (the rest of a request) with a fresh scope that `queueRecalculation` notes its subjects in. */
export function runInRecalcScope(scope: RecalcScope, fn: () => void): void {
  scopes.run(scope, fn);
}

export const newRecalcScope = (): RecalcScope => ({ employees: new Set(), overtimeRequests: new Set() });

/**
 * For a handler that answers with recomputed figures (an HR "recompute this day"): drains what this request has
 * queued — and committed — so far, now rather than after the handler. Outside a request it does nothing (the job
 * worker drains).
 */
export async function settleQueuedNow(): Promise<void> {
  await scopes.getStore()?.drain?.();
}

/**
 * When the queued change will be computed: `none` (nothing to do), `done` (before the request that queued it
 * answers), `queued` (by the job worker, within seconds: a large change, or one queued outside a request).
 */
export type RecalcOutcome = 'none' | 'done' | 'queued';

/** Records the change in the caller's transaction. `createdBy`: who made it (the OT pay lines' history names them). */
export async function queueRecalculation(tx: DbOrTx, change: RecalcChange, opts: { createdBy?: number | null } = {}): Promise<RecalcOutcome> {
  const createdBy = opts.createdBy ?? null;
  const scope = scopes.getStore();
  if ('overtimeRequestIds' in change) {
    await repo.queueOvertimeRequests(tx, change.overtimeRequestIds, createdBy);
    for (const id of change.overtimeRequestIds) scope?.overtimeRequests.add(id);
    return outcomeOf(change.overtimeRequestIds.length, scope?.overtimeRequests.size);
  }
  const ranges = mergeRanges('ranges' in change ? change.ranges : rangesOfDays(change));
  await repo.queueRanges(tx, ranges, createdBy);
  for (const r of ranges) scope?.employees.add(r.employeeId);
  return outcomeOf(ranges.length, scope?.employees.size);
}

const outcomeOf = (queued: number, inScope: number | undefined): RecalcOutcome =>
  queued === 0 ? 'none' : inScope !== undefined && inScope <= SYNC_RECALCULATION_MAX_EMPLOYEES ? 'done' : 'queued';

/** One range per employee, from the first to the last day any of its ranges touches. */
function mergeRanges(ranges: readonly EmployeeRange[]): EmployeeRange[] {
  const merged = new Map<number, EmployeeRange>();
  for (const r of ranges) {
    if (r.from > r.to) continue;
    const seen = merged.get(r.employeeId);
    merged.set(r.employeeId, seen ? { employeeId: r.employeeId, from: seen.from < r.from ? seen.from : r.from, to: seen.to > r.to ? seen.to : r.to } : { ...r });
  }
  return [...merged.values()];
}
