import type { AttendancePolicy, CoverageRequest, IsoWeekday, OvertimeWindow, PolicyAssignment, ScheduleAssignment, ScheduleDay, ValueOverride, WorkSchedule } from './day-engine.types.ts';
import type { CoverageRow, PeriodRow, PolicyRow, RangeFacts, RecalcContext, ScheduleRow } from './recalculate.repository.ts';

/**
 * The day engine's inputs for one chunk of employees, from the rows loadContext read (recalculate.repository.ts):
 * lookups by schedule code, holiday calendar, company and employee, built once per chunk.
 */

/** One employee's engine inputs; `flexible` when a policy names a FLEXIBLE schedule (the fund carry extends its range). */
export type EmployeeInputs = {
  schedules: ScheduleAssignment[];
  policies: PolicyAssignment[];
  overrides: ValueOverride[];
  requests: CoverageRequest[];
  overtime: OvertimeWindow[];
  flexible: boolean;
};

export type ChunkInputs = {
  /** One WorkSchedule object per code for the whole chunk: the engine parses a schedule once per object. */
  schedules: Map<string, WorkSchedule>;
  /** The chunk's schedule codes, and each one's 1-based index in it (the day row stores the index). */
  scheduleCodes: string[];
  scheduleIndex: Map<string, number>;
  holidays: Map<string, Map<string, string>>;
  periodsOf: Map<number, PeriodRow[]>;
  periodStartsOf: Map<number, string[]>;
  facts: Map<number, RangeFacts>;
  employees: Map<number, EmployeeInputs>;
};

const FLEXIBLE_TYPE = 'FLEXIBLE';

function toSchedule(s: ScheduleRow): WorkSchedule {
  const days: Partial<Record<IsoWeekday, ScheduleDay>> = {};
  for (const d of s.days ?? []) {
    days[d.day as IsoWeekday] = { workingDay: d.working, startTime: d.start, endTime: d.end, breakStart: d.breakStart, breakEnd: d.breakEnd, standardMinutes: d.minutes };
  }
  return { code: s.code, type: s.type, standardMinutes: Number(s.standard), startTime: s.start, endTime: s.end, days };
}

/** A stored coverage row as the day engine reads it (contracts of `CoverageRequest`). */
function coverageOf(c: CoverageRow): CoverageRequest {
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

function policyOf(p: PolicyRow): AttendancePolicy {
  return {
    lackOfTimeAllowed: Number(p.lack),
    explanationNumber: Number(p.number),
    refundHoursPerExplanation: Number(p.refund),
    explanationTimePerDays: Number(p.perDay),
  };
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

function employeeInputs(loaded: RecalcContext, schedules: ReadonlyMap<string, WorkSchedule>): Map<number, EmployeeInputs> {
  const inputs = new Map<number, EmployeeInputs>();
  const inputsOf = (e: number) => {
    let x = inputs.get(e);
    if (!x) inputs.set(e, (x = { schedules: [], policies: [], overrides: [], requests: [], overtime: [], flexible: false }));
    return x;
  };
  for (const p of loaded.policies) {
    const x = inputsOf(Number(p.e));
    x.policies.push({ from: p.from, to: p.to, policy: policyOf(p) });
    const schedule = schedules.get(p.code);
    if (schedule) {
      x.schedules.push({ from: p.from, to: p.to, schedule });
      if (schedule.type === FLEXIBLE_TYPE) x.flexible = true;
    }
  }
  for (const o of loaded.overrides) inputsOf(Number(o.e)).overrides.push({ date: o.d, value: o.v === null ? null : Number(o.v) });
  for (const c of loaded.coverage) inputsOf(Number(c.e)).requests.push(coverageOf(c));
  for (const w of loaded.overtime) inputsOf(Number(w.e)).overtime.push({ start: Number(w.s), end: Number(w.t) });
  return inputs;
}

export function chunkInputs(loaded: RecalcContext): ChunkInputs {
  const schedules = new Map(loaded.schedules.map((s) => [s.code, toSchedule(s)]));
  const scheduleCodes = [...schedules.keys()];
  const holidays = new Map([...groupBy(loaded.holidays, (h) => h.cal)].map(([cal, list]) => [cal, new Map(list.map((h) => [h.d, h.name]))]));
  const periodsOf = groupBy(loaded.periods, (p) => Number(p.company));
  return {
    schedules,
    scheduleCodes,
    scheduleIndex: new Map(scheduleCodes.map((c, i) => [c, i + 1])),
    holidays,
    periodsOf,
    periodStartsOf: new Map([...periodsOf].map(([company, list]) => [company, list.map((p) => p.from)])),
    facts: new Map(loaded.facts.map((f) => [Number(f.e), f])),
    employees: employeeInputs(loaded, schedules),
  };
}
