import type { MyDay, StaffCard, StaffSummary } from '@tms/contracts/timesheet-grid';
import { dayEntry } from '../test-day-entry.ts';

/** A working day with no punch issues; tests override what they check. */
export function day(overrides: Partial<MyDay> = {}): MyDay {
  return {
    ...dayEntry({ date_of_issue: '2026-11-02', check_in_time: '08:25', check_out_time: '17:35' }),
    shift: '08:30–17:30',
    work_schedule_name: 'HCM',
    ...overrides,
  };
}

export function staff(overrides: Partial<StaffCard> = {}): StaffCard {
  return {
    id: 7,
    name: 'Nguyen Van An',
    user_name: 'annv',
    employmentID: '7',
    sf4c_id: 'SF0007',
    role: 'STAFF',
    department: 'Software 1',
    rule_type: 'DAY',
    work_schedule_code: 'HCM',
    work_schedule_name: 'HCM office',
    work_start_time: '08:30',
    work_end_time: '17:30',
    url_policy: null,
    ...overrides,
  };
}

export function summary(overrides: Partial<StaffSummary> = {}): StaffSummary {
  return {
    total_working_days: 18.5,
    total_paid_leave_days: 1,
    total_public_holidays: 0,
    total_unpaid_leave_days: 0,
    total_onsite_days: 0,
    birthday_leave: 0,
    total_offset_leave_days: 0,
    total_days_off_social_insurance_covers: 0,
    annual_leave_days_used_in_period: 1,
    total_paid_days: 19.5,
    countDaysNotEnoughWorkingTime: 2,
    total_annual_leave: 12,
    remaining_paid_leave_days_of_year: 10.125,
    approved_late_coming_and_early_leaving: 0,
    unapproved_late_coming_and_early_leaving: 3,
    days_forget_taking_attendance_counted_as_working_day: 1,
    days_forget_taking_attendance_counted_as_half_working_day: 0,
    total_absent_time: 95,
    explanation_used: 1,
    explanation_number: 3,
    night_working_hours: 7.5,
    ...overrides,
  };
}
