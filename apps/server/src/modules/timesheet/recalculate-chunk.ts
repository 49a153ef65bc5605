import type { Db, DbOrTx } from '../../db/client.ts';
import { maxDate, minDate } from '../../lib/dates.ts';
import { epochDayOf } from './day-engine.clock.ts';
import { computeDays } from './day-engine.ts';
import { chunkInputs, type ChunkInputs } from './chunk-inputs.ts';
import type { EmployeeRange } from './employee-days.ts';
import { addKeyToDigest, emptyPacked, packDay, pickPacked, slicePacked, storedDigests, writeDays, type PackedDays, type StoredDigest } from './day-row.repository.ts';
import { loadPunchParts, punchesFromAggregates, type PunchPart } from './punch-aggregates.ts';
import * as repo from './recalculate.repository.ts';

/** One chunk's share of a recalculation (recalculate.ts sums them). */
export type ChunkSummary = { employees: number; days: number; changedDays: number; abnormalUpserted: number; abnormalDeleted: number };
export type ChunkContext = { today: string; nowMs: number; offset: number; batchSize: number };

/**
 * Up to this many employees a chunk skips the statements that only pay off on a large one (more work memory for the
 * punch aggregate; the read of the stored digests, which lets a rerun send only changed days and a fresh period take a
 * plain INSERT): an incremental recalculation of a few employees is mostly round trips.
 */
const SMALL_CHUNK = 50;

const isoOf = (epochDay: number) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10);

/** The computed days of a chunk, packed for the write, and its abnormal cases. */
type ChunkDays = { packed: PackedDays; notations: string[]; cases: repo.CaseRow[] };

/**
 * docs/timesheet-engine.md (fund carry): an hour-based employee's explanation fund is used day by day through the
 * period, so a change on D recomputes D … the end of D's period, starting from the uses stored before D.
 */
function withFundCarry(ranges: readonly EmployeeRange[], inputs: ChunkInputs, today: string): EmployeeRange[] {
  return ranges.map((r) => {
    const f = inputs.facts.get(r.employeeId);
    const flexible = inputs.employees.get(r.employeeId)?.flexible ?? false;
    return flexible && f ? { ...r, to: minDate(maxDate(r.to, f.ext), today) } : r;
  });
}

/** Runs the engine over each range and packs its days (one notation list for the chunk, 1-based indexes). */
function computeChunkDays(
  ranges: readonly EmployeeRange[],
  employees: ReadonlyMap<number, repo.LockedEmployee>,
  inputs: ChunkInputs,
  parts: ReadonlyMap<number, PunchPart[]>,
  ctx: ChunkContext,
): ChunkDays {
  const out: ChunkDays = { packed: emptyPacked(), notations: [], cases: [] };
  const notationIndex = new Map<string, number>();
  const indexOfNotation = (n: string | null) => {
    if (n === null) return 0;
    let i = notationIndex.get(n);
    if (i === undefined) notationIndex.set(n, (i = out.notations.push(n)));
    return i;
  };
  const noHolidays = new Map<string, string>();
  const isoCache = new Map<number, string>();
  const isoOfDay = (d: number) => {
    let iso = isoCache.get(d);
    if (iso === undefined) isoCache.set(d, (iso = isoOf(d)));
    return iso;
  };
  for (const r of ranges) {
    const e = r.employeeId;
    const emp = employees.get(e)!;
    const x = inputs.employees.get(e);
    const dates: string[] = [];
    const firstDay = epochDayOf(r.from);
    for (let d = firstDay, end = epochDayOf(r.to); d <= end; d++) dates.push(isoOfDay(d));
    const results = computeDays({
      dates,
      schedules: x?.schedules ?? [],
      policies: x?.policies ?? [],
      holidays: inputs.holidays.get(emp.holiday_calendar_code) ?? noHolidays,
      punches: punchesFromAggregates(parts.get(e) ?? []),
      utcOffsetMinutes: ctx.offset,
      overrides: x?.overrides ?? [],
      requests: x?.requests ?? [],
      overtime: x?.overtime ?? [],
      explanationFundUsedBefore: inputs.facts.get(e)?.fund ?? 0,
      periodStarts: inputs.periodStartsOf.get(Number(emp.company_id)) ?? [],
      // RULES.md §4: a day not ended yet, or outside the employment, is stored without a value (judgeEndedDays).
      now: ctx.nowMs,
      employment: { start: emp.start_working_day, end: emp.last_working_day },
    });
    const periods = inputs.periodsOf.get(Number(emp.company_id)) ?? [];
    let pi = 0;
    // computeDays answers one result per date, ascending: results[j] is firstDay + j.
    for (let j = 0; j < results.length; j++) {
      const day = results[j]!;
      while (pi < periods.length && periods[pi]!.to < day.date) pi++;
      const period = pi < periods.length && periods[pi]!.from <= day.date ? periods[pi]! : null;
      const scheduleIndex = day.scheduleCode === null ? 0 : (inputs.scheduleIndex.get(day.scheduleCode) ?? 0);
      packDay(out.packed, e, firstDay + j, day, period ? Number(period.id) : null, scheduleIndex, indexOfNotation(day.notation));
      if (day.abnormal) {
        const a = day.abnormal;
        out.cases.push({ e, d: day.date, r: String(a.reason), mv: a.minuteViolation, i: day.checkIn, x: day.checkOut, s: a.startTime, t: a.endTime });
      }
    }
  }
  return out;
}

/**
 * The rows of `days` to send: on a large chunk only the employees whose stored rows differ from the computed ones
 * (a rerun over unchanged data sends nothing), and whether nothing of the ranges is stored yet. A small chunk (an
 * incremental recalculation) sends every row and lets the upsert compare keys: one round trip less.
 */
async function rowsToWrite(tx: DbOrTx, ranges: readonly EmployeeRange[], packed: PackedDays): Promise<{ rows: PackedDays; fresh: boolean }> {
  if (ranges.length <= SMALL_CHUNK) return { rows: packed, fresh: false };
  const stored = await storedDigests(tx, ranges);
  if (stored.size === 0) return { rows: packed, fresh: true };
  const changed: number[] = [];
  // Packed rows are grouped by employee (computeChunkDays): one run of rows per employee.
  for (let start = 0; start < packed.e.length; ) {
    const e = packed.e[start]!;
    let end = start;
    const computed: StoredDigest = { rows: 0, keyed: 0, low: 0, high: 0 };
    while (end < packed.e.length && packed.e[end] === e) addKeyToDigest(computed, packed.h[end++]!);
    const s = stored.get(e);
    const same = s !== undefined && s.rows === computed.rows && s.keyed === s.rows && s.low === computed.low && s.high === computed.high;
    if (!same) for (let i = start; i < end; i++) changed.push(i);
    start = end;
  }
  return { rows: changed.length === packed.e.length ? packed : pickPacked(packed, changed), fresh: false };
}

/** Writes the chunk's changed day rows in batches of `batchSize`; answers how many rows changed. */
async function writeChunkDays(tx: DbOrTx, ranges: readonly EmployeeRange[], days: ChunkDays, scheduleCodes: readonly string[], batchSize: number): Promise<number> {
  let changedDays = 0;
  const { rows, fresh } = await rowsToWrite(tx, ranges, days.packed);
  for (let i = 0; i < rows.e.length; i += batchSize) {
    changedDays += await writeDays(tx, slicePacked(rows, i, i + batchSize), scheduleCodes, days.notations, fresh);
  }
  return changedDays;
}

/** Recomputes one chunk of employees in one transaction. `ranges` are sorted by employee and one per employee. */
export async function recalculateChunk(db: Db, ranges: readonly EmployeeRange[], ctx: ChunkContext): Promise<ChunkSummary> {
  return db.transaction(async (tx) => {
    if (ranges.length > SMALL_CHUNK) await repo.allowChunkWorkMemory(tx);
    const locked = await repo.lockEmployees(tx, ranges.map((r) => r.employeeId));
    const employees = new Map(locked.map((e) => [Number(e.id), e]));
    const present = ranges.filter((r) => employees.has(r.employeeId));
    if (present.length === 0) return { employees: 0, days: 0, changedDays: 0, abnormalUpserted: 0, abnormalDeleted: 0 };
    const inputs = chunkInputs(await repo.loadContext(tx, present));
    const final = withFundCarry(present, inputs, ctx.today);
    const parts = await loadPunchParts(tx, final, (e) => inputs.employees.get(e)?.schedules, ctx.offset);
    const days = computeChunkDays(final, employees, inputs, parts, ctx);
    const changedDays = await writeChunkDays(tx, final, days, inputs.scheduleCodes, ctx.batchSize);
    const synced = await repo.syncAbnormalCases(tx, final, days.cases);
    return { employees: final.length, days: days.packed.e.length, changedDays, abnormalUpserted: synced.upserted, abnormalDeleted: synced.deleted };
  });
}
