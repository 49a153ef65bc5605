import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { recomputeOvertimePay } from '../overtime-pay/ot-pay.service.ts';
import { SYNC_RECALCULATION_MAX_EMPLOYEES, type RecalcScope } from '../timesheet/recalc-queue.ts';
import * as queue from '../timesheet/recalc-queue.repository.ts';
import { recomputeOvertimeDays, recomputeRanges } from './recompute.ts';

/**
 * Drains the recalculation queue (docs/recalculation.md): claims rows with a lease, recomputes the timesheet days and
 * then the OT pay of the same ranges, then the OT pay of queued overtime requests, and deletes what it computed. Any
 * number of drainers (requests finishing, the job worker of each API process) may run at once: a row is claimed by one
 * of them (`for update skip locked`), so each employee-day is recomputed once per change.
 */

export type DrainDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger };
export type DrainSummary = { claimed: number; employees: number; days: number; overtimeRequests: number; failed: number };

/** How long a claim holds without its drainer renewing it; a drainer renews every third of it while it computes. */
export const CLAIM_LEASE_MS = 60_000;
/** Subjects per claim of the background drain: one recalculation chunk. */
const BATCH = 500;
/** How long a request waits for its own change when another drainer holds part of it. */
const WAIT_FOR_OTHERS_MS = 5_000;

export function drainerToken(): string {
  return `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

const emptySummary = (): DrainSummary => ({ claimed: 0, employees: 0, days: 0, overtimeRequests: 0, failed: 0 });
/** The database's own message when a driver wrapped it (drizzle puts the failed SQL in the message, the cause in `cause`). */
function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error && cause.message ? cause.message : err.message || err.name;
}

/** Renews the claims of `token` while `work` runs. */
async function holdingClaims<T>(deps: DrainDeps, token: string, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => {
    queue.extendClaims(deps.db, token, CLAIM_LEASE_MS).catch((err: unknown) => deps.log?.warn({ err }, 'recalculation claim renewal failed'));
  }, Math.floor(CLAIM_LEASE_MS / 3));
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * Computes claimed rows together; when that fails, one by one, so one subject's failure does not hold the others back
 * (the failing ones wait a growing delay and are tried again; a new change to them resets the delay).
 */
async function computeClaimed(
  deps: DrainDeps,
  token: string,
  kind: queue.QueueKind,
  rows: readonly queue.ClaimedRow[],
  compute: (rows: readonly queue.ClaimedRow[]) => Promise<void>,
): Promise<number> {
  const version = (r: queue.ClaimedRow) => ({ subjectId: r.subject_id, version: r.version });
  try {
    await compute(rows);
    await queue.finishClaims(deps.db, token, kind, rows.map(version));
    return 0;
  } catch (batchError) {
    const done: queue.ClaimedRow[] = [];
    const failed: number[] = [];
    let error = errorText(batchError);
    for (const row of rows.length > 1 ? rows : []) {
      try {
        await compute([row]);
        done.push(row);
      } catch (err) {
        failed.push(row.subject_id);
        error = errorText(err);
      }
    }
    if (rows.length === 1) failed.push(rows[0]!.subject_id);
    deps.log?.error({ err: batchError, kind, failed }, 'recalculation failed; the rows stay queued and are tried again');
    await queue.finishClaims(deps.db, token, kind, done.map(version), { subjectIds: failed, error });
    return failed.length;
  }
}

/**
 * One claim of each kind: the timesheet days (and OT pay) of up to `limit` employees, then the OT pay of up to
 * `limit` overtime requests. `employeeIds` / `overtimeRequestIds` narrow the claims to those subjects (an empty list
 * claims none of that kind).
 */
export async function drainOnce(
  deps: DrainDeps,
  opts: { token: string; limit?: number; employeeIds?: readonly number[]; overtimeRequestIds?: readonly number[] },
): Promise<DrainSummary> {
  const summary = emptySummary();
  const limit = opts.limit ?? BATCH;
  const timing = () => ({ timeZone: deps.clock.timeZone, now: deps.clock.now() });
  if (!opts.employeeIds || opts.employeeIds.length > 0) {
    const rows = await queue.claimRows(deps.db, { kind: 'days', token: opts.token, leaseMs: CLAIM_LEASE_MS, limit, subjectIds: opts.employeeIds });
    summary.claimed += rows.length;
    if (rows.length > 0) {
      summary.failed += await holdingClaims(deps, opts.token, () =>
        computeClaimed(deps, opts.token, 'days', rows, async (some) => {
          const ranges = some.map((r) => ({ employeeId: r.subject_id, from: r.from_date!, to: r.to_date! }));
          const s = await recomputeRanges(deps.db, ranges, timing());
          summary.employees += s.employees;
          summary.days += s.days;
          summary.overtimeRequests += s.overtimeRequests;
        }),
      );
    }
  }
  if (!opts.overtimeRequestIds || opts.overtimeRequestIds.length > 0) {
    const rows = await queue.claimRows(deps.db, { kind: 'ot-request', token: opts.token, leaseMs: CLAIM_LEASE_MS, limit, subjectIds: opts.overtimeRequestIds });
    summary.claimed += rows.length;
    if (rows.length > 0) {
      summary.failed += await holdingClaims(deps, opts.token, () =>
        computeClaimed(deps, opts.token, 'ot-request', rows, async (some) => {
          const days = await recomputeOvertimeDays(deps.db, some.map((r) => r.subject_id), timing());
          summary.employees += days.employees;
          summary.days += days.days;
          // The pay lines' history names who made the change.
          const byAuthor = new Map<number | null, number[]>();
          for (const r of some) byAuthor.set(r.created_by, [...(byAuthor.get(r.created_by) ?? []), r.subject_id]);
          for (const [createdBy, requestIds] of byAuthor) {
            const s = await recomputeOvertimePay(deps.db, { requestIds }, { ...timing(), createdBy });
            summary.overtimeRequests += s.requests;
          }
        }),
      );
    }
  }
  return summary;
}

/** Drains until nothing is left to claim (or `shouldStop`): the job worker's task, on start-up and every poll. */
export async function drainAll(deps: DrainDeps, opts: { token?: string; shouldStop?: () => boolean } = {}): Promise<DrainSummary> {
  const token = opts.token ?? drainerToken();
  const total = emptySummary();
  for (;;) {
    if (opts.shouldStop?.()) return total;
    const s = await drainOnce(deps, { token });
    add(total, s);
    if (s.claimed === 0) return total;
    // PGlite runs in this process: let requests in between batches.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * After a request's handler has returned (its transaction committed): recomputes what the request queued, so the
 * answer reflects it. A change of more than SYNC_RECALCULATION_MAX_EMPLOYEES subjects of a kind is left to the job
 * worker. Rows another drainer holds are waited for, a few seconds at most; rows waiting after a failure are not.
 */
export async function drainScope(deps: DrainDeps, scope: RecalcScope): Promise<DrainSummary> {
  const employeeIds = scope.employees.size <= SYNC_RECALCULATION_MAX_EMPLOYEES ? [...scope.employees] : [];
  const overtimeRequestIds = scope.overtimeRequests.size <= SYNC_RECALCULATION_MAX_EMPLOYEES ? [...scope.overtimeRequests] : [];
  const total = emptySummary();
  if (employeeIds.length === 0 && overtimeRequestIds.length === 0) return total;
  const token = drainerToken();
  const deadline = Date.now() + WAIT_FOR_OTHERS_MS;
  for (;;) {
    const s = await drainOnce(deps, { token, employeeIds, overtimeRequestIds, limit: SYNC_RECALCULATION_MAX_EMPLOYEES });
    add(total, s);
    const pending = (await queue.pendingCount(deps.db, 'days', employeeIds)) + (await queue.pendingCount(deps.db, 'ot-request', overtimeRequestIds));
    if (pending === 0 || Date.now() > deadline) return total;
    if (s.claimed === 0) await new Promise<void>((resolve) => setTimeout(resolve, 50));
  }
}

function add(total: DrainSummary, s: DrainSummary): void {
  total.claimed += s.claimed;
  total.employees += s.employees;
  total.days += s.days;
  total.overtimeRequests += s.overtimeRequests;
  total.failed += s.failed;
}
