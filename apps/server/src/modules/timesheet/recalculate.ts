/**
 * Persistence of the day engine (RULES.md §4, issue 3 §2): loads the inputs of many employees set-based, runs
 * `computeDays` per employee, and writes `timesheet_days` and `abnormal_cases` set-based. Incremental: a punch batch,
 * a request, schedule or policy change recomputes only the employee-days it touches — writers queue them
 * (recalc-queue.ts) and modules/recalculation drains the queue through `recalculateRanges`; "Calculate working day"
 * recomputes one date for some or all employees as a job.
 * docs/timesheet-engine.md has the engine's rules; this file decides what is computed and how it is stored.
 */
import { isIsoDateText, MESSAGES_COMMON } from '@tms/contracts/api';
import { TIMESHEET_CALC_MESSAGES as M } from '@tms/contracts/timesheet-calc';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { defineJob, enqueueJob, ensureJobQueued, NO_PAYLOAD } from '../../lib/jobs.ts';
import { addDays, companyToday, dayjs, maxDate, minDate, toDmy } from '../../lib/dates.ts';
import { epochDayOf } from './day-engine.clock.ts';
import { computeDays } from './day-engine.ts';
import { punchDayStarts } from './day-engine.punch-days.ts';
import type { AttendancePolicy, CoverageRequest, DayResult, IsoWeekday, PolicyAssignment, ScheduleAssignment, ScheduleDay, ShiftCredit, ValueOverride, WorkSchedule } from './day-engine.types.ts';
import { findPeriodContaining, getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import * as repo from './recalculate.repository.ts';

export type { EmployeeRange } from './recalculate.repository.ts';
export type EmployeeDay = { employeeId: number; date: string };

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

export type RecalculateSummary = {
  employees: number;
  /** Employee-days computed, and how many of those rows changed. */
  days: number;
  changedDays: number;
  abnormalUpserted: number;
  abnormalDeleted: number;
};

const DEFAULT_CHUNK = 1_000;
const DEFAULT_BATCH = 4_000;
const DEFAULT_PARALLEL = 2;

const isoOf = (epochDay: number) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10);

/** UTC offset of the zone on a calendar day, taken at noon (a switch at night does not matter). */
function offsetOn(date: string, timeZone: string): number {
  return dayjs.tz(`${date} 12:00`, 'YYYY-MM-DD HH:mm', timeZone).utcOffset();
}

// ---------------------------------------------------------------------------------------------------------------
// Punches: aggregates in, synthetic punch lists out

/**
 * Builds, from per-(day, part) aggregates, a punch list on which the engine computes exactly what it computes on the
 * raw punches: per part the first and the last instant (both, even in one minute: the last instant of a day is its
 * check-out time), plus `minutes − 2` fillers on the distinct minutes right after the first. Why it is exact: the
 * engine reads of a day's punches only the first, the last and the number of distinct minutes
 * (docs/timesheet-engine.md: a punch counts at its minute, a minute once); a part (before or after the minute of a
 * calendar day where the engine's midpoint rule splits it, day-engine.punch-days.ts) always goes to one day as a
 * whole; there are `minutes` distinct minutes from the first to the last, so the fillers fall strictly between them
 * and the count of distinct minutes is kept.
 * Property-tested against the engine on raw punches (recalculate.test.ts).
 */
export function punchesFromAggregates(parts: readonly { first: number; last: number; minutes: number }[], out: number[] = []): number[] {
  for (const p of parts) {
    out.push(p.first);
    const firstMinute = Math.floor(p.first / 60_000);
    for (let k = 1; k <= p.minutes - 2; k++) out.push((firstMinute + k) * 60_000);
    if (p.last !== p.first) out.push(p.last);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Day rows packed for the write (bit layout documented on repo.decodedDays)

const DAY_TYPE = { WORKING: 0, WEEKEND: 1, NON_WORKING: 2, HOLIDAY: 3 } as const;
const MODE = { DAY: 1, HOUR: 2 } as const;
const CREDIT = { ATTENDANCE: 1, REQUEST: 2, HOLIDAY: 3, UNPAID: 4 } as const;
const NO_VALUE = 127;
const P12 = 4096;
const P24 = P12 * P12;
const P36 = P24 * P12;
const P44 = P36 * 256;
/** k: the schedule index from bit 20, the notation index from bit 36 (repo.decodedDays). */
const K_SCHEDULE = 2 ** 20;
const K_NOTATION = 2 ** 36;
const MAX_INDEX = 4096;
/** 68 hours: more minutes than any day has; a larger figure (a misconfigured schedule) is stored as this. */
const MAX_MINUTES = P12 - 1;

const minutes = (value: number) => Math.min(MAX_MINUTES, Math.max(0, Math.round(value)));
const credit = (c: ShiftCredit) => (c === null ? 0 : CREDIT[c]);
const abnormalCode = (r: DayResult) => (r.abnormal === null ? 0 : r.abnormal.reason === 'FLEXIBLE_ABSENT' ? 7 : r.abnormal.reason);

export function emptyPacked(): repo.PackedDays {
  return { e: [], d: [], p: [], ia: [], oa: [], pf: [], pt: [], i: [], x: [], s1: [], s2: [], k: [], v: [] };
}

/**
 * Appends one computed day to `out` in the layout repo.decodedDays reads. `scheduleIndex` and `notationIndex` are
 * 1-based positions in the chunk's lists of schedule codes and notations (0: none).
 */
export function packDay(out: repo.PackedDays, employeeId: number, epochDay: number, r: DayResult, periodId: number | null, scheduleIndex: number, notationIndex: number): void {
  // The engine's contract (docs/timesheet-engine.md): values within 0..1. Anything else is a bug to surface, not a
  // figure to store.
  const cv = r.computedValue === null ? NO_VALUE : Math.round(r.computedValue * 100);
  if ((cv !== NO_VALUE && (cv < 0 || cv > 100)) || scheduleIndex >= 65_536 || notationIndex >= MAX_INDEX || (r.notation !== null) !== notationIndex > 0) {
    throw new RangeError(`recalculate: day ${r.date} of employee ${employeeId} does not fit the day row`);
  }
  out.e.push(employeeId);
  out.d.push(epochDay);
  out.p.push(periodId);
  out.ia.push(r.checkInAt === null ? null : Math.floor(r.checkInAt));
  out.oa.push(r.checkOutAt === null ? null : Math.floor(r.checkOutAt));
  // Whole minutes (the engine's windows start and end on a minute).
  out.pf.push(Math.floor(r.punchesFrom / 60_000));
  out.pt.push(Math.floor(r.punchesTo / 60_000));
  out.i.push(r.checkIn);
  out.x.push(r.checkOut);
  out.s1.push(minutes(r.punchCount) + minutes(r.lateMinutes) * P12 + minutes(r.earlyMinutes) * P24 + minutes(r.workedMinutes) * P36);
  out.s2.push(
    minutes(r.absentMinutes) +
      minutes(r.requestMinutes) * P12 +
      minutes(r.explanationRefundMinutes) * P24 +
      Math.min(255, r.explanationUses) * P36 +
      abnormalCode(r) * P44,
  );
  out.k.push(
    DAY_TYPE[r.dayType] +
      (r.mode === null ? 0 : MODE[r.mode]) * 4 +
      credit(r.shifts?.MORNING ?? null) * 16 +
      credit(r.shifts?.AFTERNOON ?? null) * 128 +
      (r.isLateComing ? 1024 : 0) +
      (r.isEarlyLeaving ? 2048 : 0) +
      (r.overridden ? 4096 : 0) +
      cv * 8192 +
      scheduleIndex * K_SCHEDULE +
      notationIndex * K_NOTATION,
  );
  // numeric(4,2): an override is stored in hundredths.
  out.v.push(r.overridden && r.value !== null ? Math.round(r.value * 100) : null);
}

function slicePacked(p: repo.PackedDays, from: number, to: number): repo.PackedDays {
  return {
    e: p.e.slice(from, to), d: p.d.slice(from, to), p: p.p.slice(from, to), ia: p.ia.slice(from, to), oa: p.oa.slice(from, to),
    pf: p.pf.slice(from, to), pt: p.pt.slice(from, to), i: p.i.slice(from, to), x: p.x.slice(from, to), s1: p.s1.slice(from, to), s2: p.s2.slice(from, to), k: p.k.slice(from, to), v: p.v.slice(from, to),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Engine inputs from the loaded rows

function toSchedule(s: repo.ScheduleRow): WorkSchedule {
  const days: Partial<Record<IsoWeekday, ScheduleDay>> = {};
  for (const d of s.days ?? []) {
    days[d.day as IsoWeekday] = { workingDay: d.working, startTime: d.start, endTime: d.end, breakStart: d.breakStart, breakEnd: d.breakEnd, standardMinutes: d.minutes };
  }
  return { code: s.code, type: s.type, standardMinutes: Number(s.standard), startTime: s.start, endTime: s.end, days };
}

type EmployeeInputs = {
  schedules: ScheduleAssignment[];
  policies: PolicyAssignment[];
  overrides: ValueOverride[];
  requests: CoverageRequest[];
  flexible: boolean;
};

const FLEXIBLE_TYPE = 'FLEXIBLE';

/** Recomputes one chunk of employees in one transaction. `ranges` are sorted by employee and one per employee. */
async function recalculateChunk(db: Db, ranges: readonly repo.EmployeeRange[], ctx: { today: string; nowMs: number; offset: number; batchSize: number }): Promise<RecalculateSummary> {
  return db.transaction(async (tx) => {
    await repo.allowChunkWorkMemory(tx);
    const locked = await repo.lockEmployees(tx, ranges.map((r) => r.employeeId));
    const info = new Map(locked.map((e) => [Number(e.id), e]));
    const present = ranges.filter((r) => info.has(r.employeeId));
    if (present.length === 0) return { employees: 0, days: 0, changedDays: 0, abnormalUpserted: 0, abnormalDeleted: 0 };
    const loaded = await repo.loadContext(tx, present);

    // One WorkSchedule object per code for the whole chunk: the engine parses a schedule once per object.
    const schedules = new Map(loaded.schedules.map((s) => [s.code, toSchedule(s)]));
    const scheduleCodes = [...schedules.keys()];
    const scheduleIndex = new Map(scheduleCodes.map((c, i) => [c, i + 1]));
    const holidays = new Map<string, Map<string, string>>();
    for (const h of loaded.holidays) {
      let map = holidays.get(h.cal);
      if (!map) holidays.set(h.cal, (map = new Map()));
      map.set(h.d, h.name);
    }
    const periodsOf = new Map<number, repo.PeriodRow[]>();
    for (const p of loaded.periods) {
      const list = periodsOf.get(Number(p.company)) ?? [];
      list.push(p);
      periodsOf.set(Number(p.company), list);
    }
    const periodStartsOf = new Map([...periodsOf].map(([company, list]) => [company, list.map((p) => p.from)]));
    const facts = new Map(loaded.facts.map((f) => [Number(f.e), f]));

    const inputs = new Map<number, EmployeeInputs>();
    const inputsOf = (e: number) => {
      let x = inputs.get(e);
      if (!x) inputs.set(e, (x = { schedules: [], policies: [], overrides: [], requests: [], flexible: false }));
      return x;
    };
    for (const p of loaded.policies) {
      const x = inputsOf(Number(p.e));
      const policy: AttendancePolicy = {
        lackOfTimeAllowed: Number(p.lack),
        explanationNumber: Number(p.number),
        refundHoursPerExplanation: Number(p.refund),
        explanationTimePerDays: Number(p.perDay),
      };
      x.policies.push({ from: p.from, to: p.to, policy });
      const schedule = schedules.get(p.code);
      if (schedule) {
        x.schedules.push({ from: p.from, to: p.to, schedule });
        if (schedule.type === FLEXIBLE_TYPE) x.flexible = true;
      }
    }
    for (const o of loaded.overrides) inputsOf(Number(o.e)).overrides.push({ date: o.d, value: o.v === null ? null : Number(o.v) });
    for (const c of loaded.coverage) inputsOf(Number(c.e)).requests.push(coverageOf(c));

    // docs/timesheet-engine.md (fund carry): an hour-based employee's explanation fund is used day by day through
    // the period, so a change on D recomputes D … the end of D's period, starting from the uses stored before D.
    const final: repo.EmployeeRange[] = present.map((r) => {
      const f = facts.get(r.employeeId);
      const flexible = inputs.get(r.employeeId)?.flexible ?? false;
      return flexible && f ? { ...r, to: minDate(maxDate(r.to, f.ext), ctx.today) } : r;
    });

    // RULES.md §4: the punches of a day are split where the engine splits them (the midpoint rule after a night
    // shift), so each aggregated part goes to one day as a whole.
    const dayStarts: repo.PunchDayStart[] = [];
    for (const r of final) {
      const x = inputs.get(r.employeeId);
      if (!x) continue;
      for (const [day, minute] of punchDayStarts(x.schedules, r.from, addDays(r.to, 1))) dayStarts.push([r.employeeId, day, minute]);
    }
    const aggregates = await repo.loadPunchAggregates(tx, final, ctx.offset, dayStarts);
    const parts = new Map<number, { first: number; last: number; minutes: number }[]>();
    for (const [e, , , first, last, minutes] of aggregates) {
      const list = parts.get(e);
      if (list) list.push({ first, last, minutes });
      else parts.set(e, [{ first, last, minutes }]);
    }

    const packed = emptyPacked();
    const notations: string[] = [];
    const notationIndex = new Map<string, number>();
    const indexOfNotation = (n: string | null) => {
      if (n === null) return 0;
      let i = notationIndex.get(n);
      if (i === undefined) notationIndex.set(n, (i = notations.push(n)));
      return i;
    };
    const cases: repo.CaseRow[] = [];
    const noHolidays = new Map<string, string>();
    const isoCache = new Map<number, string>();
    const isoOfDay = (d: number) => {
      let iso = isoCache.get(d);
      if (iso === undefined) isoCache.set(d, (iso = isoOf(d)));
      return iso;
    };
    for (const r of final) {
      const e = r.employeeId;
      const emp = info.get(e)!;
      const x = inputs.get(e);
      const dates: string[] = [];
      const firstDay = epochDayOf(r.from);
      for (let d = firstDay, end = epochDayOf(r.to); d <= end; d++) dates.push(isoOfDay(d));
      const results = computeDays({
        dates,
        schedules: x?.schedules ?? [],
        policies: x?.policies ?? [],
        holidays: holidays.get(emp.holiday_calendar_code) ?? noHolidays,
        punches: punchesFromAggregates(parts.get(e) ?? []),
        utcOffsetMinutes: ctx.offset,
        overrides: x?.overrides ?? [],
        requests: x?.requests ?? [],
        explanationFundUsedBefore: facts.get(e)?.fund ?? 0,
        periodStarts: periodStartsOf.get(Number(emp.company_id)) ?? [],
        // RULES.md §4: a day not ended yet, or outside the employment, is stored without a value (judgeEndedDays).
        now: ctx.nowMs,
        employment: { start: emp.start_working_day, end: emp.last_working_day },
      });
      const periods = periodsOf.get(Number(emp.company_id)) ?? [];
      let pi = 0;
      // computeDays answers one result per date, ascending: results[j] is firstDay + j.
      for (let j = 0; j < results.length; j++) {
        const day = results[j]!;
        while (pi < periods.length && periods[pi]!.to < day.date) pi++;
        const period = pi < periods.length && periods[pi]!.from <= day.date ? periods[pi]! : null;
        packDay(packed, e, firstDay + j, day, period ? Number(period.id) : null, day.scheduleCode === null ? 0 : (scheduleIndex.get(day.scheduleCode) ?? 0), indexOfNotation(day.notation));
        if (day.abnormal) {
          const a = day.abnormal;
          cases.push({ e, d: day.date, r: String(a.reason), mv: a.minuteViolation, i: day.checkIn, x: day.checkOut, s: a.startTime, t: a.endTime });
        }
      }
    }

    let changedDays = 0;
    const fresh = !(await repo.anyStoredDay(tx, final));
    for (let i = 0; i < packed.e.length; i += ctx.batchSize) {
      changedDays += await repo.writeDays(tx, slicePacked(packed, i, i + ctx.batchSize), scheduleCodes, notations, fresh);
    }
    const synced = await repo.syncAbnormalCases(tx, final, cases);
    return { employees: final.length, days: packed.e.length, changedDays, abnormalUpserted: synced.upserted, abnormalDeleted: synced.deleted };
  });
}

/**
 * The ranges a recalculation computes: clipped to today (company zone) and, unless `includeLocked`, to after the lock
 * date; one range per employee (several are merged), sorted by employee. The OT pay of a drained change is recomputed
 * over the same ranges (modules/recalculation).
 */
export async function clipRanges(db: Db, ranges: readonly repo.EmployeeRange[], opts: Pick<RecalculateOptions, 'timeZone' | 'now' | 'includeLocked'>): Promise<repo.EmployeeRange[]> {
  const today = companyToday(opts.timeZone, opts.now);
  const lock = opts.includeLocked ? null : await getLockDate(db);
  const firstOpen = lock ? addDays(lock, 1) : null;
  const merged = new Map<number, repo.EmployeeRange>();
  for (const r of ranges) {
    const from = firstOpen ? maxDate(r.from, firstOpen) : r.from;
    const to = minDate(r.to, today);
    if (from > to) continue;
    const seen = merged.get(r.employeeId);
    merged.set(r.employeeId, seen ? { employeeId: r.employeeId, from: minDate(seen.from, from), to: maxDate(seen.to, to) } : { employeeId: r.employeeId, from, to });
  }
  return [...merged.values()].sort((a, b) => a.employeeId - b.employeeId);
}

/**
 * Recomputes and stores the timesheet days of the given employee ranges (clipped by `clipRanges`); chunks of
 * `chunkSize` employees, each in one transaction. A zone whose UTC offset changes inside the dates is computed per
 * constant-offset segment, in order. Only the recalculation module and the timesheet's own jobs call it: writers
 * queue their change (recalc-queue.ts), and the drain recomputes the OT pay of the same ranges after the days.
 */
export async function recalculateRanges(db: Db, ranges: readonly repo.EmployeeRange[], opts: RecalculateOptions): Promise<RecalculateSummary> {
  const today = companyToday(opts.timeZone, opts.now);
  const list = await clipRanges(db, ranges, opts);
  const total: RecalculateSummary = { employees: 0, days: 0, changedDays: 0, abnormalUpserted: 0, abnormalDeleted: 0 };
  if (list.length === 0) return total;

  // The engine takes one UTC offset per call (docs/timesheet-engine.md): split at the days the offset changes.
  let lo = list[0]!.from;
  let hi = list[0]!.to;
  for (const r of list) {
    lo = minDate(lo, r.from);
    hi = maxDate(hi, r.to);
  }
  const segments: { from: string; to: string; offset: number }[] = [];
  const firstOffset = offsetOn(lo, opts.timeZone);
  if (firstOffset === offsetOn(hi, opts.timeZone) && firstOffset === offsetOn(addDays(hi, 1), opts.timeZone)) {
    segments.push({ from: lo, to: hi, offset: firstOffset });
  } else {
    for (let d = lo; d <= hi; d = addDays(d, 1)) {
      const offset = offsetOn(d, opts.timeZone);
      const last = segments[segments.length - 1];
      if (last && last.offset === offset) last.to = d;
      else segments.push({ from: d, to: d, offset });
    }
  }

  const chunkSize = Math.max(1, opts.chunkSize ?? DEFAULT_CHUNK);
  const batchSize = Math.max(1, opts.batchSize ?? DEFAULT_BATCH);
  const parallel = Math.max(1, opts.parallelChunks ?? DEFAULT_PARALLEL);
  for (const segment of segments) {
    const part = list
      .map((r) => ({ employeeId: r.employeeId, from: maxDate(r.from, segment.from), to: minDate(r.to, segment.to) }))
      .filter((r) => r.from <= r.to);
    const chunks: repo.EmployeeRange[][] = [];
    for (let i = 0; i < part.length; i += chunkSize) chunks.push(part.slice(i, i + chunkSize));
    let next = 0;
    let failed = false;
    // Chunks hold disjoint employees, so two can run at once: on a PostgreSQL server one chunk's statements run in
    // the database while the next one is computed here. PGlite serialises transactions, which loses nothing.
    const worker = async () => {
      while (!failed && next < chunks.length) {
        const chunk = chunks[next++]!;
        try {
          const s = await recalculateChunk(db, chunk, { today, nowMs: opts.now.getTime(), offset: segment.offset, batchSize });
          total.employees += s.employees;
          total.days += s.days;
          total.changedDays += s.changedDays;
          total.abnormalUpserted += s.abnormalUpserted;
          total.abnormalDeleted += s.abnormalDeleted;
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
  return total;
}

/** `from` … `to` for these employees, or for every employee who may work in it when `employeeIds` is undefined. */
export async function employeeRangesOf(db: Db, q: { employeeIds?: readonly number[]; from: string; to: string }): Promise<repo.EmployeeRange[]> {
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

/** Employee-days grouped per employee into min … max ranges. */
export function rangesOfDays(pairs: readonly EmployeeDay[]): repo.EmployeeRange[] {
  const byEmployee = new Map<number, repo.EmployeeRange>();
  for (const p of pairs) {
    const seen = byEmployee.get(p.employeeId);
    if (!seen) byEmployee.set(p.employeeId, { employeeId: p.employeeId, from: p.date, to: p.date });
    else {
      seen.from = minDate(seen.from, p.date);
      seen.to = maxDate(seen.to, p.date);
    }
  }
  return [...byEmployee.values()];
}

/**
 * The days of these employee-days, per employee from the first to the last of its days (flexible staff: to the end
 * of that period), clipped to today and the lock date. Tests and benches; writers queue their change instead.
 */
export async function recalculateEmployeeDays(db: Db, pairs: readonly EmployeeDay[], opts: RecalculateOptions): Promise<RecalculateSummary> {
  return recalculateRanges(db, rangesOfDays(pairs), opts);
}

// ---------------------------------------------------------------------------------------------------------------
// Jobs: their names and payloads; the runners are in modules/recalculation (they recompute the days and then the OT
// pay, which this core does not know), registered with every other handler in modules/job-handlers.ts

export const RECALCULATE_DAYS_JOB = 'timesheet.recalculate-days';

/** A recalculation job's payload: employee ranges (Update Employee Check Time adds its own fields, kept in the row). */
export const recalculateDaysJob = defineJob({ name: RECALCULATE_DAYS_JOB, payload: z.object({ ranges: z.array(z.object({ e: z.number().int(), f: z.string(), t: z.string() })) }) });
export type RecalculateDaysPayload = z.infer<typeof recalculateDaysJob.payload>;

// ---------------------------------------------------------------------------------------------------------------
// Days that end (RULES.md §4: a day is judged only once it has ended)

export const JUDGE_ENDED_DAYS_JOB = 'timesheet.judge-ended-days';
export const judgeEndedDaysJob = defineJob({ name: JUDGE_ENDED_DAYS_JOB, payload: NO_PAYLOAD });
/** How often days that have ended since are judged: a day gets its value at most this long after its end. */
export const JUDGE_EVERY_MS = 15 * 60 * 1000;

/**
 * The employee-days of yesterday and today (company zone) not judged yet or never computed: recomputing them gives
 * a day without a punch after its end its value and abnormal case too. Until a day has ended its recomputation
 * changes nothing, and an unchanged row is not rewritten (writeDays). The job that recomputes them is in
 * modules/recalculation.
 */
export async function unjudgedDays(db: Db, opts: Pick<RecalculateOptions, 'timeZone' | 'now'>): Promise<EmployeeDay[]> {
  const today = companyToday(opts.timeZone, opts.now);
  return repo.unjudgedEmployeeDays(db, addDays(today, -1), today);
}

/** Makes sure one judge-ended-days chain is queued; replicas starting together serialise on an advisory lock. */
export async function scheduleJudgingOfEndedDays(db: Db): Promise<void> {
  await ensureJobQueued(db, judgeEndedDaysJob);
}

// ---------------------------------------------------------------------------------------------------------------
// Calculate working day (spec 001 §5.1, §7.1; RULES.md §4: a background job that notifies the caller when done)

export const CALCULATE_WORKING_DAY_JOB = 'timesheet.calculate-working-day';
/** The notification kind of a finished calculation (RULES.md §8). */
export const CALCULATION_FINISHED = 'CALCULATION_FINISHED';
export const calculateWorkingDayJob = defineJob({ name: CALCULATE_WORKING_DAY_JOB, payload: z.object({ date: z.string(), employeeIds: z.array(z.number().int()).nullable() }) });
export type CalculatePayload = z.infer<typeof calculateWorkingDayJob.payload>;

const isWeekendDate = (date: string) => {
  const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
  return wd === 0 || wd === 6;
};

/**
 * Checks the date rules of spec 001 §5.1 in order — required, a real date, inside a payroll period, the period not
 * starting in the future, the date not in the future, not a weekend, not locked (RULES.md §4, 409) — then the
 * employees (at least one; all must exist), and queues the job. `employeeIds` null = every active employee.
 */
export async function requestWorkingDayCalculation(
  db: Db,
  req: { userId: number; date: string | undefined; employeeIds: readonly number[] | null },
  opts: { timeZone: string; now: Date },
): Promise<{ jobId: number }> {
  const date = req.date?.trim();
  if (!date) throw badRequest(M.dateRequired);
  if (!isIsoDateText(date)) throw badRequest(MESSAGES_COMMON.invalidDate);
  const today = companyToday(opts.timeZone, opts.now);
  const period = await findPeriodContaining(db, date, { companyId: null });
  if (!period) throw badRequest(M.dateRequired);
  if (period.from_date > today) throw badRequest(M.futureTimesheet);
  if (date > today) throw badRequest(M.futureDate);
  if (isWeekendDate(date)) throw badRequest(M.weekend);
  const lock = await getLockDate(db);
  if (lock && date <= lock) throw new AppError(409, M.locked(toDmy(date)!));
  let employeeIds: number[] | null = null;
  if (req.employeeIds !== null) {
    const wanted = [...new Set(req.employeeIds)];
    if (wanted.length === 0) throw badRequest(M.employeeRequired);
    const found = await repo.existingEmployeeIds(db, wanted);
    if (found.length !== wanted.length) throw notFound(M.employeeNotFound);
    employeeIds = found;
  }
  const payload: CalculatePayload = { date, employeeIds };
  return { jobId: await enqueueJob(db, { job: calculateWorkingDayJob, payload, createdBy: req.userId }) };
}

/** A stored coverage row as the day engine reads it (contracts of `CoverageRequest`). */
function coverageOf(c: repo.CoverageRow): CoverageRequest {
  return {
    date: c.d,
    kind: c.k as CoverageRequest['kind'],
    shift: (c.shift as CoverageRequest['shift']) ?? null,
    minutes: c.m,
    startTime: c.s,
    endTime: c.t,
    fundUses: c.u,
    unpaid: c.np,
    notation: c.n,
    halfNotation: c.hn,
  };
}
