import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArrayLiteral as intArray } from '../../db/sql-fragments.ts';
import type { EmployeeRange } from './employee-days.ts';

/**
 * All SQL of the recalculation queue (`recalc_queue`, docs/recalculation.md). Writers add rows in their own
 * transaction; drainers claim rows with a lease, recompute, then delete what they computed.
 *
 * Lock order: every statement that locks several queue rows takes them in (kind, subject_id) order — writers insert
 * sorted, finish and heartbeat lock through an ordered `for update` — so a writer's transaction and a drainer never
 * wait on each other in a circle. Claims use `skip locked` and never wait.
 */

export type QueueKind = 'days' | 'ot-request';
export type ClaimedRow = { subject_id: number; from_date: string | null; to_date: string | null; version: number; created_by: number | null };

/** One row per employee: a pending row is widened to cover both ranges and its version bumped. */
export async function queueRanges(tx: DbOrTx, ranges: readonly EmployeeRange[], createdBy: number | null): Promise<void> {
  if (ranges.length === 0) return;
  const sorted = [...ranges].sort((a, b) => a.employeeId - b.employeeId);
  await tx.execute(sql`
    insert into recalc_queue (kind, subject_id, from_date, to_date, created_by)
    select 'days', g.e, g.f, g.t, ${createdBy}::int
      from unnest(${intArray(sorted.map((r) => r.employeeId))}::int[], ${`{${sorted.map((r) => r.from).join(',')}}`}::date[],
                  ${`{${sorted.map((r) => r.to).join(',')}}`}::date[]) as g(e, f, t)
     order by g.e
    on conflict (kind, subject_id) do update
       set from_date = least(recalc_queue.from_date, excluded.from_date),
           to_date = greatest(recalc_queue.to_date, excluded.to_date),
           version = recalc_queue.version + 1,
           attempts = 0, not_before = null`);
}

/** One row per overtime request; a pending one gets a new version. */
export async function queueOvertimeRequests(tx: DbOrTx, requestIds: readonly number[], createdBy: number | null): Promise<void> {
  const ids = [...new Set(requestIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.execute(sql`
    insert into recalc_queue (kind, subject_id, created_by)
    select 'ot-request', g.r, ${createdBy}::int from unnest(${intArray(ids)}::int[]) as g(r) order by g.r
    on conflict (kind, subject_id) do update
       set version = recalc_queue.version + 1, attempts = 0, not_before = null`);
}

/**
 * Claims up to `limit` rows of a kind that nobody holds (or whose holder's lease has passed) and that are not waiting
 * after a failure, oldest first; `subjectIds` narrows the claim to those subjects (a request draining its own change).
 */
export async function claimRows(
  db: DbOrTx,
  q: { kind: QueueKind; token: string; leaseMs: number; limit: number; subjectIds?: readonly number[] },
): Promise<ClaimedRow[]> {
  return queryRows<ClaimedRow>(
    db,
    sql`update recalc_queue q
           set claimed_by = ${q.token}, claimed_until = clock_timestamp() + make_interval(secs => ${q.leaseMs / 1000})
          from (select kind, subject_id from recalc_queue
                 where kind = ${q.kind}
                   ${q.subjectIds ? sql`and subject_id = any(${intArray(q.subjectIds)}::int[])` : sql``}
                   and (claimed_until is null or claimed_until < clock_timestamp())
                   and (not_before is null or not_before <= clock_timestamp())
                 order by queued_at, subject_id
                 limit ${q.limit}
                 for update skip locked) c
         where q.kind = c.kind and q.subject_id = c.subject_id
     returning q.subject_id, q.from_date::text as from_date, q.to_date::text as to_date, q.version, q.created_by`,
  );
}

/** Keeps this drainer's claims alive while it computes. */
export async function extendClaims(db: DbOrTx, token: string, leaseMs: number): Promise<void> {
  await db.execute(sql`
    with mine as (select kind, subject_id from recalc_queue where claimed_by = ${token} order by kind, subject_id for update)
    update recalc_queue q set claimed_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000})
      from mine where q.kind = mine.kind and q.subject_id = mine.subject_id and q.claimed_by = ${token}`);
}

/**
 * Ends this drainer's claims: rows computed at the version it claimed are deleted; a row a writer changed meanwhile
 * (a newer version) is released for another pass. `failed` rows are released with a growing delay instead.
 */
export async function finishClaims(
  db: DbOrTx,
  token: string,
  kind: QueueKind,
  done: readonly { subjectId: number; version: number }[],
  failed?: { subjectIds: readonly number[]; error: string },
): Promise<void> {
  const sortedDone = [...done].sort((a, b) => a.subjectId - b.subjectId);
  await db.execute(sql`
    with mine as (select kind, subject_id from recalc_queue where claimed_by = ${token} and kind = ${kind} order by kind, subject_id for update)
    delete from recalc_queue q using mine, unnest(${intArray(sortedDone.map((d) => d.subjectId))}::int[], ${intArray(sortedDone.map((d) => d.version))}::int[]) as d(s, v)
     where q.kind = mine.kind and q.subject_id = mine.subject_id and q.subject_id = d.s and q.version = d.v`);
  if (failed && failed.subjectIds.length > 0) {
    // 5 s, 10 s, 20 s … at most 15 minutes; a new change to the subject resets it (queueRanges).
    await db.execute(sql`
      with mine as (select kind, subject_id from recalc_queue
                     where claimed_by = ${token} and kind = ${kind} and subject_id = any(${intArray([...failed.subjectIds])}::int[])
                     order by kind, subject_id for update)
      update recalc_queue q
         set claimed_by = null, claimed_until = null, attempts = q.attempts + 1, last_error = ${failed.error.slice(0, 2000)},
             not_before = clock_timestamp() + make_interval(secs => least(900, 5 * power(2, least(q.attempts, 10))))
        from mine where q.kind = mine.kind and q.subject_id = mine.subject_id`);
  }
  await db.execute(sql`
    with mine as (select kind, subject_id from recalc_queue where claimed_by = ${token} and kind = ${kind} order by kind, subject_id for update)
    update recalc_queue q set claimed_by = null, claimed_until = null
      from mine where q.kind = mine.kind and q.subject_id = mine.subject_id`);
}

/**
 * Of these subjects, how many rows are still queued and could be drained soon (not waiting after a failure): a
 * request that drained its own change waits for those another drainer holds.
 */
export async function pendingCount(db: DbOrTx, kind: QueueKind, subjectIds: readonly number[]): Promise<number> {
  if (subjectIds.length === 0) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from recalc_queue
         where kind = ${kind} and subject_id = any(${intArray(subjectIds)}::int[])
           and (not_before is null or not_before <= clock_timestamp())`,
  );
  return row?.n ?? 0;
}

/** Hands every claim back (the embedded database at start: only one process can hold it, so no claim is alive). */
export async function releaseAllClaims(db: DbOrTx): Promise<void> {
  await db.execute(sql`update recalc_queue set claimed_by = null, claimed_until = null where claimed_by is not null`);
}

/** Forgets everything queued (the demo seed, after its full recalculation has covered every day). */
export async function clearQueue(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from recalc_queue`);
}

export type QueueRow = { kind: QueueKind; subject_id: number; from_date: string | null; to_date: string | null; version: number; claimed_by: string | null; attempts: number };

/** The queue as it stands (tests, the bench, diagnostics). */
export async function queuedRows(db: DbOrTx): Promise<QueueRow[]> {
  return queryRows<QueueRow>(
    db,
    sql`select kind, subject_id, from_date::text as from_date, to_date::text as to_date, version, claimed_by, attempts
          from recalc_queue order by kind, subject_id`,
  );
}
