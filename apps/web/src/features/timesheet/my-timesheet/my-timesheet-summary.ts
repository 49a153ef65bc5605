import type { StaffCard, StaffSummary } from '@tms/contracts/timesheet-grid';
import { formatCount, formatDays, formatHours, formatLeave } from '../../../lib/numbers.ts';
import type { en } from '../i18n/en.ts';
import { isTimesheetKey, timesheetTexts, type TimesheetT } from '../i18n/index.ts';
import { EMPTY_CELL, isHourBased } from './my-timesheet-format.ts';

/** A figure of the summary; `hint` says what it counts (issue 26 §2), shown on an info icon beside the label. */
export type SummaryRow = { key: string; label: string; value: string; href?: string; hint?: string };
export type SummarySectionKey = 'working-time' | 'description' | 'annual-leave' | 'violation';
export type SummarySection = { key: SummarySectionKey; title: string; rows: SummaryRow[] };

/**
 * A section's title (spec 001 §2.2: section 2 "Description in working time" or "Annual Leave", section 3 "Violation
 * of working time"), in the reader's language.
 */
export function sectionTitle(key: SummarySectionKey, t: TimesheetT = timesheetTexts.t): string {
  return t(`my.sections.${key}`);
}

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

/** The optional fields with their labels; each shows only when the answer carries it. */
function optionalRows(s: StaffSummary, fields: readonly (readonly [OptionalField, string])[], format: (v: number) => string): SummaryRow[] {
  const extra = s as StaffSummary & RequestSummaryFields;
  return fields.flatMap(([key, label]) => (typeof extra[key] === 'number' ? [{ key, label, value: format(extra[key]) }] : []));
}

/** Spec 001 §2.2: hour-based staff see "Description in working time" as section 2, everyone else "Annual Leave". */
export function secondSectionKey(ruleType: string | null | undefined): 'description' | 'annual-leave' {
  return isHourBased(ruleType) ? 'description' : 'annual-leave';
}

type HintKey = keyof typeof en.my.summaryHints;

/** The row with what it counts, by the hint's key (the field's name, or the label's where two rows share a field). */
function hinted(row: SummaryRow, t: TimesheetT, hintKey: HintKey = row.key as HintKey): SummaryRow {
  const key = `my.summaryHints.${hintKey}` as const;
  return isTimesheetKey(key) ? { ...row, hint: t(key) } : row;
}

/**
 * Issue 26 §2: the first three figures add up — total working days + public holidays = total paid days (the grid's
 * Total, days that have ended) —, then the approved requests of the period, days still to come included, each hint
 * saying which of them the total already holds.
 */
function workingTimeRows(s: StaffSummary, t: TimesheetT): SummaryRow[] {
  return [
    days(s, 'total_working_days', t('my.summary.total_working_days')),
    days(s, 'total_public_holidays', t('my.summary.total_public_holidays')),
    days(s, 'total_paid_days', t('my.summary.total_paid_days')),
    days(s, 'total_paid_leave_days', t('my.summary.total_paid_leave_days')),
    days(s, 'total_onsite_days', t('my.summary.total_onsite_days')),
    days(s, 'total_unpaid_leave_days', t('my.summary.total_unpaid_leave_days')),
    ...optionalRows(s, [['total_days_off_social_insurance_covers', t('my.summary.total_days_off_social_insurance_covers')]], (v) => formatDays(v, EMPTY_CELL)),
    // Labour Code 2019 Art. 98.2: regular night work, hours with 2 decimals (docs/timesheet-engine.md "Night minutes").
    hours(s, 'night_working_hours', t('my.summary.night_working_hours')),
  ].map((row) => hinted(row, t));
}

/** What the hour-based employee's working time is: the schedule in force on the period's last day. */
function descriptionRows(staff: StaffCard, t: TimesheetT): SummaryRow[] {
  const hours = staff.work_start_time && staff.work_end_time ? `${staff.work_start_time} - ${staff.work_end_time}` : EMPTY_CELL;
  const rows: SummaryRow[] = [
    { key: 'work_schedule_name', label: t('my.summary.work_schedule_name'), value: staff.work_schedule_name || staff.work_schedule_code || EMPTY_CELL },
    { key: 'working_hours', label: t('my.summary.working_hours'), value: hours },
  ];
  if (staff.url_policy) rows.push({ key: 'url_policy', label: t('my.summary.url_policy'), value: t('my.summary.viewPolicy'), href: staff.url_policy });
  return rows;
}

function annualLeaveRows(s: StaffSummary, t: TimesheetT): SummaryRow[] {
  return [
    hinted(hours(s, 'total_annual_leave', t('my.summary.total_annual_leave')), t),
    hinted(leave(s, 'total_paid_leave_days', t('my.summary.paid_leave_days_in_period')), t, 'paid_leave_days_in_period'),
    ...optionalRows(
      s,
      [
        ['annual_leave_days_used_in_period', t('my.summary.annual_leave_days_used_in_period')],
        ['birthday_leave', t('my.summary.birthday_leave')],
        ['total_offset_leave_days', t('my.summary.total_offset_leave_days')],
      ],
      (v) => formatLeave(v, EMPTY_CELL),
    ).map((row) => hinted(row, t)),
    hinted(hours(s, 'remaining_paid_leave_days_of_year', t('my.summary.remaining_paid_leave_days_of_year')), t),
  ];
}

function violationRows(s: StaffSummary, hourBased: boolean, t: TimesheetT): SummaryRow[] {
  const rows = [
    days(s, 'countDaysNotEnoughWorkingTime', t('my.summary.countDaysNotEnoughWorkingTime')),
    days(s, 'approved_late_coming_and_early_leaving', t('my.summary.approved_late_coming_and_early_leaving')),
    days(s, 'unapproved_late_coming_and_early_leaving', t('my.summary.unapproved_late_coming_and_early_leaving')),
    days(s, 'days_forget_taking_attendance_counted_as_working_day', t('my.summary.days_forget_taking_attendance_counted_as_working_day')),
    days(s, 'days_forget_taking_attendance_counted_as_half_working_day', t('my.summary.days_forget_taking_attendance_counted_as_half_working_day')),
  ];
  if (hourBased) {
    rows.push(
      { key: 'total_absent_time', label: t('my.summary.total_absent_time'), value: formatCount(s.total_absent_time, EMPTY_CELL) },
      { key: 'explanation', label: t('my.summary.explanation'), value: `${formatCount(s.explanation_used)}/${formatCount(s.explanation_number)}` },
    );
  }
  return rows;
}

/** The summary list of My Timesheet (spec 001 §2.2, §3 Staff summary fields), in its three sections. */
export function summarySections(staff: StaffCard, summary: StaffSummary, t: TimesheetT = timesheetTexts.t): SummarySection[] {
  const hourBased = isHourBased(staff.rule_type);
  const second = secondSectionKey(staff.rule_type);
  return [
    { key: 'working-time', title: sectionTitle('working-time', t), rows: workingTimeRows(summary, t) },
    { key: second, title: sectionTitle(second, t), rows: second === 'description' ? descriptionRows(staff, t) : annualLeaveRows(summary, t) },
    { key: 'violation', title: sectionTitle('violation', t), rows: violationRows(summary, hourBased, t) },
  ];
}
