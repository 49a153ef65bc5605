/**
 * Persistence of the day engine (RULES.md §4, issue 3 §2): loads the inputs of many employees set-based, runs
 * `computeDays` per employee, and writes `timesheet_days` and `abnormal_cases` set-based. Incremental: a punch batch,
 * a request, schedule or policy change recomputes only the employee-days it touches — writers queue them
 * (recalc-queue.ts) and modules/recalculation drains the queue through `recalculateRanges`; "Calculate working day"
 * recomputes one date for some or all employees as a job (calculate-working-day.ts).
 * docs/timesheet-engine.md has the engine's rules; this file decides what is computed, in which chunks and zone
 * segments: one chunk's work is recalculate-chunk.ts, its inputs chunk-inputs.ts, its punches punch-aggregates.ts,
 * its day rows day-row.repository.ts.
 */
import type { Db } from '../../db/client.ts';
import { addDays, companyToday, dayjs, maxDate, minDate } from '../../lib/dates.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { rangesOfDays, type EmployeeDay, type EmployeeRange } from './employee-days.ts';
import { recalculateChunk, type ChunkSummary } from './recalculate-chunk.ts';
import * as repo from './recalculate.repository.ts';

// Callers outside the timesheet module import these from here, the module's entry point.
export { rangesOfDays, type EmployeeDay, type EmployeeRange } from './employee-days.ts';
export { RECALCULATE_DAYS_JOB, recalculateDaysJob, scheduleJudgingOfEndedDays, type RecalculateDaysPayload } from './timesheet-jobs.ts';

export type RecalculateOptions = {
  /** The company time zone (TZ_COMPANY): it decides the calendar day of a punch and "today" (RULES.md §1). */
  timeZone: string;
  /**
   * Now, from the app's clock (lib/clock.ts): dates after today in the company zone are never computed nor stored,
   * and a day that has not ended yet is stored without a value (RULES.md §4, docs/timesheet-engine.md).
   */
  now: Date;
  /**
   * RULES.md §4: nothing dated on or before the lock date changes, so by default those dates are skipped. `true`
   * computes them anyway (building the rows of an already approved period once, e.g. after seeding demo data).
   */
  includeLocked?: boolean;
  /** Employees per transaction (default 1,000): PGlite's event loop breathes between chunks, memory stays bounded. */
  chunkSize?: number;
  /** Day rows per INSERT (default 4,000). */
  batchSize?: number;
  /** Chunks in flight at once (default 2), each in its own transaction. */
  parallelChunks?: number;
};

export type RecalculateSummary = ChunkSummary;

const DEFAULT_CHUNK = 1_000;
const DEFAULT_BATCH = 4_000;
const DEFAULT_PARALLEL = 2;

/** UTC offset of the zone on a calendar day, taken at noon (a switch at night does not matter). */
function offsetOn(date: string, timeZone: string): number {
  return dayjs.tz(`${date} 12:00`, 'YYYY-MM-DD HH:mm', timeZone).utcOffset();
}

/**
 * The ranges a recalculation computes: clipped to today (company zone) and, unless `includeLocked`, to after the lock
 * date; one range per employee (several are merged), sorted by employee. The OT pay of a drained change is recomputed
 * over the same ranges (modules/recalculation).
 */
export async function clipRanges(db: Db, ranges: readonly EmployeeRange[], opts: Pick<RecalculateOptions, 'timeZone' | 'now' | 'includeLocked'>): Promise<EmployeeRange[]> {
  const today = companyToday(opts.timeZone, opts.now);
  const lock = opts.includeLocked ? null : await getLockDate(db);
  const firstOpen = lock ? addDays(lock, 1) : null;
  const merged = new Map<number, EmployeeRange>();
  for (const r of ranges) {
    const from = firstOpen ? maxDate(r.from, firstOpen) : r.from;
    const to = minDate(r.to, today);
    if (from > to) continue;
    const seen = merged.get(r.employeeId);
    merged.set(r.employeeId, seen ? { employeeId: r.employeeId, from: minDate(seen.from, from), to: maxDate(seen.to, to) } : { employeeId: r.employeeId, from, to });
  }
  return [...merged.values()].sort((a, b) => a.employeeId - b.employeeId);
}

/** The engine takes one UTC offset per call (docs/timesheet-engine.md): the dates of `list` split where the offset changes. */
function offsetSegments(list: readonly EmployeeRange[], timeZone: string): { from: string; to: string; offset: number }[] {
  let lo = list[0]!.from;
  let hi = list[0]!.to;
  for (const r of list) {
    lo = minDate(lo, r.from);
    hi = maxDate(hi, r.to);
  }
  const firstOffset = offsetOn(lo, timeZone);
  if (firstOffset === offsetOn(hi, timeZone) && firstOffset === offsetOn(addDays(hi, 1), timeZone)) return [{ from: lo, to: hi, offset: firstOffset }];
  const segments: { from: string; to: string; offset: number }[] = [];
  for (let d = lo; d <= hi; d = addDays(d, 1)) {
    const offset = offsetOn(d, timeZone);
    const last = segments[segments.length - 1];
    if (last && last.offset === offset) last.to = d;
    else segments.push({ from: d, to: d, offset });
  }
  return segments;
}

function addSummary(total: RecalculateSummary, s: RecalculateSummary): void {
  total.employees += s.employees;
  total.days += s.days;
  total.changedDays += s.changedDays;
  total.abnormalUpserted += s.abnormalUpserted;
  total.abnormalDeleted += s.abnormalDeleted;
}

/**
 * Runs `work` over the chunks, `parallel` at a time, each in its own transaction. Chunks hold disjoint employees, so
 * two can run at once: on a PostgreSQL server one chunk's statements run in the database while the next one is
 * computed here. PGlite serialises transactions, which loses nothing. The first failure stops the rest and is thrown.
 */
async function runChunks(chunks: readonly EmployeeRange[][], parallel: number, work: (chunk: readonly EmployeeRange[]) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < chunks.length) {
      try {
        await work(chunks[next++]!);
      } catch (err) {
        failed = true;
        throw err;
      }
      // PGlite runs in this process: let requests in between chunks.
      if (next < chunks.length) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(parallel, chunks.length) }, worker));
  const rejected = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}

/**
 * Recomputes and stores the timesheet days of the given employee ranges (clipped by `clipRanges`); chunks of
 * `chunkSize` employees, each in one transaction. A zone whose UTC offset changes inside the dates is computed per
 * constant-offset segment, in order. Only the recalculation module and the timesheet's own jobs call it: writers
 * queue their change (recalc-queue.ts), and the drain recomputes the OT pay of the same ranges after the days.
 */
export async function recalculateRanges(db: Db, ranges: readonly EmployeeRange[], opts: RecalculateOptions): Promise<RecalculateSummary> {
  const today = companyToday(opts.timeZone, opts.now);
  const list = await clipRanges(db, ranges, opts);
  const total: RecalculateSummary = { employees: 0, days: 0, changedDays: 0, abnormalUpserted: 0, abnormalDeleted: 0 };
  if (list.length === 0) return total;
  const chunkSize = Math.max(1, opts.chunkSize ?? DEFAULT_CHUNK);
  const batchSize = Math.max(1, opts.batchSize ?? DEFAULT_BATCH);
  const parallel = Math.max(1, opts.parallelChunks ?? DEFAULT_PARALLEL);
  for (const segment of offsetSegments(list, opts.timeZone)) {
    const part = list
      .map((r) => ({ employeeId: r.employeeId, from: maxDate(r.from, segment.from), to: minDate(r.to, segment.to) }))
      .filter((r) => r.from <= r.to);
    const chunks: EmployeeRange[][] = [];
    for (let i = 0; i < part.length; i += chunkSize) chunks.push(part.slice(i, i + chunkSize));
    const ctx = { today, nowMs: opts.now.getTime(), offset: segment.offset, batchSize };
    await runChunks(chunks, parallel, async (chunk) => addSummary(total, await recalculateChunk(db, chunk, ctx)));
  }
  return total;
}

/** `from` … `to` for these employees, or for every employee who may work in it when `employeeIds` is undefined. */
export async function employeeRangesOf(db: Db, q: { employeeIds?: readonly number[]; from: string; to: string }): Promise<EmployeeRange[]> {
  const ids = q.employeeIds ?? (await repo.activeEmployeeIds(db, q.from));
  return [...new Set(ids)].map((employeeId) => ({ employeeId, from: q.from, to: q.to }));
}

/** Recomputes the days of `from` … `to` for these employees (or everyone who may work in it); tests and benches. */
export async function recalculate(
  db: Db,
  opts: RecalculateOptions & { employeeIds?: readonly number[]; from: string; to: string },
): Promise<RecalculateSummary> {
  return recalculateRanges(db, await employeeRangesOf(db, opts), opts);
}

/**
 * The days of these employee-days, per employee from the first to the last of its days (flexible staff: to the end
 * of that period), clipped to today and the lock date. Tests and benches; writers queue their change instead.
 */
export async function recalculateEmployeeDays(db: Db, pairs: readonly EmployeeDay[], opts: RecalculateOptions): Promise<RecalculateSummary> {
  return recalculateRanges(db, rangesOfDays(pairs), opts);
}
