import type { StaffCard, StaffSummary } from '@tms/contracts/timesheet-grid';
import { formatCount, formatDays, formatHours, formatLeave } from '../../../lib/numbers.ts';
import { EMPTY_CELL, isHourBased } from './my-timesheet-format.ts';

export type SummaryRow = { key: string; label: string; value: string; href?: string };
export type SummarySectionKey = 'working-time' | 'description' | 'annual-leave' | 'violation';
export type SummarySection = { key: SummarySectionKey; title: string; rows: SummaryRow[] };

/** Section titles (spec 001 §2.2: section 2 "Description in working time" or "Annual Leave", section 3 "Violation of working time"). */
export const SECTION_TITLES: Record<SummarySectionKey, string> = {
  'working-time': '1. Working time summary',
  description: '2. Description in working time',
  'annual-leave': '2. Annual Leave',
  violation: '3. Violation of working time',
};

type NumberField = { [K in keyof StaffSummary]: StaffSummary[K] extends number ? K : never }[keyof StaffSummary];

/** Day totals and day counts as the grid writes them (19.26, 18, 0.5). */
function days(summary: StaffSummary, key: NumberField, label: string): SummaryRow {
  return { key, label, value: formatDays(summary[key], EMPTY_CELL) };
}

/** Leave numbers to 3 decimals (spec 001 §9). */
function leave(summary: StaffSummary, key: NumberField, label: string): SummaryRow {
  return { key, label, value: formatLeave(summary[key], EMPTY_CELL) };
}

/** Annual leave balances are hours from the leave ledger, shown with 2 decimals (spec 000 §9; docs/leave-balances.md). */
function hours(summary: StaffSummary, key: NumberField, label: string): SummaryRow {
  return { key, label, value: formatHours(summary[key], EMPTY_CELL) };
}

/**
 * Request-based fields of spec 001 §3 that the server computes from approved request days but the contract's
 * staffSummarySchema may not list yet: a row shows only when the answer carries the field.
 */
export type RequestSummaryFields = Partial<{
  total_days_off_social_insurance_covers: number;
  birthday_leave: number;
  total_offset_leave_days: number;
  annual_leave_days_used_in_period: number;
}>;
type OptionalField = keyof RequestSummaryFields;

function optionalRows(s: StaffSummary, fields: readonly (readonly [OptionalField, string])[], format: (v: number) => string): SummaryRow[] {
  const extra = s as StaffSummary & RequestSummaryFields;
  return fields.flatMap(([key, label]) => (typeof extra[key] === 'number' ? [{ key, label, value: format(extra[key]) }] : []));
}

/** Spec 001 §2.2: hour-based staff see "Description in working time" as section 2, everyone else "Annual Leave". */
export function secondSectionKey(ruleType: string | null | undefined): 'description' | 'annual-leave' {
  return isHourBased(ruleType) ? 'description' : 'annual-leave';
}

function workingTimeRows(s: StaffSummary): SummaryRow[] {
  return [
    days(s, 'total_working_days', 'Total working days'),
    days(s, 'total_paid_leave_days', 'Total paid leave days'),
    days(s, 'total_public_holidays', 'Total public holidays'),
    days(s, 'total_onsite_days', 'Total onsite days'),
    days(s, 'total_unpaid_leave_days', 'Total unpaid leave days'),
    ...optionalRows(s, [['total_days_off_social_insurance_covers', 'Total days off covered by social insurance']], (v) => formatDays(v, EMPTY_CELL)),
    days(s, 'total_paid_days', 'Total paid days'),
  ];
}

/** What the hour-based employee's working time is: the schedule in force on the period's last day. */
function descriptionRows(staff: StaffCard): SummaryRow[] {
  const hours = staff.work_start_time && staff.work_end_time ? `${staff.work_start_time} - ${staff.work_end_time}` : EMPTY_CELL;
  const rows: SummaryRow[] = [
    { key: 'work_schedule_name', label: 'Work schedule', value: staff.work_schedule_name || staff.work_schedule_code || EMPTY_CELL },
    { key: 'working_hours', label: 'Working hours', value: hours },
  ];
  if (staff.url_policy) rows.push({ key: 'url_policy', label: 'Policy', value: 'View policy', href: staff.url_policy });
  return rows;
}

function annualLeaveRows(s: StaffSummary): SummaryRow[] {
  return [
    hours(s, 'total_annual_leave', 'Total annual leave (hours)'),
    leave(s, 'total_paid_leave_days', 'Paid leave days in period'),
    ...optionalRows(
      s,
      [
        ['annual_leave_days_used_in_period', 'Annual leave days used in period'],
        ['birthday_leave', 'Birthday leave days'],
        ['total_offset_leave_days', 'Offset leave days'],
      ],
      (v) => formatLeave(v, EMPTY_CELL),
    ),
    hours(s, 'remaining_paid_leave_days_of_year', 'Remaining paid leave of year (hours)'),
  ];
}

function violationRows(s: StaffSummary, hourBased: boolean): SummaryRow[] {
  const rows = [
    days(s, 'countDaysNotEnoughWorkingTime', 'Days not enough working time'),
    days(s, 'approved_late_coming_and_early_leaving', 'Approved late coming and early leaving'),
    days(s, 'unapproved_late_coming_and_early_leaving', 'Unapproved late coming and early leaving'),
    days(s, 'days_forget_taking_attendance_counted_as_working_day', 'Days forgot to take attendance (counted as working day)'),
    days(s, 'days_forget_taking_attendance_counted_as_half_working_day', 'Days forgot to take attendance (counted as half working day)'),
  ];
  if (hourBased) {
    rows.push(
      { key: 'total_absent_time', label: 'Total absent time (Min)', value: formatCount(s.total_absent_time, EMPTY_CELL) },
      { key: 'explanation', label: 'Explanations used', value: `${s.explanation_used}/${s.explanation_number}` },
    );
  }
  return rows;
}

/** The summary list of My Timesheet (spec 001 §2.2, §3 Staff summary fields), in its three sections. */
export function summarySections(staff: StaffCard, summary: StaffSummary): SummarySection[] {
  const hourBased = isHourBased(staff.rule_type);
  const second = secondSectionKey(staff.rule_type);
  return [
    { key: 'working-time', title: SECTION_TITLES['working-time'], rows: workingTimeRows(summary) },
    { key: second, title: SECTION_TITLES[second], rows: second === 'description' ? descriptionRows(staff) : annualLeaveRows(summary) },
    { key: 'violation', title: SECTION_TITLES.violation, rows: violationRows(summary, hourBased) },
  ];
}
