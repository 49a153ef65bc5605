import { describe, expect, it } from 'vitest';
import type { DateType } from '@tms/contracts/overtime';
import { attendanceSpan, computeOtPay, datesOfWindow, type OtKind, type OtPayInput } from './ot-pay-engine.ts';

/**
 * The OT pay engine, table-driven (RULES.md §6, spec 001 §5.6, issue 11 "Pay engine"). Times are local wall times in
 * Asia/Ho_Chi_Minh (UTC+7, no daylight saving). 2026-04-29 is a Wednesday, 2026-04-30 a Thursday, 2026-05-02 a
 * Saturday.
 */
const TZ = 'Asia/Ho_Chi_Minh';
const at = (local: string) => Date.parse(`${local.replace(' ', 'T')}:00+07:00`);

const DEFAULTS = {
  coefficient_workday: 150,
  coefficient_night_workday: 200,
  coefficient_night_workday_has_day_time: 210,
  coefficient_day_off: 200,
  coefficient_night_day_off: 270,
  coefficient_holiday: 300,
  coefficient_night_holiday: 390,
  tax_coefficient_workday: 100,
  tax_coefficient_night_workday: 100,
  tax_coefficient_day_off: 100,
  tax_coefficient_night_day_off: 100,
  tax_coefficient_holiday: 100,
  tax_coefficient_night_holiday: 100,
};

type Case = {
  name: string;
  kind: OtKind;
  start: string;
  end: string;
  punches: string[];
  dayTypes?: Record<string, DateType>;
  confirmations?: Record<string, number>;
  unpaid?: boolean;
  /** shift → actual hours */
  shifts: Record<string, number>;
  total: number;
  final?: number;
  pay?: number;
  nonTax?: number;
};

const cases: Case[] = [
  {
    name: 'a window across midnight into a holiday: workday day, night after daytime, break at midnight, holiday night',
    kind: 'FIXED',
    start: '2026-04-29 20:00',
    end: '2026-04-30 02:00',
    punches: ['2026-04-29 19:50', '2026-04-30 02:10'],
    dayTypes: { '2026-04-29': 'WORKDAY', '2026-04-30': 'HOLIDAY' },
    // 6 h worked, break 00:00–01:00 (after 4 h): 20–22 workday, 22–24 night after daytime, 01–02 holiday night.
    shifts: { workday: 2, night_workday_has_day_time: 2, night_holiday: 1 },
    total: 5,
    pay: 2 * 1.5 + 2 * 2.1 + 1 * 3.9,
    nonTax: 2 * 0.5 + 2 * 1.1 + 1 * 2.9,
  },
  {
    name: 'a window across midnight without daytime: night workday on both dates (no daytime before either)',
    kind: 'FLEXIBLE',
    start: '2026-04-29 22:30',
    end: '2026-04-30 01:00',
    punches: ['2026-04-29 22:00', '2026-04-30 01:30'],
    shifts: { night_workday: 2.5 },
    total: 2.5,
    pay: 5,
    nonTax: 2.5,
  },
  {
    name: 'a night on a day off',
    kind: 'FLEXIBLE',
    start: '2026-05-02 21:00',
    end: '2026-05-02 23:30',
    punches: ['2026-05-02 20:55', '2026-05-02 23:40'],
    shifts: { day_off: 1, night_day_off: 1.5 },
    total: 2.5,
    pay: 2 + 1.5 * 2.7,
    nonTax: 1 + 1.5 * 1.7,
  },
  {
    name: 'a night after daytime on a day off stays night_day_off (the has-day-time key is for workdays only)',
    kind: 'FLEXIBLE',
    start: '2026-05-02 20:00',
    end: '2026-05-02 23:00',
    punches: ['2026-05-02 19:00', '2026-05-02 23:00'],
    shifts: { day_off: 2, night_day_off: 1 },
    total: 3,
  },
  {
    name: 'fixed, exactly 4 hours: no break',
    kind: 'FIXED',
    start: '2026-05-02 08:00',
    end: '2026-05-02 12:00',
    punches: ['2026-05-02 07:50', '2026-05-02 12:10'],
    shifts: { day_off: 4 },
    total: 4,
  },
  {
    name: 'fixed, 4.5 hours: the half hour after 4 h is the break',
    kind: 'FIXED',
    start: '2026-05-02 08:00',
    end: '2026-05-02 12:30',
    punches: ['2026-05-02 07:50', '2026-05-02 12:40'],
    shifts: { day_off: 4 },
    total: 4,
  },
  {
    name: 'fixed, 6 hours: a one hour break',
    kind: 'FIXED',
    start: '2026-05-02 08:00',
    end: '2026-05-02 14:00',
    punches: ['2026-05-02 07:50', '2026-05-02 14:10'],
    shifts: { day_off: 5 },
    total: 5,
  },
  {
    name: 'flexible, exactly 5 hours: no break',
    kind: 'FLEXIBLE',
    start: '2026-05-02 08:00',
    end: '2026-05-02 13:00',
    punches: ['2026-05-02 07:50', '2026-05-02 13:10'],
    shifts: { day_off: 5 },
    total: 5,
  },
  {
    name: 'flexible, 5.5 hours: the half hour after 5 h is the break',
    kind: 'FLEXIBLE',
    start: '2026-05-02 08:00',
    end: '2026-05-02 13:30',
    punches: ['2026-05-02 07:50', '2026-05-02 13:40'],
    shifts: { day_off: 5 },
    total: 5,
  },
  {
    name: 'flexible, 5 hours worked inside a longer window: no break (the worked time counts, not the window)',
    kind: 'FLEXIBLE',
    start: '2026-05-02 08:00',
    end: '2026-05-02 16:00',
    punches: ['2026-05-02 09:00', '2026-05-02 14:00'],
    shifts: { day_off: 5 },
    total: 5,
  },
  {
    name: 'fixed, 4 hours worked of a 6 hour window: no break',
    kind: 'FIXED',
    start: '2026-05-02 08:00',
    end: '2026-05-02 14:00',
    punches: ['2026-05-02 10:00', '2026-05-02 14:30'],
    shifts: { day_off: 4 },
    total: 4,
  },
  {
    name: 'punches outside the window: nothing worked',
    kind: 'FIXED',
    start: '2026-04-29 19:00',
    end: '2026-04-29 21:00',
    punches: ['2026-04-29 08:00', '2026-04-29 17:30'],
    shifts: {},
    total: 0,
  },
  {
    name: 'punches partly outside the window: only the overlap counts',
    kind: 'FIXED',
    start: '2026-04-29 19:00',
    end: '2026-04-29 21:00',
    punches: ['2026-04-29 08:00', '2026-04-29 12:00', '2026-04-29 20:15'],
    shifts: { workday: 1.25 },
    total: 1.25,
  },
  {
    name: 'punches outside the attendance span are ignored (the day before, two days after)',
    kind: 'FIXED',
    start: '2026-04-29 19:00',
    end: '2026-04-29 21:00',
    punches: ['2026-04-28 18:00', '2026-04-29 19:30', '2026-04-29 20:30', '2026-05-01 20:00'],
    shifts: { workday: 1 },
    total: 1,
  },
  {
    name: 'one punch only: no attendance',
    kind: 'FLEXIBLE',
    start: '2026-04-29 19:00',
    end: '2026-04-29 21:00',
    punches: ['2026-04-29 19:00'],
    shifts: {},
    total: 0,
  },
  {
    name: 'a holiday on a weekend is a holiday',
    kind: 'FIXED',
    start: '2026-05-02 09:00',
    end: '2026-05-02 11:00',
    punches: ['2026-05-02 08:55', '2026-05-02 11:05'],
    dayTypes: { '2026-05-02': 'HOLIDAY' },
    shifts: { holiday: 2 },
    total: 2,
    pay: 6,
    nonTax: 4,
  },
  {
    name: 'a confirmation lower than the actual is kept; pay from the final hours',
    kind: 'FLEXIBLE',
    start: '2026-04-29 18:00',
    end: '2026-04-29 21:00',
    punches: ['2026-04-29 17:00', '2026-04-29 21:30'],
    confirmations: { workday: 2 },
    shifts: { workday: 3 },
    total: 3,
    final: 2,
    pay: 3,
    nonTax: 1,
  },
  {
    name: 'a confirmation higher than the actual is capped at the actual',
    kind: 'FLEXIBLE',
    start: '2026-04-29 18:00',
    end: '2026-04-29 21:00',
    punches: ['2026-04-29 17:00', '2026-04-29 21:30'],
    confirmations: { workday: 7 },
    shifts: { workday: 3 },
    total: 3,
    final: 3,
    pay: 4.5,
  },
  {
    name: 'unpaid (Không OT): hours kept, pay 0',
    kind: 'FLEXIBLE',
    start: '2026-04-29 18:00',
    end: '2026-04-29 21:00',
    punches: ['2026-04-29 17:00', '2026-04-29 21:30'],
    unpaid: true,
    shifts: { workday: 3 },
    total: 3,
    pay: 0,
    nonTax: 0,
  },
  {
    name: 'a 24 hour window on a workday, punches at its ends',
    kind: 'FIXED',
    start: '2026-04-29 08:00',
    end: '2026-04-30 08:00',
    punches: ['2026-04-29 08:00', '2026-04-30 08:00'],
    // 24 h worked, break 12:00–13:00: 08–12 + 13–22 = 13 h day, 22–24 and 00–06 night after the window's daytime
    // (RULES.md §6: after midnight too), 06–08 workday.
    shifts: { workday: 15, night_workday_has_day_time: 8 },
    total: 23,
  },
  // RULES.md §6: one window is one piece of work — daytime OT before a workday night minute makes it 210 %, after
  // midnight too (a minute after 00:00 used to be 200 %: its own date had no daytime yet).
  {
    name: 'workday evening into a workday night: the minutes after midnight are after daytime too',
    kind: 'FIXED',
    start: '2026-04-28 20:00',
    end: '2026-04-29 02:00',
    punches: ['2026-04-28 19:55', '2026-04-29 02:05'],
    // 6 h worked, break 00:00–01:00: 20–22 workday, 22–24 and 01–02 night after daytime.
    shifts: { workday: 2, night_workday_has_day_time: 3 },
    total: 5,
    pay: 2 * 1.5 + 3 * 2.1,
  },
  {
    name: 'a night window with no daytime before it stays 200 % on both sides of midnight',
    kind: 'FIXED',
    start: '2026-04-28 23:00',
    end: '2026-04-29 05:00',
    punches: ['2026-04-28 22:50', '2026-04-29 05:10'],
    // 6 h, break 03:00–04:00: 23–24, 00–03, 04–05 night without daytime.
    shifts: { night_workday: 5 },
    total: 5,
    pay: 10,
  },
  {
    name: 'day-off daytime before midnight makes the next workday night 210 % (daytime of any day type counts)',
    kind: 'FLEXIBLE',
    start: '2026-05-03 18:00',
    end: '2026-05-04 02:00',
    punches: ['2026-05-03 17:50', '2026-05-04 02:10'],
    // 8 h, break after 5 h: 23:00–24:00. Sunday 18–22 day off, 22–23 day-off night; Monday 00–02 workday night after
    // the window's daytime.
    shifts: { day_off: 4, night_day_off: 1, night_workday_has_day_time: 2 },
    total: 7,
  },
  {
    name: 'an early morning window: the night before 06:00 has no daytime before it, the daytime after is workday',
    kind: 'FLEXIBLE',
    start: '2026-04-29 04:00',
    end: '2026-04-29 07:00',
    punches: ['2026-04-29 03:55', '2026-04-29 07:05'],
    shifts: { night_workday: 2, workday: 1 },
    total: 3,
  },
  {
    name: 'a window from 06:00 to 23:00 on a workday: the night after its daytime is 210 %',
    kind: 'FLEXIBLE',
    start: '2026-04-29 16:00',
    end: '2026-04-29 23:00',
    punches: ['2026-04-29 15:55', '2026-04-29 23:05'],
    // 7 h, break 21:00–22:00: 16–21 workday, 22–23 night after daytime.
    shifts: { workday: 5, night_workday_has_day_time: 1 },
    total: 6,
  },
];

describe('computeOtPay', () => {
  it.each(cases)('$name', (c) => {
    const input: OtPayInput = {
      kind: c.kind,
      startMs: at(c.start),
      endMs: at(c.end),
      otDate: c.start.slice(0, 10),
      punches: c.punches.map(at),
      dayTypes: c.dayTypes ?? {},
      coefficients: DEFAULTS,
      timeZone: TZ,
      confirmations: c.confirmations,
      unpaid: c.unpaid,
    };
    const r = computeOtPay(input);
    const shifts: Record<string, number> = {};
    for (const l of r.lines) shifts[l.shift] = l.actual;
    expect(shifts).toEqual(c.shifts);
    expect(r.totalActual).toBe(c.total);
    expect(r.totalFinal).toBe(c.final ?? c.total);
    if (c.pay !== undefined) expect(r.payHours).toBeCloseTo(c.pay, 2);
    if (c.nonTax !== undefined) expect(r.nonTaxHours).toBeCloseTo(c.nonTax, 2);
    for (const l of r.lines) {
      expect(l.final).toBeLessThanOrEqual(l.actual);
      if (!c.unpaid) expect(l.payHours).toBeCloseTo((l.final * l.coefficient) / 100, 2);
    }
  });

  it('two OT requests on one day, sharing the punches: each counts only its own window', () => {
    const punches = ['2026-04-29 05:50', '2026-04-29 12:00', '2026-04-29 21:10'].map(at);
    const base = { kind: 'FIXED' as const, otDate: '2026-04-29', punches, dayTypes: {}, coefficients: DEFAULTS, timeZone: TZ };
    const morning = computeOtPay({ ...base, startMs: at('2026-04-29 06:00'), endMs: at('2026-04-29 08:00') });
    const evening = computeOtPay({ ...base, startMs: at('2026-04-29 19:00'), endMs: at('2026-04-29 21:00') });
    expect(morning.lines.map((l) => [l.shift, l.actual])).toEqual([['workday', 2]]);
    expect(evening.lines.map((l) => [l.shift, l.actual])).toEqual([['workday', 2]]);
    expect(morning.totalActual + evening.totalActual).toBe(4);
  });

  it("RULES.md §4: the OT date's punches are its stored day window (a night shift keeps the next morning's)", () => {
    const base = {
      kind: 'FIXED' as const, startMs: at('2026-04-29 20:00'), endMs: at('2026-04-29 22:00'), otDate: '2026-04-29',
      punches: [at('2026-04-29 19:55'), at('2026-04-30 06:30')], dayTypes: {}, coefficients: DEFAULTS, timeZone: TZ,
    };
    const night = computeOtPay({ ...base, dayWindow: { fromMs: at('2026-04-29 00:00'), toMs: at('2026-04-30 14:00') } });
    expect([night.checkOutMs, night.totalActual]).toEqual([at('2026-04-30 06:30'), 2]);
    // The calendar day alone leaves the 06:30 punch out: one punch, no attendance.
    const calendar = computeOtPay(base);
    expect([calendar.checkOutMs, calendar.totalActual]).toEqual([null, 0]);
  });

  it('the lines across midnight carry the date of their first minute and its day type', () => {
    const r = computeOtPay({
      kind: 'FIXED',
      startMs: at('2026-04-29 20:00'),
      endMs: at('2026-04-30 02:00'),
      otDate: '2026-04-29',
      punches: [at('2026-04-29 19:00'), at('2026-04-30 03:00')],
      dayTypes: { '2026-04-29': 'WORKDAY', '2026-04-30': 'HOLIDAY' },
      coefficients: DEFAULTS,
      timeZone: TZ,
    });
    expect(r.lines.map((l) => [l.shift, l.workDate, l.dateType, l.isNight])).toEqual([
      ['workday', '2026-04-29', 'WORKDAY', false],
      ['night_workday_has_day_time', '2026-04-29', 'WORKDAY', true],
      ['night_holiday', '2026-04-30', 'HOLIDAY', true],
    ]);
    expect(r.breakMinutes).toBe(60);
    expect(r.checkInMs).toBe(at('2026-04-29 19:00'));
    expect(r.checkOutMs).toBe(at('2026-04-30 03:00'));
  });

  it('the attendance span and the dates a window touches', () => {
    // Without the day's stored window: ot_date's calendar day (RULES.md §4), both ends included.
    const span = attendanceSpan(at('2026-04-29 19:00'), at('2026-04-29 21:00'), '2026-04-29', TZ);
    expect(span).toEqual({ fromMs: at('2026-04-29 00:00'), toMs: at('2026-04-30 00:00') - 1 });
    const late = attendanceSpan(at('2026-04-29 23:00'), at('2026-04-30 05:00'), '2026-04-29', TZ);
    expect(late).toEqual({ fromMs: at('2026-04-29 00:00'), toMs: at('2026-04-30 07:00') });
    // A night shift's day owns the next morning's punches up to the midpoint rule's minute (here 14:00).
    const night = attendanceSpan(at('2026-04-29 19:00'), at('2026-04-29 21:00'), '2026-04-29', TZ, { fromMs: at('2026-04-29 00:00'), toMs: at('2026-04-30 14:00') });
    expect(night).toEqual({ fromMs: at('2026-04-29 00:00'), toMs: at('2026-04-30 14:00') - 1 });
    expect(datesOfWindow(at('2026-04-29 20:00'), at('2026-04-30 00:00'), TZ)).toEqual(['2026-04-29']);
    expect(datesOfWindow(at('2026-04-29 20:00'), at('2026-04-30 00:01'), TZ)).toEqual(['2026-04-29', '2026-04-30']);
  });

  it('a zone with daylight saving: local midnight and night follow the zone', () => {
    // Europe/Berlin, 2026-03-29 02:00 → 03:00 (UTC+1 → UTC+2). A window 21:00 → 04:00 local is 6 hours long.
    const berlin = (local: string, offset: string) => Date.parse(`${local.replace(' ', 'T')}:00${offset}`);
    const r = computeOtPay({
      kind: 'FLEXIBLE',
      startMs: berlin('2026-03-28 21:00', '+01:00'),
      endMs: berlin('2026-03-29 04:00', '+02:00'),
      otDate: '2026-03-28',
      punches: [berlin('2026-03-28 21:00', '+01:00'), berlin('2026-03-29 04:00', '+02:00')],
      dayTypes: {},
      coefficients: DEFAULTS,
      timeZone: 'Europe/Berlin',
    });
    // 6 h worked, break after 5 h; Saturday 21–22 day off, then night.
    expect(r.totalActual).toBe(5);
    expect(r.lines.find((l) => l.shift === 'day_off')?.actual).toBe(1);
  });
});

describe('the statutory arithmetic of the default coefficients (Labour Code 2019 art. 98, Decree 145/2020 art. 55, 57)', () => {
  // Overtime pays at least 150 % on a workday, 200 % on a weekly day off, 300 % on a holiday (art. 98.1). Night work
  // adds at least 30 % of the day rate (art. 98.2). Overtime at night adds a further 20 % of the daytime rate of that
  // day (art. 98.3): on a workday the "day rate" is 100 % when the employee did no daytime overtime that day, and the
  // 150 % overtime rate when they did (Decree 145/2020 art. 57.1 b/c).
  const statutory = {
    coefficient_workday: 150,
    coefficient_night_workday: 150 + 30 + 20 * 1.0,
    coefficient_night_workday_has_day_time: 150 + 30 + 20 * 1.5,
    coefficient_day_off: 200,
    coefficient_night_day_off: 200 + 30 + 20 * 2,
    coefficient_holiday: 300,
    coefficient_night_holiday: 300 + 30 + 20 * 3,
  };
  it('150 / 200 / 300 %, night +30 %, night OT +20 % of the day rate', () => {
    expect(statutory).toEqual({
      coefficient_workday: 150,
      coefficient_night_workday: 200,
      coefficient_night_workday_has_day_time: 210,
      coefficient_day_off: 200,
      coefficient_night_day_off: 270,
      coefficient_holiday: 300,
      coefficient_night_holiday: 390,
    });
    for (const [k, v] of Object.entries(statutory)) expect(DEFAULTS[k as keyof typeof DEFAULTS]).toBe(v);
  });
});
