import { describe, expect, it } from 'vitest';
import { computeDays } from './day-engine.ts';
import type {
  AttendancePolicy,
  CoverageRequest,
  DayEngineInput,
  DayResult,
  IsoWeekday,
  ScheduleDay,
  WorkSchedule,
} from './day-engine.types.ts';

/** mulberry32: a small seeded generator, so every run explores the same cases and a failure names its seed. */
function rngOf(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, chance: (p: number) => next() < p, pick: <T>(list: readonly T[]): T => list[int(0, list.length - 1)]! };
}
type Rng = ReturnType<typeof rngOf>;

const DAY_MS = 86_400_000;
const clock = (m: number) => {
  const t = ((m % 1440) + 1440) % 1440;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
};
const isoOf = (epochDay: number) => new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
const epochDayOfIso = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY_MS;

type Shape = { start: number; end: number; breakStart: number | null; breakEnd: number | null };

function scheduleOf(code: string, type: string, shape: Shape, saturday: boolean): WorkSchedule {
  const row: ScheduleDay = {
    workingDay: true,
    startTime: clock(shape.start),
    endTime: clock(shape.end),
    breakStart: shape.breakStart === null ? null : clock(shape.breakStart),
    breakEnd: shape.breakEnd === null ? null : clock(shape.breakEnd),
  };
  const days: Partial<Record<IsoWeekday, ScheduleDay>> = { 1: row, 2: row, 3: row, 4: row, 5: row, 6: saturday ? row : { workingDay: false }, 7: { workingDay: false } };
  const worked = shape.end - shape.start - (shape.breakStart === null ? 0 : shape.breakEnd! - shape.breakStart);
  return { code, type, standardMinutes: type === 'FLEXIBLE' ? 480 : worked, days };
}

const FIXED_SHAPES: Shape[] = [
  { start: 510, end: 1050, breakStart: 720, breakEnd: 780 }, // HCM
  { start: 480, end: 1020, breakStart: 720, breakEnd: 780 },
  { start: 420, end: 900, breakStart: null, breakEnd: null },
  { start: 1320, end: 1800, breakStart: 1560, breakEnd: 1620 }, // 22:00–06:00
  { start: 1080, end: 1560, breakStart: 1320, breakEnd: 1350 }, // 18:00–02:00
  { start: 960, end: 1440, breakStart: null, breakEnd: null }, // 16:00–24:00
];
const SCHEDULES: WorkSchedule[] = [
  ...FIXED_SHAPES.map((s, i) => scheduleOf(`FIX${i}`, 'HCM', s, false)),
  scheduleOf('FIX-SAT', 'HCM', FIXED_SHAPES[0]!, true),
  scheduleOf('FLEX', 'FLEXIBLE', { start: 420, end: 1140, breakStart: null, breakEnd: null }, false),
  scheduleOf('FLEX-BREAK', 'FLEXIBLE', { start: 420, end: 1140, breakStart: 720, breakEnd: 780 }, false),
  scheduleOf('FLEX-NIGHT', 'FLEXIBLE', { start: 1200, end: 1920, breakStart: null, breakEnd: null }, false),
];

function randomPolicy(r: Rng): AttendancePolicy {
  return {
    lackOfTimeAllowed: r.pick([0, 5, 15, 30, 60]),
    explanationNumber: r.int(0, 5),
    refundHoursPerExplanation: r.pick([0, 0.5, 1, 1.5, 2]),
    explanationTimePerDays: r.int(0, 3),
  };
}

function shapeOf(schedule: WorkSchedule): { start: number; end: number } {
  const row = schedule.days[1]!;
  const [sh, sm] = row.startTime!.split(':').map(Number) as [number, number];
  const [eh, em] = row.endTime!.split(':').map(Number) as [number, number];
  const start = sh * 60 + sm;
  let end = eh * 60 + em;
  if (end <= start) end += 1440;
  return { start, end };
}

/** One employee over one payroll period (26th → 25th) with random schedules, policies, punches and requests. */
function randomEmployeeMonth(seed: number, realistic = false): DayEngineInput {
  const r = rngOf(seed);
  const year = 2025 + r.int(0, 2);
  const month = r.int(1, 12);
  const from = Date.UTC(year, month - 2, 26) / DAY_MS;
  const to = Date.UTC(year, month - 1, 25) / DAY_MS;
  const dates: string[] = [];
  for (let d = from; d <= to; d++) dates.push(isoOf(d));
  const change = r.chance(realistic ? 0.05 : 0.3) ? r.int(from + 1, to) : null;
  const first = r.pick(realistic ? SCHEDULES.slice(0, 1).concat(SCHEDULES.slice(7, 8)) : SCHEDULES);
  const second = r.pick(SCHEDULES);
  const schedules = change === null
    ? [{ from: '2000-01-01', to: '9999-12-30', schedule: first }]
    : [{ from: '2000-01-01', to: isoOf(change - 1), schedule: first }, { from: isoOf(change), to: '9999-12-30', schedule: second }];
  const policyChange = r.chance(0.2) ? r.int(from + 1, to) : null;
  const policies = policyChange === null
    ? [{ from: '2000-01-01', to: '9999-12-30', policy: randomPolicy(r) }]
    : [{ from: '2000-01-01', to: isoOf(policyChange - 1), policy: randomPolicy(r) }, { from: isoOf(policyChange), to: '9999-12-30', policy: randomPolicy(r) }];
  const holidays = new Map<string, string>();
  for (let i = r.int(0, 2); i > 0; i--) holidays.set(isoOf(r.int(from, to)), 'Holiday');
  const utcOffsetMinutes = realistic ? 420 : r.pick([420, 0, -300, 330, 345, 600]);
  const punches: number[] = [];
  const requests: CoverageRequest[] = [];
  const overrides: { date: string; value: number | null }[] = [];
  for (let d = from; d <= to; d++) {
    const schedule = change !== null && d >= change ? second : first;
    const weekday = ((((d % 7) + 10) % 7) + 1) as IsoWeekday;
    const working = schedule.days[weekday]?.workingDay === true;
    const { start, end } = shapeOf(schedule);
    const at = (minute: number) => (d * 1440 + minute - utcOffsetMinutes) * 60_000 + r.int(0, 59) * 1000;
    const pattern = r.next();
    if (!working) {
      if (r.chance(0.05)) punches.push(at(r.int(0, 1439)), at(r.int(0, 1439)));
    } else if (pattern < 0.05) {
      // absent
    } else if (pattern < 0.1) {
      punches.push(at(r.chance(0.5) ? start + r.int(-40, 60) : end + r.int(-60, 60)));
    } else if (pattern < 0.15 && !realistic) {
      for (let i = r.int(1, 5); i > 0; i--) punches.push(at(r.int(-240, 1680)));
    } else {
      const late = r.chance(0.15) ? r.int(0, 120) : r.int(-30, 10);
      const early = r.chance(0.1) ? r.int(0, 120) : r.int(-60, 10);
      punches.push(at(start + late), at(end - early));
      if (r.chance(realistic ? 0.9 : 0.1)) punches.push(at(start + r.int(60, end - start - 60)));
    }
    if (r.chance(realistic ? 0.05 : 0.15)) {
      const date = isoOf(d);
      const kind = r.pick(['LEAVE', 'WORK_OUTSIDE', 'ONSITE', 'EXPLANATION', 'SPECIAL_EXPLANATION'] as const);
      const form = r.int(0, 4);
      if (form === 0) requests.push({ date, kind, shift: 'FULL_DAY' });
      else if (form === 1) requests.push({ date, kind, shift: r.pick(['MORNING', 'AFTERNOON'] as const) });
      else if (form === 2) requests.push({ date, kind, minutes: r.int(1, 8) * 30, shift: r.pick([null, 'MORNING', 'AFTERNOON'] as const) });
      else {
        const s = start + r.int(0, end - start - 30);
        requests.push({ date, kind, startTime: clock(s), endTime: clock(Math.min(end, s + r.int(1, 8) * 30)) });
      }
    }
    // RULES.md §4: an hour-based employee's approved explanation asks for uses of the period's fund.
    if (r.chance(0.1)) requests.push({ date: isoOf(d), kind: 'EXPLANATION', fundUses: r.int(1, 3) });
    if (r.chance(0.03)) overrides.push({ date: isoOf(d), value: r.pick([0, 0.5, 1, null]) });
  }
  return {
    dates,
    schedules,
    policies,
    holidays,
    punches: r.chance(0.5) ? punches.reverse() : punches,
    utcOffsetMinutes,
    requests,
    overrides,
    explanationFundUsedBefore: r.chance(0.2) ? r.int(0, 3) : 0,
  };
}

const CASES = 300;
const seeds = Array.from({ length: CASES }, (_, i) => 1000 + i * 7919);

describe('day engine properties (seeded random employee-months)', () => {
  it('recomputing gives deep-equal results and leaves the input unchanged', () => {
    for (const seed of seeds) {
      const input = randomEmployeeMonth(seed);
      const copy = structuredClone(input);
      const a = computeDays(input);
      const b = computeDays(input);
      expect(b, `seed ${seed}`).toEqual(a);
      expect(input, `seed ${seed}`).toEqual(copy);
      expect(computeDays(copy), `seed ${seed}`).toEqual(a);
    }
  });

  it('a period computed at once equals its two halves with the fund carried over', () => {
    for (const seed of seeds) {
      const input = randomEmployeeMonth(seed);
      const whole = computeDays(input);
      const k = 1 + (seed % (input.dates.length - 1));
      const head = computeDays({ ...input, dates: input.dates.slice(0, k) });
      const carried = (input.explanationFundUsedBefore ?? 0) + head.reduce((n, d) => n + d.explanationUses, 0);
      const tail = computeDays({ ...input, dates: input.dates.slice(k), explanationFundUsedBefore: carried });
      expect([...head, ...tail], `seed ${seed}`).toEqual(whole);
    }
  });

  it('the fund restarts at a period start: two periods at once equal each computed alone', () => {
    for (const seed of seeds.slice(0, 100)) {
      const a = randomEmployeeMonth(seed);
      const last = epochDayOfIso(a.dates.at(-1)!);
      const next = Array.from({ length: 28 }, (_, i) => isoOf(last + 1 + i));
      const both = computeDays({ ...a, dates: [...a.dates, ...next], periodStarts: [a.dates[0]!, next[0]!] });
      const alone = [...computeDays(a), ...computeDays({ ...a, dates: next, explanationFundUsedBefore: 0 })];
      expect(both, `seed ${seed}`).toEqual(alone);
    }
  });

  it('values are null or within [0, 1]; abnormal cases only on working days; figures are consistent', () => {
    for (const seed of seeds) {
      const input = randomEmployeeMonth(seed);
      for (const d of computeDays(input)) {
        const where = `seed ${seed} ${d.date}`;
        for (const v of [d.value, d.computedValue]) if (v !== null) expect(v >= 0 && v <= 1, where).toBe(true);
        if (d.dayType !== 'WORKING') expect(d.abnormal, where).toBeNull();
        if (d.dayType === 'WEEKEND' || d.dayType === 'NON_WORKING') expect(d.computedValue, where).toBeNull();
        if (d.dayType === 'HOLIDAY') expect([d.computedValue, d.notation], where).toEqual([1, 'H']);
        if (d.dayType === 'WORKING' && d.mode === 'DAY') {
          expect([0, 0.5, 1], where).toContain(d.computedValue);
          expect(d.abnormal === null, where).toBe(d.computedValue === 1);
          // RULES.md §4: late + early; a half-day request with no punch at all has the other half's missing minutes.
          if (d.abnormal && !(d.abnormal.reason === 3 && d.punchCount === 0)) expect(d.abnormal.minuteViolation, where).toBe(d.lateMinutes + d.earlyMinutes);
        }
        // RULES.md §4: one meaning of late and early, any uncovered minute.
        expect([d.isLateComing, d.isEarlyLeaving], where).toEqual([d.lateMinutes > 0, d.earlyMinutes > 0]);
        if (d.dayType === 'WORKING' && d.mode === 'HOUR') {
          expect(d.absentMinutes >= 0 && d.explanationRefundMinutes >= 0, where).toBe(true);
          if (d.abnormal) expect(d.abnormal.minuteViolation, where).toBe(d.absentMinutes);
        }
        expect(d.lateMinutes >= 0 && d.earlyMinutes >= 0 && d.workedMinutes >= 0, where).toBe(true);
        expect(d.overridden ? d.value : d.computedValue, where).toBe(d.value);
      }
    }
  });

  it('RULES.md §4: a day not judged yet has punches only; judged days equal the finished computation', () => {
    for (const seed of seeds.slice(0, 100)) {
      const input = randomEmployeeMonth(seed);
      const first = epochDayOfIso(input.dates[0]!);
      // "now" somewhere in the month, at any minute: the days before it are judged, it and later ones may not be.
      const now = ((first + (seed % input.dates.length)) * 1440 + (seed % 1440) - input.utcOffsetMinutes) * 60_000;
      const finished = computeDays({ ...input, dates: input.dates.filter((d) => epochDayOfIso(d) < first + (seed % input.dates.length) - 1) });
      const atNow = computeDays({ ...input, now });
      for (const d of atNow) {
        const where = `seed ${seed} ${d.date}`;
        if (d.judged) continue;
        expect([d.computedValue, d.abnormal, d.shifts, d.explanationUses, d.absentMinutes, d.lateMinutes, d.earlyMinutes, d.nightMinutes], where).toEqual([null, null, null, 0, 0, 0, 0, 0]);
        expect(d.value, where).toBe(d.overridden ? d.value : null);
      }
      // Days that ended more than a day before now are judged and computed as without a clock.
      expect(atNow.slice(0, finished.length), `seed ${seed}`).toEqual(finished);
    }
  });

  it('Labour Code Art. 98.2: night minutes are the attended minutes of the shifts between 22:00 and 06:00 (minute by minute)', () => {
    const minutesOfClock = (c: string) => Number(c.slice(0, 2)) * 60 + Number(c.slice(3, 5));
    let nights = 0;
    let cut = 0;
    for (const seed of seeds) {
      const month = randomEmployeeMonth(seed);
      // Approved overtime windows on some days, anywhere around them: their minutes are never regular night minutes.
      const r = rngOf(seed + 1);
      const overtime = month.dates.filter(() => r.chance(0.15)).map((date) => {
        const start = (epochDayOfIso(date) * 1440 + r.int(-240, 1680) - month.utcOffsetMinutes) * 60_000;
        return { start, end: start + r.int(30, 600) * 60_000 };
      });
      const input = { ...month, overtime };
      const inOvertime = (epochMinute: number) => overtime.some((w) => epochMinute * 60_000 >= w.start && epochMinute * 60_000 < w.end);
      for (const d of computeDays(input)) {
        const where = `seed ${seed} ${d.date}`;
        expect(d.nightMinutes >= 0 && d.nightMinutes <= 16 * 60, where).toBe(true);
        if (d.dayType !== 'WORKING' || !d.judged) {
          expect(d.nightMinutes, where).toBe(0);
          continue;
        }
        // Work requests (not leave) credit night minutes too; the oracle below is attendance alone.
        if ((input.requests ?? []).some((q) => q.date === d.date && q.kind !== 'LEAVE' && q.fundUses == null)) continue;
        expect(d.nightMinutes, where).toBeLessThanOrEqual(d.workedMinutes);
        const schedule = [...input.schedules].reverse().find((a) => a.from <= d.date && d.date <= a.to)!.schedule;
        const row = schedule.days[1]!;
        const { start, end } = shapeOf(schedule);
        let bs = row.breakStart ? minutesOfClock(row.breakStart) : start;
        let be = row.breakEnd ? minutesOfClock(row.breakEnd) : start;
        if (bs < start) bs += 1440;
        if (be < bs) be += 1440;
        const base = epochDayOfIso(d.date) * 1440 - input.utcOffsetMinutes;
        const cin = d.checkInAt === null || d.checkOutAt === null ? 0 : Math.floor(d.checkInAt / 60_000) - base;
        const cout = d.checkInAt === null || d.checkOutAt === null ? 0 : Math.floor(d.checkOutAt / 60_000) - base;
        let expected = 0;
        for (let m = Math.max(start, cin); m < Math.min(end, cout); m++) {
          const clockMinute = ((m % 1440) + 1440) % 1440;
          if (m >= bs && m < be) continue;
          if (!(clockMinute >= 1320 || clockMinute < 360)) continue;
          if (inOvertime(base + m)) cut++;
          else expected++;
        }
        expect(d.nightMinutes, where).toBe(expected);
        if (expected > 0) nights++;
      }
    }
    expect(nights).toBeGreaterThan(500);
    expect(cut).toBeGreaterThan(1000);
  });

  it('every punch belongs to exactly one day', () => {
    for (const seed of seeds) {
      const input = randomEmployeeMonth(seed);
      const first = epochDayOfIso(input.dates[0]!);
      const dates = Array.from({ length: input.dates.length + 6 }, (_, i) => isoOf(first - 3 + i));
      const minutes = new Set(input.punches.map((ms) => Math.floor(ms / 60_000)));
      const days = computeDays({ ...input, dates });
      const attributed = days.reduce((n, d) => n + d.punchCount, 0);
      expect(attributed, `seed ${seed}`).toBe(minutes.size);
      // The stored windows tile the timeline: each day's ends where the next one's begins.
      for (let i = 1; i < days.length; i++) expect(days[i]!.punchesFrom, `seed ${seed} ${days[i]!.date}`).toBe(days[i - 1]!.punchesTo);
    }
  });

  it('explanation uses stay within the per-day and per-period limits', () => {
    for (const seed of seeds) {
      const input = randomEmployeeMonth(seed);
      let used = input.explanationFundUsedBefore ?? 0;
      for (const d of computeDays(input)) {
        const policy = [...input.policies].reverse().find((p) => p.from <= d.date && d.date <= p.to)!.policy;
        expect(d.explanationUses <= policy.explanationTimePerDays, `seed ${seed} ${d.date}`).toBe(true);
        used += d.explanationUses;
        if (d.explanationUses > 0) expect(used <= policy.explanationNumber, `seed ${seed} ${d.date}`).toBe(true);
      }
    }
  });

  it('the fund is drawn only by explanations: no use on a day without one, never more than asked for', () => {
    for (const seed of seeds) {
      const input = randomEmployeeMonth(seed);
      const asked = new Map<string, number>();
      for (const q of input.requests ?? []) if (q.fundUses != null) asked.set(q.date, (asked.get(q.date) ?? 0) + q.fundUses);
      for (const d of computeDays(input)) expect(d.explanationUses <= (asked.get(d.date) ?? 0), `seed ${seed} ${d.date}`).toBe(true);
      const without = computeDays({ ...input, requests: (input.requests ?? []).filter((q) => q.fundUses == null) });
      expect(without.every((d) => d.explanationUses === 0 && d.explanationRefundMinutes === 0), `seed ${seed}`).toBe(true);
    }
  });

  it('a full-day approved leave removes the abnormal case of any working day', () => {
    for (const seed of seeds) {
      const input = randomEmployeeMonth(seed);
      const days = computeDays(input);
      const abnormal = days.filter((d) => d.abnormal !== null);
      if (abnormal.length === 0) continue;
      const target = abnormal[seed % abnormal.length]!;
      const after = computeDays({ ...input, requests: [...(input.requests ?? []), { date: target.date, kind: 'LEAVE', shift: 'FULL_DAY' }] });
      const day = after.find((d) => d.date === target.date)!;
      expect(day.abnormal, `seed ${seed} ${target.date}`).toBeNull();
      expect(day.computedValue, `seed ${seed} ${target.date}`).toBe(1);
    }
  });

  it('an explanation over the uncovered span removes a day-based abnormal case', () => {
    let checked = 0;
    for (const seed of seeds) {
      const input = randomEmployeeMonth(seed);
      for (const target of computeDays(input).filter((d) => d.abnormal !== null && d.mode === 'DAY')) {
        const cover: CoverageRequest = { date: target.date, kind: 'EXPLANATION', startTime: target.abnormal!.startTime, endTime: target.abnormal!.endTime };
        const after = computeDays({ ...input, dates: [target.date], requests: [...(input.requests ?? []), cover] })[0]!;
        expect(after.abnormal, `seed ${seed} ${target.date}`).toBeNull();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('day engine timing', () => {
  it('computes 10,000 employee-months', () => {
    const inputs = Array.from({ length: 10_000 }, (_, i) => randomEmployeeMonth(50_000 + i, true));
    const punches = inputs.reduce((n, input) => n + input.punches.length, 0);
    const started = performance.now();
    let days = 0;
    let checksum = 0;
    for (const input of inputs) {
      const result: DayResult[] = computeDays(input);
      days += result.length;
      for (const d of result) checksum += d.value ?? 0;
    }
    const elapsed = performance.now() - started;
    console.log(`day engine: 10,000 employee-months, ${days} days, ${punches} punches in ${elapsed.toFixed(0)} ms (checksum ${checksum.toFixed(1)})`);
    expect(elapsed).toBeLessThan(20_000);
  });
});
