import { describe, expect, it } from 'vitest';
import { computeDays } from './day-engine.ts';
import { nightMinutesBetween } from './day-engine.night.ts';
import type { AttendancePolicy, CoverageRequest, DayEngineInput, DayResult, WorkSchedule } from './day-engine.types.ts';

// Monday 2026-03-02 … Sunday 2026-03-08 (Asia/Ho_Chi_Minh, +07:00).
const MON = '2026-03-02';
const TUE = '2026-03-03';
const FRI = '2026-03-06';
const SAT = '2026-03-07';
const HCMC = 420;
const ALWAYS = { from: '2000-01-01', to: '9999-12-30' };
const POLICY: AttendancePolicy = { lackOfTimeAllowed: 15, explanationNumber: 3, refundHoursPerExplanation: 1, explanationTimePerDays: 1 };

function schedule(code: string, type: string, start: string, end: string, breakStart: string | null, breakEnd: string | null, minutes = 420): WorkSchedule {
  const row = { workingDay: true, startTime: start, endTime: end, breakStart, breakEnd, standardMinutes: minutes };
  return { code, type, standardMinutes: minutes, days: { 1: row, 2: row, 3: row, 4: row, 5: row, 6: { workingDay: false }, 7: { workingDay: false } } };
}
/** The seed's SHIFT_NIGHT: 22:00–06:00, break 02:00–03:00, 7 hours. */
const NIGHT = schedule('SHIFT_NIGHT', 'HCM', '22:00', '06:00', '02:00', '03:00');
const HCM = schedule('HCM', 'HCM', '08:30', '17:30', '12:00', '13:00', 480);
const EVENING = schedule('EVENING', 'HCM', '18:00', '02:00', '22:00', '22:30', 450);
const EARLY = schedule('EARLY', 'HCM', '04:00', '12:00', '08:00', '08:30', 450);
const FLEX_NIGHT = schedule('FLEXNIGHT', 'FLEXIBLE', '20:00', '04:00', null, null, 480);

function at(date: string, clock: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = clock.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, hh, mm) - HCMC * 60_000;
}

function day(s: WorkSchedule, punches: number[], requests: CoverageRequest[] = [], over: Partial<DayEngineInput> = {}, date = MON): DayResult {
  return computeDays({
    dates: [date],
    schedules: [{ ...ALWAYS, schedule: s }],
    policies: [{ ...ALWAYS, policy: POLICY }],
    holidays: new Map(),
    punches,
    utcOffsetMinutes: HCMC,
    requests,
    ...over,
  })[0]!;
}

describe('nightMinutesBetween: minutes of 22:00–06:00 in a row frame', () => {
  it.each([
    [0, 1440, 480],
    [1320, 1800, 480],
    [-120, 360, 480],
    [480, 1320, 0],
    [1260, 1350, 30],
    [300, 420, 60],
    [0, 2880, 960],
    [1500, 1500, 0],
  ])('[%i, %i) → %i', (a, b, n) => expect(nightMinutesBetween(a, b)).toBe(n));
});

type Case = { name: string; s: WorkSchedule; punches: number[]; requests?: Omit<CoverageRequest, 'date'>[]; holiday?: boolean; night: number; value?: number | null };

describe('regular night minutes of a day (Labour Code 2019 Art. 98.2)', () => {
  const cases: Case[] = [
    { name: 'a whole night shift: 22:00–06:00 less the 02:00–03:00 break', s: NIGHT, punches: [at(MON, '21:50'), at(TUE, '06:05')], night: 420, value: 1 },
    { name: 'arriving early and leaving late counts only the scheduled shifts', s: NIGHT, punches: [at(MON, '20:00'), at(TUE, '08:00')], night: 420 },
    { name: 'late by 40 minutes and early by 20', s: NIGHT, punches: [at(MON, '22:40'), at(TUE, '05:40')], night: 360 },
    { name: 'the 05:58 check-out (the midpoint rule gives it to the night)', s: NIGHT, punches: [at(MON, '22:00'), at(TUE, '05:58')], night: 418 },
    { name: 'a single punch: no attendance span, no night minutes', s: NIGHT, punches: [at(MON, '22:00')], night: 0 },
    { name: 'no punch', s: NIGHT, punches: [], night: 0, value: 0 },
    { name: 'a day schedule has none, whatever the punches', s: HCM, punches: [at(MON, '05:00'), at(MON, '23:00')], night: 0, value: 1 },
    { name: 'an evening shift 18:00–02:00 with its break 22:00–22:30: 22:30–02:00', s: EVENING, punches: [at(MON, '17:55'), at(TUE, '02:10')], night: 210 },
    { name: 'an early shift 04:00–12:00: 04:00–06:00', s: EARLY, punches: [at(MON, '03:55'), at(MON, '12:05')], night: 120 },
    { name: 'an hour-based night window 20:00–04:00 without a break: 22:00–03:30', s: FLEX_NIGHT, punches: [at(MON, '20:00'), at(TUE, '03:30')], night: 330 },
    {
      name: 'a missing check-out explained (the approved explanation covers the uncovered shift)', s: NIGHT, punches: [at(MON, '21:55')],
      requests: [{ kind: 'EXPLANATION', startTime: '22:00', endTime: '06:00' }], night: 420, value: 1,
    },
    { name: 'work outside for the second shift, attendance for the first', s: NIGHT, punches: [at(MON, '21:55'), at(TUE, '02:00')], requests: [{ kind: 'ONSITE', shift: 'AFTERNOON' }], night: 420 },
    { name: 'leave is time off: a full day of leave has none', s: NIGHT, punches: [], requests: [{ kind: 'LEAVE', shift: 'FULL_DAY', notation: 'P' }], night: 0, value: 1 },
    { name: 'half a night on leave: the attended half only', s: NIGHT, punches: [at(MON, '21:55'), at(TUE, '02:00')], requests: [{ kind: 'LEAVE', shift: 'AFTERNOON', notation: 'P' }], night: 240, value: 1 },
    { name: 'hourly minutes not placed in time cannot be placed at night', s: NIGHT, punches: [at(MON, '23:00'), at(TUE, '06:00')], requests: [{ kind: 'WORK_OUTSIDE', minutes: 60 }], night: 360 },
    { name: 'a holiday: its credit is the holiday, night work on it is overtime', s: NIGHT, punches: [at(MON, '21:55'), at(TUE, '06:05')], holiday: true, night: 0, value: 1 },
  ];
  it.each(cases)('$name → $night', (c) => {
    const requests = (c.requests ?? []).map((r) => ({ date: MON, ...r }));
    const out = day(c.s, c.punches, requests, c.holiday ? { holidays: new Map([[MON, 'Tết']]) } : {});
    expect(out.nightMinutes).toBe(c.night);
    if (c.value !== undefined) expect(out.value).toBe(c.value);
  });

  it('a Friday night keeps Saturday morning; Saturday (no schedule) has none of its own', () => {
    const days = computeDays({
      dates: [FRI, SAT], schedules: [{ ...ALWAYS, schedule: NIGHT }], policies: [{ ...ALWAYS, policy: POLICY }], holidays: new Map(),
      punches: [at(FRI, '22:00'), at(SAT, '06:00'), at(SAT, '23:00'), at(SAT, '23:59')], utcOffsetMinutes: HCMC,
    });
    expect(days.map((d) => [d.dayType, d.nightMinutes])).toEqual([['WORKING', 420], ['WEEKEND', 0]]);
  });

  it('is 0 until the night has ended (judged from 06:15), then counts', () => {
    const punches = [at(MON, '21:55'), at(TUE, '05:00')];
    expect(day(NIGHT, punches, [], { now: at(TUE, '06:14') })).toMatchObject({ judged: false, nightMinutes: 0 });
    expect(day(NIGHT, punches, [], { now: at(TUE, '06:15') })).toMatchObject({ judged: true, nightMinutes: 360 });
  });

  it('an HR edit of the value leaves the night minutes to attendance', () => {
    const out = day(NIGHT, [at(MON, '22:00'), at(TUE, '06:00')], [], { overrides: [{ date: MON, value: 0.5 }] });
    expect(out).toMatchObject({ value: 0.5, overridden: true, nightMinutes: 420 });
  });

  it('outside the employment there are none', () => {
    expect(day(NIGHT, [at(MON, '22:00'), at(TUE, '06:00')], [], { employment: { start: TUE } }).nightMinutes).toBe(0);
  });
});

describe('approved overtime is never regular night work', () => {
  const w = (from: number, to: number) => ({ start: from, end: to });
  it.each([
    // A night worker's overtime after the morning's end, running into the evening's shift: 22:00–23:00 is overtime.
    { name: 'overtime 14:00–23:00 before the night shift', ot: [w(at(MON, '14:00'), at(MON, '23:00'))], night: 360 },
    { name: 'overtime inside the break adds nothing back', ot: [w(at(TUE, '02:00'), at(TUE, '03:00'))], night: 420 },
    { name: 'two overlapping windows count once', ot: [w(at(TUE, '04:00'), at(TUE, '05:00')), w(at(TUE, '04:30'), at(TUE, '06:00'))], night: 300 },
    { name: "the previous day's long window reaching this night", ot: [w(at(MON, '06:30'), at(MON, '22:30'))], night: 390 },
    { name: 'a window on another day changes nothing', ot: [w(at(TUE, '18:00'), at(TUE, '21:00'))], night: 420 },
  ])('$name → $night', ({ ot, night }) => {
    expect(day(NIGHT, [at(MON, '21:55'), at(TUE, '06:05')], [], { overtime: ot }).nightMinutes).toBe(night);
  });
});
