import { describe, expect, it } from 'vitest';
import type { DayEntry } from '@tms/contracts/timesheet-grid';
import { datesOf, dayEntries, dayEntry, totalOf } from './day-entries.ts';
import { acceptsGzip } from './gzip-json.ts';
import { staffSummary, type SummaryFacts } from './staff-summary.ts';
import type { DayRow, EditRow, RequestRow } from './timesheet-grid.repository.ts';

const row = (date: string, over: Partial<DayRow> = {}): DayRow => ({
  date,
  day_type: 'WORKING',
  value: 1,
  computed_value: 1,
  overridden: false,
  notation: null,
  check_in: '08:20',
  check_out: '17:40',
  late_minutes: 0,
  early_minutes: 0,
  is_late_coming: false,
  is_early_leaving: false,
  absent_minutes: 0,
  worked_minutes: 480,
  explanation_uses: 0,
  night_minutes: 0,
  abnormal_reason: null,
  morning_credit: 'ATTENDANCE',
  afternoon_credit: 'ATTENDANCE',
  ...over,
});
const edit = (date: string, value: number | null, old: number | null, at: string): EditRow => ({
  date, value, old_value: old, comment: null, modified_date: at, modifier_name: 'Hoa Human', modifier_user_name: 'hr', modifier_department: 'HR',
});

describe('datesOf', () => {
  it.each([
    ['2026-09-26', '2026-10-25', 30],
    ['2028-01-26', '2028-02-25', 31],
    ['2028-02-26', '2028-03-25', 29], // 29/02/2028 included
    ['2026-12-26', '2027-01-25', 31],
    ['2026-10-01', '2026-10-01', 1],
  ])('%s … %s has %i dates, ascending and gapless', (from, to, count) => {
    const dates = datesOf(from, to);
    expect(dates).toHaveLength(count);
    expect(dates[0]).toBe(from);
    expect(dates[dates.length - 1]).toBe(to);
    for (let i = 1; i < dates.length; i++) expect(Date.parse(dates[i]!) - Date.parse(dates[i - 1]!)).toBe(86_400_000);
  });
});

describe('dayEntries', () => {
  const dates = datesOf('2026-10-02', '2026-10-05'); // Fri, Sat, Sun, Mon
  it('fills dates without a stored day from the weekday, keeps stored ones, and shows the latest edit of an uncomputed day', () => {
    const entries = dayEntries(dates, [row('2026-10-02', { late_minutes: 5, is_late_coming: true })], [edit('2026-10-05', 0.5, null, '2026-10-06T01:00:00.000Z'), edit('2026-10-05', 1, null, '2026-10-05T01:00:00.000Z')]);
    expect(entries.map((e) => [e.date_of_issue, e.day_type, e.value, e.overridden])).toEqual([
      ['2026-10-02', 'WORKING', 1, false],
      ['2026-10-03', 'WEEKEND', null, false],
      ['2026-10-04', 'WEEKEND', null, false],
      ['2026-10-05', 'WORKING', 0.5, true],
    ]);
    expect(entries[0]).toMatchObject({ is_late_coming: true, is_early_leaving: false, check_in_time: '08:20', active_time: 480 });
    expect(entries[3]!.history.map((h) => h.new_value)).toEqual([0.5, 1]);
    expect(entries[3]!.edit_count).toBe(2);
  });

  it('RULES.md §4: late and early are the stored flags, never recomputed from the minutes', () => {
    const [d] = dayEntries(['2026-10-02'], [row('2026-10-02', { late_minutes: 5, early_minutes: 3, is_late_coming: false, is_early_leaving: true })], []);
    expect(d).toMatchObject({ is_late_coming: false, is_early_leaving: true, late_minutes: 5, early_minutes: 3 });
  });

  it('gives a holiday its notation even when the stored row has none', () => {
    const [holiday] = dayEntries(['2026-10-05'], [row('2026-10-05', { day_type: 'HOLIDAY', notation: null, check_in: null, check_out: null })], []);
    expect(holiday).toMatchObject({ day_type: 'HOLIDAY', notation: 'H' });
  });
});

describe('totalOf', () => {
  it.each([
    [[0.88, 0.12], 1],
    [[0.1, 0.2], 0.3],
    [[0.5, null, 1, 0.33], 1.83],
    [[], 0],
  ])('adds %j to %d exactly', (values, total) => {
    expect(totalOf(values.map((value) => ({ value })))).toBe(total);
  });
});

describe('day requests (spec 001 §3 Daily timesheet entry requests)', () => {
  const req = (date: string, over: Partial<RequestRow> = {}): RequestRow => ({
    date, request_id: 1, request_type: 'LEAVE_REQUEST', reason_type: 'ANN_LEAVE_CORP', reason: 'Nghỉ phép năm',
    status: 3, hours: 4, shift: 'MORNING', minutes: null, start_time: null, end_time: null, fund_uses: null, notation: null, half_notation: null, ...over,
  });

  it('puts each request on its date, stored day or not, with names, status text and hours', () => {
    const entries = dayEntries(
      ['2026-10-01', '2026-10-02', '2026-10-05'],
      [row('2026-10-01')],
      [],
      [req('2026-10-01'), req('2026-10-01', { request_id: 2, request_type: 'EXPLANATION_REQUEST', reason: 'Đi muộn do tắc đường', status: 1, hours: 1.23456 }), req('2026-10-05', { status: 4 })],
    );
    expect(entries[0]!.requests).toEqual([
      { request_type: 'LEAVE_REQUEST', request_type_name_en: 'Leave Request', reason_type_name_vi: 'Nghỉ phép năm', request_status: 'APPROVED', quantity_in_hours: 4 },
      { request_type: 'EXPLANATION_REQUEST', request_type_name_en: 'Explanation Request', reason_type_name_vi: 'Đi muộn do tắc đường', request_status: 'PENDING', quantity_in_hours: 1.2346 },
    ]);
    expect(entries[1]!.requests).toEqual([]);
    expect(entries[2]!.requests).toEqual([{ request_type: 'LEAVE_REQUEST', request_type_name_en: 'Leave Request', reason_type_name_vi: 'Nghỉ phép năm', request_status: 'REJECTED', quantity_in_hours: 4 }]);
  });
});

describe('a day not computed yet names its approved leave (issue 26 §2, RULES.md §4)', () => {
  const leave = (date: string, shift: string, notation: string, half: string, over: Partial<RequestRow> = {}): RequestRow => ({
    date, request_id: 1, request_type: 'LEAVE_REQUEST', reason_type: 'X', reason: 'Leave', status: 3, hours: 4, shift, minutes: null,
    start_time: null, end_time: null, fund_uses: null, notation, half_notation: half, ...over,
  });

  it('gives a future working day the leave notation and no value; a stored day keeps its own', () => {
    const [future, stored, weekend] = dayEntries(
      ['2026-10-22', '2026-10-23', '2026-10-24'],
      [row('2026-10-23', { notation: null })],
      [],
      [leave('2026-10-22', 'FULL_DAY', 'P', 'P/2'), leave('2026-10-23', 'FULL_DAY', 'P', 'P/2'), leave('2026-10-24', 'FULL_DAY', 'P', 'P/2')],
    );
    expect(future).toMatchObject({ day_type: 'WORKING', value: null, notation: 'P' });
    expect(stored!.notation).toBeNull();
    expect(weekend).toMatchObject({ day_type: 'WEEKEND', notation: null });
  });

  it('follows the engine: half days, two leaves joined, hourly leave and other requests name nothing', () => {
    const on = (...requests: RequestRow[]) => dayEntry('2026-10-22', undefined, undefined, requests).notation;
    expect(on(leave('2026-10-22', 'MORNING', 'P', 'P/2'))).toBe('P/2');
    expect(on(leave('2026-10-22', 'MORNING', 'P', 'P/2'), leave('2026-10-22', 'AFTERNOON', 'P', 'P/2'))).toBe('P');
    expect(on(leave('2026-10-22', 'MORNING', 'P', 'P/2'), leave('2026-10-22', 'AFTERNOON', 'KL', 'KL'))).toBe('P/2+KL');
    expect(on(leave('2026-10-22', '', 'P', 'P/2', { shift: null, minutes: 120 }))).toBeNull();
    expect(on(leave('2026-10-22', '', 'P', 'P/2', { shift: null, start_time: '08:30', end_time: '10:30' }))).toBeNull();
    // Pending, rejected and non-leave requests come without a notation (the repository sets it on approved leave only).
    expect(on({ ...leave('2026-10-22', 'FULL_DAY', 'P', 'P/2'), status: 1, notation: null, half_notation: null })).toBeNull();
  });
});

describe('staffSummary', () => {
  const facts: SummaryFacts = { violationDays: 3, approvedLateEarly: 1, unapprovedLateEarly: 1, totalAnnualLeave: 96, remainAnnualLeave: 40.5, explanationUses: 2, explanationNumber: 3 };
  const entries = (rows: DayRow[]): DayEntry[] => dayEntries(rows.map((r) => r.date), rows, []);

  it('splits working days, holidays and forgotten punches, and passes the facts through', () => {
    const summary = staffSummary(
      entries([
        row('2026-10-01'),
        row('2026-10-02', { value: 0.5, abnormal_reason: '2', late_minutes: 60 }),
        row('2026-10-05', { day_type: 'HOLIDAY', notation: 'H' }),
        row('2026-10-06', { value: 1, computed_value: 0, overridden: true, abnormal_reason: '4' }),
        row('2026-10-07', { value: 0.5, abnormal_reason: '5' }),
        row('2026-10-08', { value: 0, abnormal_reason: '6' }),
        row('2026-10-10', { day_type: 'WEEKEND', value: null }),
      ]),
      facts,
    );
    expect(summary).toEqual({
      total_working_days: 3,
      total_paid_leave_days: 0,
      total_public_holidays: 1,
      total_unpaid_leave_days: 0,
      total_onsite_days: 0,
      total_paid_days: 4,
      countDaysNotEnoughWorkingTime: 3,
      total_annual_leave: 96,
      remaining_paid_leave_days_of_year: 40.5,
      approved_late_coming_and_early_leaving: 1,
      unapproved_late_coming_and_early_leaving: 1,
      days_forget_taking_attendance_counted_as_working_day: 1,
      days_forget_taking_attendance_counted_as_half_working_day: 1,
      total_absent_time: 0,
      explanation_used: 2,
      explanation_number: 3,
      night_working_hours: 0,
      total_days_off_social_insurance_covers: 0,
      birthday_leave: 0,
      total_offset_leave_days: 0,
      annual_leave_days_used_in_period: 0,
    });
  });

  it('passes the days of approved requests through to the request-based fields', () => {
    const summary = staffSummary(entries([row('2026-10-01')]), {
      ...facts,
      requests: { paidLeave: 2.5, unpaidLeave: 1, socialInsurance: 3, birthday: 1, offset: 0.25, annual: 1.25, onsite: 4 },
    });
    expect(summary).toMatchObject({
      total_paid_leave_days: 2.5,
      total_unpaid_leave_days: 1,
      total_days_off_social_insurance_covers: 3,
      birthday_leave: 1,
      total_offset_leave_days: 0.25,
      annual_leave_days_used_in_period: 1.25,
      total_onsite_days: 4,
    });
  });

  it('Labour Code Art. 98.2: night working hours are the night minutes in hours, to the hundredth', () => {
    expect(staffSummary(entries([row('2026-10-01')]), { ...facts, nightMinutes: 7 * 420 + 25 }).night_working_hours).toBe(49.42);
  });

  it('sums absent minutes and fractional values of hour-based days', () => {
    const summary = staffSummary(
      entries([row('2026-10-01', { value: 0.88, absent_minutes: 58, abnormal_reason: 'FLEXIBLE_ABSENT' }), row('2026-10-02', { value: 0.93, absent_minutes: 34 })]),
      facts,
    );
    expect(summary).toMatchObject({ total_working_days: 1.81, total_paid_days: 1.81, total_absent_time: 92, days_forget_taking_attendance_counted_as_working_day: 0 });
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['*', true],
    ['gzip;q=0', false],
    ['deflate, br', false],
    ['identity', false],
    [undefined, false],
  ])('%s → %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });
});
