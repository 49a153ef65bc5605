import { describe, expect, it } from 'vitest';
import { cutToOneMonth, oneMonthEnd, type CalendarDay } from '@tms/contracts/check-in-out-calendar';
import { addIsoDays, calendarFlags, inRange, weekDays, weekStart, weeksBetween } from './calendar-rule.ts';

const day = (over: Partial<CalendarDay> & { date_of_issue: string }): CalendarDay => ({
  check_in_time: '08:10',
  check_out_time: '17:40',
  is_early_leaving: false,
  is_late_coming: false,
  is_holiday: false,
  ...over,
});
// Wednesday 11/03/2026; the employee started on Monday 02/03/2026; range 01/03 – 31/03.
const ctx = { referenceDate: '2026-03-02', today: '2026-03-11', from: '2026-03-01', to: '2026-03-31' };

describe('weeks run Saturday to Friday (spec 001 §9)', () => {
  it.each([
    ['2026-03-07', '2026-03-07'], // Saturday
    ['2026-03-08', '2026-03-07'], // Sunday
    ['2026-03-11', '2026-03-07'], // Wednesday
    ['2026-03-13', '2026-03-07'], // Friday
    ['2026-03-14', '2026-03-14'], // next Saturday
    ['2026-01-01', '2025-12-27'], // across a year
  ])('the week of %s starts on %s', (date, start) => {
    expect(weekStart(date)).toBe(start);
  });

  it('lists 7 days from Saturday to Friday', () => {
    expect(weekDays('2026-03-11')).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13']);
    expect(weekDays('2024-02-28')).toEqual(['2024-02-24', '2024-02-25', '2024-02-26', '2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('counts weeks between dates, and adds days', () => {
    expect(weeksBetween('2026-03-11', '2026-03-13')).toBe(0);
    expect(weeksBetween('2026-03-11', '2026-03-14')).toBe(1);
    expect(weeksBetween('2026-03-11', '2026-02-20')).toBe(-3);
    expect(addIsoDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});

describe('the calendar rule (spec 001 §2.8)', () => {
  it.each<[string, CalendarDay | undefined, string, { lateComing: boolean; earlyLeaving: boolean }]>([
    ['no check-in, past working day in range: both', day({ date_of_issue: '2026-03-10', check_in_time: null, check_out_time: null }), '2026-03-10', { lateComing: true, earlyLeaving: true }],
    ['no check-in but a check-out: both', day({ date_of_issue: '2026-03-10', check_in_time: null }), '2026-03-10', { lateComing: true, earlyLeaving: true }],
    ['no check-in on a holiday: none', day({ date_of_issue: '2026-03-10', check_in_time: null, is_holiday: true }), '2026-03-10', { lateComing: false, earlyLeaving: false }],
    ['no check-in today (not ended): stored flags', day({ date_of_issue: '2026-03-11', check_in_time: null }), '2026-03-11', { lateComing: false, earlyLeaving: false }],
    ['no check-in in the future: none', day({ date_of_issue: '2026-03-12', check_in_time: null }), '2026-03-12', { lateComing: false, earlyLeaving: false }],
    ['no check-in outside the range: stored flags', day({ date_of_issue: '2026-03-10', check_in_time: null }), '2026-03-10', { lateComing: false, earlyLeaving: false }],
    ['on the reference date: cleared', day({ date_of_issue: '2026-03-02', check_in_time: null, is_late_coming: true }), '2026-03-02', { lateComing: false, earlyLeaving: false }],
    ['before the reference date: cleared', day({ date_of_issue: '2026-02-27', is_late_coming: true, is_early_leaving: true }), '2026-02-27', { lateComing: false, earlyLeaving: false }],
    ['stored late', day({ date_of_issue: '2026-03-04', is_late_coming: true }), '2026-03-04', { lateComing: true, earlyLeaving: false }],
    ['stored early', day({ date_of_issue: '2026-03-05', is_early_leaving: true }), '2026-03-05', { lateComing: false, earlyLeaving: true }],
    ['on time', day({ date_of_issue: '2026-03-06' }), '2026-03-06', { lateComing: false, earlyLeaving: false }],
    ['a weekend without check-in: none', day({ date_of_issue: '2026-03-07', check_in_time: null }), '2026-03-07', { lateComing: false, earlyLeaving: false }],
    ['no data: none', undefined, '2026-03-10', { lateComing: false, earlyLeaving: false }],
  ])('%s', (name, d, date, expected) => {
    const range = name.includes('outside the range') ? { ...ctx, from: '2026-03-11', to: '2026-03-31' } : ctx;
    expect(calendarFlags(d, date, range)).toEqual(expected);
  });

  it('blurs days outside the range', () => {
    expect(inRange('2026-03-01', ctx.from, ctx.to)).toBe(true);
    expect(inRange('2026-02-28', ctx.from, ctx.to)).toBe(false);
    expect(inRange('2026-04-01', ctx.from, ctx.to)).toBe(false);
  });
});

describe('a range over one month is cut to one month (spec 001 §5.8)', () => {
  it.each([
    ['2026-03-10', '2026-04-09'],
    ['2026-01-31', '2026-02-27'],
    ['2026-12-15', '2027-01-14'],
    ['2024-01-29', '2024-02-28'],
  ])('from %s at most to %s', (from, max) => {
    expect(oneMonthEnd(from)).toBe(max);
  });

  it('keeps a shorter range', () => {
    expect(cutToOneMonth('2026-03-10', '2026-04-09')).toEqual({ from: '2026-03-10', to: '2026-04-09', cut: false });
    expect(cutToOneMonth('2026-03-10', '2026-04-10')).toEqual({ from: '2026-03-10', to: '2026-04-09', cut: true });
  });
});
