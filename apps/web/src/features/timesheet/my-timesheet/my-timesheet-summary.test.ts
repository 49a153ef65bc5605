import { describe, expect, it } from 'vitest';
import { secondSectionKey, summarySections } from './my-timesheet-summary.ts';
import { staff, summary } from './test-fixtures.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { timesheetTexts } from '../i18n/index.ts';

const valuesOf = (rows: { key: string; value: string }[]) => Object.fromEntries(rows.map((r) => [r.key, r.value]));

describe('section choice', () => {
  it('gives hour-based staff "Description in working time" and everyone else "Annual Leave"', () => {
    expect(secondSectionKey('HOUR')).toBe('description');
    expect(secondSectionKey('DAY')).toBe('annual-leave');
    expect(secondSectionKey(null)).toBe('annual-leave');
  });
});

describe('day-based summary', () => {
  const sections = summarySections(staff({ rule_type: 'DAY' }), summary());

  it('has the three sections in order', () => {
    expect(sections.map((s) => s.title)).toEqual(['1. Working time summary', '2. Annual Leave', '3. Violation of working time']);
  });

  it('totals working time in days as the grid writes them (at most 2 decimals, issue 7 §8)', () => {
    expect(valuesOf(sections[0]!.rows)).toEqual({
      total_working_days: '18.5',
      total_paid_leave_days: '1',
      total_public_holidays: '0',
      total_onsite_days: '0',
      total_unpaid_leave_days: '0',
      total_days_off_social_insurance_covers: '0',
      total_paid_days: '19.5',
      night_working_hours: '7.50',
    });
  });

  it('shows the annual leave balances in hours with 2 decimals and the paid leave days with 3 (spec 000 §9, 001 §9)', () => {
    expect(sections[1]!.rows.map((r) => [r.label, r.value])).toEqual([
      ['Total annual leave (hours)', '12.00'],
      ['Paid leave days in period', '1.000'],
      ['Annual leave days used in period', '1.000'],
      ['Birthday leave days', '0.000'],
      ['Offset leave days', '0.000'],
      ['Remaining paid leave of year (hours)', '10.13'],
    ]);
  });

  it('shows violations without the hour-based rows', () => {
    expect(valuesOf(sections[2]!.rows)).toEqual({
      countDaysNotEnoughWorkingTime: '2',
      approved_late_coming_and_early_leaving: '0',
      unapproved_late_coming_and_early_leaving: '3',
      days_forget_taking_attendance_counted_as_working_day: '1',
      days_forget_taking_attendance_counted_as_half_working_day: '0',
    });
  });
});

describe('request-based fields (spec 001 §3, from approved request days)', () => {
  it('shows social insurance, annual, birthday and offset leave days when the server sends them', () => {
    const withRequests = { ...summary(), total_days_off_social_insurance_covers: 2, annual_leave_days_used_in_period: 1.5, birthday_leave: 1, total_offset_leave_days: 0.25 };
    const sections = summarySections(staff({ rule_type: 'DAY' }), withRequests);
    expect(valuesOf(sections[0]!.rows)).toMatchObject({ total_days_off_social_insurance_covers: '2' });
    expect(sections[1]!.rows.map((r) => [r.label, r.value])).toEqual([
      ['Total annual leave (hours)', '12.00'],
      ['Paid leave days in period', '1.000'],
      ['Annual leave days used in period', '1.500'],
      ['Birthday leave days', '1.000'],
      ['Offset leave days', '0.250'],
      ['Remaining paid leave of year (hours)', '10.13'],
    ]);
  });
});

describe('hour-based summary', () => {
  const sections = summarySections(staff({ rule_type: 'HOUR', work_schedule_name: 'Flexible 8h', work_start_time: '07:00', work_end_time: '19:00', url_policy: 'https://hr.example/policy' }), summary());

  it('has "Description in working time" as section 2', () => {
    expect(sections.map((s) => s.key)).toEqual(['working-time', 'description', 'violation']);
    expect(sections[1]!.title).toBe('2. Description in working time');
  });

  it('describes the schedule and links the policy', () => {
    expect(sections[1]!.rows).toEqual([
      { key: 'work_schedule_name', label: 'Work schedule', value: 'Flexible 8h' },
      { key: 'working_hours', label: 'Working hours', value: '07:00 - 19:00' },
      { key: 'url_policy', label: 'Policy', value: 'View policy', href: 'https://hr.example/policy' },
    ]);
  });

  it('adds absent time and the explanation fund to the violations', () => {
    const rows = valuesOf(sections[2]!.rows);
    expect(rows.total_absent_time).toBe('95');
    expect(rows.explanation).toBe('1/3');
  });

  it('falls back to the schedule code and dashes without a schedule', () => {
    const rows = summarySections(staff({ rule_type: 'HOUR', work_schedule_name: null, work_start_time: null }), summary())[1]!.rows;
    expect(valuesOf(rows)).toEqual({ work_schedule_name: 'HCM', working_hours: '-' });
  });
});

describe('what the figures count (issue 26 §2)', () => {
  const sections = summarySections(staff({ rule_type: 'DAY' }), summary());

  it('puts the figures that add up first: working days + public holidays = total paid days, then the requests', () => {
    expect(sections[0]!.rows.map((r) => r.key)).toEqual([
      'total_working_days',
      'total_public_holidays',
      'total_paid_days',
      'total_paid_leave_days',
      'total_onsite_days',
      'total_unpaid_leave_days',
      'total_days_off_social_insurance_covers',
      'night_working_hours',
    ]);
  });

  it('gives every working-time and annual-leave figure a hint; the requests say days still to come are included', () => {
    for (const row of [...sections[0]!.rows, ...sections[1]!.rows]) expect(row.hint, row.key).toBeTruthy();
    const hint = (key: string) => sections[0]!.rows.find((r) => r.key === key)!.hint!;
    expect(hint('total_paid_days')).toBe('Total working days + total public holidays: the Total of the timesheet.');
    expect(hint('total_paid_leave_days')).toContain('days still to come included');
    expect(hint('night_working_hours')).toContain('22:00 and 06:00');
    // The two rows on total_paid_leave_days each say what they are.
    expect(sections[1]!.rows.find((r) => r.key === 'total_paid_leave_days')!.hint).toContain('The same days as total paid leave days');
  });

  it('says it in Vietnamese', async () => {
    await setLanguage('vi');
    try {
      const vi = summarySections(staff({ rule_type: 'DAY' }), summary(), timesheetTexts.t);
      expect(vi[0]!.rows.find((r) => r.key === 'total_paid_days')!.hint).toBe('Tổng số ngày làm việc + tổng số ngày lễ, Tết: cột Tổng của bảng công.');
    } finally {
      await setLanguage('en');
    }
  });
});
