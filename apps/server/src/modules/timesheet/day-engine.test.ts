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

// Week of Monday 2026-03-02 … Sunday 2026-03-08.
const MON = '2026-03-02';
const TUE = '2026-03-03';
const WED = '2026-03-04';
const THU = '2026-03-05';
const FRI = '2026-03-06';
const SAT = '2026-03-07';
const SUN = '2026-03-08';
const HCMC = 420;

function weekdays(row: ScheduleDay, also: Partial<Record<IsoWeekday, ScheduleDay>> = {}): WorkSchedule['days'] {
  return { 1: row, 2: row, 3: row, 4: row, 5: row, 6: { workingDay: false }, 7: { workingDay: false }, ...also };
}
const HCM: WorkSchedule = {
  code: 'HCM',
  type: 'HCM',
  standardMinutes: 480,
  days: weekdays({ workingDay: true, startTime: '08:30:00', endTime: '17:30:00', breakStart: '12:00:00', breakEnd: '13:00:00', standardMinutes: 480 }),
};
const FLEX: WorkSchedule = {
  code: 'FLEXIBLE',
  type: 'FLEXIBLE',
  standardMinutes: 480,
  days: weekdays({ workingDay: true, startTime: '07:00', endTime: '19:00' }),
};
const NIGHT: WorkSchedule = {
  code: 'NIGHT',
  type: 'NIGHT',
  standardMinutes: 420,
  days: weekdays({ workingDay: true, startTime: '22:00', endTime: '06:00', breakStart: '02:00', breakEnd: '03:00' }),
};
const DAY_POLICY: AttendancePolicy = { lackOfTimeAllowed: 15, explanationNumber: 3, refundHoursPerExplanation: 1, explanationTimePerDays: 1 };
const FLEX_POLICY: AttendancePolicy = { lackOfTimeAllowed: 30, explanationNumber: 3, refundHoursPerExplanation: 1, explanationTimePerDays: 1 };
const ALWAYS = { from: '2000-01-01', to: '9999-12-30' };

/** A local wall-clock time on a date → epoch ms, with the company offset. */
function at(date: string, clock: string, offset = HCMC): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = clock.split(':').map(Number) as [number, number, number?];
  return Date.UTC(y, m - 1, d, hh, mm, ss ?? 0) - offset * 60_000;
}

function run(over: Partial<DayEngineInput> & { dates: string[] }, schedule: WorkSchedule = HCM, policy: AttendancePolicy = DAY_POLICY): DayResult[] {
  return computeDays({
    schedules: [{ ...ALWAYS, schedule }],
    policies: [{ ...ALWAYS, policy }],
    holidays: new Map(),
    punches: [],
    utcOffsetMinutes: HCMC,
    ...over,
  });
}

/** One Monday with punches given as local 'HH:mm' clocks. */
function monday(punches: string[], requests: Omit<CoverageRequest, 'date'>[] = [], schedule = HCM, policy = DAY_POLICY): DayResult {
  return run({ dates: [MON], punches: punches.map((c) => at(MON, c)), requests: requests.map((r) => ({ date: MON, ...r })) }, schedule, policy)[0]!;
}

type Case = { name: string; punches: string[]; requests?: Omit<CoverageRequest, 'date'>[]; expect: Partial<DayResult> };

describe('day-based working day (HCM 08:30–17:30, break 12:00–13:00, 15 minutes allowed)', () => {
  const cases: Case[] = [
    {
      name: 'on time',
      punches: ['08:25', '17:35'],
      expect: {
        dayType: 'WORKING', mode: 'DAY', scheduleCode: 'HCM', checkIn: '08:25', checkOut: '17:35', punchCount: 2,
        shifts: { MORNING: 'ATTENDANCE', AFTERNOON: 'ATTENDANCE' }, computedValue: 1, value: 1, overridden: false,
        lateMinutes: 0, earlyMinutes: 0, isLateComing: false, isEarlyLeaving: false, workedMinutes: 480, requestMinutes: 0,
        abnormal: null, notation: null,
      },
    },
    // RULES.md §4: late is any late minute (shown in red); the allowance decides only the credit and the case.
    { name: 'late within the allowance: late, credited, no case', punches: ['08:40', '17:30'], expect: { value: 1, lateMinutes: 10, isLateComing: true, abnormal: null } },
    { name: 'late exactly the allowance: late, credited, no case', punches: ['08:45', '17:30'], expect: { value: 1, lateMinutes: 15, isLateComing: true, abnormal: null } },
    { name: 'one minute late', punches: ['08:31', '17:30'], expect: { value: 1, lateMinutes: 1, isLateComing: true, isEarlyLeaving: false, abnormal: null } },
    {
      name: 'late beyond the allowance',
      punches: ['08:50', '17:30'],
      expect: {
        value: 0.5, lateMinutes: 20, isLateComing: true, shifts: { MORNING: null, AFTERNOON: 'ATTENDANCE' },
        abnormal: { reason: 2, minuteViolation: 20, startTime: '08:30', endTime: '12:00' },
      },
    },
    {
      name: 'arrival during the break: the break is not late time',
      punches: ['12:30', '17:30'],
      expect: { value: 0.5, lateMinutes: 210, abnormal: { reason: 2, minuteViolation: 210, startTime: '08:30', endTime: '12:00' } },
    },
    { name: 'early within the allowance: early, credited, no case', punches: ['08:30', '17:20'], expect: { value: 1, earlyMinutes: 10, isEarlyLeaving: true, isLateComing: false, abnormal: null } },
    {
      name: 'early leaving',
      punches: ['08:30', '17:00'],
      expect: {
        value: 0.5, earlyMinutes: 30, isEarlyLeaving: true, shifts: { MORNING: 'ATTENDANCE', AFTERNOON: null },
        abnormal: { reason: 1, minuteViolation: 30, startTime: '13:00', endTime: '17:30' },
      },
    },
    {
      name: 'late and early: late wins, violation is the sum',
      punches: ['08:50', '17:00'],
      expect: { value: 0, lateMinutes: 20, earlyMinutes: 30, abnormal: { reason: 2, minuteViolation: 50, startTime: '08:30', endTime: '17:30' } },
    },
    {
      name: 'missing check-in (one punch after the middle)',
      punches: ['17:35'],
      expect: { checkIn: null, checkOut: '17:35', punchCount: 1, value: 0, abnormal: { reason: 4, minuteViolation: 0, startTime: '08:30', endTime: '17:30' } },
    },
    {
      name: 'missing check-out (one punch before the middle)',
      punches: ['08:20'],
      expect: { checkIn: '08:20', checkOut: null, value: 0, abnormal: { reason: 5, minuteViolation: 0, startTime: '08:30', endTime: '17:30' } },
    },
    { name: 'a single punch at the middle (13:00) is a check-out with its early minutes', punches: ['13:00'], expect: { checkOut: '13:00', earlyMinutes: 270, abnormal: { reason: 4, minuteViolation: 270, startTime: '08:30', endTime: '17:30' } } },
    { name: 'a single late punch before the middle is a check-in with its lateness', punches: ['12:59'], expect: { checkIn: '12:59', lateMinutes: 210, abnormal: { reason: 5, minuteViolation: 210, startTime: '08:30', endTime: '17:30' } } },
    { name: 'a double tap in one minute is one punch', punches: ['08:20:01', '08:20:40'], expect: { punchCount: 1, checkIn: '08:20', checkOut: null, abnormal: { reason: 5, minuteViolation: 0, startTime: '08:30', endTime: '17:30' } } },
    { name: 'seconds are dropped', punches: ['08:45:59', '17:30'], expect: { lateMinutes: 15, value: 1 } },
    {
      name: 'no punches: absent',
      punches: [],
      expect: { checkIn: null, checkOut: null, value: 0, shifts: { MORNING: null, AFTERNOON: null }, abnormal: { reason: 6, minuteViolation: 0, startTime: '08:30', endTime: '17:30' } },
    },
    { name: 'mid-day punches are ignored except first and last', punches: ['12:01', '08:20', '17:40', '12:55'], expect: { checkIn: '08:20', checkOut: '17:40', punchCount: 4, value: 1, abnormal: null } },
    {
      name: 'morning leave, afternoon attended',
      punches: ['12:55', '17:31'],
      requests: [{ kind: 'LEAVE', shift: 'MORNING' }],
      expect: { value: 1, shifts: { MORNING: 'REQUEST', AFTERNOON: 'ATTENDANCE' }, lateMinutes: 0, requestMinutes: 240, abnormal: null },
    },
    {
      name: 'afternoon leave, morning attended',
      punches: ['08:29', '12:01'],
      requests: [{ kind: 'LEAVE', shift: 'AFTERNOON' }],
      expect: { value: 1, shifts: { MORNING: 'ATTENDANCE', AFTERNOON: 'REQUEST' }, earlyMinutes: 0, abnormal: null },
    },
    {
      name: 'morning leave, late in the afternoon: part-day leave (3), lateness from 13:00',
      punches: ['13:30', '17:30'],
      requests: [{ kind: 'LEAVE', shift: 'MORNING' }],
      expect: { value: 0.5, lateMinutes: 30, isLateComing: true, abnormal: { reason: 3, minuteViolation: 30, startTime: '13:00', endTime: '17:30' } },
    },
    {
      name: 'afternoon leave, punches only in the afternoon: part-day leave (3)',
      punches: ['13:30', '17:00'],
      requests: [{ kind: 'LEAVE', shift: 'AFTERNOON' }],
      expect: { value: 0.5, lateMinutes: 210, abnormal: { reason: 3, minuteViolation: 210, startTime: '08:30', endTime: '12:00' } },
    },
    {
      name: 'afternoon leave and no punch at all: part-day leave (3) with the morning missing',
      punches: [],
      requests: [{ kind: 'LEAVE', shift: 'AFTERNOON' }],
      expect: { value: 0.5, abnormal: { reason: 3, minuteViolation: 210, startTime: '08:30', endTime: '12:00' } },
    },
    {
      name: 'morning leave and no punch at all: part-day leave (3) with the afternoon missing',
      punches: [],
      requests: [{ kind: 'LEAVE', shift: 'MORNING' }],
      expect: { value: 0.5, abnormal: { reason: 3, minuteViolation: 270, startTime: '13:00', endTime: '17:30' } },
    },
    {
      name: "morning leave and one punch at 13:00 (the break's end): a check-out, part-day leave (3)",
      punches: ['13:00'],
      requests: [{ kind: 'LEAVE', shift: 'MORNING' }],
      expect: { checkIn: null, checkOut: '13:00', value: 0.5, earlyMinutes: 270, abnormal: { reason: 3, minuteViolation: 270, startTime: '13:00', endTime: '17:30' } },
    },
    {
      name: 'morning leave and one punch at 12:50: a check-in, part-day leave (3) whatever the punches',
      punches: ['12:50'],
      requests: [{ kind: 'LEAVE', shift: 'MORNING' }],
      expect: { checkIn: '12:50', checkOut: null, value: 0.5, abnormal: { reason: 3, minuteViolation: 0, startTime: '13:00', endTime: '17:30' } },
    },
    {
      name: "afternoon leave and one punch at 12:00 (the uncovered morning's break edge): a check-out, 3",
      punches: ['12:00'],
      requests: [{ kind: 'LEAVE', shift: 'AFTERNOON' }],
      expect: { checkIn: null, checkOut: '12:00', value: 0.5, abnormal: { reason: 3, minuteViolation: 0, startTime: '08:30', endTime: '12:00' } },
    },
    {
      name: 'afternoon leave and one punch at 11:59: a check-in, 3',
      punches: ['11:59'],
      requests: [{ kind: 'LEAVE', shift: 'AFTERNOON' }],
      expect: { checkIn: '11:59', checkOut: null, lateMinutes: 209, isLateComing: true, value: 0.5, abnormal: { reason: 3, minuteViolation: 209, startTime: '08:30', endTime: '12:00' } },
    },
    {
      name: 'morning leave, afternoon 13:00–16:00: part-day leave (3) with the early minutes',
      punches: ['13:00', '16:00'],
      requests: [{ kind: 'LEAVE', shift: 'MORNING' }],
      expect: { value: 0.5, earlyMinutes: 90, isEarlyLeaving: true, abnormal: { reason: 3, minuteViolation: 90, startTime: '13:00', endTime: '17:30' } },
    },
    {
      name: 'full-day leave',
      punches: [],
      requests: [{ kind: 'LEAVE', shift: 'FULL_DAY' }],
      expect: { value: 1, shifts: { MORNING: 'REQUEST', AFTERNOON: 'REQUEST' }, requestMinutes: 480, abnormal: null },
    },
    { name: 'a request without shift or minutes is a full day', punches: [], requests: [{ kind: 'ONSITE' }], expect: { value: 1, abnormal: null } },
    { name: 'two half-day requests make a full day', punches: [], requests: [{ kind: 'WORK_OUTSIDE', shift: 'MORNING' }, { kind: 'LEAVE', shift: 'AFTERNOON' }], expect: { value: 1, requestMinutes: 480, abnormal: null } },
    {
      name: 'hourly leave placed in time covers the late start',
      punches: ['10:30', '17:30'],
      requests: [{ kind: 'LEAVE', startTime: '08:30', endTime: '10:30' }],
      expect: { value: 1, shifts: { MORNING: 'REQUEST', AFTERNOON: 'ATTENDANCE' }, lateMinutes: 0, isLateComing: false, requestMinutes: 120, abnormal: null },
    },
    {
      name: 'hourly minutes not placed in time fill the late start first',
      punches: ['10:30', '17:30'],
      requests: [{ kind: 'LEAVE', minutes: 120 }],
      expect: { value: 1, lateMinutes: 0, requestMinutes: 120, abnormal: null },
    },
    {
      name: 'hourly minutes short of the gap leave it late',
      punches: ['10:30', '17:30'],
      requests: [{ kind: 'LEAVE', minutes: 60 }],
      expect: { value: 0.5, lateMinutes: 60, abnormal: { reason: 2, minuteViolation: 60, startTime: '08:30', endTime: '12:00' } },
    },
    {
      name: 'hourly minutes of the afternoon do not cover the morning',
      punches: ['10:30', '17:30'],
      requests: [{ kind: 'LEAVE', minutes: 120, shift: 'AFTERNOON' }],
      expect: { value: 0.5, lateMinutes: 120, abnormal: { reason: 2, minuteViolation: 120, startTime: '08:30', endTime: '12:00' } },
    },
    {
      name: 'hourly minutes plus attendance within the allowance of the shift',
      punches: ['08:30', '16:45'],
      requests: [{ kind: 'EXPLANATION', minutes: 30 }],
      expect: { value: 1, shifts: { MORNING: 'ATTENDANCE', AFTERNOON: 'REQUEST' }, earlyMinutes: 15, isEarlyLeaving: true, abnormal: null },
    },
    {
      name: 'a placed request with a gap beyond the allowance before the arrival',
      punches: ['09:20', '17:30'],
      requests: [{ kind: 'LEAVE', startTime: '08:30', endTime: '09:00' }],
      expect: { value: 0.5, lateMinutes: 20, abnormal: { reason: 2, minuteViolation: 20, startTime: '08:30', endTime: '12:00' } },
    },
    ...(['LEAVE', 'WORK_OUTSIDE', 'ONSITE', 'EXPLANATION', 'SPECIAL_EXPLANATION'] as const).map((kind) => ({
      name: `${kind} for the full day covers an absence`,
      punches: [],
      requests: [{ kind, shift: 'FULL_DAY' as const }],
      expect: { value: 1, abnormal: null },
    })),
  ];
  it.each(cases)('$name', ({ punches, requests, expect: expected }) => {
    expect(monday(punches, requests)).toMatchObject(expected);
  });
});

describe('an abnormal case disappears when a request, an explanation or a punch covers it', () => {
  it.each([
    { name: 'late: explanation over the uncovered span', punches: ['08:50', '17:30'], cover: { kind: 'EXPLANATION', startTime: '08:30', endTime: '12:00' } },
    { name: 'early: special explanation of the missing minutes', punches: ['08:30', '16:00'], cover: { kind: 'SPECIAL_EXPLANATION', minutes: 90 } },
    { name: 'no check-out: explanation for the afternoon', punches: ['08:20'], cover: { kind: 'EXPLANATION', startTime: '08:30', endTime: '17:30' } },
    { name: 'absent: full-day leave', punches: [], cover: { kind: 'LEAVE', shift: 'FULL_DAY' } },
  ] as { name: string; punches: string[]; cover: Omit<CoverageRequest, 'date'> }[])('$name', ({ punches, cover }) => {
    expect(monday(punches).abnormal).not.toBeNull();
    const after = monday(punches, [cover]);
    expect(after.abnormal).toBeNull();
    expect(after.value).toBe(1);
  });

  it('no check-out: the missing punch arrives', () => {
    expect(monday(['08:20']).abnormal?.reason).toBe(5);
    expect(monday(['08:20', '17:30']).abnormal).toBeNull();
  });
});

describe('calendar', () => {
  it('a holiday is worth 1 with notation H and never abnormal', () => {
    const [d] = run({ dates: [MON], holidays: new Map([[MON, 'Hùng Kings Festival']]) });
    expect(d).toMatchObject({
      dayType: 'HOLIDAY', holidayName: 'Hùng Kings Festival', computedValue: 1, value: 1, notation: 'H',
      shifts: { MORNING: 'HOLIDAY', AFTERNOON: 'HOLIDAY' }, abnormal: null, lateMinutes: 0,
    });
  });

  it('a holiday of a flexible employee is worth 1 too, with no absent time or fund use', () => {
    const [d] = run({ dates: [MON], holidays: new Map([[MON, 'Tết']]) }, FLEX, FLEX_POLICY);
    expect(d).toMatchObject({ dayType: 'HOLIDAY', value: 1, notation: 'H', shifts: null, absentMinutes: 0, explanationUses: 0, abnormal: null });
  });

  it('weekends have no value and no abnormal case, but show their punches', () => {
    const days = run({ dates: [SAT, SUN], punches: [at(SAT, '09:00'), at(SAT, '11:00')] });
    expect(days.map((d) => [d.date, d.dayType, d.value, d.abnormal, d.checkIn, d.checkOut])).toEqual([
      [SAT, 'WEEKEND', null, null, '09:00', '11:00'],
      [SUN, 'WEEKEND', null, null, null, null],
    ]);
  });

  it('a holiday on a weekend stays a weekend (no value), with its name', () => {
    const [d] = run({ dates: [SAT], holidays: new Map([[SAT, 'Holiday']]) });
    expect(d).toMatchObject({ dayType: 'WEEKEND', holidayName: 'Holiday', value: null, notation: null });
  });

  it('a weekday the schedule does not work is non-working; a date without a schedule too', () => {
    const noWednesday: WorkSchedule = { ...HCM, code: 'NO-WED', days: { ...HCM.days, 3: { workingDay: false } } };
    const [d] = run({ dates: [WED] }, noWednesday);
    expect(d).toMatchObject({ dayType: 'NON_WORKING', scheduleCode: 'NO-WED', mode: 'DAY', value: null, abnormal: null });
    const [e] = computeDays({ dates: [WED], schedules: [], policies: [], holidays: new Map(), punches: [], utcOffsetMinutes: HCMC });
    expect(e).toMatchObject({ dayType: 'NON_WORKING', scheduleCode: null, mode: null, value: null, abnormal: null });
  });

  it('returns exactly the asked dates, ascending, once each; requests on a weekend are ignored', () => {
    const days = run({ dates: [WED, MON, WED], punches: [at(TUE, '08:30'), at(TUE, '17:30')], requests: [{ date: SAT, kind: 'LEAVE' }] });
    expect(days.map((d) => d.date)).toEqual([MON, WED]);
    expect(run({ dates: [SAT], requests: [{ date: SAT, kind: 'LEAVE' }] })[0]).toMatchObject({ value: null, requestMinutes: 0 });
  });

  it('refuses a malformed date or time', () => {
    expect(() => run({ dates: ['2026-02-30'] })).toThrow(RangeError);
    expect(() => run({ dates: [MON], requests: [{ date: MON, kind: 'LEAVE', startTime: '8:30', endTime: '10:00' }] })).toThrow(RangeError);
  });
});

describe('overrides', () => {
  it('an HR value wins and the computed value stays alongside', () => {
    const [d] = run({ dates: [MON], punches: [at(MON, '08:30'), at(MON, '17:30')], overrides: [{ date: MON, value: 0.5 }] });
    expect(d).toMatchObject({ computedValue: 1, value: 0.5, overridden: true, abnormal: null });
  });

  it('an override keeps the abnormal case of the attendance, and may set a weekend cell', () => {
    const [mon, sat] = run({ dates: [MON, SAT], overrides: [{ date: MON, value: 1 }, { date: SAT, value: 1 }, { date: TUE, value: 0 }] });
    expect(mon).toMatchObject({ computedValue: 0, value: 1, overridden: true, abnormal: { reason: 6 } });
    expect(sat).toMatchObject({ computedValue: null, value: 1, overridden: true });
  });

  it('an override of null empties the value', () => {
    const [d] = run({ dates: [MON], overrides: [{ date: MON, value: null }] });
    expect(d).toMatchObject({ computedValue: 0, value: null, overridden: true });
  });
});

describe('time zone', () => {
  it('maps instants to local days with the given offset: 01:30 UTC is 08:30 in Ho Chi Minh City', () => {
    const punches = [Date.UTC(2026, 2, 2, 1, 30), Date.UTC(2026, 2, 2, 10, 30)];
    expect(run({ dates: [MON], punches })[0]).toMatchObject({ checkIn: '08:30', checkOut: '17:30', value: 1, checkInAt: punches[0], checkOutAt: punches[1] });
    expect(run({ dates: [MON], punches, utcOffsetMinutes: 0 })[0]).toMatchObject({ checkIn: '01:30', checkOut: '10:30' });
  });

  it('17:30 UTC on Sunday is 00:30 local Monday and belongs to Monday after a day schedule', () => {
    const [sun, mon] = run({ dates: ['2026-03-01', MON], punches: [Date.UTC(2026, 2, 1, 17, 30), at(MON, '17:30')] });
    expect(sun!.punchCount).toBe(0);
    expect(mon).toMatchObject({ checkIn: '00:30', checkOut: '17:30', lateMinutes: 0, value: 1 });
  });
});

describe('night shift 22:00–06:00 (break 02:00–03:00)', () => {
  it('punches before 04:00 belong to the shift that started the evening before', () => {
    const days = run({ dates: [MON, TUE], punches: [at(MON, '21:55'), at(TUE, '03:59'), at(TUE, '21:50'), at(WED, '03:58')] }, NIGHT);
    expect(days.map((d) => [d.date, d.checkIn, d.checkOut, d.checkOutAt])).toEqual([
      [MON, '21:55', '03:59', at(TUE, '03:59')],
      [TUE, '21:50', '03:58', at(WED, '03:58')],
    ]);
  });

  it('RULES.md §4 midpoint rule: a 06:05 check-out belongs to the night it started (it fell on the next day by the 04:00 cut-off)', () => {
    const [mon, tue] = run({ dates: [MON, TUE], punches: [at(MON, '21:55'), at(TUE, '06:05')] }, NIGHT);
    expect(mon).toMatchObject({ checkIn: '21:55', checkOut: '06:05', checkOutAt: at(TUE, '06:05'), punchCount: 2, value: 1, abnormal: null });
    expect(tue).toMatchObject({ punchCount: 0, checkIn: null, checkOut: null });
  });

  it('a 05:58 check-out: the night is whole, the next night starts empty', () => {
    const [mon, tue] = run({ dates: [MON, TUE], punches: [at(MON, '21:58'), at(TUE, '05:58'), at(TUE, '21:59'), at(WED, '06:01')] }, NIGHT);
    expect(mon).toMatchObject({ checkIn: '21:58', checkOut: '05:58', value: 1, earlyMinutes: 2, isEarlyLeaving: true, abnormal: null });
    expect(tue).toMatchObject({ checkIn: '21:59', checkOut: '06:01', value: 1, abnormal: null });
  });

  it("between two nights the midpoint of 06:00 and 22:00 is 14:00: 13:59 is the night's, 14:00 the next day's", () => {
    const days = run({ dates: [MON, TUE], punches: [at(MON, '22:00'), at(TUE, '13:59'), at(TUE, '14:00'), at(WED, '05:00')] }, NIGHT);
    expect(days.map((d) => [d.checkIn, d.checkOut, d.punchCount])).toEqual([
      ['22:00', '13:59', 2],
      ['14:00', '05:00', 2],
    ]);
    // The window the day owns, which the recalculation stores for every other reader of a day's punches.
    expect([days[0]!.punchesFrom, days[0]!.punchesTo, days[1]!.punchesFrom]).toEqual([at(MON, '00:00'), at(TUE, '14:00'), at(TUE, '14:00')]);
  });

  it('a 03:30 punch belongs to the previous day: early leaving of Monday, nothing on Tuesday', () => {
    const [mon, tue] = run({ dates: [MON, TUE], punches: [at(MON, '21:58'), at(TUE, '03:30')] }, NIGHT);
    expect(mon).toMatchObject({
      checkIn: '21:58', checkOut: '03:30', checkOutAt: at(TUE, '03:30'), earlyMinutes: 150, value: 0.5,
      shifts: { MORNING: 'ATTENDANCE', AFTERNOON: null }, abnormal: { reason: 1, minuteViolation: 150, startTime: '03:00', endTime: '06:00' },
    });
    expect(tue).toMatchObject({ punchCount: 0, abnormal: { reason: 6 } });
  });

  it('late coming is counted across midnight', () => {
    const [mon] = run({ dates: [MON], punches: [at(TUE, '00:10'), at(TUE, '03:55')] }, NIGHT);
    expect(mon).toMatchObject({ checkIn: '00:10', checkOut: '03:55', lateMinutes: 130, abnormal: { reason: 2 } });
  });

  it('an hourly request after midnight is placed in the shift', () => {
    const [mon] = run({ dates: [MON], punches: [at(MON, '22:00'), at(TUE, '03:30')], requests: [{ date: MON, kind: 'LEAVE', startTime: '03:30', endTime: '06:00' }] }, NIGHT);
    expect(mon).toMatchObject({ value: 1, earlyMinutes: 0, requestMinutes: 150, abnormal: null });
  });

  it('the Friday night keeps Saturday punches up to its end + 6 h (Saturday has no schedule); Saturday gets the rest', () => {
    const [fri, sat] = run({ dates: [FRI, SAT], punches: [at(FRI, '22:00'), at(SAT, '06:05'), at(SAT, '12:00'), at(SAT, '16:00')] }, NIGHT);
    expect(fri).toMatchObject({ checkIn: '22:00', checkOut: '06:05', punchCount: 2, value: 1, punchesTo: at(SAT, '12:00') });
    expect(sat).toMatchObject({ dayType: 'WEEKEND', checkIn: '12:00', checkOut: '16:00', punchCount: 2, punchesFrom: at(SAT, '12:00') });
  });

  it('a day after a weekend has no night before it: its window is its calendar day', () => {
    const [mon] = run({ dates: [MON], punches: [at(MON, '03:00'), at(MON, '22:00')] }, NIGHT);
    expect(mon).toMatchObject({ checkIn: '03:00', punchesFrom: at(MON, '00:00'), punchesTo: at(TUE, '14:00') });
  });

  it('one punch at 02:30 is a check-in (before the break end 03:00): no check-out (5)', () => {
    const [mon] = run({ dates: [MON], punches: [at(TUE, '02:30')] }, NIGHT);
    expect(mon).toMatchObject({ checkIn: '02:30', checkOut: null, lateMinutes: 240, abnormal: { reason: 5, minuteViolation: 240 } });
  });

  it("one punch at 03:00 (the break's end) is a check-out: no check-in (4)", () => {
    const [mon] = run({ dates: [MON], punches: [at(TUE, '03:00')] }, NIGHT);
    expect(mon).toMatchObject({ checkIn: null, checkOut: '03:00', earlyMinutes: 180, abnormal: { reason: 4, minuteViolation: 180 } });
  });

  it('after a day schedule a punch before 04:00 stays on its own calendar day', () => {
    const [mon, tue] = run({ dates: [MON, TUE], punches: [at(MON, '08:30'), at(MON, '17:30'), at(TUE, '03:30'), at(TUE, '17:30')] });
    expect(mon).toMatchObject({ checkOut: '17:30', value: 1 });
    expect(tue).toMatchObject({ checkIn: '03:30', checkOut: '17:30', value: 1 });
  });

  it('a night shift followed by a day schedule: the midpoint of 06:00 and 08:30 (07:15) splits the morning', () => {
    const input = {
      dates: [MON, TUE],
      schedules: [{ from: '2026-01-01', to: MON, schedule: NIGHT }, { from: TUE, to: '9999-12-30', schedule: HCM }],
      punches: [at(MON, '22:00'), at(TUE, '06:10'), at(TUE, '07:14'), at(TUE, '07:15'), at(TUE, '17:30')],
    };
    const [mon, tue] = run(input);
    expect(mon).toMatchObject({ scheduleCode: 'NIGHT', checkOut: '07:14', checkOutAt: at(TUE, '07:14'), punchCount: 3 });
    expect(tue).toMatchObject({ scheduleCode: 'HCM', checkIn: '07:15', checkOut: '17:30', value: 1 });
  });

  it('a night check-out after the night was judged (06:00 + 15 min) still belongs to it and completes it', () => {
    const punches = [at(MON, '22:00'), at(TUE, '06:30')];
    const [judged] = run({ dates: [MON], punches: punches.slice(0, 1), now: at(TUE, '06:15') }, NIGHT);
    expect(judged).toMatchObject({ judged: true, value: 0, abnormal: { reason: 5 } });
    const [later] = run({ dates: [MON], punches, now: at(TUE, '06:31') }, NIGHT);
    expect(later).toMatchObject({ judged: true, checkOut: '06:30', value: 1, abnormal: null });
  });
});

describe('hour-based (FLEXIBLE 07:00–19:00, 480 minutes, 30 allowed, fund 3 × 1 h, 1 a day)', () => {
  // RULES.md §4: the fund is used only by an approved explanation the employee filed for the day (`fundUses`);
  // nothing is drawn automatically, so a day nobody explains keeps its absence and a no-show day does not eat the fund.
  const EXPLAINED: Omit<CoverageRequest, 'date'> = { kind: 'EXPLANATION', fundUses: 1 };
  const flexDay = (punches: string[], requests: Omit<CoverageRequest, 'date'>[] = [], policy = FLEX_POLICY, schedule = FLEX) =>
    monday(punches, requests, schedule, policy);
  const cases: { name: string; punches: string[]; requests?: Omit<CoverageRequest, 'date'>[]; policy?: AttendancePolicy; expect: Partial<DayResult> }[] = [
    {
      name: 'eight hours',
      punches: ['08:00', '16:00'],
      expect: {
        mode: 'HOUR', shifts: null, workedMinutes: 480, absentMinutes: 0, value: 1, explanationUses: 0, explanationRefundMinutes: 0,
        lateMinutes: 0, earlyMinutes: 0, isLateComing: false, isEarlyLeaving: false, abnormal: null,
      },
    },
    { name: 'only time inside the window counts', punches: ['05:00', '13:00'], expect: { workedMinutes: 360, explanationUses: 0, absentMinutes: 120, value: 0.75 } },
    {
      name: 'a short day without an explanation keeps its absence',
      punches: ['08:00', '14:00'],
      expect: { workedMinutes: 360, explanationUses: 0, explanationRefundMinutes: 0, absentMinutes: 120, value: 0.75, abnormal: { reason: 'FLEXIBLE_ABSENT', minuteViolation: 120, startTime: '07:00', endTime: '19:00' } },
    },
    {
      name: 'an approved explanation with one use refunds refund_hours and the day is whole',
      punches: ['08:00', '15:30'],
      requests: [EXPLAINED],
      expect: { workedMinutes: 450, requestMinutes: 0, explanationUses: 1, explanationRefundMinutes: 30, absentMinutes: 0, value: 1, abnormal: null },
    },
    {
      name: 'an explained day refunds one use of 60 minutes',
      punches: ['05:00', '13:00'],
      requests: [EXPLAINED],
      expect: { workedMinutes: 360, explanationUses: 1, explanationRefundMinutes: 60, absentMinutes: 60, value: 0.88 },
    },
    {
      name: 'the per-day limit leaves absent time above the allowance',
      punches: ['08:00', '14:00'],
      requests: [{ ...EXPLAINED, fundUses: 2 }],
      expect: { explanationUses: 1, explanationRefundMinutes: 60, absentMinutes: 60, value: 0.88, abnormal: { reason: 'FLEXIBLE_ABSENT', minuteViolation: 60, startTime: '07:00', endTime: '19:00' } },
    },
    {
      name: 'two uses a day when the policy allows them',
      punches: ['08:00', '14:00'],
      requests: [{ ...EXPLAINED, fundUses: 2 }],
      policy: { ...FLEX_POLICY, explanationTimePerDays: 2 },
      expect: { explanationUses: 2, explanationRefundMinutes: 120, absentMinutes: 0, value: 1, abnormal: null },
    },
    {
      name: 'two explanations of one use each count as two uses',
      punches: ['08:00', '14:00'],
      requests: [EXPLAINED, EXPLAINED],
      policy: { ...FLEX_POLICY, explanationTimePerDays: 2 },
      expect: { explanationUses: 2, explanationRefundMinutes: 120, absentMinutes: 0, value: 1 },
    },
    {
      name: 'no more uses than the absence needs',
      punches: ['08:00', '15:30'],
      requests: [{ ...EXPLAINED, fundUses: 2 }],
      policy: { ...FLEX_POLICY, explanationTimePerDays: 2 },
      expect: { explanationUses: 1, explanationRefundMinutes: 30, absentMinutes: 0, value: 1 },
    },
    { name: 'an explanation of a whole day uses nothing', punches: ['08:00', '16:00'], requests: [EXPLAINED], expect: { explanationUses: 0, explanationRefundMinutes: 0, value: 1 } },
    { name: 'absent within the allowance is no abnormal case', punches: ['08:00', '14:30'], requests: [EXPLAINED], expect: { explanationUses: 1, absentMinutes: 30, value: 0.94, abnormal: null } },
    { name: 'a refund of 1.5 hours', punches: ['08:00', '14:30'], requests: [EXPLAINED], policy: { ...FLEX_POLICY, refundHoursPerExplanation: 1.5 }, expect: { explanationRefundMinutes: 90, absentMinutes: 0, value: 1 } },
    { name: 'no fund in the policy', punches: ['08:00', '15:00'], requests: [EXPLAINED], policy: { ...FLEX_POLICY, explanationNumber: 0 }, expect: { explanationUses: 0, absentMinutes: 60, value: 0.88 } },
    { name: 'hourly request minutes count before the fund', punches: ['08:00', '14:00'], requests: [{ kind: 'LEAVE', minutes: 120 }], expect: { requestMinutes: 120, explanationUses: 0, absentMinutes: 0, value: 1 } },
    { name: 'a half-day request is half the standard', punches: ['13:00', '17:00'], requests: [{ kind: 'LEAVE', shift: 'MORNING' }], expect: { requestMinutes: 240, absentMinutes: 0, value: 1 } },
    { name: 'full-day leave', punches: [], requests: [{ kind: 'LEAVE', shift: 'FULL_DAY' }], expect: { requestMinutes: 480, absentMinutes: 0, value: 1, abnormal: null } },
    {
      name: 'no punches: a no-show day does not eat the fund',
      punches: [],
      expect: { workedMinutes: 0, explanationUses: 0, absentMinutes: 480, value: 0, abnormal: { reason: 'FLEXIBLE_ABSENT', minuteViolation: 480, startTime: '07:00', endTime: '19:00' } },
    },
    {
      name: 'no punches, explained: one use',
      punches: [],
      requests: [EXPLAINED],
      expect: { workedMinutes: 0, explanationUses: 1, absentMinutes: 420, value: 0.13, abnormal: { reason: 'FLEXIBLE_ABSENT', minuteViolation: 420, startTime: '07:00', endTime: '19:00' } },
    },
    { name: 'one punch works no time', punches: ['08:00'], expect: { checkIn: '08:00', checkOut: null, workedMinutes: 0, explanationUses: 0, absentMinutes: 480 } },
    { name: 'nothing at all and no fund: value 0', punches: [], policy: { ...FLEX_POLICY, explanationNumber: 0 }, expect: { absentMinutes: 480, value: 0 } },
  ];
  it.each(cases)('$name', ({ punches, requests, policy, expect: expected }) => {
    expect(flexDay(punches, requests, policy)).toMatchObject(expected);
  });

  it('a schedule break inside the attendance is not worked time', () => {
    const withBreak: WorkSchedule = { ...FLEX, code: 'FLEX-BREAK', days: weekdays({ workingDay: true, startTime: '07:00', endTime: '19:00', breakStart: '12:00', breakEnd: '13:00' }) };
    expect(flexDay(['08:00', '17:00'], [], FLEX_POLICY, withBreak)).toMatchObject({ workedMinutes: 480, value: 1 });
    expect(flexDay(['08:00', '12:30'], [], FLEX_POLICY, withBreak)).toMatchObject({ workedMinutes: 240 });
  });

  it('the per-period count runs out across days, and the carried count is honoured', () => {
    const dates = [MON, TUE, WED, THU];
    const punches = dates.flatMap((d) => [at(d, '08:00'), at(d, '14:00')]);
    const policy = { ...FLEX_POLICY, explanationTimePerDays: 2 };
    const requests = dates.map((date) => ({ date, ...EXPLAINED, fundUses: 2 }));
    const uses = (before?: number) =>
      run({ dates, punches, requests, explanationFundUsedBefore: before }, FLEX, policy).map((d) => [d.explanationUses, d.absentMinutes, d.value]);
    expect(uses()).toEqual([[2, 0, 1], [1, 60, 0.88], [0, 120, 0.75], [0, 120, 0.75]]);
    expect(uses(2)).toEqual([[1, 60, 0.88], [0, 120, 0.75], [0, 120, 0.75], [0, 120, 0.75]]);
  });

  it('the fund restarts at a payroll period start', () => {
    const dates = ['2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27'];
    const punches = dates.flatMap((d) => [at(d, '08:00'), at(d, '14:00')]);
    const policy = { ...FLEX_POLICY, explanationNumber: 1 };
    const requests = dates.map((date) => ({ date, ...EXPLAINED }));
    const days = run({ dates, punches, requests, periodStarts: ['2026-02-26', '2026-03-26'] }, FLEX, policy);
    expect(days.map((d) => d.explanationUses)).toEqual([1, 0, 1, 0]);
  });

  it('days nobody explains draw nothing, so a later explained day still has the fund', () => {
    const dates = [MON, TUE, WED, THU];
    const punches = dates.flatMap((d) => [at(d, '08:00'), at(d, '14:00')]);
    const policy = { ...FLEX_POLICY, explanationNumber: 1 };
    const days = run({ dates, punches, requests: [{ date: THU, ...EXPLAINED }] }, FLEX, policy);
    expect(days.map((d) => [d.explanationUses, d.absentMinutes])).toEqual([[0, 120], [0, 120], [0, 120], [1, 60]]);
  });

  it('the absence disappears when a request covers it', () => {
    expect(flexDay(['08:00', '13:00']).abnormal).not.toBeNull();
    expect(flexDay(['08:00', '13:00'], [{ kind: 'EXPLANATION', startTime: '13:00', endTime: '15:00' }]).abnormal).not.toBeNull();
    expect(flexDay(['08:00', '13:00'], [{ kind: 'EXPLANATION', startTime: '13:00', endTime: '16:00' }]).abnormal).toBeNull();
    expect(flexDay(['08:00', '13:00'], [{ kind: 'LEAVE', startTime: '13:00', endTime: '15:00' }, EXPLAINED]).abnormal).toBeNull();
  });
});

describe('changes within the period', () => {
  it('a schedule change from HCM to FLEXIBLE switches the rule on its date', () => {
    const dates = [MON, TUE, WED, THU];
    const punches = dates.flatMap((d) => [at(d, '08:30'), at(d, '16:30')]);
    const days = computeDays({
      dates,
      schedules: [{ from: '2026-01-01', to: TUE, schedule: HCM }, { from: WED, to: '9999-12-30', schedule: FLEX }],
      policies: [{ from: '2026-01-01', to: TUE, policy: DAY_POLICY }, { from: WED, to: '9999-12-30', policy: FLEX_POLICY }],
      holidays: new Map(),
      punches,
      utcOffsetMinutes: HCMC,
    });
    expect(days.map((d) => [d.date, d.mode, d.scheduleCode, d.value, d.abnormal?.reason ?? null])).toEqual([
      [MON, 'DAY', 'HCM', 0.5, 1],
      [TUE, 'DAY', 'HCM', 0.5, 1],
      [WED, 'HOUR', 'FLEXIBLE', 1, null],
      [THU, 'HOUR', 'FLEXIBLE', 1, null],
    ]);
  });

  it('a policy change of the allowed minutes applies from its date', () => {
    const dates = [MON, TUE, WED];
    const punches = dates.flatMap((d) => [at(d, '09:00'), at(d, '17:30')]);
    const days = run({
      dates,
      punches,
      policies: [{ from: '2026-01-01', to: TUE, policy: DAY_POLICY }, { from: WED, to: '9999-12-30', policy: { ...DAY_POLICY, lackOfTimeAllowed: 30 } }],
    });
    // The allowance decides the credit and the case; the day is late (red) either way (RULES.md §4).
    expect(days.map((d) => [d.value, d.lateMinutes, d.isLateComing, d.abnormal?.reason ?? null])).toEqual([
      [0.5, 30, true, 2],
      [0.5, 30, true, 2],
      [1, 30, true, null],
    ]);
  });

  it('overlapping assignments: the one that starts latest wins', () => {
    const days = run({ dates: [MON, WED], schedules: [{ ...ALWAYS, schedule: HCM }, { from: TUE, to: WED, schedule: FLEX }] });
    expect(days.map((d) => d.scheduleCode)).toEqual(['HCM', 'FLEXIBLE']);
  });
});

describe('a day is judged only once it has ended (RULES.md §4)', () => {
  // 18:00–02:00 with a break 22:00–23:00: ends after midnight, so judged from 02:00 + the allowance the next morning.
  const LATE: WorkSchedule = {
    code: 'LATE',
    type: 'LATE',
    standardMinutes: 420,
    days: weekdays({ workingDay: true, startTime: '18:00', endTime: '02:00', breakStart: '22:00', breakEnd: '23:00' }),
  };
  const ON_TIME = (d: string) => [at(d, '08:25'), at(d, '17:35')];
  type JudgedCase = {
    name: string;
    date: string;
    now: [string, string];
    punches?: number[];
    schedule?: WorkSchedule;
    policy?: AttendancePolicy;
    over?: Omit<Partial<DayEngineInput>, 'dates'>;
    expect: Partial<DayResult>;
  };
  const UNJUDGED = { judged: false, value: null, computedValue: null, abnormal: null, shifts: null, absentMinutes: 0, lateMinutes: 0, earlyMinutes: 0, explanationUses: 0 };
  const cases: JudgedCase[] = [
    { name: 'today at 03:25, no punch yet: no value, no abnormal case', date: MON, now: [MON, '03:25'], expect: { ...UNJUDGED, dayType: 'WORKING', punchCount: 0 } },
    {
      name: 'flexible today at 03:25: no absent minutes',
      date: MON, now: [MON, '03:25'], schedule: FLEX, policy: FLEX_POLICY,
      expect: { ...UNJUDGED, mode: 'HOUR' },
    },
    {
      name: 'today at 10:00 after a late check-in: the punch shows, nothing is judged',
      date: MON, now: [MON, '10:00'], punches: [at(MON, '09:10')],
      expect: { ...UNJUDGED, checkIn: '09:10', checkOut: null, punchCount: 1, isLateComing: false },
    },
    { name: '17:44 with 15 minutes allowed (end 17:30): not yet', date: MON, now: [MON, '17:44'], punches: ON_TIME(MON), expect: { ...UNJUDGED, checkIn: '08:25', checkOut: '17:35' } },
    { name: '17:45 with 15 minutes allowed: judged', date: MON, now: [MON, '17:45'], punches: ON_TIME(MON), expect: { judged: true, value: 1, abnormal: null } },
    {
      name: '17:45, no punch: judged absent',
      date: MON, now: [MON, '17:45'],
      expect: { judged: true, value: 0, abnormal: { reason: 6, minuteViolation: 0, startTime: '08:30', endTime: '17:30' } },
    },
    { name: 'yesterday, seen at 03:25 today: judged', date: MON, now: [TUE, '03:25'], expect: { judged: true, value: 0, abnormal: { reason: 6, minuteViolation: 0, startTime: '08:30', endTime: '17:30' } } },
    {
      name: 'flexible 07:00–19:00 with 30 allowed: judged from 19:30',
      date: MON, now: [MON, '19:29'], schedule: FLEX, policy: FLEX_POLICY, punches: [at(MON, '08:00'), at(MON, '12:00')],
      expect: { ...UNJUDGED, checkIn: '08:00', checkOut: '12:00' },
    },
    {
      name: 'flexible at 19:30: judged, nothing drawn without an explanation',
      date: MON, now: [MON, '19:30'], schedule: FLEX, policy: FLEX_POLICY, punches: [at(MON, '08:00'), at(MON, '12:00')],
      expect: { judged: true, explanationUses: 0, absentMinutes: 240, value: 0.5 },
    },
    {
      name: 'flexible at 19:30 with an approved explanation: judged, the fund is used',
      date: MON, now: [MON, '19:30'], schedule: FLEX, policy: FLEX_POLICY, punches: [at(MON, '08:00'), at(MON, '12:00')],
      over: { requests: [{ date: MON, kind: 'EXPLANATION', fundUses: 1 }] },
      expect: { judged: true, explanationUses: 1, absentMinutes: 180, value: 0.63 },
    },
    { name: 'night schedule ending 02:00, at 02:14 the next morning: not yet', date: MON, now: [TUE, '02:14'], schedule: LATE, punches: [at(MON, '18:00'), at(TUE, '02:00')], expect: { ...UNJUDGED, checkIn: '18:00', checkOut: '02:00' } },
    { name: 'night schedule ending 02:00, at 02:15 (end + allowance): judged', date: MON, now: [TUE, '02:15'], schedule: LATE, punches: [at(MON, '18:00'), at(TUE, '02:00')], expect: { judged: true, value: 1, abnormal: null } },
    { name: 'night shift 22:00–06:00 at 06:14: not yet', date: MON, now: [TUE, '06:14'], schedule: NIGHT, punches: [at(MON, '22:00')], expect: { judged: false, value: null, checkIn: '22:00' } },
    { name: 'night shift 22:00–06:00 at 06:15: judged', date: MON, now: [TUE, '06:15'], schedule: NIGHT, punches: [at(MON, '22:00'), at(TUE, '06:00')], expect: { judged: true, value: 1, abnormal: null } },
    { name: 'a future day', date: WED, now: [MON, '10:00'], expect: { ...UNJUDGED, dayType: 'WORKING' } },
    {
      name: 'before start_working_day',
      date: MON, now: [FRI, '20:00'], punches: [at(MON, '09:00')], over: { employment: { start: TUE } },
      expect: { ...UNJUDGED, checkIn: '09:00' },
    },
    { name: 'on start_working_day', date: TUE, now: [FRI, '20:00'], over: { employment: { start: TUE } }, expect: { judged: true, value: 0, abnormal: { reason: 6, minuteViolation: 0, startTime: '08:30', endTime: '17:30' } } },
    { name: 'after last_working_day', date: WED, now: [FRI, '20:00'], over: { employment: { start: '2020-01-01', end: TUE } }, expect: { ...UNJUDGED } },
    { name: 'on last_working_day', date: TUE, now: [FRI, '20:00'], punches: ON_TIME(TUE), over: { employment: { end: TUE } }, expect: { judged: true, value: 1 } },
    {
      name: 'a holiday today before its end: no value yet',
      date: MON, now: [MON, '12:00'], over: { holidays: new Map([[MON, 'Holiday']]) },
      expect: { judged: false, dayType: 'HOLIDAY', value: null, notation: 'H', shifts: null },
    },
    { name: 'a holiday after its end: 1', date: MON, now: [MON, '18:00'], over: { holidays: new Map([[MON, 'Holiday']]) }, expect: { judged: true, dayType: 'HOLIDAY', value: 1 } },
    {
      name: "decision: an HR edit of a day not judged yet is shown (the Modify screens refuse new ones)",
      date: MON, now: [MON, '10:00'], over: { overrides: [{ date: MON, value: 1 }] },
      expect: { judged: false, computedValue: null, value: 1, overridden: true, abnormal: null },
    },
    { name: 'a weekend is judged at its end; it has no value either way', date: SAT, now: [SAT, '23:59'], punches: [at(SAT, '09:00')], expect: { judged: false, dayType: 'WEEKEND', value: null, checkIn: '09:00' } },
    { name: 'a weekend after its end', date: SAT, now: [SUN, '00:00'], expect: { judged: true, dayType: 'WEEKEND', value: null, abnormal: null } },
  ];

  it.each(cases)('$name', (c) => {
    const [day] = run(
      { dates: [c.date], punches: c.punches ?? [], now: at(c.now[0], `${c.now[1]}:00`), ...c.over },
      c.schedule ?? HCM,
      c.policy ?? DAY_POLICY,
    );
    expect(day).toMatchObject(c.expect);
  });

  it('a day not judged yet uses none of the explanation fund, so the next judged day still has it', () => {
    const punches = [MON, TUE].flatMap((d) => [at(d, '08:00'), at(d, '14:00')]);
    const policy = { ...FLEX_POLICY, explanationNumber: 1 };
    const requests = [MON, TUE].map((date) => ({ date, kind: 'EXPLANATION' as const, fundUses: 1 }));
    const [mon, tue] = run({ dates: [MON, TUE], punches, requests, now: at(TUE, '20:00:00'), employment: { start: TUE } }, FLEX, policy);
    expect([mon!.judged, mon!.explanationUses, tue!.judged, tue!.explanationUses]).toEqual([false, 0, true, 1]);
  });

  it('without `now` every date is judged (the rules of a finished day)', () => {
    expect(run({ dates: [MON] })[0]).toMatchObject({ judged: true, value: 0 });
  });
});

describe('issue 22 §2b: a single punch is split at the break end, on every schedule (RULES.md §4)', () => {
  // Hanoi office hours 08:00–17:00, break 12:00–13:00: the middle of the window (12:30) is not the break's end.
  const HN: WorkSchedule = {
    code: 'HN_0800',
    type: 'HCM',
    standardMinutes: 480,
    days: weekdays({ workingDay: true, startTime: '08:00', endTime: '17:00', breakStart: '12:00', breakEnd: '13:00' }),
  };
  // Wednesday half day 08:30–12:00 without a break: split at the middle of the window, 10:15.
  const HALF: WorkSchedule = { code: 'HALF', type: 'HCM', standardMinutes: 210, days: weekdays({ workingDay: true, startTime: '08:30', endTime: '12:00' }) };
  const FLEX_BREAK: WorkSchedule = { ...FLEX, code: 'FLEX_BREAK', days: weekdays({ workingDay: true, startTime: '07:00', endTime: '19:00', breakStart: '12:00', breakEnd: '13:30' }) };
  const cases: { name: string; schedule: WorkSchedule; punch: string; policy?: AttendancePolicy; expect: Partial<DayResult> }[] = [
    { name: '08:00–17:00, 12:45 (after the middle, before the break end): a check-in, no check-out (5)', schedule: HN, punch: '12:45', expect: { checkIn: '12:45', checkOut: null, lateMinutes: 240, abnormal: { reason: 5, minuteViolation: 240, startTime: '08:00', endTime: '17:00' } } },
    { name: '08:00–17:00, 12:59: a check-in (5)', schedule: HN, punch: '12:59', expect: { checkIn: '12:59', abnormal: { reason: 5, minuteViolation: 240, startTime: '08:00', endTime: '17:00' } } },
    { name: "08:00–17:00, 13:00 (the break's end): a check-out, no check-in (4)", schedule: HN, punch: '13:00', expect: { checkOut: '13:00', earlyMinutes: 240, abnormal: { reason: 4, minuteViolation: 240, startTime: '08:00', endTime: '17:00' } } },
    { name: 'half day without a break, 10:14: a check-in', schedule: HALF, punch: '10:14', expect: { checkIn: '10:14', abnormal: { reason: 5, minuteViolation: 104, startTime: '08:30', endTime: '12:00' } } },
    { name: 'half day without a break, 10:15: a check-out', schedule: HALF, punch: '10:15', expect: { checkOut: '10:15', abnormal: { reason: 4, minuteViolation: 105, startTime: '08:30', endTime: '12:00' } } },
    { name: 'flexible with a break 12:00–13:30: 13:29 is a check-in', schedule: FLEX_BREAK, punch: '13:29', policy: FLEX_POLICY, expect: { checkIn: '13:29', checkOut: null } },
    { name: 'flexible with a break 12:00–13:30: 13:30 is a check-out', schedule: FLEX_BREAK, punch: '13:30', policy: FLEX_POLICY, expect: { checkIn: null, checkOut: '13:30' } },
    { name: 'flexible without a break: the middle of 07:00–19:00 (13:00) splits', schedule: FLEX, punch: '12:59', policy: FLEX_POLICY, expect: { checkIn: '12:59', checkOut: null } },
  ];
  it.each(cases)('$name', (c) => {
    expect(monday([c.punch], [], c.schedule, c.policy ?? DAY_POLICY)).toMatchObject(c.expect);
  });
});

describe('issue 22 §2b: leave notation; unpaid and social-insurance leave credit nothing (RULES.md §4)', () => {
  const PAID = { kind: 'LEAVE' as const, notation: 'P', halfNotation: 'P/2' };
  const UNPAID = { kind: 'LEAVE' as const, notation: 'KL', halfNotation: 'KL', unpaid: true };
  const SOCIAL = { kind: 'LEAVE' as const, notation: 'OM', halfNotation: 'OM', unpaid: true };
  const cases: Case[] = [
    {
      name: 'full-day paid leave: P, worth 1',
      punches: [],
      requests: [{ ...PAID, shift: 'FULL_DAY' }],
      expect: { notation: 'P', value: 1, shifts: { MORNING: 'REQUEST', AFTERNOON: 'REQUEST' }, abnormal: null },
    },
    {
      name: 'a morning of paid leave, afternoon worked: P/2, worth 1',
      punches: ['12:55', '17:30'],
      requests: [{ ...PAID, shift: 'MORNING' }],
      expect: { notation: 'P/2', value: 1, abnormal: null },
    },
    {
      name: 'two half-day paid leaves make a whole P',
      punches: [],
      requests: [{ ...PAID, shift: 'MORNING' }, { ...PAID, shift: 'AFTERNOON' }],
      expect: { notation: 'P', value: 1, abnormal: null },
    },
    {
      name: 'full-day unpaid leave: KL, worth 0, no abnormal case (the Note drawer says 0)',
      punches: [],
      requests: [{ ...UNPAID, shift: 'FULL_DAY' }],
      expect: { notation: 'KL', computedValue: 0, value: 0, shifts: { MORNING: 'UNPAID', AFTERNOON: 'UNPAID' }, requestMinutes: 480, abnormal: null },
    },
    {
      name: 'full-day social-insurance leave: its notation, worth 0, no case',
      punches: [],
      requests: [{ ...SOCIAL }],
      expect: { notation: 'OM', value: 0, abnormal: null },
    },
    {
      name: 'a morning of unpaid leave, afternoon worked: KL, worth 0.5',
      punches: ['12:55', '17:30'],
      requests: [{ ...UNPAID, shift: 'MORNING' }],
      expect: { notation: 'KL', value: 0.5, shifts: { MORNING: 'UNPAID', AFTERNOON: 'ATTENDANCE' }, abnormal: null },
    },
    {
      name: 'a morning of unpaid leave, no punch: part-day leave (3), worth 0',
      punches: [],
      requests: [{ ...UNPAID, shift: 'MORNING' }],
      expect: { notation: 'KL', value: 0, abnormal: { reason: 3, minuteViolation: 270, startTime: '13:00', endTime: '17:30' } },
    },
    {
      name: 'paid morning, unpaid afternoon: both half-day notations, worth 0.5',
      punches: [],
      requests: [{ ...PAID, shift: 'MORNING' }, { ...UNPAID, shift: 'AFTERNOON' }],
      expect: { notation: 'P/2+KL', value: 0.5, shifts: { MORNING: 'REQUEST', AFTERNOON: 'UNPAID' }, abnormal: null },
    },
    {
      name: 'two unpaid hours closing a late arrival: not late, no case, but the morning is worth nothing',
      punches: ['10:30', '17:30'],
      requests: [{ ...UNPAID, startTime: '08:30', endTime: '10:30' }],
      expect: { notation: null, value: 0.5, lateMinutes: 0, isLateComing: false, shifts: { MORNING: 'UNPAID', AFTERNOON: 'ATTENDANCE' }, abnormal: null },
    },
    {
      name: 'two paid hours closing a late arrival: the morning is credited',
      punches: ['10:30', '17:30'],
      requests: [{ ...PAID, startTime: '08:30', endTime: '10:30' }],
      expect: { notation: null, value: 1, shifts: { MORNING: 'REQUEST', AFTERNOON: 'ATTENDANCE' }, abnormal: null },
    },
    {
      name: 'work outside has no notation',
      punches: [],
      requests: [{ kind: 'WORK_OUTSIDE', shift: 'FULL_DAY' }],
      expect: { notation: null, value: 1 },
    },
  ];
  it.each(cases)('$name', (c) => {
    expect(monday(c.punches, c.requests)).toMatchObject(c.expect);
  });

  it('a leave day not judged yet already shows its notation, with no value', () => {
    const [d] = run({ dates: [MON], requests: [{ date: MON, ...PAID }], now: at(MON, '10:00') });
    expect(d).toMatchObject({ judged: false, notation: 'P', value: null });
  });

  it('a holiday keeps H even with leave on it', () => {
    const [d] = run({ dates: [MON], requests: [{ date: MON, ...UNPAID }], holidays: new Map([[MON, 'Holiday']]) });
    expect(d).toMatchObject({ notation: 'H', value: 1 });
  });

  it('hour-based: unpaid leave covers its minutes (no absence, no case) but they are worth nothing', () => {
    const morningUnpaid = monday(['13:00', '17:00'], [{ ...UNPAID, shift: 'MORNING' }], FLEX, FLEX_POLICY);
    expect(morningUnpaid).toMatchObject({ notation: 'KL', workedMinutes: 240, requestMinutes: 240, absentMinutes: 0, value: 0.5, abnormal: null });
    const morningPaid = monday(['13:00', '17:00'], [{ ...PAID, shift: 'MORNING' }], FLEX, FLEX_POLICY);
    expect(morningPaid).toMatchObject({ notation: 'P/2', absentMinutes: 0, value: 1, abnormal: null });
    const fullUnpaid = monday([], [{ ...UNPAID }], FLEX, FLEX_POLICY);
    expect(fullUnpaid).toMatchObject({ absentMinutes: 0, value: 0, abnormal: null });
  });
});
